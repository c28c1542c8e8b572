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
"""

from __future__ import annotations

import ctypes
import sys

M_ARENA_MAX = -8  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
LARGE_BLOCK = 1024 * 1024  # bytes: a block this large or larger is mapped on its own, and given back when freed


def tune() -> bool:
    """One arena, and large blocks apart; False where there is no glibc to ask (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return False
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)  # the C library the interpreter itself runs on
    return bool(mallopt is not None and mallopt(M_ARENA_MAX, 1) and mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
