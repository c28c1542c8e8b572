"""One bidding round between two players, solved as the zero-sum game it is: the smart bot's baseline.

The round is a matrix over (my card, their card). Each entry is what the pair does to my chance to win
the game, counted in Invaders of an ordinary pot (a fresh pot of two is worth +2 taken, -2 lost, as in
``duel``): the pot on the table at its real worth given the colours at stake (its swing in chance,
divided by a fresh pot's), the Freeze window that follows (who would fire, ``freeze``; a spent ray
costs its worth), and the rest of both hands at their equilibrium (``duel``, limited to the pots the
pile still holds). A tie grows the pot by two more Invaders and the round is played again with what
is left in both hands, windows and all. The matrix is solved exactly by ``duel.solve``: the value
and both players' mixed strategies.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.steps import Steps
from game.heroes import duel, freeze, worth
from game.heroes.rules import HERO_CARDS, POT_DRAW, HeroesView

UNITS_PER_FRESH = 2 * POT_DRAW  # a fresh pot swings from +2 (taken) to -2 (lost)
MOST_UNITS = 60.0  # a pot counted as more than this many Invaders decides the game all the same
FULL = duel.mask_of(HERO_CARDS)
Rays = tuple[bool, bool]  # (mine armed, theirs armed)


@dataclass(frozen=True)
class Solved:
    """A solved round: the cards (rising), my payoff matrix, the value, and both mixed strategies."""

    cards: tuple[int, ...]
    their_cards: tuple[int, ...]
    matrix: tuple[tuple[float, ...], ...]
    value: float
    mix: tuple[float, ...]
    their_mix: tuple[float, ...]

    def mix_of(self) -> dict[int, float]:
        return dict(zip(self.cards, self.mix))


Ratios = tuple[tuple[float, float], tuple[float, float]]  # [j][t]: j's fresh pot after t takes, over mine now
EVEN: Ratios = ((1.0, 1.0), (1.0, 1.0))


def window(pot: float, pots: int, rays: Rays, winner: int | None, later: float, nobody: float = 0.0,
           ratios: Ratios = EVEN) -> freeze.Window:
    """A reveal from my side (seat 0 of the window; the rival is 1): `winner` 0, 1 or None (a tie, worth
    `nobody` to me if it stands); `later` is the rest of the hand once the pot is taken. A ray is worth
    its fresh pots as they will be after the pot is taken (`ratios`)."""
    ray = UNITS_PER_FRESH * freeze.ray_worth(pots)
    mine = (pot + later, -pot + later)
    keep = tuple(tuple(ray * r for r in row) for row in ratios)
    return freeze.Window((mine, (-mine[0], -mine[1])), None if winner is not None else (nobody, -nobody),
                         winner, rays, keep, (ray, ray), 1.0)


def window_value(pot: float, pots: int, rays: Rays, winner: int | None, later: float, nobody: float = 0.0,
                 ratios: Ratios = EVEN) -> float:
    """My value once the Freeze window after a reveal closes, both rays counted as they stand after it."""
    seen = window(pot, pots, rays, winner, later, nobody, ratios)
    return freeze.settle(seen).worth(seen, 0)


def continuation(mine: int, theirs: int, pots: int) -> float:
    """The rest of the hand after this pot is taken: fresh pots of two, at equilibrium, while the pile lasts."""
    return duel.position(mine, theirs, POT_DRAW, pots - 1)[0] if pots >= 1 and mine else 0.0


class Rounds:
    """Solves rounds of one decision, remembering those a tie leads to (the pot's worth is not a whole
    number, so they are kept only while the decision lasts). Each is a stepwise computation that yields a
    row at a time: a whole round with its ties took 6-15 ms, too long for one slice of a frame."""

    def __init__(self, ratios: Ratios = EVEN) -> None:
        self.ratios = ratios
        self.values: dict[tuple[int, int, float, int, Rays], float] = {}

    def tie(self, mine: int, theirs: int, pot: float, pots: int, rays: Rays) -> Steps[float]:
        """A tie that stands: two more Invaders and another round with what is left (both hands come back
        when they are empty); with the pile empty, the hands come back and the only armed ray takes it."""
        if pots == 0:
            return pot if rays == (True, False) else -pot if rays == (False, True) else 0.0
        if not mine:
            if rays[0] == rays[1]:
                return 0.0  # full hands and the same rays: the same chances for both
            mine = theirs = FULL
        return (yield from self.value(mine, theirs, pot + POT_DRAW, pots - 1, rays))

    def value(self, mine: int, theirs: int, pot: float, pots: int, rays: Rays) -> Steps[float]:
        key = (mine, theirs, pot, pots, rays)
        if key not in self.values:
            matrix = yield from self.matrix(mine, theirs, pot, pots, rays)
            self.values[key] = duel.solve(matrix)[0]
        return self.values[key]

    def matrix(self, mine: int, theirs: int, pot: float, pots: int, rays: Rays) -> Steps[list[list[float]]]:
        rows = []
        for a in duel.cards_of(mine):
            yield
            row = []
            for b in duel.cards_of(theirs):
                rest_mine, rest_theirs = mine & ~(1 << a), theirs & ~(1 << b)
                later = continuation(rest_mine, rest_theirs, pots)
                if a == b:
                    standing = yield from self.tie(rest_mine, rest_theirs, pot, pots, rays)
                    row.append(window_value(pot, pots, rays, None, later, standing, self.ratios))
                else:
                    row.append(window_value(pot, pots, rays, 0 if a > b else 1, later, 0.0, self.ratios))
            rows.append(row)
        return rows

    def solve(self, mine: int, theirs: int, pot: float, pots: int, rays: Rays) -> Steps[Solved]:
        matrix = yield from self.matrix(mine, theirs, pot, pots, rays)
        value, mix, their_mix = duel.solve(matrix)
        return Solved(tuple(duel.cards_of(mine)), tuple(duel.cards_of(theirs)),
                      tuple(tuple(row) for row in matrix), value, tuple(mix), tuple(their_mix))


def pot_units(view: HeroesView, player: int) -> float:
    """The pot on the table in Invaders of an ordinary pot: its swing in my chance over a fresh pot's."""
    chances, fresh = worth.of_view(view)
    swing = chances[player][player] - chances[1 - player][player]
    return min(MOST_UNITS, max(0.0, UNITS_PER_FRESH / 2 * swing / fresh[player]))


def rays_of(view: HeroesView, player: int) -> Rays:
    return view.rays[player], view.rays[1 - player]


def ratios_of(view: HeroesView, player: int) -> Ratios:
    """How a fresh pot's worth will have changed once each of us takes the pot on the table."""
    now = worth.of_view(view)[1][player]
    after = worth.fresh_after(view)
    me, them = player, 1 - player
    return ((after[me][me] / now, after[them][me] / now), (after[me][them] / now, after[them][them] / now))


def prepare(view: HeroesView, player: int) -> Steps[None]:
    """Solve, a step at a time, the hand positions a round of this view leans on (``duel``'s table)."""
    yield from worth.prepare(view)
    mine, theirs = duel.mask_of(view.hands[player]), duel.mask_of(view.hands[1 - player])
    yield from duel.prepare(mine, theirs, POT_DRAW, worth.pots_after(view) + 1)
    yield from duel.prepare(FULL, FULL, POT_DRAW, worth.pots_after(view))


def of_view(view: HeroesView, player: int) -> Steps[Solved]:
    """The round on the table, solved from `player`'s side."""
    mine, theirs = duel.mask_of(view.hands[player]), duel.mask_of(view.hands[1 - player])
    return (yield from Rounds(ratios_of(view, player)).solve(mine, theirs, pot_units(view, player),
                                                             worth.pots_after(view), rays_of(view, player)))
