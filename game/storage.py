"""Atomic JSON files in the user data directory, with corrupt files kept aside.

A write goes to a temporary file of its own (unique per process, so two
copies of the game never tear each other's saves) that is flushed, synced
and renamed over the old one: a crash or kill leaves either the old or the
new file. A rename that is briefly blocked (antivirus scanners on Windows)
is retried. A write that still fails raises ``WriteFailed`` with a reason a
player can read; the old file is untouched.

A file that cannot be read (damaged, or a FIFO, folder or device in its
place: never waited on) is renamed to ``<name>.corrupt-<time>`` (never
deleted) and reported as ``CorruptFile``; if even that rename fails, the
report says so and the file stays where it is. A file written by a newer
version of the game is reported as ``NewerFile`` and left as it is.
Temporary files that a kill left behind are removed at the next start
(``clean_temporaries``).

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

from game.core.datafile import plain_reason
from game.core.fields import Fields
from game.core.files import read_text

RENAME_TRIES = 5
RENAME_PAUSE = 0.05  # seconds, doubled after each try
STALE_SECONDS = 60  # a temporary file this old is left from a kill (a write takes milliseconds)


class CorruptFile(Exception):
    """A user file that could not be read; it has been moved aside if possible."""

    def __init__(self, path: Path, kept_as: Path | None, reason: str):
        where = f"it was kept as {kept_as.name}" if kept_as else "it could not be moved aside and was left as it is"
        super().__init__(f"{path.name} could not be read ({reason}); {where}")
        self.path, self.kept_as, self.reason = path, kept_as, reason


    @property
    def where(self) -> str:
        """Where the file is now, as a sentence."""
        if self.kept_as:
            return f"It was kept as {self.kept_as.name} in {self.kept_as.parent}."
        return "It could not be moved aside."


class TooNew(ValueError):
    """Raised by a validator: the file is in a newer format than this version reads."""


def check_format(f: Fields, reads: int) -> None:
    """A file's format number: a newer one is ``TooNew`` (naming the version that wrote it if it says), any
    other than `reads` a field error."""
    found = f.get("format", int)
    if found > reads:
        made_by = f.data.get("version")
        by = f"version {made_by[:20]}" if isinstance(made_by, str) else "a newer version"
        raise TooNew(f"was made by {by} of the game; update the game to load it")
    if found != reads:
        f.fail("format", f"is {found}, this version reads {reads}")


class NewerFile(CorruptFile):
    """A file written by a newer version of the game: reported, and left where it is for that version."""

    def __init__(self, path: Path, reason: str):
        Exception.__init__(self, f"{path.name} {reason}; it was left as it is")
        self.path, self.kept_as, self.reason = path, None, reason

    @property
    def where(self) -> str:
        return "It was left as it is."


class WriteFailed(Exception):
    """A file could not be written; the previous version (if any) is intact."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path.name} could not be saved: {reason}")
        self.path, self.reason = path, reason


def describe(error: OSError) -> str:
    """An OS error in plain words."""
    return error.strerror or str(error) or type(error).__name__


def write_json(path: Path, data, durable: bool = True) -> None:
    """Replace `path` with `data` atomically; WriteFailed if that is impossible. Not `durable`: the data is not
    synced to the disk (it survives a kill of the game, not a power cut; ``Writer.sync`` finishes the job)."""
    # C's encoder: ``json.dump`` to a file is Python's own, 16 ms for a long game's save here, which the frame loop
    # waited for in turns on the interpreter while the writer's thread wrote it
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
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

    Raises CorruptFile when it is unreadable or `validate` rejects it, NewerFile when `validate` finds it newer
    than this version (``TooNew``).
    """
    try:
        if not os.path.lexists(path):
            return None
        data = json.loads(read_text(path))
        return validate(data) if validate else data
    except TooNew as error:
        raise NewerFile(path, str(error)) from None
    except (OSError, UnicodeError, ValueError, KeyError, TypeError, RecursionError) as error:
        raise CorruptFile(path, _keep_aside(path), _reason(error)) from None


def _reason(error: Exception) -> str:
    """Why a file could not be read, in the game's words."""
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    if isinstance(error, OSError):
        return describe(error)
    if isinstance(error, json.JSONDecodeError):
        return f"it is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg.lower()})"
    return plain_reason(error)


def clean_temporaries(folder: Path) -> int:
    """Remove the temporary files of writes that a kill interrupted (older than a write could take) from
    `folder` and the folders in it; how many were removed."""
    removed = 0
    now = time.time()
    for path in folder.rglob(".*.tmp") if folder.is_dir() else ():
        try:
            if path.is_file() and not path.is_symlink() and now - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
                removed += 1
        except OSError:
            pass
    return removed


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


def sync_file(path: Path) -> None:
    """Make what was written to `path` durable on the disk (gone meanwhile: nothing to do)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


SYNC = object()  # a pending job that only makes a file durable
REMOVE = object()  # a pending job that deletes a file


class Writer:
    """Background writes: ``put`` returns at once; ``flush`` waits until everything is on disk."""

    def __init__(self):
        self._pending: dict[Path, tuple[Any, str, Any]] = {}  # path -> (data, what to say if it fails, then)
        self._failed: list[str] = []
        self._busy: tuple[Path, Any] | None = None  # the file and data of the job in progress
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, path: Path, data, failure: str, then=None) -> None:
        """Write `data` to `path` soon, then call `then()` (on the writer's thread); if it fails, ``failures``
        returns `failure` with the reason filled in. `data` may be a function that makes it on the writer's
        thread (None: nothing to write): a file read, changed and written again without a frame waiting on the
        disk."""
        with self._lock:
            self._pending[path] = (data, failure, then)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
            self._lock.notify()

    def sync(self, path: Path, failure: str) -> None:
        """Make `path` durable on the disk soon (a write to it that is pending already does that)."""
        with self._lock:
            if path in self._pending:
                return
        self.put(path, SYNC, failure)

    def report(self, failure: str) -> None:
        """A failure met outside the writer's thread, shown with the others."""
        with self._lock:
            self._failed.append(failure)

    def remove(self, path: Path) -> None:
        """Delete `path` soon, after the jobs before it (a write of it still pending is dropped)."""
        self.put(path, REMOVE, "")

    def cancel_removal(self, path: Path) -> None:
        """Drop a pending removal of `path`, or wait for one in progress (an unlink: milliseconds): the game is
        about to write the file itself. Its other jobs, harmless to what comes next, go on."""
        with self._lock:
            if self._pending.get(path, (None,))[0] is REMOVE:
                del self._pending[path]
            while self._busy == (path, REMOVE):
                self._lock.wait()

    def removing(self, path: Path) -> bool:
        """Whether `path` is to be deleted (a reader takes it as gone)."""
        with self._lock:
            return (path, REMOVE) in self._jobs()

    def settle(self, folder: Path, timeout: float = 10.0) -> None:
        """Wait until no job is writing, or to write, a file in `folder`: what a reader of the folder sees is then
        current, as a file to be deleted reads as gone (``removing``) and one made durable has its data already.
        Unlike ``flush``, not for the disk's syncs: a game's end queues its last one, and the title read the saves
        after waiting for it."""
        def writing() -> bool:
            return any(path.parent == folder and data is not SYNC and data is not REMOVE for path, data in self._jobs())
        deadline = time.monotonic() + timeout
        with self._lock:
            while writing() and time.monotonic() < deadline:
                self._lock.wait(0.05)

    def _jobs(self) -> list[tuple[Path, Any]]:
        """(file, data) of each job pending or in progress; the lock is held."""
        return [(path, job[0]) for path, job in self._pending.items()] + ([self._busy] if self._busy else [])

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
                data, failure, then = self._pending.pop(path)
                self._busy = (path, data)
            try:
                _do(path, data)
                if then is not None:
                    then()
            except OSError as error:
                with self._lock:
                    self._failed.append(failure.format(reason=describe(error)))
            except WriteFailed as error:
                with self._lock:
                    self._failed.append(failure.format(reason=error.reason))
            finally:
                with self._lock:
                    self._busy = None
                    self._lock.notify_all()


def _do(path: Path, data) -> None:
    """One job of the writer's: a file made durable, deleted, or written (its data made now, if asked)."""
    if data is SYNC:
        sync_file(path)
    elif data is REMOVE:
        remove(path)
    else:
        data = data() if callable(data) else data
        if data is not None:
            write_json(path, data)


WRITER = Writer()
