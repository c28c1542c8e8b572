"""Exact turn policy for Martian Dice by dynamic programming.

A turn's position is (T, R, E, k): tanks and death rays set aside, earthlings
set aside, and how many earthling types were taken. Which types were taken
does not matter (the three types are interchangeable), nor does anything
else, so about 1,500 positions cover every turn.

Speed comes from splitting each roll in two steps: first how many of the n
dice are tanks (binomial), then how the other m dice fall among rays (2/5),
untaken earthling types (1/5 each) and already-taken types (dead, rerolled
later). The second step only depends on T + tanks, so its expectation
``after_tanks`` is shared by every (T, t) pair with the same sum. Outcome
tables are built once per process; solving for a new utility reuses them.

``solve(utility)`` maximizes the expected utility of the final turn score:
``utility[s] = s`` gives the expected-score ("optimal") policy; the winning
bot passes win probabilities instead.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb

from game.core.steps import Steps, finish
from game.martian_dice.rules import (
    ALL_TYPES_BONUS,
    DIE_SIDES,
    EARTHLINGS,
    FACE_SIDES,
    MAX_TURN_SCORE,
    NUM_DICE,
    RAY,
    TANK,
)

Position = tuple[int, int, int, int]  # tanks, rays, earthlings, earthling types set aside
Outcomes = tuple[tuple[float, int, tuple[int, ...]], ...]  # (probability, ray offset, earthling offsets)

SIDES = len(DIE_SIDES)
NON_TANK_SIDES = SIDES - FACE_SIDES[TANK]
RAY_SIDES = FACE_SIDES[RAY]
EARTHLING_SIDES = FACE_SIDES[EARTHLINGS[0]]  # the three earthling kinds are alike
assert all(FACE_SIDES[f] == EARTHLING_SIDES for f in EARTHLINGS)
_SPAN = NUM_DICE + 1


def index(tanks: int, rays: int, earthlings: int, types: int) -> int:
    return ((tanks * _SPAN + rays) * _SPAN + earthlings) * 4 + types


SIZE = index(NUM_DICE, NUM_DICE, NUM_DICE, 3) + 1
TANK_STEP, RAY_STEP, EARTHLING_STEP = index(1, 0, 0, 0), index(0, 1, 0, 0), index(0, 0, 1, 0)


def score(tanks: int, rays: int, earthlings: int, types: int) -> int:
    """The rules' turn score for a position (which earthling kinds were taken does not matter)."""
    if tanks > rays:
        return 0
    return earthlings + (ALL_TYPES_BONUS if types == len(EARTHLINGS) else 0)


def positions() -> Iterator[Position]:
    """Every valid (T, R, E, k), most dice set aside first (solve order)."""
    for aside in range(NUM_DICE, -1, -1):
        for tanks in range(aside + 1):
            for rays in range(aside - tanks + 1):
                earthlings = aside - tanks - rays
                for types in range(4):
                    if (earthlings == 0) == (types == 0) and types <= earthlings:
                        yield tanks, rays, earthlings, types


# Valid positions are few (1,210 of the 10,976 indices): solutions keep their values packed by these.
DENSE = {i: n for n, i in enumerate(sorted(index(*position) for position in positions()))}


@lru_cache(maxsize=None)
def _non_tank_outcomes(m: int, types: int) -> Outcomes:
    """Outcomes of m non-tank dice as (probability, ray offset, earthling offsets).

    Offsets are index steps from the position's own index (0 when no death
    ray was rolled); earthling offsets are for the distinct positive counts
    of the untaken types (their order does not matter to the choice), taken
    from the index with one more type.
    """
    untaken = 3 - types
    grouped: dict[tuple[int, tuple[int, ...]], int] = {}

    def spread(left: int, slot: int, counts: tuple[int, ...], weight: int) -> None:
        if slot == untaken:
            # remaining dice are rays or dead (taken types), choose which
            for rays in range(left + 1):
                dead = left - rays
                w = weight * comb(left, rays) * RAY_SIDES**rays * (types * EARTHLING_SIDES) ** dead
                if w:
                    key = (rays, tuple(sorted({c for c in counts if c})))
                    grouped[key] = grouped.get(key, 0) + w
            return
        for c in range(left + 1):
            spread(left - c, slot + 1, counts + (c,), weight * comb(left, c) * EARTHLING_SIDES**c)

    spread(m, 0, (), 1)
    total = NON_TANK_SIDES**m
    return tuple(
        (w / total, rays * RAY_STEP, tuple(c * EARTHLING_STEP for c in counts)) for (rays, counts), w in grouped.items()
    )


def warm() -> None:
    """Every roll's outcomes worked out at once (13 ms here): while a screen waits for a person (``prepare.AHEAD``),
    so a game continued from the title, with no setup screen before it, has them too (its first cold solve step
    took 15 ms of a frame)."""
    finish(warm_steps())


def warm_steps() -> Steps[None]:
    """Work out every roll's outcomes ahead, a dice count at a time (about a millisecond each): a bot's first
    solve then finds them made."""
    for dice in range(NUM_DICE + 1):
        for types in range(4):
            _non_tank_outcomes(dice, types)
            yield


@lru_cache(maxsize=None)
def _tank_odds(n: int) -> tuple[float, ...]:
    return tuple(comb(n, t) * FACE_SIDES[TANK] ** t * NON_TANK_SIDES ** (n - t) / SIDES**n for t in range(n + 1))


def _after_tanks(value: list[float], ray_base: int, earth_base: int, dice: int, types: int, stop: float) -> float:
    """Expected utility once the tanks are out and `dice` other dice rolled: each outcome takes its best pick
    (death rays, or a new kind of earthling), or stops when nothing may be taken."""
    total = 0.0
    for p, ray_step, earthling_steps in _non_tank_outcomes(dice, types):
        best = value[ray_base + ray_step] if ray_step else -1.0
        for step in earthling_steps:
            v = value[earth_base + step]
            if v > best:
                best = v
        total += p * (stop if best < 0.0 else best)
    return total


class TurnSolution:
    """Values of every turn position under one utility of the final score.

    ``value(position)``: best expected utility when deciding to roll or stop.
    ``roll_value(position)``: expected utility of rolling from that position.
    Solving works on the full index space; the result keeps only the valid positions, packed as
    doubles (about 19 kB a solution), so a bot can keep every score situation it meets.
    """

    def __init__(self, utility: Sequence[float]):
        finish(self._solve(utility))

    @classmethod
    def steps(cls, utility: Sequence[float]) -> Steps[TurnSolution]:
        """Solving as a stepwise computation (``game.core.steps``), for a bot thinking in the game loop."""
        solution = cls.__new__(cls)
        yield from solution._solve(utility)
        return solution

    def _solve(self, utility: Sequence[float]) -> Steps[None]:
        if len(utility) != MAX_TURN_SCORE + 1:
            raise ValueError(f"utility needs {MAX_TURN_SCORE + 1} entries (turn scores 0..{MAX_TURN_SCORE})")
        self.utility = tuple(utility)
        value = [0.0] * SIZE
        after_tanks = [0.0] * SIZE
        roll_value = [0.0] * SIZE
        u = self.utility
        for n, (tanks, rays, earthlings, types) in enumerate(positions()):
            if n % 10 == 9:  # a slice of 0.1-0.5 ms (50 positions took up to 6 ms on a slow machine)
                yield
            i = index(tanks, rays, earthlings, types)
            dice = NUM_DICE - tanks - rays - earthlings
            stop = u[score(tanks, rays, earthlings, types)]
            if tanks > rays + dice:
                # lost: even all remaining dice as death rays cannot outnumber the tanks
                value[i] = after_tanks[i] = roll_value[i] = stop
                continue
            # Expected utility once `tanks` tanks are out and `dice` non-tank dice rolled.
            earth_base = index(tanks, rays, earthlings, types + 1) if types < 3 else 0
            after_tanks[i] = _after_tanks(value, i, earth_base, dice, types, stop) if dice else stop
            # Rolling: the tank count first, then the rest.
            roll = 0.0
            for t, p in enumerate(_tank_odds(dice)):
                roll += p * after_tanks[i + t * TANK_STEP]
            roll_value[i] = roll
            value[i] = stop if dice == 0 or stop >= roll else roll
        yield
        self._value = array("d", (value[i] for i in DENSE))
        yield
        self._roll = array("d", (roll_value[i] for i in DENSE))

    def roll_value(self, tanks: int, rays: int, earthlings: int, types: int) -> float:
        """Expected utility of rolling from this position."""
        return self._roll[DENSE[index(tanks, rays, earthlings, types)]]

    def start_value(self) -> float:
        """Expected utility of a whole turn (the first roll is compulsory)."""
        return self.roll_value(0, 0, 0, 0)

    def should_roll(self, tanks: int, rays: int, earthlings: int, types: int) -> bool:
        dice = NUM_DICE - tanks - rays - earthlings
        return dice > 0 and self.roll_value(tanks, rays, earthlings, types) > self.utility[
            score(tanks, rays, earthlings, types)]

    def take_value(self, tanks: int, rays: int, earthlings: int, types: int) -> float:
        """Value of the position reached by a pick (then rolling or stopping)."""
        return self._value[DENSE[index(tanks, rays, earthlings, types)]]


_expected: list[TurnSolution] = []  # solved once per process


def expected_score_steps() -> Steps[TurnSolution]:
    """The policy that maximizes the expected points of a turn, as a stepwise computation (solved once)."""
    if not _expected:
        solution = yield from TurnSolution.steps(range(MAX_TURN_SCORE + 1))
        if not _expected:
            _expected.append(solution)
    return _expected[0]


def expected_score_solution() -> TurnSolution:
    """The policy that maximizes the expected points of a turn."""
    return finish(expected_score_steps())


def expected_score_ready() -> bool:
    return bool(_expected)


def bust_chance(tanks: int, rays: int, dice: int) -> float:
    """Chance that after rolling `dice` dice, tanks outnumber every death ray
    set aside plus every death ray just rolled (stopping then scores nothing)."""
    p_total = 0.0
    others = NON_TANK_SIDES - RAY_SIDES
    for t, pt in enumerate(_tank_odds(dice)):
        rest = dice - t
        for r in range(rest + 1):
            if tanks + t > rays + r:
                p_total += pt * comb(rest, r) * RAY_SIDES**r * others ** (rest - r) / NON_TANK_SIDES**rest
    return p_total
