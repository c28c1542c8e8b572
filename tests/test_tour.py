"""The bench's tour visits every place a player goes and counts every frame above one refresh where it happened."""

from __future__ import annotations

import os
import re
import sys
import time

import pytest

from game import tour
from game.registry import GAMES
from game.settings import TEXT_SIZES
from game.stillness import StillnessWatch


def test_the_tour_visits_every_screen_and_lists_each_slow_frame_where_it_happened(app, monkeypatch, capsys):
    monkeypatch.setattr(tour, "STEP_FRAMES", 3)
    monkeypatch.setattr(tour, "HELP_FRAMES", 2)
    monkeypatch.setattr(tour, "LESSON_FRAMES", 3)
    monkeypatch.setattr(tour, "REFRESH_MS", 0.0)  # every frame counts as slow: each must be listed
    result = tour.run_tour(app)
    steps = result["steps"]
    for info in GAMES.values():
        assert {f"{info.id}: setup", f"{info.id}: table", f"{info.id}: results"} <= set(steps)
        assert (f"{info.id}: lesson" in steps) == info.tutorial
        assert all(f"{info.id}: {mode.label}" in steps for mode in info.modes)
        assert all(f"{info.id}: help page {n + 1}" in steps for n in range(len(info.help_pages)))
        assert steps[f"{info.id}: table"]["frames"] > 100, "a whole bot game is played"
    assert {"statistics", "settings", "F11 once", "F11 back"} | {f"text size {s}%" for s in TEXT_SIZES} <= set(steps)
    listed = len(re.findall(r"^tour: [0-9.]+ ms at frame ", capsys.readouterr().err, re.MULTILINE))
    assert result["over_16_7"] == listed == sum(s["frames"] for s in steps.values()) == len(result["slow_frames"])
    held = result["slow_frames"][0]
    assert held["step"] == "title" and held["frame"] == 0, "the tour's very first frame (the window opening) is left out"
    assert 0 <= held["main_thread_cpu_ms"] <= held["process_cpu_ms"] + 0.5, "the frame loop's CPU is in the process's"
    assert sum(f["collection_ms"] for f in result["slow_frames"]) > 0, "collections made in frames are timed"
    assert all(("machine_stood_still_ms" in f) == StillnessWatch.can_watch() for f in result["slow_frames"])
    assert result["over_16_7_as_the_host_took_time"] == sum(
        f.get("taken_by_the_host_ms", 0) > 0 or f["ms"] <= f.get("machine_stood_still_ms", 0) for f in result["slow_frames"])
    assert app.settings.text_size == 100 and not app.settings.fullscreen, "the tour leaves the settings as it found them"


def test_the_time_a_virtual_machine_s_host_took_is_read_where_linux_tells_it():
    first = tour.taken_by_the_host_ms()
    if not os.path.exists("/proc/stat"):
        assert first is None
        return
    with open("/proc/stat", encoding="ascii") as stats:
        fields = stats.readline().split()
    assert fields[0] == "cpu" and first is not None
    ticks = int(fields[8])  # "steal", in clock ticks
    assert first <= ticks * 1000 / os.sysconf("SC_CLK_TCK") <= tour.taken_by_the_host_ms(), "a count that only grows"


def test_the_loop_s_page_faults_are_counted_where_linux_tells_them():
    before = tour.page_faults()
    if not os.path.exists("/proc/thread-self/stat"):
        assert before is None
        return
    memory = bytearray(32 << 20)
    for at in range(0, len(memory), 4096):  # every page touched for the first time
        memory[at] = 1
    after = tour.page_faults()
    assert before is not None and after is not None
    assert after[0] - before[0] >= 4000, "8192 fresh pages (the allocator may have had a few)"
    assert 0 <= after[1] - before[1] <= after[0] - before[0], "from the disk: some of all"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="Linux's /proc shows other processes' command lines")
def test_the_x_server_the_window_is_on_is_found_so_a_slow_frame_tells_its_time_too(monkeypatch):
    import subprocess

    stand_in = subprocess.Popen(["bash", "-c", f"exec -a Xvfb {sys.executable} -c 'import time; time.sleep(60)' :4242"])
    try:
        monkeypatch.setenv("DISPLAY", ":4242.0")
        found = None
        for _ in range(200):  # until bash has become the stand-in
            if (found := tour.x_server_pid()) is not None:
                break
            time.sleep(0.01)
        assert found == stand_in.pid, "the process named as an X server, serving this display"
        ran, waited = tour.scheduled_ms(f"/proc/{found}/schedstat")
        assert ran >= 0 and waited >= 0
        monkeypatch.setenv("DISPLAY", ":4243")
        assert tour.x_server_pid() is None, "no server for another display"
    finally:
        stand_in.kill()
        stand_in.wait()


def test_the_bench_does_the_loop_s_idle_work_between_frames_of_a_screen_that_waits_for_a_person(app, monkeypatch):
    from game.bench import Bench, bot_seats
    from game.scenes.base import FPS

    rooms: list[float] = []
    monkeypatch.setattr(app, "idle", lambda room: rooms.append(room) or False)
    bench = Bench(app)
    app.scenes.reset("title")
    bench.frames(30)  # its first frames make its pictures (every frame needed) and then it waits
    assert app.frame_rate() < FPS and rooms, "the title waits for a person: the sweep a real loop makes there is made"
    assert 0 < rooms[-1] <= app.sleep_between(app.frame_rate()), "with the room left before the next frame"
    app.scenes.reset(GAMES["martian-dice"].start(app, bot_seats(GAMES["martian-dice"])))
    rooms.clear()
    bench.frame()
    assert app.frame_rate() >= FPS and not rooms, "a table dealing draws every frame: no idle work between them"
