"""The pieces every how-to picture is drawn with: SVG shapes written here, and the games' own face art.

Each helper returns an SVG fragment (a string); `picture` wraps fragments into a document. Sizes and
positions are in the picture's own units (its viewBox), so a picture renders crisply at any size.
pygame draws SVG with nanosvg, which has no text and no <use>: lettering is drawn with the stroke
font below, and the games' face art is copied in (its ids prefixed, so several pieces may share a
picture).
"""

from __future__ import annotations

import math
import re

from game.paths import asset_path

# the game's own colours (game/ui/theme.py and the game scenes), as SVG wants them
INK = "#1A1226"  # outlines
TEXT = "#F1ECF8"
TEXT_DIM = "#B0A6C4"
PANEL = "#281E3A"
PANEL_LIGHT = "#3A2D52"
PANEL_EDGE = "#5C4A7E"
ACCENT = "#FF8C42"
GOOD = "#76D68E"
BAD = "#F56060"
WARN = "#FFD05A"
ICE = "#8FE3FF"
FELT = "#40262C"
FELT_EDGE = "#764630"
DIE_FACE = "#F3EAD6"
DIE_SIDE = "#B8AB8E"
SEATS = {"orange": ("#E69F00", "circle"), "sky": ("#56B4E9", "square"), "green": ("#009E73", "triangle"),
         "yellow": ("#F0E442", "diamond")}  # the first four seats: colour and shape (theme.PLAYER_*)


def fmt(v: float) -> str:
    """A coordinate, short: 12, 12.5, 12.25."""
    return f"{round(v, 2):g}"


def picture(width: float, height: float, *parts: str) -> str:
    body = "\n".join("  " + line for part in parts for line in part.strip().splitlines())
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fmt(width)} {fmt(height)}" '
            f'width="{fmt(width)}" height="{fmt(height)}">\n{body}\n</svg>\n')


def attrs(**values) -> str:
    """SVG attributes from keywords (stroke_width -> stroke-width); None leaves one out."""
    return " ".join(f'{k.replace("_", "-")}="{fmt(v) if isinstance(v, (int, float)) else v}"'
                    for k, v in values.items() if v is not None)


def rect(x, y, w, h, fill="none", r=0, stroke=None, width=None, opacity=None) -> str:
    return f'<rect {attrs(x=x, y=y, width=w, height=h, rx=r or None, fill=fill, stroke=stroke, stroke_width=width, opacity=opacity)}/>'


def circle(cx, cy, r, fill="none", stroke=None, width=None, opacity=None) -> str:
    return f'<circle {attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, stroke_width=width, opacity=opacity)}/>'


def path(d: str, fill="none", stroke=None, width=None, opacity=None, dash=None) -> str:
    return (f'<path {attrs(d=d, fill=fill, stroke=stroke, stroke_width=width, opacity=opacity, stroke_dasharray=dash)} '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def polygon(points, fill, stroke=None, width=None) -> str:
    listed = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
    return f'<polygon {attrs(points=listed, fill=fill, stroke=stroke, stroke_width=width)} stroke-linejoin="round"/>'


def group(*parts: str, transform: str | None = None, opacity: float | None = None) -> str:
    inner = "\n".join("  " + line for part in parts for line in part.strip().splitlines())
    return f"<g {attrs(transform=transform, opacity=opacity)}>\n{inner}\n</g>".replace("<g >", "<g>")


# ----- the games' own art ------------------------------------------------------------------------

def art(name: str, x: float, y: float, w: float, h: float | None = None) -> str:
    """An SVG from assets/ (e.g. "dice/cow.svg"), fitted into the box, keeping its proportions."""
    h = w if h is None else h
    source = asset_path(name).read_text(encoding="utf-8")
    vx, vy, vw, vh = (float(v) for v in re.search(r'viewBox="([^"]+)"', source).group(1).split())
    inner = source[source.index(">", source.index("<svg")) + 1:source.rindex("</svg>")]
    inner = re.sub(r"<!--.*?-->", "", inner, flags=re.S)
    prefix = re.sub(r"\W", "-", name.removesuffix(".svg"))
    inner = re.sub(r'id="([^"]+)"', rf'id="{prefix}-\1"', inner)
    inner = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", inner)
    k = min(w / vw, h / vh)
    dx, dy = x + (w - vw * k) / 2 - vx * k, y + (h - vh * k) / 2 - vy * k
    lines = [line.strip() for line in inner.splitlines() if line.strip()]
    return group(*lines, transform=f"translate({fmt(dx)} {fmt(dy)}) scale({fmt(k)})")


def die(face: str, cx: float, cy: float, size: float, lit: bool = False, faded: bool = False,
        top=DIE_FACE, side=DIE_SIDE) -> str:
    """A die seen from above showing `face` (an asset path), centred at (cx, cy); `lit` rings it as chosen."""
    x, y, r = cx - size / 2, cy - size / 2, size * 0.16
    parts = [rect(x, y + size * 0.08, size, size, side, r), rect(x, y, size, size, top, r, "#6E6250", size * 0.025),
             art(face, x + size * 0.1, y + size * 0.1, size * 0.8)]
    if lit:
        parts.insert(0, rect(x - size * 0.1, y - size * 0.1, size * 1.2, size * 1.28, "none", r * 1.5, WARN, size * 0.07))
    return group(*parts, opacity=0.35 if faded else None)


def face_tile(face: str, top=DIE_FACE, side=DIE_SIDE) -> str:
    """One die showing one face, as a whole picture (a page listing the faces)."""
    return picture(100, 106, die(face, 50, 50, 92, top=top, side=side))


def arrow(points, color=WARN, width: float = 5, head: float | None = None, dash: str | None = None) -> str:
    """A line (two points) or curve (three: start, bend, end) ending in an arrowhead."""
    head = head or width * 3
    (x0, y0), *rest = points
    if len(rest) == 1:
        (x1, y1), = rest
        cx, cy = x0, y0
    else:
        (cx, cy), (x1, y1) = rest
    angle = math.atan2(y1 - cy, x1 - cx)
    bx, by = x1 - math.cos(angle) * head * 0.8, y1 - math.sin(angle) * head * 0.8  # where the shaft stops
    d = f"M{fmt(x0)},{fmt(y0)} " + (f"L{fmt(bx)},{fmt(by)}" if len(rest) == 1 else f"Q{fmt(cx)},{fmt(cy)} {fmt(bx)},{fmt(by)}")
    tip = [(x1, y1), (x1 - math.cos(angle - 0.5) * head, y1 - math.sin(angle - 0.5) * head),
           (x1 - math.cos(angle + 0.5) * head, y1 - math.sin(angle + 0.5) * head)]
    return path(d, stroke=color, width=width, dash=dash) + "\n" + polygon(tip, color, color, width * 0.4)


def check(cx, cy, size, color=GOOD) -> str:
    """A tick: allowed, safe, scores."""
    s = size / 10
    return (circle(cx, cy, size * 0.62, INK) + "\n"
            + path(f"M{fmt(cx - 4 * s)},{fmt(cy)} L{fmt(cx - 1.2 * s)},{fmt(cy + 3 * s)} L{fmt(cx + 4.2 * s)},{fmt(cy - 3.4 * s)}",
                   stroke=color, width=size * 0.22))


def cross(cx, cy, size, color=BAD) -> str:
    """An X: not allowed, bust, cancelled."""
    s = size / 10
    return (circle(cx, cy, size * 0.62, INK) + "\n"
            + path(f"M{fmt(cx - 3.4 * s)},{fmt(cy - 3.4 * s)} L{fmt(cx + 3.4 * s)},{fmt(cy + 3.4 * s)} "
                   f"M{fmt(cx + 3.4 * s)},{fmt(cy - 3.4 * s)} L{fmt(cx - 3.4 * s)},{fmt(cy + 3.4 * s)}", stroke=color, width=size * 0.22))


def seat(kind: str, cx, cy, r, color=None) -> str:
    """A player's marker: each seat has a colour and a shape, so colour never carries meaning alone."""
    fill, shape = SEATS[kind]
    fill = color or fill
    if shape == "circle":
        return circle(cx, cy, r, fill, INK, r * 0.18)
    if shape == "square":
        return rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, fill, r * 0.2, INK, r * 0.18)
    if shape == "triangle":
        return polygon([(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)], fill, INK, r * 0.18)
    return polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill, INK, r * 0.18)


def pointer(x, y, size, fill="#FFFFFF") -> str:
    """A mouse pointer whose tip is at (x, y)."""
    s = size / 20
    points = [(0, 0), (0, 17), (4.2, 13.2), (7, 19.5), (10, 18.2), (7.3, 12), (12.5, 12)]
    return polygon([(x + px * s, y + py * s) for px, py in points], fill, INK, 1.6 * s)


def click(x, y, size, color=WARN) -> str:
    """Short rays round a point: a click or a press."""
    rays = []
    for k in range(5):
        a = math.radians(200 + k * 35)
        rays.append(f"M{fmt(x + math.cos(a) * size * 0.45)},{fmt(y + math.sin(a) * size * 0.45)} "
                    f"L{fmt(x + math.cos(a) * size)},{fmt(y + math.sin(a) * size)}")
    return path(" ".join(rays), stroke=color, width=size * 0.14)


# ----- keys and pads -----------------------------------------------------------------------------

def key(label: str, x, y, w, h=None, lit: bool = False, size=None) -> str:
    """A keyboard key with its label (a lit key is one the picture is about)."""
    h = w if h is None else h
    size = size or min(h * 0.42, (w - h * 0.3) / max(1, len(label)) / 0.86)
    face = WARN if lit else "#E6E0EE"
    return "\n".join([rect(x, y + h * 0.1, w, h, "#0E0A16", h * 0.18),
                      rect(x, y, w, h, face, h * 0.18, INK, h * 0.06),
                      rect(x + h * 0.1, y + h * 0.08, w - h * 0.2, h * 0.72, "#FFFFFF" if not lit else "#FFE48A", h * 0.12),
                      text(label, x + w / 2, y + h * 0.44, size, INK, width=h * 0.07 * size / (h * 0.42))])


PAD_BUTTONS = {"A": "#3DBA4E", "B": "#E2453C", "X": "#3C7FE2", "Y": "#F2C42B"}
PAD_SPOTS = {"Y": (80, 18.5), "X": (71, 27.5), "B": (89, 27.5), "A": (80, 36.5), "dpad": (23.5, 28),
             "left-stick": (36, 43), "right-stick": (64, 43), "LB": (22, 10.5), "RB": (78, 10.5),
             "LT": (22, 4), "RT": (78, 4), "start": (57, 25.5)}  # in hundredths of the pad's width


def pad_spot(x, y, w, name) -> tuple[float, float]:
    """Where a button of `pad(x, y, w)` is, to point a label at it."""
    px, py = PAD_SPOTS[name]
    return x + px * w / 100, y + py * w / 100


def pad(x, y, w, lit=()) -> str:
    """A game pad seen from the front (width w, height 0.62 w); `lit` names the buttons the picture is about:
    A B X Y, dpad, left-stick, LB, RB, LT, RT, start."""
    s = w / 100
    on = set(lit)

    def fill(name, normal):
        return WARN if name in on else normal

    def at(name):
        return pad_spot(x, y, w, name)

    parts = [
        # shoulder buttons and triggers behind the body
        rect(x + 12 * s, y, 20 * s, 10 * s, fill("LT", "#4A4260"), 3 * s, INK, 1.2 * s),
        rect(x + 68 * s, y, 20 * s, 10 * s, fill("RT", "#4A4260"), 3 * s, INK, 1.2 * s),
        rect(x + 10 * s, y + 7 * s, 24 * s, 7 * s, fill("LB", "#6A6088"), 3 * s, INK, 1.2 * s),
        rect(x + 66 * s, y + 7 * s, 24 * s, 7 * s, fill("RB", "#6A6088"), 3 * s, INK, 1.2 * s),
        path(f"M{fmt(x + 22 * s)},{fmt(y + 12 * s)} L{fmt(x + 78 * s)},{fmt(y + 12 * s)} "
             f"Q{fmt(x + 96 * s)},{fmt(y + 12 * s)} {fmt(x + 99 * s)},{fmt(y + 41 * s)} "
             f"Q{fmt(x + 102 * s)},{fmt(y + 63 * s)} {fmt(x + 88 * s)},{fmt(y + 62 * s)} "
             f"Q{fmt(x + 80 * s)},{fmt(y + 61 * s)} {fmt(x + 70 * s)},{fmt(y + 50 * s)} "
             f"L{fmt(x + 30 * s)},{fmt(y + 50 * s)} "
             f"Q{fmt(x + 20 * s)},{fmt(y + 61 * s)} {fmt(x + 12 * s)},{fmt(y + 62 * s)} "
             f"Q{fmt(x - 2 * s)},{fmt(y + 63 * s)} {fmt(x + 1 * s)},{fmt(y + 41 * s)} "
             f"Q{fmt(x + 4 * s)},{fmt(y + 12 * s)} {fmt(x + 22 * s)},{fmt(y + 12 * s)} Z",
             fill="#5C5478", stroke=INK, width=1.6 * s),
    ]
    dx, dy = at("dpad")
    parts.append(path(f"M{fmt(dx - 7.5 * s)},{fmt(dy - 2.5 * s)} h{fmt(5 * s)} v-{fmt(5 * s)} h{fmt(5 * s)} "
                      f"v{fmt(5 * s)} h{fmt(5 * s)} v{fmt(5 * s)} h-{fmt(5 * s)} v{fmt(5 * s)} h-{fmt(5 * s)} "
                      f"v-{fmt(5 * s)} h-{fmt(5 * s)} Z", fill=fill("dpad", "#2A2438"), stroke=INK, width=1 * s))
    for stick in ("left-stick", "right-stick"):
        cx, cy = at(stick)
        parts += [circle(cx, cy, 7 * s, "#2A2438", INK, 1 * s), circle(cx, cy, 4.5 * s, fill(stick, "#4A4260"))]
    parts.append(rect(at("start")[0] - 3 * s, at("start")[1] - 1.7 * s, 6 * s, 3.4 * s, fill("start", "#2A2438"), 1.7 * s))
    parts.append(rect(x + 40 * s, y + 23.8 * s, 6 * s, 3.4 * s, "#2A2438", 1.7 * s))
    for name, colour in PAD_BUTTONS.items():
        bx, by = at(name)
        if name in on:
            parts.append(circle(bx, by, 7 * s, WARN))
        parts.append(circle(bx, by, 5 * s, colour, INK, 1 * s))
        parts.append(text(name, bx, by, 4.6 * s, INK, width=1 * s))
    return "\n".join(parts)


def leader(start, end, label: str, size: float = 13, anchor: str = "start") -> str:
    """A thin line from a part of a picture to a word naming what it does."""
    (x0, y0), (x1, y1) = start, end
    gap = {"start": 6, "end": -6, "middle": 0}[anchor]
    dy = size if anchor == "middle" else 0
    return (path(f"M{fmt(x0)},{fmt(y0)} L{fmt(x1)},{fmt(y1)}", stroke=TEXT_DIM, width=2) + "\n"
            + text(label, x1 + gap, y1 + dy, size, TEXT, anchor))


# ----- lettering: a small stroke font (capitals, digits, a few signs) -----------------------------

GLYPH_W, GLYPH_H, GLYPH_GAP = 6.0, 10.0, 2.6
GLYPHS = {
    "0": "M3,0 Q6,0 6,5 Q6,10 3,10 Q0,10 0,5 Q0,0 3,0 Z",
    "1": "M1.2,2.2 L3.6,0 L3.6,10 M1.2,10 L6,10",
    "2": "M0.3,2.5 Q0.6,0 3,0 Q5.8,0 5.8,2.8 Q5.8,4.8 3.4,6.4 L0,10 L6,10",
    "3": "M0.4,1.2 Q1.5,0 3,0 Q5.8,0 5.8,2.5 Q5.8,4.7 2.6,4.7 Q6,4.7 6,7.4 Q6,10 3,10 Q1.2,10 0,8.6",
    "4": "M4.6,10 L4.6,0 L0,7 L6,7",
    "5": "M5.6,0 L0.9,0 L0.5,4.4 Q1.6,3.6 3,3.6 Q6,3.6 6,6.8 Q6,10 3,10 Q1.2,10 0,8.8",
    "6": "M5.3,0.7 Q4.3,0 3,0 Q0,0 0,5.5 Q0,10 3,10 Q6,10 6,6.8 Q6,3.8 3,3.8 Q0.8,3.8 0,5.8",
    "7": "M0,0 L6,0 L2.2,10",
    "8": "M3,4.6 Q0.5,4.6 0.5,2.3 Q0.5,0 3,0 Q5.5,0 5.5,2.3 Q5.5,4.6 3,4.6 Q0,4.6 0,7.3 Q0,10 3,10 "
         "Q6,10 6,7.3 Q6,4.6 3,4.6 Z",
    "9": "M0.7,9.3 Q1.7,10 3,10 Q6,10 6,4.5 Q6,0 3,0 Q0,0 0,3.2 Q0,6.2 3,6.2 Q5.2,6.2 6,4.2",
    "A": "M0,10 L3,0 L6,10 M1,6.8 L5,6.8",
    "B": "M0,0 L0,10 L3.6,10 Q6,10 6,7.4 Q6,4.8 3.4,4.8 L0,4.8 M0,0 L3.2,0 Q5.6,0 5.6,2.4 Q5.6,4.8 3.4,4.8",
    "C": "M5.8,1.4 Q4.8,0 3.2,0 Q0,0 0,5 Q0,10 3.2,10 Q4.8,10 5.8,8.6",
    "D": "M0,0 L0,10 L2.6,10 Q6,10 6,5 Q6,0 2.6,0 Z",
    "E": "M6,0 L0,0 L0,10 L6,10 M0,5 L4.6,5",
    "F": "M6,0 L0,0 L0,10 M0,5 L4.6,5",
    "G": "M5.8,1.4 Q4.8,0 3.2,0 Q0,0 0,5 Q0,10 3.2,10 Q6,10 6,6.6 L6,5.4 L3.4,5.4",
    "H": "M0,0 L0,10 M6,0 L6,10 M0,5 L6,5",
    "I": "M1.2,0 L4.8,0 M3,0 L3,10 M1.2,10 L4.8,10",
    "J": "M1.6,0 L5.6,0 M4.4,0 L4.4,7 Q4.4,10 2.2,10 Q0.6,10 0,8.6",
    "K": "M0,0 L0,10 M6,0 L0,6.2 M2,4.4 L6,10",
    "L": "M0,0 L0,10 L6,10",
    "M": "M0,10 L0,0 L3,6 L6,0 L6,10",
    "N": "M0,10 L0,0 L6,10 L6,0",
    "O": "M3,0 Q6,0 6,5 Q6,10 3,10 Q0,10 0,5 Q0,0 3,0 Z",
    "P": "M0,10 L0,0 L3.4,0 Q6,0 6,2.7 Q6,5.4 3.4,5.4 L0,5.4",
    "Q": "M3,0 Q6,0 6,5 Q6,10 3,10 Q0,10 0,5 Q0,0 3,0 Z M3.6,7 L6.2,10.4",
    "R": "M0,10 L0,0 L3.4,0 Q6,0 6,2.7 Q6,5.4 3.4,5.4 L0,5.4 M3,5.4 L6,10",
    "S": "M5.6,1.3 Q4.6,0 3,0 Q0.3,0 0.3,2.6 Q0.3,4.4 3,5 Q6,5.6 6,7.6 Q6,10 3,10 Q1.2,10 0,8.6",
    "T": "M0,0 L6,0 M3,0 L3,10",
    "U": "M0,0 L0,7 Q0,10 3,10 Q6,10 6,7 L6,0",
    "V": "M0,0 L3,10 L6,0",
    "W": "M0,0 L1.5,10 L3,4 L4.5,10 L6,0",
    "X": "M0,0 L6,10 M6,0 L0,10",
    "Y": "M0,0 L3,5 L6,0 M3,5 L3,10",
    "Z": "M0,0 L6,0 L0,10 L6,10",
    "+": "M3,2.5 L3,8.5 M0,5.5 L6,5.5",
    "-": "M1,5.5 L5,5.5",
    "=": "M0.5,3.6 L5.5,3.6 M0.5,7.4 L5.5,7.4",
    "<": "M5,1.5 L1,5 L5,8.5",
    ">": "M1,1.5 L5,5 L1,8.5",
    "/": "M5,0 L1,10",
    ":": "M3,3 L3,3.1 M3,8.4 L3,8.5",
    "!": "M3,0 L3,6.6 M3,9.6 L3,9.7",
    "?": "M0.4,2.2 Q0.6,0 3,0 Q5.8,0 5.8,2.6 Q5.8,4.6 3,5.6 L3,6.8 M3,9.6 L3,9.7",
    "%": "M5.6,0 L0.4,10 M1.4,0.2 Q2.8,0.2 2.8,1.9 Q2.8,3.6 1.4,3.6 Q0,3.6 0,1.9 Q0,0.2 1.4,0.2 Z "
         "M4.6,6.4 Q6,6.4 6,8.1 Q6,9.8 4.6,9.8 Q3.2,9.8 3.2,8.1 Q3.2,6.4 4.6,6.4 Z",
    "·": "M3,5.4 L3,5.5",
    ",": "M3.4,8.8 L2.2,11.4",
    ".": "M3,9.6 L3,9.7",
    "←": "M6,5 L0,5 M2.8,2 L0,5 L2.8,8",
    "→": "M0,5 L6,5 M3.2,2 L6,5 L3.2,8",
    "↑": "M3,9.5 L3,0.5 M0.2,3.4 L3,0.5 L5.8,3.4",
    "↓": "M3,0.5 L3,9.5 M0.2,6.6 L3,9.5 L5.8,6.6",
}


def text_width(s: str, size: float) -> float:
    """Width of `s` drawn with capitals `size` tall."""
    k = size / GLYPH_H
    return max(0.0, len(s) * (GLYPH_W + GLYPH_GAP) - GLYPH_GAP) * k


def text(s: str, x: float, y: float, size: float, color=TEXT, anchor: str = "middle", width: float | None = None,
         halo: str | None = None) -> str:
    """Capitals `size` tall, centred on y; anchor "start", "middle" or "end" at x. `halo` outlines them."""
    k = size / GLYPH_H
    left = {"start": x, "middle": x - text_width(s, size) / 2, "end": x - text_width(s, size)}[anchor]
    width = width or size * 0.16
    strokes = []
    for i, ch in enumerate(s):
        if ch == " ":
            continue
        if ch not in GLYPHS:
            raise KeyError(f"the help pictures' lettering has no {ch!r}")
        strokes.append(f'<path d="{GLYPHS[ch]}" transform="translate({fmt(i * (GLYPH_W + GLYPH_GAP))} 0)"/>')
    transform = f"translate({fmt(left)} {fmt(y - size / 2)}) scale({fmt(k)})"
    layers = []
    for colour, w in ([(halo, width * 2.4)] if halo else []) + [(color, width)]:
        layers.append(f'<g transform="{transform}" fill="none" stroke="{colour}" stroke-width="{fmt(w / k)}" '
                      f'stroke-linecap="round" stroke-linejoin="round">\n'
                      + "\n".join("  " + s for s in strokes) + "\n</g>")
    return "\n".join(layers)


# ----- tables and boxes --------------------------------------------------------------------------

def tray(x, y, w, h) -> str:
    """The dice games' felt tray."""
    return rect(x, y, w, h, FELT, 14, FELT_EDGE, 6)


def box(x, y, w, h, label: str = "", color=PANEL_EDGE, size: float = 11) -> str:
    """A labelled panel, like the rows where set-aside dice wait."""
    parts = [rect(x, y, w, h, PANEL, 10, color, 3)]
    if label:
        parts.append(text(label, x + w / 2, y + 8 + size / 2, size, color))
    return "\n".join(parts)


def star(cx, cy, r, fill=WARN, stroke=INK) -> str:
    points = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        k = r if i % 2 == 0 else r * 0.45
        points.append((cx + math.cos(a) * k, cy + math.sin(a) * k))
    return polygon(points, fill, stroke, r * 0.12)


def dice_pad(pick: str) -> str:
    """The dice games' pad: X rolls, Y stops, the D-pad moves and A does `pick` (picks a kind, targets a card)."""
    x, y, w = 10, 10, 200
    return picture(
        310, 170,
        leader(pad_spot(x, y, w, "Y"), (240, 22), "STOP"),
        leader(pad_spot(x, y, w, "X"), (150, 150), "ROLL", anchor="middle"),
        leader(pad_spot(x, y, w, "A"), (240, 112), pick),
        leader(pad_spot(x, y, w, "dpad"), (57, 150), "MOVE", anchor="middle"),
        pad(x, y, w, lit=("X", "Y", "A", "dpad")),  # over the leaders' ends
    )
