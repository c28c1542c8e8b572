import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import toy_bid  # noqa: E402  the example game: its package plus this one registry entry

from game.core.steps import FRAMES  # noqa: E402
from game.registry import register  # noqa: E402

register(toy_bid.ENTRY)


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    """Every test gets its own empty user data directory."""
    path = tmp_path / "user"
    monkeypatch.setenv("MGN_USER_DIR", str(path))
    return path


@pytest.fixture
def app():
    """A headless app with animations at their fastest."""
    from game.app import App
    from game.storage import WRITER

    app = App()
    app.settings.animation_speed = "turbo"
    yield app
    app.close()  # saves written before the test's folder goes, worker threads stopped before pygame
    WRITER.failures()


def loop_until(app, condition, seconds=10.0):
    """Run the real loop (its frames and the work it does while it would sleep) until condition() holds."""
    ends = time.perf_counter() + seconds
    while not condition():
        assert time.perf_counter() < ends, "condition never met"
        app.run(seconds=0.05)


def run_until(app, condition, frames=20000, dt=1 / 20, rest=0.0):
    """Step the app until condition() holds (fails after `frames` frames). `rest`: seconds slept after each frame,
    as the real loop leaves most of each refresh free: a bot thinking in its thread works then (it gives way while
    a frame is drawn, so frames drawn back to back starve it); at least what a headless run rests (``FRAMES.rest``)."""
    for _ in range(frames):
        if condition():
            return
        app.step(dt, [])
        if rest:
            time.sleep(rest)
        FRAMES.rest(rest)
    raise AssertionError("condition never met")


def stepped(steps):
    """A stepwise computation run to its end: (how many steps it yielded, its result)."""
    count = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return count, done.value
        count += 1


def nearly_over(info, bots, seed, left=2, options=None):
    """A game the bots played to its end, replayed up to `left` actions before that: a scene finishes it in a few
    frames (what a whole game through the scene would check of the ending, without drawing the whole game)."""
    from game.tournament import play_game

    record = play_game(info, bots, seed, options).to_json()
    record["log"] = record["log"][:-left]
    return info.load_state(record)
