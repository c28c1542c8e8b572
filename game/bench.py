"""Performance figures as JSON, for every registered game through the same loops.

Per game: frame times of a bot game played through its scene, decision time
of each bot, and tournament speed (the runner ``python -m game sim`` uses). A
game's package may add figures of its own in an optional ``bench.py``
(``extras() -> dict``). Then start-up: launch to the title's first frame.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from importlib import import_module

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
TARGETS = {"frame_p95_ms": 8, "bot_decision_max_ms": 300, "martian_dice_sim_games_per_s": 500,
           "first_frame_s": 1.0}


def percentiles(samples_ms: list[float], count: str = "frames") -> dict:
    ordered = sorted(samples_ms)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)

    return {"p50_ms": pick(0.50), "p95_ms": pick(0.95), "p99_ms": pick(0.99), "max_ms": round(ordered[-1], 3),
            count: len(ordered)}


def timed(action) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def scene_frames(info, frames: int = 900) -> dict:
    """Frame time (input, update, draw, flip) of a bot game played through the scene at normal speed."""
    os.environ.update(HEADLESS)
    from game.app import App
    from game.saves import Seat
    from game.scenes.table import start

    app = App()
    seats = [Seat(f"Bot {p + 1}", p, info.default_bot) for p in range(info.min_players)]
    app.reset(start(app, info, seats))
    samples = []
    for _ in range(frames):
        if type(app.top).__name__ != "GameScene":
            app.reset(start(app, info, seats))
        samples.append(timed(lambda: app.step(1 / 60, [])))
    return percentiles(samples)


def bot_decisions(info, games: int = 6) -> dict:
    """Decision time of each bot over positions from real games (first calls included)."""
    from game.tournament import bot_action

    result = {}
    for name in info.bots:
        samples = []
        for seed in range(games):
            state = info.new_state(info.min_players, seed)
            while not state.is_over:
                if state.is_chance():
                    info.apply_chance(state)
                    continue
                for player in state.to_act():
                    action = None

                    def decide(player=player):
                        nonlocal action
                        action = bot_action(info, state, player, name)

                    samples.append(timed(decide))
                    state.apply(player, action)
        result[name] = percentiles(samples, "decisions")
    return result


def sim_speed(info, seconds: float = 3.0) -> dict:
    """Whole bot games per second through the tournament runner (default bots)."""
    from game.tournament import play_game

    bots = [info.default_bot] * info.min_players
    started, games = time.perf_counter(), 0
    while time.perf_counter() - started < seconds:
        play_game(info, bots, games)
        games += 1
    return {"bots": ",".join(bots), "games": games, "games_per_s": round(games / (time.perf_counter() - started), 1)}


def first_frame_s(runs: int = 3) -> float:
    """Best of a few: process launch to the title screen's first frame."""
    env = dict(os.environ, **HEADLESS)
    best = None
    with tempfile.TemporaryDirectory() as user_dir:
        env["MGN_USER_DIR"] = user_dir
        for _ in range(runs):
            started = time.time()
            out = subprocess.run([sys.executable, "-m", "game", "--exit-after-first-frame"], env=env,
                                 capture_output=True, text=True, check=True)
            line = next(x for x in out.stdout.splitlines() if x.startswith("first-frame-epoch"))
            took = float(line.split()[1]) - started
            best = took if best is None else min(best, took)
    return round(best or 0.0, 3)


def game_figures(info) -> dict:
    figures = {"scene": scene_frames(info), "bot_decision": bot_decisions(info), "sim": sim_speed(info)}
    try:
        figures.update(import_module(f"{info.package}.bench").extras())
    except ModuleNotFoundError:
        pass
    return figures


def run_bench() -> dict:
    from game.registry import GAMES

    with tempfile.TemporaryDirectory() as user_dir:
        os.environ["MGN_USER_DIR"] = user_dir
        games = {game_id: game_figures(info) for game_id, info in GAMES.items()}
    return {"games": games, "first_frame_s": first_frame_s(), "targets": TARGETS}
