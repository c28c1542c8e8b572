"""Scenes headless: whole bot games on screen, saving, resuming, narration, pace, input identity, layout."""

import dataclasses

import pygame
import pytest
from conftest import nearly_over, run_until

from game import saves, storage
from game.registry import GAMES
from game.saves import Seat
from game.scenes.title import TitleScene

MD = GAMES["martian-dice"]


def key(k, source="keyboard", **extra):
    return pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0, "source": source,
                                               **extra})


def md_scene(app, seats, **kwargs):
    scene = MD.start(app, seats, **kwargs)
    app.scenes.push(scene)
    app.step(1 / 60, [])
    return scene


def test_the_end_of_a_bot_game_shows_the_results_and_clears_the_save(app):
    state = nearly_over(MD, ["optimal", "greedy", "winner"], seed=4)
    scene = MD.scene(app, [Seat("A", 0, "optimal"), Seat("B", 1, "greedy"), Seat("C", 2, "winner")], state)
    app.scenes.push(scene)
    run_until(app, lambda: len(scene.game.log) > len(state.log) - 1 and saves.exists("martian-dice"))
    run_until(app, lambda: type(app.scenes.top).__name__ == "ResultsScene")
    assert not saves.exists("martian-dice"), "a finished game leaves nothing to continue"
    assert app.scenes.top.outcome == scene.game.outcome() and len(app.scenes.top.outcome.ranking[0]) >= 1


def test_continue_resumes_the_saved_game(app):
    md_scene(app, [Seat("A", 0, "optimal"), Seat("B", 1, "cautious")])
    run_until(app, lambda: max(app.scenes.top.game.totals) > 0 and app.scenes.top.game.phase == "choose")
    record = app.scenes.top.game.to_json()
    assert saves.load("martian-dice").state.to_json() == record, "autosaved after the last action"
    app.scenes.reset(TitleScene(app))
    title = app.scenes.top
    assert title.saved and title.buttons.buttons[0].label == "Continue Martian Dice"
    title.buttons.buttons[0].on_click()
    resumed = app.scenes.top
    assert resumed.game.to_json() == record
    assert sum(1 for d in resumed.tray.dice if d.away) == sum(resumed.game.aside)
    on_tray = sorted(d.face for d in resumed.tray.on_tray() if d.face is not None)
    assert on_tray == sorted(f for f in range(5) for _ in range(resumed.game.table[f]))


def test_human_cannot_act_during_animation_and_gets_a_reason(app):
    scene = md_scene(app, [Seat("Me", 0, None), Seat("Bot", 1, "optimal")])
    stop = next(b for b in scene.buttons.buttons if b.label == "Stop")
    assert not stop.enabled and "roll" in stop.reason.lower()
    app.step(1 / 60, [key(pygame.K_SPACE)])
    roll = next(b for b in scene.buttons.buttons if b.label == "Roll")
    assert not roll.enabled and "settle" in roll.reason


def test_screen_never_shows_the_roll_before_the_dice_land(app):
    scene = md_scene(app, [Seat("Me", 0, None), Seat("Bot", 1, "optimal")])
    scene.act("roll")
    run_until(app, lambda: any(d.moving for d in scene.tray.dice), dt=1 / 60)
    assert scene.shown_aside() == [0] * 5, "tanks are not set aside before the dice land"
    assert all(b.label in ("Roll", "Stop", "Coach", "Menu") or "x" not in b.label for b in scene.buttons.buttons), \
        "pick buttons do not count the dice in the air"
    run_until(app, lambda: scene.idle)
    assert scene.shown_aside() == scene.game.aside, "once idle, the screen shows the rules state"


def test_a_roll_is_settled_within_one_and_a_half_seconds(app):
    """From the press to the end of the tumble: every die of the throw at rest, showing its face (the tanks then fly
    aside). It once ended at the first frame with no die moving and the first die's tumble not planned yet: before
    the throw, when its planning had not finished in the press's frame."""
    app.settings.animation_speed = "normal"
    for _ in range(8):  # a fresh seed each
        scene = md_scene(app, [Seat("Me", 0, None), Seat("Bot", 1, "optimal")])
        scene.act("roll")
        elapsed, thrown = 0.0, False
        while elapsed < 5:
            app.step(1 / 60, [])
            elapsed += 1 / 60
            thrown = thrown or any(d.moving for d in scene.tray.dice)
            if thrown and not any(d.turns for d in scene.tray.dice):
                break
        assert thrown and elapsed <= 1.5, f"the dice took {elapsed:.2f} s to settle"


def test_narration_names_whoever_acts(app):
    scene = md_scene(app, [Seat("Ada", 0, "optimal"), Seat("Zax", 1, "optimal")])
    said = []
    for _ in range(3000):
        app.step(1 / 20, [])
        if scene.message and (not said or said[-1][1] != scene.message):
            said.append((scene.game.log[-1][0] if scene.game.log else None, scene.message))
        if len(scene.game.log) > 60:
            break
    messages = [m for _, m in said]
    assert not any("against you" in m for m in messages), "bots are not addressed as 'you'"
    tanks = [m for m in messages if "rolled out against" in m]
    assert tanks and all(m.rstrip("!").endswith(("Ada", "Zax")) for m in tanks), "tanks name whom they fight"
    assert all(m.split(" ")[0] in ("Ada", "Zax") for m in messages if " rolls " in m)


def test_header_during_a_turn_ending_roll_names_the_roller(app):
    scene = md_scene(app, [Seat("Ada", 0, None), Seat("Zax", 1, "optimal")])
    scene.game.apply(0, "roll")
    events = scene.game.apply(-1, (13, 0, 0, 0, 0))  # all tanks: the turn ends at once
    scene.play(events)
    seen = set()
    for _ in range(400):
        app.step(1 / 30, [])
        seen.add(scene.message)
        if scene.idle:
            break
    during = [m for m in seen if "tank" in m.lower() or "rolled" in m]
    assert during and all("Zax" not in m for m in during), during


def test_a_key_skips_a_bot_animation_to_its_end(app):
    scene = md_scene(app, [Seat("Bot", 0, "optimal"), Seat("Me", 1, None)])
    run_until(app, lambda: scene.scripts and scene.skippable)
    app.step(1 / 60, [key(pygame.K_SPACE)])
    assert not scene.scripts or scene.skippable is False or not any(d.moving for d in scene.tray.dice)


def test_a_rematch_passes_the_first_move_on(app):
    seats = [Seat("A", 0, "optimal"), Seat("B", 1, "greedy"), Seat("C", 2, "cautious")]
    app.scenes.push(MD.scene(app, seats, nearly_over(MD, ["optimal", "greedy", "cautious"], seed=2)))
    run_until(app, lambda: type(app.scenes.top).__name__ == "ResultsScene")
    firsts = []
    for _ in range(3):
        if type(app.scenes.top).__name__ == "ResultsScene":
            app.scenes.top.buttons.buttons[0].on_click()  # Rematch
        else:
            app.scenes.top.rematch()  # what the results' Rematch does, without playing the game out again
        game = app.scenes.top.game
        firsts.append(game.first)
        assert game.current == game.first and game.log == []
    assert firsts == [1, 2, 0]


def test_a_shared_first_place_reads_as_a_shared_win(app):
    from game.core.protocol import Outcome
    from game.scenes.results import ResultsScene, winners_line

    assert winners_line(["Ada", "Zax"]) == "Ada and Zax share the win!"
    outcome = Outcome(((0, 1),), (9, 9), "A shared win: tied on points, pieces and center discs")
    app.scenes.push(ResultsScene(app, GAMES["takedown"], [Seat("Ada", 0), Seat("Zax", 1)], outcome))
    app.step(1 / 60, [])
    assert [p for p, _ in app.scenes.top._places()] == [0]


def test_a_failed_autosave_is_told_and_play_goes_on(app, monkeypatch):
    scene = md_scene(app, [Seat("Me", 0, None), Seat("Bot", 1, "optimal")])
    saves.save(saves.SavedGame("martian-dice", "martian-dice", scene.seats, scene.game))
    before = saves.load("martian-dice").state.to_json()

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    from game import journal

    with monkeypatch.context() as patch:  # the disk is full: nothing more can be written or synced
        patch.setattr(storage.os, "fsync", full)
        patch.setattr(journal.os, "write", full)
        patch.setattr(storage.json, "dump", full)
        scene.act("roll")
        storage.WRITER.flush()
        app.step(1 / 60, [])
        assert app.notices and "could not be saved" in app.notices[0][0] and "No space" in app.notices[0][0]
        run_until(app, lambda: scene.idle)
    assert saves.load("martian-dice").state.to_json() == before, "the previous save is intact"
    app.step(1 / 60, [])  # drawing the notice works


def test_resize_keeps_logical_coordinates(app):
    app.scenes.push(TitleScene(app))
    app.step(1 / 60, [])
    app.canvas.attach(pygame.Surface((1920, 1080)))
    assert app.canvas.scale == 1.5
    assert app.canvas.to_logical(app.canvas.px(100, 200)) == (100, 200)


def test_every_input_says_who_sent_it_in_the_order_it_came(app):
    press = lambda pad, button: pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, {"button": button, "instance_id": pad})
    first = app.input.translate(press(30, pygame.CONTROLLER_BUTTON_A))
    second = app.input.translate(press(40, pygame.CONTROLLER_BUTTON_A))
    assert [e.key for e in first + second] == [pygame.K_RETURN, pygame.K_RETURN]
    assert first[0].source != second[0].source, "A on two pads is not the same press"
    assert (first[0].source, second[0].source) == ("pad-1", "pad-2")
    push = pygame.event.Event(pygame.CONTROLLERAXISMOTION,
                              {"axis": pygame.CONTROLLER_AXIS_LEFTY, "value": 30000, "instance_id": 40})
    moved = app.input.translate(push)
    assert [e.key for e in moved] == [pygame.K_DOWN] and moved[0].source == "pad-2"
    assert app.input.translate(push) == [], "holding the stick moves the focus once"
    typed = app.input.translate(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_7, "mod": 0, "unicode": "7"}))
    assert typed[0].source == "keys-2"
    assert app.input.translate(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_SPACE, "mod": 0}))[0].source == "keyboard"
    click = app.input.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (10, 10), "button": 1}))
    assert click[0].source == "mouse"


def test_keyboard_focus_and_enter_activate_buttons(app):
    app.scenes.push(TitleScene(app))
    app.step(1 / 60, [])
    title = app.scenes.top
    app.step(1 / 60, [key(pygame.K_DOWN)])
    assert title.buttons.focus == 0
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert type(app.scenes.top).__name__ == "SetupScene"


def test_title_fits_four_games_with_every_entry(app, monkeypatch):
    import toy_bid

    from game import registry

    games = dict(GAMES)
    games["toy-bid"] = toy_bid.ENTRY
    games["toy-bid-2"] = dataclasses.replace(toy_bid.ENTRY, id="toy-bid-2", title="Another Toy")
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr("game.scenes.title.GAMES", games)
    save_two_games()
    app.scenes.push(TitleScene(app))
    app.step(1 / 60, [])
    buttons = app.scenes.top.buttons.buttons
    labels = [b.label for b in buttons]
    for wanted in ("Continue a saved game (2)", "Play Martian Dice", "Play Ten-Minute Takedown", "Play Another Toy",
                   "Takedown challenges", "How to play", "Settings", "Quit"):
        assert wanted in labels
    rects = [pygame.Rect(b.rect) for b in buttons]
    assert all(r.bottom <= 720 and r.right <= 1280 and r.top >= 0 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "no entry overlaps another"


def save_two_games():
    saves.save(saves.SavedGame("martian-dice", "martian-dice", [Seat("A", 0), Seat("B", 1, "greedy")],
                               MD.new_state(2, 1)))
    saves.save(saves.SavedGame("takedown", "takedown", [Seat("A", 0), Seat("B", 1, "easy")],
                               GAMES["takedown"].new_state(2, 1)))


def test_saved_games_list_continues_the_one_picked(app):
    save_two_games()
    app.scenes.push(TitleScene(app))
    app.step(1 / 60, [])
    app.scenes.top.buttons.buttons[0].on_click()
    listing = app.scenes.top
    assert type(listing).__name__ == "SavedGamesScene" and len(listing.saved) == 2
    app.step(1 / 60, [])
    target = next(b for b in listing.buttons.buttons if b.label == "Continue Takedown")
    target.on_click()
    assert app.scenes.top.info.id == "takedown"


def test_starting_over_a_saved_game_asks_first(app):
    from game.scenes.setup import SetupScene

    saves.save(saves.SavedGame("martian-dice", "martian-dice", [Seat("A", 0), Seat("B", 1, "greedy")],
                               MD.new_state(2, 1)))
    setup = SetupScene(app, MD)
    app.scenes.push(setup)
    setup._start()
    assert type(app.scenes.top).__name__ == "StartOverScene", "a saved game is not overwritten silently"
    app.step(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.scenes.top is setup and saves.load("martian-dice").state.seed == 1
    setup._start()
    app.step(1 / 60, [key(pygame.K_n)])  # start over
    assert type(app.scenes.top).__name__ == "GameScene" and app.scenes.top.game.seed != 1


@pytest.mark.parametrize("text_size", [100, 150])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_questions_about_a_saved_game_read_whole_for_every_game(app, game_id, text_size):
    """The longest game title and eight long names: nothing cut short (a title once read "You have a saved Mars
    Attacks: The Dice Game…")."""
    from game.scenes.choice import StartOverScene

    app.settings.text_size = text_size
    app.apply_settings()
    from game.scenes.title import SavedGamesScene

    info = GAMES[game_id]
    players = min(info.max_players, 8)
    seats = [Seat(f"Bartholomew {i}", i, None if i == 0 else next(iter(info.bots))) for i in range(players)]
    saved = saves.SavedGame(game_id, game_id, seats, info.new_state(players, 1))
    app.scenes.push(StartOverScene(app, saved, lambda: None, lambda: None))
    app.step(1 / 60, [])
    assert app.audit_layout() == []
    saves.save(saved)
    listing = SavedGamesScene(app)
    app.scenes.reset(listing)
    listing._discard(listing.saved[0])
    app.step(1 / 60, [])
    question = app.scenes.top
    assert question is not listing and info.title in question.text
    assert app.audit_layout() == [], "the question before a saved game is discarded"


def test_setup_remembers_the_last_players_and_options_of_each_game(app, user_dir):
    import toy_bid

    from game.scenes.setup import SetupScene

    setup = SetupScene(app, MD)
    app.scenes.push(setup)
    setup._add()
    setup.seats[0].name = "Ada"
    setup._start()
    again = SetupScene(app, MD)
    assert [s.name for s in again.seats] == ["Ada", "Zax", "Blorp"]
    assert len(SetupScene(app, GAMES["takedown"]).seats) == 2, "each game keeps its own line-up"
    toy = SetupScene(app, toy_bid.ENTRY)
    assert toy.options == {"rounds": "3"}
    toy._next_option(toy_bid.ENTRY.options[0])
    toy._begin(toy._lineup())
    saves.save_lineup("toy-bid", saves.Lineup(toy._lineup(), dict(toy.options)))
    assert SetupScene(app, toy_bid.ENTRY).options == {"rounds": "5"}
    assert app.scenes.top.game.rounds == 5, "the option reaches the rules"
    (user_dir / saves.LINEUP_FILE).write_text("[oops")
    broken = SetupScene(app, MD)
    assert len(broken.seats) == 2 and any("reset" in text for text, _ in app.notices)


def test_setup_cleans_typed_names_and_fits_long_ones(app):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app, MD)
    app.scenes.push(setup)
    setup._edit(0)
    setup.seats[0].name = ""
    for text in ("\ufe0f", "\u200b", "\x00"):
        app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, {"text": text})])
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert setup.seats[0].name == "Player 1", "a name of invisible characters falls back to a plain one"
    setup._edit(1)
    setup.seats[1].name = ""
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, {"text": "W" * 40})])
    app.step(1 / 60, [key(pygame.K_RETURN)])
    assert setup.seats[1].name == "W" * 16
    setup._begin(setup._lineup())
    app.step(1 / 60, [])  # the scoreboard draws the long name cut to fit
    assert app.canvas.fit("W" * 16, 22, 120).endswith("…")


def test_setup_reports_a_game_that_cannot_start(app, monkeypatch):
    from game.scenes.setup import SetupScene
    from game.takedown import rules

    def broken(level_id):
        raise ValueError("standard-2p.toml: field 'targets[1].icon': 'robbot' is not one of saucer, insect, robot")

    monkeypatch.setattr(rules, "level_by_id", broken)
    setup = SetupScene(app, GAMES["takedown"])
    app.scenes.push(setup)
    setup._start()
    app.step(1 / 60, [])
    assert app.scenes.top is setup and any("robbot" in text for text, _ in app.notices)


def test_text_that_draws_as_nothing_and_names_in_other_scripts_do_not_crash(app):
    for text in ("\ufe0f", "", "😀 Jo", "علي", "李雷", "Zoë"):
        app.canvas.text(text, 22, (255, 255, 255), (10, 10))
        assert app.canvas.text_width(text, 22) >= 0


def test_a_glyph_the_game_font_lacks_comes_from_an_installed_font():
    from game.ui import fonts

    missing = next((ch for ch in "😀★☃ⓐ" if not fonts.covers(None, ch)), None)
    if missing is None or fonts.font_for(missing) is None:
        pytest.skip("no installed font covers a glyph the game font lacks")
    assert fonts.runs(f"Jo {missing}") [-1][0] == fonts.font_for(missing)
    assert fonts.runs("plain")[0] == (None, "plain")


def test_saved_games_read_whole_at_the_largest_text_with_every_seat_taken(app):
    """Continue labels and summaries choose shorter words where room is short; nothing is cut at 150%."""
    from game.scenes.title import SavedGamesScene

    names = ["Bartholomew", "Guinevere", "Maximilian", "Anastasia", "Christopher", "Evangeline", "Wilhelmina", "Sebastian"]
    for info in (info for info in GAMES.values() if info.package.startswith("game.")):
        n = info.max_players
        seats = [Seat(name, i) for i, name in enumerate(names[:n])]
        saves.save(saves.SavedGame(info.id, info.id, seats, info.new_state(n, 7)))
    app.settings.text_size = 150
    app.apply_settings()
    for scene in (TitleScene(app), SavedGamesScene(app)):
        app.scenes.push(scene)
        app.step(1 / 60, [])
        assert app.audit_layout() == [], type(scene).__name__
        labels = [b.label for b in scene.buttons.buttons]
        if isinstance(scene, SavedGamesScene):
            assert "Continue Heroes" in labels and "Continue Mars Attacks Dice" in labels


def test_a_single_saved_game_is_summed_up_on_the_title_as_far_as_room_allows(app):
    info = GAMES["martian-dice"]
    names = ["Bartholomew", "Guinevere", "Maximilian", "Anastasia", "Christopher", "Evangeline", "Wilhelmina", "Sebastian"]
    saves.save(saves.SavedGame(info.id, info.id, [Seat(name, i) for i, name in enumerate(names)], info.new_state(8, 7)))
    app.settings.text_size = 150
    app.apply_settings()
    app.scenes.push(TitleScene(app))
    app.step(1 / 60, [])
    drawn = [text for text, _ in app.canvas.audit_frame(lambda: app.scenes.top.draw(app.canvas)).texts]
    line = next(text for text in drawn if text.startswith("Saved Martian Dice game"))
    assert line == "Saved Martian Dice game: 8 players", "nobody leads yet"
    assert "Continue Martian Dice" in drawn

def test_a_saved_game_has_shorter_summaries_for_less_room():
    info = GAMES["martian-dice"]
    saved = saves.SavedGame(info.id, info.id, [saves.Seat("Ada", 0), saves.Seat("Zax", 1, "greedy")],
                            info.new_state(2, 3))
    assert saved.summaries() == ["Ada: 0 · Zax: 0", "2 players"]
    saved.state.score = lambda p: [14, 9][p]
    assert saved.summaries() == ["Ada: 14 · Zax: 9", "Ada leads with 14 · 2 players", "2 players"]
