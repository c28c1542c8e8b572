"""Mars Attacks: The Dice Game's how-to pictures: a roll, banking, being nuked, the odds, the cards, the keys."""

from game.mars_attacks.odds import first_roll_nuked
from game.ui.picture_parts import (
    ACCENT,
    BAD,
    GOOD,
    INK,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    WARN,
    arrow,
    art,
    box,
    circle,
    dice_pad,
    die,
    face_tile,
    key,
    path,
    picture,
    pointer,
    rect,
    seat,
    star,
    text,
    tray,
)

MARTIAN, RAYGUN, NUKE = (f"mars-attacks/dice/{face}.svg" for face in ("martian", "raygun", "nuke"))
SYMBOL = "mars-attacks/icons/nuke-symbol.svg"
CITY, MONUMENT = "#2C284A", "#3A2856"  # card colours of the scene
RULE = {"red": BAD, "green": GOOD, "orange": ACCENT}  # the scene's rule colours
D = 38


def card(x, y, need: str, spaces: int, vp: int, nukes: int, kind: str = "city", edge=PANEL_EDGE,
         progress: dict | None = None, w: float = 150, h: float = 196) -> str:
    """A location card as the table shows it: what it needs, its numbered spaces, VP and Nuke symbols.
    `progress` maps a seat to the space its token is on."""
    parts = [rect(x, y, w, h, MONUMENT if kind == "monument" else CITY, 12, edge, 3),
             art(f"mars-attacks/icons/{kind}.svg", x + 10, y + 10, 26),
             art(f"mars-attacks/icons/{need}.svg", x + 44, y + 12, 22), text(str(spaces), x + 82, y + 23, 14, TEXT)]
    for n in range(1, spaces + 1):
        cx, cy = x + 22 + ((n - 1) % 5) * 26.5, y + 60 + ((n - 1) // 5) * 27
        parts += [circle(cx, cy, 11, "#181224", PANEL_EDGE, 1.5), text(str(n), cx, cy, 8, TEXT_DIM, width=1.4)]
    for who, space in (progress or {}).items():
        cx, cy = x + 22 + ((space - 1) % 5) * 26.5, y + 60 + ((space - 1) // 5) * 27
        parts.append(seat(who, cx, cy, 12))
    parts.append(text(f"{vp} VP", x + 12, y + h - 22, 16, WARN, anchor="start", width=2.6))
    for j in range(nukes):
        parts.append(art(SYMBOL, x + w - 36 - j * 30, y + h - 36, 26))
    return "\n".join(parts)


def symbol_at(x, y, w: float = 150, h: float = 196, j: int = 0) -> tuple[float, float]:
    """The centre of a card's j-th Nuke symbol (from the right)."""
    return x + w - 23 - j * 30, y + h - 23


def roll() -> str:
    """After a roll: Ray Guns line up, Nukes fly onto the cards' symbols, Martians may be thrown again."""
    cx, cy = 300, 14
    s0, s1 = symbol_at(cx, cy, j=0), symbol_at(cx, cy, j=1)
    return picture(
        460, 300,
        tray(6, 6, 250, 190),
        *(die(MARTIAN, x, y, D) for x, y in ((50, 50), (120, 86), (60, 140))),
        arrow([(170, 80), (212, 40), (208, 140)], GOOD, 4),
        text("AGAIN", 204, 164, 12, GOOD),
        card(cx, cy, "raygun", 7, 3, 2),
        die(NUKE, s1[0], s1[1], 30), die(NUKE, s0[0], s0[1], 30),
        arrow([(210, 210), (292, 200)], BAD, 4),
        box(6, 212, 250, 82, "RAY GUNS", "#2E9FD0"),
        *(die(RAYGUN, 40 + i * 56, 258, D) for i in range(4)),
    )


def bank() -> str:
    """Stopping banks the turn's count on the card with one of your tokens."""
    return picture(
        360, 210,
        box(6, 10, 120, 190, "RAY GUNS", "#2E9FD0"),
        *(die(RAYGUN, 44 + (i % 2) * 46, 60 + (i // 2) * 50, D) for i in range(4)),
        arrow([(134, 100), (184, 100)], WARN, 4.5),
        card(200, 8, "raygun", 7, 3, 1, progress={"orange": 4}),
        circle(200 + 22 + 3 * 26.5, 68, 17, "none", WARN, 3),
    )


def nuked() -> str:
    """Nukes rolled this turn cover every symbol in play: nuked."""
    parts = [rect(6, 12, 150, 196, "#34181E", 12, BAD, 3), text("DIFFICULTY", 81, 36, 11, TEXT)]
    for j in range(2):
        parts.append(art(SYMBOL, 6 + 150 - 36 - j * 30, 12 + 196 - 36, 26))
    parts.append(card(168, 12, "raygun", 7, 3, 1))
    parts.append(card(330, 12, "raygun", 8, 4, 0))
    for x, j in ((6, 0), (6, 1), (168, 0)):
        sx, sy = symbol_at(x, 12, j=j)
        parts.append(die(NUKE, sx, sy, 28))
    parts.append(text("NUKED!", 243, 236, 28, BAD, width=5, halo=INK))
    return picture(486, 258, *parts)


def odds() -> str:
    """The chance that the very first roll nukes you, by Nuke symbols in play (computed by the game's odds)."""
    parts = [path("M30,172 L400,172", stroke=PANEL_EDGE, width=2), art(SYMBOL, 2, 181, 22)]
    for n in range(1, 9):
        chance = first_roll_nuked(n)
        x = 30 + (n - 1) * 46
        height = 130 * chance
        parts += [rect(x + 6, 172 - height, 34, height, BAD if chance >= 0.5 else WARN, 4),
                  text(f"{chance:.0%}", x + 23, 160 - height, 11, TEXT), text(str(n), x + 23, 192, 14, TEXT)]
    return picture(410, 206, *parts)


def cities() -> str:
    """A city counts Ray Guns over several rolls; a monument counts Martians, one roll only."""
    return picture(
        330, 206,
        card(6, 6, "raygun", 7, 3, 1),
        card(174, 6, "martian", 10, 8, 2, kind="monument"),
    )


def tokens() -> str:
    """Four tokens each; when a card is claimed, every token on it goes home."""
    parts = [card(170, 6, "raygun", 7, 3, 0, progress={"sky": 3, "orange": 7}, edge=WARN)]
    parts += [seat("sky", 40 + i * 32, 40, 12) for i in range(3)]
    parts += [seat("orange", 40 + i * 32, 150, 12) for i in range(3)]
    parts += [arrow([(230, 90), (190, 50), (140, 42)], TEXT_DIM, 3.5)]
    return picture(330, 210, *parts)


def rules() -> str:
    """The colour round a card says when its rule works; point at the card to read it."""
    parts = []
    for i, (colour, word) in enumerate((("red", "IN PLAY"), ("green", "ONGOING"), ("orange", "ON CLAIM"))):
        x = 6 + i * 124
        parts += [rect(x, 6, 112, 150, CITY, 12, RULE[colour], 4),
                  art("mars-attacks/icons/city.svg", x + 36, 22, 40),
                  text(word, x + 56, 96, 11, RULE[colour])]
    parts += [pointer(290, 110, 34)]
    return picture(380, 160, *parts)


def the_end() -> str:
    """A stack's last card is claimed: the round finishes, then the most VP wins."""
    return picture(
        420, 170,
        rect(6, 14, 104, 140, "none", 12, PANEL_EDGE, 2), text("EMPTY", 58, 84, 12, TEXT_DIM),
        arrow([(120, 84), (150, 84)], TEXT_DIM, 3.5),
        seat("sky", 176, 54, 14), text("LAST TURN", 200, 54, 12, TEXT, anchor="start"),
        seat("green", 176, 114, 14), text("LAST TURN", 200, 114, 12, TEXT, anchor="start"),
        arrow([(306, 84), (336, 84)], TEXT_DIM, 3.5),
        star(376, 60, 22), text("VP", 376, 112, 18, WARN, width=3),
    )


def keys() -> str:
    """1 to 4 target a stack; Space rolls, S stops, G opens the coach."""
    parts = [key(str(n), 12 + (n - 1) * 56, 10, 46) for n in range(1, 5)]
    parts += [text("TARGET", 122, 80, 13, TEXT),
              key("SPACE", 12, 108, 116, 40), text("ROLL", 70, 168, 13, TEXT),
              key("S", 148, 108, 40), text("STOP", 168, 168, 13, TEXT),
              key("G", 212, 108, 40), text("COACH", 232, 168, 13, TEXT)]
    return picture(266, 184, *parts)


def pad_controls() -> str:
    """The game pad: X rolls, Y stops, the D-pad and A target."""
    return dice_pad("TARGET")


PICTURES = {
    **{f"face-{face}": (lambda face=face: face_tile(f"mars-attacks/dice/{face}.svg")) for face in ("martian", "raygun", "nuke")},
    "roll": roll, "bank": bank, "nuked": nuked, "odds": odds, "cities": cities, "tokens": tokens,
    "rules": rules, "end": the_end, "keys": keys, "pad": pad_controls,
}
