"""The Freeze Ray as a strong player uses it: who fires after a reveal, and who takes the pot then.

A ray is kept for later unless this pot moves its owner's chance by more than the ray could still win:
its worth, in fresh pots, grows with the pots left (the pot a ray takes is the best of those still to
come), and is counted in the fresh pots of the game as it will be once this pot is gone (after a pot
that decides the game, no ray can win anything). A player fires to steal when the pot is worth more to
them than that. The bid's winner fires to protect the pot when a rival would otherwise fire at it and
keeping it beats giving it up, the winner's ray kept and the rival's spent. When several fire, the
quickest takes the pot: each of them alike, as far as anyone can tell. The same rule predicts every
player, so it is both the bots' own choice and what they expect of the others.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# The ray's worth in fresh pots: RAY_BASE plus RAY_PER_DOUBLING for every doubling of the pots left.
# Nothing is left to save it for at the last pot.
RAY_BASE, RAY_PER_DOUBLING = 0.8, 0.7
STANDING = -1  # the taker when nobody takes the pot (a bidding tie stands)


def ray_worth(pots_left: int) -> float:
    """A ray's worth in fresh pots' worths when `pots_left` fresh pots follow this one."""
    return RAY_BASE + RAY_PER_DOUBLING * math.log2(1 + pots_left) if pots_left > 0 else 0.0


@dataclass(frozen=True)
class Window:
    """A reveal as every armed player sees it, for each way it can end (a taker t, or STANDING).

    values[j][t]: what t taking the pot is worth to player j; nobody[j]: what a bidding tie left standing
    is worth to j (None when the bid has a winner); keep[j][t] and keep_standing[j]: what j's ray is still
    worth to j after that ending, in the same units. A rival's ray counts against j by `harm` of its worth
    (all of it between two players)."""

    values: Sequence[Sequence[float]]
    nobody: Sequence[float] | None
    winner: int | None
    armed: Sequence[bool]
    keep: Sequence[Sequence[float]]
    keep_standing: Sequence[float]
    harm: float

    def kept(self, player: int, taker: int) -> float:
        return self.keep_standing[player] if taker == STANDING else self.keep[player][taker]

    def value(self, player: int, taker: int) -> float:
        if taker == STANDING:
            assert self.nobody is not None
            return self.nobody[player]
        return self.values[player][taker]


@dataclass(frozen=True)
class Settled:
    """How a reveal ends: the chance each player (or STANDING) takes the pot, and each player's chance of
    spending their ray (the quickest of those who fire spends it)."""

    takers: dict[int, float]
    spent: tuple[float, ...]

    def worth(self, window: Window, player: int) -> float:
        """What this ending is worth to `player`: the pot, less their ray if they spend it, plus a share of
        any rival's ray spent (each counted at its worth while the pot stands: which rays are fired is
        what the ending changes)."""
        pot = sum(chance * window.value(player, taker) for taker, chance in self.takers.items())
        rays = sum((-1.0 if p == player else window.harm) * spent * window.keep_standing[p]
                   for p, spent in enumerate(self.spent))
        return pot + rays


def base(window: Window) -> int:
    """Who takes the pot if nobody fires."""
    return STANDING if window.winner is None else window.winner


def steals(window: Window, player: int) -> bool:
    """An armed player other than the winner fires when the pot is worth more to them than their ray."""
    if not window.armed[player] or player == window.winner:
        return False
    ending = base(window)
    gain = window.values[player][player] - window.value(player, ending)
    keep = window.kept(player, ending)
    return gain > keep or (not keep and gain >= 0)  # a ray worth nothing is fired: the last pot must end


def protects(window: Window, thieves: Sequence[int]) -> bool:
    """The winner fires first when rivals would fire and keeping the pot beats letting one of them take it:
    its own ray kept then, theirs spent."""
    winner = window.winner
    if winner is None or not window.armed[winner] or not thieves:
        return False
    lost = sum(window.values[winner][t] + window.keep[winner][t] for t in thieves) / len(thieves)
    spared = sum(window.harm * window.keep[t][winner] for t in thieves) / len(thieves)
    return window.values[winner][winner] - spared > lost


def firers(window: Window) -> list[int]:
    thieves = [p for p in range(len(window.values)) if steals(window, p)]
    if protects(window, thieves):
        assert window.winner is not None
        return [window.winner, *thieves]
    return thieves


def settle(window: Window) -> Settled:
    """Who takes the pot once the window closes."""
    fired = firers(window)
    if not fired:
        return Settled({base(window): 1.0}, (0.0,) * len(window.values))
    share = 1 / len(fired)
    return Settled(dict.fromkeys(fired, share), tuple(share if p in fired else 0.0 for p in range(len(window.values))))
