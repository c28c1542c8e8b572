"""The phone server on loopback: joining by link or room code, reconnecting, and every hostile case
(wrong token, wrong Origin or Host, oversized, malformed or binary messages, floods) refused while the
server goes on serving."""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import socket
import subprocess
import sys
import threading
import time

import aiohttp
import pytest

from game import saves
from game.phones import door
from game.phones import server as phone_server
from game.phones.server import Intent, PhoneServer
from game.registry import GAMES
from game.saves import Seat

PAGE = b"<!doctype html><title>phone</title>"


@pytest.fixture
def server():
    s = PhoneServer(PAGE, "127.0.0.1")
    s.start()
    s.set_seats({0: "Ada", 2: "Bo"})
    yield s
    s.stop()


def run(coroutine):
    return asyncio.run(asyncio.wait_for(coroutine, 10))


def origin(s: PhoneServer) -> dict:
    return {"Origin": f"http://{s.short_address}"}


async def hello(session, s: PhoneServer, token: str, headers=None):
    ws = await session.ws_connect(s.address + "/ws", headers=origin(s) if headers is None else headers)
    await ws.send_json({"type": "hello", "token": token})
    return ws, await ws.receive_json()


def token(s: PhoneServer, seat: int) -> str:
    return s.link(seat).split("#", 1)[1]


def drain(s: PhoneServer) -> list[Intent]:
    found = []
    while not s.inbox.empty():
        found.append(s.inbox.get_nowait())
    return found


def test_page_only_in_the_room(server):
    async def go():
        async with aiohttp.ClientSession() as c:
            page = await c.get(server.address)
            assert page.status == 200 and await page.read() == PAGE
            assert page.headers["Cache-Control"] == "no-store"
            assert (await c.get(f"http://{server.short_address}/ZZZZ")).status == 404
            wrong_host = await c.get(server.address, headers={"Host": f"evil.example:{server.port}"})
            assert wrong_host.status == 421
    run(go())


def test_join_by_link_sends_the_seat_and_its_panel_then_intents_arrive_in_order(server):
    server.publish(0, {"status": "Your turn", "choices": [{"id": 0, "label": "Roll"}], "turn": 3})

    async def go():
        async with aiohttp.ClientSession() as c:
            ws, welcome = await hello(c, server, token(server, 0))
            assert welcome["type"] == "welcome" and welcome["seat"] == 0 and welcome["name"] == "Ada"
            panel = await ws.receive_json()
            assert panel["type"] == "panel" and panel["status"] == "Your turn"
            for choice in (0, 1, 2):
                await ws.send_json({"type": "intent", "choice": choice, "turn": 3})
            await asyncio.sleep(0.2)
            await ws.close()
    run(go())
    assert drain(server) == [Intent(0, 0, 3), Intent(0, 1, 3), Intent(0, 2, 3)]


def test_claim_a_free_seat_by_room_code_once(server):
    async def go():
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(server.address + "/ws", headers=origin(server))
            await ws.send_json({"type": "seats"})
            assert (await ws.receive_json())["free"] == [{"seat": 0, "name": "Ada"}, {"seat": 2, "name": "Bo"}]
            await ws.send_json({"type": "claim", "seat": 2})
            welcome = await ws.receive_json()
            assert welcome["seat"] == 2 and welcome["token"] == token(server, 2)
            other = await c.ws_connect(server.address + "/ws", headers=origin(server))
            await other.send_json({"type": "claim", "seat": 2})
            assert (await other.receive_json())["type"] == "refused"
            await other.send_json({"type": "seats"})
            assert (await other.receive_json())["free"] == [{"seat": 0, "name": "Ada"}]
    run(go())


def test_reconnect_with_the_same_link_takes_the_seat_back(server):
    async def go():
        async with aiohttp.ClientSession() as c:
            first, _ = await hello(c, server, token(server, 0))
            second, welcome = await hello(c, server, token(server, 0))
            assert welcome["seat"] == 0
            assert (await first.receive_json())["type"] == "dropped"  # the older page is told
            await second.close()
            await asyncio.sleep(0.1)
            assert server.status(0) == "lost"
            third, welcome = await hello(c, server, token(server, 0))
            assert welcome["seat"] == 0 and server.status(0) == "connected"
    run(go())


def test_wrong_token_and_wrong_origin_are_refused(server):
    async def go():
        async with aiohttp.ClientSession() as c:
            ws, answer = await hello(c, server, "not-a-token")
            assert answer["type"] == "refused"
            await ws.send_json({"type": "intent", "choice": 0, "turn": 0})
            assert (await ws.receive_json())["type"] == "refused"  # no seat, no intent
            for headers in ({"Origin": "http://evil.example"}, {}):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await c.ws_connect(server.address + "/ws", headers=headers)
                assert refused.value.status == 403
    run(go())
    assert drain(server) == [] and server.status(0) == "waiting"


def test_malformed_oversized_and_binary_messages(server):
    async def go():
        async with aiohttp.ClientSession() as c:
            ws, _ = await hello(c, server, token(server, 0))
            for bad in ("{not json", "[1, 2]", json.dumps({"type": "intent", "choice": "3", "turn": 0}),
                        json.dumps({"type": "intent", "choice": 999, "turn": 0}),
                        json.dumps({"type": "intent", "choice": 1, "turn": -1, "seat": 2}),
                        json.dumps({"type": "launch"})):
                await ws.send_str(bad)
                assert (await ws.receive_json())["type"] == "refused", bad
            await ws.send_str(json.dumps({"type": "intent", "choice": 1, "turn": 0, "pad": "x" * 4000}))
            closing = await ws.receive()
            assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR)
            ws2, _ = await hello(c, server, token(server, 0))
            await ws2.send_bytes(b"\x00\x01")
            assert (await ws2.receive()).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            ws3, welcome = await hello(c, server, token(server, 0))  # the server goes on
            assert welcome["type"] == "welcome"
    run(go())
    assert drain(server) == []


def test_messages_are_rate_limited(server):
    async def flood():
        async with aiohttp.ClientSession() as c:
            ws, _ = await hello(c, server, token(server, 0))
            for _ in range(60):
                await ws.send_json({"type": "intent", "choice": 0, "turn": 0})
            await asyncio.sleep(0.3)
            await ws.close()
    run(flood())
    arrived = len(drain(server))
    assert phone_server.MESSAGE_BURST - 1 <= arrived < 40  # the hello took one from the burst


# ----- issue 26: reconnects, guessing, floods, file handles ------------------------------------------
other_addresses = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                     reason="Linux routes all of 127/8 to loopback (127.0.0.2 and up)")


def test_the_room_code_has_40_bits_is_letters_and_is_typed_any_way(server):
    assert phone_server.ROOM_LENGTH * math.log2(len(set(phone_server.ROOM_LETTERS))) >= 40
    assert server.room.isalpha() and not set("IO0158") & set(server.room)
    assert re.fullmatch(r"[A-Z]{3}-[A-Z]{3}-[A-Z]{3}", server.room_shown)
    for typed in (server.room_shown.lower(), server.room, f" {server.room_shown} ", server.room.lower()):
        assert phone_server.normal(typed) == server.room
    assert phone_server.normal("favicon.ico") is None and phone_server.normal("ABC") is None

    async def go():
        async with aiohttp.ClientSession() as c:
            url = f"http://{server.short_address}/{server.room_shown.lower()}/ws"
            ws = await c.ws_connect(url, headers=origin(server))
            await ws.send_json({"type": "seats"})
            assert (await ws.receive_json())["type"] == "seats"
    run(go())


def test_a_link_takes_its_seat_back_a_thousand_times_in_a_row(server):
    """A weak Wi-Fi: the page reconnects again and again, sometimes before the server saw the old socket go."""
    async def go():
        async with aiohttp.ClientSession() as c:
            old = None
            for n in range(1000):
                ws, welcome = await hello(c, server, token(server, 0))
                assert welcome["type"] == "welcome" and welcome["seat"] == 0, (n, welcome)
                if old is not None:
                    await old.close()
                old = ws if n % 2 else None  # every other socket stays open until the next one is in
                if old is None:
                    await ws.close()
            assert server.status(0) == "connected" or old is None
    asyncio.run(asyncio.wait_for(go(), 300))


def test_old_sockets_of_a_reconnecting_phone_that_never_answer_are_let_go(server):
    """A phone on a weak Wi-Fi opens a new socket while the old ones are dead (they never answer the close):
    every reconnect wins, and the old sockets no longer hold anything."""
    async def go():
        async with aiohttp.ClientSession() as c:
            held = []
            for n in range(25):
                ws, welcome = await hello(c, server, token(server, 0))
                assert welcome["type"] == "welcome", (n, welcome)
                held.append(ws)  # never read again: it never answers
                await asyncio.sleep(0.2)
            seated = [g for g in server._door.guards.values() if g.seated]
            assert len(seated) == 1
            assert len(server._door.seatless("127.0.0.1")) <= 8
    run(go())


def test_wrong_codes_make_an_address_wait_longer_and_longer():
    now = [0.0]
    strikes = phone_server.Strikes(lambda: now[0])
    for _ in range(phone_server.FREE_STRIKES):
        assert strikes.wait("10.0.0.5") == 0
        strikes.strike("10.0.0.5")
    waits = []
    for _ in range(6):
        strikes.strike("10.0.0.5")
        waits.append(strikes.wait("10.0.0.5"))
        now[0] += waits[-1]
    assert waits == [1, 2, 4, 8, 16, 32] and strikes.wait("10.0.0.6") == 0  # per address
    strikes.strike("10.0.0.5")
    assert strikes.wait("10.0.0.5") == 64


def test_trying_every_code_takes_more_than_a_year_from_any_number_of_addresses():
    """The docstring's arithmetic, played out: an address that tries whenever it may, for a year; and more
    addresses than the table holds share one record."""
    now = [0.0]
    strikes = phone_server.Strikes(lambda: now[0])
    tries, year = 0, 365 * 24 * 3600.0
    while now[0] < year:
        tries += 1
        strikes.strike("10.0.0.5")
        now[0] += max(strikes.wait("10.0.0.5"), 0.001)
    assert tries <= 387
    for n in range(phone_server.MAX_ADDRESSES + 50):
        strikes.strike(f"10.1.{n // 256}.{n % 256}")
    assert len(strikes._failures) <= phone_server.MAX_ADDRESSES + 1
    codes = len(phone_server.ROOM_LETTERS) ** phone_server.ROOM_LENGTH
    assert codes / ((phone_server.MAX_ADDRESSES + 1) * tries) > 1000  # years to try them all


@other_addresses
def test_a_waiting_address_gets_no_answer_to_any_code_but_a_link_still_wins(server):
    async def go():
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.3", 0))) as c:
            wrong = "ABC-DEF-GHJ" if server.room != "ABCDEFGHJ" else "ABC-DEF-GHK"
            for n in range(phone_server.FREE_STRIKES + 1):
                ws = await c.ws_connect(f"http://{server.short_address}/{wrong}/ws", headers=origin(server))
                await ws.send_json({"type": "seats"})
                answer = await ws.receive_json()
                assert answer["about"] == "room", n
            ws = await c.ws_connect(server.address + "/ws", headers=origin(server))
            await ws.send_json({"type": "seats"})
            answer = await ws.receive_json()
            assert answer["about"] == "wait" and "try again in" in answer["text"]
            ws, welcome = await hello(c, server, token(server, 0))
            assert welcome["type"] == "welcome"
        async with aiohttp.ClientSession() as c:  # another address is not held up
            ws = await c.ws_connect(server.address + "/ws", headers=origin(server))
            await ws.send_json({"type": "seats"})
            assert (await ws.receive_json())["type"] == "seats"
    run(go())


@other_addresses
def test_the_tv_sees_a_seat_taken_with_the_code_and_can_remove_its_phone(server):
    async def go():
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.4", 0))) as c:
            ws = await c.ws_connect(server.address + "/ws", headers=origin(server))
            await ws.send_json({"type": "claim", "seat": 2})
            welcome = await ws.receive_json()
            assert server.joined_by_code(2) and not server.joined_by_code(0)
            server.remove(2)
            assert (await ws.receive_json())["type"] == "dropped"
            assert server.status(2) == "waiting" and not server.joined_by_code(2)
            again, answer = await hello(c, server, welcome["token"])
            assert answer["about"] == "link"  # its old link is useless
            ws = await c.ws_connect(server.address + "/ws", headers=origin(server))
            await ws.send_json({"type": "claim", "seat": 2})
            assert (await ws.receive_json())["about"] == "seat"  # and that phone takes no seat with the code
        async with aiohttp.ClientSession() as c:
            ws = await c.ws_connect(server.address + "/ws", headers=origin(server))
            await ws.send_json({"type": "claim", "seat": 2})
            assert (await ws.receive_json())["type"] == "welcome"  # the right phone does
    run(go())


def closed_by_server(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes this socket within `seconds`."""
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def raw(s: PhoneServer, address: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", s.port), source_address=(address, 0))


def upgrade_request(s: PhoneServer) -> bytes:
    return (f"GET /{s.room}/ws HTTP/1.1\r\nHost: {s.short_address}\r\nOrigin: http://{s.short_address}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode()


def test_the_door_keeps_its_deadlines(server, monkeypatch):
    assert (door.JOIN_TIMEOUT, door.HEADER_TIMEOUT) == (5.0, 10.0)
    monkeypatch.setattr(door, "JOIN_TIMEOUT", 0.3)
    monkeypatch.setattr(door, "HEADER_TIMEOUT", 0.6)
    slow = raw(server)
    slow.sendall(b"GET / HTTP/1.1\r\nHost: ")  # headers that never end
    idle = raw(server)  # says nothing at all
    socket_only = raw(server)
    socket_only.sendall(upgrade_request(server))  # a WebSocket that never joins
    assert socket_only.recv(12) == b"HTTP/1.1 101"
    for sock in (slow, idle, socket_only):
        assert closed_by_server(sock, 10)
        sock.close()


@other_addresses
def test_seatless_sockets_are_limited_per_address(server):
    mine = [raw(server, "127.0.0.5") for _ in range(door.PER_ADDRESS + 6)]
    closed = sum(closed_by_server(sock, 0.5) for sock in mine)
    assert closed == 6
    other = raw(server, "127.0.0.6")
    assert not closed_by_server(other, 0.3)  # another address is not held up
    for sock in [*mine, other]:
        sock.close()


def test_the_socket_cap_leaves_most_file_handles_to_the_game(monkeypatch):
    resource = pytest.importorskip("resource")
    monkeypatch.setattr(resource, "getrlimit", lambda kind: (256, 256))  # macOS's default
    assert door.cap() == 64
    monkeypatch.setattr(resource, "getrlimit", lambda kind: (1 << 20, 1 << 20))
    assert door.cap() == door.MAX_SOCKETS


FLOOD = """
import os, socket, sys, time
port, request, first, last, seconds = int(sys.argv[1]), sys.argv[2].encode(), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
stop = sys.argv[6]  # the test makes this file when its play is over
held, opened = [], 0
end = time.monotonic() + seconds
while time.monotonic() < end and not os.path.exists(stop):
    for n in range(first, last + 1):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=0.2, source_address=(f"127.0.0.{n}", 0))
            s.setblocking(False)
            s.send(request if opened % 2 else b"GET / HTTP/1.1\\r\\nHost: ")  # a silent socket or a slow one
            held.append(s)
            opened += 1
        except OSError:
            pass
    alive = []
    for s in held:
        try:
            if s.recv(4096) == b"":
                s.close()
                continue
        except BlockingIOError:
            pass
        except OSError:
            s.close()
            continue
        alive.append(s)
    held = alive
print(opened)
"""


def server_sockets(port: int) -> int:
    """How many of this process's file handles are sockets of the server at `port` (its listener included),
    from /proc/net/tcp's local ports and /proc/self/fd's socket inodes."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[8:-1])
    with open("/proc/net/tcp") as table:
        rows = [line.split() for line in table.readlines()[1:]]
    return len({row[9] for row in rows if int(row[1].split(":")[1], 16) == port} & mine)  # a row may come twice


SEATS = [Seat("Ada", 0, "greedy"), Seat("Bo", 1, "greedy")]


def next_move(game):
    """`game` one action further (a new game once it is over): what a tap does at the table."""
    if game.is_over:
        return game
    if game.is_chance():
        game.apply_chance()
    else:
        player = game.to_act()[0]
        game.apply(player, GAMES["martian-dice"].bots["greedy"].choose(game.view(player), player, game.rng_for("bot")))
    return game


@other_addresses
def test_a_flood_from_many_addresses_shuts_no_player_out(monkeypatch, tmp_path, user_dir):
    """Flooders at 127.0.0.2 to 127.0.0.17 hold and renew more sockets than the server may open (slow
    headers, WebSockets that never join) while a seated phone plays on and a new phone joins with the room
    code and plays: it joins within 2 s, every tap is answered and saved (a game's action and its save, as
    the table does: the flood leaves file handles for saves), and the server never holds more sockets than
    its cap (counted in this process's file handles: the flooders are another process)."""
    monkeypatch.setattr(door, "MAX_SOCKETS", 48)
    s = PhoneServer(PAGE, "127.0.0.1")
    s.start()
    s.set_seats({0: "Ada", 1: "Bo"})
    answering = threading.Event()
    dice = GAMES["martian-dice"]
    game = dice.new_state(2, 9)
    saved: list = []  # the log of the last move saved

    def answer():  # the game's side: every tap is answered, and the game it moves is saved
        while not answering.is_set():
            for intent in drain(s):
                if not next_move(game).is_over:
                    saves.save(saves.SavedGame(dice.id, dice.id, SEATS, game))
                    saved[:] = game.to_json()["log"]
                s.tell(intent.seat, f"tap {intent.choice}")
            time.sleep(0.005)

    async def tap(ws, n: int) -> None:
        await ws.send_json({"type": "intent", "choice": n, "turn": 0})
        assert await ws.receive_json() == {"type": "said", "text": f"tap {n}"}

    async def go(flood):
        async with aiohttp.ClientSession() as c:
            ada, _ = await hello(c, s, token(s, 0))
            await asyncio.sleep(2)  # the flood is at full strength
            started = time.monotonic()
            bo = await c.ws_connect(s.address + "/ws", headers=origin(s))
            await bo.send_json({"type": "claim", "seat": 1})
            welcome = await bo.receive_json()
            joined = time.monotonic() - started
            assert welcome["type"] == "welcome" and joined < 2, joined
            for n in range(30):
                await tap(bo, n % 60)
                await tap(ada, n % 60)
                await asyncio.sleep(0.03)
            assert flood.poll() is None, "the flood lasted as long as the play"
            return joined

    peak = [0]
    threads = [threading.Thread(target=answer)]

    def watch():
        while not answering.is_set():
            peak[0] = max(peak[0], server_sockets(s.port))
            time.sleep(0.02)
    threads.append(threading.Thread(target=watch))
    stop = tmp_path / "stop"
    flood = subprocess.Popen([sys.executable, "-c", FLOOD, str(s.port), upgrade_request(s).decode(), "2", "17", "60",
                              str(stop)], stdout=subprocess.PIPE, text=True)
    try:
        for thread in threads:
            thread.start()
        joined = asyncio.run(asyncio.wait_for(go(flood), 50))
        stop.touch()
        opened = int(flood.communicate(timeout=30)[0])
    finally:
        answering.set()
        for thread in threads:
            thread.join()
        flood.kill()
        s.stop()
    saves.WRITER.flush()
    assert saves.WRITER.failures() == [], "every save written during the flood"
    assert len(saved) > 20 and saves.load(dice.id).state.to_json()["log"] == saved, "every saved move is there"
    assert opened > 3 * 48, opened  # far more sockets than the server may hold
    print(f"flood: {opened} sockets from 16 addresses; joined in {joined:.3f} s; at most {peak[0]} server sockets")
    assert peak[0] <= 48 + 1 + 1, peak  # never past the cap (+ the listener, + one refused at once)
