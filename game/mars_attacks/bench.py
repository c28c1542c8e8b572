"""Mars Attacks figures for ``python -m game bench``: a person's roll frame by frame, Nukes flying."""

from __future__ import annotations

import pygame

from game.saves import Seat

SIM_BOTS = ("smart", "greedy")


def moments(bench, info) -> dict:
    """The frame that presses Roll and every frame until the dice have landed and flown (10 dice)."""
    app = bench.app
    rolls = []
    for _ in range(4):
        scene = info.start(app, [Seat("You", 0, None), Seat("Bot", 1, info.default_bot)])
        app.scenes.reset(scene)
        bench.until(lambda: scene.idle and scene.can_act(0))
        rolls.append(bench.key(pygame.K_1 + scene.game.face_up.index(scene.game.targets(0)[0].id)))
        rolls += bench.until(lambda: scene.idle)
        rolls.append(bench.key(pygame.K_SPACE))
        rolls += bench.until(lambda: scene.idle)
    return {"roll (10 dice, Nukes flying)": rolls}


def extras() -> dict:
    return {}
