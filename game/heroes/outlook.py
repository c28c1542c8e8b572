"""A player's chance to win from the Invaders taken so far and those still in the pile.

The game is decided by the most Invaders of one colour, so what a pot is worth
depends on everyone's counts and on what is left to come. We assume the cards
still in the pile will be shared out evenly at random (each to every player
alike) and ask how likely each player's best colour ends on top. With two
players the counts are tied together (what one does not take, the other
does), which the joint formula below keeps; with more we treat players as
independent. Levels on the top colour count half a win (later colours
usually decide them either way).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from math import comb


@lru_cache(maxsize=64)
def _binomial(n: int, players: int) -> tuple[float, ...]:
    p = 1 / players
    return tuple(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


def _between(pmf: tuple[float, ...], lo: int, hi: int) -> float:
    """P(lo <= X <= hi) for X with this probability mass (indices are values)."""
    lo, hi = max(lo, 0), min(hi, len(pmf) - 1)
    return sum(pmf[lo:hi + 1]) if lo <= hi else 0.0


def win_chance(captured: Sequence[Sequence[int]], pile: Sequence[int], player: int) -> float:
    """P(`player` wins) with `captured` (per player, per colour) and `pile` (per colour)."""
    players = len(captured)
    totals = [sum(column) + left for column, left in zip(zip(*captured), pile)]
    pmfs = [_binomial(n, players) for n in pile]
    if players == 2:
        return _duel_chance(captured[player], pmfs, totals)
    top = max(totals)
    cdfs = [_best_colour_cdf(counts, pmfs, top) for counts in captured]
    return _chance_from_cdfs(cdfs, player, top)


def win_chances(captured: Sequence[Sequence[int]], pile: Sequence[int]) -> tuple[float, ...]:
    """Everyone's chance to win at once (the colour counts are worked out once for all players)."""
    players = len(captured)
    totals = [sum(column) + left for column, left in zip(zip(*captured), pile)]
    pmfs = [_binomial(n, players) for n in pile]
    if players == 2:
        mine = _duel_chance(captured[0], pmfs, totals)
        return mine, 1.0 - mine
    top = max(totals)
    cdfs = [_best_colour_cdf(counts, pmfs, top) for counts in captured]
    return tuple(_chance_from_cdfs(cdfs, p, top) for p in range(players))


def _chance_from_cdfs(cdfs: Sequence[Sequence[float]], player: int, top: int) -> float:
    """P(`player`'s best colour ends above everyone else's), a level counting half."""
    others = [cdf for q, cdf in enumerate(cdfs) if q != player]
    chance = 0.0
    for k in range(1, top + 1):
        mine = cdfs[player][k] - cdfs[player][k - 1]
        if mine <= 0:
            continue
        below = _product(cdf[k - 1] for cdf in others)
        level = _product(cdf[k] for cdf in others) - below
        chance += mine * (below + level / 2)
    return chance


def _best_colour_cdf(counts: Sequence[int], pmfs: Sequence[tuple[float, ...]], top: int) -> list[float]:
    """A player's best colour at the end: P(max <= k) for k up to `top`, a product over colours."""
    return [_product(_between(pmf, 0, k - mine) for pmf, mine in zip(pmfs, counts)) for k in range(top + 1)]


def _duel_chance(mine: Sequence[int], pmfs: Sequence[tuple[float, ...]], totals: Sequence[int]) -> float:
    """Two players: my final count per colour is A_c, theirs T_c - A_c, so one joint distribution decides."""
    top = max(totals)

    def joint(k: int, m: int) -> float:
        """P(my best colour <= k and theirs <= m)."""
        return _product(_between(pmf, total - m - have, k - have)
                        for pmf, have, total in zip(pmfs, mine, totals))

    chance = 0.0
    for m in range(top + 1):
        # Their best is exactly m; mine above m wins, exactly m is level.
        theirs_m = joint(top, m) - joint(top, m - 1)
        if theirs_m <= 0:
            continue
        not_above = joint(m, m) - joint(m, m - 1)
        level = not_above - (joint(m - 1, m) - joint(m - 1, m - 1))
        chance += (theirs_m - not_above) + level / 2
    return chance


def _product(values: Iterable[float]) -> float:
    result = 1.0
    for value in values:
        result *= value
    return result
