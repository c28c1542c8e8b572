"""What the Takedown table makes ahead while its setup screen is up: the lit board at this window's size (10-17 ms
at 1920x1080) and each picture's target with all its pieces (2-6 ms each), so that the table's first frame only
blits them; and the memory of the table's full-screen layer. While a screen waits for a person, the challenge
tables are read (``AHEAD``)."""

from __future__ import annotations

from functools import partial

from game.core.steps import Steps
from game.takedown.level import ICONS, PIECES, challenge_levels
from game.takedown.rules import level_by_id, standard_table
from game.takedown.scene import DIE_ICONS, TABLE
from game.takedown.table_art import cached_target, prepare_board, prepare_target_discs
from game.ui import layout
from game.ui.dice3d import read_outlines

# the challenge list and the statistics read all thirteen (20-30 ms); the die's outlines
AHEAD = (challenge_levels, partial(read_outlines, DIE_ICONS))


def steps(canvas) -> Steps[None]:
    yield from prepare_board(canvas, TABLE)
    level = level_by_id(standard_table(2))  # the standard tables share their size and pieces
    scale = TABLE[2] / level.table_w  # as the table scales them
    pieces = [(piece, level.piece_radius(piece) * scale) for piece in PIECES]
    center = (TABLE[0] + TABLE[2] / 2, TABLE[1] + TABLE[3] / 2)
    yield from prepare_target_discs(canvas, center, pieces)
    for icon in ICONS:
        yield
        cached_target(canvas, center, pieces, icon, ahead=True)
    yield
    canvas.reserve_layer(layout.SCREEN, opaque=True)  # the table's own layer (its Bases are in the seats' colours)
