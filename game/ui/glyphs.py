"""Keys and pad buttons drawn as small badges: a key cap with its name (arrows as arrows), A B X Y as
coloured round buttons with their letter, the shoulders as pills with LB/RB, Start and Back as small
pills with the menu and view icons most pads print on them, the D-pad as a cross with the pressed
arm lit. Buttons and hint lines draw their ``Hint`` with these."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.ui import theme
from game.ui.bindings import DPAD, Hint
from game.ui.canvas import Canvas

FACE_COLORS = {"A": (70, 160, 60), "B": (206, 64, 56), "X": (52, 110, 210), "Y": (224, 178, 30)}
ARROWS = {"Right": 0.0, "Down": math.pi / 2, "Left": math.pi, "Up": -math.pi / 2}
PILL = (84, 78, 104)  # Start, Back and the sticks
SHOULDER = (206, 204, 218)
KEY_CAP, KEY_CAP_ACCENT = (0, 0, 0), (120, 60, 20)
SIZE = theme.FONT_SMALL


def height(canvas: Canvas, room: float | None = None, size: float = SIZE) -> float:
    """A badge's height for its text size at the text size in use (at most `room`)."""
    tall = canvas.text_height(size) + 2
    return min(tall, room) if room is not None else tall


def width(canvas: Canvas, hint: Hint, tall: float, size: float = SIZE) -> float:
    if hint.kind == "key":
        return tall * 0.8 if hint.name in ARROWS else canvas.text_width(hint.name, size) + 10
    if hint.name in FACE_COLORS:
        return tall * 0.9
    if hint.name in DPAD:
        return tall
    if hint.name in ("Start", "Back"):
        return tall * 1.5
    return canvas.text_width(hint.name, size, bold=True) + 14


def fit(canvas: Canvas, hint: Hint, room_w: float, room_h: float) -> tuple[float, float]:
    """(text size, height) of the largest badge for `hint` within a room: from the player's text size
    down to the normal size at most (like ``Canvas.fitted``)."""
    size, normal = SIZE, SIZE / canvas.text_scale
    while True:
        tall = height(canvas, room_h, size)
        if width(canvas, hint, tall, size) <= room_w or size <= normal + 0.01:
            return size, tall
        size = max(normal, size - SIZE * 0.05)


def draw(canvas: Canvas, hint: Hint, x: float, cy: float, tall: float, dim: bool = False,
         accent: bool = False, size: float = SIZE) -> float:
    """Draw `hint` from its left edge `x`, centred on `cy`; returns its width."""
    w = width(canvas, hint, tall, size)
    badge = Badge(hint.name, (x, cy - tall / 2, w, tall), size, dim, accent)
    _PAINTERS[_shape(hint)](canvas, badge)
    return w


@dataclass(frozen=True)
class Badge:
    """One badge to paint: its name, where (x, y, w, h), its text size, greyed out, on the main button."""

    name: str
    box: tuple[float, float, float, float]
    size: float
    dim: bool
    accent: bool

    @property
    def centre(self) -> tuple[float, float]:
        x, y, w, h = self.box
        return x + w / 2, y + h / 2

    @property
    def ink(self):
        return theme.TEXT_FAINT if self.dim else theme.TEXT


def _shape(hint: Hint) -> str:
    if hint.kind == "key":
        return "key"
    if hint.name in FACE_COLORS:
        return "face"
    if hint.name in DPAD:
        return "dpad"
    return "shoulder" if hint.name in ("LB", "RB") else "pill"


def _key_cap(canvas: Canvas, b: Badge) -> None:
    canvas.rect(KEY_CAP_ACCENT if b.accent else KEY_CAP, b.box, radius=5)
    if b.name in ARROWS:
        _arrow(canvas, b.ink, b.centre, b.box[3] * 0.3, ARROWS[b.name])
    else:
        _label(canvas, b.name, b.ink, b.box, b.size, bold=False)


def _face_button(canvas: Canvas, b: Badge) -> None:
    canvas.circle(FACE_COLORS[b.name] if not b.dim else theme.PANEL_EDGE, b.centre, b.box[2] / 2)
    _label(canvas, b.name, (20, 14, 24) if b.name == "Y" else theme.TEXT, b.box, b.size)


def _shoulder(canvas: Canvas, b: Badge) -> None:
    canvas.rect(SHOULDER if not b.dim else theme.PANEL_EDGE, b.box, radius=b.box[3] / 2.2)
    _label(canvas, b.name, (30, 24, 40), b.box, b.size)


def _pill(canvas: Canvas, b: Badge) -> None:
    """Start, Back and the stick buttons."""
    x, y, w, tall = b.box
    cx, cy = b.centre
    canvas.rect(PILL, b.box, radius=tall / 2)
    canvas.rect(theme.PANEL_EDGE, b.box, width=1, radius=tall / 2)
    if b.name == "Start":  # three lines: the menu button
        for k in (-1, 0, 1):
            canvas.rect(b.ink, (x + w * 0.3, cy + k * tall * 0.2 - 1, w * 0.4, 2))
    elif b.name == "Back":  # two overlapping windows: the view button
        s = tall * 0.32
        canvas.rect(b.ink, (cx - s * 0.8, cy - s * 0.8, s, s), width=1.5)
        canvas.rect(PILL, (cx - s * 0.2, cy - s * 0.2, s, s))
        canvas.rect(b.ink, (cx - s * 0.2, cy - s * 0.2, s, s), width=1.5)
    else:
        _label(canvas, b.name, b.ink, b.box, b.size)


def _label(canvas: Canvas, text: str, color, rect, size: float, bold: bool = True) -> None:
    x, y, w, h = rect
    canvas.text(text, size, color, (x + w / 2, y + h / 2), anchor="center", bold=bold, width=w, height=h)


def _arrow(canvas: Canvas, color, center, r: float, angle: float) -> None:
    cx, cy = center
    tip = (cx + math.cos(angle) * r, cy + math.sin(angle) * r)
    back = [(cx + math.cos(angle + a) * r, cy + math.sin(angle + a) * r) for a in (2.3, -2.3)]
    canvas.polygon(color, [tip, *back])


def _dpad(canvas: Canvas, b: Badge) -> None:
    pressed, tall, dim = b.name, b.box[3], b.dim
    cx, cy = b.centre
    arm = tall * 0.36
    half = tall / 2
    body = theme.PANEL_EDGE if dim else (24, 20, 32)
    for rect in ((cx - half, cy - arm / 2, tall, arm), (cx - arm / 2, cy - half, arm, tall)):
        canvas.rect((120, 110, 140), rect, width=3, radius=2)
    for rect in ((cx - half, cy - arm / 2, tall, arm), (cx - arm / 2, cy - half, arm, tall)):
        canvas.rect(body, (rect[0] + 1, rect[1] + 1, rect[2] - 2, rect[3] - 2), radius=2)
    lit = theme.TEXT if not dim else theme.TEXT_FAINT
    length = half - arm / 2  # of the pressed arm, from the middle square outwards
    if pressed in ("Left", "Right"):
        canvas.rect(lit, (cx + arm / 2 if pressed == "Right" else cx - half, cy - arm / 2, length, arm), radius=2)
    else:
        canvas.rect(lit, (cx - arm / 2, cy + arm / 2 if pressed == "Down" else cy - half, arm, length), radius=2)


_PAINTERS = {"key": _key_cap, "face": _face_button, "dpad": _dpad, "shoulder": _shoulder, "pill": _pill}
