"""The how-to pictures (assets/help/<game>/), composed from the games' face art and shapes drawn in code.

    python -m game.tools.help_pictures

writes every picture; tests/test_help.py checks the files are what this writes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from game.tools.help_pictures import heroes, mars_attacks, martian_dice, takedown
from game.tools.help_pictures.parts import ASSETS

GAMES = {"martian-dice": martian_dice, "takedown": takedown, "mars-attacks": mars_attacks, "heroes": heroes}


def pictures() -> dict[str, Callable[[], str]]:
    """Asset name ("help/martian-dice/duel.svg") -> the function drawing it."""
    return {f"help/{game}/{name}.svg": draw for game, module in GAMES.items() for name, draw in module.PICTURES.items()}


def write_all() -> list[Path]:
    written = []
    for name, draw in pictures().items():
        target = ASSETS / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(draw(), encoding="utf-8")
        written.append(target)
    return written
