"""What the Mars Attacks table makes ahead while its setup screen is up: the memory of its full-screen layer (the
room, the stacks' places), touched now rather than in the table's first frame."""

from __future__ import annotations

from game.core.steps import Steps
from game.ui import layout


def steps(canvas) -> Steps[None]:
    canvas.reserve_layer(layout.SCREEN, opaque=True)
    yield
