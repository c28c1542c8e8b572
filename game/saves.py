"""Saved games and line-ups, per user.

A save records what happened, not a snapshot: game id, seats, options,
seed, first player and the log of actions. Loading replays the log through
the rules, so a damaged or impossible save is refused (file, field or
action number, reason) and kept aside like any corrupt file; a game that
had already ended is simply gone. Each game, and each challenge run, has
its own slot (``saves/<slot>.json``), so starting one never overwrites
another.

The same file format is what ``python -m game sim --logs`` writes and
``python -m game replay`` reads: a bug report is just a save file.
"""

from __future__ import annotations

import atexit
import functools
import os
import re
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from game import __version__, controls, journal
from game.core.fields import Fields
from game.core.names import check_name
from game.core.protocol import GameState
from game.paths import user_data_dir
from game.registry import GAMES, GameInfo
from game.core.files import read_text
from game.storage import (WRITER, CorruptFile, NewerFile, WriteFailed, check_format, describe, read_json, remove,
                          write_json)

FORMAT = 2
SAVE_DIR = "saves"
LEGACY_FILE = "autosave.json"  # version 0.1 kept one snapshot here; it cannot be replayed
LINEUP_FILE = "players.json"
MAX_SEATS = 8
COLORS = 8


@dataclass
class Seat:
    name: str
    color: int  # index into theme.PLAYER_COLORS (and PLAYER_SYMBOLS)
    bot: str | None = None  # None for a human, else the bot strength
    control: str = controls.ANY  # the input a human seat listens to

    @classmethod
    def from_json(cls, f: Fields) -> "Seat":
        try:
            name = check_name(f.data.get("name"))
        except ValueError as error:
            f.fail("name", str(error))
        bot = f.data.get("bot")
        if bot is not None and not isinstance(bot, str):
            f.fail("bot", "should be a bot name or null")
        control = f.choice("control", controls.CONTROLS) if "control" in f.data else controls.ANY
        return cls(name=name, color=f.int("color", 0, COLORS - 1), bot=bot, control=control)


def check_seats(seats: list[Seat], info) -> None:
    """The seats fit the game: player count, known bots, distinct colours."""
    if not info.rules_class.min_players <= len(seats) <= info.rules_class.max_players:
        raise ValueError(f"field 'seats': {len(seats)} seats, {info.title} takes "
                         f"{info.rules_class.min_players} to {info.rules_class.max_players}")
    for seat in seats:
        if seat.bot is not None and seat.bot not in info.bots:
            raise ValueError(f"field 'seats': unknown bot {seat.bot[:30]!r} for {info.title}")
    if len({s.color for s in seats}) != len(seats):
        raise ValueError("field 'seats': two seats share a colour")


@dataclass
class SavedGame:
    game: str
    slot: str
    seats: list[Seat]
    state: GameState
    saved_at: str = ""

    def to_json(self) -> dict:
        record = self.state.to_json()
        return {"format": FORMAT, "version": __version__, "game": self.game, "slot": self.slot,
                "saved_at": self.saved_at or time.strftime("%Y-%m-%d %H:%M"),
                "seats": [asdict(s) for s in self.seats], "options": record["options"], "seed": record["seed"],
                "first": record["first"], "log": record["log"]}

    @property
    def info(self) -> GameInfo:
        return GAMES[self.game]

    def scene(self, app):
        """The game's table, where it was left."""
        return self.info.scene(app, self.seats, self.state, self.slot)

    def summary(self) -> str:
        """Who plays and the score, for Continue: "Ada: 14 · Zax: 9"."""
        return self.summaries()[0]

    def summaries(self) -> list[str]:
        """The summary, then shorter ones for less room: the leader (if one), then only the number of players."""
        scores = [self.state.score(p) for p in range(len(self.seats))]
        best = max(scores)
        count = f"{len(self.seats)} players"
        shorter = [f"{self.seats[scores.index(best)].name} leads with {best:g} · {count}"] \
            if scores.count(best) == 1 else []
        return [" · ".join(f"{seat.name}: {score:g}" for seat, score in zip(self.seats, scores)), *shorter, count]


def parse(data) -> SavedGame:
    """A save file's data replayed into a game; ValueError says what is wrong."""
    f = Fields(data)
    check_format(f, FORMAT)
    info = GAMES.get(f.get("game", str))
    if info is None:
        f.fail("game", f"is {str(data['game'])[:30]!r}, not a game of this collection")
    seats_data = f.get("seats", list)
    if len(seats_data) > MAX_SEATS:
        f.fail("seats", f"has {len(seats_data)} seats, at most {MAX_SEATS}")
    seats = [Seat.from_json(s) for s in f.objects("seats")]
    check_seats(seats, info)
    record = {"game": info.id, "players": len(seats), "seed": data.get("seed"), "first": data.get("first"),
              "options": data.get("options"), "log": data.get("log")}
    state = info.load_state(record)
    slot = f.get("slot", str) if "slot" in data else info.id
    saved_at = data.get("saved_at") if isinstance(data.get("saved_at"), str) else ""
    return SavedGame(info.id, slot, seats, state, saved_at[:40])


# ----- the autosave slots ----------------------------------------------------
def slot_name(text: str) -> str:
    """A file-safe slot name ("Some Game: Challenge #1" -> "some-game-challenge-1")."""
    return re.sub(r"[^a-z0-9-]+", "-", text.lower()).strip("-") or "game"


def _path(slot: str) -> Path:
    return user_data_dir() / SAVE_DIR / f"{slot_name(slot)}.json"


SAVE_FAILED = "The game could not be saved ({reason}). Play goes on; your last save is kept."


FOLD_EVERY = 40  # actions in a journal before the whole save is written again


@dataclass
class _OnDisk:
    """What this process has put in a slot: the save's identity (all but the log), its journal id, how many log
    entries the save file itself holds and the whole log so far (with the journal's)."""

    header: dict
    journal_id: str
    held: int
    log: list


_on_disk: dict[Path, _OnDisk] = {}


def save(game: SavedGame) -> None:
    """Keep the game's slot up to date at once: the new actions appended to its journal (``game.journal``), or,
    for a new game in the slot, a new save file; every FOLD_EVERY actions the whole save is written again in the
    background. A failure comes back through ``storage.WRITER.failures``; what was saved before stays intact."""
    path, record = _path(game.slot), game.to_json()
    log = record.pop("log")
    header = {k: v for k, v in record.items() if k != "saved_at"}
    known = _on_disk.get(path)
    if known is not None and (known.header != header or log[:len(known.log)] != known.log):
        known = None  # another game in the slot
    if known is not None and _append(path, known, log) and len(log) - known.held < FOLD_EVERY:
        return
    journal_id = known.journal_id if known is not None else os.urandom(8).hex()  # (secrets: 8 ms to import)
    record |= {"log": log, "journal": journal_id}
    trim = functools.partial(journal.trim, journal.path_for(path), journal_id, len(log))
    if known is None and not _begin(path, journal_id, record):
        _on_disk.pop(path, None)  # begun afresh the next time
        return
    WRITER.put(path, record, SAVE_FAILED, then=trim)  # the journal holds everything until this lands
    _on_disk[path] = _OnDisk(header, journal_id, len(log), list(log))


def _append(path: Path, known: _OnDisk, log: list) -> bool:
    """The actions since the last save added to the slot's journal; False (told) if that failed."""
    try:
        journal.append(journal.path_for(path), known.journal_id, len(known.log), log[len(known.log):])
    except OSError as error:
        WRITER.report(SAVE_FAILED.format(reason=describe(error)))
        return False
    known.log = list(log)
    WRITER.sync(journal.path_for(path), SAVE_FAILED)
    return True


def _begin(path: Path, journal_id: str, record: dict) -> bool:
    """A new game in the slot: its whole save as the journal's newest line, at once (the save file follows in the
    background); False (told) if it could not be written."""
    WRITER.cancel_removal(path)  # the slot's last game, just ended, is not to delete this one
    WRITER.cancel_removal(journal.path_for(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        journal.start(journal.path_for(path), journal_id, record)
    except OSError as error:
        WRITER.report(SAVE_FAILED.format(reason=describe(error)))
        return False
    WRITER.sync(journal.path_for(path), SAVE_FAILED)
    return True


def _write_begun(path: Path) -> None:
    """A game begun in the slot whose save file a kill kept from being written: that file written now, from the
    journal's start line, so that it loads (and is reported, if damaged) as any other."""
    if os.path.lexists(path) or WRITER.removing(path):
        return  # a save file of an older game gives way to the journal's start line as it is read
    try:
        begun = journal.newest_start(read_text(journal.path_for(path)))
        if begun is not None:
            write_json(path, begun)
    except (OSError, WriteFailed):
        pass  # nothing more can be recovered: the slot reads as empty


def _with_journal(path: Path):
    """The save file's data with its journal's actions added (a validator for ``read_json``)."""
    def validate(data):
        if isinstance(data, dict):
            try:
                data = journal.replay(data, read_text(journal.path_for(path)))
            except FileNotFoundError:
                pass
            except OSError as error:
                raise ValueError(f"its journal could not be read: {describe(error)}") from None
        return parse(data)
    return validate


def load(slot: str) -> SavedGame | None:
    """The game saved in a slot (with its journal), None if none (or it had ended); raises CorruptFile (the
    journal is kept aside with the save)."""
    path = _path(slot)
    WRITER.settle(path.parent)
    if WRITER.removing(path):
        return None  # a game that ended, its files about to go
    _write_begun(path)
    try:
        game = read_json(path, _with_journal(path))
    except CorruptFile as error:
        if not isinstance(error, NewerFile) and error.kept_as is not None:
            _keep_journal_beside(path, error.kept_as)
        raise
    if game is not None and game.state.is_over:
        clear(slot)
        return None
    return game


def _keep_journal_beside(path: Path, kept_as: Path) -> None:
    try:
        os.replace(journal.path_for(path), kept_as.with_name(kept_as.name + ".journal"))
    except OSError:
        pass


def load_all() -> tuple[list[SavedGame], list[CorruptFile]]:
    """Every game that can be continued, newest first, and the files that could not be read."""
    games, problems = [], []
    folder = user_data_dir() / SAVE_DIR
    WRITER.settle(folder)
    legacy = user_data_dir() / LEGACY_FILE
    if legacy.exists():
        try:
            read_json(legacy, _refuse_legacy)
        except CorruptFile as error:
            problems.append(error)
    for begun in folder.glob("*.json.journal") if folder.is_dir() else ():
        _write_begun(begun.with_name(begun.name.removesuffix(".journal")))
    paths = sorted(folder.glob("*.json"), key=_modified, reverse=True) if folder.is_dir() else []
    for path in paths:
        try:
            game = load(path.stem)
        except CorruptFile as error:
            problems.append(error)
            continue
        if game is not None:
            games.append(game)
    return games, problems


def _refuse_legacy(data) -> None:
    raise ValueError("it was saved by an older version of the game, which cannot be continued")


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


# ----- one copy of the game per slot ------------------------------------------
_claimed: set[Path] = set()


def _lock_path(slot: str) -> Path:
    return _path(slot).with_suffix(".lock")


def claim(slot: str) -> int | None:
    """Make the slot this process's (a lock file holding its process id, freed when the process is gone);
    the process id of another running copy of the game that holds it, else None."""
    lock = _lock_path(slot)
    if lock in _claimed:
        return None
    lock.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(3):
        try:
            fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            owner = _owner(lock)
            if owner is not None and owner != os.getpid() and _alive(owner):
                return owner
            remove(lock)  # left by a copy that is gone
            continue
        except OSError:
            return None  # no lock can be kept here (a read-only folder): saving will tell its own problem
        with os.fdopen(fd, "w") as f:
            f.write(str(os.getpid()))
        _claimed.add(lock)
        return None
    return None


def _owner(lock: Path) -> int | None:
    try:
        return int(read_text(lock, most=64).strip())
    except (OSError, ValueError):
        return None


def _alive(pid: int) -> bool:
    """Whether a process runs with this id (on Windows, asked without touching it)."""
    if os.name == "nt":
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # query limited information
        if not handle:
            return False
        ctypes.windll.kernel32.CloseHandle(handle)
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


@atexit.register
def release_all() -> None:
    """Free this process's slots (a kill leaves the lock files: the next copy finds their owner gone)."""
    for lock in list(_claimed):
        if _owner(lock) == os.getpid():
            remove(lock)
        _claimed.discard(lock)


def free_slot(slot: str) -> str:
    """The first slot after `slot` ("<slot>-2", "<slot>-3", ...) that holds no save and that this process can
    claim."""
    n = 2
    while exists(f"{slot}-{n}") or claim(f"{slot}-{n}") is not None:
        n += 1
    return f"{slot}-{n}"


def exists(slot: str) -> bool:
    path = _path(slot)
    WRITER.settle(path.parent)
    return path.exists() and not WRITER.removing(path)


def clear(slot: str) -> None:
    """The slot's save and journal deleted on the writer's thread, after the writes before them: a game's end
    waited here for the disk (0.6 s once in a tour) while its last action's journal was made durable."""
    path = _path(slot)
    _on_disk.pop(path, None)
    WRITER.remove(path)
    WRITER.remove(journal.path_for(path))


# ----- the last line-up per game, and the people (setup starts from them) ------------------
PEOPLE = "_people"  # not a game id: who played last and the names typed before, shared by every game's setup
RECENT_NAMES = 12
DEFAULT_NAME = re.compile(r"Player \d+")  # a name nobody typed


@dataclass
class Lineup:
    seats: list[Seat]
    options: dict


@dataclass
class People:
    last: list[Seat]  # the humans of the last game started, whatever the game
    names: list[str]  # names typed before, the latest first


def _read_lineup(entry, where: str) -> Lineup:
    f = Fields(entry, where)
    options = entry.get("options", {})
    if not isinstance(options, dict):
        f.fail("options", "should be an object")
    seats = [Seat.from_json(s) for s in f.objects("seats")]
    if len(seats) > MAX_SEATS:
        f.fail("seats", "has too many seats")
    return Lineup(seats, options)


def _read_people(entry) -> People:
    f = Fields(entry, PEOPLE)
    last = [s for s in (Seat.from_json(s) for s in f.objects("last")) if s.bot is None][:MAX_SEATS]
    names = [check_name(n) for n in f.get("names", list) if isinstance(n, str) and n.strip()]
    return People(last, names[:RECENT_NAMES])


def _read_players(data) -> tuple[dict[str, Lineup], People]:
    """Line-ups by game id and the people; entries that do not read are dropped (setup falls back for them)."""
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object of games")
    lineups, people = {}, People([], [])
    for game, entry in data.items():
        try:
            if game == PEOPLE:
                people = _read_people(entry)
            else:
                lineups[game] = _read_lineup(entry, game)
        except ValueError:
            continue
    return lineups, people


def _load_players() -> tuple[dict[str, Lineup], People]:
    return read_json(user_data_dir() / LINEUP_FILE, _read_players) or ({}, People([], []))


def load_lineup(game_id: str) -> tuple[Lineup | None, str | None]:
    """The seats and options last used for this game (None if none), and a problem report."""
    try:
        lineups, _ = _load_players()
    except CorruptFile as error:
        return None, f"Your saved player list was reset: {error}"
    return lineups.get(game_id), None


def load_people() -> People:
    """Who played last and the names typed before (nobody, when the file does not read)."""
    try:
        return _load_players()[1]
    except CorruptFile:
        return People([], [])


def save_lineup(game_id: str, lineup: Lineup) -> None:
    """Remember this line-up, and its people for every game's setup; raises WriteFailed."""
    try:
        lineups, people = _load_players()
    except CorruptFile:
        lineups, people = {}, People([], [])
    lineups[game_id] = lineup
    humans = [s for s in lineup.seats if s.bot is None]
    typed = [s.name for s in humans if not DEFAULT_NAME.fullmatch(s.name)]
    names = list(dict.fromkeys([*typed, *people.names]))[:RECENT_NAMES]
    data = {g: {"seats": [asdict(s) for s in entry.seats], "options": entry.options} for g, entry in lineups.items()}
    data[PEOPLE] = {"last": [asdict(s) for s in humans], "names": names}
    write_json(user_data_dir() / LINEUP_FILE, data)
