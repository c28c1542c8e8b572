"""What the results and the statistics say of a toy game: rounds won, as a race."""

from game.core.race import running_totals
from game.core.words import counted


def details(state) -> list[str]:
    return [f"{counted(state.points[p], 'round')} won" for p in range(state.players)]


def progress(state) -> list[list[float]]:
    """Every player's points after each round."""
    return running_totals(((p, int(r.winner == p)) for r in state.history for p in range(state.players)),
                          state.players)
