"""Moments the machine itself stood still, for the bench's tour: on a virtual machine the host can pause a core,
or all of them, for tens of milliseconds, and a frame with such a pause in it is late whatever the game does.
Linux's "steal" count is meant to tell, but many hosts leave it at 0 (this project's does).

A small watcher process per core (pinned to it; Linux) sleeps 1 ms at a time and reports each wake-up more than
``LATE_MS`` late: while its core was taken from the machine it could not run either. The time it waited, ready, for
its core behind other programs (the game, the X server; Linux's schedstat) is not counted: a busy machine is not a
still one. On this project's 2-core machine, pauses seen on both cores at once came about six times an hour above
17 ms (up to 42 ms), some with nothing running.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

LATE_MS = 4.0  # a whole tour here had 2 wake-ups later than 2 ms (4.6 and 5.9 ms): short stands, caught
MOST_CORES = 8  # a watcher wakes 1000 times a second: about 2% of a core each

WATCHER = """
import os, sys, time
core, late, parent = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
os.sched_setaffinity(0, {core})
schedstat = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
def waited():  # for a core, ready to run, so far: the game and the X server had it
    return int(os.pread(schedstat, 64, 0).split()[1]) / 1e9
last, last_waited = time.monotonic(), waited()
while os.getppid() == parent:  # the tour gone (even killed, even before this started): so is its watcher
    time.sleep(0.001)
    now, now_waited = time.monotonic(), waited()
    still = now - last - 0.001 - (now_waited - last_waited)  # neither asleep nor waiting behind another program
    if still > late:
        print(now - still, now, flush=True)
    last, last_waited = now, now_waited
"""


class StillnessWatch:
    """Watchers on this process's cores while it runs (none where they cannot be pinned, or in a frozen build, whose
    executable is the game's); ``stood_still_ms`` then says how long a span of time had a core standing still."""

    def __init__(self, cores: list[int] | None = None) -> None:
        self.moments: list[tuple[float, float]] = []  # (from, to) in time.monotonic()'s seconds, any core
        self._watchers: list[subprocess.Popen] = []
        self._readers: list[threading.Thread] = []
        if cores is None:
            cores = sorted(os.sched_getaffinity(0))[:MOST_CORES] if self.can_watch() else []
        for core in cores:
            watcher = subprocess.Popen([sys.executable, "-c", WATCHER, str(core), str(LATE_MS / 1000), str(os.getpid())],
                                       stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
            self._watchers.append(watcher)
            self._readers.append(threading.Thread(target=self._read, args=(watcher,), daemon=True))
            self._readers[-1].start()

    @staticmethod
    def can_watch() -> bool:
        return hasattr(os, "sched_setaffinity") and not getattr(sys, "frozen", False)

    @property
    def watching(self) -> bool:
        return bool(self._watchers)

    def _read(self, watcher: subprocess.Popen) -> None:
        assert watcher.stdout is not None
        for line in watcher.stdout:
            began, ended = map(float, line.split())
            self.moments.append((began, ended))

    def stood_still_ms(self, began: float, ended: float) -> float:
        """How much of the span from `began` to `ended` (time.monotonic()) some watched core stood still, moments on
        several cores at once counted once. A moment is reported when its watcher wakes, so ask after the span."""
        spans = sorted((max(b, began), min(e, ended)) for b, e in list(self.moments) if b < ended and e > began)
        still, reached = 0.0, began
        for b, e in spans:
            if e > reached:
                still += e - max(b, reached)
                reached = e
        return round(still * 1000, 2)

    def close(self) -> None:
        """The watchers stopped; what they reported stays readable."""
        for watcher in self._watchers:
            watcher.kill()
            watcher.wait()
        for reader in self._readers:
            reader.join()  # it has read to the end of its watcher's pipe
        for watcher in self._watchers:
            if watcher.stdout is not None:
                watcher.stdout.close()
        self._watchers.clear()
        self._readers.clear()
