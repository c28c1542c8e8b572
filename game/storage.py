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

``WRITER`` writes on a thread of its own, so a frame never waits for a disk
(an fsync can take tens of milliseconds): the newest data for a file wins,
a crash loses at most the write still pending, and failures come back to
the game loop to be shown.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

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


class Writer:
    """Background writes: ``put`` returns at once; ``flush`` waits until everything is on disk."""

    def __init__(self):
        self._pending: dict[Path, tuple[Any, str]] = {}  # path -> (data, what to say if it fails)
        self._failed: list[str] = []
        self._busy = False
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, path: Path, data, failure: str) -> None:
        """Write `data` to `path` soon; if it fails, ``failures`` returns `failure` with the reason filled in."""
        with self._lock:
            self._pending[path] = (data, failure)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
            self._lock.notify()

    def discard(self, path: Path) -> None:
        """Forget a pending write and wait for one in progress (before the file is deleted)."""
        with self._lock:
            self._pending.pop(path, None)
        self.flush()

    def flush(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        with self._lock:
            while (self._pending or self._busy) and time.monotonic() < deadline:
                self._lock.wait(0.05)

    def failures(self) -> list[str]:
        with self._lock:
            failed, self._failed = self._failed, []
        return failed

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._pending:
                    self._lock.wait()
                path = next(iter(self._pending))
                data, failure = self._pending.pop(path)
                self._busy = True
            try:
                write_json(path, data)
            except WriteFailed as error:
                with self._lock:
                    self._failed.append(failure.format(reason=error.reason))
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()


WRITER = Writer()
