"""The Heroes sim tells how each bot opens a fresh hand, beside the two-player equilibrium."""

import pytest

from game.heroes.rules import BID, PASS, Heroes
from game.heroes.sim import Stats


def test_fresh_hand_openings_are_counted_per_seat_and_pot_beside_the_equilibrium():
    game = Heroes(2, seed=2)
    game.apply_chance()
    game.apply(0, 4)
    game.apply(1, 2)  # both open a fresh hand on a pot of 2
    for player in game.to_act():
        game.apply(player, PASS)
    game.apply_chance()
    assert game.phase == BID
    game.apply(0, 1)
    game.apply(1, 5)  # not a fresh hand any more: not counted
    stats = Stats()
    stats.add(game)
    assert stats.seat(0)["fresh_hand_openings"]["pot 2"] == {"1": 0.0, "2": 0.0, "3": 0.0, "4": 1.0, "5": 0.0, "bids": 1}
    assert stats.seat(1)["fresh_hand_openings"]["pot 2"]["2"] == 1.0
    assert stats.seat(1)["fresh_hand_openings"]["pot 6+"]["bids"] == 0
    equilibrium = stats.extra()["equilibrium_fresh_hand_openings"]
    assert equilibrium["pot 2"]["2"] == pytest.approx(equilibrium["pot 2"]["4"], abs=0.1)
    assert equilibrium["pot 6+"]["5"] == 1.0
