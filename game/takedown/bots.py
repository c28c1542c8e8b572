"""Computer flickers for Takedown that play like people at a table.

A person sees an arrow and has a feel for how hard to flick; they do not
run the physics in their head. So the bots:
- pick a target from the ones nearest their saucer, weighing its value against how hard it is to hit;
- judge the power from how far flicks travel on bare table, corrected by how their own earlier
  shots fell short or long (``Takedown.shots``); only the expert also tries a few powers in the
  physics, as an experienced player knows a table;
- flick with a hand whose error grows with distance and power;
- now and then make a plausible mistake: the wrong target, or a timid flick.
The die's face is luck (its drop is random), so they count a flip as a one-in-three chance.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

from game.core.protocol import Bot
from game.core.rng import Rng
from game.core.steps import finish
from game.takedown.physics import Layout, resolve_steps
from game.takedown.rules import Takedown
from game.takedown.shot import Flick, Landing

AIM_SHORT = 30.0  # mm: a player aims a little short of a target's centre (the die slides on cardboard)
LEARN_FROM = 3  # own earlier shots a bot corrects its power feel from


@dataclass(frozen=True)
class Strength:
    studies: int  # how many of the nearest targets it weighs
    tries: int  # powers it tries in the physics around its guess (0: judges by feel alone)
    angle_sd: float  # aim error (radians, standard deviation) on a short flick...
    angle_per_m: float  # ...growing by this much per metre of distance
    power_sd: float  # power error as a share of the power (so it grows with power)
    slip: float  # chance of a plausible mistake: the wrong target or a timid flick


STRENGTHS = {
    # tuned so that from the Base at mid range (300-420 mm) they hit an outer ring about 35%, 60% and 85%
    # of the time (python -m game.takedown.skill)
    "easy": Strength(studies=1, tries=0, angle_sd=0.12, angle_per_m=0.20, power_sd=0.26, slip=0.15),
    "normal": Strength(studies=2, tries=0, angle_sd=0.07, angle_per_m=0.12, power_sd=0.17, slip=0.07),
    "expert": Strength(studies=4, tries=5, angle_sd=0.04, angle_per_m=0.06, power_sd=0.075, slip=0.03),
}

_REACH: dict[str, tuple[tuple[float, float], ...]] = {}  # per table: how far straight flicks travel


def reach_steps(level):
    """(power, distance) of straight flicks on bare table without edges: a player's feel for power."""
    if level.id in _REACH:
        return _REACH[level.id]
    open_table = dataclasses.replace(level, table_w=20_000.0, table_h=20_000.0, walls=(), bumpers=())
    middle = (10_000.0, 10_000.0)
    layout = Layout(saucers=(middle,), targets=(), flicker=0)
    rows = []
    for i in range(1, 21):
        power = i / 20
        landing = yield from resolve_steps(open_table, layout, Flick(0.0, power))
        rows.append((power, math.hypot(landing.x - middle[0], landing.y - middle[1])))
    _REACH[level.id] = tuple(rows)
    return _REACH[level.id]


def reach(rows, power: float) -> float:
    """How far a flick of this power travels on bare table."""
    for (p0, d0), (p1, d1) in zip(rows, rows[1:]):
        if p0 <= power <= p1:
            return d0 + (d1 - d0) * (power - p0) / (p1 - p0)
    return rows[0][1] * power / rows[0][0] if power < rows[0][0] else rows[-1][1]


def guess_power(rows, distance: float) -> float:
    """The power that sends the die `distance` across bare table."""
    for (p0, d0), (p1, d1) in zip(rows, rows[1:]):
        if d0 <= distance <= d1:
            return p0 + (p1 - p0) * (distance - d0) / max(1e-9, d1 - d0)
    return rows[0][0] * distance / max(1e-9, rows[0][1]) if distance < rows[0][1] else 1.0


def feel(state: Takedown, player: int, rows) -> float:
    """How much farther (>1) or shorter (<1) than expected this player's recent shots went."""
    ratios = []
    for shot in reversed(state.shots):
        if shot.player == player and not shot.fell:
            expected = reach(rows, shot.flick.power)
            travelled = math.hypot(shot.end[0] - shot.start[0], shot.end[1] - shot.start[1])
            if expected > 1:
                ratios.append(travelled / expected)
            if len(ratios) == LEARN_FROM:
                break
    if not ratios:
        return 1.0
    ratios.sort()
    return min(1.25, max(0.8, ratios[len(ratios) // 2]))


def value(state: Takedown, landing: Landing) -> float:
    """How good a landing is for the flicker."""
    if not landing.left_saucer:
        return -0.5
    if landing.fell:
        return -3.0
    score = 0.0
    if landing.target is not None:
        piece = state.pieces[landing.target][0]  # the face is luck: a third of the time it flips the piece
        score += 2.0 + (2 * state.level.points(piece, False) + state.level.points(piece, True)) / 3
    score += 1.5 * len(landing.saucers)
    if landing.target is None:
        # a miss leaves our saucer where the die is: near a target is good
        near = min((math.hypot(landing.x - t.x, landing.y - t.y) for i, t in enumerate(state.level.targets)
                    if state.pieces[i]), default=0.0)
        score += max(0.0, 1.0 - near / 600)
    return score


def targets_by_appeal(state: Takedown, strength: Strength) -> list[tuple[float, int]]:
    """(appeal, target) for the targets it weighs: what the top piece is worth over how far it is."""
    level = state.level
    sx, sy = state.saucers[state.current]
    near = sorted((math.hypot(level.targets[i].x - sx, level.targets[i].y - sy), i)
                  for i, left in enumerate(state.pieces) if left)[: strength.studies]
    appeal = []
    for distance, i in near:
        piece = state.pieces[i][0]
        worth = (2 * level.points(piece, False) + level.points(piece, True)) / 3
        reachable = level.piece_radius(piece) + level.die_size / 2
        appeal.append((worth * reachable / max(distance, reachable), i))
    return sorted(appeal, reverse=True)


def aim_steps(state: Takedown, strength: Strength, rng: Rng, target: int | None = None):
    """The target and the flick the bot means (before its hand shakes), as a stepwise computation;
    `target` makes it go for that one."""
    level = state.level
    rows = yield from reach_steps(level)
    sx, sy = state.saucers[state.current]
    if target is None:
        choices = targets_by_appeal(state, strength)
        if not choices:
            return None, Flick(-math.pi / 2, 0.3)
        target = choices[0][1]
        if len(choices) > 1 and rng.random() < strength.slip / 2:
            target = choices[1][1]  # a plausible mistake: the other target looked better
    t = level.targets[target]
    distance = math.hypot(t.x - sx, t.y - sy)
    angle = math.atan2(t.y - sy, t.x - sx)
    power = guess_power(rows, max(10.0, distance - AIM_SHORT) / feel(state, state.current, rows))
    if strength.tries:
        layout = Layout.of(state)
        best = (-math.inf, power)
        for k in range(strength.tries):
            offset = (k + 1) // 2 * 0.025 * (1 if k % 2 else -1)
            tried = min(1.0, max(0.05, power + offset))
            landing = yield from resolve_steps(level, layout, Flick(angle, tried))
            score = value(state, landing) - abs(offset)
            if score > best[0]:
                best = (score, tried)
        power = best[1]
    if rng.random() < strength.slip / 2:
        power *= 0.8  # a timid flick
    return target, Flick(angle, min(1.0, max(0.05, power)))


def shake(flick: Flick, distance: float, strength: Strength, rng: Rng) -> Flick:
    """The hand: aim error grows with distance, power error with power; an off-centre strike spins it."""
    angle_sd = strength.angle_sd + strength.angle_per_m * distance / 1000
    power = flick.power * (1 + rng.gauss() * strength.power_sd)
    return Flick(flick.angle + rng.gauss() * angle_sd, min(1.0, max(0.05, power)), rng.gauss() * 2.0)


def think(state: Takedown, rng: Rng, strength_name: str):
    strength = STRENGTHS[strength_name]
    target, flick = yield from aim_steps(state, strength, rng)
    sx, sy = state.saucers[state.current]
    distance = math.hypot(state.level.targets[target].x - sx, state.level.targets[target].y - sy) \
        if target is not None else 300.0
    return shake(flick, distance, strength, rng)


def plan(state: Takedown, strength: Strength) -> Flick:
    """The flick a strength means from here, without mistakes or a shaking hand (a steady player's aim)."""
    steady = dataclasses.replace(strength, slip=0.0)
    return finish(aim_steps(state, steady, Rng(0)))[1]


def _bot(label: str, blurb: str, strength: str) -> Bot:
    return Bot.stepwise(label, blurb, lambda state, player, rng: think(state, rng, strength))


# Weakest first; the registry and setup read this, the one list of bots.
BOTS = {
    "easy": _bot("Easy", "Goes for the nearest target by feel, with an unsteady hand.", "easy"),
    "normal": _bot("Normal", "Weighs two targets and learns from its own shots.", "normal"),
    "expert": _bot("Expert", "Knows the table well and has a steady hand, but not a perfect one.", "expert"),
}
