"""A seat in a browser: the table it is sent (the seat's view, never more; patches that rebuild it; one
snapshot after a reconnect), Takedown by swipe, the art and scripts the page may load, and the public
address of a friend far away (Host, Origin, remote seats the TV can remove)."""

from __future__ import annotations

import asyncio
import json
import threading

import aiohttp
import pytest

from game import controls
from game.heroes.rules import BID
from game.phones.server import REMOTE_PORT, Intent, PhoneServer
from game.phones.smoke import RealTime, SimulatedPhone, merged
from game.phones.table import patch, plain
from game.registry import GAMES
from game.saves import Seat
from game.settings import Settings, public_address

PAGE = b"<!doctype html><title>phone</title>"


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setenv("MGN_PHONE_HOST", "127.0.0.1")


def frames(app, condition, seconds: float = 20.0) -> None:
    assert RealTime(app, dt=1 / 60).until(condition, seconds), "timed out"


def seated(app, game: str, seats) -> tuple[object, list[SimulatedPhone]]:
    """The game's table with its phone seats joined, past the join screen."""
    scene = GAMES[game].start(app, seats)
    app.scenes.push(scene)
    frames(app, lambda: app.phones.server is not None)
    phones = [SimulatedPhone(app.phones.server.link(p)) for p in controls.phone_seats(seats)]
    frames(app, lambda: getattr(app.scenes.top, "shown_ready", False))
    app.scenes.top.back()
    return scene, phones


# ----- the wire format ----------------------------------------------------------------------------------
def test_plain_makes_json_of_a_view_and_a_patch_merged_rebuilds_the_table():
    before = {"a": 1, "view": {"dice": [1, 2], "turn": {"who": 0, "rolls": 1}}, "log": ["x"]}
    after = {"a": 1, "view": {"dice": [3, 2], "turn": {"who": 0, "rolls": 2}}, "log": ["x", "y"]}
    changes, whole = patch(before, after)
    assert not whole and changes == {"view": {"dice": [3, 2], "turn": {"rolls": 2}}, "log": ["x", "y"]}
    assert merged(before, changes) == after
    assert patch(after, after) == (None, False)
    reshaped = {**after, "view": {"dice": [3, 2]}}
    assert patch(after, reshaped) == (reshaped, True)  # a key gone: the page gets the table whole
    game = GAMES["mars-attacks"].new_state(2, seed=3)
    while game.is_chance():
        game.apply_chance()
    view = plain(game.view(0))
    assert json.loads(json.dumps(view)) == view and view["cards"][game.face_up[0]]["vp"] > 0
    with pytest.raises(TypeError):
        plain(object())


# ----- what a browser seat is sent ----------------------------------------------------------------------
def test_a_browser_seat_never_sees_another_seats_secret_bid(app):
    seats = [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None, controls.PHONE)]
    scene, (ada, bo) = seated(app, "heroes", seats)
    frames(app, lambda: scene.game.phase == BID and ada.panel and ada.panel["choices"] and bo.table)
    ada.choose("4")
    frames(app, lambda: 0 in scene.game.bids and bo.table["view"]["ready"] == [0] and ada.table["view"]["my_bid"] == 4)
    assert bo.table["view"]["my_bid"] is None
    assert "4" not in json.dumps(bo.table["view"]["played"]), "a bid stays secret until the reveal"
    assert "bidding" not in bo.table["view"], "left out: the turn log tells the rounds gone by"
    for phone in (ada, bo):
        phone.close()


def test_the_table_after_patches_is_the_table_and_a_reconnect_gets_it_whole(app):
    seats = [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, "greedy")]
    scene, (ada,) = seated(app, "mars-attacks", seats)
    frames(app, lambda: scene.can_act(0) and ada.panel and ada.panel["choices"])
    ada.choose("Target")
    frames(app, lambda: scene.can_act(0) and len(scene.game.log) > 2 and ada.table and ada.table["view"]["target"])
    frames(app, lambda: ada.table == scene.phone_table(0))
    assert ada.table["game"] == "mars-attacks" and ada.table["players"][1]["name"] == "Bo"
    assert ada.table["acting"] == [0] and ada.table["facts"]["nukes"] >= 1
    again = SimulatedPhone(app.phones.server.link(0))
    frames(app, lambda: again.table is not None)
    assert again.table == ada.table
    ada.close()
    again.close()


def test_while_the_tv_animates_a_move_the_browser_is_told_it_moves_not_its_result(app):
    app.settings.animation_speed = "normal"
    seats = [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, "greedy")]
    scene, (ada,) = seated(app, "martian-dice", seats)
    frames(app, lambda: scene.can_act(0) and ada.table and ada.panel["choices"])
    before = ada.table["view"]
    ada.choose("Roll")
    frames(app, lambda: scene.busy and ada.table["moving"])
    assert ada.table["view"] == before, "the roll is shown once the TV's dice have landed"
    frames(app, lambda: not scene.busy and not ada.table["moving"])
    assert ada.table["view"]["table"] == list(scene.game.view(0).table)
    ada.close()


# ----- Takedown by swipe ---------------------------------------------------------------------------------
def test_a_swipe_aims_on_the_tv_and_letting_go_flicks_along_the_path_a_browser_is_sent(app):
    seats = [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, "normal")]
    scene, (ada,) = seated(app, "takedown", seats)
    frames(app, lambda: scene.can_act(0) and ada.panel and ada.panel.get("act"), 60)
    turn, attempts = ada.panel["turn"], scene.game.attempts
    ada.send({"type": "swipe", "dx": 0.0, "dy": -40.0, "done": False, "turn": turn})
    frames(app, lambda: scene.aiming)
    assert scene.aim == pytest.approx(-1.5708, abs=1e-3) and 0 < scene.power < 1
    assert scene.game.attempts == attempts, "aiming is not flicking"
    ada.send({"type": "swipe", "dx": 0.0, "dy": -3.0, "done": True, "turn": turn})  # a tap: no flick
    frames(app, lambda: not scene.aiming)
    assert scene.game.attempts == attempts
    ada.send({"type": "swipe", "dx": 5.0, "dy": -120.0, "done": True, "turn": turn})
    frames(app, lambda: scene.game.attempts > attempts and ada.table and ada.table["flight"])
    flight = ada.table["flight"]
    assert flight["player"] == 0 and len(flight["path"]) > 3
    frames(app, lambda: scene.game.shots and not scene.busy, 60)
    end = scene.game.shots[-1].end
    assert flight["path"][-1][:2] == pytest.approx(end, abs=0.2), "the path ends where the TV's die rested"
    ada.close()


def test_a_swipe_on_a_dice_table_or_out_of_turn_is_refused_and_changes_nothing(app):
    seats = [Seat("Bo", 0, "greedy"), Seat("Ada", 1, None, controls.PHONE)]
    scene, (ada,) = seated(app, "martian-dice", seats)
    frames(app, lambda: ada.panel is not None)
    log = list(scene.game.log)
    ada.send({"type": "swipe", "dx": 1.0, "dy": 1.0, "done": True, "turn": ada.panel["turn"]})
    frames(app, lambda: ada.said)
    assert scene.game.log[:len(log)] == log
    ada.close()


@pytest.fixture
def server():
    s = PhoneServer(PAGE, "127.0.0.1")
    s.start()
    s.set_seats({0: "Ada"})
    yield s
    s.stop()


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 10))


def test_only_well_formed_swipes_reach_the_game(server):
    async def go():
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(server.address + "/ws", headers={"Origin": f"http://{server.short_address}"})
            await ws.send_json({"type": "hello", "token": server.link(0).split("#")[1]})
            await ws.receive_json()
            bad = [{"dx": "1", "dy": 0}, {"dx": 1e9, "dy": 0}, {"dx": 1, "dy": 0, "done": 1}, {"dx": 1, "dy": 0, "turn": -1},
                   {"dx": 1, "dy": None}]
            for message in bad:
                await ws.send_str(json.dumps({"type": "swipe", "done": False, "turn": 2, **message}))
                assert (await ws.receive_json())["type"] == "refused"
            await ws.send_str('{"type": "swipe", "dx": NaN, "dy": 0, "done": false, "turn": 2}')
            assert (await ws.receive_json())["type"] == "refused"
            await ws.send_json({"type": "swipe", "dx": 3, "dy": -4.5, "done": True, "turn": 2})
            await asyncio.sleep(0.2)
    run(go())
    assert server.inbox.get_nowait() == Intent(0, -1, 2, (3.0, -4.5), True) and server.inbox.empty()


def test_the_page_loads_only_the_games_svg_and_js_files(server):
    async def go():
        async with aiohttp.ClientSession() as c:
            base = f"http://{server.short_address}/files/"
            assert (await c.get(base + "phone/tables/takedown.js")).status == 404  # no assets given to this one
            server.files = __import__("game.paths", fromlist=["asset_path"]).asset_path()
            art = await c.get(base + "dice/cow.svg")
            assert art.status == 200 and art.headers["Content-Type"].startswith("image/svg+xml")
            script = await c.get(base + "phone/tables/takedown.js")
            assert script.status == 200 and b"MGN.tables.takedown" in await script.read()
            refused = ("phone/index.html", "sounds/roll.wav", "phone/../../pyproject.toml", "phone\\..\\index.svg",
                     "dice/.svg", "fonts/OFL.txt", "nope.svg")
            for wrong in refused:
                assert (await c.get(base + wrong)).status == 404, wrong
    run(go())


# ----- a friend far away ----------------------------------------------------------------------------------
def test_a_public_address_is_kept_bare_and_explained_when_wrong():
    assert public_address(" game.example.net/ ") == "https://game.example.net"
    assert public_address("") == ""
    assert public_address("http://Friend.Example:8443") == "http://friend.example:8443"
    for wrong in ("ftp://x", "https://x/room", "https://x?y=1", "https://:8080", "https://x:99999"):
        with pytest.raises(ValueError):
            public_address(wrong)
    with pytest.raises(Exception, match="public_address"):
        Settings.from_json({"public_address": "https://x/room"})


def test_through_the_public_address_the_room_is_reached_and_the_tv_can_remove_the_remote_seat():
    s = PhoneServer(PAGE, "127.0.0.1", public="https://mars.example.net")
    s.start()
    s.set_seats({0: "Ada", 1: "Bo"})
    try:
        assert s.port == REMOTE_PORT and s.address.startswith("https://mars.example.net/")
        assert s.link(0).startswith("https://mars.example.net/")
        local = f"http://127.0.0.1:{s.port}/{s.room}"
        tunnel = {"Host": "mars.example.net", "Origin": "https://mars.example.net"}

        async def go():
            async with aiohttp.ClientSession() as c:
                assert (await c.get(local, headers={"Host": "mars.example.net"})).status == 200
                assert (await c.get(local, headers={"Host": "other.example.net"})).status == 421
                for origin in ("http://mars.example.net", "https://evil.example"):
                    with pytest.raises(aiohttp.WSServerHandshakeError):
                        await c.ws_connect(local + "/ws", headers={**tunnel, "Origin": origin})
                ws = await c.ws_connect(local + "/ws", headers={**tunnel, "X-Forwarded-For": "203.0.113.7"})
                await ws.send_json({"type": "claim", "seat": 1})
                assert (await ws.receive_json())["type"] == "welcome"
                assert s.joined_remotely(1) and s.joined_by_code(1)
                near = await c.ws_connect(local + "/ws", headers={"Origin": f"http://127.0.0.1:{s.port}"})
                await near.send_json({"type": "hello", "token": s.link(0).split("#")[1]})
                assert (await near.receive_json())["type"] == "welcome" and not s.joined_remotely(0)
                s.remove(1)
                assert (await ws.receive_json())["type"] == "dropped"
                assert not s.joined_remotely(1) and s.status(1) == "waiting"
                again = await c.ws_connect(local + "/ws", headers={**tunnel, "X-Forwarded-For": "203.0.113.7"})
                await again.send_json({"type": "claim", "seat": 1})
                assert (await again.receive_json())["type"] == "refused", "the removed address takes no seat by code"
        run(go())
    finally:
        s.stop()


@pytest.mark.parametrize("text_size", [100, 150])
def test_the_join_screen_shows_a_seat_far_away_and_an_http_warning_without_cutting_them(app, monkeypatch, text_size):
    monkeypatch.setenv("MGN_PHONE_PORT", "0")
    app.settings.public_address = "http://127.0.0.1:9"  # a tunnel's address, as the phone's browser uses it
    app.settings.text_size = text_size
    app.apply_settings()
    seats = [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None, controls.PHONE)]
    app.scenes.push(GAMES["heroes"].start(app, seats))
    frames(app, lambda: app.phones.server is not None)
    server, lobby = app.phones.server, app.scenes.top

    async def far():
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(f"http://127.0.0.1:{server.port}/{server.room}/ws",
                                    headers={"Host": "127.0.0.1:9", "Origin": "http://127.0.0.1:9"})
            await ws.send_json({"type": "claim", "seat": 1})
            assert (await ws.receive_json())["type"] == "welcome"
            await asyncio.sleep(0.5)

    thread = threading.Thread(target=lambda: run(far()))
    thread.start()
    frames(app, lambda: server.joined_remotely(1) and "Remove phone" in [b.label for b in lobby.buttons.buttons])
    assert server.address.startswith("http://127.0.0.1:9/")
    assert app.audit_layout() == []
    thread.join()
