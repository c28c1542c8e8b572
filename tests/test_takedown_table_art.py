"""The Takedown table's art: cached where it should be, and a target's sprite holds all of its drawing."""

import pygame
import pytest
from conftest import loop_until

from game.takedown.table_art import board_top, draw_target, target_rect
from game.ui.canvas import Canvas

PIECES = [("outer", 60.0), ("middle", 40.0), ("center", 20.0)]


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080)])
def test_a_target_sprite_holds_its_shadow_and_edge(window):
    """The scene caches a target in ``target_rect``: anything drawn outside it would be cut off."""
    pygame.display.set_mode((64, 64))
    surface = pygame.Surface(window, pygame.SRCALPHA)
    canvas = Canvas(surface)
    center = (400.0, 300.0)
    draw_target(canvas, center, PIECES, "robot")
    drawn = pygame.mask.from_surface(surface, 1).get_bounding_rects()
    room = canvas.prect(target_rect(center, PIECES[0][1]))
    assert drawn and all(room.contains(rect) for rect in drawn), (drawn, room)


def test_the_board_top_is_made_once_per_size_and_rounded():
    """Made once per window size (a new game on the same window only blits it), corners left clear for the rim."""
    canvas = Canvas(pygame.display.set_mode((64, 64)))
    top = board_top(canvas, (960, 640), 6)
    assert board_top(canvas, (960, 640), 6) is top
    assert top.get_size() == (960, 640)
    assert top.get_at((0, 0)).a == 0 and top.get_at((480, 320)).a == 255


def test_the_setup_screen_makes_the_board_before_the_table_opens(app):
    """The board top (10-17 ms at 1920x1080) is made while setup is up, between its frames (the loop's sleep), never
    in the table's first frame nor in setup's."""
    from game.registry import GAMES
    from game.takedown import table_art
    from game.takedown.scene import TABLE

    app.scenes.reset("setup", GAMES["takedown"])
    setup = app.scenes.top
    assert setup.frame_rate() > 0, "the loop wakes to go on while it prepares"
    for _ in range(40):
        app.step(1 / 60, [])
    assert setup.preparing is not None, "frames alone make none of it (a slice each made all of it in 20)"
    loop_until(app, lambda: setup.preparing is None)
    key = (app.canvas.prect(TABLE).size, app.canvas.size(table_art.CORNER))
    made = app.canvas.picture(table_art.board_key(*key))
    assert made is not None and setup.preparing is None and setup.frame_rate() == 0
    assert table_art.board_top(app.canvas, *key) is made, "the table's first frame only blits it"

