"""Martian Dice figures for ``python -m game bench``: a person's roll and a duel, frame by frame;
the exact policy solved cold."""

from __future__ import annotations

import subprocess
import sys

import pygame

from game.martian_dice.smoke import tied_game
from game.saves import Seat

SIM_BOTS = ("optimal", "greedy")  # the pairing the sim speed target was set for
TARGETS = {"optimal_policy_cold_ms": 100, "martian_dice_sim_games_per_cpu_s": 500}


def moments(bench, info) -> dict:
    """The frame that presses Roll and every frame until the dice have landed (13 dice); a duel."""
    app = bench.app
    rolls = []
    for _ in range(4):
        scene = info.start(app, [Seat("You", 0, None), Seat("Bot", 1, info.default_bot)])
        app.scenes.reset(scene)
        bench.frames(3)
        rolls.append(bench.key(pygame.K_SPACE))
        rolls += bench.until(lambda: scene.idle)
    duel = info.scene(app, [Seat("Ada", 0, None), Seat("Zax", 1, info.default_bot)], tied_game())
    app.scenes.reset(duel)
    bench.frame()
    duels = bench.until(lambda: type(app.scenes.top).__name__ != "GameScene")
    return {"roll (13 dice)": rolls, "duel": duels}


def cold_policy_ms() -> float:
    """Import and solve the expected-score policy in a fresh interpreter (target: 100 ms)."""
    code = (
        "import time; t = time.perf_counter();"
        "from game.martian_dice.policy import expected_score_solution; expected_score_solution();"
        "print((time.perf_counter() - t) * 1000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return round(float(out.stdout.strip()), 2)


def extras() -> dict:
    return {"optimal_policy_cold_ms": cold_policy_ms()}
