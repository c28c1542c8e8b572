"""Atomic JSON files in the user data directory, with corrupt files kept aside.

A write goes to a temporary file that is flushed, synced and renamed over
the old one, so a crash or kill leaves either the old or the new file.
A file that cannot be read is renamed to ``<name>.corrupt-<time>`` (never
deleted) and reported in plain words.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path


class CorruptFile(Exception):
    """A user file that could not be read; it has been moved aside."""

    def __init__(self, path: Path, kept_as: Path, reason: str):
        super().__init__(f"{path.name} could not be read ({reason}); it was kept as {kept_as.name}")
        self.path, self.kept_as, self.reason = path, kept_as, reason


def write_json(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, separators=(",", ":"))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_json(path: Path, validate=None):
    """The file's data (passed through `validate`), None if absent.

    Raises CorruptFile when it is unreadable or `validate` rejects it.
    """
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return validate(data) if validate else data
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        reason = str(error) or type(error).__name__
        kept = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while kept.exists():
            kept = kept.with_name(f"{kept.name}-{n}")
            n += 1
        os.replace(path, kept)
        raise CorruptFile(path, kept, reason) from error


def remove(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
