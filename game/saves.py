"""The autosave: one game in progress, written after every action.

A save holds the game id, the seats (names, colours, bot strengths) and the
rules state as JSON. Each game registers how to rebuild its state.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from game.core.fields import Fields
from game.paths import user_data_dir
from game.storage import CorruptFile, read_json, remove, write_json

FILE_NAME = "autosave.json"
FORMAT = 1


@dataclass
class Seat:
    name: str
    color: int  # index into theme.PLAYER_COLORS (and PLAYER_SYMBOLS)
    bot: str | None = None  # None for a human, else the bot strength

    @classmethod
    def from_json(cls, data) -> "Seat":
        f = Fields(data)
        name = f.get("name", str)
        if not name.strip() or len(name) > 24:
            raise ValueError("field 'name' must be 1 to 24 characters")
        bot = data.get("bot")
        if bot is not None and not isinstance(bot, str):
            raise ValueError("field 'bot' should be a string or null")
        return cls(name=name, color=f.int("color", 0, 7), bot=bot)


@dataclass
class SavedGame:
    game: str
    seats: list[Seat]
    state: dict

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "seats": [asdict(s) for s in self.seats], "state": self.state}


def _path():
    return user_data_dir() / FILE_NAME


def _validate(data) -> SavedGame:
    from game.registry import GAMES

    f = Fields(data)
    if f.get("format", int) != FORMAT:
        raise ValueError(f"field 'format' is {data['format']}, this version reads {FORMAT}")
    game_id = f.choice("game", tuple(GAMES))
    seats = [Seat.from_json(s) for s in f.get("seats", list)]
    state = f.get("state", dict)
    GAMES[game_id].validate(seats, state)
    return SavedGame(game_id, seats, state)


def save(game: SavedGame) -> None:
    write_json(_path(), game.to_json())


def load() -> SavedGame | None:
    """The game in progress, None if there is none; raises CorruptFile."""
    return read_json(_path(), _validate)


def exists() -> bool:
    return _path().exists()


def clear() -> None:
    remove(_path())


# ----- the last line-up per game (setup starts from it) ------------------
LINEUP_FILE = "players.json"


def _validate_lineups(data) -> dict:
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object of games")
    return {game: [Seat.from_json(s) for s in seats] for game, seats in data.items() if isinstance(seats, list)}


def load_lineup(game_id: str) -> tuple[list[Seat] | None, str | None]:
    """The seats last used for this game (None if none), and a problem report."""
    try:
        lineups = read_json(user_data_dir() / LINEUP_FILE, _validate_lineups) or {}
    except CorruptFile as error:
        return None, f"Your saved player list was reset: {error}"
    return lineups.get(game_id), None


def save_lineup(game_id: str, seats: list[Seat]) -> None:
    try:
        lineups = read_json(user_data_dir() / LINEUP_FILE, _validate_lineups) or {}
    except CorruptFile:
        lineups = {}
    lineups[game_id] = seats
    write_json(user_data_dir() / LINEUP_FILE, {g: [asdict(s) for s in ss] for g, ss in lineups.items()})
