"""Performance figures as JSON: frame times, physics, policy and bot timings, sim speed, start-up.

Targets: dice scene p95 <= 8 ms, optimal policy cold <= 100 ms, sim >= 500
two-bot games/s, first frame <= 1 s after process start (issue #2);
Takedown: one flick resolved in <= 5 ms median, bot decisions <= 300 ms,
scene p95 <= 8 ms during a flick (issue #4).
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


def takedown_scene_frames(flicks: int = 6) -> dict:
    """Frame time (update + draw + flip) while a flicked die flies, at 1280x720."""
    os.environ.update(HEADLESS)
    import math

    from game.app import App
    from game.registry import GAMES
    from game.saves import Seat

    app = App()
    seats = [Seat("Bench", 0, None), Seat("Bot", 1, "normal"), Seat("Bot 2", 2, "normal")]
    samples = []
    for k in range(flicks):
        scene = GAMES["takedown"].scene(app, seats)
        app.reset(scene)
        app.step(1 / 60, [])
        scene.human_flick(-math.pi / 2 + 0.15 * (k - flicks / 2), 0.55 + 0.07 * k)
        while scene.sim is not None:
            started = time.perf_counter()
            app.step(1 / 60, [])
            samples.append((time.perf_counter() - started) * 1000)
    return percentiles(samples)


def takedown_physics() -> dict:
    """Headless flicks resolved to rest, over a spread of directions and strengths."""
    import math

    from game.core.rng import Rng
    from game.takedown.level import standard_level
    from game.takedown.physics import Layout, resolve
    from game.takedown.rules import Takedown
    from game.takedown.shot import Flick

    state = Takedown(standard_level(4), 4)
    layout = Layout.of(state)
    rng = Rng(11)
    samples = []
    for _ in range(300):
        flick = Flick(-math.pi / 2 + (rng.random() - 0.5) * 2.4, 0.2 + 0.8 * rng.random(), (rng.random() - 0.5) * 6)
        started = time.perf_counter()
        resolve(state.level, layout, flick)
        samples.append((time.perf_counter() - started) * 1000)
    stats = percentiles(samples)
    stats["flicks"] = stats.pop("frames")
    return stats


def takedown_bots() -> dict:
    """Decision time per Takedown bot over positions from real games (first call included)."""
    from game.core.rng import Rng
    from game.takedown.bots import BOTS
    from game.takedown.level import standard_level
    from game.takedown.physics import Layout, resolve
    from game.takedown.rules import Takedown

    result = {}
    for name in BOTS:
        rng = Rng(5)
        samples = []
        for seed in range(4):
            state = Takedown(standard_level(3), 3, seed=seed)
            while not state.is_over:
                started = time.perf_counter()
                flick = BOTS[name](state, rng)
                samples.append((time.perf_counter() - started) * 1000)
                state.apply_landing(resolve(state.level, Layout.of(state), flick))
        stats = percentiles(samples)
        stats["decisions"] = stats.pop("frames")
        result[name] = stats
    return result


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
        takedown_frames = takedown_scene_frames()
    return {
        "martian_dice_scene_tumble": frames,
        "takedown_scene_flick": takedown_frames,
        "takedown_resolve_flick": takedown_physics(),
        "takedown_bot_decision": takedown_bots(),
        "optimal_policy_cold_ms": cold_policy_ms(),
        "bot_decision": bot_decisions(),
        "sim": sim_speed(),
        "first_frame_s": first_frame_s(),
        "targets": {"frame_p95_ms": 8, "policy_cold_ms": 100, "sim_games_per_s": 500, "first_frame_s": 1.0,
                    "takedown_resolve_p50_ms": 5, "takedown_bot_max_ms": 300},
    }
