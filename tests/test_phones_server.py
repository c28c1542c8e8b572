"""The phone server on loopback: joining by link or room code, reconnecting, and every hostile case
(wrong token, wrong Origin or Host, oversized, malformed or binary messages, floods) refused while the
server goes on serving."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from game.phones import server as phone_server
from game.phones.server import Intent, PhoneServer

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


def test_a_flood_of_joins_and_messages_is_limited(server, monkeypatch):
    async def go():
        async with aiohttp.ClientSession() as c:
            answers = []
            for _ in range(phone_server.JOINS_PER_MINUTE + 3):
                ws, answer = await hello(c, server, "guess")
                answers.append(answer["text"])
                await ws.close()
            assert "Too many tries" in answers[-1]
            assert all("Too many" not in a for a in answers[:phone_server.JOINS_PER_MINUTE])
    run(go())
    monkeypatch.setattr(phone_server, "JOINS_PER_MINUTE", 100)
    server._joins.clear()

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
