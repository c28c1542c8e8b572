"""Keys and pad buttons drawn as small badges: a key cap with its name (arrows as arrows), A B X Y as
coloured round buttons with their letter, the shoulders as pills with LB/RB, Start and Back as small
pills with the menu and view icons most pads print on them, the D-pad as a cross with the pressed
arm lit. Buttons and hint lines draw their ``Hint`` with these."""

from __future__ import annotations

import math

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
    tall = canvas.text_height(size, bold=True) + 2
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
    top = cy - tall / 2
    ink = theme.TEXT_FAINT if dim else theme.TEXT
    name = hint.name
    box = (x, top, w, tall)
    if hint.kind == "key":
        canvas.rect(KEY_CAP_ACCENT if accent else KEY_CAP, box, radius=5)
        if name in ARROWS:
            _arrow(canvas, ink, (x + w / 2, cy), tall * 0.3, ARROWS[name])
        else:
            _label(canvas, name, ink, box, size, bold=False)
    elif name in FACE_COLORS:
        canvas.circle(FACE_COLORS[name] if not dim else theme.PANEL_EDGE, (x + w / 2, cy), w / 2)
        _label(canvas, name, (20, 14, 24) if name == "Y" else theme.TEXT, box, size)
    elif name in DPAD:
        _dpad(canvas, name, (x + w / 2, cy), tall, dim)
    elif name in ("LB", "RB"):
        canvas.rect(SHOULDER if not dim else theme.PANEL_EDGE, box, radius=tall / 2.2)
        _label(canvas, name, (30, 24, 40), box, size)
    else:  # Start, Back and the stick buttons
        canvas.rect(PILL, box, radius=tall / 2)
        canvas.rect(theme.PANEL_EDGE, box, width=1, radius=tall / 2)
        if name == "Start":  # three lines: the menu button
            for k in (-1, 0, 1):
                canvas.rect(ink, (x + w * 0.3, cy + k * tall * 0.2 - 1, w * 0.4, 2))
        elif name == "Back":  # two overlapping windows: the view button
            s = tall * 0.32
            canvas.rect(ink, (x + w / 2 - s * 0.8, cy - s * 0.8, s, s), width=1.5)
            canvas.rect(PILL, (x + w / 2 - s * 0.2, cy - s * 0.2, s, s))
            canvas.rect(ink, (x + w / 2 - s * 0.2, cy - s * 0.2, s, s), width=1.5)
        else:
            _label(canvas, name, ink, box, size)
    return w


def _label(canvas: Canvas, text: str, color, rect, size: float, bold: bool = True) -> None:
    x, y, w, h = rect
    canvas.text(text, size, color, (x + w / 2, y + h / 2), anchor="center", bold=bold, width=w, height=h)


def _arrow(canvas: Canvas, color, center, r: float, angle: float) -> None:
    cx, cy = center
    tip = (cx + math.cos(angle) * r, cy + math.sin(angle) * r)
    back = [(cx + math.cos(angle + a) * r, cy + math.sin(angle + a) * r) for a in (2.3, -2.3)]
    canvas.polygon(color, [tip, *back])


def _dpad(canvas: Canvas, pressed: str, center, tall: float, dim: bool) -> None:
    cx, cy = center
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
