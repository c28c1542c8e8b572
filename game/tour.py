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
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.app import App
from game.bench import Bench, bot_seats, peak_rss_mb
from game.registry import GAMES
from game.saves import Seat
from game.settings import TEXT_SIZES

REFRESH_MS = 1000 / 60
STEP_FRAMES = 60  # frames a still screen is watched for
HELP_FRAMES = 20  # per help page: a reader turns pages quickly
LESSON_FRAMES = 120  # a lesson's opening (it waits for the player after that)


class Tour:
    """Frames timed step by step; the first frame of the whole tour (the window opening) is not counted. Each frame
    above one refresh is kept with what it held (``slow_frames``): the frame loop's own CPU time in it (far below
    the frame's length: the process waited, for the system or the X server), the whole process's (the thinking
    thread's too), and the garbage collections made in it."""

    def __init__(self, app):
        self.app, self.bench = app, Bench(app)
        self.steps: dict[str, dict] = {}
        self.slow_frames: list[dict] = []
        self.collections = CollectionTimes()
        self.started = False

    def watch(self, step: str, count: int = STEP_FRAMES, first_events=()) -> None:
        """`count` frames of the screen as it is (the first with `first_events`), into `step`'s figures."""
        self.frame(step, first_events)
        for _ in range(count - 1):
            self.frame(step)
        self.steps[step]["peak_rss_mb"] = peak_rss_mb()  # the process's peak so far: where it rises is what costs

    def until(self, step: str, condition, limit: int = 60_000) -> None:
        for _ in range(limit):
            if condition():
                break
            self.frame(step)
        self.steps.setdefault(step, {"frames": 0, "worst_ms": 0.0, "over_16_7": 0})["peak_rss_mb"] = peak_rss_mb()

    def frame(self, step: str, events=()) -> None:
        figures = self.steps.setdefault(step, {"frames": 0, "worst_ms": 0.0, "over_16_7": 0})
        main_cpu, process_cpu, collected = time.thread_time(), time.process_time(), self.collections.ms
        ms = self.bench.frame(events)
        if not self.started:
            self.started = True
            return
        if ms > REFRESH_MS:
            figures["over_16_7"] += 1
            held = {"step": step, "frame": figures["frames"], "ms": round(ms, 2),
                    "main_thread_cpu_ms": round((time.thread_time() - main_cpu) * 1000, 2),
                    "process_cpu_ms": round((time.process_time() - process_cpu) * 1000, 2),
                    "collection_ms": round(self.collections.ms - collected, 2)}
            self.slow_frames.append(held)
            print(f"tour: {ms:.1f} ms at frame {held['frame']} of {step!r} (frame loop's CPU "
                  f"{held['main_thread_cpu_ms']} ms, process's {held['process_cpu_ms']} ms, collections "
                  f"{held['collection_ms']} ms)", file=sys.stderr)
        figures["frames"] += 1
        figures["worst_ms"] = round(max(figures["worst_ms"], ms), 2)

    def key(self, key: int):
        return [pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": "", "scancode": 0})]


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
    scenes.reset("title")
    scenes.push("setup", info)
    tour.watch(f"{info.id}: setup")
    if info.tutorial:
        home = scenes.top
        scenes.push(info.lesson_scene(tour.app, Seat("You", 0, None), lambda: scenes.back_to(home),
                                      lambda: scenes.back_to(home)))
        tour.watch(f"{info.id}: lesson", LESSON_FRAMES)
    scenes.reset(info.start(tour.app, bot_seats(info)))
    tour.until(f"{info.id}: table", lambda: type(scenes.top).__name__ != "GameScene")
    tour.watch(f"{info.id}: results")
    for mode in info.modes:
        scenes.reset(info.mode_scene(mode, tour.app))
        tour.watch(f"{info.id}: {mode.label}")


def visit_help(tour: Tour, info) -> None:
    scenes = tour.app.scenes
    scenes.reset("title")
    scenes.push("how to play", info)
    for page in range(len(info.help_pages)):
        tour.watch(f"{info.id}: help page {page + 1}", HELP_FRAMES, tour.key(pygame.K_RIGHT) if page else ())


def run_tour(app: App | None = None) -> dict:
    """The whole tour in this process's window (a fresh start: the app made here, nothing before it)."""
    app = app or App()
    tour = Tour(app)
    with app.collector.running_the_loop(), tour.collections.timed():  # collections as the real loop makes them
        return _tour(tour)


def _tour(tour: Tour) -> dict:
    app = tour.app
    app.settings.animation_speed = "turbo"  # whole bot games in reasonable time: the most drawn per frame
    app.scenes.reset("title")
    tour.watch("title", 120)
    for info in GAMES.values():
        visit_game(tour, info)
    for info in GAMES.values():
        visit_help(tour, info)
    app.scenes.reset("title")
    for way in ("F11 once", "F11 back"):
        tour.watch(way, first_events=tour.key(pygame.K_F11))
        tour.steps[way]["window_system_ms"] = round(app.window.mode_change_ms, 2)  # of its worst frame: SDL's switch
    for name in ("statistics", "settings"):
        app.scenes.reset("title")
        app.scenes.push(name)
        tour.watch(name)
    now = TEXT_SIZES.index(app.settings.text_size)  # on the settings screen, where a player changes it: its key
    for size in (*TEXT_SIZES[now + 1:], *TEXT_SIZES[:now + 1]):  # its key steps through them, round to the start
        tour.watch(f"text size {size}%", first_events=tour.key(pygame.K_t))
    return {"steps": tour.steps, "over_16_7": sum(s["over_16_7"] for s in tour.steps.values()),
            "worst_ms": max(s["worst_ms"] for s in tour.steps.values()), "peak_rss_mb": peak_rss_mb(),
            "slow_frames": tour.slow_frames}
