"""Lessons (a guided first turn per game) played through the real scenes, headless, with the input the
coach asks for; wrong moves are refused with a word; nothing is ever saved."""

import math

import pygame
import pytest
from conftest import run_until

from game.registry import GAMES
from game.scenes.setup import SetupScene
from game.takedown.shot import Flick

LESSONS = [info for info in GAMES.values() if info.tutorial]


def test_every_game_of_the_collection_has_a_lesson():
    assert {"martian-dice", "mars-attacks", "takedown", "heroes"} <= {info.id for info in LESSONS}


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0})


def open_lesson(app, info):
    """Setup, then its "Learn: first turn" button by its key."""
    setup = SetupScene(app, info)
    app.scenes.reset(setup)
    app.step(1 / 30, [])
    learn = next(b for b in setup.buttons.buttons if b.label.startswith("Learn"))
    assert learn.key_label == "L"
    app.step(1 / 30, [key(learn.key)])
    lesson = app.scenes.top
    assert type(lesson).__name__ == "LessonScene" and lesson.tutorial
    return setup, lesson


def wait_for_step(app, lesson, index=None):
    """Frames until the coach asks for something (step `index`, if given)."""
    run_until(app, lambda: lesson.ended or lesson.active_step() is not None and index in (None, lesson.step_index))


def play_through(app, lesson, until=None) -> list[str]:
    """Do what the coach asks, step after step, until the summary (or step `until`); returns what the
    coach said."""
    said: list[str] = []
    for _ in range(20000):
        if lesson.ended or lesson.step_index == until:
            return said
        step = lesson.active_step()
        if step is not None and (not said or said[-1] != lesson.step_text(step)):
            said.append(lesson.step_text(step))
        app.step(1 / 20, lesson.wanted_input())
    raise AssertionError(f"the lesson stalled at step {lesson.step_index}")


def saved_files(user_dir) -> list:
    folder = user_dir / "saves"
    return sorted(folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("info", LESSONS, ids=lambda i: i.id)
def test_a_lesson_is_completed_by_doing_what_the_coach_asks(app, user_dir, info):
    setup, lesson = open_lesson(app, info)
    said = play_through(app, lesson)
    assert len(said) == len(lesson.steps)
    assert not any("{" in text or "press ." in text or "press )" in text for text in said), said
    assert [b.label for b in lesson.coach_buttons.buttons] == ["Play a real game", "Take the lesson again",
                                                               "Back to setup"]
    assert all(b.key_label for b in lesson.coach_buttons.buttons), "every action shows its key"
    g = lesson.game
    if info.id == "martian-dice":
        assert g.totals == [9, 0]
    elif info.id == "mars-attacks":
        assert g.progress == {"atlanta": {0: 5}}
    elif info.id == "heroes":
        assert sum(g.captured[0]) == 6 and not g.rays[0] and g.rays[1]
    else:
        assert g.flicks == 1 and g.piles[0], "the flick the coach sets up hits"
    log = len(g.log)
    for _ in range(100):
        app.step(1 / 20, [])
    assert len(g.log) == log, "the bot waits once the lesson is over"
    app.step(1 / 20, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is setup
    assert saved_files(user_dir) == [], "a lesson never writes a save"
    assert not (user_dir / "stats.json").exists(), "nor counts in the statistics"


def test_wrong_moves_get_a_word_and_change_nothing(app):
    _, lesson = open_lesson(app, GAMES["martian-dice"])
    wait_for_step(app, lesson, 0)
    app.step(1 / 20, [key(pygame.K_SPACE)])  # Roll while the welcome is up
    assert lesson.game.log == [] and "Enter" in lesson.note
    app.step(1 / 20, [key(pygame.K_RETURN)])
    assert lesson.step_index == 1 and lesson.note == ""
    app.step(1 / 20, [key(pygame.K_SPACE)])
    wait_for_step(app, lesson, 2)  # take the death rays
    log = list(lesson.game.log)
    app.step(1 / 20, [key(pygame.K_4)])  # chickens: allowed by the rules, not what the coach asked
    assert lesson.game.log == log and lesson.step_index == 2
    assert lesson.note.startswith("Take the death rays first (1)")
    app.step(1 / 20, [key(pygame.K_s)])  # Stop is greyed out before a pick
    assert lesson.game.log == log and lesson.note == "Pick a kind of die first."
    app.step(1 / 20, [key(pygame.K_1)])
    assert lesson.game.log[-1] == [0, "take-ray"] and lesson.step_index == 3 and lesson.note == ""


def test_mars_attacks_explains_the_target_it_wants(app):
    _, lesson = open_lesson(app, GAMES["mars-attacks"])
    wait_for_step(app, lesson, 0)
    assert lesson.game.face_up == ["boise", "atlanta", "los-alamos", "liberty-bell"], "the lesson's cards"
    for _ in range(2):
        app.step(1 / 20, [key(pygame.K_RETURN)])
    wait_for_step(app, lesson, 2)
    assert "press 2" in lesson.step_text(lesson.active_step())
    app.step(1 / 20, [key(pygame.K_1)])
    assert lesson.game.target is None and "attack Atlanta: press 2" in lesson.note


def test_heroes_refuses_another_bid_and_keeps_the_freeze_window_open_for_the_lesson(app):
    _, lesson = open_lesson(app, GAMES["heroes"])
    assert lesson.seats[0].control == "keys-1", "the learner bids with their own keys"
    wait_for_step(app, lesson, 0)
    log = len(lesson.game.log)
    for _ in range(60):
        app.step(1 / 20, [])
    assert len(lesson.game.log) == log, "Zax does not bid while the learner reads"
    app.step(1 / 20, [key(pygame.K_RETURN)])
    wait_for_step(app, lesson, 1)
    app.step(1 / 20, [key(pygame.K_5)])
    assert 0 not in lesson.game.bids and "bid your 4: press 4" in lesson.note
    play_through(app, lesson, until=6)
    wait_for_step(app, lesson, 6)
    for _ in range(400):  # 20 seconds: far beyond any Freeze window
        app.step(1 / 20, [])
    assert lesson.active_step().expect == "freeze" and lesson.window is not None
    assert "press Q" in lesson.step_text(lesson.active_step())


def test_takedown_takes_any_flick_and_says_what_it_did(app):
    _, lesson = open_lesson(app, GAMES["takedown"])
    wait_for_step(app, lesson, 0)
    lesson.human_flick(-math.pi / 2, 0.6)  # a flick while the learner should be reading
    assert lesson.game.log == [] and "Enter" in lesson.note
    for _ in range(2):
        app.step(1 / 20, [key(pygame.K_RETURN)])
    wait_for_step(app, lesson, 2)
    assert lesson.active_step().expect is Flick
    lesson.human_flick(0.0, 0.35)  # sideways, nowhere near a target
    wait_for_step(app, lesson, 3)
    assert lesson.game.flicks == 1 and not lesson.game.piles[0]
    assert lesson.step_text(lesson.active_step()).startswith(("A miss", "Off the table"))
    log = len(lesson.game.log)
    for _ in range(100):
        app.step(1 / 20, [])
    assert len(lesson.game.log) == log, "Zax waits while the learner reads"


def test_the_summary_starts_a_real_game_and_the_pause_menu_leaves_the_lesson(app, user_dir):
    info = GAMES["martian-dice"]
    setup, lesson = open_lesson(app, info)
    wait_for_step(app, lesson, 0)
    app.step(1 / 20, [key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert [b.label for b in pause.buttons.buttons][-1] == "Leave the lesson" and "not saved" in pause.note
    app.step(1 / 20, [key(pygame.K_q)])
    assert app.scenes.top is setup
    _, lesson = open_lesson(app, info)
    play_through(app, lesson)
    app.step(1 / 20, [key(pygame.K_l)])  # the lesson again, from the start
    again = app.scenes.top
    assert again is not lesson and again.step_index == 0 and again.game.log == []
    play_through(app, again)
    assert saved_files(user_dir) == []
    app.step(1 / 20, [key(pygame.K_F5)])
    real = app.scenes.top
    assert type(real).__name__ == "GameScene" and not real.tutorial
    assert [s.name for s in real.seats] == [s.name for s in setup.seats]



@pytest.mark.parametrize("size", [100, 150])
@pytest.mark.parametrize("info", LESSONS, ids=lambda i: i.id)
def test_every_step_fits_the_screen_at_every_text_size(app, info, size):
    """The coach's box at every step, and the summary: on screen, nothing cut short, covered or overlapping."""
    app.settings.text_size = size
    app.apply_settings()
    _, lesson = open_lesson(app, info)
    problems, seen = [], set()
    for _ in range(20000):
        step = lesson.active_step()
        if (lesson.step_index, lesson.ended) not in seen and (step is not None or lesson.ended):
            seen.add((lesson.step_index, lesson.ended))
            app.step(1 / 20, [])
            x, y, w, h = lesson.coach_layout[1]
            assert 0 <= x and x + w <= 1280 and 0 <= y and y + h <= 720, (lesson.step_index, lesson.coach_layout[1])
            problems += [f"step {lesson.step_index + 1}: {p}" for p in app.audit_layout()]
        if lesson.ended:
            break
        app.step(1 / 20, lesson.wanted_input())
    assert len(seen) == len(lesson.steps) + 1
    assert problems == []


def test_heroes_lesson_uses_the_keys_setup_gave_the_learner(app):
    setup = SetupScene(app, GAMES["heroes"])
    app.scenes.reset(setup)
    setup.seats[0].control = "keys-2"
    setup._learn()
    lesson = app.scenes.top
    assert lesson.seats[0].control == "keys-2"
    play_through(app, lesson, until=1)
    wait_for_step(app, lesson, 1)
    assert lesson.step_text(lesson.active_step()).startswith("Bid your 4: press 9.")
    play_through(app, lesson)
    assert lesson.ended and not lesson.game.rays[0]
