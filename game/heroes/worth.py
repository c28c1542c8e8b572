"""What a pot is worth to each player, in chance to win the game (``outlook``), from the public counts.

Every decision weighs the pot by who might take it: the chances of all players if each of them takes it,
or if nobody does yet, and the worth of an ordinary fresh pot of two to each player (the unit the hand's
later pots are counted in). Both depend only on the Invaders taken, the pile and the pot, so they are
cached by those: all the bots at a table ask the same questions.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from game.core.steps import Steps
from game.heroes import freeze
from game.heroes.outlook import win_chances
from game.heroes.rules import POT_DRAW, HeroesView

Counts = tuple[tuple[int, ...], ...]  # per player, per colour
SMALLEST_WORTH = 1e-4  # a fresh pot that decides nothing still counts a little (the unit never vanishes)


def taken(captured: Counts, taker: int, cards: tuple[int, ...]) -> Counts:
    """The counts after `taker` takes these cards (colour ids)."""
    after = [list(row) for row in captured]
    for colour in cards:
        after[taker][colour] += 1
    return tuple(map(tuple, after))


@lru_cache(maxsize=8192)
def chances(captured: Counts, pile: tuple[int, ...]) -> tuple[float, ...]:
    """Everyone's chance to win (``outlook``), kept: the same tables are asked for again and again."""
    return win_chances(captured, pile)


def with_pot(pile: tuple[int, ...], pot: tuple[int, ...]) -> tuple[int, ...]:
    """The pile with the pot's cards back in it: the pot still to be shared out, as far as anyone knows."""
    return tuple(left + pot.count(colour) for colour, left in enumerate(pile))


@lru_cache(maxsize=512)
def pot_chances(captured: Counts, pile: tuple[int, ...], pot: tuple[int, ...]) -> tuple[tuple[float, ...], ...]:
    """Everyone's chance to win if player t takes the pot (row t), and if nobody has taken it yet (the last
    row: the pot as good as still in the pile)."""
    return tuple(chances(*table) for table in _pot_tables(captured, pile, pot))


def _pot_tables(captured: Counts, pile: tuple[int, ...], pot: tuple[int, ...]) -> list[tuple[Counts, tuple[int, ...]]]:
    """The (counts, pile) whose chances ``pot_chances`` reads, in its order."""
    return [*((taken(captured, taker, pot), pile) for taker in range(len(captured))), (captured, with_pot(pile, pot))]


@lru_cache(maxsize=512)
def fresh_worth(captured: Counts, pile: tuple[int, ...], counts: tuple[int, ...]) -> tuple[float, ...]:
    """Per player: what taking a fresh pot of two adds to their chance over a rival taking it (the pile's
    colours weighed by what is left; with the pile empty, by the whole set: the unit of the last pots)."""
    players = len(captured)
    weights = pile if sum(pile) else counts
    gains = [0.0] * players
    for left, tables in _fresh_tables(captured, pile, counts):
        rows = [chances(*table) for table in tables]
        for p in range(players):
            rivals = sum(rows[t][p] for t in range(players) if t != p) / (players - 1)
            gains[p] += left * (rows[p][p] - rivals)
    total = sum(weights)
    return tuple(max(POT_DRAW * gain / total, SMALLEST_WORTH) for gain in gains)


def _fresh_tables(captured: Counts, pile: tuple[int, ...], counts: tuple[int, ...]
                  ) -> Iterator[tuple[int, list[tuple[Counts, tuple[int, ...]]]]]:
    """Per colour a fresh pot may bring: its weight, and the (counts, pile) after each player takes it."""
    for colour, left in enumerate(pile if sum(pile) else counts):
        if left:
            drawn = tuple(n - (c == colour and bool(pile[c])) for c, n in enumerate(pile))
            yield left, [(taken(captured, taker, (colour,)), drawn) for taker in range(len(captured))]


def of_view(view: HeroesView) -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """(the pot's chances by taker, the fresh pot's worth by player) at this view: a fresh pot weighed with
    the pot on the table not yet taken (a pot that decides the game makes every other pot worth little)."""
    counts = tuple(c.count for c in view.colours)
    return (pot_chances(view.captured, view.pile, view.pot),
            fresh_worth(view.captured, with_pot(view.pile, view.pot), counts))


def fresh_after(view: HeroesView) -> tuple[tuple[float, ...], ...]:
    """A fresh pot's worth to each player (columns) once player t has taken the pot on the table (row t)."""
    counts = tuple(c.count for c in view.colours)
    return tuple(fresh_worth(taken(view.captured, t, view.pot), view.pile, counts)
                 for t in range(view.players))


def ray_worths(view: HeroesView) -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """What each player's ray is still worth, in chance to win: after each player takes the pot (keep[j][t])
    and while it stands (per player)."""
    ray = freeze.ray_worth(pots_after(view))
    after = fresh_after(view)
    standing = of_view(view)[1]
    return (tuple(tuple(ray * after[t][j] for t in range(view.players)) for j in range(view.players)),
            tuple(ray * f for f in standing))


def pots_after(view: HeroesView) -> int:
    """Fresh pots the pile still holds after the one on the table."""
    return view.pile_left // POT_DRAW


def prepare(view: HeroesView) -> Steps[None]:
    """Work out, one chance table per step, what a decision at this view reads (with four players the
    tables together would hold up a frame); the worths built from them are then found cached."""
    counts = tuple(c.count for c in view.colours)
    tables = _pot_tables(view.captured, view.pile, view.pot)
    for left_pile, captured in [(with_pot(view.pile, view.pot), view.captured),
                                *((view.pile, taken(view.captured, t, view.pot)) for t in range(view.players))]:
        tables += [table for _, row in _fresh_tables(captured, left_pile, counts) for table in row]
    for table in tables:
        chances(*table)
        yield
