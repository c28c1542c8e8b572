"""Modules load ahead while a screen waits for a person, one at a time and only when there is room."""

from __future__ import annotations

import sys

from game import warm_up
from game.registry import GAMES
from game.scenes.stack import SCENES
from game.warm_up import WarmUp, modules_to_load


def test_every_screen_and_every_game_s_table_is_on_the_list_but_the_phone_screens():
    names = modules_to_load()
    for info in GAMES.values():
        assert f"{info.package}.scene" in names
        assert names.index(f"{info.package}.rules") < names.index(f"{info.package}.scene"), "what it imports first"
        assert f"{info.package}.{info.state_module}" in names, "the table's state (Takedown's is physical.py)"
        if info.optional_module("report"):
            assert f"{info.package}.report" in names, "the results' luck report"
    screens = {spec.split(":")[0] for name, spec in SCENES.items() if name not in warm_up.LEFT_OUT}
    assert screens <= set(names)
    assert "game.scenes.phones" not in names


def test_one_module_a_call_and_none_without_room(monkeypatch):
    for name in ("json.tool", "wave"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    loading = WarmUp(["json", "game.no_such_module", "json.tool", "wave"])
    assert not loading.load_next(warm_up.ROOM / 2) and "json.tool" not in sys.modules, "no room: nothing loaded"
    assert loading.load_next(warm_up.ROOM), "one loaded (json is loaded already and the missing one is skipped)"
    assert "json.tool" in sys.modules and "wave" not in sys.modules, "only one"
    assert loading.load_next(1.0) and "wave" in sys.modules
    assert not loading.load_next(1.0), "nothing left"


def test_the_loop_s_idle_moment_loads_the_next_module(app, monkeypatch):
    monkeypatch.delitem(sys.modules, "wave", raising=False)
    app.warm_up = WarmUp(["wave"])
    monkeypatch.setattr(app.collector, "sweep_if_due", lambda room: False)
    assert app.idle(0.05) and "wave" in sys.modules


def test_a_game_s_work_ahead_is_done_one_piece_a_call_after_the_modules(monkeypatch):
    info = next(iter(GAMES.values()))
    done = []
    monkeypatch.setattr(type(info), "work_ahead", lambda self: (lambda: done.append(1), lambda: done.append(2)))
    work = WarmUp(["json", info])
    assert work.load_next(1.0) and done == [1]
    assert work.load_next(1.0) and done == [1, 2]
    assert not work.load_next(1.0)
    assert info in warm_up.work_to_do(), "every game's work ahead is on the list"


def test_martian_dice_s_work_ahead_works_out_the_rolls_a_continued_game_s_first_solve_weighs():
    from game.martian_dice import policy

    policy._non_tank_outcomes.cache_clear()
    for piece in GAMES["martian-dice"].work_ahead():
        piece()
    made = policy._non_tank_outcomes.cache_info().currsize
    assert made == (policy.NUM_DICE + 1) * 4, "every dice count and kinds taken"


def test_every_help_picture_s_shape_is_read_ahead():
    from game.ui.help_layout import aspect

    aspect.cache_clear()
    work = WarmUp([warm_up.HELP_SHAPES])
    assert work.load_next(1.0) and work.done
    assert warm_up.HELP_SHAPES in warm_up.work_to_do()
    pictures = {name for info in GAMES.values() for page in info.help_pages for name, _ in page.pictures}
    assert pictures and aspect.cache_info().currsize == len(pictures), "a help page's first frame reads no file"
