"""Remapping keys and pad buttons: through the real input path, saved per user, conflicts swapped, damaged
files reported, and every button showing the key or pad button it is bound to."""

import json

import pygame
import pytest
from conftest import run_until

from game import controls, storage
from game.app import App
from game.heroes.rules import BID
from game.martian_dice.rules import ROLL_OR_STOP
from game.registry import GAMES
from game.saves import Seat
from game.scenes.controls import ControlsScene
from game.scenes.howto import HowToPlayScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.title import TitleScene
from game.ui import bindings
from game.ui.bindings import Bindings, Hint, Refused


def key(k, source="keyboard"):
    """A physical key press, as pygame sends it."""
    return pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0, "source": source})


def pad(button, instance=7):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, {"button": button, "instance_id": instance})


def dice_turn(app):
    """A Martian Dice table with a person to roll first."""
    scene = GAMES["martian-dice"].start(app, [Seat("Me", 0, None), Seat("Bot", 1, "optimal")])
    app.scenes.push(scene)
    app.step(1 / 60, [])
    return scene


def rolled(scene) -> bool:
    return any(action == "roll" for _, action in scene.game.log)


def hint_of(app, scene, label, focused=False):
    button = next(b for b in scene.buttons.buttons if b.label.startswith(label))
    return app.hints(scene).button(button.key, button.key_label, focused)


def test_roll_rebound_to_j_rolls_a_martian_dice_turn_and_space_no_longer_does(app):
    assert app.bindings.bind_key("martian-dice.roll", pygame.K_j) is None
    scene = dice_turn(app)
    app.step(1 / 60, [key(pygame.K_SPACE)])
    assert not rolled(scene), "the old key does nothing now"
    app.step(1 / 60, [key(pygame.K_j)])
    assert rolled(scene), "the new key rolls through the app's real input path"
    assert hint_of(app, scene, "Roll") == Hint("key", "J")


def test_a_pad_button_rebound_rolls_and_the_old_one_does_not(app):
    app.bindings.bind_pad("martian-dice.roll", pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    scene = dice_turn(app)
    app.step(1 / 60, [pad(pygame.CONTROLLER_BUTTON_X)])
    assert not rolled(scene)
    app.step(1 / 60, [pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)])
    assert rolled(scene)
    assert app.input.last == "pad" and hint_of(app, scene, "Roll") == Hint("pad", "RB")


def test_a_key_taken_from_another_action_of_the_group_swaps(app):
    moved = app.bindings.bind_key("martian-dice.roll", pygame.K_s)
    assert moved.id == "martian-dice.stop" and app.bindings.keys["martian-dice.stop"] == pygame.K_SPACE
    scene = dice_turn(app)
    app.step(1 / 60, [key(pygame.K_s)])
    assert rolled(scene), "S rolls now"
    run_until(app, lambda: scene.idle and scene.game.phase in (ROLL_OR_STOP, "choose"))
    assert hint_of(app, scene, "Stop") == Hint("key", "Space")
    menus = app.bindings.bind_key("menus.confirm", pygame.K_s)
    assert menus is None, "another group's keys are not a conflict"


def test_a_pad_swap_leaves_no_button_for_an_action_without_one_before(app):
    b = Bindings()
    moved = b.bind_pad("martian-dice.coach", pygame.CONTROLLER_BUTTON_X)
    assert moved.id == "martian-dice.roll" and b.pads["martian-dice.roll"] == pygame.CONTROLLER_BUTTON_BACK
    moved = b.bind_pad("martian-dice.pick1", pygame.CONTROLLER_BUTTON_X)
    assert moved.id == "martian-dice.coach" and b.pads["martian-dice.coach"] is None


def test_keys_that_cannot_be_bound_are_refused_with_a_reason(app):
    b = Bindings()
    with pytest.raises(Refused, match="fullscreen"):
        b.bind_key("martian-dice.roll", pygame.K_F11)
    with pytest.raises(Refused, match="Heroes player"):
        b.bind_key("heroes.freeze1", pygame.K_q)
    assert b == Bindings(), "a refusal changes nothing"


def test_bindings_are_saved_for_the_user_and_loaded_at_the_next_start(app, user_dir, monkeypatch, tmp_path):
    app.scenes.push(TitleScene(app))
    app.scenes.push(SettingsScene(app))
    app.step(1 / 60, [key(pygame.K_k)])
    controls_scene = app.scenes.top
    assert isinstance(controls_scene, ControlsScene)
    controls_scene._open("martian-dice")
    cell = next(b for b in controls_scene.buttons.buttons if b.rect[1] > 150 and b.rect[0] == 700)  # Roll's key
    cell.on_click()
    app.step(1 / 60, [key(pygame.K_j)])
    assert app.bindings.keys["martian-dice.roll"] == pygame.K_j
    storage.WRITER.flush()  # written on the writer's thread
    saved = json.loads((user_dir / bindings.FILE_NAME).read_text())
    assert saved == {"keys": {"martian-dice.roll": "j"}, "pads": {}}, "only what differs from the defaults"
    again, problem = bindings.load()
    assert problem is None and again.key_press("martian-dice", pygame.K_j) == pygame.K_SPACE
    monkeypatch.setenv("MGN_USER_DIR", str(tmp_path / "someone-else"))
    other, _ = bindings.load()
    assert other == Bindings(), "another user starts from the defaults"


def test_keys_saved_for_the_former_shared_dice_group_still_apply_to_both_dice_games(app, user_dir):
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / bindings.FILE_NAME).write_text('{"keys": {"dice.roll": "j", "dice.nuke": "k"}, "pads": {}}')
    loaded, problem = bindings.load()
    assert problem is None
    assert loaded.keys["martian-dice.roll"] == loaded.keys["mars-attacks.roll"] == pygame.K_j
    assert loaded.keys["mars-attacks.nuke"] == pygame.K_k, "an action only one of them has goes to that one"
    assert loaded.to_json()["keys"] == {"martian-dice.roll": "j", "mars-attacks.roll": "j", "mars-attacks.nuke": "k"}


@pytest.mark.parametrize("content, field", [
    ("{not json", None),
    ('{"keys": {"martian-dice.roll": "no such key"}}', "keys.martian-dice.roll"),
    ('{"pads": {"martian-dice.roll": "Z"}}', "pads.martian-dice.roll"),
    ('{"keys": {"martian-dice.roll": "s"}}', "keys.martian-dice.stop"),
    ('{"keys": {"martian-dice.jump": "j"}}', "keys.martian-dice.jump"),
])
def test_a_damaged_bindings_file_is_reported_kept_aside_and_the_defaults_used(user_dir, content, field):
    user_dir.mkdir(parents=True)
    (user_dir / bindings.FILE_NAME).write_text(content)
    app = App()
    try:
        assert app.bindings == Bindings()
        said = app.notices[0][0]
        assert "bindings.json" in said and "kept as bindings.json.corrupt-" in said
        if field:
            assert f"'{field}'" in said
        assert list(user_dir.glob("bindings.json.corrupt-*")) and not (user_dir / bindings.FILE_NAME).exists()
    finally:
        app.close()


def test_a_failed_write_is_told_and_the_binding_still_applies(app, monkeypatch):
    app.scenes.push(TitleScene(app))
    app.scenes.push(ControlsScene(app))
    monkeypatch.setattr(storage.tempfile, "mkstemp", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space")))
    app.scenes.top._listen("menus.confirm", "key")
    app.step(1 / 60, [key(pygame.K_j)])
    assert app.bindings.keys["menus.confirm"] == pygame.K_j
    storage.WRITER.flush()
    app.step(1 / 60, [])
    assert any("could not be saved" in text and "No space" in text for text, _ in app.notices)


def test_buttons_show_keys_or_pad_glyphs_for_what_was_touched_last(app):
    scene = dice_turn(app)
    assert hint_of(app, scene, "Roll") == Hint("key", "Space")
    assert hint_of(app, scene, "Menu") == Hint("key", "Esc")
    app.step(1 / 60, [pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)])
    assert hint_of(app, scene, "Roll") == Hint("pad", "X")
    assert hint_of(app, scene, "Menu") == Hint("pad", "Start")
    assert hint_of(app, scene, "Death rays") is None, "no pad button of its own"
    assert hint_of(app, scene, "Death rays", focused=True) == Hint("pad", "A"), "reached by focus and A"
    assert scene.key_name(pygame.K_g) == "Back", "hint lines name the pad's button too"
    app.step(1 / 60, [key(pygame.K_DOWN)])
    assert hint_of(app, scene, "Roll") == Hint("key", "Space") and scene.key_name(pygame.K_g) == "G"


def test_a_screen_shortcut_whose_key_an_action_took_is_not_shown(app):
    b = Bindings()
    b.bind_key("menus.confirm", pygame.K_q)
    hints = bindings.Hints(b, "menus")
    assert b.key_press("menus", pygame.K_q) == pygame.K_RETURN
    assert hints.button(pygame.K_q, "Q") is None, "Q chooses now: Quit is reached by focus"
    assert hints.button(pygame.K_RETURN, "Enter") == Hint("key", "Q")
    assert b.key_press("menus", pygame.K_RETURN) == bindings.NOTHING


def test_what_answers_presses_is_worked_out_again_after_a_rebinding_and_a_reset(app):
    b = Bindings()
    assert b.key_press("martian-dice", pygame.K_ESCAPE) == pygame.K_ESCAPE, "Esc opens the menu (the answer is kept)"
    assert b.pad_press("martian-dice", pygame.CONTROLLER_BUTTON_BACK) == pygame.K_g, "Back asks the coach"
    b.bind_key("martian-dice.menu", pygame.K_m)
    assert b.key_press("martian-dice", pygame.K_m) == pygame.K_ESCAPE
    assert b.key_press("martian-dice", pygame.K_ESCAPE) == bindings.NOTHING, "nor does the menus' Back take it"
    b.bind_pad("martian-dice.roll", pygame.CONTROLLER_BUTTON_BACK)
    assert b.pad_press("martian-dice", pygame.CONTROLLER_BUTTON_BACK) == pygame.K_SPACE
    b.reset()
    assert b.key_press("martian-dice", pygame.K_ESCAPE) == pygame.K_ESCAPE
    assert b.key_press("martian-dice", pygame.K_m) == pygame.K_m


def test_how_to_pages_turn_with_the_keys_they_show(app):
    app.scenes.push(TitleScene(app))
    app.scenes.push(HowToPlayScene(app, GAMES["martian-dice"]))
    howto = app.scenes.top
    app.step(1 / 60, [])
    assert hint_of(app, howto, "Next") == Hint("key", "Right")
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    assert howto.page == 1
    app.step(1 / 60, [key(pygame.K_LEFT)])
    assert howto.page == 0
    app.step(1 / 60, [pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)])
    assert howto.page == 1 and hint_of(app, howto, "Next") == Hint("pad", "Right")
    app.bindings.bind_key("menus.right", pygame.K_PAGEDOWN)
    app.step(1 / 60, [key(pygame.K_RIGHT)])
    assert howto.page == 1, "Right no longer turns the page"
    app.step(1 / 60, [key(pygame.K_PAGEDOWN)])
    assert howto.page == 2 and hint_of(app, howto, "Next") == Hint("key", "PgDn")


def test_the_controls_screen_rebinds_by_keys_and_by_pad_and_resets(app):
    app.scenes.push(TitleScene(app))
    app.scenes.push(ControlsScene(app))
    screen = app.scenes.top
    app.step(1 / 60, [key(pygame.K_3)])  # the Takedown group
    assert screen.group == "takedown"
    buttons = screen.buttons.buttons
    flick_key = next(i for i, b in enumerate(buttons) if b.rect[0] == 700 and b.shows == Hint("key", "Space"))
    screen.buttons.focus = flick_key
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert screen.listening == ("takedown.flick", "key") and screen.typing()
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert screen.listening, "Enter held down (its key repeat) is not taken as the new key"
    app.step(1 / 60, [key(pygame.K_r)])
    assert app.bindings.keys["takedown.flick"] == pygame.K_r
    assert app.bindings.keys["takedown.replay"] == pygame.K_SPACE, "Replay had R and takes Space"
    assert "Replay" in screen.status and {"takedown.flick", "takedown.replay"} == screen.touched
    screen._listen("takedown.flick", "pad")
    app.step(1 / 60, [pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)])
    assert app.bindings.pads["takedown.flick"] == pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
    screen._listen("takedown.menu", "pad")
    app.step(1 / 60, [key(pygame.K_x)])
    assert screen.listening is None and app.bindings.pads["takedown.menu"] == pygame.CONTROLLER_BUTTON_START, \
        "a key while waiting for a pad button changes nothing"
    screen._listen("takedown.menu", "key")
    run_until(app, lambda: screen.listening is None)
    assert screen.status == "Nothing changed."
    app.step(1 / 60, [key(pygame.K_r)])  # Reset to defaults
    assert app.bindings == Bindings() and not app.bindings.changed


def test_a_remapped_menu_key_still_types_in_a_name(app):
    app.bindings.bind_key("menus.back", pygame.K_BACKSPACE)
    app.scenes.push(TitleScene(app))
    app.scenes.push(SetupScene(app, GAMES["martian-dice"]))
    setup = app.scenes.top
    setup._edit(0)
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, {"text": "Jo"})])
    app.step(1 / 60, [key(pygame.K_BACKSPACE)])
    assert setup.editing == 0 and setup.seats[0].name == "J", "Backspace deletes while typing"
    app.step(1 / 60, [key(pygame.K_RETURN)])
    app.step(1 / 60, [key(pygame.K_BACKSPACE)])
    assert app.scenes.top is not setup, "out of the name, Backspace is Back"


def test_setup_rows_by_keys(app):
    app.scenes.push(TitleScene(app))
    app.scenes.push(SetupScene(app, GAMES["martian-dice"]))
    setup = app.scenes.top
    setup._add()
    app.step(1 / 60, [key(pygame.K_2)])
    assert setup.row == 1
    kind = setup.seats[1].bot
    app.step(1 / 60, [key(pygame.K_k)])
    assert setup.seats[1].bot != kind and setup.seats[0].bot is None, "K changes the picked row only"
    colour = setup.seats[1].color
    app.step(1 / 60, [key(pygame.K_c)])
    assert setup.seats[1].color != colour
    app.step(1 / 60, [key(pygame.K_DELETE)])
    assert len(setup.seats) == 2
    shown = [b.hint(app.canvas) for b in setup.buttons.buttons if b.label.startswith("Bot")]
    assert Hint("key", "K") in shown


def test_challenge_cards_open_by_their_letter(app):
    info = GAMES["takedown"]
    app.scenes.push(TitleScene(app))
    app.scenes.push(info.mode_scene(info.modes[0], app))
    app.step(1 / 60, [])
    assert hint_of(app, app.scenes.top, "") == Hint("key", "A")
    app.step(1 / 60, [key(pygame.K_b)])
    assert type(app.scenes.top).__name__ == "ChallengeScene", "the second table is locked"
    app.step(1 / 60, [key(pygame.K_a)])
    assert type(app.scenes.top).__name__ == "GameScene" and app.scenes.top.game.challenge


def test_takedown_aims_with_the_bound_keys_and_says_so(app):
    app.bindings.bind_key("takedown.aim_left", pygame.K_a)
    scene = GAMES["takedown"].start(app, [Seat("Ada", 0, None), Seat("Bot", 1, "easy")], first=0)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    aim = scene.aim
    app.step(1 / 60, [key(pygame.K_LEFT)])
    assert scene.aim == aim, "Left no longer aims"
    app.step(1 / 60, [key(pygame.K_a)])
    assert scene.aim < aim
    assert "A/Right aim" in scene.message and "Space flicks" in scene.message
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert not scene.game.log, "Enter chooses a focused button; it does not flick"


def test_heroes_zones_keep_their_keys_whatever_the_menus_use(app):
    app.bindings.bind_key("menus.confirm", pygame.K_1)
    scene = GAMES["heroes"].start(app, [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2")])
    app.scenes.push(scene)
    run_until(app, lambda: scene.game.phase == BID and scene.idle)
    app.step(1 / 30, [key(pygame.key.key_code(controls.KEY_ZONES["keys-1"][0]), "keys-1")])
    assert scene.game.bids == {0: 1}, "1 still bids for the seat on keys 1-5"


def test_the_one_button_flick_holds_and_names_the_key_as_bound(app):
    app.settings.games["flick_style"] = "one-button"
    app.bindings.bind_key("takedown.flick", pygame.K_j)
    app.input.last = "keyboard"
    scene = GAMES["takedown"].start(app, [Seat("Ada", 0, None), Seat("Bo", 1, None)], first=0)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    assert "hold J when the arrow" in scene.message
    app.step(1 / 60, [key(pygame.K_j)])
    assert scene.holding is not None and "let go of J" in scene.message
    for _ in range(30):
        app.step(1 / 60, [])
    app.step(1 / 60, [pygame.event.Event(pygame.KEYUP, {"key": pygame.K_j, "mod": 0, "unicode": "", "scancode": 0})])
    assert scene.sim is not None, "letting go of the bound key flicks"


def test_a_failed_settings_write_is_told_and_the_setting_still_applies(app, monkeypatch):
    app.scenes.push(TitleScene(app))
    monkeypatch.setattr(storage.tempfile, "mkstemp", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space")))
    app.settings.text_size = 150
    app.apply_settings()  # the frame does not wait for the disk: the write happens on the writer's thread
    storage.WRITER.flush()
    app.step(1 / 60, [])
    assert app.canvas.text_scale == 1.5
    assert any("settings could not be saved" in text and "No space" in text for text, _ in app.notices)
