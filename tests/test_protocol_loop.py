"""Every registered game can be played through the protocol alone.

One loop, with nothing in it about any game, plays 1,000 random games of each registered game (the
tests' example included): every number of players the game takes, a new seed each game. It asks
only what ``game.core.protocol`` offers: who acts, the legal actions, chance outcomes, apply, a view
for each seat, the outcome, the log, and JSON to replay the game.
"""

import json

import pytest

from game.core.protocol import CHANCE, GameState, IllegalAction, Outcome
from game.core.rng import Rng
from game.registry import GAMES

GAMES_EACH = 1000
MAX_STEPS = 20_000  # far more than any game takes


def play_randomly(state: GameState, rng: Rng) -> int:
    """Random legal play to the end; the number of actions applied (chance included)."""
    applied = 0
    while not state.is_over:
        assert applied < MAX_STEPS, "the game ends"
        movers = state.to_act()
        assert bool(movers) != state.is_chance(), "either players or chance act, never both or neither"
        if state.is_chance():
            state.apply(CHANCE, state.sample_chance(state.chance_rng()))
            applied += 1
            continue
        state.view(applied % state.players)  # every seat's view can be made at any point: one seat a step, in turn
        for player in movers:  # several at once in a simultaneous step
            if len(movers) > 1 and player not in state.to_act():
                continue  # a race (a Freeze Ray) closed the step
            state.view(player)
            actions = state.legal_actions(player)
            assert actions, "a player to act always has something to do"
            state.apply(player, actions[rng.randrange(len(actions))])
            applied += 1
    return applied


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_games_through_the_protocol_alone(game_id):
    info = GAMES[game_id]
    sizes = range(info.min_players, info.max_players + 1)
    for n in range(GAMES_EACH):
        players, seed = sizes[n % len(sizes)], 1_000 + n
        state = info.new_state(players, seed)
        applied = play_randomly(state, Rng(seed))
        assert state.to_act() == () and not state.is_chance()
        assert all(not state.legal_actions(p) for p in range(players)), "nobody may act once it is over"
        with pytest.raises(IllegalAction):
            state.apply(CHANCE, state.sample_chance(state.chance_rng()))
        outcome = state.outcome()
        assert isinstance(outcome, Outcome) and len(outcome.scores) == players
        assert sorted(p for group in outcome.ranking for p in group) == list(range(players)), "everyone is ranked once"
        assert len(state.log) == applied, "the log holds every action applied, chance included"
        for p in range(players):
            state.view(p)
        replayed = type(state).from_json(json.loads(json.dumps(state.to_json())))
        assert replayed.outcome() == outcome and replayed.log == state.log, "seed and log replay the same game"
