"""Martian Dice rules: the rulebook's sample turn, scoring, the end, errors, JSON."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.protocol import CHANCE, GameOver, IllegalAction, TurnStarted
from game.martian_dice.rules import (
    CHICKEN,
    CHOOSE,
    DUEL,
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
    FinalRound,
    MartianDice,
    Rolled,
    Stuck,
    TanksOut,
    TurnEnded,
    turn_score,
)


def counts(tank=0, ray=0, human=0, cow=0, chicken=0):
    return (tank, ray, human, cow, chicken)


def roll(game, faces):
    """The current player rolls; chance gives these face counts."""
    game.apply(game.current, ROLL)
    return game.apply(CHANCE, faces)


def act(game, action):
    return game.apply(game.current, action)


def test_rulebook_sample_turn_scores_five():
    game = MartianDice(2, seed=1)
    roll(game, counts(tank=2, ray=3, human=4, cow=3, chicken=1))
    assert game.aside[TANK] == 2, "tanks are set aside automatically"
    act(game, TAKE[HUMAN])
    assert game.dice_left == 7
    roll(game, counts(tank=1, ray=2, cow=3, chicken=1))
    act(game, TAKE[RAY])
    assert game.dice_left == 4
    roll(game, counts(human=2, cow=1, chicken=1))
    assert TAKE[HUMAN] not in game.legal_actions(0), "humans were taken already"
    act(game, TAKE[CHICKEN])
    roll(game, counts(ray=1, human=1, cow=1))
    act(game, TAKE[RAY])
    assert game.aside == list(counts(tank=3, ray=3, human=4, chicken=1))
    assert game.dice_left == 2
    assert game.turn_score == 5
    events = act(game, STOP)
    assert TurnEnded(0, 5, False) in events and TurnStarted(1) in events
    assert game.totals == [5, 0]
    assert game.current == 1 and game.phase == MUST_ROLL
    assert game.to_act() == (1,) and game.legal_actions(0) == []


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
    roll(game, counts(tank=1, ray=2, human=9, cow=1))
    act(game, TAKE[RAY])
    roll(game, counts(human=9, chicken=1))
    act(game, TAKE[HUMAN])
    events = roll(game, counts(human=1))  # only humans again, no rays
    assert Stuck(0) in events
    assert game.totals[0] == 9, "the turn still scores (one tank, two rays)"
    assert game.current == 1


def test_turn_ends_when_no_dice_are_left():
    game = MartianDice(2)
    roll(game, counts(ray=13))
    events = act(game, TAKE[RAY])
    assert TurnEnded(0, 0, False) in events
    assert game.current == 1


def test_all_tanks_busts_the_turn():
    game = MartianDice(3)
    events = roll(game, counts(tank=NUM_DICE))
    assert TanksOut(0, NUM_DICE) in events and TurnEnded(0, 0, True) in events


def test_illegal_actions_raise_and_change_nothing():
    game = MartianDice(2, seed=3)
    roll(game, counts(tank=2, ray=3, human=4, cow=3, chicken=1))
    act(game, TAKE[HUMAN])
    roll(game, counts(tank=1, ray=2, human=2, cow=1, chicken=1))
    before = json.dumps(game.to_json())
    for action in (TAKE[HUMAN], STOP, ROLL, "take-tank", "dance", None, 3, 2.5, ["roll"], {"roll": 1}):
        with pytest.raises(IllegalAction):
            game.apply(0, action)
        assert json.dumps(game.to_json()) == before
    with pytest.raises(IllegalAction, match="already"):
        act(game, TAKE[HUMAN])
    for player, action in ((1, TAKE[RAY]), (2, TAKE[RAY]), ("0", TAKE[RAY]), (True, TAKE[RAY]), (CHANCE, counts(human=2))):
        with pytest.raises(IllegalAction):
            game.apply(player, action)
    assert json.dumps(game.to_json()) == before


def test_bad_chance_outcomes_are_rejected():
    game = MartianDice(2)
    act(game, ROLL)
    for bad in (counts(human=12), (13, 0, 0, 0, -1, 1), (6.5, 6.5, 0, 0, 0), (True, 12, 0, 0, 0), "13", None):
        with pytest.raises(IllegalAction):
            game.apply(CHANCE, bad)
    assert game.phase == "rolling" and game.aside == [0] * 5 and len(game.log) == 1


def play_scripted_turn(game, earthlings):
    """A turn that scores exactly `earthlings` points: no tanks, humans only."""
    roll(game, counts(human=earthlings, ray=NUM_DICE - earthlings))
    events = act(game, TAKE[HUMAN])
    if game.phase == ROLL_OR_STOP:
        events += act(game, STOP)
    return events


def test_final_round_gives_everyone_the_same_number_of_turns():
    game = MartianDice(3)
    play_scripted_turn(game, 10)
    play_scripted_turn(game, 2)
    play_scripted_turn(game, 2)
    play_scripted_turn(game, 10)
    play_scripted_turn(game, 12)  # player 1 reaches 14: not yet
    assert not game.final_round
    play_scripted_turn(game, 2)
    events = play_scripted_turn(game, 10)  # player 0 reaches 30: final round starts
    assert FinalRound(0, (1, 2)) in events, "the banner names who still plays"
    assert game.final_round and game.phase == MUST_ROLL
    play_scripted_turn(game, 2)
    assert not game.is_over
    roll(game, counts(human=1, ray=12))
    act(game, TAKE[HUMAN])
    events = act(game, STOP)
    assert game.is_over and game.outcome().winners == (0,)
    assert game.turns_taken == [3, 3, 3]
    assert isinstance(events[-1], GameOver) and events[-1].outcome.ranking[0] == (0,)


def test_last_seat_reaching_target_ends_the_game_at_once():
    game = MartianDice(2)
    play_scripted_turn(game, 3)
    play_scripted_turn(game, 12)
    play_scripted_turn(game, 3)
    events = play_scripted_turn(game, 13)  # player 1: 25, end of the round
    assert FinalRound(1, ()) in events
    assert game.is_over and game.outcome().winners == (1,)


def test_the_round_ends_with_the_player_before_whoever_started():
    game = MartianDice(3, first=1)
    assert game.current == 1 and game.to_act() == (1,)
    for points in (12, 3, 13):
        play_scripted_turn(game, points)
    events = play_scripted_turn(game, 13)  # player 1 reaches 25
    assert FinalRound(1, (2, 0)) in events, "player 0 closes the round player 1 opened"
    play_scripted_turn(game, 1)
    assert not game.is_over
    play_scripted_turn(game, 1)
    assert game.is_over and game.turns_taken == [2, 2, 2]


def test_tie_goes_to_a_death_ray_duel_repeated_while_tied():
    game = MartianDice(3)
    for points in (12, 5, 12, 13, 5, 13):
        play_scripted_turn(game, points)
    assert game.phase == DUEL and game.is_chance() and game.to_act() == ()
    assert game.duel_players == (0, 2)
    game.apply(CHANCE, (3, 3))
    assert not game.is_over and game.duel_players == (0, 2)
    with pytest.raises(IllegalAction):
        game.apply(CHANCE, (7, 1))
    events = game.apply(CHANCE, (1, 4))
    assert game.phase == GAME_OVER
    outcome = events[-1].outcome
    assert outcome.ranking == ((2,), (0,), (1,)) and "duel" in outcome.reason
    assert outcome.scores == (25, 10, 25)


def test_json_round_trip_keeps_the_future_dice():
    game = MartianDice(4, seed=99)
    act(game, ROLL)
    game.apply_chance()
    copy = MartianDice.from_json(json.loads(json.dumps(game.to_json())))
    assert copy.to_json() == game.to_json() and copy.table == game.table
    while not game.is_over:
        if game.is_chance():
            game.apply_chance()
            copy.apply_chance()
            continue
        action = game.legal_actions(game.current)[0] if game.phase != ROLL_OR_STOP else ROLL
        act(game, action)
        act(copy, action)
    assert copy.to_json() == game.to_json() and copy.outcome() == game.outcome()


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("players", 1, "players"),
        ("seed", "x", "seed"),
        ("seed", -1, "seed"),
        ("first", 5, "first"),
        ("options", {"speed": "fast"}, "options"),
        ("log", [[0, "stop"]], "action 1"),
        ("log", [[0, "roll"], [-1, [9, 9, 0, 0, 0]]], "action 2"),
        ("log", [[0, "roll"], [-1, [0, 0, 13, 0, 0]], [0, "take-human"], [0, "roll"]], "action 4"),
        ("log", [[0, "roll", "extra"]], "action 1"),
        ("log", "roll", "log"),
        ("game", "takedown", "game"),
    ],
)
def test_from_json_names_the_bad_field_or_action(field, value, message):
    data = MartianDice(2).to_json()
    data[field] = value
    with pytest.raises(ValueError, match=message):
        MartianDice.from_json(data)


def test_a_saved_game_cannot_describe_an_impossible_state():
    """The record is the log: fewer dice, an empty pick or a duel without players cannot be written down."""
    game = MartianDice(2, seed=4)
    act(game, ROLL)
    game.apply_chance()
    data = game.to_json()
    assert set(data) == {"game", "players", "seed", "first", "options", "log"}
    data["log"][1][1] = [0, 0, 12, 0, 0]  # 12 dice instead of 13
    with pytest.raises(ValueError, match="13 dice"):
        MartianDice.from_json(data)


def test_same_seed_same_game():
    a, b = MartianDice(2, seed=5), MartianDice(2, seed=5)
    for game in (a, b):
        act(game, ROLL)
        game.apply_chance()
    assert a.table == b.table


@settings(max_examples=100, deadline=None)
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
        if game.is_chance():
            events = game.apply_chance()
        else:
            player = game.current
            actions = game.legal_actions(player)
            assert actions, "a running game always has a move"
            events = game.apply(player, choices.choice(actions))
        for event in events:
            if isinstance(event, TurnEnded):
                assert event.points >= 0
                totals[event.player] += event.points
    assert game.is_over, "the game always ends"
    assert game.totals == totals
    assert max(game.totals) >= 25
    assert len(set(game.turns_taken)) == 1, "the final round gives everyone equal turns"
    outcome = game.outcome()
    assert game.totals[outcome.winners[0]] == max(game.totals) and not outcome.shared


def test_roll_event_reports_the_whole_roll_and_tanks_leave_the_table():
    game = MartianDice(2)
    events = roll(game, counts(tank=3, ray=2, human=8))
    assert events[0] == Rolled(0, (3, 2, 8, 0, 0))
    assert TanksOut(0, 3) in events
    assert game.table == list(counts(ray=2, human=8))
