"""The Mars Attacks table headless: a person's turn by keys and mouse, what the screen shows, resuming."""

import pygame
import pytest
from conftest import run_until

from game.mars_attacks.rules import CHOOSE_TARGET, CONTINUE, NUKE, RAY, ROLL
from game.mars_attacks.scene import CARD_H, CARD_W, CARD_Y, card_x
from game.registry import GAMES
from game.saves import Seat

INFO = GAMES["mars-attacks"]


def key(app, k):
    app.step(1 / 20, [pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0})])


def my_turn(app):
    scene = INFO.start(app, [Seat("Ada", 0, None), Seat("Bot", 1, "greedy")])
    app.scenes.push(scene)
    run_until(app, lambda: scene.can_act(0))
    return scene


def test_a_number_key_targets_its_stack_and_space_rolls(app):
    scene = my_turn(app)
    game = scene.game
    card = game.targets(0)[0]
    key(app, pygame.K_1 + game.face_up.index(card.id))
    assert game.target == card.id
    run_until(app, lambda: scene.idle)
    key(app, pygame.K_SPACE)
    assert [0, ROLL] in game.log


def test_the_screen_shows_kept_dice_where_the_rules_keep_them(app):
    scene = my_turn(app)
    game = scene.game
    for _ in range(40):  # turns until a roll leaves a choice (Ray Guns and Nukes kept)
        if game.phase == CONTINUE and scene.idle:
            break
        if scene.can_act(0):
            action = game.legal_actions(0)[0]
            key(app, pygame.K_1 + game.face_up.index(action[7:]) if action.startswith("target:") else pygame.K_SPACE)
        else:
            app.step(1 / 20, [])
        run_until(app, lambda: scene.idle)
    assert game.phase == CONTINUE
    away = [d.face for d in scene.tray.dice if d.away]
    assert away.count(RAY) == game.kept[RAY] and away.count(NUKE) == game.kept[NUKE]
    assert [d.face for d in scene.tray.on_tray()].count(0) == game.kept[0], "the Martians wait on the tray"
    resumed = INFO.scene(app, scene.seats, INFO.load_state(game.to_json()))
    assert sorted(d.face for d in resumed.tray.dice if d.away) == sorted(away), "Continue puts the dice back"


def test_the_turn_s_counts_beside_the_table_wait_for_the_dice_to_land(app):
    scene = my_turn(app)
    game = scene.game
    key(app, pygame.K_1 + game.face_up.index(game.targets(0)[0].id))
    run_until(app, lambda: scene.idle)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: any(d.moving and not d.away for d in scene.tray.dice), frames=200, dt=1 / 60)
    rolled = [d for d in scene.tray.dice if d.moving and not d.away]
    assert rolled and all(d.face is not None for d in rolled), "a throw's faces are known as it starts"
    assert sum(scene._shown_kept()) == 0, "no die counts while it tumbles"
    run_until(app, lambda: not any(d.moving for d in scene.tray.dice), dt=1 / 60)
    assert sum(scene._shown_kept()) == len(scene.tray.dice) - sum(d.face is None for d in scene.tray.dice) > 0


def test_clicking_a_card_targets_it_and_pointing_at_one_shows_its_rule(app):
    scene = my_turn(app)
    game = scene.game
    card = game.targets(0)[0]
    stack = game.face_up.index(card.id)
    center = app.canvas.px(card_x(stack + 1) + CARD_W / 2, CARD_Y + CARD_H / 2)
    app.step(1 / 20, [pygame.event.Event(pygame.MOUSEMOTION, {"pos": center, "rel": (0, 0), "buttons": (0, 0, 0)})])
    assert scene._focused_card() == card
    app.step(1 / 20, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": center, "button": 1})])
    assert game.target == card.id and game.phase != CHOOSE_TARGET


def test_a_card_that_may_not_be_targeted_says_why(app):
    scene = my_turn(app)
    game = scene.game
    game.face_up[0] = "fort-knox"  # a veterans-only card, and this player has claimed nothing
    scene.refresh()
    button = scene.buttons.buttons[0]
    assert not button.enabled and "claimed a card" in button.reason


@pytest.mark.parametrize("text_size", [100, 125, 150])
@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080)])
def test_every_card_of_the_deck_reads_whole_at_every_text_size(app, text_size, window):
    """Which cards a game shows is chance: so every card is drawn, with the coach's chance on it, and audited."""
    from game.mars_attacks.deck import standard_deck

    app.canvas.attach(pygame.Surface(window))
    app.settings.text_size = text_size
    app.apply_settings()
    scene = my_turn(app)
    x = card_x(1)
    for card in standard_deck().cards.values():
        layout = app.canvas.audit_frame(lambda: scene._paint_card(app.canvas, card, x, CARD_Y, (), False, "37%"))
        assert layout.problems() == [], card.name


def test_the_lesson_counts_the_nuke_symbols_the_rules_count():
    """The deck may change; the lesson's words about its cards must follow."""
    import re

    from game.mars_attacks.tutorial import LESSON

    state = GAMES["mars-attacks"].new_state(2, 1, dict(LESSON.options))
    for outcome in LESSON.chance[:4]:
        state.apply(-1, outcome)
    words = " ".join(step.say for step in LESSON.steps if isinstance(step.say, str)) + " " + LESSON.summary
    said = [int(n) for found in re.findall(r"make (\d+)|Nukes of (\d+)|\(2 of (\d+)\)", words) for n in found if n]
    assert said and set(said) == {state.symbols(0)}


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080)])
def test_the_difficulty_card_reads_whole_with_the_most_nukes_in_play(app, text_size, window):
    """Every count of Nukes in play up to the most (four cards of two symbols each, the hard side and a Nuke
    Shield), with Nukes rolled: a two-digit count and both notes beside it."""
    app.canvas.attach(pygame.Surface(window))
    app.settings.text_size = text_size
    app.apply_settings()
    scene = my_turn(app)
    game = scene.game
    game.claimed[0].append(next(c.id for c in game.cards.values() if c.effect == "nuke-shield"))
    for die in scene.tray.dice[:3]:
        die.away, die.face = True, NUKE
    most = max(game.deck.difficulty.values()) + 2 * 4
    for count in range(most + 1):
        scene.shown_symbols = lambda: count
        layout = app.canvas.audit_frame(lambda: scene._draw_difficulty(app.canvas))
        assert layout.problems() == [], count
