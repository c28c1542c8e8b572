"""What the results and the statistics say of a Mars Needs Heroes game (see ``game.registry``)."""

from __future__ import annotations

from game.heroes.rules import Heroes


def details(state: Heroes) -> list[str]:
    """Each player's Invaders by colour, most first, and whether their Freeze Ray was used."""
    lines = []
    for p in range(state.players):
        counts = sorted(zip(state.captured[p], state.colours), key=lambda x: -x[0])
        listed = ", ".join(f"{n} {c.name.lower()}" for n, c in counts if n)
        ray = "" if state.rays[p] else " (Freeze Ray used)"
        lines.append(f"{listed or 'no Invaders'}{ray}")
    return lines


def best_turns(state: Heroes) -> list[int]:
    """The biggest pot each player took (frozen or bid for)."""
    best = [0] * state.players
    for pot in state.history:
        best[pot.player] = max(best[pot.player], len(pot.cards))
    return best
