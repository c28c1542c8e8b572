"""Takedown figures for ``python -m game bench``: a person's flick frame by frame; one flick resolved
headless (target: median 5 ms)."""

from __future__ import annotations

import math
import time

import pygame

from game.core.rng import Rng
from game.saves import Seat
from game.takedown.physics import Layout, resolve
from game.takedown.rules import Takedown
from game.takedown.shot import Flick
from game.timing import percentiles

TARGETS = {"takedown_resolve_p50_ms": 5}


def moments(bench, info) -> dict:
    """The frame that flicks (Space) and every frame of the flight and what follows, on a 4-player table."""
    app = bench.app
    flights = []
    for k in range(4):
        seats = [Seat("You", 0, None)] + [Seat(f"Bot {p}", p, "easy") for p in range(1, 4)]
        scene = info.start(app, seats)
        app.scenes.reset(scene)
        bench.frames(3)
        scene.aim, scene.power = -math.pi / 2 + 0.15 * (k - 2), 0.55 + 0.07 * k
        flights.append(bench.key(pygame.K_SPACE))
        flights += bench.until(lambda: scene.game.attempts > 0 and scene.idle)
    return {"flick": flights}


def extras() -> dict:
    state = Takedown(4)
    layout = Layout.of(state)
    rng = Rng(11)
    samples = []
    for _ in range(300):
        flick = Flick(-math.pi / 2 + (rng.random() - 0.5) * 2.4, 0.2 + 0.8 * rng.random(), (rng.random() - 0.5) * 6)
        started = time.perf_counter()
        resolve(state.level, layout, flick)
        samples.append((time.perf_counter() - started) * 1000)
    return {"resolve_flick": percentiles(samples, "flicks")}
