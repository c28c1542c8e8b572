"""Colours, sizes and the player palette shared by every scene."""

LOGICAL_SIZE = (1280, 720)

BG = (22, 16, 34)
PANEL = (40, 30, 58)
PANEL_LIGHT = (58, 45, 82)
PANEL_EDGE = (92, 74, 126)
TEXT = (241, 236, 248)
TEXT_DIM = (176, 166, 196)
TEXT_FAINT = (128, 118, 150)
ACCENT = (255, 140, 66)  # Martian orange
ACCENT_DARK = (170, 80, 30)
GOOD = (118, 214, 142)
BAD = (245, 96, 96)
WARN = (255, 208, 90)
FELT = (64, 38, 44)  # dice tray cloth
FELT_EDGE = (118, 70, 48)
DIE_FACE = (243, 234, 214)

FONT_SMALL = 19  # the smallest text: 28.5 pixels on a 1080p screen, readable from a sofa 3 m away
FONT_BODY = 22
FONT_LABEL = 26
FONT_HEADING = 36
FONT_TITLE = 72

# Player colours: the Okabe-Ito palette (distinguishable with the common
# colour-vision deficiencies) plus a light grey; each seat also has its own
# symbol so that colour is never the only cue.
PLAYER_COLORS = [
    ("Orange", (230, 159, 0)),
    ("Sky", (86, 180, 233)),
    ("Green", (0, 158, 115)),
    ("Yellow", (240, 228, 66)),
    ("Blue", (40, 114, 178)),
    ("Vermilion", (213, 94, 0)),
    ("Purple", (204, 121, 167)),
    ("Silver", (200, 200, 200)),
]
PLAYER_SYMBOLS = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring"]


def colour_hex(color: int) -> str:
    """A seat's colour as a web page writes it (a phone's header, a browser's table)."""
    r, g, b = PLAYER_COLORS[color][1]
    return f"#{r:02x}{g:02x}{b:02x}"
