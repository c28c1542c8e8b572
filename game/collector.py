"""Python's cycle collector, kept out of frames and out of bots' thinking.

A collection holds the whole interpreter while it walks. Left to itself, Python starts one whenever enough
objects have been made, in whichever thread made them: inside a frame, or inside a bot's step in its
thinking thread, which the frame then waits on (a young collection there took 10-27 ms while a Mars
Attacks bot filled its tables; a full one walks every object the game holds, 10-40 ms). So while the frame
loop runs, the loop is in charge (``running_the_loop``): Python's automatic collections are off, and after each
frame the loop makes the ones Python would have made by then (``after_frame``): the young ones at once (they
walk only what is new), a full one when it fits in what is left of the refresh, or once it is long overdue. A
thinking thread collects the young garbage it makes itself, between its steps while no frame is drawn
(``young_between_frames``), so the frame after does not walk it.

Start-up's objects are frozen (``gc.freeze``): no collection walks them again. A whole sweep runs where no
frame is due, while the loop sleeps on a screen that waits for a person, if anything has lasted since the
last sweep (an idle screen makes next to nothing: no sweeps there). It thaws everything, collects, and
freezes what is still alive, so the full collections during play walk only what was made since.
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager

from game.core.steps import FRAMES

SWEEP_EVERY = 15.0  # seconds between sweeps, at the most
SWEEP_ROOM = 0.05  # seconds a sweep needs free before the next frame is due (one takes 15-40 ms)
FULL_ROOM = 0.014  # seconds of a 60 Hz refresh (16.7 ms) a frame and a full collection after it may take
FULL_LATE = 5  # a full collection that found no room is made anyway when it is this many times overdue


class Collector:
    """When garbage is collected: start-up's freeze, the sweeps, and while the frame loop runs, every collection."""

    def __init__(self) -> None:
        self.swept_at = -math.inf
        self.middle_at_sweep = -1  # middle collections Python had made at the last sweep
        self.in_charge = False  # the frame loop collects, Python does not
        self.full_took = 0.010  # seconds the last full collection after a frame took (a first guess)

    @contextmanager
    def running_the_loop(self) -> Iterator[None]:
        """While the frame loop runs: no automatic collections; ``after_frame`` makes them instead, and a thinking
        thread collects the young garbage it makes between frames (``young_between_frames``)."""
        was_enabled, was_in_charge, was_tidy = gc.isenabled(), self.in_charge, FRAMES.tidy  # (the bench nests)
        gc.disable()
        self.in_charge = True
        FRAMES.tidy = self.young_between_frames
        try:
            yield
        finally:
            self.in_charge, FRAMES.tidy = was_in_charge, was_tidy
            if was_enabled:
                gc.enable()

    @staticmethod
    def young_between_frames() -> None:
        """The young or middle collection Python would make now, for a thinking thread between its steps while no
        frame is drawn (``FRAMES.tidy``): the garbage it makes is walked where it is made, in small pieces (a Mars
        Attacks bot filling its tables left 7-11 ms of it for the frame after)."""
        young, middle, _ = gc.get_count()
        young_limit, middle_limit, _ = gc.get_threshold()
        if young > young_limit:
            gc.collect(1 if middle >= middle_limit else 0)

    def after_frame(self, spent: float) -> None:
        """The collection Python would have made since the last frame (which took `spent` seconds), if any: full if
        one is due and fits in the refresh (or is ``FULL_LATE`` times overdue), else young or middle at once."""
        if not self.in_charge:
            return
        young, middle, old = gc.get_count()
        young_limit, middle_limit, old_limit = gc.get_threshold()
        if old >= old_limit and (spent + self.full_took <= FULL_ROOM or old >= old_limit * FULL_LATE):
            started = time.perf_counter()
            gc.collect(2)
            self.full_took = time.perf_counter() - started
        elif young > young_limit:
            gc.collect(1 if middle >= middle_limit else 0)

    def freeze_start_up(self) -> None:
        """Start-up's objects (modules, fonts, the window) frozen as they are, without a collection first: it
        cost the first frame 9 ms, and start-up leaves little garbage (the first sweep frees it)."""
        gc.freeze()

    def sweep(self) -> None:
        """Collect all garbage now, then freeze what is left: it is not walked again until the next sweep."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.swept_at = time.perf_counter()
        self.middle_at_sweep = _middle_collections()

    def sweep_if_due(self, room: float) -> bool:
        """Sweep if it is time, objects have lasted since the last sweep and `room` seconds are free before the
        next frame; True if it did."""
        if room < SWEEP_ROOM or _middle_collections() == self.middle_at_sweep or \
                time.perf_counter() - self.swept_at < SWEEP_EVERY:
            return False
        self.sweep()
        return True


def _middle_collections() -> int:
    """How many times the middle generation has been collected: it grows only as objects last."""
    return int(gc.get_stats()[1]["collections"])
