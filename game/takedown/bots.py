"""Computer flickers for Takedown: aim by simulating candidate flicks.

A bot tries flicks at the remaining targets with the same headless physics
the game uses, scores each landing, and then flicks its choice with a
shaky hand: the weaker the bot, the larger its aim and power noise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.protocol import Bot
from game.core.rng import Rng
from game.core.steps import finish
from game.takedown.physics import Layout, resolve_steps
from game.takedown.rules import Takedown
from game.takedown.shot import Flick, Landing


@dataclass(frozen=True)
class Strength:
    targets: int  # how many of the most promising targets it studies
    powers: int  # power tries around its first guess (to find a matching icon)
    angle_noise: float  # radians (standard deviation)
    power_noise: float  # share of full power (standard deviation)


STRENGTHS = {
    "easy": Strength(targets=1, powers=1, angle_noise=0.15, power_noise=0.15),
    "normal": Strength(targets=2, powers=3, angle_noise=0.045, power_noise=0.045),
    "expert": Strength(targets=4, powers=5, angle_noise=0.025, power_noise=0.03),
}


def gauss(rng: Rng) -> float:
    """A standard normal sample (Box-Muller) from the seeded generator."""
    return math.sqrt(-2.0 * math.log(1.0 - rng.random())) * math.cos(math.tau * rng.random())


def shake(flick: Flick, angle_sd: float, power_sd: float, rng: Rng) -> Flick:
    return Flick(flick.angle + gauss(rng) * angle_sd, min(1.0, max(0.05, flick.power + gauss(rng) * power_sd)),
                 flick.spin)


_REACH: dict[str, tuple[tuple[float, float], ...]] = {}  # per table: how far straight flicks go


def reach_steps(level):
    """(power, distance) of straight flicks across bare table, the bot's first guess (worked out once a table)."""
    if level.id in _REACH:
        return _REACH[level.id]
    far = (level.table_w / 2, level.table_h / 2)
    layout = Layout(saucers=(far,), targets=(), flicker=0)
    rows = []
    for i in range(1, 21):
        power = i / 20
        landing = yield from resolve_steps(level, layout, Flick(0.0, power))
        rows.append((power, math.hypot(landing.x - far[0], landing.y - far[1])))
    _REACH[level.id] = tuple(rows)
    return _REACH[level.id]


def guess_power(rows, distance: float) -> float:
    for (p0, d0), (p1, d1) in zip(rows, rows[1:]):
        if d0 <= distance <= d1:
            return p0 + (p1 - p0) * (distance - d0) / max(1e-9, d1 - d0)
    return rows[0][0] if distance < rows[0][1] else 1.0


def value(state: Takedown, landing: Landing) -> float:
    """How good a landing is for the flicker."""
    if not landing.left_saucer:
        return -0.5
    if landing.fell:
        return -3.0
    score = 0.0
    if landing.target is not None:
        piece = state.pieces[landing.target][0]
        matched = landing.face == state.level.targets[landing.target].icon
        score += 2.0 + state.level.points(piece, matched)
    score += 1.5 * len(landing.saucers)
    if landing.target is None:
        # a miss leaves our saucer where the die is: near a target is good
        near = min((math.hypot(landing.x - t.x, landing.y - t.y) for i, t in enumerate(state.level.targets)
                    if state.pieces[i]), default=0.0)
        score += max(0.0, 1.0 - near / 600)
    return score


def plan_steps(state: Takedown, strength: Strength):
    """The best flick found among the candidates, before the shaky hand (a stepwise computation)."""
    level = state.level
    rows = yield from reach_steps(level)
    layout = Layout.of(state)
    sx, sy = state.saucers[state.current]
    targets = sorted((i for i, left in enumerate(state.pieces) if left),
                     key=lambda i: math.hypot(level.targets[i].x - sx, level.targets[i].y - sy))
    best = (-math.inf, Flick(0.0, 0.5))
    for i in targets[: strength.targets]:
        t = level.targets[i]
        angle = math.atan2(t.y - sy, t.x - sx)
        base = guess_power(rows, math.hypot(t.x - sx, t.y - sy))
        for k in range(strength.powers):
            offset = (k + 1) // 2 * 0.025 * (1 if k % 2 else -1)
            flick = Flick(angle, min(1.0, max(0.05, base + offset)))
            landing = yield from resolve_steps(level, layout, flick)
            score = value(state, landing) - abs(offset)
            if score > best[0]:
                best = (score, flick)
    return best[1]


def plan(state: Takedown, strength: Strength) -> Flick:
    return finish(plan_steps(state, strength))


def think(state: Takedown, rng: Rng, strength: str):
    s = STRENGTHS[strength]
    flick = yield from plan_steps(state, s)
    return shake(flick, s.angle_noise, s.power_noise, rng)


def _bot(label: str, blurb: str, strength: str) -> Bot:
    return Bot.stepwise(label, blurb, lambda state, player, rng: think(state, rng, strength))


# Weakest first; the registry and setup read this, the one list of bots.
BOTS = {
    "easy": _bot("Easy", "Aims at the nearest target with an unsteady hand.", "easy"),
    "normal": _bot("Normal", "Weighs two targets and a few powers; a fairly steady hand.", "normal"),
    "expert": _bot("Expert", "Studies every target for the best landing; a steady hand.", "expert"),
}
