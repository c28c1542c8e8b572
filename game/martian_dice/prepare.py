"""What the Martian Dice table makes ahead while its setup screen is up: its full-screen layer (the room, the tray,
the rows: 6 ms at 1920x1080) and its 13 waiting dice (7 ms), so that the table's (or the lesson's) first frame
only blits them; and the rolls' outcomes its bots' first decision weighs. While a screen waits for a person, the
Winner bot's table is read, the rolls' outcomes worked out and the dice icons' outlines read (``AHEAD``: a game
continued from the title has no setup screen before it)."""

from __future__ import annotations

from functools import partial

from game.core.steps import Steps
from game.martian_dice import policy, winning
from game.martian_dice.rules import NUM_DICE
from game.martian_dice.scene import DICE_ICONS, DIE, TABLE_LAYER, GameScene
from game.ui import layout
from game.ui.dice3d import read_outlines
from game.ui.tray import DiceTray

AHEAD = (winning.table, policy.warm, partial(read_outlines, DICE_ICONS))


def steps(canvas) -> Steps[None]:
    canvas.prepare_layer(TABLE_LAYER, layout.SCREEN, GameScene.draw_static, opaque=True)
    yield from DiceTray.prepare_waiting(canvas, DICE_ICONS, NUM_DICE, DIE)
    yield
    yield from policy.warm_steps()
