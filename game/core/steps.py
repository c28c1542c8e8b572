"""Stepwise computations: generators that yield while they work and return their result.

Long work (a bot weighing its options, a throw simulated, a table solved) is
written this way so the game loop can do a slice of it per frame and no
frame waits for the whole; headless code simply runs it to the end.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]  # Steps[int]: yields while working, returns an int
FRAME_BUDGET = 0.004  # seconds of a 60 fps frame (16.7 ms) that work spread over frames may use


def finish(steps: Steps[T]) -> T:
    """Run a stepwise computation to its end; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def advance(steps: Steps[T], budget: float | None) -> tuple[bool, T | None]:
    """Work for up to `budget` seconds (None: to the end); (done, result)."""
    deadline = None if budget is None else time.perf_counter() + budget
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return True, done.value
        if deadline is not None and time.perf_counter() >= deadline:
            return False, None
