"""What the results and the statistics say of a Martian Dice game (see ``game.registry``)."""

from __future__ import annotations

from game.core.race import running_totals
from game.core.words import counted
from game.martian_dice.rules import MartianDice


def details(state: MartianDice) -> list[str]:
    """Turns, the best turn and how often each player was chased off by the tanks."""
    best, chased = [0] * state.players, [0] * state.players
    for turn in state.history:
        best[turn.player] = max(best[turn.player], turn.points)
        chased[turn.player] += turn.busted
    return [f"{counted(state.turns_taken[p], 'turn')}, best {best[p]}, "
            + (f"chased off {chased[p]}x" if chased[p] else "never chased off") for p in range(state.players)]


def progress(state: MartianDice) -> list[list[float]]:
    return running_totals(((t.player, t.points) for t in state.history), state.players)
