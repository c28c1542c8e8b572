"""Named regions of the screen, so scenes place things by name instead of repeating numbers.

Everything is laid out in logical units on a 1280 x 720 screen; the canvas scales that to any window
(letterboxed), and grows text by the player's text size, so a region named here works at every window
size and fullscreen. Heights that hold text are asked of the canvas (``line_height``), never written.
"""

from __future__ import annotations

from game.ui import theme

Rect = tuple[float, float, float, float]

W, H = theme.LOGICAL_SIZE
SCREEN: Rect = (0, 0, W, H)
CENTRE_X, CENTRE_Y = W / 2, H / 2
MARGIN = 10  # between the screen's edge and what sits against it


def centre_x(width: float) -> float:
    """The left edge of something `width` wide, centred on the screen."""
    return (W - width) / 2
