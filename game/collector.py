"""Python's cycle collector, kept out of frames and out of bots' thinking.

A collection holds the whole interpreter while it walks. Left to itself, Python starts one whenever enough
objects have been made, in whichever thread made them: inside a frame, or inside a bot's step in its
thinking thread, which the frame then waits on (a young collection there took 10-27 ms while a dice
bot filled its tables; a full one walks every object the game holds, 10-40 ms). So while the frame
loop runs, the loop is in charge (``running_the_loop``): Python's automatic collections are off, and after each
frame the loop makes the young or middle one Python would have made by then (``after_frame``). A thinking
thread collects the garbage it makes itself, between its steps while no frame is drawn
(``young_between_frames``), so the frame after does not walk it.

Python's count of new objects misses most of them: a small tuple taken from its free list is not counted, and a
bot filling its tables makes little else (a count of 700 stood for 5,000-23,000 young objects, 3-11 ms to walk).
So a thinking thread also makes a young collection every ``YOUNG_EVERY`` seconds, whatever the count says: each
walks a few milliseconds' worth of new objects.

What a middle collection leaves has lasted two collections: it is frozen (``gc.freeze``), and no collection
during play walks it again (a full collection walked a bot's tables for 13-40 ms; the middle ones walk only
what is new). Start-up's objects are frozen the same way. A cycle that dies once frozen waits for the next sweep
(over 40 bot games of every game, 750 objects were left to it, as many as with full collections). A sweep runs
where no frame is due, while the loop sleeps on a screen that waits for a person, once what was frozen since the
last sweep is a quarter of what that sweep left (Python's own rule for a full collection): the garbage waiting in
the frozen objects stays a small share of them, and a sweep's walk of everything is paid for by as much new. (A
sweep after any middle collection came due after every bot's turn: its thread's young collections every 2 ms make
a middle one every 20 ms.) It thaws everything, collects, and freezes what is still alive.
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
SWEEP_GROWTH = 0.25  # what is frozen since the last sweep, as a share of what it left, before the next one is due
YOUNG_EVERY = 0.002  # seconds a thinking thread goes at most between young collections, whatever Python's count says


class Collector:
    """When garbage is collected: start-up's freeze, the sweeps, and while the frame loop runs, every collection."""

    def __init__(self) -> None:
        self.swept_at = -math.inf
        self.frozen_at_sweep = 0  # objects frozen when the last sweep ended
        self.frozen_since_sweep = math.inf  # objects frozen since; start-up's are not counted (never swept: due)
        self.in_charge = False  # the frame loop collects, Python does not
        self.young_at = -math.inf  # when the last collection was made while the loop runs

    @contextmanager
    def running_the_loop(self) -> Iterator[None]:
        """While the frame loop runs: no automatic collections; ``after_frame`` makes them instead, and a thinking
        thread collects the garbage it makes between frames (``young_between_frames``)."""
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

    def young_between_frames(self) -> None:
        """For a thinking thread between its steps while no frame is drawn (``FRAMES.tidy``): the collection due,
        or a young one if ``YOUNG_EVERY`` has passed since the last (Python's count misses the tuples a bot's
        tables are made of). The garbage it makes is walked where it is made, in small pieces: a dice bot
        filling its tables left 3-11 ms of it for the frame after."""
        self._collect_due(YOUNG_EVERY)

    def after_frame(self) -> None:
        """The young or middle collection Python would have made since the last frame, if any."""
        if self.in_charge:
            self._collect_due(math.inf)

    def _collect_due(self, every: float) -> None:
        """The young or middle collection Python's count calls for, or a young one `every` seconds; a middle one
        freezes what it leaves."""
        young, middle, _ = gc.get_count()
        young_limit, middle_limit, _ = gc.get_threshold()
        now = time.perf_counter()
        if young <= young_limit and now - self.young_at < every:
            return
        self.young_at = now
        if middle < middle_limit:
            gc.collect(0)
            return
        gc.collect(1)
        self.frozen_since_sweep += len(gc.get_objects(2))  # what lasted it (gc.get_freeze_count walks all: 3 ms)
        gc.freeze()  # what lasted two collections: walked again only by the next sweep

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
        self.frozen_at_sweep, self.frozen_since_sweep = gc.get_freeze_count(), 0

    def owes_a_sweep(self) -> bool:
        """Enough has been frozen since the last sweep for the next (made once it is time, where there is room)."""
        return self.frozen_since_sweep > self.frozen_at_sweep * SWEEP_GROWTH

    def sweep_if_due(self, room: float) -> bool:
        """Sweep if it is time, enough has been frozen since the last sweep and `room` seconds are free before the
        next frame; True if it did."""
        if room < SWEEP_ROOM or time.perf_counter() - self.swept_at < SWEEP_EVERY or not self.owes_a_sweep():
            return False
        self.sweep()
        return True
