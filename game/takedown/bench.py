"""Takedown figures for ``python -m game bench``: a person's flick frame by frame; one flick resolved
headless (target: median 5 ms)."""

from __future__ import annotations

import math
import time

import pygame

from game.core.rng import Rng
from game.saves import Seat
from game.takedown.level import challenge_levels
from game.takedown.physics import Layout, Simulation, resolve
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


def bumper_hits(flicks: int = 300, seed: int = 24) -> list[tuple[float, float, float]]:
    """(incoming speed, outgoing speed, spin gained in rad/s) of every bumper hit of random flicks at the bumpers of
    every challenge table that has them: flicks from 60-250 mm away, aimed within a bumper's width, any power."""
    rng = Rng(seed)
    levels = [level for level in challenge_levels()[0] if level.bumpers]
    hits = []
    for n in range(flicks):
        level = levels[n % len(levels)]
        bumper = level.bumpers[rng.randrange(len(level.bumpers))]
        around, away = rng.random() * math.tau, bumper.radius + 60 + 190 * rng.random()
        start = (bumper.x + math.cos(around) * away, bumper.y + math.sin(around) * away)
        if not (30 < start[0] < level.table_w - 30 and 30 < start[1] < level.table_h - 30):
            continue
        aim = around + math.pi + (rng.random() - 0.5) * 2 * math.atan2(bumper.radius, away)
        sim = Simulation(level, Layout(saucers=(start,), targets=(), flicker=0),
                         Flick(aim, 0.3 + 0.7 * rng.random(), (rng.random() - 0.5) * 4), rng.next_u64())
        hits += _hits(sim, level)
    return hits


def _hits(sim: Simulation, level) -> list[tuple[float, float, float]]:
    """Each time the die meets a bumper: its speed and spin just before, and just after it is clear again."""
    touch = [b.radius + level.die_size * 0.75 + 1.0 for b in level.bumpers]
    before, inside, found = (0.0, 0.0), [False] * len(level.bumpers), []
    entry: list[tuple[float, float] | None] = [None] * len(level.bumpers)
    while sim.step():
        x, y = sim.body.position
        now = (sim.body.velocity.length, abs(sim.body.angular_velocity))
        for i, b in enumerate(level.bumpers):
            near = math.hypot(x - b.x, y - b.y) < touch[i]
            if near and not inside[i]:
                entry[i] = before
            elif inside[i] and not near and entry[i] and entry[i][0] > 50:
                found.append((entry[i][0], now[0], now[1] - entry[i][1]))
            inside[i] = near
        before = now
    return found


def bumper_figures(flicks: int = 300, seed: int = 24) -> dict:
    """Lively bumpers: the median outgoing/incoming speed of a hit, and the share of hits that lose more than 40%
    of their speed while the die's spin grows (the speed went into spin)."""
    hits = bumper_hits(flicks, seed)
    ratios = sorted(out / into for into, out, _ in hits)
    lost = sum(1 for into, out, spun in hits if out < 0.6 * into and spun > 0)
    return {"hits": len(hits), "median_out_over_in": round(ratios[len(ratios) // 2], 3) if ratios else None,
            "share_losing_40pct_into_spin": round(lost / len(hits), 3) if hits else None}


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
    return {"resolve_flick": percentiles(samples, "flicks"), "bumpers": bumper_figures()}


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(bumper_figures(int(sys.argv[1]) if len(sys.argv) > 1 else 300)))
