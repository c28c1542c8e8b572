"""Martian Dice rules: the rulebook's sample turn, scoring, the end, errors, JSON."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.martian_dice.rules import (
    CHICKEN,
    CHOOSE,
    DUEL,
    DUEL_PENDING,
    GAME_OVER,
    HUMAN,
    MUST_ROLL,
    NUM_DICE,
    RAY,
    ROLL,
    ROLL_OR_STOP,
    STOP,
    TAKE,
    TANK,
    IllegalAction,
    MartianDice,
    turn_score,
)


def counts(tank=0, ray=0, human=0, cow=0, chicken=0):
    return [tank, ray, human, cow, chicken]


def test_rulebook_sample_turn_scores_five():
    game = MartianDice(2, seed=1)
    game.apply_roll(counts(tank=2, ray=3, human=4, cow=3, chicken=1))
    assert game.aside[TANK] == 2, "tanks are set aside automatically"
    game.apply(TAKE[HUMAN])
    assert game.dice_left == 7
    game.apply_roll(counts(tank=1, ray=2, cow=3, chicken=1))
    game.apply(TAKE[RAY])
    assert game.dice_left == 4
    game.apply_roll(counts(human=2, cow=1, chicken=1))
    assert TAKE[HUMAN] not in game.legal_actions(), "humans were taken already"
    game.apply(TAKE[CHICKEN])
    game.apply_roll(counts(ray=1, human=1, cow=1))
    game.apply(TAKE[RAY])
    assert game.aside == counts(tank=3, ray=3, human=4, chicken=1)
    assert game.dice_left == 2
    assert game.turn_score == 5
    events = game.apply(STOP)
    assert ("turn-end", 0, 5, False) in events
    assert game.scores == [5, 0]
    assert game.current == 1 and game.phase == MUST_ROLL


@pytest.mark.parametrize(
    "aside, expected",
    [
        (counts(tank=3, ray=2, human=5), 0),  # more tanks than rays: nothing
        (counts(tank=2, ray=2, human=1, cow=1), 2),  # equal is enough
        (counts(ray=1, human=1, cow=1, chicken=1), 6),  # all three types: +3
        (counts(tank=1, ray=4, human=3, cow=2, chicken=3), 11),
        (counts(ray=2), 0),
    ],
)
def test_turn_score_formula(aside, expected):
    assert turn_score(aside) == expected


def test_turn_ends_when_nothing_can_be_taken():
    game = MartianDice(2)
    game.apply_roll(counts(tank=1, ray=2, human=9, cow=1))
    game.apply(TAKE[RAY])
    game.apply_roll(counts(human=9, chicken=1))
    game.apply(TAKE[HUMAN])
    events = game.apply_roll(counts(human=1))  # only humans again, no rays
    assert ("stuck",) in events
    assert game.scores[0] == 9, "the turn still scores (one tank, two rays)"
    assert game.current == 1


def test_turn_ends_when_no_dice_are_left():
    game = MartianDice(2)
    game.apply_roll(counts(ray=13))
    events = game.apply(TAKE[RAY])
    assert events[-1] == ("turn-end", 0, 0, False)
    assert game.current == 1


def test_all_tanks_busts_the_turn():
    game = MartianDice(3)
    events = game.apply_roll(counts(tank=NUM_DICE))
    assert ("turn-end", 0, 0, True) in events


def test_illegal_actions_raise_and_change_nothing():
    game = MartianDice(2, seed=3)
    game.apply_roll(counts(tank=2, ray=3, human=4, cow=3, chicken=1))
    game.apply(TAKE[HUMAN])
    game.apply_roll(counts(tank=1, ray=2, human=2, cow=1, chicken=1))
    before = json.dumps(game.to_json())
    for action in (TAKE[HUMAN], STOP, ROLL, DUEL, "take-tank", "dance"):
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert json.dumps(game.to_json()) == before
    with pytest.raises(IllegalAction, match="already"):
        game.apply(TAKE[HUMAN])
    with pytest.raises(IllegalAction):
        game.apply_roll(counts(human=2))
    assert json.dumps(game.to_json()) == before


def test_bad_roll_counts_are_rejected():
    game = MartianDice(2)
    with pytest.raises(IllegalAction, match="13 dice"):
        game.apply_roll(counts(human=12))
    with pytest.raises(IllegalAction):
        game.apply_roll([13, 0, 0, 0, -1, 1])
    assert game.phase == MUST_ROLL and game.aside == [0] * 5


def play_scripted_turn(game, earthlings):
    """A turn that scores exactly `earthlings` points: no tanks, humans only."""
    game.apply_roll(counts(human=earthlings, ray=NUM_DICE - earthlings))
    game.apply(TAKE[HUMAN])
    if game.phase == ROLL_OR_STOP:
        game.apply(STOP)


def test_final_round_gives_everyone_the_same_number_of_turns():
    game = MartianDice(3)
    play_scripted_turn(game, 10)
    play_scripted_turn(game, 2)
    play_scripted_turn(game, 2)
    play_scripted_turn(game, 10)
    play_scripted_turn(game, 12)  # player 1 reaches 14: not yet
    assert not game.final_round
    play_scripted_turn(game, 2)
    play_scripted_turn(game, 10)  # player 0 reaches 30: final round starts
    assert game.final_round and game.phase == MUST_ROLL
    play_scripted_turn(game, 2)
    assert not game.is_over
    game.apply_roll(counts(human=1, ray=12))
    game.apply(TAKE[HUMAN])
    events = game.apply(STOP)
    assert game.is_over and game.winner == 0
    assert game.turns_taken == [3, 3, 3]
    assert ("game-over", 0) in events


def test_last_seat_reaching_target_ends_the_game_at_once():
    game = MartianDice(2)
    play_scripted_turn(game, 3)
    play_scripted_turn(game, 12)
    play_scripted_turn(game, 3)
    play_scripted_turn(game, 13)  # player 1: 25, end of the round
    assert game.is_over and game.winner == 1


def test_tie_goes_to_a_death_ray_duel_repeated_while_tied():
    game = MartianDice(3)
    for points in (12, 5, 12, 13, 5, 13):
        play_scripted_turn(game, points)
    assert game.phase == DUEL_PENDING
    assert game.duel_players == [0, 2]
    assert game.legal_actions() == [DUEL]
    events = game.apply_duel([3, 3])
    assert not game.is_over and game.duel_players == [0, 2]
    with pytest.raises(IllegalAction):
        game.apply_duel([7, 1])
    events = game.apply_duel([1, 4])
    assert game.phase == GAME_OVER and game.winner == 2
    assert ("game-over", 2) in events
    assert game.ranking() == [[2], [0], [1]]


def test_json_round_trip_keeps_the_future_dice():
    game = MartianDice(4, seed=99)
    for action in (ROLL,):
        game.apply(action)
    copy = MartianDice.from_json(json.loads(json.dumps(game.to_json())))
    assert copy.to_json() == game.to_json()
    while not game.is_over:
        action = game.legal_actions()[0] if game.phase != ROLL_OR_STOP else ROLL
        game.apply(action)
        copy.apply(action)
    assert copy.to_json() == game.to_json()


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("players", 1, "players"),
        ("scores", [1], "scores"),
        ("phase", "dancing", "phase"),
        ("aside", [9, 9, 0, 0, 0], "aside"),
        ("rng", "x", "rng"),
    ],
)
def test_from_json_names_the_bad_field(field, value, message):
    data = MartianDice(2).to_json()
    data[field] = value
    with pytest.raises(ValueError, match=message):
        MartianDice.from_json(data)


def test_same_seed_same_game():
    a, b = MartianDice(2, seed=5), MartianDice(2, seed=5)
    a.apply(ROLL)
    b.apply(ROLL)
    assert a.table == b.table


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 8), choices=st.randoms(use_true_random=False))
def test_random_games_keep_the_invariants(seed, players, choices):
    game = MartianDice(players, seed=seed)
    totals = [0] * players
    for _ in range(100_000):
        if game.is_over:
            break
        assert sum(game.aside) <= NUM_DICE
        if game.phase in (CHOOSE, ROLL_OR_STOP):
            assert sum(game.aside) + sum(game.table) == NUM_DICE, "dice are conserved"
        actions = game.legal_actions()
        assert actions, "a running game always has a move"
        player = game.current
        for event in game.apply(choices.choice(actions)):
            if event[0] == "turn-end":
                assert event[1] == player and event[2] >= 0
                totals[player] += event[2]
    assert game.is_over, "the game always ends"
    assert game.scores == totals
    assert [sum(t[1] for t in game.history if t[0] == p) for p in range(players)] == game.scores
    assert max(game.scores) >= 25
    assert len(set(game.turns_taken)) == 1, "the final round gives everyone equal turns"
    assert game.winner is not None and game.scores[game.winner] == max(game.scores)


def test_roll_event_reports_the_whole_roll_and_tanks_leave_the_table():
    game = MartianDice(2)
    events = game.apply_roll(counts(tank=3, ray=2, human=8))
    assert events[0] == ("rolled", (3, 2, 8, 0, 0))
    assert ("tanks", 3) in events
    assert game.table == counts(ray=2, human=8)
