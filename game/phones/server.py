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
- messages are small, rate-limited and checked;
- a seat's link always takes its seat back, however often; only failures
  (a wrong room code, an unknown link, a seat already taken) are limited,
  per address (``Strikes``);
- the door (``door.py``) bounds the sockets, per address and in all, and
  closes those that hold no seat in time.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import math
import queue
import re
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit
from typing import Callable

from aiohttp import WSMsgType, web

from game.phones import door
from game.phones.door import Door
from game.phones.table import patch

ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # letters only (no digits to mistake them for), without I and O
ROOM_LENGTH = 9  # 24 ** 9 codes: 41.3 bits
ROOM_GROUP = 3  # shown as KXT-RMW-PAH
MAX_MESSAGE = 1024  # bytes: an intent takes a few dozen
MESSAGES_PER_SECOND, MESSAGE_BURST = 10.0, 20.0
FREE_STRIKES = 5  # failed tries an address makes before it has to wait
MAX_WAIT = 24 * 3600.0  # seconds: the longest wait between failed tries
MAX_ADDRESSES = 4096  # addresses remembered one by one; any further ones share one record
STRIKES = 20  # unreadable or refused messages before a connection is closed
MAX_CHOICE = 64
REMOTE_PORT = 47380  # the port while a public address is set: the host's tunnel points at it, game after game
MAX_SWIPE = 10_000.0  # mm: far longer than any table; a swipe's length beyond full power changes nothing
START_TIMEOUT = 5.0
HEARTBEAT = 10.0  # seconds: a phone that stops answering counts as gone
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; "
                               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'",
}
FILE_TYPES = {".svg": "image/svg+xml", ".js": "text/javascript"}  # what the page may load of the game's assets
SAFE_NAME = re.compile(r"[A-Za-z0-9._-]+")  # each part of such a file's path


class PhoneServerError(Exception):
    """The server could not start; the message says why in plain words."""


@dataclass(frozen=True)
class Intent:
    """A phone asks for a choice of what its seat's panel offered at a given point of the game, or swipes on
    its table: `swipe` is the drag so far (dx, dy in the table's mm), and `let_go` ends it (a flick)."""

    seat: int
    choice: int
    turn: int
    swipe: tuple[float, float] | None = None
    let_go: bool = False


@dataclass
class _Seat:
    name: str
    token: str
    taken: bool = False  # a phone has held this seat: only its token takes it back
    socket: web.WebSocketResponse | None = None
    by_code: str | None = None  # the address of the phone that took it with the room code alone
    remote: bool = False  # its phone came through the public address (a friend far away)


def new_room() -> str:
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH))


def grouped(room: str) -> str:
    """The code as the TV shows it: KXT-RMW-PAH."""
    return "-".join(room[i:i + ROOM_GROUP] for i in range(0, len(room), ROOM_GROUP))


def normal(code: str) -> str | None:
    """A typed code as the server keeps it (any case, with or without dashes or spaces); None when it
    cannot be a room code at all (a favicon, a typo in the address), which is not counted as a guess."""
    code = code.replace("-", "").replace(" ", "").upper()
    if len(code) != ROOM_LENGTH or any(letter not in ROOM_LETTERS for letter in code):
        return None
    return code


class Strikes:
    """Failed tries to join (a wrong room code, an unknown link, a seat already taken), per address.

    FREE_STRIKES are free (typos); after that each failure makes its address wait twice as long as the
    one before: 1 s, 2 s, 4 s ... up to MAX_WAIT (a day), and a waiting address gets no answer to any
    room code, right or wrong. So one address makes at most 5 + 17 (the doubling waits up to 2 ** 16 s,
    36 hours in all) + 365 (one a day) = 387 tries in a year. MAX_ADDRESSES (4,096) addresses are
    remembered one by one for the server's life, and every further address shares one record, so
    from any number of addresses at most 4,097 x 387 = 1.6 million codes can be tried in a year, of
    24 ** 9 = 2.6 million million: trying them all would take 1.7 million years (finding the code
    half of that). Price of the bound: beyond 4,096 addresses, newcomers share the waits of that
    last record, but never anyone with a seat's link, which is checked before any of this.
    """

    OTHERS = "*"

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._failures: dict[str, int] = {}
        self._until: dict[str, float] = {}

    def _key(self, address: str) -> str:
        if address in self._failures or len(self._failures) < MAX_ADDRESSES:
            return address
        return self.OTHERS

    def wait(self, address: str) -> float:
        """Seconds this address must still wait before its next try (0: it may try now)."""
        return max(0.0, self._until.get(self._key(address), 0.0) - self.clock())

    def strike(self, address: str) -> None:
        key = self._key(address)
        failures = self._failures[key] = self._failures.get(key, 0) + 1
        if failures > FREE_STRIKES:
            self._until[key] = self.clock() + min(MAX_WAIT, 2.0 ** (failures - FREE_STRIKES - 1))


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
    def __init__(self, page: bytes, host: str, port: int | None = None, files: Path | None = None, public: str = ""):
        """`public`: the https address at which the host's own tunnel or overlay network reaches this server
        ("" keeps it to the local network); the server still listens only on `host`, at REMOTE_PORT then
        unless `port` says otherwise (0: any free port)."""
        self.public = urlsplit(public) if public else None
        self.page, self.host, self.files = page, host, files
        self.port = port if port is not None else REMOTE_PORT if public else 0
        self.room = new_room()
        self.inbox: queue.SimpleQueue[Intent] = queue.SimpleQueue()
        self.wake: Callable[[], None] = lambda: None  # set by the game: its loop may be asleep
        self._seats: dict[int, _Seat] = {}
        self._panels: dict[int, str] = {}
        self._tables: dict[int, dict] = {}  # each seat's table as last sent (a reconnect gets it whole)
        self._lock = threading.Lock()
        self._strikes = Strikes()
        self._barred: set[str] = set()  # addresses whose phone the TV removed: no more seats by code
        self._sockets: dict[web.WebSocketResponse, door.Guard] = {}
        self._door: Door | None = None
        self._doorman: asyncio.Task | None = None
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
        app.router.add_get("/files/{path:.+}", self._file)
        app.router.add_get("/{room}", self._page)
        app.router.add_get("/{room}/ws", self._socket)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        listener = socket.create_server((self.host, self.port), backlog=door.BACKLOG)
        listener.setblocking(False)
        self.port = listener.getsockname()[1]
        self._door = Door(listener, self._runner.server)
        self._doorman = asyncio.ensure_future(self._door.serve())

    async def _close(self) -> None:
        if self._doorman is not None:
            self._doorman.cancel()
            self._door.listener.close()
        for ws in list(self._sockets):
            await ws.close(message=b"game closed")
        if self._runner is not None:
            await self._runner.cleanup()
        if self._door is not None:
            self._door.close_all()

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
        """The address as the TV shows it (the public one, when set, without its scheme)."""
        return self.public.netloc if self.public else self.local_address

    @property
    def local_address(self) -> str:
        """Where the server listens (a tunnel on this computer points here)."""
        return f"{self.host}:{self.port}"

    @property
    def room_shown(self) -> str:
        return grouped(self.room)

    @property
    def address(self) -> str:
        """The room's page: anyone with it can pick a free phone seat (at the public address when there is one)."""
        if self.public:
            return f"{self.public.scheme}://{self.public.netloc}/{self.room}"
        return f"http://{self.local_address}/{self.room}"

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
        self._tables.pop(seat, None)
        if line.socket is not None:
            self._call(self._say_and_close, line.socket, {"type": "dropped", "text": why})

    def status(self, seat: int) -> str:
        """"connected", "lost" (had a phone, now gone) or "waiting" (nobody yet)."""
        with self._lock:
            line = self._seats.get(seat)
            if line is None or not line.taken:
                return "waiting"
            return "connected" if line.socket is not None else "lost"

    def joined_remotely(self, seat: int) -> bool:
        """Whether the seat's phone came through the public address (the TV lists it, and may remove it)."""
        with self._lock:
            line = self._seats.get(seat)
            return line is not None and line.remote and line.socket is not None

    def joined_by_code(self, seat: int) -> bool:
        """Whether the seat's phone took it with the room code alone (the TV shows it and may remove it)."""
        with self._lock:
            line = self._seats.get(seat)
            return line is not None and line.by_code is not None

    def remove(self, seat: int) -> None:
        """The TV removes a seat's phone: the seat waits for a phone again, under a new link, and that
        phone's address may no longer take a seat with the room code."""
        with self._lock:
            line = self._seats.get(seat)
            if line is None:
                return
            if line.by_code is not None:
                self._barred.add(line.by_code)
            ws = line.socket
            line.token, line.taken, line.socket, line.by_code = secrets.token_urlsafe(18), False, None, None
            line.remote = False
        if ws is not None:
            self._call(self._say_and_close, ws, {"type": "dropped", "text": "The TV removed this phone from the seat."})
        self.wake()

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

    def publish_table(self, seat: int, table: dict) -> None:
        """The table as the seat's browser draws it; only what changed goes out (``table.patch``)."""
        with self._lock:
            line = self._seats.get(seat)
            if line is None:
                return
            data, whole = patch(self._tables.get(seat), table)
            if data is None:
                return
            self._tables[seat] = table
            ws = line.socket
        if ws is not None:
            self._call(self._send, ws, json.dumps({"type": "table", "whole": whole, "data": data}, separators=(",", ":")))

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

    async def _say_and_close(self, ws: web.WebSocketResponse, message: dict) -> None:
        """A socket that lost its seat: it counts as seatless again (the door closes it in time even if the
        phone never answers the close), is told why, and closed."""
        guard = self._sockets.get(ws)
        if guard is not None:
            guard.stand()
        await self._send(ws, json.dumps(message))
        await ws.close()

    # ----- HTTP ------------------------------------------------------------------------------
    def _hosts(self) -> set[str]:
        hosts = {f"{name}:{self.port}" for name in (self.host, "127.0.0.1", "localhost")}
        return hosts | {self.public.netloc} if self.public else hosts

    def _remote(self, request: web.Request) -> bool:
        """The request came through the public address (the tunnel keeps the Host the browser asked for)."""
        return self.public is not None and request.host == self.public.netloc

    def _origin(self, request: web.Request) -> str:
        """The Origin the game's own page sends from this Host."""
        if self._remote(request):
            return f"{self.public.scheme}://{self.public.netloc}"
        return f"http://{request.host}"

    def _address(self, request: web.Request, guard) -> str:
        """Who is asking, for counting failed tries: behind the tunnel every socket comes from the tunnel, so
        the address it forwards for is used (one that lies about it still shares the bounded records of
        ``Strikes``)."""
        if not self._remote(request):
            return guard.address
        forwarded = request.headers.get("CF-Connecting-IP") or request.headers.get("X-Forwarded-For", "")
        return "remote " + (forwarded.split(",")[0].strip()[:64] or guard.address)

    @web.middleware
    async def _check_host(self, request: web.Request, handler):
        if request.host not in self._hosts():
            return web.Response(status=421, text="Wrong address.")
        return await handler(request)

    async def _page(self, request: web.Request) -> web.Response:
        """The page, for the bare address and for anything shaped like a room code, right or wrong: the
        code is checked once the page asks to join, where wrong guesses are counted."""
        room = request.match_info.get("room")
        if room is not None and normal(room) is None:
            return web.Response(status=404, text="No game here: check the room code on the TV.")
        return web.Response(body=self.page, content_type="text/html", charset="utf-8", headers=PAGE_HEADERS)

    async def _file(self, request: web.Request) -> web.Response:
        """The game's own art and table scripts (public, the same for everyone): only the .svg and .js files of
        the assets."""
        path = request.match_info["path"]
        parts = path.split("/")
        plain = all(SAFE_NAME.fullmatch(part) and part.strip(".") for part in parts)  # no "..", "\\" or drive
        if self.files is None or not plain or PurePosixPath(path).suffix not in FILE_TYPES:
            return web.Response(status=404, text="No such file.")
        try:
            body = self.files.joinpath(*parts).read_bytes()
        except OSError:
            return web.Response(status=404, text="No such file.")
        return web.Response(body=body, content_type=FILE_TYPES[PurePosixPath(path).suffix],
                            headers={"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff"})

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        room = normal(request.match_info["room"])
        if room is None:
            return web.Response(status=404, text="No game here: check the room code on the TV.")
        if request.headers.get("Origin") != self._origin(request):
            return web.Response(status=403, text="Refused: this page is not the game's.")
        guard = self._door.guard(request.transport) if self._door is not None else None
        if guard is None:
            return web.Response(status=503, text="Try again.")
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT)
        try:
            await ws.prepare(request)
        except ConnectionError:  # the door closed it meanwhile (its time was up, or it made room)
            return web.Response(status=503)
        guard.expire_in(door.JOIN_TIMEOUT)
        self._sockets[ws] = guard
        try:
            await self._session(ws, guard, room, self._address(request, guard), self._remote(request))
        finally:
            self._sockets.pop(ws, None)
            self._detach(ws)
        return ws

    # ----- one phone's connection -------------------------------------------------------------
    async def _session(self, ws: web.WebSocketResponse, guard, room: str, address: str, remote: bool) -> None:
        seat: int | None = None
        bucket = _Bucket(MESSAGES_PER_SECOND, MESSAGE_BURST)
        strikes = 0
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break  # binary data or an error: not our page
            refusal = None
            if not bucket.take():
                refusal = _refusal("Slow down: too many messages.")
            else:
                data = _parse(message.data)
                if data is None:
                    refusal = _refusal("That message could not be read.")
                elif seat is None:
                    seat, refusal = await self._join(ws, data, address, room, remote)
                    if seat is not None:
                        guard.sit()
                else:
                    refusal = self._receive(ws, seat, data)
            if refusal:
                strikes += 1
                await self._send(ws, json.dumps(refusal))
                if strikes >= STRIKES or refusal.get("about") in ("room", "wait"):
                    break  # a wrong code is one guess per socket

    async def _join(self, ws: web.WebSocketResponse, data: dict, address: str, room: str, remote: bool
                    ) -> tuple[int | None, dict | None]:
        """A hello with a seat's token always takes the seat back; anything else needs the room code and an
        address that is not waiting, and every failure is a strike against the address."""
        kind = data.get("type")
        if kind not in ("hello", "seats", "claim"):
            return None, _refusal("Join a seat first.")
        if kind == "hello":
            seat = self._seat_of(data.get("token"))
            if seat is None:
                self._strikes.strike(address)
                return None, _refusal("This link is no longer valid: scan the code on the TV again.", "link")
            return await self._seat(ws, seat, None, remote), None
        refusal = self._room_refusal(address, room)
        if refusal:
            return None, refusal
        if kind == "seats":
            await self._send(ws, json.dumps({"type": "seats", "free": self._free_seats()}))
            return None, None
        if address in self._barred:
            return None, _refusal("The TV removed this phone: ask the host for a seat.", "seat")
        seat = self._free_seat(data.get("seat"))
        if seat is None:
            self._strikes.strike(address)
            return None, _refusal("That seat is taken or gone: pick another.", "seat")
        return await self._seat(ws, seat, address, remote), None

    def _room_refusal(self, address: str, room: str) -> dict | None:
        """Why this address may not join with this code now (it waits after failures, or the code is
        wrong, which counts), or None."""
        wait = self._strikes.wait(address)
        if wait > 0:
            return _refusal(f"Too many failed tries from this phone: try again in {math.ceil(wait)} s.", "wait")
        if not hmac.compare_digest(room.encode(), self.room.encode()):
            self._strikes.strike(address)
            return _refusal("No game with that code: check the room code on the TV.", "room")
        return None

    async def _seat(self, ws: web.WebSocketResponse, seat: int, by_code: str | None, remote: bool) -> int:
        """Give the seat to this socket; the phone that held it before is told and let go."""
        with self._lock:
            line = self._seats[seat]
            previous, line.socket, line.taken, line.remote = line.socket, ws, True, remote
            if by_code is not None:
                line.by_code = by_code
            panel, table = self._panels.get(seat), self._tables.get(seat)
            welcome = {"type": "welcome", "seat": seat, "name": line.name, "token": line.token,
                       "room": self.room, "shown": self.room_shown}
        await self._send(ws, json.dumps(welcome))
        if panel:
            await self._send(ws, panel)
        if table:  # one snapshot rebuilds the whole table after a reconnect
            await self._send(ws, json.dumps({"type": "table", "whole": True, "data": table}, separators=(",", ":")))
        if previous is not None and previous is not ws:  # not awaited: a dead phone must not delay the new one
            asyncio.ensure_future(self._say_and_close(previous, {"type": "dropped",
                                                                 "text": "This seat was opened on another phone."}))
        self.wake()
        return seat

    def _seat_of(self, token) -> int | None:
        """The seat a token opens (compared with every token in constant time)."""
        if not isinstance(token, str) or len(token) > 64:
            return None
        found = None
        with self._lock:
            for seat, line in self._seats.items():
                if hmac.compare_digest(line.token.encode(), token.encode()):
                    found = seat
        return found

    def _free_seat(self, seat) -> int | None:
        with self._lock:
            if type(seat) is not int or seat not in self._seats or self._seats[seat].taken:
                return None
            self._seats[seat].taken = True  # claimed now: a second claim in the same moment is refused
            return seat

    def _free_seats(self) -> list[dict]:
        with self._lock:
            return [{"seat": seat, "name": line.name} for seat, line in sorted(self._seats.items()) if not line.taken]

    def _receive(self, ws: web.WebSocketResponse, seat: int, data: dict) -> dict | None:
        with self._lock:
            line = self._seats.get(seat)
            if line is None or line.socket is not ws:
                return _refusal("This phone no longer holds a seat.")
        kind = data.get("type")
        if kind == "ping":
            return None
        intent = _intent(seat, data) if kind == "intent" else _swipe(seat, data) if kind == "swipe" else None
        if intent is None:
            return _refusal("That choice is not on offer." if kind in ("intent", "swipe") else "Unknown message.")
        self.inbox.put(intent)
        self.wake()
        return None

    def _detach(self, ws: web.WebSocketResponse) -> None:
        with self._lock:
            for line in self._seats.values():
                if line.socket is ws:
                    line.socket = None
        self.wake()


def _intent(seat: int, data: dict) -> Intent | None:
    choice, turn = data.get("choice"), data.get("turn")
    if type(choice) is not int or type(turn) is not int or not 0 <= choice < MAX_CHOICE or turn < 0:
        return None
    return Intent(seat, choice, turn)


def _swipe(seat: int, data: dict) -> Intent | None:
    """A drag on the table: two finite numbers within MAX_SWIPE, whether it let go, and the turn it is for."""
    dx, dy, turn, let_go = data.get("dx"), data.get("dy"), data.get("turn"), data.get("done")
    numbers = all(type(v) in (int, float) and math.isfinite(v) and abs(v) <= MAX_SWIPE for v in (dx, dy))
    if not numbers or type(turn) is not int or turn < 0 or type(let_go) is not bool:
        return None
    return Intent(seat, -1, turn, (float(dx), float(dy)), let_go)


def _refusal(text: str, about: str = "message") -> dict:
    """A refused message; `about` tells the page what to do: "link" (forget the token), "room" (ask for the
    code again), "seat" (pick another), "wait" (try later), "message" (nothing)."""
    return {"type": "refused", "text": text, "about": about}


def _parse(text: str) -> dict | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    return data if isinstance(data, dict) and isinstance(data.get("type"), str) else None
