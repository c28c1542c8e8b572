"""Smoke run: every scene, headless, driven by synthetic input.

Title, settings, how-to, then for every registered game the same loop:
setup, a whole bot game through the game scene, the results, and its lesson. A game's
package may add its own checks in an optional ``smoke.py`` (``extras``:
a human turn by keyboard and mouse, Continue, a duel, a challenge). Any
exception or failed check makes it exit 1. ``--shots DIR`` saves a PNG of
each scene.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from pathlib import Path

import pygame

from game import saves
from game.app import App
from game.core.steps import FRAMES
from game.phones.smoke import browser_tables, extras as phone_extras
from game.registry import GAMES

FRAME = 1 / 30


class Driver:
    def __init__(self, shots: str | None, user_dir: Path, app=None, text_size: int = 100,
                 window: tuple[int, int] | None = None):
        self.pg = pygame
        self.user_dir = user_dir
        self.shots = Path(shots) if shots else None
        if self.shots:
            self.shots.mkdir(parents=True, exist_ok=True)
        self.app = app or App()
        self.app.settings.animation_speed = "turbo"
        self.app.settings.text_size = text_size
        if window:
            self.app.window.set_size(window)
        self.app.apply_settings()
        self.count = 0
        self.layout_problems: list[str] = []

    def frames(self, n: int = 1, events=()) -> None:
        for i in range(n):
            self.app.step(FRAME, list(events) if i == 0 else [])
            FRAMES.rest()

    def shot(self, name: str) -> None:
        """Save the screen (with --shots) and check its layout: no text clipped, covered or off screen."""
        self.frames(1)
        self.count += 1
        if self.shots:
            self.app.screenshot(self.shots / f"{self.count:02d}-{name}.png")
        problems = self.app.audit_layout()
        self.layout_problems += [f"{name}: {p}" for p in problems]
        print(f"smoke: {name} {'ok' if not problems else f'{len(problems)} layout problems'}", flush=True)

    def key(self, key: int, source: str = "keyboard") -> None:
        self.frames(1, [self.pg.event.Event(self.pg.KEYDOWN, {"key": key, "mod": 0, "unicode": "", "scancode": 0,
                                                              "source": source})])

    def click_at(self, logical) -> None:
        pos = self.app.canvas.px(*logical)
        self.frames(1, [self.pg.event.Event(self.pg.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)})])
        self.frames(1, [self.pg.event.Event(self.pg.MOUSEBUTTONDOWN, {"pos": pos, "button": 1})])

    def drag(self, start, end, shot: str | None = None) -> None:
        """Press at start, pull to end, release (a slingshot flick)."""
        ev, pg = self.pg.event.Event, self.pg
        self.frames(1, [ev(pg.MOUSEBUTTONDOWN, {"pos": self.app.canvas.px(*start), "button": 1})])
        self.frames(1, [ev(pg.MOUSEMOTION, {"pos": self.app.canvas.px(*end), "rel": (0, 0), "buttons": (1, 0, 0)})])
        if shot:
            self.shot(shot)
        self.frames(1, [ev(pg.MOUSEBUTTONUP, {"pos": self.app.canvas.px(*end), "button": 1})])

    def click(self, label: str) -> None:
        for b in self.app.scenes.top.buttons.buttons:
            if b.label.startswith(label) and b.enabled:
                x, y, w, h = b.rect
                self.click_at((x + w / 2, y + h / 2))
                return
        raise AssertionError(f"no enabled button {label!r} on {type(self.app.scenes.top).__name__}")

    def expect(self, scene_name: str) -> None:
        actual = type(self.app.scenes.top).__name__
        if actual != scene_name:
            raise AssertionError(f"expected {scene_name}, on {actual}")

    def until(self, condition, limit: int = 60000) -> None:
        for _ in range(limit):
            if condition():
                return
            self.frames(1)
        raise AssertionError("the game never got there")

    def wait_idle(self, limit: int = 2000) -> None:
        self.until(lambda: getattr(self.app.scenes.top, "idle", True), limit)

    def set_seat(self, i: int, bot: str | None) -> None:
        """In setup: make seat i a person (None) or the named bot."""
        setup = self.app.scenes.top
        if (setup.seats[i].bot is None) != (bot is None):
            setup._toggle_kind(i)
        for _ in range(20):
            if setup.seats[i].bot == bot:
                return
            setup._next_strength(i)
        raise AssertionError(f"setup offers no {bot!r}")

    def to_title(self):
        self.app.scenes.reset("title")
        self.frames(2)
        return self.app.scenes.top


def run_smoke(shots: str | None, text_size: int = 100, window: tuple[int, int] | None = None) -> int:
    """Every scene; exit 1 when anything failed, or any scene's text is clipped, covered or off screen."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as user_dir:
        os.environ["MGN_USER_DIR"] = user_dir  # never touch the player's own saves
        try:
            driver = Driver(shots, Path(user_dir), text_size=text_size, window=window)
            _script(driver)
        except Exception:
            traceback.print_exc()
            print("smoke: FAILED", file=sys.stderr)
            return 1
    if driver.layout_problems:
        print("\n".join(f"smoke: layout: {p}" for p in driver.layout_problems), file=sys.stderr)
        print(f"smoke: FAILED: {len(driver.layout_problems)} layout problems at text size {text_size}%",
              file=sys.stderr)
        return 1
    print(f"smoke: all scenes ok at text size {text_size}%")
    return 0


def _script(d: Driver) -> None:
    d.to_title()
    d.frames(10)
    d.shot("title")
    d.click("Settings")
    d.expect("SettingsScene")
    d.click("Louder")
    d.shot("settings")
    d.click("Controls")
    d.expect("ControlsScene")
    d.shot("controls")
    d.key(d.pg.K_2)  # the dice games' keys
    d.key(d.pg.K_DOWN, "pad-1")  # with a pad in hand: pad glyphs on the buttons
    d.shot("controls-dice-pad")
    d.click("Back")
    d.click("Friends far away")
    d.expect("RemoteScene")
    for key in (d.pg.K_x, d.pg.K_BACKSPACE, d.pg.K_RETURN):  # an empty address: remote play stays off
        d.key(key)
    d.shot("friends-far-away")
    d.click("Back")
    d.click("Back")
    d.click("How to play")
    d.expect("HowToPlayScene")
    for i, info in enumerate(GAMES.values()):  # every page of every game's rules
        if i:
            d.click(info.short)
        for page in range(1, len(info.help_pages) + 1):
            d.frames(1)
            while d.app.scenes.top.pictures_missing:  # pictures come as the worker renders them: shoot the whole page
                d.frames(1)
            d.shot(f"howto-{info.id}-{page}")
            if page < len(info.help_pages):
                d.click("Next")
    d.key(d.pg.K_ESCAPE)
    for info in GAMES.values():
        play_bot_game(d, info)
        if info.tutorial:
            play_lesson(d, info)
        own = info.optional_module("smoke")
        if own is not None:
            own.extras(d, info)
    phone_extras(d)
    if d.app.settings.text_size == 100:  # the page's own text size is the browser's: once is enough
        browser_tables(d)
    d.to_title()
    d.click("Statistics")  # the people's games above, counted
    d.expect("StatisticsScene")
    d.shot("statistics")


def play_bot_game(d: Driver, info) -> None:
    """Setup with every seat a bot, the whole game on screen, the results."""
    d.to_title()
    d.click(f"Play {info.title}")
    d.expect("SetupScene")
    for i, seat in enumerate(d.app.scenes.top.seats):
        d.set_seat(i, seat.bot or info.default_bot)
    d.shot(f"{info.id}-setup")
    d.click("Start game")
    d.expect("GameScene")
    table = d.app.scenes.top
    d.frames(30)
    d.shot(f"{info.id}-table")
    wrong: list[str] = []

    def finished() -> bool:  # on every frame: the seat marked as current is the seat whose action is playing
        if d.app.scenes.top is table and not table.marker_agrees():
            wrong.append(f"marks {table.highlighted()} while seat {table.animating}'s action plays")
        return type(d.app.scenes.top).__name__ == "ResultsScene"

    d.until(finished)
    assert not wrong, f"{info.id}: {wrong[0]} ({len(wrong)} frames)"
    d.frames(60)  # let the score race draw itself
    d.shot(f"{info.id}-results")
    assert not saves.exists(info.id), "a finished game leaves nothing to continue"


def play_lesson(d: Driver, info) -> None:
    """The guided first turn from setup, doing what the coach asks, to its summary and back to setup."""
    d.to_title()
    d.click(f"Play {info.title}")
    d.click("Learn")
    d.expect("LessonScene")
    lesson = d.app.scenes.top
    shot = False
    for _ in range(20000):
        if lesson.ended:
            break
        step = lesson.active_step()
        if not shot and step is not None and step.expect != "next":
            d.shot(f"{info.id}-lesson")
            shot = True
        d.frames(1, lesson.wanted_input())
    else:
        raise AssertionError(f"the {info.id} lesson stalled at step {lesson.step_index}")
    d.shot(f"{info.id}-lesson-summary")
    d.key(d.pg.K_ESCAPE)  # the summary's "Back to setup"
    d.expect("SetupScene")
    assert not saves.exists(info.id), "a lesson leaves no save"
