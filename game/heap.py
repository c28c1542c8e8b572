"""How glibc's malloc serves the process (on Linux): one arena, and large blocks mapped on their own.

One arena for every thread: glibc gives a thread that allocates while another does an arena of its own (up
to eight a core). The frame loop's window-sized surfaces and the worker threads' allocations (pictures
rendered, glyphs loaded, a bot thinking) then spread over several heaps, and memory freed in one is not
reused by another: the tour's peak at 1920x1080 was 108-109 MB so, 103 MB with one arena. The threads
already take turns on the interpreter, so sharing one heap costs them next to nothing.

Large blocks on their own: glibc maps a block of 128 KB or more on its own and gives it back when it is
freed, but each time one is freed it raises that size to the block's, so after the first window-sized
surface went (F11, a layer dropped) every later one came from the heap, where what is freed stays and
fragments. The tour's peak at 1920x1080 was 109-113 MB so, most of the rise at F11. A fixed 1 MB keeps
surfaces of a quarter of a small window and more apart (layers, the window's own), and the many small ones
(text, a die's sprite) in the heap, where they are made and dropped fastest: 102-106 MB.

Free pages given back: glibc gives the system only the free memory at the top of the heap, and what a bot game
churns (text, sprites, a bot's tables) frees pages all through it. Every 30 frames drawn (half a second of
play), ``Trimmer`` asks glibc to give back every free page (``malloc_trim``: 0.25 ms, 2.3 ms at most): the tour's
peak at 1920x1080 was 103.4-105.0 MB without it, 99.1-101.5 MB with it. Counted in frames, not seconds: what is
freed comes from drawing, and a still screen draws nothing. Made after a frame is shown, where the refresh has room
left for it (a trim took 0.23 ms at the median and 1.8 ms at most in a tour at 1920x1080), so it is never part of
the frame a player waits for.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

M_ARENA_MAX = -8  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
LARGE_BLOCK = 1024 * 1024  # bytes: a block this large or larger is mapped on its own, and given back when freed
TRIM_EVERY = 30  # frames drawn between two gifts of the heap's free pages to the system
TRIM_ROOM = 0.004  # seconds a trim needs left before the next frame is due (above the longest measured)


def tune() -> bool:
    """One arena, and large blocks apart; False where there is no glibc to ask (macOS, Windows, musl)."""
    mallopt = _glibc("mallopt")
    return bool(mallopt is not None and mallopt(M_ARENA_MAX, 1) and mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))


def _glibc(name: str) -> Callable[..., int] | None:
    """A function of the C library the interpreter itself runs on, if it is glibc's (Linux); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    return getattr(ctypes.CDLL(None), name, None)


class Trimmer:
    """Gives the heap's free pages back to the system every ``TRIM_EVERY`` frames, after the first one with room."""

    def __init__(self, trim: Callable[[int], object] | None = None):
        self._trim = trim or _glibc("malloc_trim")
        self.frames = 0  # drawn since the last trim

    def after_frame(self, room: float) -> None:
        """A frame was drawn and shown, `room` seconds before the next is due."""
        self.frames += 1
        if self._trim is not None and self.frames >= TRIM_EVERY and room >= TRIM_ROOM:
            self._trim(0)  # 0: keep no free pages back at the top
            self.frames = 0
