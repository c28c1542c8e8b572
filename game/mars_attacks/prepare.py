"""What the Mars Attacks table makes ahead while its setup screen is up: the memory of its full-screen layer (the
room, the stacks' places), touched now rather than in the table's first frame, and its waiting dice's sprites. While a screen waits for a person,
the deck's cards are read (``AHEAD``: 5 ms that a new game's first frame paid)."""

from __future__ import annotations

from functools import partial

from game.core.steps import Steps
from game.mars_attacks.deck import standard_deck
from game.mars_attacks.rules import NUM_DICE
from game.mars_attacks.scene import DICE_ICONS, DIE
from game.ui import layout
from game.ui.dice3d import read_outlines
from game.ui.tray import DiceTray

AHEAD = (standard_deck, partial(read_outlines, DICE_ICONS))


def steps(canvas) -> Steps[None]:
    canvas.reserve_layer(layout.SCREEN, opaque=True)
    yield from DiceTray.prepare_waiting(canvas, DICE_ICONS, NUM_DICE, DIE)
