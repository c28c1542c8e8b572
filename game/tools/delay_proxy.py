"""A TCP proxy that delays everything it carries: a friend far away, on this machine.

Each direction's bytes are passed on `one_way` seconds after they arrived, in order, so a connection
through it has `2 * one_way` of added round trip, as a tunnel to another town has. The bench measures
remote play through it and the browser tests play through it; it counts the bytes it carries each way.
"""

from __future__ import annotations

import asyncio
import threading
import time

START_TIMEOUT = 5.0


class DelayProxy:
    """Listens on 127.0.0.1 (``port``) and forwards to `target` (host, port) with the delay."""

    def __init__(self, target: tuple[str, int], one_way: float):
        self.target, self.one_way = target, one_way
        self.port = 0
        self.carried = {"to_server": 0, "to_client": 0}  # bytes
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> "DelayProxy":
        ready = threading.Event()

        def run() -> None:
            loop = self._loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            server = loop.run_until_complete(asyncio.start_server(self._connection, "127.0.0.1", 0))
            self.port = server.sockets[0].getsockname()[1]
            ready.set()
            loop.run_forever()
            server.close()
            pending = asyncio.all_tasks(loop)
            for task in pending:  # connections still open: closed before the loop is
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

        self._thread = threading.Thread(target=run, name="delay-proxy", daemon=True)
        self._thread.start()
        if not ready.wait(START_TIMEOUT):
            raise RuntimeError("the delaying proxy did not start")
        return self

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(START_TIMEOUT)

    async def _connection(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter) -> None:
        try:
            server_in, server_out = await asyncio.open_connection(*self.target)
        except OSError:
            client_out.close()
            return
        await asyncio.gather(self._pipe(client_in, server_out, "to_server"),
                             self._pipe(server_in, client_out, "to_client"), return_exceptions=True)

    async def _pipe(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter, way: str) -> None:
        """Read as it comes, write each piece when its delay is up (a queue keeps the order)."""
        pieces: asyncio.Queue = asyncio.Queue()

        async def deliver() -> None:
            while (piece := await pieces.get()) is not None:
                due, data = piece
                await asyncio.sleep(max(0.0, due - time.monotonic()))
                sink.write(data)
                await sink.drain()
            sink.close()

        writer = asyncio.ensure_future(deliver())
        try:
            while data := await source.read(65536):
                self.carried[way] += len(data)
                pieces.put_nowait((time.monotonic() + self.one_way, data))
        finally:
            pieces.put_nowait(None)
            await asyncio.gather(writer, return_exceptions=True)
