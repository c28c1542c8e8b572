"""Mars Needs Heroes: the rulebook's worked examples 2 to 5, our rulings, the bots and the Invader set file."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.core.protocol import CHANCE, IllegalAction
from game.heroes import duel, history, reading
from game.heroes.invaders import InvaderSetError, load_invaders
from game.heroes.rules import (
    BID,
    ENDLESS_TIE_BIDS,
    FREEZE,
    FREEZE_WINDOW,
    PASS,
    BiddingTie,
    EndlessTieReset,
    Frozen,
    HandsBack,
    Heroes,
    PotTaken,
    Revealed,
)
from game.registry import GAMES
from game.tournament import play_game


def new_game(players: int, draws=("yellow", "green")) -> Heroes:
    game = Heroes(players, seed=1)
    for colour in draws:
        game.apply(CHANCE, colour)
    return game


def bid(game: Heroes, *cards: int) -> list:
    events: list = []
    for player, card in enumerate(cards):
        events += game.apply(player, card)
    return events


def close_window(game: Heroes) -> list:
    events: list = []
    for player in game.to_act():
        events += game.apply(player, PASS)
    return events


def test_example_2_equal_bids_cancel_and_the_next_highest_wins():
    game = new_game(4)
    events = bid(game, 5, 2, 5, 1)
    reveal = next(e for e in events if isinstance(e, Revealed))
    assert reveal.cancelled == (5,) and reveal.winner == 1
    close_window(game)
    assert game.captured[1] == [1, 1, 0, 0] and game.pot == []


@pytest.mark.parametrize("cards", [(3, 3, 3, 3), (4, 4, 1, 1)])
def test_example_3_a_bidding_tie_when_everything_cancels(cards):
    game = new_game(4)
    events = bid(game, *cards)
    assert next(e for e in events if isinstance(e, Revealed)).winner is None
    events = close_window(game)
    assert any(isinstance(e, BiddingTie) and e.adding == 2 for e in events)
    assert game.is_chance() and len(game.pot) == 2


def test_example_4_two_more_invaders_join_and_everyone_bids_again():
    game = new_game(2)
    bid(game, 4, 4)
    close_window(game)
    game.apply(CHANCE, "blue")
    game.apply(CHANCE, "purple")
    assert game.phase == BID and len(game.pot) == 4
    with pytest.raises(IllegalAction, match="already on the table"):
        game.apply(0, 4)
    bid(game, 2, 5)
    close_window(game)
    assert game.captured[1] == [1, 1, 1, 1], "the winner takes all four"
    assert game.history[-1].bids == 2


def test_example_5_ties_are_broken_colour_by_colour():
    game = Heroes(2, seed=1)
    game.captured = [[6, 4, 5, 0], [0, 6, 3, 5]]  # 6, 5, 4 against 6, 5, 3
    game.pile = [0, 0, 0, 0]
    game.phase = "over"
    outcome = game.outcome()
    assert outcome.winners == (0,) and "decided" in outcome.reason
    game.captured = [[6, 5, 4, 0], [4, 6, 0, 5]]
    assert game.outcome().shared, "identical counts all the way down share the win"


def test_played_cards_stay_up_until_everyone_has_played_five():
    game = new_game(2)
    for round_ in range(5):
        events = bid(game, 5 - round_, 1 + round_) if round_ != 2 else bid(game, 3, 3)
        events += close_window(game)
        if round_ < 4:
            assert len(game.played[0]) == round_ + 1 and not any(isinstance(e, HandsBack) for e in events)
            while game.is_chance():
                game.apply_chance()
    assert any(isinstance(e, HandsBack) for e in events)
    assert game.hands == [[1, 2, 3, 4, 5]] * 2 and game.played == [[], []]


def test_the_freeze_ray_takes_the_pot_once_per_game_and_the_first_claim_wins():
    game = new_game(3)
    bid(game, 5, 1, 2)
    assert game.phase == FREEZE_WINDOW and game.to_act() == (0, 1, 2), "anyone armed may fire, the winner too"
    events = game.apply(2, FREEZE)
    assert Frozen(2, 0) in events and game.captured[2] == [1, 1, 0, 0]
    assert game.rays == [True, True, False]
    with pytest.raises(IllegalAction):
        game.apply(1, FREEZE)  # too late: the pot is gone
    game.apply_chance()
    bid(game, 1, 2, 5)
    assert 2 not in game.to_act(), "a used ray cannot fire again"


def test_the_winner_may_fire_to_keep_the_pot_safe_at_the_price_of_the_ray():
    game = new_game(3)
    bid(game, 5, 1, 2)
    events = game.apply(0, FREEZE)
    assert Frozen(0, 0) in events and game.captured[0] == [1, 1, 0, 0] and game.rays == [False, True, True]
    assert game.phase != FREEZE_WINDOW, "the first to fire settles it: the others cannot take it any more"


def test_the_freeze_ray_breaks_a_bidding_tie():
    game = new_game(2)
    bid(game, 3, 3)
    events = game.apply(1, FREEZE)
    assert any(isinstance(e, PotTaken) and e.player == 1 and e.frozen for e in events)


def test_refused_actions_leave_the_state_untouched():
    game = new_game(2)
    before = json.dumps(game.to_json())
    for player, action in ((0, 6), (0, "5"), (0, True), (CHANCE, "yellow"), (3, 1), (0, FREEZE)):
        with pytest.raises(IllegalAction):
            game.apply(player, action)
    assert json.dumps(game.to_json()) == before


def test_the_game_ends_when_the_pile_is_empty_and_the_last_pot_is_won():
    game = Heroes(2, seed=3)
    game.pile = [0, 0, 0, 2]
    game.apply(CHANCE, "purple")
    game.apply(CHANCE, "purple")
    bid(game, 2, 2)
    events = close_window(game)
    assert game.phase == BID and not game.is_over, "a tie with nothing to add is bid again"
    assert any(isinstance(e, HandsBack) for e in events) and game.hands == [[1, 2, 3, 4, 5]] * 2, \
        "with the cards they had played picked up again: five each"
    bid(game, 5, 1)
    events = close_window(game)
    assert game.is_over and game.captured[0] == [0, 0, 0, 2]
    assert type(events[-1]).__name__ == "GameOver"


def test_an_endless_tie_at_the_end_resets_hands_and_rays():
    game = Heroes(2, seed=3)
    game.pile = [0, 0, 2, 0]
    game.apply(CHANCE, "blue")
    game.apply(CHANCE, "blue")
    game.rays = [False, False]
    events: list = []
    for _ in range(ENDLESS_TIE_BIDS):
        events = bid(game, 5, 5)  # a full hand again after every tie: the same card each time
    assert any(isinstance(e, EndlessTieReset) for e in events)
    assert game.rays == [True, True] and game.hands == [[1, 2, 3, 4, 5]] * 2 and not game.is_over


def test_bids_stay_secret_until_everyone_is_ready():
    game = new_game(3)
    game.apply(0, 4)
    view = game.view(1)
    assert view.ready == (0,) and view.my_bid is None and "4" not in repr(view.bidding)
    assert game.view(0).my_bid == 4


def test_a_drawn_invader_follows_what_is_left_in_the_pile():
    game = Heroes(2, seed=5)
    game.pile = [0, 0, 3, 0]
    assert {game.sample_chance(game.rng_for(f"x{i}")) for i in range(20)} == {"blue"}
    with pytest.raises(IllegalAction, match="no Yellow"):
        game.apply(CHANCE, "yellow")


def test_the_duel_equilibrium_opens_with_2_or_4_and_goes_all_in_on_big_pots():
    full = [1, 2, 3, 4, 5]
    opening = duel.strategy(full, full, 2)
    assert set(opening) <= {2, 3, 4} and opening[2] > 0.4 and opening[4] > 0.4 and opening.get(3, 0) < 0.1
    assert duel.strategy(full, full, 6) == {5: pytest.approx(1.0)}
    assert duel.value(full, full, 2) == pytest.approx(0.0, abs=1e-9), "a symmetric hand is worth nothing"


def test_a_fixed_bidding_rule_loses_to_a_best_reply():
    full = [1, 2, 3, 4, 5]
    highest = duel.replies(full, full, 2, lambda theirs, mine, pot: {max(theirs): 1.0})
    assert max(highest.values()) >= 4, "always bidding high gives away several Invaders a hand"


def test_smart_reads_a_bidder_who_always_goes_low():
    game = new_game(2)
    for _ in range(3):
        bid(game, max(game.hands[0]), min(game.hands[1]))
        close_window(game)
        game.apply_chance()
    view = game.view(0)
    read = reading.read(view.bidding, 1, history.total_cards(view), 2)
    assert read.weights["low"] + read.weights["saver"] > 0.8, "on small pots a saver bids low too"
    small_pot = dataclasses.replace(history.current(view), pot=2)
    assert read.forecast(small_pot, 1)[min(view.hands[1])] > 0.8


def test_bots_only_use_what_their_seat_sees_and_a_freeze_goes_to_the_quickest():
    info = GAMES["heroes"]
    state = play_game(info, ["smart", "greedy", "random"], seed=4)
    assert state.is_over and sum(map(sum, state.captured)) == 40


def test_a_broken_invader_set_names_the_file_field_and_reason(tmp_path):
    path = tmp_path / "invaders.toml"
    path.write_text('[[colour]]\nid = "red"\nname = "Red"\nletter = "R"\nshape = "blob"\nrgb = "#ff0000"\ncount = 5\n'
                    '[[colour]]\nid = "teal"\nname = "Teal"\nletter = "T"\nshape = "circle"\nrgb = "#00ffff"\ncount = 5\n')
    with pytest.raises(InvaderSetError) as error:
        load_invaders(path)
    assert str(error.value).startswith("invaders.toml: field 'colour[0].shape'")
    path.write_text("not toml [")
    with pytest.raises(InvaderSetError, match="not valid TOML"):
        load_invaders(path)
