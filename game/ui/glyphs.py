"""Keys and pad buttons drawn as small badges: a key cap with its name (arrows as arrows), A B X Y as
coloured round buttons with their letter, shoulders and Start/Back as small pills, the D-pad as a
cross with the pressed arm lit. Buttons and hint lines draw their ``Hint`` with these."""

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


def height(canvas: Canvas, room: float | None = None) -> float:
    """A badge's height for the text size in use (at most `room`)."""
    tall = canvas.text_height(SIZE, bold=True) + 2
    return min(tall, room) if room is not None else tall


def width(canvas: Canvas, hint: Hint, tall: float) -> float:
    if hint.kind == "key":
        return tall * 0.8 if hint.name in ARROWS else canvas.text_width(hint.name, SIZE) + 10
    if hint.name in FACE_COLORS or hint.name in DPAD:
        return tall
    return canvas.text_width(hint.name, SIZE, bold=True) + 14


def draw(canvas: Canvas, hint: Hint, x: float, cy: float, tall: float, dim: bool = False,
         accent: bool = False) -> float:
    """Draw `hint` from its left edge `x`, centred on `cy`; returns its width."""
    w = width(canvas, hint, tall)
    top = cy - tall / 2
    ink = theme.TEXT_FAINT if dim else theme.TEXT
    name = hint.name
    if hint.kind == "key":
        canvas.rect(KEY_CAP_ACCENT if accent else KEY_CAP, (x, top, w, tall), radius=5)
        if name in ARROWS:
            _arrow(canvas, ink, (x + w / 2, cy), tall * 0.3, ARROWS[name])
        else:
            _label(canvas, name, ink, (x, top, w, tall), bold=False)
    elif name in FACE_COLORS:
        color = FACE_COLORS[name] if not dim else theme.PANEL_EDGE
        canvas.circle(color, (x + w / 2, cy), tall / 2)
        _label(canvas, name, (20, 14, 24) if name == "Y" else theme.TEXT, (x, top, w, tall))
    elif name in DPAD:
        _dpad(canvas, name, (x + w / 2, cy), tall, dim)
    elif name in ("LB", "RB"):
        canvas.rect(SHOULDER if not dim else theme.PANEL_EDGE, (x, top, w, tall), radius=tall / 2.2)
        _label(canvas, name, (30, 24, 40), (x, top, w, tall))
    else:  # Start, Back and the stick buttons
        canvas.rect(PILL, (x, top, w, tall), radius=tall / 2)
        canvas.rect(theme.PANEL_EDGE, (x, top, w, tall), width=1, radius=tall / 2)
        _label(canvas, name, ink, (x, top, w, tall))
    return w


def line_width(canvas: Canvas, parts, size: float, tall: float, gap: float = 6) -> float:
    """How wide ``line`` draws `parts`."""
    return sum(width(canvas, p, tall) if isinstance(p, Hint) else canvas.text_width(p, size) for p in parts) \
        + gap * max(0, len(parts) - 1)


def line(canvas: Canvas, parts, size: float, color, x: float, cy: float, tall: float, gap: float = 6) -> float:
    """Words and badges in one row (`parts`: text or Hint), left to right from `x`; returns the right edge."""
    for part in parts:
        if isinstance(part, Hint):
            x += draw(canvas, part, x, cy, tall) + gap
        else:
            x = canvas.text(part, size, color, (x, cy), anchor="midleft").right + gap
    return x - gap


def _label(canvas: Canvas, text: str, color, rect, bold: bool = True) -> None:
    x, y, w, h = rect
    canvas.text(text, SIZE, color, (x + w / 2, y + h / 2), anchor="center", bold=bold, width=w - 4, height=h)


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
        canvas.rect(theme.TEXT_DIM, rect, width=3, radius=2)
    for rect in ((cx - half, cy - arm / 2, tall, arm), (cx - arm / 2, cy - half, arm, tall)):
        canvas.rect(body, (rect[0] + 1, rect[1] + 1, rect[2] - 2, rect[3] - 2), radius=2)
    lit = theme.TEXT if not dim else theme.TEXT_FAINT
    dx, dy = round(math.cos(ARROWS[pressed])), round(math.sin(ARROWS[pressed]))
    ax = cx + dx * (half + arm / 2) / 2 - (half - arm / 2) / 2 * abs(dx) - arm / 2 * abs(dy)
    ay = cy + dy * (half + arm / 2) / 2 - (half - arm / 2) / 2 * abs(dy) - arm / 2 * abs(dx)
    w = (half - arm / 2) * abs(dx) + arm * abs(dy)
    h = (half - arm / 2) * abs(dy) + arm * abs(dx)
    canvas.rect(lit, (ax, ay, w, h), radius=2)
