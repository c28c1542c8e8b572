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

import sys

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
    """Frames timed step by step; the first frame of the whole tour (the window opening) is not counted."""

    def __init__(self, app):
        self.app, self.bench = app, Bench(app)
        self.steps: dict[str, dict] = {}
        self.started = False

    def watch(self, step: str, count: int = STEP_FRAMES, first_events=()) -> None:
        """`count` frames of the screen as it is (the first with `first_events`), into `step`'s figures."""
        frames = [self.bench.frame(first_events)] + [self.bench.frame() for _ in range(count - 1)]
        self.record(step, frames)

    def until(self, step: str, condition, limit: int = 60_000) -> None:
        self.record(step, self.bench.until(condition, limit))

    def record(self, step: str, frames: list[float]) -> None:
        if not self.started:
            self.started, frames = True, frames[1:]
        figures = self.steps.setdefault(step, {"frames": 0, "worst_ms": 0.0, "over_16_7": 0})
        for i, ms in enumerate(frames):
            if ms > REFRESH_MS:
                figures["over_16_7"] += 1
                print(f"tour: {ms:.1f} ms at frame {figures['frames'] + i} of {step!r}", file=sys.stderr)
        figures["frames"] += len(frames)
        figures["worst_ms"] = round(max([figures["worst_ms"], *frames]), 2)
        figures["peak_rss_mb"] = peak_rss_mb()  # the process's peak so far: where it rises is what costs memory

    def key(self, key: int):
        return [pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": "", "scancode": 0})]


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
    with app.collector.running_the_loop():  # collections as the real loop makes them
        return _tour(Tour(app))


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
            "worst_ms": max(s["worst_ms"] for s in tour.steps.values()), "peak_rss_mb": peak_rss_mb()}
