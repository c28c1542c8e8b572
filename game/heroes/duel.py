"""One hand of Hero cards between two players, solved exactly: the equilibrium the smart bot mixes from.

The model: both players hold the same number of cards; each bids one at once;
the higher card takes the pot, equal cards cancel and the pot grows by two;
each later pot starts at two. The payoff is the Invaders I take minus the
Invaders my rival takes over the rest of the hand. When the hands run out
with a pot still standing, both take back all five: the two players are then
alike, so what is left is worth nothing to either. Every position is a small
zero-sum matrix game (at most 5 x 5), solved exactly by the simplex method;
fixed bidding rules lose to a best response, the equilibrium cannot be read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from game.core.steps import Steps, finish
from game.heroes.rules import HERO_CARDS, POT_DRAW

MAX_POT = 30  # pots beyond this are valued as this (they are rare and all worth a top card)
Predictor = Callable[[list[int], list[int], int], dict[int, float]]  # (their hand, my hand, pot) -> card -> chance

EPSILON = 1e-12  # a pivot or a reduced cost smaller than this is zero


def solve(matrix: list[list[float]]) -> tuple[float, list[float], list[float]]:
    """Value and optimal mixed strategies (row player maximises) of a zero-sum matrix game."""
    return _saddle(matrix) or _simplex(matrix)


def _saddle(matrix: list[list[float]]) -> tuple[float, list[float], list[float]] | None:
    """A pure solution when the game has one (most small end-of-hand games do): a row whose worst is
    the best worst, and a column whose best is the least best, meeting at the same payoff."""
    worst = [min(row) for row in matrix]
    best = [max(column) for column in zip(*matrix)]
    floor, ceiling = max(worst), min(best)
    if ceiling - floor > EPSILON:
        return None
    row, col = worst.index(floor), best.index(ceiling)
    return floor, [float(i == row) for i in range(len(worst))], [float(j == col) for j in range(len(best))]


def _simplex(matrix: list[list[float]]) -> tuple[float, list[float], list[float]]:
    rows, cols = len(matrix), len(matrix[0])
    shift = 1.0 - min(min(row) for row in matrix)  # every payoff positive, so the value is too
    # The column player's LP: maximise sum(w) with A w <= 1, w >= 0; the row strategy is its dual.
    tableau = _tableau(matrix, shift)
    objective = [-1.0] * cols + [0.0] * rows + [0.0]
    basis = [cols + i for i in range(rows)]
    while (entering := _entering(objective)) is not None:
        pivot = _leaving(tableau, basis, entering)
        objective = _pivot(tableau, objective, pivot, entering)
        basis[pivot] = entering
    total = objective[-1]
    duals = [max(0.0, objective[cols + i]) for i in range(rows)]
    columns = dict.fromkeys(range(cols), 0.0) | {var: tableau[i][-1] for i, var in enumerate(basis) if var < cols}
    return 1.0 / total - shift, [d / total for d in duals], [columns[j] / total for j in range(cols)]


def _tableau(matrix: list[list[float]], shift: float) -> list[list[float]]:
    """Each row: its shifted payoffs, its slack variable, and 1 on the right-hand side."""
    rows = len(matrix)
    return [[value + shift for value in row] + [1.0 if k == i else 0.0 for k in range(rows)] + [1.0]
            for i, row in enumerate(matrix)]


def _entering(objective: list[float]) -> int | None:
    """The first column whose reduced cost is negative (None: the tableau is optimal)."""
    return next((j for j, cost in enumerate(objective[:-1]) if cost < -EPSILON), None)


def _leaving(tableau: list[list[float]], basis: list[int], entering: int) -> int:
    """The row that leaves the basis: the smallest ratio (ties to the lowest basic variable: no cycling)."""
    ratios = [(row[-1] / row[entering], basis[i], i) for i, row in enumerate(tableau) if row[entering] > EPSILON]
    return min(ratios)[2]


def _pivot(tableau: list[list[float]], objective: list[float], pivot: int, entering: int) -> list[float]:
    """Pivot the tableau in place on (pivot, entering); the objective row after it."""
    factor = tableau[pivot][entering]
    tableau[pivot] = [x / factor for x in tableau[pivot]]
    for i, row in enumerate(tableau):
        if i != pivot and row[entering]:
            f = row[entering]
            tableau[i] = [a - f * b for a, b in zip(row, tableau[pivot])]
    f = objective[entering]
    return [a - f * b for a, b in zip(objective, tableau[pivot])]


_CARDS = [tuple(c for c in HERO_CARDS if mask >> c & 1) for mask in range(1 << (max(HERO_CARDS) + 1))]


def cards_of(mask: int) -> list[int]:
    return list(_CARDS[mask])


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


FOREVER = 99  # "no limit" on the fresh pots still to come (a hand is over long before)


Position = tuple[int, int, int, int]  # my cards, theirs (masks), the pot, the fresh pots that may follow
_positions: dict[Position, tuple[float, tuple[float, ...]]] = {}  # every position solved (a few thousand)


def position(mine: int, theirs: int, pot: int, pots: int = FOREVER) -> tuple[float, tuple[float, ...]]:
    """(value to me, my mixed strategy over my cards in rising order) with these hands and pot, when at
    most `pots` fresh pots may follow this one (the pile runs out: later cards are then worth nothing)."""
    if not mine:
        return 0.0, ()
    return _solved((mine, theirs, *_bounded(mine, pot, pots)))


def _solved(key: Position) -> tuple[float, tuple[float, ...]]:
    found = _positions.get(key)
    if found is None:
        finish(_prepare(key))
        found = _positions[key]
    return found


def prepare(mine: int, theirs: int, pot: int, pots: int = FOREVER) -> Steps[None]:
    """Solve this position and every one it leads to that is not known yet, one small game per step (the
    first hand of a session solves a few hundred: spread over frames, they never hold one up)."""
    if mine:
        yield from _prepare((mine, theirs, *_bounded(mine, pot, pots)))


def _prepare(key: Position) -> Steps[None]:
    if key in _positions:
        return
    for later in _reachable(key):
        if later is not None:
            yield from _prepare(later)
    value, strategy, _ = solve(_matrix(key))
    _positions[key] = value, tuple(strategy)
    yield


def _reachable(key: Position) -> list[Position | None]:
    """The position each pair of cards leads to within the hand, pairs in matrix order (None: an empty
    hand or pile ends the hand there)."""
    mine, theirs, pot, pots = key
    return [(mine & ~(1 << a), theirs & ~(1 << b), min(pot + POT_DRAW, MAX_POT) if a == b else POT_DRAW, pots - 1)
            if pots >= 1 and mine & ~(1 << a) else None
            for a in _CARDS[mine] for b in _CARDS[theirs]]


def _bounded(mine: int, pot: int, pots: int) -> tuple[int, int]:
    """The pot within MAX_POT, and no more pots than the hand can still bid on (the same position)."""
    return min(pot, MAX_POT), max(0, min(pots, bin(mine).count("1") - 1))


def matrix(mine: int, theirs: int, pot: int, pots: int = FOREVER) -> list[list[float]]:
    """My payoff for each pair of cards (mine by row, theirs by column, both rising), the rest of the hand
    played at its equilibrium: the pot taken or lost, or a tie that grows it by two from the pile."""
    return _matrix((mine, theirs, *_bounded(mine, pot, pots)))


def _matrix(key: Position) -> list[list[float]]:
    mine, theirs, pot, _ = key
    later = iter(_reachable(key))
    rows = []
    for a in _CARDS[mine]:
        row = []
        for b in _CARDS[theirs]:
            after = next(later)
            rest = _solved(after)[0] if after is not None else 0.0
            row.append(rest if a == b else (pot if a > b else -pot) + rest)
        rows.append(row)
    return rows


def strategy(mine: Sequence[int], theirs: Sequence[int], pot: float, pots: int = FOREVER) -> dict[int, float]:
    """My equilibrium mix for these hands (card lists) and pot size: card -> probability."""
    _, mix = position(mask_of(mine), mask_of(theirs), max(1, round(pot)), pots)
    return {card: p for card, p in zip(sorted(mine), mix) if p > 1e-9}


def value(mine: Sequence[int], theirs: Sequence[int], pot: float, pots: int = FOREVER) -> float:
    """What the rest of the hand is worth to me, in Invaders taken minus Invaders lost."""
    return position(mask_of(mine), mask_of(theirs), max(1, round(pot)), pots)[0]


def replies(mine: Sequence[int], theirs: Sequence[int], pot: float, predict: Predictor) -> dict[int, float]:
    """What each of my cards is worth (in Invaders, over the rest of the hand) against a rival expected to
    bid ``predict(their_hand, my_hand, pot) -> {card: probability}``, playing my best from then on."""
    memo: dict[tuple[int, int, int], float] = {}

    def worth(a: int, m: int, t: int, pot: int, dist: dict[int, float]) -> float:
        total = 0.0
        for b, p in dist.items():
            rest_m, rest_t = m & ~(1 << a), t & ~(1 << b)
            if a == b:
                total += p * (best(rest_m, rest_t, min(pot + POT_DRAW, MAX_POT)) if rest_m else 0.0)
            else:
                total += p * ((pot if a > b else -pot) + best(rest_m, rest_t, POT_DRAW))
        return total

    def best(m: int, t: int, pot: int) -> float:
        if not m:
            return 0.0
        key = (m, t, pot)
        if key not in memo:
            dist = predict(cards_of(t), cards_of(m), pot)
            memo[key] = max(worth(a, m, t, pot, dist) for a in cards_of(m))
        return memo[key]

    m, t, whole_pot = mask_of(mine), mask_of(theirs), min(max(1, round(pot)), MAX_POT)
    dist = predict(cards_of(t), cards_of(m), whole_pot)
    return {a: worth(a, m, t, whole_pot, dist) for a in cards_of(m)}
