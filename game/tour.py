"""The bench's tour (``python -m game bench --tour``): the game started fresh and visited as a player goes
through it, every frame timed, to find the frames a player feels and the warm figures miss.

The title; each game's setup, lesson, a whole bot game on its table and its results, and its extra modes;
every help page of every game; F11 both ways; statistics and settings; every text size, changed on the
settings screen as a player does. Every frame above one 60 Hz refresh (16.7 ms) after the very first is
printed (to stderr) with the step it happened in; the JSON has per step the frames, the worst frame, the
count above 16.7 ms and the peak memory so far; F11's steps also the time SDL and the window system took
to switch (``window_system_ms``), which no game code is in.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.app import App
from game.bench import Bench, bot_seats, peak_rss_mb
from game.core.steps import FRAMES
from game.registry import GAMES
from game.saves import Seat
from game.settings import TEXT_SIZES
from game.stillness import StillnessWatch
from game.timing import timed

REFRESH_MS = 1000 / 60
X_SERVERS = ("Xvfb", "Xorg", "X", "Xwayland")
STEP_FRAMES = 60  # frames a still screen is watched for
HELP_FRAMES = 20  # per help page: a reader turns pages quickly
LESSON_FRAMES = 120  # a lesson's opening (it waits for the player after that)


class Tour:
    """Frames timed step by step; the first frame of the whole tour (the window opening) is not counted. Each frame
    above one refresh is kept with what it held (``slow_frames``): the frame loop's own CPU time in it, how long it
    waited, ready, for a core (other threads and processes, Xvfb's too, had both), the whole process's CPU time
    (the thinking thread's too), the garbage collections made in it and, where /proc shows it, the X server's own
    CPU time and wait for a core in it, the loop's page faults (Linux); at the end, how long the machine itself stood
    still in it (``stillness``). What is left of the frame the loop was blocked: on the X server, the disk, or a
    virtual machine's host."""

    def __init__(self, app, stillness: StillnessWatch | None = None):
        self.app, self.bench = app, Bench(app)
        self.x_server = x_server_pid()
        self.stillness = stillness or StillnessWatch([])
        self.steps: dict[str, dict] = {}
        self.slow_frames: list[dict] = []
        self._slow_spans: list[tuple[float, float]] = []  # each slow frame's, in time.monotonic()
        self.collections = CollectionTimes()
        self.started = False

    def watch(self, step: str, count: int = STEP_FRAMES, first_events=(), change=None) -> None:
        """`count` frames of the screen (the first with `first_events`, or after `change`, the player's move to
        it: made inside that frame, as a key press makes it), into `step`'s figures."""
        self.frame(step, first_events, change)
        for _ in range(count - 1):
            self.frame(step)
        self.steps[step]["peak_rss_mb"] = peak_rss_mb()  # the process's peak so far: where it rises is what costs

    def until(self, step: str, condition, limit: int = 60_000) -> None:
        for _ in range(limit):
            if condition():
                break
            self.frame(step)
        self._figures(step)["peak_rss_mb"] = peak_rss_mb()

    def _figures(self, step: str) -> dict:
        """The figures of `step`, none counted yet the first time."""
        return self.steps.setdefault(step, {"frames": 0, "worst_ms": 0.0, "over_16_7": 0})

    def frame(self, step: str, events=(), change=None) -> None:
        """One frame, timed with `change` (a new screen) made in it; then, if the screen waits for a person, the
        loop's idle work (``Bench.between_frames``). If a thread waited for the frame to end (a picture to render,
        a bot's next steps), the rest of the refresh is slept out as the real loop does: frames back to back would
        leave that thread's work no room but the next frame."""
        figures = self._figures(step)
        began = time.perf_counter()
        before, span_began = self._held_so_far(), time.monotonic()
        ms = (timed(change) if change else 0.0) + self.bench.timed_frame(events)
        span = (span_began, time.monotonic())
        after = self._held_so_far()  # before the idle work below: the frame's own
        held = {name: round(after[name] - before[name], 2) for name in after if name in before}
        self.bench.between_frames(ms)
        if FRAMES.waited_on:
            time.sleep(max(0.0, began + REFRESH_MS / 1000 - time.perf_counter()))
        if not self.started:
            self.started = True
            return
        if ms > REFRESH_MS:
            figures["over_16_7"] += 1
            held = {"step": step, "frame": figures["frames"], "ms": round(ms, 2), **held}
            self.slow_frames.append(held)
            self._slow_spans.append(span)
            print(f"tour: {ms:.1f} ms at frame {held['frame']} of {step!r} (frame loop's CPU "
                  f"{held['main_thread_cpu_ms']} ms, waiting for a core {held.get('waiting_for_a_core_ms', '?')} ms, "
                  f"process's CPU {held['process_cpu_ms']} ms, collections {held['collection_ms']} ms, "
                  f"taken by the host {held.get('taken_by_the_host_ms', '?')} ms, X server's CPU "
                  f"{held.get('x_server_cpu_ms', '?')} ms, the X server waiting for a core "
                  f"{held.get('x_server_waiting_for_a_core_ms', '?')} ms, page faults {held.get('page_faults', '?')}, "
                  f"from the disk {held.get('page_faults_from_disk', '?')})", file=sys.stderr)
        figures["frames"] += 1
        figures["worst_ms"] = round(max(figures["worst_ms"], ms), 2)

    def note_the_machine_standing_still(self) -> None:
        """Each slow frame's ``machine_stood_still_ms`` (``game.stillness``), once its watchers have reported, and
        a line for each frame that had some."""
        if not self.stillness.watching:
            return
        time.sleep(0.05)  # a moment is reported when its watcher wakes after it
        for held, span in zip(self.slow_frames, self._slow_spans):
            held["machine_stood_still_ms"] = still = self.stillness.stood_still_ms(*span)
            if still:
                print(f"tour: the machine stood still {still} ms of the {held['ms']} ms frame {held['frame']} of "
                      f"{held['step']!r}", file=sys.stderr)

    def _held_so_far(self) -> dict[str, float]:
        """The counts a frame's record is the growth of: times in milliseconds, page faults (waiting for a core and
        page faults: Linux only)."""
        counts = {"main_thread_cpu_ms": time.thread_time() * 1000, "process_cpu_ms": time.process_time() * 1000,
                  "collection_ms": self.collections.ms}
        for name, read in (("waiting_for_a_core_ms", waited_for_a_core_ms), ("taken_by_the_host_ms", taken_by_the_host_ms)):
            value = read()
            if value is not None:
                counts[name] = value
        x_server = scheduled_ms(f"/proc/{self.x_server}/schedstat") if self.x_server else None
        if x_server is not None:
            counts["x_server_cpu_ms"], counts["x_server_waiting_for_a_core_ms"] = x_server
        faults = page_faults()
        if faults is not None:
            counts["page_faults"], counts["page_faults_from_disk"] = faults
        return counts

    def key(self, key: int):
        return [pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": "", "scancode": 0})]


def waited_for_a_core_ms() -> float | None:
    """How long this thread has waited so far, ready to run, for a core (Linux's schedstat); None elsewhere."""
    times = scheduled_ms("/proc/thread-self/schedstat")
    return times[1] if times else None


def page_faults() -> tuple[int, int] | None:
    """This thread's page faults so far (Linux's /proc): all, and those that read from the disk. Memory touched for the
    first time costs one each, microseconds on a desktop; on a virtual machine started from a snapshot the host may
    fill the page in first, milliseconds each, counted as the thread's CPU time. None elsewhere."""
    try:
        with open("/proc/thread-self/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return int(fields[7]) + int(fields[9]), int(fields[9])  # minflt and majflt (the 10th and 12th fields)
    except (OSError, ValueError, IndexError):
        return None


def scheduled_ms(schedstat: str) -> tuple[float, float] | None:
    """From a Linux schedstat file: how long its thread has run on a core so far, and waited, ready, for one."""
    try:
        with open(schedstat, encoding="ascii") as stats:
            ran, waited = stats.read().split()[:2]
        return int(ran) / 1e6, int(waited) / 1e6
    except (OSError, ValueError):
        return None


def x_server_pid() -> int | None:
    """The process of the X server this game's window is on (Xvfb, Xorg), if this machine shows it (Linux's /proc):
    the loop waits on it in a frame (the picture handed over), so a frame blocked while it worked or waited for a
    core was held up there. None elsewhere."""
    display = os.environ.get("DISPLAY", "").split(".")[0]
    if not display.startswith(":") or not os.path.isdir("/proc"):
        return None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                args = cmdline.read().decode(errors="replace").split("\0")
        except OSError:
            continue
        if os.path.basename(args[0]) in X_SERVERS and display in args:
            return int(pid)
    return None


def late_for_the_host(held: dict) -> bool:
    """Whether a slow frame was the host's: it took time then (Linux's steal), or the machine stood still for so
    much of the frame that the rest would have fitted in a refresh."""
    return held.get("taken_by_the_host_ms", 0) > 0 or held["ms"] - held.get("machine_stood_still_ms", 0) <= REFRESH_MS


def taken_by_the_host_ms() -> float | None:
    """How long a virtual machine's host has run something else on this machine's cores so far ("steal" in
    Linux's /proc/stat, in ticks of 10 ms, all cores together); None elsewhere. A frame far longer than its CPU
    time that coincides with it was not held up by the game: the host took the core (or the X server's)."""
    try:
        with open("/proc/stat", encoding="ascii") as stats:
            return int(stats.readline().split()[8]) * 1000 / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class CollectionTimes:
    """How long the garbage collections made so far took, in milliseconds (Python's ``gc.callbacks``)."""

    def __init__(self) -> None:
        self.ms = 0.0
        self._started = 0.0

    @contextmanager
    def timed(self) -> Iterator[None]:
        gc.callbacks.append(self._note)
        try:
            yield
        finally:
            gc.callbacks.remove(self._note)

    def _note(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.ms += (time.perf_counter() - self._started) * 1000


def visit_game(tour: Tour, info) -> None:
    """A game's setup, its lesson, a whole bot game and its results, and its extra modes."""
    scenes = tour.app.scenes
    tour.watch(f"{info.id}: setup", change=lambda: (scenes.reset("title"), scenes.push("setup", info)))
    if info.tutorial:
        home = scenes.top
        tour.watch(f"{info.id}: lesson", LESSON_FRAMES, change=lambda: scenes.push(info.lesson_scene(
            tour.app, Seat("You", 0, None), lambda: scenes.back_to(home), lambda: scenes.back_to(home))))
        scenes.back_to(home)
    tour.watch(f"{info.id}: table", 1, change=lambda: scenes.reset(info.start(tour.app, bot_seats(info))))
    tour.until(f"{info.id}: table", lambda: type(scenes.top).__name__ != "GameScene")
    tour.watch(f"{info.id}: results")
    for mode in info.modes:
        tour.watch(f"{info.id}: {mode.label}", change=lambda mode=mode: scenes.reset(info.mode_scene(mode, tour.app)))


def visit_help(tour: Tour, info) -> None:
    scenes = tour.app.scenes
    tour.watch(f"{info.id}: help page 1", HELP_FRAMES, change=lambda: (scenes.reset("title"),
                                                                        scenes.push("how to play", info)))
    for page in range(1, len(info.help_pages)):
        tour.watch(f"{info.id}: help page {page + 1}", HELP_FRAMES, tour.key(pygame.K_RIGHT))


def run_tour(app: App | None = None) -> dict:
    """The whole tour in this process's window (a fresh start: the app made here, nothing before it)."""
    app = app or App()
    tour = Tour(app, StillnessWatch())
    try:
        with app.collector.running_the_loop(), tour.collections.timed():  # collections as the real loop makes them
            return _tour(tour)
    finally:
        tour.stillness.close()


def _tour(tour: Tour) -> dict:
    app = tour.app
    app.settings.animation_speed = "turbo"  # whole bot games in reasonable time: the most drawn per frame
    tour.watch("title", 120, change=lambda: app.scenes.reset("title"))
    for info in GAMES.values():
        visit_game(tour, info)
    for info in GAMES.values():
        visit_help(tour, info)
    app.scenes.reset("title")
    for way in ("F11 once", "F11 back"):
        tour.watch(way, first_events=tour.key(pygame.K_F11))
        tour.steps[way]["window_system_ms"] = round(app.window.mode_change_ms, 2)  # of its worst frame: SDL's switch
    for name in ("statistics", "settings"):
        tour.watch(name, change=lambda name=name: (app.scenes.reset("title"), app.scenes.push(name)))
    now = TEXT_SIZES.index(app.settings.text_size)  # on the settings screen, where a player changes it: its key
    for size in (*TEXT_SIZES[now + 1:], *TEXT_SIZES[:now + 1]):  # its key steps through them, round to the start
        tour.watch(f"text size {size}%", first_events=tour.key(pygame.K_t))
    tour.note_the_machine_standing_still()
    return {"steps": tour.steps, "over_16_7": sum(s["over_16_7"] for s in tour.steps.values()),
            "over_16_7_as_the_host_took_time": sum(map(late_for_the_host, tour.slow_frames)),
            "worst_ms": max(s["worst_ms"] for s in tour.steps.values()), "peak_rss_mb": peak_rss_mb(),
            "slow_frames": tour.slow_frames}
