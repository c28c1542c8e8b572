"""Mars Needs Heroes figures for ``python -m game bench``: a bid from a key zone and the flip that follows,
every frame of a whole four-bot game, and the smart bot's thinking with four players: the CPU a whole
decision takes, and the longest slice between two of its steps (what one frame may have to carry)."""

from __future__ import annotations

import time

import pygame

from game import controls
from game.core.rng import Rng
from game.heroes.bots import BOTS
from game.heroes.rules import Heroes
from game.saves import Seat
from game.timing import percentiles
from game.tournament import decision_points

SIM_BOTS = ("smart", "greedy")
FOUR = 4


def moments(bench, info) -> dict:
    """The frame that presses a bid key and every frame of the flip, the cancelling and the pot flying;
    then every frame of a four-bot game at the normal pace."""
    app = bench.app
    frames = []
    for _ in range(3):
        scene = info.start(app, [Seat("You", 0, None, "keys-1"), Seat("Bot", 1, info.default_bot)])
        app.scenes.reset(scene)
        bench.until(lambda: scene.idle and 0 in scene.humans_to_act())
        card = scene.game.hands[0][0]
        key = pygame.key.key_code(controls.KEY_ZONES["keys-1"][card - 1])
        frames.append(bench.key(key, source="keys-1"))
        frames += bench.until(lambda: scene.idle and scene.game.phase != "freeze" and 0 in scene.humans_to_act())
    four = info.start(app, [Seat(f"Bot {p + 1}", p, "smart") for p in range(FOUR)])
    app.scenes.reset(four)
    game = bench.until(lambda: app.scenes.top is not four or four.game.is_over, limit=200_000)
    return {"bid, flip and pot (3 rounds)": frames, "four smart bots, a whole game": game}


def thinking(games: int = 2, players: int = FOUR) -> dict:
    """CPU milliseconds of each whole smart decision, and of the longest slice between two yields."""
    think = BOTS["smart"].think
    assert think is not None
    decisions, slices = [], []
    for seed in range(games):
        state = Heroes(players, seed=seed)
        for player in decision_points(state):
            steps = think(state.view(player), player, Rng(seed * 1000 + len(state.bidding)))
            total = 0.0
            while True:
                started = time.process_time()
                try:
                    next(steps)
                except StopIteration as done:
                    action = done.value
                    break
                finally:
                    spent = (time.process_time() - started) * 1000
                    total += spent
                    slices.append(spent)
            decisions.append(total)
            state.apply(player, action)
    return {"decision_cpu": percentiles(decisions, "decisions"), "longest_slice_cpu": percentiles(slices, "slices")}


def extras() -> dict:
    return {"smart_thinking_four_players": thinking()}
