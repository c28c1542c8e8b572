"""Named regions of the screen, so scenes place things by name instead of repeating numbers.

Everything is laid out in logical units on a 1280 x 720 screen; the canvas scales that to any window
(letterboxed), and grows text by the player's text size, so a region named here works at every window
size and fullscreen. Heights that hold text are asked of the canvas (``line_height``), never written.

Menu screens sit in the full-screen ``PANEL`` (or a ``SHEET`` that ends above the bottom row of buttons),
with their heading on ``HEADING_Y`` and their content between ``LEFT`` and ``RIGHT``; ``button_row`` lays out
a row of buttons. Table screens have a column on each side (``SCORES``, ``SIDE``) and the play in the
``MIDDLE`` between them.
"""

from __future__ import annotations

from game.ui import theme

Rect = tuple[float, float, float, float]

W, H = theme.LOGICAL_SIZE
SCREEN: Rect = (0, 0, W, H)
CENTRE_X, CENTRE_Y = W / 2, H / 2
MARGIN = 10  # between the screen's edge and what sits against it

# ----- menu screens ---------------------------------------------------------------------------------------
PANEL: Rect = (30, 24, W - 60, H - 48)  # the full-screen panel (settings, controls, setup, phones)
PAD = 30  # between a panel's edge and its content
LEFT, RIGHT = PANEL[0] + PAD, PANEL[0] + PANEL[2] - PAD  # the content's edges
WIDTH = RIGHT - LEFT
HEADING_Y = 62  # the middle of a screen's heading line

BUTTON_H = 56  # a button in a screen's bottom row (its label at 150% fits)
BUTTON_GAP = 20  # between the buttons of a row
ROW_Y = 640  # the bottom row of buttons, under a sheet or on the backdrop
PANEL_ROW_Y = PANEL[1] + PANEL[3] - 16 - BUTTON_H  # the bottom row of buttons inside the full-screen panel
SHEET: Rect = (PANEL[0], PANEL[1], PANEL[2], ROW_Y - 16 - PANEL[1])  # a panel that ends above the bottom row
LIST: Rect = (LEFT, PANEL[1], WIDTH, ROW_Y - 10 - PANEL[1])  # a shaded list over the backdrop (statistics)
LIST_PAD = 40  # between a list's edge and its lines

# ----- table screens --------------------------------------------------------------------------------------
EDGE = 16  # between the screen's edge and a table's columns, and between the columns
COLUMN_W = 264  # a table's side column
SCORES: Rect = (EDGE, EDGE, COLUMN_W, H - 2 * EDGE)  # the scoreboard, on the left
SIDE: Rect = (W - EDGE - COLUMN_W, EDGE, COLUMN_W, H - 2 * EDGE)  # the turn, the buttons and the coach, on the right
MIDDLE_X = EDGE + COLUMN_W + EDGE  # the play, between the columns
MIDDLE_W = SIDE[0] - EDGE - MIDDLE_X


def heading_line(canvas) -> Rect:
    """Where a screen's heading is: as tall as a line of heading text at the player's text size."""
    h = canvas.line_height(theme.FONT_HEADING)
    return LEFT, HEADING_Y - h / 2, WIDTH, h


def centre_x(width: float) -> float:
    """The left edge of something `width` wide, centred on the screen."""
    return (W - width) / 2


def centred(width: float, height: float, cx: float = CENTRE_X, cy: float = CENTRE_Y) -> Rect:
    """A rectangle of this size centred on (cx, cy), the middle of the screen unless told."""
    return cx - width / 2, cy - height / 2, width, height


def middle(rect: Rect) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def bottom(rect: Rect) -> float:
    return rect[1] + rect[3]


def around(rects: list[Rect], margin: float = 0) -> Rect:
    """The smallest rectangle holding all of `rects` (at least one), `margin` more on every side."""
    left, top = min(r[0] for r in rects) - margin, min(r[1] for r in rects) - margin
    right, bottom_ = max(r[0] + r[2] for r in rects) + margin, max(r[1] + r[3] for r in rects) + margin
    return left, top, right - left, bottom_ - top


def inset(rect: Rect, dx: float, dy: float | None = None) -> Rect:
    """`rect` shrunk by `dx` on the left and right and `dy` (else `dx` too) at the top and bottom."""
    x, y, w, h = rect
    dy = dx if dy is None else dy
    return x + dx, y + dy, w - 2 * dx, h - 2 * dy


def button_row(widths, y: float = ROW_Y, height: float = BUTTON_H, gap: float = BUTTON_GAP,
               left: float | None = None, right: float | None = None) -> list[Rect]:
    """Rectangles for buttons of these widths side by side: centred on the screen, or starting at `left`, or
    ending at `right`."""
    total = sum(widths) + gap * (len(widths) - 1)
    x = left if left is not None else right - total if right is not None else centre_x(total)
    rects = []
    for w in widths:
        rects.append((x, y, w, height))
        x += w + gap
    return rects


def shares(count: int, left: float = LEFT, width: float = WIDTH, gap: float = BUTTON_GAP) -> list[tuple[float, float]]:
    """(left edge, width) of `count` equal parts sharing `width` with `gap` between them (tabs)."""
    w = (width - (count - 1) * gap) / count
    return [(left + i * (w + gap), w) for i in range(count)]
