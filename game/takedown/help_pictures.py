"""Ten-Minute Takedown's how-to pictures: the table, landing on targets, misses, winning and flicking."""

from game.ui.picture_parts import (
    FELT_EDGE,
    INK,
    SEATS,
    TEXT,
    TEXT_DIM,
    WARN,
    arrow,
    art,
    check,
    circle,
    cross,
    die,
    fmt,
    key,
    leader,
    pad,
    pad_spot,
    path,
    picture,
    pointer,
    rect,
    seat,
    star,
    text,
)

TABLE_TOP, TABLE_LIT, RIM_LIGHT = "#1C2A33", "#283B48", "#A66E4C"  # the scene's board (game/takedown/table_art.py)
PIECE = {"outer": "#E8DCBE", "middle": "#D6C4A0", "center": "#C4AC82"}
PIECE_EDGE, PIECE_SIDE = "#786446", "#8A7E66"
SOLID = {"saucer": "#48B6C8", "insect": "#6EBE46", "robot": "#E2563C"}  # a flipped piece's side
RADIUS = {"outer": 1.0, "middle": 2 / 3, "center": 1 / 3}  # of the outer ring (150, 100 and 50 mm)
WALL = "#96A0B6"

DIE_TOP, DIE_SIDE = "#EDE6F5", "#A99FBA"  # the flicked die's faces, lighter than the dice games' dice


def face(name: str) -> str:
    return f"takedown/die/{name}.svg"


def icon(name: str) -> str:
    return f"takedown/icons/{name}.svg"


def table(x, y, w, h) -> str:
    """The table seen from above: the board lit from above its middle, in a wooden rim."""
    lamp = ('<defs><radialGradient id="lamp" cx="50%" cy="42%" r="62%">'  # nanosvg reads these in percent only
            f'<stop offset="0%" stop-color="{TABLE_LIT}"/><stop offset="100%" stop-color="{TABLE_TOP}"/>'
            '</radialGradient></defs>')
    return "\n".join([lamp, rect(x - 5, y - 6, w + 10, h + 10, RIM_LIGHT, 10),
                      rect(x - 5, y - 5, w + 10, h + 10, FELT_EDGE, 10), rect(x, y, w, h, "url(#lamp)", 6, "#34201A", 1.5)])


def target(cx, cy, r, picture_of: str, pieces=("outer", "middle", "center")) -> str:
    """A target: its pieces still standing, largest first, and its picture across them."""
    parts = [circle(cx + 2, cy + 3, r * RADIUS[pieces[0]], "#0A0E12", opacity=0.7),
             circle(cx, cy + 1.5, r * RADIUS[pieces[0]], PIECE_SIDE)]  # the cardboard's edge
    for piece in pieces:
        parts += [circle(cx, cy, r * RADIUS[piece], PIECE[piece], PIECE_EDGE, 1.5)]
    size = max(r * RADIUS[pieces[0]] * 1.45, r * RADIUS["center"] * 1.7)
    parts.append(art(icon(picture_of), cx - size / 2, cy - size / 2, size))
    return "\n".join(parts)


def saucer(cx, cy, r, who: str, base: tuple | None = None) -> str:
    """A player's flying saucer (their colour and shape) with the hole the die sits in; `base`: its Base's pad."""
    colour, _ = SEATS[who]
    dark = darker(colour)
    parts = [home(*base, r, who)] if base else []
    parts += [circle(cx + 2, cy + 4, r, "#080A0E"), circle(cx, cy, r, dark), circle(cx, cy, r * 0.86, colour),
              circle(cx, cy, r * 0.22, "#0C0C14")]
    parts.append(seat(who, cx, cy - r * 0.5, r * 0.17, dark))
    return "\n".join(parts)


def darker(colour: str, k: float = 0.55) -> str:
    return "#" + "".join(f"{int(int(colour[i:i + 2], 16) * k):02X}" for i in (1, 3, 5))


def home(cx, cy, r, who: str) -> str:
    """A Base: a landing pad in its owner's colour round a saucer of radius r, a dashed circle outside it and the
    owner's shape in the middle (seen when the saucer is away)."""
    colour, _ = SEATS[who]
    pad = r * 1.3
    dashed = pad + 4
    ring = (f"M{fmt(cx - dashed)},{fmt(cy)} a{fmt(dashed)},{fmt(dashed)} 0 1,0 {fmt(2 * dashed)},0 "
            f"a{fmt(dashed)},{fmt(dashed)} 0 1,0 {fmt(-2 * dashed)},0")
    return "\n".join([circle(cx, cy, pad, colour, opacity=0.3),
                      circle(cx, cy, pad, "none", colour, 2), path(ring, stroke=colour, width=1.6, dash="4 4"),
                      seat(who, cx, cy, r * 0.42, darker(colour, 0.75))])


def td_die(name: str, cx, cy, size, lit: bool = False) -> str:
    return die(face(name), cx, cy, size, lit=lit, top=DIE_TOP, side=DIE_SIDE)


def overview() -> str:
    """Saucers at their Bases on the edges, targets in the middle, a flick on its way."""
    return picture(
        400, 250,
        table(8, 8, 384, 234),
        target(200, 125, 40, "saucer"), target(110, 70, 32, "robot"), target(290, 70, 32, "insect"),
        saucer(200, 214, 22, "orange", base=(200, 214)), saucer(200, 36, 22, "sky", base=(200, 36)),
        td_die("robot", 200, 214, 17),
        arrow([(200, 190), (200, 160)], WARN, 4, dash="6 5"),
    )


def faces() -> str:
    """The die's three pictures, two sides each."""
    return picture(
        220, 200,
        td_die("saucer", 56, 52, 84), td_die("insect", 164, 52, 84), td_die("robot", 110, 148, 84),
    )


def worth(cx, cy, points: int, r: float = 12) -> str:
    """A small tag with what a piece is worth."""
    return circle(cx, cy, r, "#FFFFFF", INK, 2) + "\n" + text(str(points), cx, cy, r * 1.05, INK, width=r * 0.22)


def piece(cx, cy, r, kind: str, fill: str) -> str:
    """One piece on its own: a ring shows the table through its hole."""
    parts = [circle(cx, cy, r * RADIUS[kind], fill, PIECE_EDGE, 2)]
    if kind != "center":
        hole = RADIUS["middle" if kind == "outer" else "center"]
        parts.append(circle(cx, cy, r * hole, TABLE_TOP, PIECE_EDGE, 1.5))
    return "\n".join(parts)


def pieces() -> str:
    """A target taken apart: outer ring 1, middle ring 2, centre disc 3; flipped to the solid side 2, 3, 4."""
    parts = []
    for i, kind in enumerate(("outer", "middle", "center")):
        cx = 62 + i * 118
        for row, (fill, points) in enumerate(((PIECE[kind], i + 1), (SOLID["robot"], i + 2))):
            cy = 56 + row * 118
            parts += [piece(cx, cy, 50, kind, fill), worth(cx + 36, cy + 38, points, 14)]
    return picture(350, 240, *parts)


def touch() -> str:
    """One corner of the die on the target's top piece is enough."""
    return picture(
        260, 170,
        table(6, 6, 248, 158),
        target(110, 85, 66, "insect"),
        td_die("saucer", 168, 29, 34),
        check(222, 128, 30),
    )


def match() -> str:
    """The die's top face shows the target's picture: the piece is flipped to its solid side."""
    return picture(
        330, 170,
        table(6, 6, 318, 158),
        target(80, 85, 62, "robot"), td_die("robot", 98, 52, 32, lit=True),
        arrow([(152, 85), (196, 85)], WARN, 4),
        circle(262, 85, 50, SOLID["robot"], INK, 3), circle(262, 85, 50 * 2 / 3, "none", INK, 2),
        text("2", 262, 85, 34, INK, width=6),
    )


def miss() -> str:
    """A miss: the saucer is dropped where the die stopped, its Base left empty."""
    return picture(
        300, 190,
        table(6, 6, 288, 178),
        target(210, 70, 40, "insect"),
        home(70, 160, 22, "orange"),
        arrow([(70, 150), (74, 100), (104, 90)], TEXT_DIM, 2.5, dash="4 6"),
        saucer(130, 84, 22, "orange"), td_die("insect", 130, 84, 16),
    )


def off_table() -> str:
    """Off the table: the turn is over and the saucer goes home."""
    return picture(
        300, 190,
        table(6, 6, 250, 178),
        saucer(70, 150, 22, "orange", base=(70, 150)),
        path("M80,134 Q180,60 262,48", stroke=TEXT_DIM, width=2.5, dash="4 6"),
        td_die("robot", 282, 44, 22),
        cross(282, 92, 24),
    )


def knock() -> str:
    """Landing on another saucer sends it back to its Base."""
    return picture(
        300, 190,
        table(6, 6, 288, 178),
        home(240, 158, 22, "sky"),
        saucer(120, 80, 22, "sky"), td_die("saucer", 132, 66, 16),
        arrow([(148, 100), (200, 122), (226, 142)], SEATS["sky"][0], 3.5),
        saucer(50, 162, 22, "orange", base=(50, 162)),
        path("M60,142 Q80,100 118,78", stroke=TEXT_DIM, width=2.5, dash="4 6"),
    )


def count() -> str:
    """The end: everyone's pieces added up; most points wins."""
    rows = [("orange", [("outer", None, 1), ("middle", "robot", 3), ("center", None, 3), ("outer", "insect", 2)], 9),
            ("sky", [("middle", None, 2), ("center", "saucer", 4), ("outer", None, 1)], 7)]
    parts = []
    for i, (who, pile, total) in enumerate(rows):
        y = 40 + i * 78
        parts.append(seat(who, 22, y, 14))
        for k, (kind, flipped, points) in enumerate(pile):
            r = {"outer": 24, "middle": 20, "center": 16}[kind]
            parts += [circle(72 + k * 54, y, r, SOLID[flipped] if flipped else PIECE[kind], PIECE_EDGE, 2),
                      text(str(points), 72 + k * 54, y, 16, INK, width=3)]
        parts.append(text(str(total), 316, y, 30, WARN if i == 0 else TEXT_DIM, width=5))
    parts.append(star(354, 40, 16))
    return picture(376, 150, *parts)


def challenge() -> str:
    """A trick-shot table: walls, a bumper, a far target; three stars at par."""
    return picture(
        300, 210,
        table(6, 6, 288, 160),
        path("M110,30 L110,110", stroke=WALL, width=7), path("M190,90 L250,90", stroke=WALL, width=7),
        circle(160, 60, 13, "#FF8C42"), circle(160, 60, 10, "#782E1E"), circle(160, 60, 5, WARN),
        target(240, 44, 28, "saucer"),
        saucer(50, 138, 20, "orange"), td_die("saucer", 50, 138, 15),
        path("M60,124 L146,72 M172,52 L226,44", stroke=TEXT_DIM, width=2.5, dash="4 6"),
        star(112, 190, 15), star(150, 190, 15), star(188, 190, 15),
    )


def slingshot() -> str:
    """Press on the die, pull back, let go: the arrow shows where it goes and how hard."""
    return picture(
        300, 190,
        table(6, 6, 288, 178),
        saucer(150, 110, 26, "orange"), td_die("robot", 150, 110, 20),
        path("M150,110 L214,166", stroke="#C8C8DC", width=2.5), circle(214, 166, 6, "#C8C8DC"),
        pointer(214, 166, 24),
        arrow([(150, 110), (86, 54)], "#E7A550", 4, dash="7 5"),
    )


def keys() -> str:
    """Arrow keys aim and set the power; Space flicks."""
    return picture(
        300, 170,
        key("←", 14, 66, 44), key("→", 118, 66, 44), key("↑", 66, 14, 44), key("↓", 66, 66, 44),
        text("AIM", 88, 136, 13, TEXT), text("POWER", 120, 36, 13, TEXT, anchor="start"),
        key("SPACE", 180, 66, 110, 44, lit=True), text("FLICK", 235, 136, 13, TEXT),
    )


def pad_controls() -> str:
    """Left stick aims; squeeze the right trigger for power and let go to flick."""
    x, y, w = 20, 30, 200
    return picture(
        320, 200,
        leader(pad_spot(x, y, w, "left-stick"), (92, 176), "AIM", anchor="middle"),
        leader(pad_spot(x, y, w, "RT"), (236, 16), "POWER"),
        pad(x, y, w, lit=("left-stick", "RT")),
    )


def trail() -> str:
    """The last flick's faint trail, and R to replay it."""
    dots = [(60 + t * 150 + 20 * t * t, 150 - t * 96 - 10 * t) for t in (k / 14 for k in range(15))]
    return picture(
        380, 190,
        table(6, 6, 270, 178),
        target(200, 64, 36, "robot"),
        saucer(56, 154, 22, "orange"),
        *(circle(x, y, 2.4, "#788CA0") for x, y in dots[1:-1]),
        circle(*dots[-1], 6, "none", "#96AABE", 2),
        key("R", 300, 60, 56), text("REPLAY", 328, 140, 12, TEXT),
    )


PICTURES = {
    "overview": overview, "faces": faces, "pieces": pieces, "touch": touch, "match": match,
    "miss": miss, "off-table": off_table, "knock": knock, "count": count, "challenge": challenge,
    "slingshot": slingshot, "keys": keys, "pad": pad_controls, "trail": trail,
}
