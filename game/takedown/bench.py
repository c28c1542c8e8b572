"""Takedown figures for ``python -m game bench``: one flick resolved by the physics (target: median 5 ms)."""

from __future__ import annotations

import math
import time

from game.bench import percentiles
from game.core.rng import Rng
from game.takedown.physics import Layout, resolve
from game.takedown.rules import Takedown
from game.takedown.shot import Flick


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
