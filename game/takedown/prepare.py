"""What the Takedown table makes ahead while its setup screen is up: the lit board at this window's size (10-17 ms
at 1920x1080), so that the table's first frame only blits it."""

from __future__ import annotations

from game.core.steps import Steps
from game.takedown.scene import TABLE
from game.takedown.table_art import prepare_board


def steps(canvas) -> Steps[None]:
    return prepare_board(canvas, TABLE)
