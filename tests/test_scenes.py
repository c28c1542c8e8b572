"""Scenes headless: a whole bot game on screen, saving, resuming, the results."""

import pygame
from conftest import run_until

from game import saves
from game.registry import GAMES
from game.saves import Seat
from game.scenes.title import TitleScene




def test_bot_game_plays_to_results_and_clears_the_save(app):
    seats = [Seat("A", 0, "optimal"), Seat("B", 1, "greedy"), Seat("C", 2, "winner")]
    app.push(GAMES["martian-dice"].scene(app, seats))
    run_until(app, lambda: saves.exists() and app.top.game.scores != [0, 0, 0])
    run_until(app, lambda: type(app.top).__name__ == "ResultsScene")
    assert not saves.exists(), "a finished game leaves nothing to continue"
    assert sum(len(group) for group in app.top.ranking) == 3


def test_continue_resumes_the_saved_state(app):
    seats = [Seat("A", 0, "optimal"), Seat("B", 1, "cautious")]
    app.push(GAMES["martian-dice"].scene(app, seats))
    run_until(app, lambda: max(app.top.game.scores) > 0)
    state = app.top.game.to_json()
    assert saves.load().state == state, "autosaved after the last action"
    app.reset(TitleScene(app))
    title = app.top
    assert title.saved and title.buttons.buttons[0].label.startswith("Continue")
    title.buttons.buttons[0].on_click()
    resumed = app.top
    assert resumed.game.to_json() == state
    assert sum(1 for d in resumed.dice if d.aside) == sum(state["aside"])


def test_human_cannot_act_during_animation_and_gets_a_reason(app):
    seats = [Seat("Me", 0, None), Seat("Bot", 1, "optimal")]
    scene = GAMES["martian-dice"].scene(app, seats)
    app.push(scene)
    app.step(1 / 60, [])
    stop = next(b for b in scene.buttons.buttons if b.label == "Stop")
    assert not stop.enabled and "roll" in stop.reason.lower()
    scene.perform("roll")
    roll = next(b for b in scene.buttons.buttons if b.label == "Roll")
    assert not roll.enabled and "settle" in roll.reason


def test_resize_keeps_logical_coordinates(app):
    app.push(TitleScene(app))
    app.step(1 / 60, [])
    app.canvas.attach(pygame.Surface((1920, 1080)))
    assert app.canvas.scale == 1.5
    assert app.canvas.to_logical(app.canvas.px(100, 200)) == (100, 200)


def test_screen_never_shows_the_roll_before_the_dice_land(app):
    seats = [Seat("Me", 0, None), Seat("Bot", 1, "optimal")]
    scene = GAMES["martian-dice"].scene(app, seats)
    app.push(scene)
    app.step(1 / 60, [])
    scene.perform("roll")
    app.step(1 / 60, [])
    assert scene.dice[0].moving or scene.dice[0].path is not None
    assert scene.shown.table == [0] * 5 and scene.shown.aside == [0] * 5, "the result is not given away mid-tumble"
    run_until(app, lambda: scene.idle)
    assert scene.shown.to_json() == scene.game.to_json(), "once idle, the screen shows the rules state"


def test_game_pad_buttons_and_stick_become_keys(app):
    press = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, {"button": pygame.CONTROLLER_BUTTON_X, "instance_id": 0})
    assert [e.key for e in app._translate(press)] == [pygame.K_SPACE]
    push = pygame.event.Event(pygame.CONTROLLERAXISMOTION,
                              {"axis": pygame.CONTROLLER_AXIS_LEFTY, "value": 30000, "instance_id": 0})
    assert [e.key for e in app._translate(push)] == [pygame.K_DOWN]
    assert app._translate(push) == [], "holding the stick moves the focus once"


def test_keyboard_focus_and_enter_activate_buttons(app):
    app.push(TitleScene(app))
    app.step(1 / 60, [])
    title = app.top
    key = lambda k: pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0})
    app.step(1 / 60, [key(pygame.K_DOWN)])
    assert title.buttons.focus == 0
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert type(app.top).__name__ == "SetupScene"


def test_setup_remembers_the_last_players_of_each_game(app, user_dir):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app, GAMES["martian-dice"])
    app.push(setup)
    setup._add()
    setup.seats[0].name = "Ada"
    setup._start()
    again = SetupScene(app, GAMES["martian-dice"])
    assert [s.name for s in again.seats] == ["Ada", "Zax", "Blorp"]
    assert len(SetupScene(app, GAMES["takedown"]).seats) == 2, "each game keeps its own line-up"
    (user_dir / saves.LINEUP_FILE).write_text("[oops")
    broken = SetupScene(app, GAMES["martian-dice"])
    assert len(broken.seats) == 2 and "reset" in broken.notice
