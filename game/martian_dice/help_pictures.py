"""Martian Dice's how-to pictures: a turn step by step, worked scores, the duel and the controls."""

from game.ui.picture_parts import (
    ACCENT,
    BAD,
    GOOD,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    WARN,
    arrow,
    box,
    check,
    click,
    cross,
    dice_pad,
    die,
    face_tile,
    key,
    picture,
    pointer,
    rect,
    seat,
    star,
    text,
    tray,
)

RAY, TANK, HUMAN, COW, CHICKEN = (f"dice/{face}.svg" for face in ("ray", "tank", "human", "cow", "chicken"))
D = 42  # a die's size in these pictures


def turn_roll() -> str:
    """Step 1: the roll's tanks slide out of the tray at once."""
    dice = [(RAY, 48, 48), (HUMAN, 108, 42), (TANK, 170, 52), (COW, 52, 112), (RAY, 118, 108),
            (COW, 182, 118), (CHICKEN, 56, 178), (TANK, 126, 176), (HUMAN, 188, 182)]
    return picture(
        370, 230,
        tray(6, 6, 226, 218),
        *(die(face, x, y, D, faded=face == TANK) for face, x, y in dice),
        box(262, 20, 100, 196, "TANKS", BAD),
        die(TANK, 312, 88, D), die(TANK, 312, 160, D),
        arrow([(186, 44), (240, 30), (286, 78)], BAD, 4.5),
        arrow([(148, 182), (240, 200), (286, 166)], BAD, 4.5),
    )


def turn_pick() -> str:
    """Step 2: one kind is picked and every die showing it goes aside."""
    dice = [(RAY, 48, 48), (HUMAN, 108, 42), (COW, 52, 112), (RAY, 118, 108), (COW, 182, 118),
            (CHICKEN, 56, 178), (HUMAN, 188, 182), (COW, 176, 50)]
    return picture(
        370, 230,
        tray(6, 6, 226, 218),
        *(die(face, x, y, D, lit=face == COW) for face, x, y in dice),
        box(262, 20, 100, 196, "COWS", ACCENT),
        die(COW, 312, 70, D), die(COW, 312, 124, D), die(COW, 312, 178, D),
        arrow([(202, 44), (250, 40), (284, 66)], ACCENT, 4.5),
        arrow([(206, 118), (284, 124)], ACCENT, 4.5),
        pointer(66, 124, 30), click(66, 124, 16),
    )


def turn_again() -> str:
    """Step 3: an earthling kind already taken cannot be picked again; death rays always can."""
    dice = [(COW, 54, 60), (RAY, 124, 54), (HUMAN, 186, 66), (RAY, 70, 150), (CHICKEN, 150, 160)]
    return picture(
        370, 230,
        tray(6, 6, 226, 218),
        *(die(face, x, y, D, faded=face == COW, lit=face == RAY) for face, x, y in dice),
        cross(72, 80, 22), check(142, 74, 22), check(88, 170, 22),
        box(262, 20, 100, 196, "RAYS", "#FF2EC4"),
        die(RAY, 312, 70, D), die(RAY, 312, 124, D), die(RAY, 312, 178, D),
        arrow([(146, 40), (230, 20), (284, 112)], "#FF6FD8", 4.5),
        arrow([(94, 192), (220, 214), (284, 176)], "#FF6FD8", 4.5),
    )


def score_safe() -> str:
    """The worked example: enough death rays, so every earthling counts."""
    d = 36
    return picture(
        380, 190,
        box(4, 6, 142, 72, color=BAD), box(192, 6, 142, 72, color="#FF2EC4"),
        *(die(TANK, 30 + i * 45, 42, d) for i in range(3)),
        text("VS", 169, 42, 14, TEXT_DIM),
        *(die(RAY, 218 + i * 45, 42, d) for i in range(3)),
        check(358, 42, 26),
        *(die(HUMAN, 24 + i * 44, 138, d) for i in range(4)),
        die(CHICKEN, 200, 138, d),
        text("=", 248, 138, 18, TEXT),
        text("5", 290, 138, 44, WARN, width=7),
    )


def score_bonus() -> str:
    """All three kinds of earthling: 3 more points."""
    d = 44
    return picture(
        250, 150,
        die(HUMAN, 34, 40, d), die(COW, 94, 40, d), die(CHICKEN, 64, 106, d),
        text("+3", 190, 72, 44, WARN, width=7),
    )


def score_bust() -> str:
    """More tanks than death rays: the turn scores nothing."""
    d = 36
    return picture(
        270, 160,
        box(4, 6, 142, 66, color=BAD), box(4, 86, 100, 66, color="#FF2EC4"),
        *(die(TANK, 30 + i * 45, 38, d) for i in range(3)),
        *(die(RAY, 30 + i * 45, 118, d) for i in range(2)),
        cross(180, 78, 28),
        text("0", 236, 78, 44, BAD, width=7),
    )


def final_round() -> str:
    """The first to 25 ends the game only after everyone else has had their turn in that round."""
    parts = [rect(6, 20, 96, 120, "#2C2444", 12, WARN, 3), seat("orange", 54, 50, 15),
             text("26", 54, 100, 30, WARN, width=5)]
    for i, who in enumerate(("sky", "green")):
        x = 132 + i * 118
        parts += [arrow([(x - 26, 80), (x - 4, 80)], TEXT_DIM, 3.5),
                  rect(x, 20, 96, 120, "#2C2444", 12, PANEL_EDGE, 3), seat(who, x + 48, 50, 15),
                  die(RAY if i else HUMAN, x + 48, 104, 38)]
    parts += [text("FIRST TO 25", 54, 160, 11, WARN), text("ONE LAST TURN EACH", 239, 160, 11, TEXT)]
    return picture(360, 176, *parts)


def duel() -> str:
    """A tie for first is settled by six dice each: the most death rays wins."""
    d = 36
    rows = [("orange", [RAY, HUMAN, RAY, TANK, RAY, COW], 3), ("sky", [COW, RAY, CHICKEN, RAY, HUMAN, TANK], 2)]
    parts = []
    for i, (who, faces, rays) in enumerate(rows):
        y = 46 + i * 84
        parts.append(seat(who, 20, y, 13))
        parts += [die(face, 62 + k * 44, y, d, lit=face == RAY) for k, face in enumerate(faces)]
        parts.append(text(str(rays), 334, y, 30, WARN if i == 0 else TEXT_DIM, width=5))
    parts.append(star(372, 46, 17))
    return picture(396, 180, *parts)


def mouse() -> str:
    """Clicking one die picks its whole kind."""
    dice = [(HUMAN, 44, 44), (COW, 104, 40), (RAY, 164, 48), (COW, 60, 112), (CHICKEN, 130, 116), (HUMAN, 196, 110)]
    return picture(
        236, 160,
        tray(6, 6, 224, 148),
        *(die(face, x, y, D, lit=face == COW) for face, x, y in dice),
        pointer(112, 48, 40), click(112, 48, 20),
    )


def keys() -> str:
    """The keyboard: a key for each kind, then roll, stop and coach."""
    parts = []
    for i, (label, face) in enumerate(zip("1234", (RAY, HUMAN, COW, CHICKEN))):
        x = 12 + i * 58
        parts += [key(label, x, 10, 46), die(face, x + 23, 92, 36)]
    parts += [key("SPACE", 12, 130, 116, 40), text("ROLL", 70, 190, 13, TEXT),
              key("S", 148, 130, 40), text("STOP", 168, 190, 13, TEXT),
              key("G", 212, 130, 40), text("COACH", 232, 190, 13, TEXT)]
    return picture(270, 206, *parts)


def pad_controls() -> str:
    """The game pad: X rolls, Y stops, the D-pad and A pick."""
    return dice_pad("PICK")


def coach() -> str:
    """The coach panel: its advice and the risk that the next roll is a bust."""
    return picture(
        300, 170,
        key("G", 8, 60, 48),
        arrow([(64, 84), (92, 84)], TEXT_DIM, 3.5),
        rect(104, 8, 188, 154, "#281E3A", 12, PANEL_EDGE, 3),
        text("COACH", 198, 30, 14, ACCENT),
        text("ROLL!", 198, 66, 24, GOOD, width=4),
        text("BUST RISK", 198, 102, 11, TEXT),
        rect(122, 120, 152, 18, "#181224", 9, PANEL_EDGE, 2), rect(122, 120, 152 * 0.14, 18, BAD, 9),
        text("14%", 198, 150, 12, TEXT),
    )


PICTURES = {
    **{f"face-{face}": (lambda face=face: face_tile(f"dice/{face}.svg")) for face in ("tank", "ray", "human", "cow", "chicken")},
    "turn-roll": turn_roll, "turn-pick": turn_pick, "turn-again": turn_again,
    "score-safe": score_safe, "score-bonus": score_bonus, "score-bust": score_bust,
    "final-round": final_round, "duel": duel,
    "mouse": mouse, "keys": keys, "pad": pad_controls, "coach": coach,
}
