"""The phone server: one page and one WebSocket on the local network, in a thread of its own.

Phones send intents only ("button 3, at move 41"). They wait in ``inbox``
until the game loop takes them, in order, once a frame, so the rules stay
deterministic and replayable. A phone shows what the game publishes for
its seat and nothing else.

Security, for a party on a home network:

- the server runs only while a game with phone seats is set up or played,
  on the local network address and a random port;
- a room code (in the address) and an unguessable token per seat (in the
  link's fragment, which browsers never send; the page sends it in its
  first message) decide who plays which seat; nothing here logs them;
- the Host and Origin headers must name this server, so no other web page
  can drive a seat and DNS rebinding is refused;
- messages are small, rate-limited and checked; joins are capped and
  rate-limited per address and overall.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import queue
import secrets
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable

from aiohttp import WSMsgType, web

ROOM_LETTERS = "ACDEFHJKLMNPRTUVWXY"  # no look-alikes (0/O, 1/I, 5/S, 8/B, 2/Z) in a code read off a TV
ROOM_LENGTH = 4
MAX_MESSAGE = 1024  # bytes: an intent takes a few dozen
MAX_SOCKETS = 16
MESSAGES_PER_SECOND, MESSAGE_BURST = 10.0, 20.0
JOINS_PER_MINUTE = 12  # per address: tries with a token or a seat
JOINS_PER_MINUTE_ALL = 60
STRIKES = 20  # unreadable or refused messages before a connection is closed
MAX_CHOICE = 64
START_TIMEOUT = 5.0
HEARTBEAT = 10.0  # seconds: a phone that stops answering counts as gone
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                               "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'self'",
}


class PhoneServerError(Exception):
    """The server could not start; the message says why in plain words."""


@dataclass(frozen=True)
class Intent:
    """A phone asks for a choice of what its seat's panel offered at a given point of the game."""

    seat: int
    choice: int
    turn: int


@dataclass
class _Seat:
    name: str
    token: str
    taken: bool = False  # a phone has held this seat: only its token takes it back
    socket: web.WebSocketResponse | None = None


def lan_address() -> str | None:
    """This computer's address on the local network (None when it has none but loopback).

    Asks the system which interface would reach a private address; nothing is sent."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 9))
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


class _Bucket:
    """A token bucket: `rate` a second, bursts up to `burst`."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class PhoneServer:
    def __init__(self, page: bytes, host: str, port: int = 0):
        self.page, self.host, self.port = page, host, port
        self.room = "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH))
        self.inbox: queue.SimpleQueue[Intent] = queue.SimpleQueue()
        self.wake: Callable[[], None] = lambda: None  # set by the game: its loop may be asleep
        self._seats: dict[int, _Seat] = {}
        self._panels: dict[int, str] = {}
        self._lock = threading.Lock()
        self._joins: dict[str, deque] = {}
        self._all_joins: deque = deque()
        self._sockets: set[web.WebSocketResponse] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None

    # ----- life --------------------------------------------------------------------
    def start(self) -> None:
        """Serve in a background thread; PhoneServerError if the address cannot be bound."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = self._loop = asyncio.new_event_loop()
            try:
                loop.run_until_complete(self._open())
            except OSError as error:
                failure.append(error)
                ready.set()
                loop.close()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._close())
            loop.close()

        self._thread = threading.Thread(target=run, name="phone-server", daemon=True)
        self._thread.start()
        if not ready.wait(START_TIMEOUT):
            raise PhoneServerError("The phone server did not start in time.")
        if failure:
            raise PhoneServerError(f"The phone server could not open {self.host}: {failure[0].strerror or failure[0]}.")

    async def _open(self) -> None:
        app = web.Application(middlewares=[self._check_host], client_max_size=MAX_MESSAGE)
        app.router.add_get("/", self._page)
        app.router.add_get("/{room}", self._page)
        app.router.add_get("/{room}/ws", self._socket)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def _close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(message=b"game closed")
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        if self._loop is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(START_TIMEOUT)
        self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # ----- addresses -----------------------------------------------------------------
    @property
    def short_address(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def address(self) -> str:
        """The room's page: anyone with it can pick a free phone seat."""
        return f"http://{self.short_address}/{self.room}"

    def link(self, seat: int) -> str:
        """A seat's own link: its token rides in the fragment, which the browser keeps to itself."""
        with self._lock:
            return f"{self.address}#{self._seats[seat].token}"

    # ----- seats (called by the game) ----------------------------------------------------
    def set_seats(self, names: dict[int, str]) -> None:
        """Which seats are phones, by name; a seat that stays keeps its token and its phone."""
        with self._lock:
            for seat in [s for s in self._seats if s not in names]:
                self._release(seat, "This seat no longer plays from a phone.")
            for seat, name in names.items():
                if seat in self._seats:
                    self._seats[seat].name = name
                else:
                    self._seats[seat] = _Seat(name, secrets.token_urlsafe(18))

    def _release(self, seat: int, why: str) -> None:
        line = self._seats.pop(seat)
        self._panels.pop(seat, None)
        if line.socket is not None:
            self._call(self._say_and_close, line.socket, {"type": "dropped", "text": why})

    def status(self, seat: int) -> str:
        """"connected", "lost" (had a phone, now gone) or "waiting" (nobody yet)."""
        with self._lock:
            line = self._seats.get(seat)
            if line is None or not line.taken:
                return "waiting"
            return "connected" if line.socket is not None else "lost"

    def seats(self) -> dict[int, str]:
        with self._lock:
            return {seat: line.name for seat, line in self._seats.items()}

    def publish(self, seat: int, panel: dict) -> None:
        """What the seat's phone shows now; sent only when it changed."""
        text = json.dumps({"type": "panel", **panel}, separators=(",", ":"))
        with self._lock:
            line = self._seats.get(seat)
            if line is None or self._panels.get(seat) == text:
                return
            self._panels[seat] = text
            ws = line.socket
        if ws is not None:
            self._call(self._send, ws, text)

    def tell(self, seat: int, text: str) -> None:
        """A one-off line for one phone (why a move was refused)."""
        with self._lock:
            line = self._seats.get(seat)
            ws = line.socket if line else None
        if ws is not None:
            self._call(self._send, ws, json.dumps({"type": "said", "text": text}))

    def _call(self, function, *args) -> None:
        if self._loop is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(lambda: asyncio.ensure_future(function(*args)))

    @staticmethod
    async def _send(ws: web.WebSocketResponse, text: str) -> None:
        if not ws.closed:
            try:
                await ws.send_str(text)
            except (ConnectionError, RuntimeError):
                pass  # the phone left meanwhile; its session ends on its own

    @staticmethod
    async def _say_and_close(ws: web.WebSocketResponse, message: dict) -> None:
        await PhoneServer._send(ws, json.dumps(message))
        await ws.close()

    # ----- HTTP ------------------------------------------------------------------------------
    def _hosts(self) -> set[str]:
        return {f"{name}:{self.port}" for name in (self.host, "127.0.0.1", "localhost")}

    @web.middleware
    async def _check_host(self, request: web.Request, handler):
        if request.host not in self._hosts():
            return web.Response(status=421, text="Wrong address.")
        return await handler(request)

    async def _page(self, request: web.Request) -> web.Response:
        room = request.match_info.get("room")
        if room is not None and room.upper() != self.room:
            if room == "favicon.ico":
                return web.Response(status=404)
            return web.Response(status=404, text="No game here: check the room code on the TV.")
        return web.Response(body=self.page, content_type="text/html", charset="utf-8", headers=PAGE_HEADERS)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        if request.match_info["room"].upper() != self.room:
            return web.Response(status=404, text="No game here: check the room code on the TV.")
        if request.headers.get("Origin") != f"http://{request.host}":
            return web.Response(status=403, text="Refused: this page is not the game's.")
        if len(self._sockets) >= MAX_SOCKETS:
            return web.Response(status=503, text="Too many phones are connected.")
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT)
        await ws.prepare(request)
        self._sockets.add(ws)
        try:
            await self._session(ws, request.remote or "?")
        finally:
            self._sockets.discard(ws)
            self._detach(ws)
        return ws

    # ----- one phone's connection -------------------------------------------------------------
    async def _session(self, ws: web.WebSocketResponse, address: str) -> None:
        seat: int | None = None
        bucket = _Bucket(MESSAGES_PER_SECOND, MESSAGE_BURST)
        strikes = 0
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break  # binary data or an error: not our page
            refusal = None
            if not bucket.take():
                refusal = "Slow down: too many messages."
            else:
                data = _parse(message.data)
                if data is None:
                    refusal = "That message could not be read."
                elif seat is None:
                    seat, refusal = await self._join(ws, data, address)
                else:
                    refusal = self._receive(ws, seat, data)
            if refusal:
                strikes += 1
                await self._send(ws, json.dumps({"type": "refused", "text": refusal}))
                if strikes >= STRIKES:
                    break

    async def _join(self, ws: web.WebSocketResponse, data: dict, address: str) -> tuple[int | None, str | None]:
        kind = data.get("type")
        if kind == "seats":
            await self._send(ws, json.dumps({"type": "seats", "free": self._free_seats()}))
            return None, None
        if kind not in ("hello", "claim"):
            return None, "Join a seat first."
        if not self._join_allowed(address):
            return None, "Too many tries to join: wait a minute."
        with self._lock:
            seat = self._find_seat(data)
            if seat is None:
                return None, ("This link is no longer valid: scan the code on the TV again." if kind == "hello"
                              else "That seat is taken or gone: pick another.")
            line = self._seats[seat]
            previous, line.socket, line.taken = line.socket, ws, True
            panel = self._panels.get(seat)
            welcome = {"type": "welcome", "seat": seat, "name": line.name, "token": line.token, "room": self.room}
        if previous is not None and previous is not ws:
            await self._say_and_close(previous, {"type": "dropped", "text": "This seat was opened on another phone."})
        await self._send(ws, json.dumps(welcome))
        if panel:
            await self._send(ws, panel)
        self.wake()
        return seat, None

    def _find_seat(self, data: dict) -> int | None:
        """The seat a hello's token opens, or a free seat a claim asks for (with the lock held)."""
        if data.get("type") == "hello":
            token = data.get("token")
            if not isinstance(token, str) or len(token) > 64:
                return None
            found = None
            for seat, line in self._seats.items():  # compare with every token in constant time
                if hmac.compare_digest(line.token.encode(), token.encode()):
                    found = seat
            return found
        seat = data.get("seat")
        if type(seat) is not int or seat not in self._seats or self._seats[seat].taken:
            return None
        return seat

    def _free_seats(self) -> list[dict]:
        with self._lock:
            return [{"seat": seat, "name": line.name} for seat, line in sorted(self._seats.items()) if not line.taken]

    def _join_allowed(self, address: str) -> bool:
        now = time.monotonic()
        mine = self._joins.setdefault(address, deque())
        for times in (mine, self._all_joins):
            while times and now - times[0] > 60:
                times.popleft()
        if len(mine) >= JOINS_PER_MINUTE or len(self._all_joins) >= JOINS_PER_MINUTE_ALL:
            return False
        mine.append(now)
        self._all_joins.append(now)
        return True

    def _receive(self, ws: web.WebSocketResponse, seat: int, data: dict) -> str | None:
        with self._lock:
            line = self._seats.get(seat)
            if line is None or line.socket is not ws:
                return "This phone no longer holds a seat."
        if data.get("type") == "ping":
            return None
        if data.get("type") != "intent":
            return "Unknown message."
        choice, turn = data.get("choice"), data.get("turn")
        if type(choice) is not int or type(turn) is not int or not 0 <= choice < MAX_CHOICE or turn < 0:
            return "That choice is not on offer."
        self.inbox.put(Intent(seat, choice, turn))
        self.wake()
        return None

    def _detach(self, ws: web.WebSocketResponse) -> None:
        with self._lock:
            for line in self._seats.values():
                if line.socket is ws:
                    line.socket = None
        self.wake()


def _parse(text: str) -> dict | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) and isinstance(data.get("type"), str) else None
