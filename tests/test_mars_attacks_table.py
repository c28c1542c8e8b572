"""A Mars Attacks table anyone can follow: a turn's result stays until the next roll, the last turns are one key away,
a stack's last card is marked, and nothing covers the coach."""

import pygame
from conftest import run_until

from game.mars_attacks.bots import smart_target
from game.mars_attacks.rules import CHOOSE_TARGET
from game.mars_attacks.scene import COACH_TOP
from game.registry import GAMES
from game.saves import Seat
from game.scenes.table import RESULT_SECONDS

INFO = GAMES["mars-attacks"]


SEED = 7
THINKING_REST = 0.001  # seconds between frames, as the real loop leaves: the smart bot and the coach think then


def bots_table(app):
    seats = [Seat("Ana", 0, "smart"), Seat("Zax", 1, "greedy")]
    scene = INFO.scene(app, seats, INFO.new_state(len(seats), SEED))  # the same game every run: a new seed's can end soon
    app.scenes.push(scene)
    return scene


def test_a_turns_result_stays_until_the_next_turns_first_roll_and_long_enough_to_read(app):
    scene = bots_table(app)
    run_until(app, lambda: scene.result is not None, rest=THINKING_REST)
    headline = scene.result[0]
    thrown = []
    real_rolling = scene._rolling

    def rolling(event):
        was = scene.result
        yield from real_rolling(event)
        thrown.append((was, scene.result, scene.result_age))

    scene._rolling = rolling
    run_until(app, lambda: bool(thrown), rest=THINKING_REST)
    was, after, age = thrown[0]
    assert was is not None and was[0] == headline, "still on the table when the next turn throws"
    assert after is None and age >= RESULT_SECONDS, "and only then cleared, after at least 1.5 s at the normal pace"


def test_the_last_turns_are_noted_one_key_away_and_rebuilt_as_they_were_for_a_resumed_game(app):
    scene = bots_table(app)
    run_until(app, lambda: len(scene.turn_log) >= 3 and scene.idle, rest=THINKING_REST)
    assert len(scene.turn_log) == len(scene.game.history)
    app.step(1 / 20, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_l, "mod": 0, "unicode": "l", "scancode": 0})])
    log = app.scenes.top
    assert type(log).__name__ == "TurnLogScene" and log.lines[0] == scene.turn_log[-1], "newest first"
    resumed = INFO.scene(app, scene.seats, INFO.load_state(scene.game.to_json()))
    assert list(resumed.turn_log) == list(scene.turn_log), "in the words they had when played (counts too)"


def test_a_stacks_last_card_is_marked(app):
    scene = bots_table(app)
    run_until(app, lambda: scene.idle and all(scene.shown["cards"]), rest=THINKING_REST)
    drawn = []
    real = app.canvas.text
    app.canvas.text = lambda text, *args, **kwargs: drawn.append(text) or real(text, *args, **kwargs)
    try:
        scene.shown["hidden"][2] = 0
        app.canvas._forget_drawings()
        scene.draw(app.canvas)
    finally:
        del app.canvas.text
    assert drawn.count("Last") == 1, "one stack has no card left under its face-up one"


def test_seattles_buttons_sit_above_the_coach(app):
    scene = bots_table(app)
    run_until(app, lambda: scene.game.phase == CHOOSE_TARGET, rest=THINKING_REST)
    assert all(y + h <= COACH_TOP for _, y, _, h in scene._fix_row())


def test_every_cards_name_fits_its_card_whole_at_every_text_size(app):
    from game.mars_attacks.deck import standard_deck
    from game.mars_attacks.scene import CARD_W, NAME_INSET, NAME_LEFT, face_name

    for scale in (1.0, 1.25, 1.5):
        app.canvas.set_text_scale(scale)
        for card in standard_deck().cards.values():
            name, size, icon = face_name(card, lambda text, size: app.canvas.text_width(text, size, bold=True))
            room = CARD_W - (NAME_LEFT + NAME_INSET if icon else 2 * NAME_INSET)
            assert name in (card.name, card.short)
            assert app.canvas.text_width(name, size, bold=True) <= room, f"{card.name} at {scale:.0%}"


def test_the_coach_names_the_smart_bots_target_a_slice_a_frame(app):
    """The coach runs the Smart bot's own search as a chore: its advice arrives within frames, and it is the bot's."""
    app.settings.coach = True
    scene = INFO.start(app, [Seat("Ada", 0, None), Seat("Bot", 1, "greedy")])
    app.scenes.push(scene)
    run_until(app, lambda: scene.can_act(0) and scene.game.phase == CHOOSE_TARGET, rest=THINKING_REST)
    run_until(app, lambda: bool(scene._coach_lines()), rest=THINKING_REST)
    assert scene._coach_lines() == ["Smart bot's target:", smart_target(scene.game.view(0), 0).name]
