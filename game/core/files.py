"""Reading a file only if it is a plain file: a FIFO, a device or a directory in its place is refused at once
(opening a FIFO to read would wait for a writer for ever), and so is a file too big to be ours."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MOST_BYTES = 64 * 1024 * 1024  # no file of the game's comes near this

KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (a named pipe)"), (stat.S_ISCHR, "a device"),
         (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


class NotAFile(OSError):
    """Something other than a plain file where a file should be; `strerror` says what, in plain words."""

    def __init__(self, what: str):
        super().__init__(errno.EINVAL, what)


def read_text(path: Path, most: int = MOST_BYTES) -> str:
    """The text of a plain file (UTF-8); OSError (NotAFile for anything else in its place) if it cannot be read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in KINDS if test(info.st_mode)), "not a plain file")
            raise NotAFile(f"it is {kind}, not a file")
        if info.st_size > most:
            raise NotAFile(f"it is {info.st_size // 1024 // 1024} MB, far too big to be one of the game's files")
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks).decode("utf-8")
