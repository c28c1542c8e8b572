"""Exact odds of a Mars Attacks turn: the numbers the smart bot plays by and the coach shows.

Each die is a third Martian, Ray Gun and Nuke. Within a turn the only
things that matter are the Ray Guns and Nukes kept so far (the rest are
Martians, thrown again to continue), so a turn is a small Markov decision
process over (Ray Guns, Nukes). ``plan`` solves it by dynamic programming
for given values of claiming, banking and being nuked, and returns the best
expected value, the chance of claiming this turn under that best play, and
whether to roll on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

NUM_DICE = 10
THIRD = 1 / 3


@lru_cache(maxsize=None)
def outcomes(n: int) -> tuple[tuple[int, int, int, float], ...]:
    """Every (Martians, Ray Guns, Nukes) count of n dice with its probability."""
    result = []
    for rays in range(n + 1):
        for nukes in range(n + 1 - rays):
            martians = n - rays - nukes
            ways = comb(n, rays) * comb(n - rays, nukes)
            result.append((martians, rays, nukes, ways * THIRD ** n))
    return tuple(result)


@lru_cache(maxsize=None)
def by_nukes(n: int) -> tuple[tuple[tuple[int, int, float], ...], ...]:
    """``outcomes(n)`` by their count of Nukes: for each, (Martians, Ray Guns, probability)."""
    return tuple(tuple((m, r, p) for m, r, k, p in outcomes(n) if k == nukes) for nukes in range(n + 1))


@lru_cache(maxsize=None)
def at_least(k: int, n: int) -> float:
    """Chance that n dice show at least k Nukes (or of any one face)."""
    if k <= 0:
        return 1.0
    return sum(comb(n, j) * THIRD ** j * (2 / 3) ** (n - j) for j in range(k, n + 1))


def nuked_next(nukes: int, symbols: int, dice: int) -> float:
    """Chance the next roll of `dice` dice nukes a player who has `nukes` of `symbols` covered."""
    return at_least(symbols - nukes, dice)


def first_roll_nuked(symbols: int) -> float:
    """The published table: chance of being nuked by the first roll with this many Nuke symbols in play."""
    return at_least(symbols, NUM_DICE)


@dataclass(frozen=True)
class Card:
    """What a turn's plan needs to know of the target."""

    need: str  # "ray", "nuke", "martian" or "nuked"
    left: int  # spaces still to cover (the requirement less the player's banked count)


@dataclass(frozen=True)
class Values:
    """What each end of a turn is worth to the player (in VP, as the bot reckons it)."""

    claim: float
    bank: tuple[float, ...]  # worth of stopping with a count of 0, 1, ... (banked with a token)
    nuked: float = 0.0  # Las Vegas: being nuked moves the token up


@dataclass(frozen=True)
class Plan:
    value: float  # expected value of the turn from here under the best play
    claim: float  # chance to claim the target this turn playing that way
    roll: bool  # whether to roll (False: stop now)


NEED_INDEX = {"ray": 0, "nuke": 1, "martian": 2}  # the count a card takes from (Ray Guns, Nukes, Martians)


def _count(card: Card, rays: int, nukes: int, martians: int) -> int:
    need = NEED_INDEX.get(card.need)
    return 0 if need is None else (rays, nukes, martians)[need]


def _bank(values: Values, count: int) -> float:
    return values.bank[min(count, len(values.bank) - 1)]


class _Turn:
    """One turn's choices for one target, Nuke symbols and worth of its ends, each worked out once: a search
    weighs many such turns, and keying each choice by its dice alone keeps that quick."""

    def __init__(self, card: Card, symbols: int, values: Values):
        self.card, self.symbols, self.values = card, symbols, values
        self.decided: dict[tuple[int, int], Plan] = {}
        self.rolled: dict[tuple[int, int, int], tuple[float, float]] = {}

    def after_roll(self, rays: int, nukes: int, martians: int) -> tuple[float, float]:
        """(value, claim chance) once a roll has left this: nuked, claimed, forced to stop, or a choice."""
        key = (rays, nukes, martians)
        known = self.rolled.get(key)
        if known is None:
            known = self.rolled[key] = self._after_roll(rays, nukes, martians)
        return known

    def _after_roll(self, rays: int, nukes: int, martians: int) -> tuple[float, float]:
        card, values = self.card, self.values
        if nukes >= self.symbols:
            if card.need == "nuked" and card.left <= 1:
                return values.claim, 1.0
            return values.nuked, 0.0
        count = _count(card, rays, nukes, martians)
        if card.need != "nuked" and count >= card.left:
            return values.claim, 1.0
        if card.need == "martian" or martians == 0:
            return _bank(values, count), 0.0
        best = self.decide(rays, nukes)
        return best.value, best.claim

    def roll_on(self, rays: int, nukes: int) -> tuple[float, float]:
        """(value, claim chance) of throwing the Martians again with `rays` and `nukes` kept, playing best after."""
        martians = NUM_DICE - rays - nukes
        safe = self.symbols - nukes  # a roll with fewer Nukes than this leaves the player standing
        value, claim = self.after_roll(rays, self.symbols, 0)  # nuked: the same whatever else the dice show
        value, claim = value * at_least(safe, martians), claim * at_least(safe, martians)
        rolled, same = self.rolled, 0.0
        for n, group in enumerate(by_nukes(martians)[:safe]):
            for m, r, p in group:
                if m == martians:  # all Martians again: the same choice comes back, and rolling on is chosen again
                    same = p
                    continue
                key = (rays + r, nukes + n, m)
                v, c = rolled[key] if key in rolled else self.after_roll(*key)
                value += p * v
                claim += p * c
        return value / (1 - same), claim / (1 - same)

    def decide(self, rays: int, nukes: int) -> Plan:
        """The best choice with `rays` and `nukes` kept and the rest Martians to throw again."""
        best = self.decided.get((rays, nukes))
        if best is None:
            stop = stop_value(self.card, self.values, rays, nukes)
            value, claim = self.roll_on(rays, nukes)
            best = Plan(value, claim, True) if value > stop + 1e-12 else Plan(stop, 0.0, False)
            self.decided[rays, nukes] = best
        return best


@lru_cache(maxsize=64)  # each solved turn is large (18 KB) and few come back (82 of 1,602 in two games of two smart bots)
def _turn(card: Card, symbols: int, values: Values) -> _Turn:
    return _Turn(card, symbols, values)


def stop_value(card: Card, values: Values, rays: int, nukes: int) -> float:
    """What stopping is worth with `rays` and `nukes` kept (the count banked)."""
    return _bank(values, _count(card, rays, nukes, NUM_DICE - rays - nukes))


def roll_value(card: Card, symbols: int, values: Values, rays: int, nukes: int) -> float:
    """What throwing the Martians once more is worth, playing best after (even where stopping is better:
    then all Martians again brings back the same choice, and stopping is chosen)."""
    solved = _turn(card, symbols, values)
    best = solved.decide(rays, nukes)
    if best.roll:
        return best.value
    martians = NUM_DICE - rays - nukes
    same = THIRD ** martians
    return solved.roll_on(rays, nukes)[0] * (1 - same) + same * best.value


def after_roll(card: Card, symbols: int, values: Values, rays: int, nukes: int, martians: int) -> float:
    """What the position a roll left is worth: nuked, claimed, forced to stop, or the best choice."""
    return _turn(card, symbols, values).after_roll(rays, nukes, martians)[0]


def plan(card: Card, symbols: int, values: Values, rays: int = 0, nukes: int = 0) -> Plan:
    """The best play after a roll that kept `rays` and `nukes` (Martians to throw again)."""
    return _turn(card, symbols, values).decide(rays, nukes)


def turn(card: Card, symbols: int, values: Values, fixed: int | None = None) -> Plan:
    """The whole turn before the first roll (`fixed`: a die set first to 0 Martian, 1 Ray Gun, 2 Nuke)."""
    solved = _turn(card, symbols, values)
    value = claim = 0.0
    for m, r, n, p in outcomes(NUM_DICE - (fixed is not None)):
        counts = [m, r, n]
        if fixed is not None:
            counts[fixed] += 1
        v, c = solved.after_roll(counts[1], counts[2], counts[0])
        value += p * v
        claim += p * c
    return Plan(value, claim, True)


@lru_cache(maxsize=4096)
def claim_chance(card: Card, symbols: int, fixed: int | None = None) -> float:
    """The chance to claim this turn when claiming is all that counts (the race to the last space)."""
    return turn(card, symbols, Values(1.0, (0.0,)), fixed).claim
