"""A save's journal: the actions applied since its save file was written, one line each.

A line is appended the moment an action is applied, before its animation starts: a plain write that the
operating system holds even if the game is killed a moment later (made durable on disk in the background), so
a crash or a kill never loses what the screen has shown. Rewriting the whole save for every action would be
slower (the issue measured 22 ms at the median, 445 ms at worst).

A line is ``{"id": ..., "n": ..., "entry": ...}``: the id of the save file it belongs to (the save names its
journal id; lines of an older game in the same slot are skipped), the entry's place in the log (lines the save
file already holds are skipped) and the log entry. Reading stops at a line that does not parse (a kill in the
middle of a write tears only the last line) or that leaves a gap.

A new game in a slot starts with a line ``{"id": ..., "save": ...}`` holding its whole save: so its first save
is an append like any other, and the save file is written in the background. The newest such line wins over
a save file of another game (the one the slot held before).
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
    _append_bytes(path, data)


def _append_bytes(path: Path, data: bytes) -> None:
    with _lock(path):
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)


def start(path: Path, journal_id: str, record: dict) -> None:
    """A new game's whole save as the journal's next line; OSError if that fails."""
    data = (json.dumps({"id": journal_id, "save": record}, separators=(",", ":")) + "\n").encode("utf-8")
    _append_bytes(path, data)


def _parsed(text: str):
    """Each whole line's data, in order, up to the first torn or damaged one (what follows cannot be trusted)."""
    for raw in text.splitlines():
        try:
            line = json.loads(raw)
        except ValueError:
            return
        if not isinstance(line, dict) or "id" not in line or not ("save" in line or {"n", "entry"} <= line.keys()):
            return
        yield line


def lines(text: str, journal_id: str):
    """(n, entry) of the lines that belong to `journal_id`, in order, up to the first torn line."""
    for line in _parsed(text):
        if line["id"] == journal_id and "save" not in line and isinstance(line["n"], int):
            yield line["n"], line["entry"]


def newest_start(text: str) -> dict | None:
    """The save on the journal's newest start line (a game begun since the save file was written), if any."""
    found = None
    for line in _parsed(text):
        if "save" in line and isinstance(line["save"], dict) and line["save"].get("journal") == line["id"]:
            found = line["save"]
    return found


def replay(record: dict | None, text: str) -> dict | None:
    """The slot's record: the save file's (or, if the journal has begun another game since, that game's), with
    the journal's entries after its log added."""
    begun = newest_start(text)
    if begun is not None and (record is None or record.get("journal") != begun["journal"]):
        record = begun
    if record is None:
        return None
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
    """Keep only the lines the save file does not make useless; called once a save file with `held` log entries
    of the game `journal_id` is on disk. Nothing left: the journal goes."""
    with _lock(path):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            return
        keep = _still_needed(text.splitlines(), journal_id, held)
        try:
            if keep:
                tmp = path.with_name(f".{path.name}.tmp")
                tmp.write_text("".join(line + "\n" for line in keep), encoding="utf-8")
                os.replace(tmp, path)
            else:
                path.unlink()
        except OSError:
            pass  # a longer journal is harmless: its old lines are skipped


def _still_needed(raws: list[str], journal_id: str, held: int) -> list[str]:
    """That game's entries from `held` on; or, if another game has begun in the slot since (its start line is
    the newest), everything from that line on."""
    parsed = [_line(raw) for raw in raws]
    starts = [i for i, line in enumerate(parsed) if "save" in line]
    if starts and parsed[starts[-1]]["id"] != journal_id:
        return raws[starts[-1]:]
    return [raw for raw, line in zip(raws, parsed) if _entry_from(line, journal_id, held)]


def _entry_from(line: dict, journal_id: str, held: int) -> bool:
    """Whether `line` is an entry of the game `journal_id` at log position `held` or later."""
    return line.get("id") == journal_id and "save" not in line and isinstance(line.get("n"), int) and line["n"] >= held


def _line(raw: str) -> dict:
    """A line's data; {} for a torn or damaged one."""
    try:
        line = json.loads(raw)
    except ValueError:
        return {}
    return line if isinstance(line, dict) and "id" in line else {}
