"""Performance figures as JSON: frame times, policy and bot timings, sim speed, start-up.

Targets (issue #2): dice scene p95 <= 8 ms, optimal policy cold <= 100 ms,
sim >= 500 two-bot games/s, first frame <= 1 s after process start.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def percentiles(samples_ms: list[float]) -> dict:
    ordered = sorted(samples_ms)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)

    return {"p50_ms": pick(0.50), "p95_ms": pick(0.95), "p99_ms": pick(0.99), "max_ms": round(ordered[-1], 3),
            "frames": len(ordered)}


def dice_scene_frames(rolls: int = 6) -> dict:
    """Frame time (update + draw + flip) while 13 dice tumble, at 1280x720."""
    os.environ.update(HEADLESS)
    from game.app import App
    from game.registry import GAMES
    from game.saves import Seat

    app = App()
    seats = [Seat("Bench", 0, None), Seat("Bot", 1, "optimal")]
    samples = []
    for _ in range(rolls):
        scene = GAMES["martian-dice"].scene(app, seats)
        app.reset(scene)
        app.step(1 / 60, [])
        scene.perform("roll")
        while scene.script is not None and scene.dice[0].path is not None:
            started = time.perf_counter()
            app.step(1 / 60, [])
            samples.append((time.perf_counter() - started) * 1000)
    return percentiles(samples)


def cold_policy_ms() -> float:
    """Import and solve the expected-score policy in a fresh interpreter."""
    code = (
        "import time; t = time.perf_counter();"
        "from game.martian_dice.policy import expected_score_solution; expected_score_solution();"
        "print((time.perf_counter() - t) * 1000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return round(float(out.stdout.strip()), 2)


def bot_decisions() -> dict:
    """Decision time per bot over positions from real games (winner: cold cache included)."""
    from game.core.rng import Rng
    from game.martian_dice.bots import BOTS
    from game.martian_dice.rules import MartianDice

    result = {}
    for name in ("optimal", "winner", "greedy"):
        rng = Rng(3)
        samples = []
        for seed in range(40):
            state = MartianDice(2, seed=seed)
            while not state.is_over:
                started = time.perf_counter()
                action = BOTS[name](state, rng)
                samples.append((time.perf_counter() - started) * 1000)
                state.apply(action)
        stats = percentiles(samples)
        stats["decisions"] = stats.pop("frames")
        stats["mean_ms"] = round(sum(samples) / len(samples), 4)
        result[name] = stats
    return result


def sim_speed(games: int = 1000) -> dict:
    from game.martian_dice.sim import tournament

    started = time.perf_counter()
    tournament(["optimal", "greedy"], games, 7)
    elapsed = time.perf_counter() - started
    return {"bots": "optimal,greedy", "games": games, "games_per_s": round(games / elapsed, 1)}


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
    return round(best, 3)


def run_bench() -> dict:
    with tempfile.TemporaryDirectory() as user_dir:
        os.environ["MGN_USER_DIR"] = user_dir
        frames = dice_scene_frames()
    return {
        "martian_dice_scene_tumble": frames,
        "optimal_policy_cold_ms": cold_policy_ms(),
        "bot_decision": bot_decisions(),
        "sim": sim_speed(),
        "first_frame_s": first_frame_s(),
        "targets": {"frame_p95_ms": 8, "policy_cold_ms": 100, "sim_games_per_s": 500, "first_frame_s": 1.0},
    }
