"""The Takedown screens headless: flicking with the mouse, saving, resuming, challenges."""

import math

import pygame
import pytest
from conftest import run_until

from game import saves
from game.registry import GAMES
from game.saves import Seat
from game.takedown import progress
from game.takedown.level import challenge_levels
from game.takedown.scene import MAX_DRAG

INFO = GAMES["takedown"]


def scene_for(app, seats):
    scene = INFO.start(app, seats, first=0)  # seat 1 flicks first here (a new game draws who does)
    app.scenes.push(scene)
    return scene




def drag(app, start, end):
    ev = pygame.event.Event
    px = app.canvas.px
    app.step(1 / 60, [ev(pygame.MOUSEBUTTONDOWN, {"pos": px(*start), "button": 1})])
    app.step(1 / 60, [ev(pygame.MOUSEMOTION, {"pos": px(*end), "rel": (0, 0), "buttons": (1, 0, 0)})])
    app.step(1 / 60, [ev(pygame.MOUSEBUTTONUP, {"pos": px(*end), "button": 1})])


def test_pulling_back_flicks_the_other_way_with_power_from_the_pull(app):
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "easy")])
    app.step(1 / 60, [])
    x, y = scene.to_screen(*scene.die)
    drag(app, (x, y), (x, y + MAX_DRAG * 0.6))  # pull down: flick up
    assert scene.sim is not None
    assert scene.sim.flick.angle == pytest.approx(-math.pi / 2, abs=0.15)
    assert scene.sim.flick.power == pytest.approx(0.6, abs=0.1)
    assert scene.game.log[-1][1] == {"angle": scene.sim.flick.angle, "power": scene.sim.flick.power,
                                     "spin": scene.sim.flick.spin}, "the flick as made is the logged action"


def test_a_short_click_on_the_die_does_not_flick(app):
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "easy")])
    app.step(1 / 60, [])
    x, y = scene.to_screen(*scene.die)
    drag(app, (x, y), (x + 3, y + 2))
    assert scene.sim is None and scene.game.attempts == 0 and not scene.game.log


def test_the_screen_lands_the_die_where_the_rules_say_and_saves(app):
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "normal")])
    app.step(1 / 60, [])
    scene.human_flick(-math.pi / 2, 0.6)
    run_until(app, lambda: scene.idle and scene.game.attempts == 1)
    assert saves.load("takedown").state.to_json() == scene.game.to_json()
    assert scene.shown_pieces == scene.game.pieces and scene.shown_piles == scene.game.piles
    assert [list(p) for p in scene.saucer_pos] == scene.game.saucers


def test_continue_puts_saucers_and_pieces_back(app):
    seats = [Seat("A", 0, "expert"), Seat("B", 1, "easy"), Seat("C", 2, "normal")]
    scene_for(app, seats)
    run_until(app, lambda: app.scenes.top.game.flicks >= 3 and app.scenes.top.idle)
    record = app.scenes.top.game.to_json()
    saucers = [list(s) for s in app.scenes.top.game.saucers]
    saved = saves.load("takedown")
    app.scenes.reset(INFO.scene(app, saved.seats, saved.state))
    resumed = app.scenes.top
    assert resumed.game.to_json() == record
    assert [list(p) for p in resumed.saucer_pos] == saucers


def test_a_challenge_run_has_its_own_save_and_does_not_touch_a_game_in_progress(app):
    from game.takedown import challenges

    scene_for(app, [Seat("A", 0, None), Seat("B", 1, "easy")])
    game_record = saves.load("takedown").state.to_json()
    level = challenge_levels()[0][0]
    challenges.open_level(app, INFO, level)
    run_scene = app.scenes.top
    assert run_scene.game.challenge and run_scene.slot == challenges.slot(level)
    run_scene.human_flick(-math.pi / 2, 0.5)
    run_until(app, lambda: run_scene.idle)
    assert saves.load("takedown").state.to_json() == game_record, "opening a challenge keeps the saved game"
    assert saves.load(challenges.slot(level)).state.log == run_scene.game.log
    challenges.open_level(app, INFO, level)
    assert type(app.scenes.top).__name__ == "StartOverScene", "a saved run is continued or started over, never lost silently"


def test_a_game_saved_mid_flight_flies_again_and_lands_the_same(app):
    from game.takedown.shot import Flick

    game = INFO.new_state(2, 5)
    game.apply(0, Flick(-math.pi / 2, 0.62))
    expected = game.copy()
    expected.apply_chance()
    scene = INFO.scene(app, [Seat("A", 0, None), Seat("B", 1, "easy")], game)
    app.scenes.push(scene)
    assert scene.sim is not None
    run_until(app, lambda: scene.idle)
    assert scene.game.to_json() == expected.to_json()


def test_challenge_progress_keeps_the_best_and_unlocks_in_order(user_dir):
    levels, _ = challenge_levels()
    assert progress.unlocked(levels, {})[:2] == [True, False]
    progress.record(levels[0].id, 2, 5)
    progress.record(levels[0].id, 1, 3)  # worse: fewer stars
    best = progress.record(levels[0].id, 2, 4)  # same stars, fewer flicks
    assert best[levels[0].id] == {"stars": 2, "flicks": 4}
    assert progress.unlocked(levels, best)[:3] == [True, True, False]


def test_corrupt_challenge_progress_is_reported_and_kept(user_dir):
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / progress.FILE_NAME).write_text('{"levels": {"x": {"stars": 9}}}')
    best, problem = progress.load()
    assert best == {} and "stars" in problem
    assert list(user_dir.glob(progress.FILE_NAME + ".corrupt-*"))


def test_pad_stick_aims_and_trigger_flicks(app):
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "easy")])
    app.step(1 / 60, [])
    axis = lambda a, v: pygame.event.Event(pygame.CONTROLLERAXISMOTION, {"axis": a, "value": v, "instance_id": 7})
    scene.handle(axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 26000))
    assert scene.power == pytest.approx(26000 / 32767)
    scene.handle(axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0))
    assert scene.sim is not None, "releasing the trigger flicks"


def test_a_press_skips_a_bots_aim_and_flight(app):
    scene = scene_for(app, [Seat("Bot", 0, "normal"), Seat("Me", 1, None)])
    run_until(app, lambda: scene.bot_aim is not None, dt=1 / 60)
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (5, 5), "button": 1})
    app.step(1 / 60, [press])
    assert scene.bot_aim is None and scene.sim is None and scene.game.attempts == 1
    assert scene.idle or not scene.skippable


def press_and_pull(app, start, moves, release_at=None):
    """Press on the die, move by relative steps (the pointer held at the screen edge), release."""
    ev = pygame.event.Event
    px = app.canvas.px
    app.step(1 / 60, [ev(pygame.MOUSEBUTTONDOWN, {"pos": px(*start), "button": 1})])
    edge = px(start[0], 719)
    for rel in moves:
        app.step(1 / 60, [ev(pygame.MOUSEMOTION, {"pos": edge, "rel": rel, "buttons": (1, 0, 0)})])
    app.step(1 / 60, [ev(pygame.MOUSEBUTTONUP, {"pos": edge, "button": 1})])


def test_full_power_from_the_bottom_base_even_at_the_screen_edge(app, monkeypatch):
    import game.takedown.scene
    import game.takedown.shot

    monkeypatch.setattr(game.takedown.shot, "WOBBLE_POWER", 0.0)  # the pull is measured here, not the hand's shake
    app.canvas.attach(pygame.Surface((1920, 1080)))  # fullscreen on a TV
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "easy")])
    app.step(1 / 60, [])
    x, y = scene.to_screen(*scene.die)
    press_and_pull(app, (x, y), [(0, 60)] * 8)  # 480 window px of pull though the pointer cannot go lower
    assert scene.sim is not None and scene.sim.flick.power > 0.95
    assert scene.sim.flick.angle == pytest.approx(-math.pi / 2, abs=0.15), "pulling down flicks up"


def test_a_swipe_flicks_the_way_it_goes(app):
    app.settings.games["flick_style"] = "swipe"
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "easy")])
    app.step(1 / 60, [])
    x, y = scene.to_screen(*scene.die)
    drag(app, (x, y), (x, y - MAX_DRAG * 0.5))  # pushed up: flicked up, half power
    assert scene.sim.flick.angle == pytest.approx(-math.pi / 2, abs=0.15)
    assert scene.sim.flick.power == pytest.approx(0.5, abs=0.1)


def test_the_screen_says_how_to_flick_with_the_input_in_hand(app):
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "easy")])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, {"pos": (10, 10), "rel": (1, 1), "buttons": (0, 0, 0)})])
    assert "slingshot" in scene.message
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_LEFT, "mod": 0, "unicode": ""})])
    assert "Space flicks" in scene.message
    app.step(1 / 60, [pygame.event.Event(pygame.CONTROLLERAXISMOTION, {"axis": pygame.CONTROLLER_AXIS_LEFTX,
                                                                      "value": 30000, "instance_id": 3})])
    assert "trigger" in scene.message and not scene.game.log


def test_the_last_flick_replays_and_leaves_the_game_as_it_was(app):
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bo", 1, None)])
    app.step(1 / 60, [])
    scene.human_flick(-math.pi / 2, 0.62)
    run_until(app, lambda: scene.idle and scene.game.attempts == 1)
    record = scene.game.to_json()
    assert scene.ghosts[0], "the flight left a trail to learn from"
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_r, "mod": 0, "unicode": "r"})])
    assert scene.replay is not None and scene.busy
    run_until(app, lambda: scene.replay is None)
    assert scene.game.to_json() == record and scene.shown_pieces == scene.game.pieces


def test_a_resumed_game_lists_its_last_flicks_in_the_words_they_had_when_played(app):
    app.settings.animation_speed = "turbo"
    scene = scene_for(app, [Seat("Ada", 0, "easy"), Seat("Bo", 1, "easy"), Seat("Cy", 2, "normal")])
    run_until(app, lambda: len(scene.turn_log) >= 10 and scene.idle)
    live = list(scene.turn_log)
    resumed = INFO.scene(app, scene.seats, INFO.load_state(scene.game.to_json()))
    assert list(resumed.turn_log) == live
    assert any("'s " in line for line in live) and any("missed" in line or "off the table" in line for line in live)


def test_a_resumed_game_says_whose_saucer_a_flick_knocked_home(app):
    from game.core.protocol import CHANCE
    from game.takedown.shot import Flick, Landing

    game = INFO.new_state(2, 1)
    game.saucers[1] = [600.0, 200.0]
    game.apply(0, Flick(-math.pi / 2, 0.5))
    game.apply(CHANCE, Landing(600.0, 250.0, "robot", False, True, None, (1,)))
    resumed = INFO.scene(app, [Seat("Ada", 0, None), Seat("Bo", 1, "easy")], game)
    assert list(resumed.turn_log) == ["Ada: missed; the saucer lands where the die stopped; knocked Bo's saucer home"]


def test_each_person_finds_the_power_they_last_flicked_with_live_and_in_a_continued_game(app):
    app.settings.animation_speed = "turbo"
    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bot", 1, "expert")])
    app.step(1 / 60, [])
    assert scene.power == pytest.approx(0.55), "the middle before a first flick"
    scene.human_flick(scene.aim, 0.31)
    run_until(app, lambda: scene.idle and scene.game.current == 0 and scene.game.flicks == 2)
    assert scene.power == pytest.approx(0.31), "Ada's own power back, not the bot's flick's"
    resumed = INFO.scene(app, scene.seats, INFO.load_state(scene.game.to_json()))
    shaken = next(shot.flick.power for shot in scene.game.shots if shot.player == 0)
    assert resumed.power == pytest.approx(shaken) and abs(shaken - 0.31) < 0.05, "her flick as the rules kept it"


def test_a_claim_pops_its_points_where_it_happened(app):
    from game.takedown.rules import Claimed

    scene = scene_for(app, [Seat("Ada", 0, None), Seat("Bo", 1, None)])
    script = scene._claim(Claimed(0, 1, "outer", False, 1))
    next(script)
    assert scene.popups and scene.popups[0][0] == "+1"
    target = scene.level.targets[1]
    assert scene.popups[0][1] == scene.to_screen(target.x, target.y)


def test_a_full_tie_offers_a_deciding_game_to_the_tied_players_only(app):
    from game.takedown.rules import OVER

    seats = [Seat("Ada", 0, None), Seat("Bo", 1, "easy"), Seat("Cy", 2, "easy")]
    scene = scene_for(app, seats)
    scene.game.piles = [[(0, "outer", False)], [], [(1, "outer", False)]]
    scene.game.phase = OVER
    scene.show_results()
    results = app.scenes.top
    assert results.decider is not None and results.buttons.buttons[0].label == "Deciding game"
    results.decider()
    deciding = app.scenes.top
    assert [s.name for s in deciding.seats] == ["Ada", "Cy"] and deciding.game.players == 2


@pytest.mark.parametrize("size", (100, 150))
def test_a_held_result_that_wraps_gets_a_box_tall_enough(app, size):
    """A miss by a long-named player runs over two lines or more: the box grows, nothing overlaps (smoke once
    caught "Missed" over "Zax's saucer lands where the")."""
    app.settings.text_size = size
    app.apply_settings()
    scene = GAMES["takedown"].start(app, [Seat("Zaxxington the Great", 0, None), Seat("Bo", 1, "easy")], first=0)
    app.scenes.reset(scene)
    app.step(1 / 60, [])
    scene.banner = None
    scene.hold_result("Missed", "Zaxxington the Great's saucer lands where the die stopped.", (255, 208, 90))
    scene.banner = None
    app.step(1 / 60, [])
    assert app.audit_layout() == []


@pytest.mark.parametrize("size", (100, 150))
def test_who_starts_is_told_clear_of_the_base_at_the_top_middle(app, size, monkeypatch):
    """The opening note ("... sits closest to Mars tonight ...") wraps before the saucer at the top Base."""
    from game.takedown.scene import TABLE

    app.settings.text_size = size
    app.apply_settings()
    scene = GAMES["takedown"].start(app, [Seat("Player 1", 0, None), Seat("Zax", 1, "normal")], first=0)
    app.scenes.reset(scene)
    boxes = []
    monkeypatch.setattr(app.canvas, "shade", lambda rect, *args, **kwargs: boxes.append(rect))
    scene._draw_tag(app.canvas, scene.opening(), (255, 255, 255))
    (x, _, w, _), = boxes
    assert x + w <= TABLE[0] + TABLE[2] / 2 - 45, "the top Base's saucer (radius 45) stays in view"


@pytest.mark.parametrize("size", (100, 150))
def test_a_match_moves_the_bases_on_and_says_its_round_in_full(app, size):
    """Round 2 of a four-player match: each saucer sits on the Base the rules give it, each Base is drawn in its
    owner's colour there, and the scoreboard's title reads whole."""
    from game.takedown.rules import RoundStarted

    app.settings.text_size = size
    app.apply_settings()
    seats = [Seat(name, i, None) for i, name in enumerate(("Ada", "Bo", "Cy", "Di"))]
    scene = GAMES["takedown"].start(app, seats, {"format": "match"}, first=0)
    app.scenes.reset(scene)
    app.step(1 / 60, [])
    game = scene.game
    game.round = 1
    game.saucers = [list(game.base(p)) for p in range(4)]
    scene.play([RoundStarted(1, 1)])
    run_until(app, lambda: not scene.busy)
    assert [scene.base(p) for p in range(4)] == [game.base(p) for p in range(4)] != list(game.level.bases)
    assert scene.saucer_pos == [list(game.base(p)) for p in range(4)]
    assert app.audit_layout() == []
    assert scene.scoreboard.title == "Round 2 of 4"
