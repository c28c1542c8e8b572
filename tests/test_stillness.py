"""The tour's watchers tell when the machine itself stood still, so a frame late for that is not blamed on the game."""

from __future__ import annotations

import os
import signal
import time

import pytest

from game.stillness import StillnessWatch


def test_moments_are_clipped_to_the_span_and_counted_once_when_cores_stood_still_together():
    watch = StillnessWatch([])
    watch.moments += [(10.000, 10.020), (10.005, 10.025), (10.100, 10.110), (9.0, 9.5)]
    assert watch.stood_still_ms(10.0, 10.2) == pytest.approx(35.0), "20 + 5 more on the other core, then 10"
    assert watch.stood_still_ms(10.015, 10.105) == pytest.approx(15.0), "clipped at both ends"
    assert watch.stood_still_ms(11.0, 12.0) == 0.0
    assert not watch.watching


@pytest.mark.skipif(not StillnessWatch.can_watch(), reason="watchers are pinned to a core (Linux)")
def test_a_watcher_whose_core_is_taken_reports_the_moment():
    watch = StillnessWatch([sorted(os.sched_getaffinity(0))[0]])
    try:
        assert watch.watching
        watcher = watch._watchers[0]
        for _ in range(20):  # until the watcher is in its loop (it starts as a fresh Python: slow on a busy machine)
            began = time.monotonic()
            watcher.send_signal(signal.SIGSTOP)  # as a host pausing the core: the watcher cannot run
            time.sleep(0.06)
            watcher.send_signal(signal.SIGCONT)
            ended = time.monotonic()
            time.sleep(0.2)
            if watch.moments:
                break
        still = watch.stood_still_ms(began - 0.05, ended + 0.05)
        assert 50 <= still <= (ended - began + 0.05) * 1000, "the stop, as long as it was (its end seen when the watcher ran)"
        assert watch.stood_still_ms(ended + 1, ended + 2) == 0.0
    finally:
        watch.close()
    assert watcher.poll() is not None, "closed: its watcher is gone"


@pytest.mark.skipif(not StillnessWatch.can_watch(), reason="watchers are pinned to a core (Linux)")
def test_a_watcher_waiting_behind_busy_programs_does_not_call_the_machine_still():
    """Three programs hold the watcher's core for 1.5 s while it gets it last: the first version reported 1508 ms
    of stillness. A machine that really stands still meanwhile (a fresh virtual machine touching new memory: CI once
    saw 155 ms) is not the watcher's doing, so the check is made up to three times and must hold once; counting the
    waits would fail every time."""
    import subprocess
    import sys

    core = sorted(os.sched_getaffinity(0))[0]
    reported = []
    for _ in range(3):
        watch = StillnessWatch([core])
        hogs = []
        try:
            os.setpriority(os.PRIO_PROCESS, watch._watchers[0].pid, 19)  # it gets the core last: late wake-ups, often
            time.sleep(0.3)
            began = time.monotonic()
            hogs = [subprocess.Popen([sys.executable, "-c", f"import os, time\nos.sched_setaffinity(0, {{{core}}})\n"
                                      "end = time.monotonic() + 1.5\nwhile time.monotonic() < end: pass"])
                    for _ in range(3)]
            for hog in hogs:
                hog.wait(timeout=30)
            time.sleep(0.1)
            reported.append(watch.stood_still_ms(began, time.monotonic()))
        finally:
            for hog in hogs:
                hog.kill()
            watch.close()
        if reported[-1] < 50:
            break
    assert min(reported) < 50, f"its waits for the core are not stillness: {reported} ms"


@pytest.mark.skipif(not StillnessWatch.can_watch(), reason="watchers are pinned to a core (Linux)")
def test_the_watchers_go_when_the_tour_is_killed():
    import subprocess
    import sys

    tour = subprocess.run([sys.executable, "-c", "import os; from game.stillness import StillnessWatch; "
                           "w = StillnessWatch(); print(*(x.pid for x in w._watchers)); os._exit(9)"],
                          capture_output=True, text=True, timeout=60)
    pids = [int(pid) for pid in tour.stdout.split()]
    assert pids, "it watched"
    deadline = time.monotonic() + 5
    while any(os.path.exists(f"/proc/{pid}") and "Z" not in _state(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in pids if os.path.exists(f"/proc/{pid}") and "Z" not in _state(pid)]


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
