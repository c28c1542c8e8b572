"""Computer flickers for Takedown that play like people at a table.

A person sees an arrow and has a feel for how hard to flick; they do not
run the physics in their head. So the bots:
- pick a target from the ones nearest their saucer, weighing its value against how hard it is to hit;
- judge the power from how far flicks travel on bare table (``reach``), corrected by how their own
  earlier shots fell short or long (the view's ``shots``); only the expert also tries a few powers
  in the physics, as an experienced player knows a table;
- flick with a hand whose error grows with distance and power;
- now and then make a plausible mistake: the wrong target, or a timid flick.
The die's face is luck (its drop is random), so they count a flip as a one-in-three chance.
They see their seat's view, never the state: imagining a flick in the physics is like a person
picturing it, and the die's drop they picture is their own guess, not the game's chance seed.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
from dataclasses import dataclass

from game.core.protocol import Bot
from game.core.rng import Rng
from game.core.steps import Steps, finish
from game.takedown.physics import Layout, resolve_steps
from game.takedown.reach import Rows, guess_power, reach, reach_steps
from game.takedown.rules import TakedownView
from game.takedown.shot import Flick, Landing

AIM_SHORT = 30.0  # mm: a player aims a little short of a target's centre (the die slides on cardboard)
LEARN_FROM = 3  # own earlier shots a bot corrects its power feel from
RETRY_TURNS = (0.45, -0.45, 0.9, -0.9)  # rad: a flick that did not count is not tried again; it turns this far...
RETRY_POWER = 0.2  # ...and goes this much harder per try
DETOUR_POWERS = (0.35, 0.5, 0.65, 0.8, 1.0)  # the powers of a bot's fan of flicks around a wall
GIVE_UP = 4  # after this many flicks in a row that did not count, the bot flicks where the die surely gets out


@dataclass(frozen=True)
class Strength:
    studies: int  # how many of the nearest targets it weighs
    tries: int  # powers it tries in the physics around its guess (0: judges by feel alone)
    angle_sd: float  # aim error (radians, standard deviation) on a short flick...
    angle_per_m: float  # ...growing by this much per metre of distance
    power_sd: float  # power error as a share of the power (so it grows with power)
    slip: float  # chance of a plausible mistake: the wrong target or a timid flick
    detour: int = 0  # directions it pictures when a wall is in the way (0: it flicks straight regardless)
    par_line: bool = False  # on a challenge table it follows the par line the table shows when a wall is in the way


STRENGTHS = {
    # tuned so that from the Base at mid range (300-420 mm) they hit an outer ring about 35%, 60% and 85%
    # of the time (python -m game.takedown.skill)
    "easy": Strength(studies=1, tries=0, angle_sd=0.12, angle_per_m=0.20, power_sd=0.26, slip=0.15),
    "normal": Strength(studies=2, tries=0, angle_sd=0.07, angle_per_m=0.12, power_sd=0.17, slip=0.07, detour=12,
                       par_line=True),
    "expert": Strength(studies=4, tries=5, angle_sd=0.04, angle_per_m=0.06, power_sd=0.075, slip=0.03, detour=24,
                       par_line=True),
}

def feel(view: TakedownView, player: int, rows: Rows) -> float:
    """How much farther (>1) or shorter (<1) than expected this player's recent shots went."""
    ratios = []
    for shot in reversed(view.shots):
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


def value(view: TakedownView, landing: Landing) -> float:
    """How good a landing is for the flicker."""
    if not landing.left_saucer:
        return -0.5
    if landing.fell:
        return -3.0
    score = 0.0
    if landing.target is not None:
        piece = view.pieces[landing.target][0]  # the face is luck: a third of the time it flips the piece
        score += 2.0 + (2 * view.level.points(piece, False) + view.level.points(piece, True)) / 3
    score += 1.5 * len(landing.saucers)
    if landing.target is None:
        # a miss leaves our saucer where the die is: near a target is good, better with nothing in the way
        level = view.level
        score += max((max(0.0, 1.0 - math.hypot(landing.x - t.x, landing.y - t.y) / 600)
                      * (1.0 if level.clear_line((landing.x, landing.y), (t.x, t.y)) else 0.3)
                      for i, t in enumerate(level.targets) if view.pieces[i]), default=0.0)
    return score


def targets_by_appeal(view: TakedownView, strength: Strength) -> list[tuple[float, int]]:
    """(appeal, target) for the targets it weighs: what the top piece is worth over how far it is."""
    level = view.level
    sx, sy = view.saucers[view.current]
    near = sorted((math.hypot(level.targets[i].x - sx, level.targets[i].y - sy), i)
                  for i, left in enumerate(view.pieces) if left)[: strength.studies]
    appeal = []
    for distance, i in near:
        piece = view.pieces[i][0]
        worth = (2 * level.points(piece, False) + level.points(piece, True)) / 3
        reachable = level.piece_radius(piece) + level.die_size / 2
        appeal.append((worth * reachable / max(distance, reachable), i))
    return sorted(appeal, reverse=True)


def aim_steps(view: TakedownView, strength: Strength, rng: Rng,
              target: int | None = None) -> Steps[tuple[int | None, Flick]]:
    """The target and the flick the bot means (before its hand shakes), as a stepwise computation;
    `target` makes it go for that one."""
    level = view.level
    rows = yield from reach_steps(level)
    sx, sy = view.saucers[view.current]
    if target is None:
        choices = targets_by_appeal(view, strength)
        if not choices:
            return None, Flick(-math.pi / 2, 0.3)
        target = choices[0][1]
        if len(choices) > 1 and rng.random() < strength.slip / 2:
            target = choices[1][1]  # a plausible mistake: the other target looked better
    t = level.targets[target]
    distance = math.hypot(t.x - sx, t.y - sy)
    angle = math.atan2(t.y - sy, t.x - sx)
    power = guess_power(rows, max(10.0, distance - AIM_SHORT) / feel(view, view.current, rows))
    if strength.detour and not level.clear_line((sx, sy), (t.x, t.y)):  # a wall in the way: it pictures a way round
        known = known_line(view) if strength.par_line else None  # the par line a challenge table shows
        return target, known or (yield from detour(view, strength.detour))
    if strength.tries:
        power = yield from try_powers(view, angle, power, strength.tries)
    if rng.random() < strength.slip / 2:
        power *= 0.8  # a timid flick
    return target, Flick(angle, min(1.0, max(0.05, power)))


def try_powers(view: TakedownView, angle: float, power: float, tries: int) -> Steps[float]:
    """The power, of a few around the guess pictured in the physics, whose landing is best (the expert's)."""
    layout = Layout.of(view)
    best = (-math.inf, power)
    for k in range(tries):
        offset = (k + 1) // 2 * 0.025 * (1 if k % 2 else -1)
        tried = min(1.0, max(0.05, power + offset))
        landing = yield from resolve_steps(view.level, layout, Flick(angle, tried))
        score = value(view, landing) - abs(offset)
        if score > best[0]:
            best = (score, tried)
    return best[1]


_PAR_LINES: dict[str, list[tuple[tuple[float, float], tuple[tuple[str, ...], ...], Flick]]] = {}  # per challenge table: its par plan, step by step


def known_line(view: TakedownView) -> Flick | None:
    """On a challenge table, the step of its par plan for the table as it is now (the saucer within 15 mm of where
    that step starts, the same pieces standing), as a player who has studied the table knows it; else None."""
    level = view.level
    if level.challenge is None or not level.challenge.solution:
        return None
    if level.id not in _PAR_LINES:
        # the plan is played with the rules by the solver's tools, which stay outside the strictly typed bot core
        _PAR_LINES[level.id] = importlib.import_module("game.takedown.solve").plan_steps(level)
    x, y = view.saucers[view.current]
    pieces = tuple(tuple(p) for p in view.pieces)
    return next((f for (sx, sy), left, f in _PAR_LINES[level.id]
                 if left == pieces and math.hypot(sx - x, sy - y) < 15.0), None)


def detour(view: TakedownView, directions: int) -> Steps[Flick]:
    """With a wall between the saucer and every way straight in: the flick, from a fan of directions and powers
    pictured in the physics, that claims a piece or leaves the saucer where a straight flick can go next."""
    layout = Layout.of(view)
    best: tuple[float, Flick] = (-math.inf, Flick(-math.pi / 2, 0.5))
    for a in range(directions):
        for power in DETOUR_POWERS[::1 if directions > 12 else 2]:
            flick = Flick(a * math.tau / directions, power)
            landing = yield from resolve_steps(view.level, layout, flick)
            score = value(view, landing)
            if score > best[0]:
                best = (score, flick)
    return best[1]


def shake(flick: Flick, distance: float, strength: Strength, rng: Rng) -> Flick:
    """The hand: aim error grows with distance, power error with power; an off-centre strike spins it."""
    angle_sd = strength.angle_sd + strength.angle_per_m * distance / 1000
    power = flick.power * (1 + rng.gauss() * strength.power_sd)
    return Flick(flick.angle + rng.gauss() * angle_sd, min(1.0, max(0.05, power)), rng.gauss() * 2.0)


def think(view: TakedownView, rng: Rng, strength_name: str) -> Steps[Flick]:
    strength = STRENGTHS[strength_name]
    if view.retries >= GIVE_UP:
        return (yield from way_out(view, rng))
    target, flick = yield from aim_steps(view, strength, rng)
    sx, sy = view.saucers[view.current]
    distance = math.hypot(view.level.targets[target].x - sx, view.level.targets[target].y - sy) \
        if target is not None else 300.0
    shaken = shake(flick, distance, strength, rng)
    if view.retries:  # the same flick stayed in the saucer: never repeat it, go another way and harder
        turn = RETRY_TURNS[(view.retries - 1) % len(RETRY_TURNS)] * (0.75 + 0.5 * rng.random())
        shaken = Flick(shaken.angle + turn, min(1.0, shaken.power * (1 + RETRY_POWER * view.retries)), shaken.spin)
    return shaken


def way_out(view: TakedownView, rng: Rng) -> Steps[Flick]:
    """After several flicks that did not count: a flick the bot pictures leaving the saucer (staying on the table
    if it can, else off it: that ends the turn as the rules say), so no turn goes on for ever."""
    layout = Layout.of(view)
    start = rng.random() * math.tau
    fallback = None
    for k in range(16):
        for power in (0.7, 1.0):
            flick = Flick(start + k * math.tau / 16, power)
            landing = yield from resolve_steps(view.level, layout, flick)
            if landing.left_saucer and not landing.fell:
                return flick
            if landing.fell and fallback is None:
                fallback = flick
    return fallback or Flick(start, 1.0)


def plan(view: TakedownView, strength: Strength) -> Flick:
    """The flick a strength means from here, without mistakes or a shaking hand (a steady player's aim)."""
    steady = dataclasses.replace(strength, slip=0.0)
    return finish(aim_steps(view, steady, Rng(0)))[1]


def _bot(label: str, blurb: str, strength: str) -> Bot[TakedownView, Flick]:
    return Bot.stepwise(label, blurb, lambda view, player, rng: think(view, rng, strength))


# Weakest first; the registry and setup read this, the one list of bots.
BOTS = {
    "easy": _bot("Easy", "Goes for the nearest target by feel, with an unsteady hand.", "easy"),
    "normal": _bot("Normal", "Weighs two targets and learns from its own shots.", "normal"),
    "expert": _bot("Expert", "Knows the table well and has a steady hand, but not a perfect one.", "expert"),
}
