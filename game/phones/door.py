"""The phone server's door: it accepts every socket itself, so it knows each one's address and can keep
a flood from shutting players out or using up the game's file handles.

- At most ``cap()`` sockets are open at once, the one being let in or turned away included (a
  share of the process's file-handle limit, so saves and the game's own files always have room).
- A socket that holds no seat counts against its address (at most ``PER_ADDRESS``), must finish
  its request's headers within ``HEADER_TIMEOUT`` and, once it is a WebSocket, join a seat within
  ``JOIN_TIMEOUT``; otherwise it is closed.
- When the server is full, a newcomer is let in only if its address holds fewer seatless sockets
  than the most crowded one, whose oldest is closed to make room: a phone (one or two sockets)
  always gets in, and a flood costs the server one accept and one close per socket.
- A socket that holds a seat is never closed by the door, whatever the flood; one that loses its
  seat (its phone opened a new one) has LET_GO to say goodbye, so a phone that reconnects often on a
  weak Wi-Fi leaves no dead sockets behind to fill its address's share.
"""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Callable

MAX_SOCKETS = 128  # at most, and at most a quarter of the file-handle limit (see cap())
PER_ADDRESS = 8  # seatless sockets from one address (a browser opens up to six to one server)
HEADER_TIMEOUT = 10.0  # seconds from connecting until a request's headers are in
JOIN_TIMEOUT = 5.0  # seconds from opening a WebSocket until it holds a seat
LET_GO = 1.0  # seconds a socket that lost its seat has to say goodbye (a dead phone never answers)
BACKLOG = 1024  # connections the kernel keeps waiting while the door is busy or full


def cap() -> int:
    """How many sockets the server may hold: MAX_SOCKETS, or a quarter of the process's soft
    file-handle limit when that is smaller (macOS gives 256): three quarters stay for the game."""
    try:
        import resource
    except ImportError:  # Windows: sockets are not counted against a small C runtime limit
        return MAX_SOCKETS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_SOCKETS
    return max(4, min(MAX_SOCKETS, soft // 4))


class Guard(asyncio.Protocol):
    """One accepted socket: passes everything to aiohttp's own handler, and closes the socket when its
    deadline passes before it holds a seat."""

    def __init__(self, door: Door, address: str, inner: asyncio.Protocol):
        self.door, self.address, self.inner = door, address, inner
        self.opened = time.monotonic()
        self.seated = False
        self.transport: asyncio.Transport | None = None
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        self.expire_in(HEADER_TIMEOUT)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self):
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc) -> None:
        self.cancel_deadline()
        self.door.left(self)
        self.inner.connection_lost(exc)

    def expire_in(self, seconds: float) -> None:
        """Close this socket in `seconds` unless it takes a seat meanwhile."""
        self.cancel_deadline()
        self._deadline = asyncio.get_running_loop().call_later(seconds, self.close)

    def cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def sit(self) -> None:
        """This socket holds a seat now: no deadline, and it no longer counts against its address."""
        self.cancel_deadline()
        self.seated = True

    def stand(self) -> None:
        """This socket lost its seat: it counts against its address again and is closed in LET_GO."""
        self.seated = False
        self.expire_in(LET_GO)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.abort()


class Door:
    """Accepts the sockets of `listener` and keeps count of them; `handler()` makes aiohttp's protocol."""

    def __init__(self, listener: socket.socket, handler: Callable[[], asyncio.Protocol]):
        self.listener, self.handler = listener, handler
        self.limit = cap()
        self.guards: dict[asyncio.BaseTransport, Guard] = {}
        self._pending: set[Guard] = set()  # accepted, not yet connected
        self._room = asyncio.Event()

    def __len__(self) -> int:
        return len(self.guards) + len(self._pending)

    def seatless(self, address: str) -> list[Guard]:
        return [g for g in (*self.guards.values(), *self._pending) if g.address == address and not g.seated]

    def guard(self, transport) -> Guard | None:
        return self.guards.get(transport)

    async def serve(self) -> None:
        """Accept sockets for ever, never holding more than `limit` (one slot is kept for the next knock)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, peer = await loop.sock_accept(self.listener)
            except OSError:  # out of file handles after all, or the connection went at once: go on
                await asyncio.sleep(0.1)
                continue
            if not await self._let_in(peer[0]):
                connection.close()
                continue
            guard = Guard(self, peer[0], self.handler())
            self._pending.add(guard)
            try:
                transport, _ = await loop.connect_accepted_socket(lambda: guard, connection)
            except OSError:
                connection.close()
                continue
            finally:
                self._pending.discard(guard)
            if not transport.is_closing():
                self.guards[transport] = guard

    async def _let_in(self, address: str) -> bool:
        """Whether a socket from `address` may come in. When the server is full, it comes in only if its
        address holds fewer seatless sockets than the most crowded one, whose oldest then makes room."""
        mine = len(self.seatless(address))
        if mine >= PER_ADDRESS:
            return False
        if len(self) < self.limit - 1:
            return True
        crowd = self._most_crowded()
        if len(crowd) <= mine + 1:
            return False  # as crowded as anyone: that address has its share already
        oldest = min(crowd, key=lambda g: g.opened)
        self._room.clear()
        oldest.close()
        while oldest.transport in self.guards:
            await self._room.wait()
            self._room.clear()
        return True

    def left(self, guard: Guard) -> None:
        if guard.transport is not None:
            self.guards.pop(guard.transport, None)
        self._room.set()

    def _most_crowded(self) -> list[Guard]:
        """The seatless sockets of the address that holds the most."""
        crowds: dict[str, list[Guard]] = {}
        for guard in self.guards.values():
            if not guard.seated:
                crowds.setdefault(guard.address, []).append(guard)
        return max(crowds.values(), key=len, default=[])

    def close_all(self) -> None:
        for guard in list(self.guards.values()):
            guard.close()
