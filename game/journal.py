"""A save's journal: the actions applied since its save file was written, one line each.

A line is appended the moment an action is applied, before its animation starts: a plain write that the
operating system holds even if the game is killed a moment later (made durable on disk in the background), so
a crash or a kill never loses what the screen has shown. Rewriting the whole save for every action would be
slower (the issue measured 22 ms at the median, 445 ms at worst).

A line is ``{"id": ..., "n": ..., "entry": ...}``: the id of the save file it belongs to (the save names its
journal id; lines of an older game in the same slot are skipped), the entry's place in the log (lines the save
file already holds are skipped) and the log entry. Reading stops at a line that does not parse (a kill in the
middle of a write tears only the last line) or that leaves a gap.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

_locks: dict[Path, threading.Lock] = {}
_guard = threading.Lock()


def path_for(save: Path) -> Path:
    return save.with_name(save.name + ".journal")


def _lock(path: Path) -> threading.Lock:
    with _guard:
        return _locks.setdefault(path, threading.Lock())


def append(path: Path, journal_id: str, start: int, entries: list) -> None:
    """Add `entries` (log positions from `start`) to the journal at once; OSError if that fails."""
    data = "".join(json.dumps({"id": journal_id, "n": start + i, "entry": entry}, separators=(",", ":")) + "\n"
                   for i, entry in enumerate(entries)).encode("utf-8")
    with _lock(path):
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)


def lines(text: str, journal_id: str):
    """(n, entry) of the lines that belong to `journal_id`, in order, up to the first torn line."""
    for raw in text.splitlines():
        try:
            line = json.loads(raw)
            n, entry, owner = line["n"], line["entry"], line["id"]
        except (ValueError, TypeError, KeyError):
            return  # torn by a kill, or damaged: what follows cannot be trusted
        if owner == journal_id and isinstance(n, int):
            yield n, entry


def replay(record: dict, text: str) -> dict:
    """The save file's record with the journal's entries after its log added."""
    log = record.get("log")
    journal_id = record.get("journal")
    if not isinstance(log, list) or not isinstance(journal_id, str):
        return record
    log = list(log)
    for n, entry in lines(text, journal_id):
        if n == len(log):
            log.append(entry)
        elif n > len(log):
            break  # a gap: nothing after it can be replayed
    return record | {"log": log}


def trim(path: Path, journal_id: str, held: int) -> None:
    """Keep only the lines the save file does not hold yet (its journal id, from position `held` on); called once
    a save file with `held` log entries is on disk. Nothing left: the journal goes."""
    with _lock(path):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            return
        keep = [raw for raw in text.splitlines() if _needed(raw, journal_id, held)]
        try:
            if keep:
                tmp = path.with_name(f".{path.name}.tmp")
                tmp.write_text("".join(line + "\n" for line in keep), encoding="utf-8")
                os.replace(tmp, path)
            else:
                path.unlink()
        except OSError:
            pass  # a longer journal is harmless: its old lines are skipped


def _needed(raw: str, journal_id: str, held: int) -> bool:
    try:
        line = json.loads(raw)
        return line["id"] == journal_id and isinstance(line["n"], int) and line["n"] >= held
    except (ValueError, TypeError, KeyError):
        return False
