"""Bots: legal moves only, the winner table, and winner against optimal."""

import json
import random

import pytest

from game.core.steps import finish
from game.core.rng import Rng
from game.martian_dice import winning
from game.martian_dice.bots import BOTS
from game.martian_dice.policy import TurnSolution
from game.martian_dice.rules import MartianDice
from game.registry import GAMES
from game.tournament import tournament

INFO = GAMES["martian-dice"]


@pytest.mark.parametrize("name", sorted(BOTS))
def test_bots_only_play_legal_moves(name):
    rng = Rng(9)
    for seed in range(30):
        game = MartianDice(3, seed=seed)
        while not game.is_over:
            if game.is_chance():
                game.apply_chance()
                continue
            player = game.current
            action = BOTS[name].choose(game.view(player), player, rng)
            assert action in game.legal_actions(player)
            game.apply(player, action)


def test_winner_table_sample_is_a_fixed_point():
    """Recompute a sample of shipped entries from their successors."""
    q = winning.table()
    picks = random.Random(2).sample([(a, b, s) for a in range(25) for b in range(25) for s in (0, 1)], 12)
    for me, them, seat in picks:
        recomputed = TurnSolution(finish(winning.turn_utility(me, them, seat, q))).start_value()
        assert recomputed == pytest.approx(q[me][them][seat], abs=2e-6), (me, them, seat)


def test_winner_table_is_sane():
    q = winning.table()
    assert all(0.0 <= v <= 1.0 for row in q for cell in row for v in cell)
    assert q[24][0][1] > 0.99, "one point short, opponent at zero, last seat"
    assert q[0][24][0] < 0.2
    assert q[10][10][1] > q[10][10][0], "the last seat has the edge at equal scores"


def test_broken_table_file_is_reported(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(json.dumps({"target": 30, "q": []}))
    with pytest.raises(ValueError, match="target score"):
        winning.load_table(path)


def test_tournament_summary_contract():
    summary = tournament(INFO, ["optimal", "greedy", "cautious"], 20, seed=7)
    assert summary["game"] == "martian-dice" and summary["games"] == 20 and summary["seed"] == 7
    assert sum(s["wins"] for s in summary["seats"]) == 20
    for seat in summary["seats"]:
        assert set(seat) == {"bot", "wins", "win_rate", "mean_score", "mean_turn_score", "mean_dice_luck",
                             "mean_decision_loss"}
    assert summary == tournament(INFO, ["optimal", "greedy", "cautious"], 20, seed=7), "same seed, same result"
    with pytest.raises(ValueError, match="unknown bot"):
        tournament(INFO, ["optimal", "clever"], 1, 0)
    with pytest.raises(ValueError, match="2 to 8"):
        tournament(INFO, ["optimal"], 1, 0)
