"""A phone for ``python -m game smoke`` and the tests: a real WebSocket client that joins a seat by
its link or with the room code and presses what its panel offers, as the page does (without a browser)."""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from random import Random
from urllib.parse import urlsplit

import aiohttp

from game import controls
from game.registry import GAMES
from game.saves import Seat
from game.tools import browser_seat
from game.tools.browser_seat import LAPTOP, PHONE, in_browser


class RealTime:
    """Steps an app in real time, pausing a moment between frames, while phones, browsers and bots answer in
    threads of their own; each frame advances by the time that really passed (or by `dt`, when given)."""

    def __init__(self, app, dt: float | None = None, pause: float = 0.003):
        self.app, self.dt, self.pause = app, dt, pause
        self.last = time.monotonic()

    def step(self) -> None:
        time.sleep(self.pause)
        now = time.monotonic()
        self.app.step(self.dt or min(now - self.last, 0.1), [])
        self.last = now

    def until(self, condition, seconds: float = 30.0) -> bool:
        """Step until `condition()`; False when `seconds` passed first."""
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                return False
            self.step()
        return True


class SimulatedPhone:
    """Joins with a seat's link in a thread of its own (or, with `seat`, takes that seat with the room's
    address alone, as a phone that scanned the TV's code); ``panel`` is the latest panel received,
    ``said`` every refusal or message, ``choose`` taps a choice by the start of its label."""

    def __init__(self, link: str, origin: str | None = None, seat: int | None = None):
        parts = urlsplit(link)
        self.socket_url = f"ws://{parts.netloc}{parts.path}/ws"
        self.origin = origin or f"http://{parts.netloc}"
        self.token = parts.fragment
        self.seat = seat
        self.panel: dict | None = None
        self.table: dict | None = None  # the table as the page would draw it, patches merged
        self.received = 0  # bytes of every message, as a measure of what a seat costs the network
        self.welcome: dict | None = None
        self.said: list[str] = []
        self.closed = False
        self._loop = asyncio.new_event_loop()
        self._ws = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="simulated-phone", daemon=True)
        self._thread.start()
        self._session = asyncio.run_coroutine_threadsafe(self._run(), self._loop)

    async def _run(self) -> None:
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(self.socket_url, headers={"Origin": self.origin}) as ws:
                    self._ws = ws
                    first = {"type": "claim", "seat": self.seat} if self.seat is not None else {"type": "hello",
                                                                                                 "token": self.token}
                    await ws.send_str(json.dumps(first))
                    async for message in ws:
                        if message.type == aiohttp.WSMsgType.TEXT:
                            self.received += len(message.data.encode())
                            self._receive(json.loads(message.data))
            except aiohttp.ClientError as error:
                self.said.append(f"connection failed: {error}")
        self.closed = True

    def _receive(self, data: dict) -> None:
        if data["type"] == "panel":
            self.panel = data
        elif data["type"] == "table":
            self.table = data["data"] if data["whole"] else merged(self.table or {}, data["data"])
        elif data["type"] == "welcome":
            self.welcome = data
        else:
            self.said.append(data.get("text", data["type"]))

    def send(self, message: dict) -> None:
        ws = self._ws
        if ws is None:
            raise RuntimeError("the phone is not connected")
        asyncio.run_coroutine_threadsafe(ws.send_str(json.dumps(message)), self._loop).result(5)

    def choose(self, label: str) -> None:
        """Tap the first offered choice whose label starts with `label`."""
        panel = self.panel or {}
        for choice in panel.get("choices", []):
            if choice["label"].startswith(label):
                self.send({"type": "intent", "choice": choice["id"], "turn": panel["turn"]})
                return
        raise AssertionError(f"the phone offers no {label!r}: {panel.get('choices')}")

    def wait(self, condition, seconds: float = 10.0, step=None) -> None:
        """Until `condition()` holds; `step` runs between looks (the game's frames). Each look also sleeps a
        moment, as the game's own loop does between frames: a loop that never sleeps starves the server's
        and the phone's threads of the interpreter."""
        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"the phone waited in vain; panel {self.panel}, said {self.said}")
            if step:
                step()
            time.sleep(0.002)

    def close(self) -> None:
        """Hang up and let the session end before the thread stops (nothing is left half-run)."""
        if self._ws is not None:
            asyncio.run_coroutine_threadsafe(self._ws.close(), self._loop).result(5)
        self._session.result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


def merged(table: dict, patch: dict) -> dict:
    """A table with a patch merged in, as the page merges it: objects key by key, anything else replaced."""
    out = dict(table)
    for key, value in patch.items():
        before = out.get(key)
        out[key] = merged(before, value) if isinstance(value, dict) and isinstance(before, dict) else value
    return out


def extras(d) -> None:
    """Smoke: a seat of the first game that takes phones, played from a phone on loopback: the join
    screen, a move from the phone, a refused stale tap, and the server gone once the game is left."""
    os.environ.setdefault("MGN_PHONE_HOST", "127.0.0.1")
    info = next(game for game in GAMES.values() if game.phones)
    d.to_title()
    d.click(f"Play {info.title}")
    setup = d.app.scenes.top
    d.set_seat(0, None)
    while setup.seats[0].control != controls.PHONE:
        setup._next_control(0)
    setup._build()
    d.shot("phones-setup")
    d.click("Start game")
    d.frames(2)
    d.expect("PhoneScene")
    server = d.app.phones.server
    phone = SimulatedPhone(server.address, seat=0)  # as a phone that scanned the TV's code
    phone.wait(lambda: phone.welcome is not None and d.app.scenes.top.shown_ready, step=lambda: d.frames(1))
    d.shot("phones-joined")
    d.click("Play")
    d.expect("GameScene")
    scene = d.app.scenes.top
    phone.wait(lambda: bool((phone.panel or {}).get("choices")), step=lambda: d.frames(1))
    stale = dict(phone.panel)
    before = len(scene.game.log)
    phone.choose(stale["choices"][0]["label"])
    phone.wait(lambda: len(scene.game.log) > before, step=lambda: d.frames(1))
    phone.send({"type": "intent", "choice": 0, "turn": stale["turn"]})
    phone.wait(lambda: any("Too late" in s for s in phone.said), step=lambda: d.frames(1))
    d.shot("phones-moved-from-phone")
    print("smoke: a move from a phone ok", flush=True)
    d.to_title()
    d.frames(2)
    assert d.app.phones.server is None, "the phone server stops when no game uses phones"
    phone.wait(lambda: phone.closed)
    phone.close()


def browser_tables(d) -> None:
    """Smoke: each game's table in a real browser seat (headless Chromium, when it is here), saved at phone and
    laptop sizes with --shots after a few moves of play: what a friend far away sees."""
    if not browser_seat.available():
        print("smoke: browser tables skipped (no Chromium and chromedriver here)", flush=True)
        return
    os.environ.setdefault("MGN_PHONE_HOST", "127.0.0.1")

    def step() -> None:
        time.sleep(0.003)
        d.frames(1)

    with ThreadPoolExecutor(1) as worker:
        seat = in_browser(worker, step, browser_seat.BrowserSeat)
        try:
            for info in (info for info in GAMES.values() if info.phones):
                scene = info.start(d.app, [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, info.default_bot)])
                d.app.scenes.push(scene)
                _browser_table(d, info, scene, lambda action: in_browser(worker, step, action), seat, step)
                d.to_title()
        finally:
            in_browser(worker, step, seat.quit)


def _browser_table(d, info, scene, browser, seat, step) -> None:
    """A few moves of one game from the browser seat, then its table at both sizes."""
    while d.app.phones.server is None:
        step()
    browser(lambda: seat.resize(PHONE))
    browser(lambda: seat.open(d.app.phones.server.link(0)))
    while not getattr(d.app.scenes.top, "shown_ready", False):
        step()
    d.app.scenes.top.back()
    _play_a_little(info, scene, browser, seat, step)
    drawn = browser(lambda: seat.driver.execute_script(
        "return table !== null && document.getElementById('board').children.length > 0"))
    assert drawn, f"{info.title}: the browser drew no table"
    for size, name in ((PHONE, "phone"), (LAPTOP, "laptop")) if d.shots else ():
        browser(lambda: seat.resize(size))
        for _ in range(10):
            step()
        browser(lambda: seat.shot(str(d.shots / f"browser-{info.id}-{name}.png")))
    print(f"smoke: {info.title} in a browser seat ok", flush=True)


def _play_a_little(info, scene, browser, seat, step) -> None:
    """Two moves from the browser seat, then on until its move comes round again."""
    rng, moves, deadline = Random(1), 0, time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, f"{info.title}: the browser seat never got its move: {browser(seat.text)}"
        for _ in range(5):
            step()
        if not (scene.can_act(0) and browser(seat.my_move)):
            continue
        if moves >= 2:
            return
        moves += browser(lambda: seat.act(rng))
