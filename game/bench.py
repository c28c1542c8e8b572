"""Performance figures as JSON (``python -m game bench``), in a real window when there is a display.

Frames are timed whole (input, update, drawing and the flip that shows them) in a window of
1280x720 and in 1920x1080 fullscreen, each in a process of its own: every menu scene, each game's
busiest moments (the frame that presses Roll included), a whole bot game of each game through its
scene (its worst frame), idle CPU on the title and at a table waiting for a person, and the peak
memory after two whole bot games of each game. Then launch to first frame, and per game the bots' decision
times and whole games per second through the tournament runner. A game's package may add its own
figures in an optional ``bench.py``: ``moments(bench, info)`` (frames) and ``extras()`` (the rest).

Without a display (no X11 or Wayland) the frames are drawn with SDL's dummy driver and the JSON
says so; in CI the bench runs under Xvfb. Targets are in TARGETS, and each game's own in its ``bench.TARGETS``.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.app import App
from game.core.steps import FRAMES, advance
from game.registry import GAMES
from game.saves import Seat
from game.scenes.base import AMBIENT_FPS, FPS
from game.timing import percentiles, timed
from game.tournament import bot_action, bot_steps, decision_points, play_game

SIZES = {"1280x720 window": (False,), "1920x1080 fullscreen": (True,)}
TARGETS = {"frame_p95_ms": {"1280x720 window": 8, "1920x1080 fullscreen": 12}, "worst_frame_ms": 33,
           "idle_cpu_percent": 2, "first_frame_s": 0.5, "peak_rss_mb": 120, "bot_decision_max_ms": 300,
           "bot_step_max_ms": 4}
SCENE_FRAMES = 120
FRAME = 1 / 60


def has_display() -> bool:
    """A real screen to open windows on (Windows and macOS always have one)."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


# ----- frames, inside one window's process ---------------------------------
class Bench:
    """Drives the app frame by frame and times each whole frame."""

    def __init__(self, app):
        self.app, self.pg = app, pygame

    def frame(self, events=()) -> float:
        """One frame, timed; then what the real loop does before the next (``between_frames``)."""
        ms = self.timed_frame(events)
        self.between_frames(ms)
        return ms

    def timed_frame(self, events=()) -> float:
        ms = timed(lambda: self.app.step(FRAME, list(events)))
        FRAMES.rest()  # the real loop's sleep, where a thinking bot works: not part of the frame
        return ms

    def between_frames(self, ms: float) -> None:
        """What the loop does after a frame, untimed as there: the heap's trim when due (``game.heap``) and, on a
        screen that waits for a person, the idle work in the sleep it would have before the next frame
        (``App.idle``: a garbage sweep, the screen's work ahead). Without it, games played back to back never had
        the sweep a results screen gives the real loop (the peak memory 4-9 MB higher)."""
        self.app.heap.after_frame(1 / FPS - ms / 1000)
        rate = self.app.frame_rate()
        if rate < FPS:
            self.app.idle(self.app.sleep_between(rate) - ms / 1000)

    def frames(self, count: int = SCENE_FRAMES) -> list[float]:
        return [self.frame() for _ in range(count)]

    def until(self, condition, limit: int = 20_000) -> list[float]:
        samples = []
        while not condition() and len(samples) < limit:
            samples.append(self.frame())
        return samples

    def key(self, key: int, source: str = "keyboard") -> float:
        """A frame in which a key is pressed (the press's own work is in it); `source`: which zone or pad."""
        return self.frame([self.pg.event.Event(self.pg.KEYDOWN, {"key": key, "mod": 0, "unicode": "",
                                                                  "scancode": 0, "source": source})])

    def scene(self, scene, *args) -> list[float]:
        """The frames of a screen (a scene, or one by name with its arguments) after its first."""
        self.app.scenes.reset(scene, *args)
        self.frame()  # the first frame of a scene is timed in the whole-game runs
        return self.frames()


def menu_scenes(bench: Bench) -> dict:
    app = bench.app
    first = next(iter(GAMES.values()))
    figures = {"title": bench.scene("title"), "setup": bench.scene("setup", first)}
    app.scenes.reset("title")
    app.scenes.push("settings")
    figures["settings"] = bench.frames()
    app.scenes.reset("title")
    app.scenes.push("how to play", list(GAMES.values()))
    figures["how-to"] = bench.frames()
    app.scenes.reset(first.start(app, bot_seats(first)))
    bench.frame()
    app.scenes.push("pause", first)
    figures["pause"] = bench.frames()
    for info in GAMES.values():
        for mode in info.modes:
            figures[f"{info.id}: {mode.label}"] = bench.scene(info.mode_scene(mode, app))
    return figures


def bot_seats(info, humans: int = 0) -> list[Seat]:
    return [Seat(f"Seat {p + 1}", p, None if p < humans else info.default_bot) for p in range(info.min_players)]


def whole_bot_game(bench: Bench, info, results: bool = True) -> list[float]:
    """Every frame of a bot game through the scene at the fastest animation speed, up to the results."""
    app = bench.app
    app.scenes.reset(info.start(app, bot_seats(info)))
    samples = bench.until(lambda: type(app.scenes.top).__name__ != "GameScene", limit=60_000)
    if results:
        samples += bench.frames(60)
    return samples


def idle_cpu(app, scene, seconds: float = 4.0, ready=lambda: True) -> float:
    """Share of one core the real loop uses while nothing happens (once `ready()`: a table has dealt and
    waits for its person), in percent. Measured once the work the loop does ahead in its sleep is done
    (``game.warm_up``: a new game's first seconds at the title, a second of CPU once per launch), and the garbage
    sweep owed for the games before has been made (``game.collector``: once, 15-40 ms, up to 15 s after the last;
    one that came inside the 4 s measured read as 2.2-2.6% at the title); a sweep the loop makes meanwhile is
    counted."""
    app.scenes.reset(scene)
    app.run(seconds=0.5)  # settle: caches filled
    for _ in range(100):
        if ready() and app.warm_up.done and not app.collector.owes_a_sweep():
            break
        app.run(seconds=0.2)
    cpu, wall = time.process_time(), time.perf_counter()
    app.run(seconds=seconds)
    return round(100 * (time.process_time() - cpu) / (time.perf_counter() - wall), 2)


def peak_rss_mb() -> float:
    """This process's peak resident memory. On Linux from /proc (VmHWM): getrusage's figure also counts what the
    parent held when it started this process (the whole bench's bot games, before each window's own run)."""
    try:
        status = Path("/proc/self/status").read_text(encoding="ascii")
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)
    kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:"))
    return round(kb / 1024, 1)


def window_figures(fullscreen: bool) -> dict:
    """All frame figures for one window (run in a process of its own: its window, its memory)."""
    app = App()
    with app.collector.running_the_loop():  # collections as the real loop makes them
        return _window_figures(app, fullscreen)


def _window_figures(app: App, fullscreen: bool) -> dict:
    bench = Bench(app)
    app.settings.animation_speed = "normal"
    figures: dict = {"presentation": app.window.presentation, "video_driver": pygame.display.get_driver(),
                     "window": list(app.window.surface.get_size()), "fullscreen": fullscreen}
    scenes = {name: percentiles(samples) for name, samples in menu_scenes(bench).items()}
    for info in GAMES.values():
        own = info.optional_module("bench")
        for name, samples in (own.moments(bench, info) if own else {}).items():
            scenes[f"{info.id}: {name}"] = percentiles(samples)
    figures["scenes"] = scenes
    app.settings.animation_speed = "turbo"
    games = {}
    for info in GAMES.values():
        games[info.id] = percentiles(whole_bot_game(bench, info))
        scenes[f"{info.id}: results"] = percentiles(bench.frames())
    figures["whole_bot_game"] = games
    if not fullscreen:
        app.settings.animation_speed = "normal"
        figures["idle_cpu_percent"] = idle = {"title": idle_cpu(app, "title")}
        for info in GAMES.values():
            waiting = info.start(app, bot_seats(info, humans=1), first=0)
            name = "table waiting for a person" + ("" if len(idle) == 1 else f": {info.id}")
            idle[name] = idle_cpu(app, waiting, ready=lambda: waiting.can_act(0) and waiting.frame_rate() <= AMBIENT_FPS)
        app.settings.animation_speed = "turbo"
        for info in GAMES.values():  # a second bot game of each (an evening's worth): memory must stay bounded
            whole_bot_game(bench, info, results=False)
    figures["peak_rss_mb"] = peak_rss_mb()
    return figures


# ----- the whole bench ----------------------------------------------------------
def window_env(user_dir: str, fullscreen: bool) -> dict:
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", MGN_USER_DIR=user_dir)
    if not has_display():
        env["SDL_VIDEODRIVER"] = "dummy"
    Path(user_dir, "settings.json").write_text(json.dumps({"fullscreen": fullscreen}), encoding="utf-8")
    return env


def run_window(fullscreen: bool, tour: bool = False) -> dict:
    """One window's figures (or its tour: ``game.tour``) from a process of its own."""
    with tempfile.TemporaryDirectory() as user_dir:
        args = [sys.executable, "-m", "game", "bench", "--window"] + ["--fullscreen"] * fullscreen + ["--tour"] * tour
        out = subprocess.run(args, env=window_env(user_dir, fullscreen), capture_output=True, text=True,
                             timeout=1800)
    if tour:
        print(out.stderr, end="", file=sys.stderr)  # the tour's slow frames, each with where it happened
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
    return json.loads(out.stdout)


def first_frame_s(command: list[str], runs: int = 3) -> float:
    """Best of a few: launch to the title screen's first frame, windowed (a real window if there is a display). As
    every launch after a player's first: Python keeps its compiled modules (a machine that forbids it, with
    PYTHONDONTWRITEBYTECODE, compiles every module at every launch: 0.13 s more here)."""
    best = None
    with tempfile.TemporaryDirectory() as user_dir:
        env = window_env(user_dir, fullscreen=False)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for _ in range(runs):
            started = time.time()
            out = subprocess.run([*command, "--exit-after-first-frame"], env=env, capture_output=True, text=True,
                                 check=True, timeout=120)
            line = next(x for x in out.stdout.splitlines() if x.startswith("first-frame-epoch"))
            took = float(line.split()[1]) - started
            best = took if best is None else min(best, took)
    return round(best or 0.0, 3)


def bot_decisions(info, games: int = 6) -> dict:
    """Decision time of each bot over positions from real games (first calls included)."""
    result = {}
    for name in info.bots:
        samples = []
        for seed in range(games):
            state = info.new_state(info.min_players, seed)
            for player in decision_points(state):
                action = []
                samples.append(timed(lambda: action.append(bot_action(info, state, player, name))))
                state.apply(player, action[0])
        result[name] = percentiles(samples, "decisions")
    return result


def bot_steps_ms(info, games: int = 3) -> dict:
    """The longest single step of each bot that thinks in the frame loop (a ``background`` bot thinks in its own
    thread): the most a frame can give it at once, over positions from real games after a first game has filled
    the caches a table makes ahead while its setup is up. Garbage is collected between games, as the frame loop
    collects between frames (``game.collector``), not inside a step."""
    result = {}
    with _collected_between():
        for name, bot in info.bots.items():
            if not bot.background:
                result[name] = _longest_step_ms(info, name, games)
    return result


@contextmanager
def _collected_between() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _longest_step_ms(info, name: str, games: int) -> float:
    longest = 0.0
    for seed in range(games + 1):  # the first game fills the caches
        gc.collect()
        state = info.new_state(info.min_players, seed)
        for player in decision_points(state):
            steps = bot_steps(info, state, player, name)
            while True:
                started = time.perf_counter()
                done, action = advance(steps, 0.0)
                if seed:
                    longest = max(longest, (time.perf_counter() - started) * 1000)
                if done:
                    break
            state.apply(player, action)
    return round(longest, 2)


def sim_speed(info, seconds: float = 3.0) -> dict:
    """Whole bot games per CPU second through the tournament runner (the game's ``SIM_BOTS``, else its
    default bot in every seat)."""
    own = info.optional_module("bench")
    bots = list(getattr(own, "SIM_BOTS", [info.default_bot] * info.min_players))
    started, games = time.process_time(), 0
    while time.process_time() - started < seconds:
        play_game(info, bots, games)
        games += 1
    return {"bots": ",".join(bots), "games": games, "games_per_cpu_s": round(games / (time.process_time() - started), 1)}


def game_figures(info) -> dict:
    figures = {"sim": sim_speed(info), "bot_decision": bot_decisions(info), "bot_step_max_ms": bot_steps_ms(info)}
    own = info.optional_module("bench")
    if own is not None and hasattr(own, "extras"):
        figures.update(own.extras())
    return figures


def targets() -> dict:
    """The shared targets and every game's own."""
    found = dict(TARGETS)
    for info in GAMES.values():
        found.update(getattr(info.optional_module("bench"), "TARGETS", {}))
    return found


def run_tours() -> dict:
    """The tour (``game.tour``) in each window size, each in a fresh process."""
    return {"display": "real window" if has_display() else "none (SDL dummy driver: the flip costs nothing)",
            "tour": {label: run_window(*args, tour=True) for label, args in SIZES.items()}}


def run_remote() -> dict:
    """Remote play's figures (``game.tools.remote_bench``), in a process of its own."""
    with tempfile.TemporaryDirectory() as user_dir:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MGN_USER_DIR=user_dir)
        out = subprocess.run([sys.executable, "-c", "import json; from game.tools.remote_bench import run_remote; "
                              "print(json.dumps(run_remote()))"], env=env, capture_output=True, text=True, timeout=3600)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "failed"}
    return json.loads(out.stdout)


def run_bench(remote: bool = True) -> dict:
    """Every figure; without `remote`, all but remote play's (``run_remote``)."""
    games = {game_id: game_figures(info) for game_id, info in GAMES.items()}  # first: a fresh process
    windows = {label: run_window(*args) for label, args in SIZES.items()}
    return {
        "display": "real window" if has_display() else "none (SDL dummy driver: the flip costs nothing)",
        "windows": windows,
        "tour": run_tours()["tour"],
        "first_frame_s": first_frame_s([sys.executable, "-m", "game"]),
        **({"remote": run_remote()} if remote else {}),
        "games": games,
        "targets": targets(),
    }
