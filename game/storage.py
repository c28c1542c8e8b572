"""Atomic JSON files in the user data directory, with corrupt files kept aside.

A write goes to a temporary file of its own (unique per process, so two
copies of the game never tear each other's saves) that is flushed, synced
and renamed over the old one: a crash or kill leaves either the old or the
new file. A rename that is briefly blocked (antivirus scanners on Windows)
is retried. A write that still fails raises ``WriteFailed`` with a reason a
player can read; the old file is untouched.

A file that cannot be read is renamed to ``<name>.corrupt-<time>`` (never
deleted) and reported as ``CorruptFile``; if even that rename fails, the
report says so and the file stays where it is.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

RENAME_TRIES = 5
RENAME_PAUSE = 0.05  # seconds, doubled after each try


class CorruptFile(Exception):
    """A user file that could not be read; it has been moved aside if possible."""

    def __init__(self, path: Path, kept_as: Path | None, reason: str):
        where = f"it was kept as {kept_as.name}" if kept_as else "it could not be moved aside and was left as it is"
        super().__init__(f"{path.name} could not be read ({reason}); {where}")
        self.path, self.kept_as, self.reason = path, kept_as, reason


class WriteFailed(Exception):
    """A file could not be written; the previous version (if any) is intact."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path.name} could not be saved: {reason}")
        self.path, self.reason = path, reason


def describe(error: OSError) -> str:
    """An OS error in plain words."""
    return error.strerror or str(error) or type(error).__name__


def write_json(path: Path, data) -> None:
    """Replace `path` with `data` atomically; WriteFailed if that is impossible."""
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"), ensure_ascii=False)
            f.flush()
            os.fsync(f.fileno())
        _replace(tmp, path)
        tmp = None
    except OSError as error:
        raise WriteFailed(path, describe(error)) from error
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _replace(source: str, target: Path) -> None:
    pause = RENAME_PAUSE
    for attempt in range(RENAME_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == RENAME_TRIES - 1:
                raise
            time.sleep(pause)
            pause *= 2


def read_json(path: Path, validate=None):
    """The file's data (passed through `validate`), None if absent.

    Raises CorruptFile when it is unreadable or `validate` rejects it.
    """
    try:
        if not path.exists():
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        return validate(data) if validate else data
    except (OSError, UnicodeError, ValueError, KeyError, TypeError, RecursionError) as error:
        if isinstance(error, RecursionError):
            reason = "it is nested too deeply"
        elif isinstance(error, OSError):
            reason = describe(error)
        else:
            reason = str(error) or type(error).__name__
        raise CorruptFile(path, _keep_aside(path), reason) from None


def _keep_aside(path: Path) -> Path | None:
    kept = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while kept.exists():
        kept = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    try:
        os.replace(path, kept)
    except OSError:
        return None
    return kept


def remove(path: Path) -> None:
    """Delete a file if it is there; a failure to delete is not worth stopping a game for."""
    try:
        path.unlink()
    except OSError:
        pass
