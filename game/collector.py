"""Python's cycle collector, kept out of frames.

A full collection walks every object the game holds: 15-40 ms on this kind of machine once a game's caches
have grown, in whichever thread happens to trigger it (the frame loop, or a bot thinking, which the frame
then waits on). So a whole sweep runs where no frame is due: at start-up, and while the loop sleeps on a
screen that waits for a person, if anything has lasted since the last sweep (an idle screen makes next to
nothing: no sweeps there). After a sweep everything still alive is frozen (``gc.freeze``), so the full
collections play still triggers walk only what was made since; the next sweep thaws it first, and collects
whatever of it has become garbage meanwhile. Full collections keep Python's own pace during play: made
rarer, the garbage of screens left behind (surfaces, dice trays' physics) stays longer and memory peaks
higher (a whole evening of bot games at 1920x1080: 123-125 MB with a tenth of them, 116-119 MB without).
"""

from __future__ import annotations

import gc
import time

SWEEP_EVERY = 15.0  # seconds between sweeps, at the most
SWEEP_ROOM = 0.05  # seconds a sweep needs free before the next frame is due (one takes 15-40 ms)


class Collector:
    """The sweeps: the game's own full collections, at start-up and between frames on a waiting screen."""

    def __init__(self) -> None:
        self.swept_at: float | None = None  # None: never swept
        self.middle_at_sweep = -1  # middle collections Python had made at the last sweep

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
                (self.swept_at is not None and time.perf_counter() - self.swept_at < SWEEP_EVERY):
            return False
        self.sweep()
        return True


def _middle_collections() -> int:
    """How many times Python has collected its middle generation: it grows only as objects last."""
    return int(gc.get_stats()[1]["collections"])
