"""Headless Takedown tournaments between bots on the standard tables."""

from __future__ import annotations

from game.core.rng import Rng
from game.core.tournament import check_bots
from game.takedown.bots import BOTS
from game.takedown.level import standard_level
from game.takedown.physics import Layout, resolve
from game.takedown.rules import Takedown

MAX_FLICKS = 2000  # a safety net; real games end long before


def play_game(bot_names: list[str], seed: int) -> Takedown:
    state = Takedown(standard_level(len(bot_names)), len(bot_names), seed=seed)
    rng = Rng(seed ^ 0xF11C)
    for _ in range(MAX_FLICKS):
        if state.is_over:
            return state
        flick = BOTS[bot_names[state.current]](state, rng)
        state.apply_landing(resolve(state.level, Layout.of(state), flick))
    raise RuntimeError(f"game with seed {seed} did not end in {MAX_FLICKS} flicks")


def tournament(bot_names: list[str], games: int, seed: int) -> dict:
    """Play `games` games with the seats in the given order; JSON summary (a shared result splits the win)."""
    check_bots(bot_names, BOTS)
    seats = len(bot_names)
    wins = [0.0] * seats
    scores = [0] * seats
    pieces = [0] * seats
    ties = 0
    flicks = 0
    master = Rng(seed)
    for _ in range(games):
        state = play_game(bot_names, master.next_u64())
        ties += len(state.winners) > 1
        for p in state.winners:
            wins[p] += 1 / len(state.winners)  # a shared result splits the win
        for p in range(seats):
            scores[p] += state.points(p)
            pieces[p] += len(state.piles[p])
        flicks += state.flicks
    return {
        "game": "takedown",
        "games": games,
        "seed": seed,
        "seats": [
            {
                "bot": bot_names[p],
                "wins": round(wins[p], 3),
                "win_rate": round(wins[p] / games, 4),
                "mean_score": round(scores[p] / games, 3),
                "mean_pieces": round(pieces[p] / games, 3),
            }
            for p in range(seats)
        ],
        "shared_results": ties,
        "mean_flicks": round(flicks / games, 2),
    }
