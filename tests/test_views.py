"""A bot sees only what its seat may know: a view made for the seat, frozen all the way down, holding
nothing of the state (no generator, no seed, no log) and blind to what the seat may not know.

For every registered game: views are frozen and deeply immutable at every point of a game; a game
replayed from the same actions and chance outcomes under another seed gives every seat the same views
(so no view can reach the generator that makes the next roll or draw); and where players choose at
once, a seat's view is the same whatever another seat has chosen, until all choices are revealed.
"""

import dataclasses
import json
from types import MappingProxyType

import pytest

from game.core.protocol import GameState
from game.core.rng import Rng
from game.registry import GAMES

IDS = sorted(GAMES)
LEAVES = (bool, int, float, str, type(None))
FORBIDDEN_FIELDS = {"seed", "log", "rng"}


def reachable(value, path: str = "view"):
    """(path, object) for the view and everything reachable from it."""
    yield path, value
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from reachable(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            yield from reachable(item, f"{path}[{i}]")
    elif isinstance(value, MappingProxyType):
        for key, item in value.items():
            yield from reachable(key, f"{path} key")
            yield from reachable(item, f"{path}[{key!r}]")


def check_deeply_frozen(view) -> None:
    assert dataclasses.is_dataclass(view) and not isinstance(view, type)
    assert not FORBIDDEN_FIELDS & {f.name for f in dataclasses.fields(view)}, "no seed, log or generator"
    for path, value in reachable(view):
        assert not isinstance(value, (GameState, Rng)), f"{path} gives away the state or a generator"
        if dataclasses.is_dataclass(value):
            assert type(value).__dataclass_params__.frozen, f"{path} is a dataclass that can change"
        else:
            assert isinstance(value, LEAVES + (tuple, frozenset, MappingProxyType)), \
                f"{path} is a {type(value).__name__}, which can change"
    for field in dataclasses.fields(view):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(view, field.name, getattr(view, field.name))


def random_game(game_id: str, seed: int) -> GameState:
    info = GAMES[game_id]
    state = info.new_state(info.max_players, seed)
    rng = Rng(seed)
    while not state.is_over:
        if state.is_chance():
            state.apply_chance()
        for player in state.to_act():
            if player in state.to_act():  # a race closes a simultaneous step
                state.apply(player, state.random_action(player, rng))
    return state


def replay_step_by_step(record: dict, seed: int):
    """The recorded game replayed under `seed`: the state after each logged action."""
    state = GAMES[record["game"]].new_state(record["players"], seed, record["options"], record["first"])
    yield state
    for player, action in record["log"]:
        state.apply(player, state.decode_action(player, action))
        yield state


@pytest.mark.parametrize("game_id", IDS)
def test_views_are_frozen_all_the_way_down_and_hold_nothing_of_the_state(game_id):
    record = random_game(game_id, 3).to_json()
    for n, state in enumerate(replay_step_by_step(record, 3)):
        if n % 3 == 0 or state.is_over:
            for player in range(state.players):
                check_deeply_frozen(state.view(player))


@pytest.mark.parametrize("game_id", IDS)
def test_the_same_public_history_under_another_seed_gives_the_same_views(game_id):
    """Same actions, same chance outcomes (scripted from the log), a different seed: views cannot tell
    them apart, so nothing in a view leads to the random generator."""
    record = json.loads(json.dumps(random_game(game_id, 11).to_json()))
    steps = 0
    for one, other in zip(replay_step_by_step(record, 11), replay_step_by_step(record, 12_345)):
        assert one.seed != other.seed
        for player in range(one.players):
            assert one.view(player) == other.view(player), f"seat {player} sees something of the seed"
        steps += 1
    assert steps == len(record["log"]) + 1


def simultaneous_step(game_id: str):
    """A state where several seats choose at once (the first bidding round), and its two first movers."""
    info = GAMES[game_id]
    state = info.new_state(info.max_players, 5)
    state.apply_chance()
    movers = state.to_act()
    assert len(movers) > 1, "everyone chooses at once"
    return state, movers[0], movers[1]


@pytest.mark.parametrize("game_id", [game_id for game_id in IDS if GAMES[game_id].rules_class.simultaneous])
def test_another_seat_choice_is_hidden_until_the_reveal(game_id):
    state, mover, other = simultaneous_step(game_id)
    low, high = state.copy(), state.copy()
    choices = state.legal_actions(mover)
    low.apply(mover, choices[0])
    high.apply(mover, choices[-1])
    assert choices[0] != choices[-1]
    for seat in range(state.players):
        if seat != mover:
            assert low.view(seat) == high.view(seat), f"seat {seat} cannot see what seat {mover} chose"
    assert low.view(mover) != high.view(mover), "a seat sees its own choice"
    assert low.view(other) != state.view(other), "...and that the other has chosen"


def test_heroes_view_shows_no_other_bid_before_the_reveal_and_every_bid_after():
    state, mover, other = simultaneous_step("heroes")
    state.apply(mover, 5)
    view = state.view(other)
    assert view.my_bid is None and view.ready == (mover,) and view.reveal is None
    assert 5 in view.hands[mover], "the card stays in the hand until everyone shows"
    assert not any(5 in r.bids for r in view.bidding)
    for seat in state.to_act():
        state.apply(seat, state.legal_actions(seat)[0])
    assert all(state.view(seat).bidding[-1].bids[mover] == 5 for seat in range(state.players)), "revealed to all"
