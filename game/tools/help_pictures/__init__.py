"""The how-to pictures (assets/help/<game>/), composed from the games' face art and shapes drawn in code.

    python -m game.tools.help_pictures

writes every picture of every registered game (each game draws its own in its ``help_pictures``
module); tests/test_help.py checks the files are what this writes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from game.paths import asset_path
from game.registry import GAMES


def pictures() -> dict[str, Callable[[], str]]:
    """Asset name ("help/<game id>/<picture>.svg") -> the function drawing it."""
    return {f"help/{info.id}/{name}.svg": draw for info in GAMES.values() for name, draw in info.help_pictures.items()}


def write_all() -> list[Path]:
    written = []
    for name, draw in pictures().items():
        target = asset_path(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(draw(), encoding="utf-8")
        written.append(target)
    return written
