"""What the results and the statistics say of a game of Mars Attacks: The Dice Game (see ``game.registry``)."""

from __future__ import annotations

from game.core.race import running_totals
from game.core.words import counted, times
from game.mars_attacks.rules import MarsAttacks


def details(state: MarsAttacks) -> list[str]:
    """Cards claimed, times nuked and turns taken, per player."""
    nuked = [sum(1 for t in state.history if t.player == p and t.result == "nuked") for p in range(state.players)]
    return [f"{counted(len(state.claimed[p]), 'card')}  ·  {times('nuked', nuked[p])}  ·  "
            f"{counted(state.turns_taken[p], 'turn')}" for p in range(state.players)]


def progress(state: MarsAttacks) -> list[list[float]]:
    """VP after each turn: a claiming turn adds the card it claimed (claims are kept in turn order)."""
    claims = {p: iter(state.claimed[p]) for p in range(state.players)}
    return running_totals(((t.player, state.cards[next(claims[t.player])].vp if t.result == "claimed" else 0)
                           for t in state.history), state.players)
