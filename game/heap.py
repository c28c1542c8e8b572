"""One malloc arena for every thread of the process (glibc on Linux).

glibc gives a thread that allocates while another does an arena of its own (up to eight a core). The frame
loop's window-sized surfaces and the worker threads' allocations (pictures rendered, glyphs loaded, a bot
thinking) then spread over several heaps, and memory freed in one is not reused by another: the tour's peak
at 1920x1080 was 108-109 MB so, 103 MB with one arena. The threads already take turns on the interpreter,
so sharing one heap costs them next to nothing.
"""

from __future__ import annotations

import ctypes
import sys

M_ARENA_MAX = -8  # glibc's mallopt parameter (malloc.h)


def share_one_arena() -> bool:
    """Ask glibc for one arena; False where there is no glibc to ask (macOS, Windows, musl)."""
    if not sys.platform.startswith("linux"):
        return False
    mallopt = getattr(ctypes.CDLL(None), "mallopt", None)  # the C library the interpreter itself runs on
    return bool(mallopt is not None and mallopt(M_ARENA_MAX, 1))
