"""Safe exploitation (after Ganzfried and Sandholm): lean from the equilibrium towards the best reply to an
opponent only as far as what they have already given away.

The budget starts at zero. In every round I mix between the equilibrium and the best reply to my reading
of the opponent, taking the largest step whose worst case (whatever they bid) loses no more than the
budget against the round's value; once their bid is revealed, the budget gains what my mix actually
earned against that bid over the value. Bidding inside the equilibrium's support gives nothing away,
so against a player who cannot be read the budget stays near zero and so does the lean; every bid
outside it (a 5 on a small pot, a 1 when the pot is big) is a gift that pays for leaning later. Over a
game my expected take is never below the sum of the rounds' values, whoever the opponent is.

The budget is kept in Invaders of an ordinary pot and rebuilt from the public bid history alone (the
hands, the pot sizes and the bids, with ``duel``'s matrices): the colours of past pots are not in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.heroes import duel, reading
from game.heroes.history import Memo, Situation, situations
from game.heroes.rules import BidRecord

Matrix = Sequence[Sequence[float]]
TOLERANCE = 1e-9  # payoffs closer than this are equal (the simplex's rounding)


def reply(matrix: Matrix, forecast: Sequence[float]) -> int:
    """The row that earns most against this forecast of the columns (the lowest card of equals)."""
    earned = [sum(m * p for m, p in zip(row, forecast)) for row in matrix]
    return earned.index(max(earned))


def lean(matrix: Matrix, mix: Sequence[float], value: float, best: int, budget: float) -> float:
    """The largest share of `best` in a mix with the equilibrium `mix` whose worst case is within `budget`."""
    step = 1.0
    for col in range(len(matrix[0])):
        steady = sum(p * row[col] for p, row in zip(mix, matrix))
        target = matrix[best][col]
        if target < value - budget - TOLERANCE:
            step = min(step, max(0.0, (steady - value + budget) / max(steady - target, TOLERANCE)))
    return step


def leaned(mix: Sequence[float], best: int, step: float) -> list[float]:
    return [(1 - step) * p + step * (i == best) for i, p in enumerate(mix)]


@dataclass(frozen=True)
class Ledger:
    """The budget so far, and the mix the ledger says I played in each round (None: no choice)."""

    budget: float = 0.0
    mixes: tuple[dict[int, float] | None, ...] = ()


_ledgers: Memo[Ledger] = Memo(2048)


def ledger(records: tuple[BidRecord, ...], me: int, total: int) -> Ledger:
    """My two-player budget after these rounds (the same whether remembered or rebuilt)."""
    other = 1 - me
    seen: list[Situation] = []

    def step(so_far: Ledger, t: int) -> Ledger:
        if not seen:
            seen.extend(situations(records, total))
        situation, record = seen[t], records[t]
        mine, theirs = record.hands[me], record.hands[other]
        if len(mine) < 2:
            return Ledger(so_far.budget, (*so_far.mixes, None))
        masks = duel.mask_of(mine), duel.mask_of(theirs)
        matrix = duel.matrix(*masks, record.pot, situation.pots)
        value, mix = duel.position(*masks, record.pot, situation.pots)
        expected = reading.read(records[:t], other, total, 2).forecast(situation, other)
        best = reply(matrix, [expected[card] for card in sorted(theirs)])
        played = leaned(mix, best, lean(matrix, mix, value, best, so_far.budget))
        column = sorted(theirs).index(record.bids[other])
        earned = sum(p * row[column] for p, row in zip(played, matrix))
        return Ledger(max(0.0, so_far.budget + earned - value), (*so_far.mixes, dict(zip(sorted(mine), played))))

    return _ledgers.after(("ledger", me, total), records, Ledger, step)
