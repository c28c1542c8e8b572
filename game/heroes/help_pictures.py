"""Mars Needs Heroes' how-to pictures: secret bids flipping and cancelling, the pot, the Freeze Ray, colours
and the inputs of each seat."""

from game.heroes.invaders import standard_invaders
from game.ui.picture_parts import (
    BAD,
    ICE,
    PANEL,
    PANEL_EDGE,
    PANEL_LIGHT,
    SEATS,
    TEXT,
    TEXT_DIM,
    WARN,
    arrow,
    art,
    check,
    circle,
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

BACK = "heroes/hero-back.svg"
FACE, OUT = "#FAF6F0", "#787082"  # a face-up Hero card, and one cancelled (the scene's colours)
COLOURS = {c.id: c for c in standard_invaders()}


def hex_colour(rgb) -> str:
    return "#" + "".join(f"{v:02X}" for v in rgb)


def hero(x, y, number: int, who: str, w: float = 64, out: bool = False, won: bool = False) -> str:
    """A face-up Hero card in its player's colour; `out` crosses it (cancelled), `won` rings it."""
    h = w * 1.35
    colour = SEATS[who][0]
    parts = [rect(x, y, w, h, OUT if out else FACE, w * 0.14, colour, w * 0.06),
             text(str(number), x + w / 2, y + h / 2, w * 0.5, TEXT_DIM if out else colour, width=w * 0.1)]
    if out:
        parts.append(path(f"M{x + 8},{y + 8} L{x + w - 8},{y + h - 8} M{x + w - 8},{y + 8} L{x + 8},{y + h - 8}",
                          stroke=BAD, width=w * 0.08))
    if won:
        parts.insert(0, rect(x - 6, y - 6, w + 12, h + 12, "none", w * 0.2, WARN, 4))
    return "\n".join(parts)


def back(x, y, w: float = 64) -> str:
    return art(BACK, x, y, w, w * 84 / 64)


def invader(x, y, colour: str, w: float = 56) -> str:
    """An Invader card: its colour round the edge, its creature and its letter."""
    c = COLOURS[colour]
    rgb = hex_colour(c.rgb)
    h = w * 1.3
    return "\n".join([rect(x, y, w, h, "#181224", w * 0.12, rgb, w * 0.06),
                      art(f"heroes/invader-{colour}.svg", x + w * 0.12, y + h * 0.22, w * 0.76),
                      text(c.letter, x + w * 0.2, y + h * 0.12, w * 0.2, rgb, width=w * 0.05)])


def pot(x, y, colours, w: float = 44) -> str:
    """The pot: Invader cards side by side on a panel."""
    width = len(colours) * (w + 8) + 12
    return "\n".join([rect(x, y, width, w * 1.3 + 16, PANEL, 12, PANEL_EDGE, 2),
                      *(invader(x + 10 + i * (w + 8), y + 8, colour, w) for i, colour in enumerate(colours))])


def secret() -> str:
    """Everyone puts a card down at once, face down: the screen only says who is ready."""
    parts = []
    for i, who in enumerate(("orange", "sky", "green")):
        x = 20 + i * 120
        parts += [seat(who, x + 32, 18, 12), back(x, 40, 64), check(x + 60, 134, 24)]
    return picture(360, 160, *parts)


def flip() -> str:
    """The cards flip together: equal numbers cancel, the highest left takes the pot."""
    return picture(
        440, 200,
        seat("orange", 52, 16, 11), hero(20, 34, 4, "orange", out=True),
        seat("sky", 136, 16, 11), hero(104, 34, 4, "sky", out=True),
        seat("green", 220, 16, 11), hero(188, 34, 2, "green", won=True),
        arrow([(262, 80), (300, 80)], WARN, 4),
        pot(312, 36, ("yellow", "blue"), 48),
    )


def played() -> str:
    """Played cards stay face up until hands are full again: you know what each rival holds."""
    parts = []
    for row, (who, gone, lit) in enumerate((("sky", (5,), None), ("orange", (1, 2), 4))):
        y = 14 + row * 92
        parts.append(seat(who, 18, y + 34, 12))
        for k, number in enumerate(range(1, 6)):
            x = 44 + k * 62
            held = number not in gone
            if number == lit:
                parts.append(rect(x - 5, y - 5, 62, 78, "none", 10, WARN, 4))
            parts += [rect(x, y, 52, 68, PANEL_LIGHT if held else "#161022", 8, PANEL_EDGE if held else PANEL, 2),
                      text(str(number), x + 26, y + 34, 26, TEXT if held else "#5A5070", width=4.4)]
    return picture(360, 190, *parts)


def tie() -> str:
    """Every bid cancels: two more Invaders join the pot and everyone bids again."""
    return picture(
        460, 170,
        hero(10, 20, 3, "orange", out=True), hero(84, 20, 3, "sky", out=True),
        arrow([(158, 64), (190, 64)], WARN, 4),
        pot(200, 6, ("yellow", "blue", "green", "purple"), 44),
        path("M314,90 L314,100 L410,100 L410,90", stroke=WARN, width=3),
        text("+2", 362, 124, 22, WARN, width=4),
    )


def freeze() -> str:
    """After the flip, the first to fire a Freeze Ray takes the pot instead of the bid's winner."""
    return picture(
        440, 200,
        seat("sky", 52, 14, 11), hero(20, 30, 5, "sky", won=True),
        pot(134, 30, ("green", "purple"), 48),
        art("heroes/freeze-ray.svg", 330, 8, 90), seat("orange", 412, 18, 11),
        path("M336,62 L314,50 L298,68 L278,54 L262,66", stroke=ICE, width=5),
        arrow([(200, 120), (230, 180), (372, 176)], ICE, 4), seat("orange", 394, 176, 14),
    )


def colours() -> str:
    """The four colours of Invader, each with its own letter and shape."""
    return picture(290, 100, *(invader(8 + i * 70, 10, colour, 62) for i, colour in enumerate(COLOURS)))


def compare() -> str:
    """The most of one colour wins; if level, the second-best colour decides."""
    rows = [("orange", (("yellow", 4), ("blue", 3), ("green", 1))), ("sky", (("green", 4), ("purple", 2), ("yellow", 2)))]
    parts = [rect(108, 4, 86, 152, "none", 12, WARN, 3)]
    for row, (who, counts) in enumerate(rows):
        y = 44 + row * 76
        parts.append(seat(who, 18, y, 13))
        for k, (colour, n) in enumerate(counts):
            x = 42 + k * 86
            parts += [art(f"heroes/invader-{colour}.svg", x, y - 20, 40),
                      text(str(n), x + 58, y, 22, TEXT, width=4)]
    parts.append(star(314, 44, 16))
    return picture(336, 160, *parts)


def reset() -> str:
    """Our ruling for a last pot that keeps tying: hands come back full and every Freeze Ray is armed again."""
    return picture(
        400, 150,
        *(rect(10 + k * 52, 30, 46, 62, PANEL_LIGHT, 8, PANEL_EDGE, 2) for k in range(5)),
        *(text(str(k + 1), 33 + k * 52, 61, 22, TEXT, width=4) for k in range(5)),
        arrow([(284, 64), (312, 64)], TEXT_DIM, 3.5),
        art("heroes/freeze-ray.svg", 318, 22, 80),
        text("ALL BACK", 134, 124, 14, TEXT),
    )


ZONE_COLOURS = ("orange", "sky", "green", "yellow")


def zones() -> str:
    """Four keyboard zones: five bid keys each and a Freeze key at the outer edge."""
    k, step = 34, 38
    parts = []
    rows = [("1234567890", 0, 6), ("QWERTYUIOP", 14, 50), ("ZXCVBNM,./", 24, 94)]
    for keys, indent, y in rows:
        for i, ch in enumerate(keys):
            x = 20 + indent + i * step
            zone = None
            if y == 6:
                zone = ZONE_COLOURS[0] if i < 5 else ZONE_COLOURS[1]
            elif y == 94:
                zone = ZONE_COLOURS[2] if i < 5 else ZONE_COLOURS[3]
            freeze = (y == 50 and ch in "QP")
            parts.append(key(ch, x, y, k, lit=False))
            if zone:
                parts.append(rect(x - 3, y - 3, k + 6, k * 1.1 + 6, "none", 8, SEATS[zone][0], 3))
            if freeze:
                parts.append(rect(x - 3, y - 3, k + 6, k * 1.1 + 6, "none", 8, ICE, 3))
    parts.append(key("SHIFT", -12 + 20, 138, 70, 34))
    parts.append(rect(5, 135, 76, 40.4, "none", 8, ICE, 3))
    parts.append(key("SHIFT", 330, 138, 70, 34))
    parts.append(rect(327, 135, 76, 40.4, "none", 8, ICE, 3))
    parts.append(text("FREEZE", 204, 156, 12, ICE))
    return picture(440, 182, *parts)


def pad_controls() -> str:
    """A pad of one's own: A, B, X, Y and RB bid 1 to 5; LB fires the Freeze Ray."""
    x, y, w = 60, 40, 200
    return picture(
        340, 210,
        leader(pad_spot(x, y, w, "A"), (300, 150), "1"),
        leader(pad_spot(x, y, w, "B"), (300, 104), "2"),
        leader(pad_spot(x, y, w, "X"), (170, 182), "3", anchor="middle"),
        leader(pad_spot(x, y, w, "Y"), (300, 64), "4"),
        leader(pad_spot(x, y, w, "RB"), (240, 16), "5"),
        leader(pad_spot(x, y, w, "LB"), (94, 16), "FREEZE", anchor="end"),
        pad(x, y, w, lit=("A", "B", "X", "Y", "RB", "LB")),
    )


def pass_screen() -> str:
    """One screen for everyone: while one picks, the others look away."""
    parts = [rect(110, 10, 220, 130, "#0E0A16", 10, PANEL_EDGE, 4), rect(200, 140, 40, 16, PANEL_EDGE),
             rect(170, 154, 100, 8, PANEL_EDGE, 4)]
    parts += [rect(128 + k * 40, 50, 32, 44, PANEL_LIGHT, 6, PANEL_EDGE, 2) for k in range(5)]
    parts += [text(str(k + 1), 144 + k * 40, 72, 16, TEXT, width=3) for k in range(5)]
    parts += [pointer(236, 84, 26), seat("orange", 60, 80, 16)]
    parts += [seat("sky", 366, 40, 16), seat("green", 406, 40, 16),
              path("M358,100 Q386,78 414,100 Q386,122 358,100 Z", stroke=TEXT, width=3),
              circle(386, 100, 6, TEXT), path("M362,124 L410,76", stroke=BAD, width=4),
              text("LOOK AWAY", 386, 152, 12, TEXT)]
    return picture(440, 182, *parts)


def bots() -> str:
    """A bot's seat: it bids in secret too, reading only what a player may see."""
    return picture(
        300, 170,
        art("takedown/icons/robot.svg", 10, 30, 110),
        circle(170, 46, 6, PANEL_EDGE), circle(190, 30, 9, PANEL_EDGE),
        rect(196, 6, 96, 116, PANEL, 14, PANEL_EDGE, 3), back(212, 18, 64),
        text("THINKING", 244, 150, 12, TEXT_DIM),
    )


PICTURES = {
    "secret": secret, "flip": flip, "played": played, "tie": tie, "freeze": freeze, "colours": colours,
    "compare": compare, "reset": reset, "zones": zones, "pad": pad_controls, "pass": pass_screen, "bots": bots,
}
