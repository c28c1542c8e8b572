"""What the results and the statistics say of a Takedown game or challenge run (see ``game.registry``)."""

from __future__ import annotations

from game.core.race import running_totals
from game.core.words import counted
from game.takedown.rules import Takedown


def details(state: Takedown) -> list[str]:
    """Pieces, center discs and flipped pieces per player."""
    return [f"{counted(len(state.piles[p]), 'piece')}, {counted(state.centers(p), 'center')}, "
            f"{sum(1 for item in state.piles[p] if item[2])} flipped" for p in range(state.players)]


def progress(state: Takedown) -> list[list[float]]:
    """Points after each counted flick (the best turn is the best flick)."""
    return running_totals(state.history, state.players)


def challenge_cleared(state: Takedown) -> bool | None:
    """A challenge run counts on its own (one player, no rivals): whether it met its goal."""
    return state.stars() > 0 if state.challenge else None
