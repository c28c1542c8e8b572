"""Reading the game's own data files (tables, decks, card sets) with errors that say where.

A broken file raises a ``DataFileError`` (each kind of file has its own subclass) naming the
file, the field and the problem, so the game can report it and go on.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


class DataFileError(ValueError):
    def __init__(self, path: str | Path, where: str, problem: str):
        super().__init__(f"{Path(path).name}: field '{where}': {problem}")
        self.path, self.where, self.problem = path, where, problem


def read_toml(path: Path, error: type[DataFileError] = DataFileError) -> dict[str, Any]:
    """The file's TOML; `error` (naming the file) if it cannot be read or parsed."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as failure:
        raise error(path, "(file)", f"cannot be read: {failure.strerror or failure}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as failure:
        raise error(path, "(file)", f"is not valid TOML: {failure}") from None
