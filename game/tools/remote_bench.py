"""Remote play as a friend far away meets it: each game played to its end from a browser seat (a real
WebSocket client) through a proxy that adds ONE_WAY seconds each way, against a bot, at the normal
animation speed. Measured: how long a tap takes to reach the TV, how many bytes the seat receives a
second over the whole game, and a dropped connection taken back mid-game (time to the rebuilt table).

``python -m game bench --remote`` prints these figures alone; the whole bench includes them.
"""

from __future__ import annotations

import math
import os
import random
import tempfile
import time

import pygame

from game import controls
from game.app import App
from game.phones.smoke import RealTime, SimulatedPhone
from game.registry import GAMES
from game.saves import Seat
from game.tools.delay_proxy import DelayProxy

ONE_WAY = 0.075  # s: 150 ms of added round trip
GAME_LIMIT = 600.0  # s: a game that has not ended by then is reported as unfinished
FRAME = 1 / 60


def run_remote() -> dict:
    """Every game's figures, each in a fresh app (SDL's dummy drivers: this measures the network)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["MGN_PHONE_HOST"], os.environ["MGN_PHONE_PORT"] = "127.0.0.1", "0"
    with tempfile.TemporaryDirectory() as user_dir:
        os.environ["MGN_USER_DIR"] = user_dir
        games = {game_id: remote_game(info) for game_id, info in GAMES.items() if info.phones}
    return {"added_round_trip_ms": round(2000 * ONE_WAY), "games": games}


class Table(RealTime):
    """An app with one browser seat (seat 0) and a bot, the seat's phone joined through the delaying proxy,
    whose address is the game's public address (as a tunnel's would be)."""

    def __init__(self, info):
        self.proxy = DelayProxy(("127.0.0.1", 0), ONE_WAY).start()
        super().__init__(App(), dt=FRAME, pause=0.002)
        self.app.settings.animation_speed = "normal"
        self.app.settings.public_address = f"http://127.0.0.1:{self.proxy.port}"
        self.scene = info.start(self.app, [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, info.default_bot)])
        self.app.scenes.push(self.scene)
        self.until(lambda: self.app.phones.server is not None)
        server = self.app.phones.server
        self.proxy.target = (server.host, server.port)
        self.link = server.link(0)


    def close(self) -> None:
        self.proxy.stop()
        self.app.phones.stop()
        pygame.quit()


def remote_game(info) -> dict:
    table = Table(info)
    phone = SimulatedPhone(table.link)
    table.until(lambda: getattr(table.app.scenes.top, "shown_ready", False))
    table.app.scenes.top.back()
    taps, started, rng, reconnect = [], time.monotonic(), random.Random(1), None
    scene = table.scene
    while not scene.game.is_over and time.monotonic() - started < GAME_LIMIT:
        table.step()
        if reconnect is None and len(scene.game.log) > 12:
            phone, reconnect = reconnected(table, phone)
        if scene.can_act(0) and (phone.panel or {}).get("act"):
            taps.append(tap(table, phone, rng))
    seconds = time.monotonic() - started
    received = phone.received + (reconnect or {}).pop("bytes_before", 0)
    phone.close()
    table.close()
    taps = sorted(t for t in taps if t is not None)
    return {"finished": scene.game.is_over, "seconds": round(seconds, 1), "taps": len(taps),
            "tap_to_tv_ms": {"median": _ms(taps, 0.5), "p95": _ms(taps, 0.95), "max": _ms(taps, 1.0)},
            "kb_per_s": round(received / 1024 / seconds, 2), "reconnect": reconnect}


def tap(table, phone, rng) -> float | None:
    """One move from the phone, as its page would send it; seconds until the TV has taken it."""
    scene, panel = table.scene, phone.panel
    log = len(scene.game.log)
    sent = time.monotonic()
    if "full_drag" not in phone.table["facts"]:  # a table of buttons (not one played by swiping)
        choice = rng.choice(panel["choices"])
        phone.send({"type": "intent", "choice": choice["id"], "turn": panel["turn"]})
    else:
        phone.send({"type": "swipe", **swipe(table, phone, rng), "done": True, "turn": panel["turn"]})
    if not table.until(lambda: len(scene.game.log) > log or scene.game.is_over, 5.0):
        return None
    taken = time.monotonic() - sent
    table.until(lambda: not scene.can_act(0) or (phone.panel or {}).get("turn") != panel["turn"], 5.0)
    return taken


def swipe(table, phone, rng) -> dict:
    """A swipe from the saucer towards a target with pieces standing, at a middling power."""
    game = table.scene.game
    sx, sy = game.saucers[game.current]
    standing = [t for i, t in enumerate(game.level.targets) if game.pieces[i]] or list(game.level.targets)
    aim = rng.choice(standing)
    angle = math.atan2(aim.y - sy, aim.x - sx)
    length = rng.uniform(0.45, 0.75) * phone.table["facts"]["full_drag"]
    return {"dx": round(math.cos(angle) * length, 1), "dy": round(math.sin(angle) * length, 1)}


def reconnected(table, phone) -> tuple:
    """The connection drops mid-game; the same link opens again: seconds until the table is whole again."""
    before = phone.received
    phone.close()
    started = time.monotonic()
    again = SimulatedPhone(table.link)
    ok = table.until(lambda: again.table is not None and again.table == table.scene.phone_table(0), 10.0)
    return again, {"table_rebuilt": ok, "ms": round(1000 * (time.monotonic() - started)), "bytes_before": before}


def _ms(sorted_seconds: list[float], share: float) -> float | None:
    if not sorted_seconds:
        return None
    return round(1000 * sorted_seconds[min(len(sorted_seconds) - 1, int(share * len(sorted_seconds)))], 1)
