"""Freed pixels go back to the system: a game at 1920x1080 makes and drops surfaces of up to 8 MB each (layers,
pictures, text), and glibc's allocator, by default, keeps freed memory of that size for later instead of
returning it, so the process stayed 30-40 MB above what it used. Elsewhere (macOS, Windows, musl) nothing is
changed: their allocators return large blocks on their own."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_TRIM_THRESHOLD = -1  # mallopt's parameters (glibc's malloc.h)
M_MMAP_THRESHOLD = -3
RETURN_ABOVE = 128 * 1024  # blocks this large are mapped apart and unmapped when freed


def return_freed_memory() -> bool:
    """Ask glibc to give large freed blocks back at once; True where it was asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False  # not glibc
    return bool(mallopt(M_MMAP_THRESHOLD, RETURN_ABOVE)) and bool(mallopt(M_TRIM_THRESHOLD, RETURN_ABOVE))
