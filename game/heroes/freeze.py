"""The Freeze Ray as a strong player uses it: who fires after a reveal, and who takes the pot then.

A ray is kept for later unless this pot moves its owner's chance by more than the ray could still win:
its worth, in fresh pots, grows with the pots left (a late pot often decides a colour race, and the
pot a ray takes is the best of those still to come). A player fires to steal when the pot is worth
more to them than that. The bid's winner fires to protect the pot when a rival would otherwise fire
at it, and keeping the pot beats giving it up, the ray kept and the rival's ray spent. When several
fire, the quickest takes the pot: each of them alike, as far as anyone can tell. The same rule
predicts every player, so it is both the bots' own choice and what they expect of the others.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# The ray's worth in fresh pots: RAY_BASE plus RAY_PER_DOUBLING for every doubling of the pots left.
# Nothing is left to save it for at the last pot.
RAY_BASE, RAY_PER_DOUBLING = 0.8, 0.7


def ray_worth(pots_left: int) -> float:
    """A ray's worth in fresh pots' worths when `pots_left` fresh pots follow this one."""
    return RAY_BASE + RAY_PER_DOUBLING * math.log2(1 + pots_left) if pots_left > 0 else 0.0


@dataclass(frozen=True)
class Window:
    """A reveal as every armed player sees it.

    values[j][t]: what player t taking the pot is worth to player j; nobody[j]: what a bidding tie left
    standing is worth to j (None when the bid has a winner); keep[j]: j's ray, in the same units."""

    values: Sequence[Sequence[float]]
    nobody: Sequence[float] | None
    winner: int | None
    armed: Sequence[bool]
    keep: Sequence[float]


@dataclass(frozen=True)
class Settled:
    """How a reveal ends: the chance each player (or nobody, -1) takes the pot, and each player's chance
    of spending their ray."""

    takers: dict[int, float]
    spent: tuple[float, ...]

    def worth(self, window: Window, player: int) -> float:
        """What this ending is worth to `player`, their ray's worth counted when they spend it."""
        total = sum(chance * (window.nobody[player] if taker < 0 and window.nobody is not None
                              else window.values[player][taker])
                    for taker, chance in self.takers.items())
        return total - self.spent[player] * window.keep[player]


def base(window: Window, player: int) -> float:
    """What `player` gets if nobody fires."""
    if window.winner is None:
        assert window.nobody is not None
        return window.nobody[player]
    return window.values[player][window.winner]


def steals(window: Window, player: int) -> bool:
    """An armed player other than the winner fires when the pot is worth more to them than their ray."""
    if not window.armed[player] or player == window.winner:
        return False
    gain = window.values[player][player] - base(window, player)
    return gain > window.keep[player] or (not window.keep[player] and gain >= 0)  # the last pot must end


def protects(window: Window, thieves: Sequence[int]) -> bool:
    """The winner fires first when rivals would fire and keeping the pot beats letting one of them take it,
    their ray spent (which is worth a share of the winner's ray to the winner)."""
    winner = window.winner
    if winner is None or not window.armed[winner] or not thieves:
        return False
    lost = sum(window.values[winner][t] for t in thieves) / len(thieves)
    share = window.keep[winner] / max(1, len(window.values) - 1)
    return window.values[winner][winner] - window.keep[winner] > lost + share


def firers(window: Window) -> list[int]:
    thieves = [p for p in range(len(window.values)) if steals(window, p)]
    if protects(window, thieves):
        assert window.winner is not None
        return [window.winner, *thieves]
    return thieves


def settle(window: Window) -> Settled:
    """Who takes the pot once the window closes (-1: nobody, a tie stands) and who spends a ray."""
    fired = firers(window)
    players = len(window.values)
    if not fired:
        return Settled({-1 if window.winner is None else window.winner: 1.0}, (0.0,) * players)
    share = 1 / len(fired)
    return Settled(dict.fromkeys(fired, share), tuple(share if p in fired else 0.0 for p in range(players)))
