"""Headless Martian Dice tournaments between bots."""

from __future__ import annotations

from game.core.rng import Rng
from game.core.tournament import check_bots
from game.martian_dice.bots import BOTS
from game.martian_dice.rules import MartianDice


def play_game(bot_names: list[str], seed: int, stats: dict | None = None) -> MartianDice:
    """Play one complete game; optionally add per-seat turn totals to stats."""
    state = MartianDice(len(bot_names), seed=seed)
    bots = [BOTS[name] for name in bot_names]
    rng = Rng(seed ^ 0x5EED)
    while not state.is_over:
        actor = state.current
        for event in state.apply(bots[actor](state, rng)):
            if stats is not None and event[0] == "turn-end":
                stats["turns"][event[1]] += 1
                stats["points"][event[1]] += event[2]
    return state


def tournament(bot_names: list[str], games: int, seed: int) -> dict:
    """Play `games` games with the seats in the given order; JSON summary."""
    check_bots(bot_names, BOTS)
    seats = len(bot_names)
    wins = [0] * seats
    scores = [0] * seats
    stats = {"turns": [0] * seats, "points": [0] * seats}
    master = Rng(seed)
    for _ in range(games):
        state = play_game(bot_names, master.next_u64(), stats)
        wins[state.winner] += 1
        for p in range(seats):
            scores[p] += state.scores[p]
    return {
        "game": "martian-dice",
        "games": games,
        "seed": seed,
        "seats": [
            {
                "bot": bot_names[p],
                "wins": wins[p],
                "win_rate": round(wins[p] / games, 4) if games else 0.0,
                "mean_score": round(scores[p] / games, 3) if games else 0.0,
                "mean_turn_score": round(stats["points"][p] / stats["turns"][p], 3) if stats["turns"][p] else 0.0,
            }
            for p in range(seats)
        ],
    }
