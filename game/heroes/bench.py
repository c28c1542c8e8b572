"""Mars Needs Heroes figures for ``python -m game bench``: a bid from a key zone and the flip that follows, and
every frame of a whole game of four smart bots (their thinking is spread over frames: no frame may wait for it)."""

from __future__ import annotations

import pygame

from game import controls
from game.saves import Seat

SIM_BOTS = ("smart", "greedy")


def moments(bench, info) -> dict:
    """The frame that presses a bid key and every frame of the flip, the cancelling and the pot flying."""
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
    return {"bid, flip and pot (3 rounds)": frames, "four smart bots, a whole game": four_bots(bench, info)}


def four_bots(bench, info) -> list[float]:
    """Every frame of a game of four smart bots at the normal animation speed, up to the results."""
    app = bench.app
    app.scenes.reset(info.start(app, [Seat(f"Bot {p + 1}", p, "smart") for p in range(4)]))
    return bench.until(lambda: type(app.scenes.top).__name__ != "GameScene", limit=60_000)


def extras() -> dict:
    return {}
