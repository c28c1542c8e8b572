"""Statistics per person: every finished game, counted under the seat names people type.

People are known by their name (matched without regard to case: "ana" is Ana). Bots are not
people: for each person at the table, every bot seat is a meeting with that bot's strength,
won when the person finished ahead of it, lost when behind, tied on a shared place. A game also
keeps each person's best single turn by its own measure (``GameInfo.best_turns``) and their
longest run of wins. One-player challenge runs count on their own (no rivals to meet).

The file lives beside the settings (``stats.json``). A damaged one is kept aside and reported
(file, field, reason), and counting starts afresh; a write goes through the background writer,
so a failure is told by the app and play goes on. Each finished game is remembered by its game
and seed, so it never counts twice (a save resumed before its last move and finished again).
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from game import __version__
from game.core.fields import Fields
from game.core.names import check_name
from game.paths import user_data_dir
from game.storage import WRITER, CorruptFile, check_format, read_json

FILE_NAME = "stats.json"
FORMAT = 1
REMEMBERED = 200  # the latest finished games kept by key, so that none counts twice
MOST = 10**9  # a ceiling for any count read from the file
WRITE_FAILED = "Your statistics could not be saved ({reason}). Play goes on."


@dataclass
class Meetings:
    """A person against one bot strength in one game."""

    won: int = 0
    lost: int = 0
    tied: int = 0

    @classmethod
    def from_json(cls, f: Fields) -> "Meetings":
        return cls(f.int("won", 0, MOST), f.int("lost", 0, MOST), f.int("tied", 0, MOST))


@dataclass
class Record:
    """A person's games of one kind."""

    played: int = 0
    won: int = 0  # a shared first place counts as a win
    streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    best: int | None = None  # the best single turn (None: the game has no such measure, or none yet)
    bots: dict[str, Meetings] = field(default_factory=dict)  # bot strength -> meetings

    @classmethod
    def from_json(cls, f: Fields) -> "Record":
        played = f.int("played", 0, MOST)
        record = cls(played, f.int("won", 0, played), f.int("streak", 0, played), f.int("best_streak", 0, played))
        if record.streak > record.best_streak:
            f.fail("streak", f"is {record.streak}, longer than best_streak {record.best_streak}")
        if f.data.get("best") is not None:
            record.best = f.int("best", 0, MOST)
        record.bots = {bot: Meetings.from_json(Fields(entry, f.name(f"bots.{bot}")))
                       for bot, entry in f.get("bots", dict).items()}
        return record

    def to_json(self) -> dict:
        data = {"played": self.played, "won": self.won, "streak": self.streak, "best_streak": self.best_streak,
                "bots": {bot: vars(m) for bot, m in self.bots.items()}}
        if self.best is not None:
            data["best"] = self.best
        return data


@dataclass
class Statistics:
    players: dict[str, dict[str, Record]] = field(default_factory=dict)  # name -> game id -> record
    challenge_runs: int = 0
    challenges_cleared: int = 0
    counted: list[str] = field(default_factory=list)  # keys of the latest games counted, oldest first

    @classmethod
    def from_json(cls, data) -> "Statistics":
        f = Fields(data)
        check_format(f, FORMAT)
        players: dict[str, dict[str, Record]] = {}
        for name, games in f.get("players", dict).items():
            try:
                if check_name(name) != name:
                    raise ValueError("is not a name as setup writes it")
            except ValueError as error:
                raise ValueError(f"field 'players' has a bad name {name[:30]!r}: {error}") from None
            where = Fields(games, f"players.{name}")
            players[name] = {game: Record.from_json(Fields(entry, where.name(game))) for game, entry in where.data.items()}
        runs = f.int("challenge_runs", 0, MOST)
        counted = f.get("counted", list)
        if not all(isinstance(key, str) for key in counted):
            f.fail("counted", "should hold only text")
        return cls(players, runs, f.int("challenges_cleared", 0, runs), counted[-REMEMBERED:])

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": __version__,
                "players": {name: {game: r.to_json() for game, r in games.items()} for name, games in self.players.items()},
                "challenge_runs": self.challenge_runs, "challenges_cleared": self.challenges_cleared,
                "counted": self.counted}

    def person(self, name: str) -> dict[str, Record]:
        """A person's records by game, found by name whatever its case (new people start empty)."""
        key = next((known for known in self.players if known.casefold() == name.casefold()), name)
        return self.players.setdefault(key, {})

    def add_game(self, game_id: str, seats, outcome, best: list[int] | None) -> None:
        """A finished game: each person's result, meetings with the bots, best turn and streak.
        A name seated twice counts once (its first seat)."""
        seen: set[str] = set()
        for p, seat in enumerate(seats):
            if seat.bot is not None or seat.name.casefold() in seen:
                continue
            seen.add(seat.name.casefold())
            record = self.person(seat.name).setdefault(game_id, Record())
            record.played += 1
            place = outcome.place(p)
            if place == 0:
                record.won += 1
                record.streak += 1
                record.best_streak = max(record.best_streak, record.streak)
            else:
                record.streak = 0
            if best is not None:
                record.best = max(record.best or 0, int(best[p]))
            for q, rival in enumerate(seats):
                if rival.bot is None:
                    continue
                meetings = record.bots.setdefault(rival.bot, Meetings())
                theirs = outcome.place(q)
                if place < theirs:
                    meetings.won += 1
                elif place > theirs:
                    meetings.lost += 1
                else:
                    meetings.tied += 1

    def add_challenge(self, cleared: bool) -> None:
        self.challenge_runs += 1
        self.challenges_cleared += cleared


def finished_game(info, seats, state) -> Callable[[Statistics], None]:
    """How a finished game of `info`'s adds to statistics (a challenge run on its own, any other game for every
    person seated), taken from its state now, to be added elsewhere (on the writer's thread)."""
    cleared = info.challenge_cleared(state)
    if cleared is not None:
        return lambda stats: stats.add_challenge(cleared)
    game_id, people, outcome, best = info.id, [dataclasses.replace(seat) for seat in seats], state.outcome(), \
        info.best_turns(state)
    return lambda stats: stats.add_game(game_id, people, outcome, best)


def load() -> tuple[Statistics, str | None]:
    """The statistics so far (empty if none), and a report if the file could not be read."""
    WRITER.flush()  # a write still on its way is part of them
    return _read()


def _read() -> tuple[Statistics, str | None]:
    try:
        return read_json(user_data_dir() / FILE_NAME, Statistics.from_json) or Statistics(), None
    except CorruptFile as error:
        return Statistics(), f"Your statistics could not be read: {error}. Counting starts afresh."


_to_count: list[tuple[str, Callable[[Statistics], None]]] = []  # finished games the writer has not counted yet
_to_count_lock = threading.Lock()


def count_finished(info, seats, state) -> None:
    """Count a finished game once, known by its game, seed and first player (a save resumed before the last
    move and finished again is the same game). The file is read, added to and written again on the background
    writer's thread: a game's end waited for the disk here while its last writes were on their way. A damaged
    file, or a failed write, is told through ``storage.WRITER.failures``."""
    with _to_count_lock:
        _to_count.append((f"{info.id}:{state.seed}:{state.first}", finished_game(info, seats, state)))
    WRITER.put(user_data_dir() / FILE_NAME, _counted, WRITE_FAILED)


def _counted() -> dict | None:
    """The statistics file's data with the games finished since added (on the writer's thread); None if they
    were counted already."""
    with _to_count_lock:
        finished = list(_to_count)
        _to_count.clear()
    stats, problem = _read()
    if problem:
        WRITER.report(problem)
    new = [(key, add) for key, add in finished if key not in stats.counted]
    for key, add in new:
        add(stats)
        stats.counted = (stats.counted + [key])[-REMEMBERED:]
    return stats.to_json() if new else None
