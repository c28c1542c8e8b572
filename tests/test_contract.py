"""One contract for every registered game (the example game included): random legal play with every
seat, JSON and copies, replay from seed and log, illegal actions, the outcome, bots, help, and a
bot-only game through the game scene to the results."""

import dataclasses
import json
import math
from pathlib import Path

import pytest
from conftest import run_until

from game import saves
from game.core.protocol import CHANCE, GameState, IllegalAction, Outcome
from game.core.rng import Rng
from game.paths import asset_path
from game.registry import GAMES
from game.saves import Seat

IDS = sorted(GAMES)
GARBAGE = (None, 99, -1, 2.5, math.nan, "dance", "", ["roll"], {"x": 1}, (1, 2, 3), True, object())


def snapshot(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_refuses_garbage(state: GameState, rng: Rng) -> None:
    before = snapshot(state)
    movers = state.to_act()
    strangers = [p for p in range(state.players) if p not in movers] + [state.players, -2, "0", None]
    for player in movers:
        for junk in GARBAGE:
            with pytest.raises(IllegalAction):
                state.apply(player, junk)
    if movers:
        legal = state.random_action(movers[0], rng)
        for stranger in strangers:
            with pytest.raises(IllegalAction):
                state.apply(stranger, legal)
    if not state.is_chance():
        with pytest.raises(IllegalAction):
            state.apply(CHANCE, (1, 2, 3))
    else:
        for junk in GARBAGE:
            with pytest.raises(IllegalAction):
                state.apply(CHANCE, junk)
    assert snapshot(state) == before, "a refused action changes nothing"


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_play_keeps_the_contract(game_id, seed):
    info = GAMES[game_id]
    players = info.min_players + seed % (info.max_players - info.min_players + 1)
    state = info.new_state(players, seed)
    rng = Rng(seed)
    steps, next_check = 0, 1
    while not state.is_over:
        assert steps < 20_000, "the game ends"
        movers = state.to_act()
        assert bool(movers) != state.is_chance(), "either players or chance act, never both or neither"
        if state.is_chance():
            state.apply_chance()
        else:
            for player in movers:  # several at once in a simultaneous step
                if player in state.to_act():  # a race (a Freeze Ray) closes the step for everyone else
                    state.apply(player, state.random_action(player, rng))
        steps += 1
        if steps == next_check:  # at powers of two: JSON, copy, replay and refusals
            next_check *= 2
            record = json.loads(json.dumps(state.to_json()))
            assert snapshot(type(state).from_json(record)) == snapshot(state)
            copy = state.copy()
            assert snapshot(copy) == snapshot(state) and copy is not state
            assert [copy.score(p) for p in range(players)] == [state.score(p) for p in range(players)]
            check_refuses_garbage(state, rng)
    assert state.to_act() == () and not state.is_chance()
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    ranked = [p for group in outcome.ranking for p in group]
    assert sorted(ranked) == list(range(players)), "the outcome ranks every player once"
    assert outcome.scores == tuple(state.score(p) for p in range(players))
    replayed = info.load_state(json.loads(json.dumps(state.to_json())))
    assert replayed.outcome() == outcome, "seed and log replay the same game"
    check_refuses_garbage(state, rng)


@pytest.mark.parametrize("game_id", IDS)
def test_the_registry_is_the_one_declaration(game_id):
    info = GAMES[game_id]
    bots_module = info.module("bots")
    assert info.bots is bots_module.BOTS and info.default_bot in info.bots
    assert all(bot.label and bot.blurb and callable(bot.choose) for bot in info.bots.values())
    assert issubclass(info.rules_class, GameState) and info.rules_class.game_id == info.id
    assert info.rules_class.min_players <= info.min_players <= info.max_players <= info.rules_class.max_players
    pages = info.help_pages
    assert pages and all(page.title and page.text for page in pages)
    for page in pages:
        for picture, caption in page.pictures:
            assert asset_path(picture).exists() and caption
    assert hasattr(info.module("scene"), "GameScene")


@pytest.mark.parametrize("game_id", IDS)
def test_bots_see_only_their_view_and_play_legally(game_id, monkeypatch):
    from game.tournament import play_game

    info = GAMES[game_id]
    seen = []
    for name, bot in list(info.bots.items()):
        def spy(view, player, rng, choose=bot.choose):
            seen.append((view, player))
            return choose(view, player, rng)

        monkeypatch.setitem(info.bots, name, dataclasses.replace(bot, choose=spy, think=None))
    names = [list(info.bots)[i % len(info.bots)] for i in range(info.min_players)]
    game = play_game(info, names, 5)
    assert game.is_over and game.outcome() is not None
    assert seen and {type(view) for view, _ in seen} == {type(game.view(0))}, "a bot gets its seat's view"
    assert all(view.player == player for view, player in seen), "...made for its own seat"
    assert not any(isinstance(view, GameState) for view, _ in seen)


@pytest.mark.parametrize("game_id", IDS)
def test_a_bot_only_game_runs_through_the_scene_to_the_results(app, game_id):
    info = GAMES[game_id]
    seats = [Seat(f"Bot {p + 1}", p, info.default_bot) for p in range(info.min_players)]
    table = info.start(app, seats)
    app.scenes.push(table)
    marks = []

    def finished() -> bool:
        marks.append(app.scenes.top is not table or table.marker_agrees())
        return type(app.scenes.top).__name__ == "ResultsScene"

    run_until(app, finished, frames=30000, rest=0.001)  # the loop's rest between frames: a bot's thread thinks then
    assert all(marks), "the seat marked as current is the one whose action is playing, on every frame"
    assert table.game.is_over and not saves.exists(table.slot), "a finished game leaves nothing to continue"
    assert app.scenes.top.outcome == table.game.outcome(), "the results show the rules' own Outcome"
    assert sorted(p for group in app.scenes.top.outcome.ranking for p in group) == list(range(len(seats)))
    app.step(1 / 20, [])


def test_the_example_game_hides_other_bids_until_all_are_in():
    state = GAMES["toy-bid"].new_state(3, 7)
    state.apply(0, 5)
    view = state.view(1)
    assert view.my_bid is None and view.ready == (0,) and not hasattr(view, "bids")
    assert state.to_act() == (1, 2), "the others still bid, all at once"
    state.apply(2, 5)
    events = state.apply(1, 3)
    assert events[-1].bids == (5, 3, 5) and events[-1].winner == 1, "the highest unique bid wins"


def test_toy_game_is_only_its_package_and_one_entry():
    """The example touches no shared file: everything it has sits in its own folder."""
    folder = Path(__file__).parent / "toy_bid"
    assert sorted(p.name for p in folder.glob("*.py")) == ["__init__.py", "bots.py", "help.py", "keys.py",
                                                           "preferences.py", "rules.py", "scene.py", "sim.py",
                                                           "summary.py"]
