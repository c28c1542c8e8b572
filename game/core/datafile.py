"""Reading the game's own data files (tables, decks, card sets) with errors that say where.

A broken file raises a ``DataFileError`` (each kind of file has its own subclass) naming the
file, the field and the problem, so the game can report it and go on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.files import read_text

_reported: list[str] = []  # problems with the game's own data met since the last look (see ``take_reported``)


def report(problem: str) -> None:
    """Note a problem with the game's own data that a feature stepped aside for; the app shows it as a notice."""
    if problem not in _reported:
        _reported.append(problem)


def take_reported() -> list[str]:
    """The problems noted since the last call."""
    taken = list(_reported)
    _reported.clear()
    return taken


class DataFileError(ValueError):
    def __init__(self, path: str | Path, where: str, problem: str):
        super().__init__(f"{Path(path).name}: field '{where}': {problem}")
        self.path, self.where, self.problem = path, where, problem


def read_toml(path: Path, error: type[DataFileError] = DataFileError) -> dict[str, Any]:
    """The file's TOML; `error` (naming the file) if it cannot be read or parsed."""
    import tomllib  # here, not at start-up: the title needs no data file (5 ms; ``game.warm_up`` loads it ahead)

    try:
        return tomllib.loads(read_text(Path(path)))
    except OSError as failure:
        raise error(path, "(file)", f"cannot be read: {failure.strerror or failure}") from None
    except RecursionError:
        raise error(path, "(file)", "is nested too deeply") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, ValueError) as failure:
        raise error(path, "(file)", f"is not valid TOML: {plain_reason(failure)}") from None


def plain_reason(failure: Exception) -> str:
    """A parser's complaint in the game's words where Python's own would puzzle a player."""
    text = str(failure)
    if "digits" in text and "limit" in text:
        return "it holds a number far too long to be real"
    if isinstance(failure, UnicodeDecodeError):
        return f"it is not UTF-8 text (byte {failure.start})"
    return text or type(failure).__name__
