"""A friend far away plays a whole game of each of the four games in headless Chromium, through the page only
(its buttons, and at Takedown a drag from the saucer), against a bot, with 150 ms of added round trip between
them (a delaying proxy whose address is the game's public address, as a tunnel's would be). Needs Chromium
and its driver: CI installs Debian's and sets MGN_REQUIRE_BROWSER."""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from game import controls
from game.phones.smoke import RealTime
from game.registry import GAMES
from game.saves import Seat
from game.tools import browser_seat
from game.tools.browser_seat import BrowserSeat, in_browser
from game.tools.delay_proxy import DelayProxy

needs_browser = pytest.mark.skipif(not browser_seat.available() and not os.environ.get("MGN_REQUIRE_BROWSER"),
                                   reason="needs chromium and chromedriver (CI installs Debian's)")


@needs_browser
@pytest.mark.parametrize("game", [game_id for game_id, info in GAMES.items() if info.phones and game_id != "toy-bid"])
def test_a_whole_game_from_a_browser_far_away(app, game, monkeypatch):
    monkeypatch.setenv("MGN_PHONE_HOST", "127.0.0.1")
    monkeypatch.setenv("MGN_PHONE_PORT", "0")
    proxy = DelayProxy(("127.0.0.1", 0), 0.075).start()
    app.settings.public_address = f"http://127.0.0.1:{proxy.port}"
    app.settings.bot_pace = "quick"
    info = GAMES[game]
    scene = info.start(app, [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, info.default_bot)])
    app.scenes.push(scene)
    step = RealTime(app, pause=0.004).step
    while app.phones.server is None:
        step()
    server = app.phones.server
    proxy.target = (server.host, server.port)
    rng, deadline = random.Random(game), time.monotonic() + 300
    with ThreadPoolExecutor(1) as worker:
        seat = in_browser(worker, step, BrowserSeat)
        try:
            in_browser(worker, step, lambda: seat.open(server.link(0)))
            while not getattr(app.scenes.top, "shown_ready", False):
                step()
            assert server.joined_remotely(0), "the seat came through the public address"
            app.scenes.top.back()
            while not scene.game.is_over:
                assert time.monotonic() < deadline, f"the game did not end: {scene.game.log[-3:]}"
                for _ in range(6):
                    step()
                if scene.can_act(0) and in_browser(worker, step, seat.my_move):
                    in_browser(worker, step, lambda: seat.act(rng))
            end = time.monotonic() + 20
            while "Game over" not in in_browser(worker, step, seat.text):
                assert time.monotonic() < end, in_browser(worker, step, seat.text)
                step()
            assert in_browser(worker, step, lambda: seat.driver.execute_script("return table.over")) is True
            moves = [p for p, _ in scene.game.log if p == 0]
            assert moves, "the browser seat moved"
        finally:
            in_browser(worker, step, seat.quit)
            proxy.stop()
