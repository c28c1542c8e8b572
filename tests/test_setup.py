"""Setup in seconds: the people carried from game to game, names typed over and offered, one click to
switch a seat between a person and a bot, inputs nobody shares, and few steps from the title to a roll."""

import pygame

from game import controls, saves
from game.registry import GAMES
from game.saves import Lineup, Seat
from game.scenes.setup import SetupScene

MD, HEROES = GAMES["martian-dice"], GAMES["heroes"]


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0, "source": "keyboard"})


def typed(text):
    return pygame.event.Event(pygame.TEXTINPUT, {"text": text})


def click(rect):
    x, y, w, h = rect
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"button": 1, "pos": (x + w / 2, y + h / 2)})


def open_setup(app, info) -> SetupScene:
    app.scenes.push("title")
    app.scenes.push("setup", info)
    return app.scenes.top


def test_the_people_of_the_last_game_sit_down_in_another(app):
    saves.save_lineup("martian-dice", Lineup([Seat("Ana", 3), Seat("Ben", 5), Seat("Zax", 1, "smart")], {}))
    setup = open_setup(app, HEROES)
    assert [(s.name, s.color, s.bot) for s in setup.seats] == [("Ana", 3, None), ("Ben", 5, None)]
    assert len({s.control for s in setup.seats}) == 2, "each person gets keys or a pad of their own"


def test_a_lone_player_gets_a_bot_to_play(app):
    saves.save_lineup("martian-dice", Lineup([Seat("Ana", 3), Seat("Zax", 1, "smart")], {}))
    setup = open_setup(app, HEROES)
    assert [s.name for s in setup.seats][0] == "Ana" and setup.seats[1].bot == HEROES.default_bot


def test_a_click_on_a_name_types_over_it_and_enter_keeps_it(app):
    setup = open_setup(app, MD)
    setup._edit(0)
    assert setup.replacing and next(b for b in setup.buttons.buttons if b.label == "Player 1").selected
    app.step(1 / 60, [typed("Ana")])
    assert setup.seats[0].name == "Ana", "typing replaces the name instead of adding to it"
    app.step(1 / 60, [key(pygame.K_RETURN)])
    setup._edit(0)
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert setup.seats[0].name == "Ana", "Enter keeps the name as it was"


def test_names_typed_before_are_offered_while_typing(app):
    saves.save_lineup("takedown", Lineup([Seat("Ana", 0), Seat("Ben", 1), Seat("Cy", 2)], {}))
    saves.save_lineup("martian-dice", Lineup([Seat("Dee", 0), Seat("Zax", 1, "smart")], {}))
    setup = open_setup(app, MD)
    setup._edit(1)
    offered = [c.label for c in setup.chips]
    assert "Dee" not in offered and {"Ana", "Ben", "Cy"} <= set(offered), "the names not at the table yet"
    app.step(1 / 60, [key(pygame.K_DOWN)])
    assert setup.seats[1].name == offered[0]
    app.step(1 / 60, [click(setup.chips[1].rect)])
    assert setup.seats[1].name == offered[1] and setup.editing is None, "a click on an offered name takes it"


def test_one_click_makes_a_seat_a_person_or_a_bot(app):
    saves.save_lineup("takedown", Lineup([Seat("Ana", 0), Seat("Zax", 1, "smart")], {}))
    setup = open_setup(app, MD)
    setup._add()
    bot = setup.seats[-1]
    kind = [b for b in setup.buttons.buttons if b.label == "Bot"][-1]
    app.step(1 / 60, [click(kind.rect)])
    assert bot.bot is None and bot.name != "Blorp", "one click: a person, with a person's name"
    setup._toggle_kind(len(setup.seats) - 1)
    assert bot.bot == MD.default_bot and bot.name in ("Zax", "Blorp", "Quixa"), "and back to a bot with a bot's name"
    app.step(1 / 60, [key(pygame.K_b)])
    assert bot.bot != MD.default_bot, "B changes the picked bot's strength"


def test_a_seat_turned_human_takes_a_name_from_before(app):
    saves.save_lineup("takedown", Lineup([Seat("Ana", 0), Seat("Ben", 2), Seat("Zax", 1, "smart")], {}))
    saves.save_lineup("martian-dice", Lineup([Seat("Ana", 0), Seat("Zax", 1, "smart")], {}))
    setup = open_setup(app, MD)
    setup._toggle_kind(1)
    assert setup.seats[1].name == "Ben"


def test_two_people_cannot_share_keys_or_a_pad(app):
    saves.save_lineup("heroes", Lineup([Seat("Ana", 0, None, "keys-1"), Seat("Ben", 1, None, "keys-2")], {}))
    setup = open_setup(app, HEROES)
    assert setup.seats[1].control == "keys-2"
    choices = setup._controls()
    while choices[(choices.index(setup.seats[1].control) + 1) % len(choices)] != "keys-1":
        setup._next_control(1)
    setup._next_control(1)
    assert setup.seats[1].control != "keys-1", "Ana's keys are skipped"
    assert any("Ana has them" in text for text, _ in app.notices), "with a word why"
    setup.seats[1].control = "keys-1"  # a line-up from before, say
    setup._start()
    assert app.scenes.top is setup, "the game does not start with a shared input"
    assert any("Ana and Ben both have" in text or "Ben and Ana both have" in text for text, _ in app.notices)
    setup.seats[1].control = controls.ANY
    setup.seats[0].control = controls.ANY
    setup._start()
    assert app.scenes.top is not setup, "passing the screen is for everyone"


def test_from_the_title_to_the_first_roll_in_three_actions(app):
    """Nothing changed since last time: pick the game, start, roll."""
    saves.save_lineup("martian-dice", Lineup([Seat("Ana", 0), Seat("Ben", 1)], {}))
    app.scenes.push("title")
    actions = [key(pygame.K_1), key(pygame.K_F5), key(pygame.K_SPACE)]
    for action in actions:
        app.step(1 / 60, [action])
        for _ in range(240):
            if getattr(app.scenes.top, "idle", True):
                break
            app.step(1 / 60, [])
    table = app.scenes.top
    assert type(table).__name__ == "GameScene" and len(table.game.log) >= 1, "the first dice are rolled"
    assert len(actions) <= 4


def test_at_the_largest_text_the_bots_at_the_table_keep_their_lines_and_the_rest_are_named(app):
    """Heroes' nine bots do not all fit at 150%: shrunk after wrapping, they were squeezed line over line."""
    def laid_out(info=HEROES):
        setup = open_setup(app, info)
        app.step(1 / 60, [])
        layout = app.canvas.audit_frame(lambda: setup.draw(app.canvas))
        app.scenes.reset("title")
        return layout.problems(), " ".join(text for text, _ in layout.texts)

    app.settings.text_size = 150
    app.apply_settings()
    for size in ((1280, 720), (1080, 1350)):
        app.window.set_size(size)
        problems, texts = laid_out()
        assert problems == [], size
        assert f"{HEROES.bots['smart'].label}: " in texts and "Also: Random" in texts and "Exploiter" in texts
    app.settings.text_size = 100
    app.apply_settings()
    app.window.set_size((1280, 720))
    problems, texts = laid_out(MD)
    assert problems == [] and "Also:" not in texts, "where they fit, every bot has its lines"
    assert all(f"{bot.label}: " in texts for bot in MD.bots.values())
