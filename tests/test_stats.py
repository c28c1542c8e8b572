"""Statistics: counted from finished games (on the rules, and once through a table), once each; kept per person;
shown page by page."""

import dataclasses
import json

import pygame
import pytest
from conftest import nearly_over, run_until

from game import saves, stats, storage
from game.core.protocol import Outcome
from game.registry import GAMES
from game.saves import Seat
from game.scenes.statistics import LEFT, RIGHT, StatisticsScene
from game.scenes.title import TitleScene
from game.tournament import play_game

MD = GAMES["martian-dice"]


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0, "source": "keyboard"})


def play_out(app, scene):
    """Run a game to its results; a person's moves come from a bot's policy, made through the scene."""
    def finished() -> bool:
        if type(app.scenes.top).__name__ == "ResultsScene":
            return True
        for p in scene.humans_to_act():
            scene.perform(p, scene.info.bots["greedy"].choose(scene.game.view(p), p, scene.game.rng_for("test")))
        return False

    run_until(app, finished, frames=30000)


SEATS = [Seat("Ana", 0), Seat("Winner", 1, "winner"), Seat("Greedy", 2, "greedy")]
BOTS = ["greedy", "winner", "greedy"]  # Ana's moves in these games are the greedy bot's


def ana_game(app, seed=1, left=3):
    """Ana against two bots at a table, a few moves before the end (the rules played the rest)."""
    scene = MD.scene(app, [dataclasses.replace(seat) for seat in SEATS], nearly_over(MD, BOTS, seed, left))
    app.scenes.push(scene)
    return scene


def test_a_finished_game_is_counted_for_each_person_with_the_bots_met_and_the_best_turn():
    state = play_game(MD, BOTS, seed=2)
    stats.count_finished(MD, SEATS, state)
    storage.WRITER.flush()
    outcome = state.outcome()
    record = stats.load()[0].players["Ana"]["martian-dice"]
    mine = outcome.place(0)
    assert (record.played, record.won) == (1, int(mine == 0))
    for bot, seat in (("winner", 1), ("greedy", 2)):
        m = record.bots[bot]
        assert (m.won, m.lost, m.tied) == (int(mine < outcome.place(seat)), int(mine > outcome.place(seat)),
                                           int(mine == outcome.place(seat)))
    assert record.best == max(t.points for t in state.history if t.player == 0)
    assert list(stats.load()[0].players) == ["Ana"], "bots are no people"


def test_a_game_finished_at_the_table_is_counted(app):
    scene = ana_game(app)
    play_out(app, scene)
    assert app.scenes.top.outcome == scene.game.outcome()
    assert stats.load()[0].players["Ana"]["martian-dice"].played == 1


def test_no_game_counts_twice_results_shown_again_or_a_save_resumed_before_the_end(app):
    scene = ana_game(app)
    play_out(app, scene)
    finished = scene.game
    scene.show_results()  # the results again
    scene.autosave()
    storage.WRITER.flush()
    assert stats.load()[0].players["Ana"]["martian-dice"].played == 1
    # a save written before the last move (one whose removal failed) is continued and finished again
    record = finished.to_json()
    record["log"] = record["log"][:-1]
    saves.save(saves.SavedGame("martian-dice", "martian-dice", scene.seats, MD.load_state(record)))
    app.scenes.reset(TitleScene(app))
    app.step(1 / 60, [key(pygame.K_c)])
    resumed = app.scenes.top
    assert resumed is not scene and resumed.game.log == record["log"]
    play_out(app, resumed)
    assert stats.load()[0].players["Ana"]["martian-dice"].played == 1
    # a rematch is a new game: another seed, the next first player
    app.scenes.top.buttons.buttons[0].on_click()
    rematch = app.scenes.top.game
    assert (rematch.first, rematch.log) == ((finished.first + 1) % 3, [])
    stats.count_finished(MD, SEATS, play_game(MD, BOTS, seed=rematch.seed, first=rematch.first))
    storage.WRITER.flush()
    assert stats.load()[0].players["Ana"]["martian-dice"].played == 2


def test_results_against_each_bot_a_shared_place_streaks_and_names_in_any_case():
    s = stats.Statistics()
    seats = [Seat("Ana", 0), Seat("Bo", 1), Seat("W1", 2, "winner"), Seat("G", 3, "greedy"), Seat("W2", 4, "winner")]
    s.add_game("martian-dice", seats, Outcome(((2,), (0, 3), (1,), (4,)), (9, 8, 8, 5, 2)), [4, 5, 9, 8, 1])
    ana, bo = s.players["Ana"]["martian-dice"], s.players["Bo"]["martian-dice"]
    assert (ana.bots["winner"].won, ana.bots["winner"].lost, ana.bots["greedy"].tied) == (1, 1, 1)
    assert (bo.bots["winner"].won, bo.bots["winner"].lost, bo.bots["greedy"].lost) == (1, 1, 1)
    assert (ana.played, ana.won, ana.best, bo.best) == (1, 0, 4, 5)
    for _ in range(3):
        s.add_game("martian-dice", [Seat("ana", 0), Seat("G", 1, "greedy")], Outcome(((0,), (1,)), (25, 3)), [2, 1])
    s.add_game("martian-dice", [Seat("ANA", 0), Seat("G", 1, "greedy")], Outcome(((0, 1),), (25, 25)), None)
    assert (ana.played, ana.won, ana.streak, ana.best_streak, ana.best) == (5, 4, 4, 4, 4), "a shared win is a win"
    assert (ana.bots["greedy"].won, ana.bots["greedy"].tied) == (3, 2)
    s.add_game("martian-dice", [Seat("Ana", 0), Seat("Ana", 1), Seat("G", 2, "greedy")], Outcome(((2,), (0, 1)), (9, 9, 20)),
               None)
    assert (ana.played, ana.streak, ana.best_streak) == (6, 0, 4), "a name seated twice counts once"
    assert list(s.players) == ["Ana", "Bo"]
    assert stats.Statistics.from_json(json.loads(json.dumps(s.to_json()))) == s


@pytest.mark.parametrize("game_id", ["martian-dice", "mars-attacks", "takedown", "heroes"])
def test_each_game_keeps_its_best_turn(game_id):
    info = GAMES[game_id]
    state = play_game(info, [info.default_bot] * 2, seed=3)
    if game_id == "martian-dice":
        expected = [max((t.points for t in state.history if t.player == p), default=0) for p in range(2)]
    elif game_id == "mars-attacks":  # one claim a turn: the best turn claimed the card worth most
        expected = [max((state.cards[c].vp for c in state.claimed[p]), default=0) for p in range(2)]
    elif game_id == "takedown":
        expected = [max((points for who, points in state.history if who == p), default=0) for p in range(2)]
    else:
        expected = [max((len(pot.cards) for pot in state.history if pot.player == p), default=0) for p in range(2)]
    assert info.best_turns(state) == expected and max(expected) > 0


def test_a_challenge_run_counts_on_its_own(app):
    from game.takedown.level import challenge_levels
    from game.takedown.shot import Flick

    level = challenge_levels()[0][0]
    info = GAMES["takedown"]
    state = info.new_state(1, level.challenge.seed, {"table": f"challenge/{level.id}"})
    scene = info.scene(app, [Seat("You", 0)], state, "challenge")
    app.scenes.push(scene)
    for angle, power in level.challenge.solution:
        run_until(app, lambda: scene.human_to_act)
        scene.perform(0, Flick(angle, power))  # the table's par solution, without a shaking hand
    run_until(app, lambda: type(app.scenes.top).__name__ == "ChallengeResultScene")
    record = stats.load()[0]
    assert (record.challenge_runs, record.challenges_cleared, record.players) == (1, 1, {})


def test_a_damaged_statistics_file_is_kept_aside_and_reported_and_counting_starts_afresh(app, user_dir):
    user_dir.mkdir(parents=True, exist_ok=True)
    path = user_dir / stats.FILE_NAME
    good = stats.Statistics()
    good.add_game("martian-dice", [Seat("Ana", 0), Seat("G", 1, "greedy")], Outcome(((0,), (1,)), (25, 3)), [9, 9])
    data = good.to_json()
    data["players"]["Ana"]["martian-dice"]["won"] = 7
    path.write_text(json.dumps(data))
    scene = ana_game(app)
    play_out(app, scene)
    storage.WRITER.flush()  # the file is read on the writer's thread, and its report shown in the next frame
    app.step(1 / 60, [])
    report = next(text for text, _ in app.notices if "statistics" in text)
    assert "stats.json" in report and "players.Ana.martian-dice.won" in report and "is 7, expected 0..1" in report
    kept = [p for p in user_dir.iterdir() if p.name.startswith("stats.json.corrupt-")]
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == data, "the damaged file is kept as it was"
    assert stats.load()[0].players["Ana"]["martian-dice"].played == 1, "counting starts afresh"
    for broken in ("{not json", json.dumps({**good.to_json(), "format": 0}), json.dumps({**good.to_json(), "counted": [1]})):
        path.write_text(broken)
        record, problem = stats.load()
        assert record == stats.Statistics() and "stats.json could not be read" in problem and "kept as" in problem
    path.write_text(json.dumps({**good.to_json(), "players": {"": {}}}))
    app.notices.clear()
    app.scenes.push(StatisticsScene(app))  # opening the screen finds it
    assert any("field 'players' has a bad name" in text for text, _ in app.notices)
    assert "No games finished yet…" in _texts(app)


def test_a_failed_statistics_write_is_told_and_play_goes_on(app, monkeypatch):
    real = storage.write_json

    def full(path, data):
        if path.name == stats.FILE_NAME:
            raise storage.WriteFailed(path, "No space left on device")
        real(path, data)

    monkeypatch.setattr(storage, "write_json", full)
    play_out(app, ana_game(app))
    storage.WRITER.flush()
    app.step(1 / 60, [])
    assert any("statistics could not be saved" in text and "No space" in text for text, _ in app.notices)
    assert type(app.scenes.top).__name__ == "ResultsScene", "the results are shown all the same"
    app.scenes.top.buttons.buttons[0].on_click()  # a rematch plays on
    assert type(app.scenes.top).__name__ == "GameScene"


def test_the_title_opens_statistics_by_key_and_they_start_empty(app):
    app.scenes.push(TitleScene(app))
    app.step(1 / 60, [])
    button = next(b for b in app.scenes.top.buttons.buttons if b.label == "Statistics")
    assert button.key_label == "S"
    app.step(1 / 60, [key(pygame.K_s)])
    assert isinstance(app.scenes.top, StatisticsScene) and len(app.scenes.top.pages) == 1
    drawn = _texts(app)
    assert "No games finished yet…" in drawn
    app.step(1 / 60, [key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, TitleScene)


def _texts(app, record=None) -> list[str]:
    """The lines of text the top scene draws (with their logical rectangles in `record`)."""
    canvas = app.canvas
    real = canvas.text
    seen = []

    def spy(text, *args, **kwargs):
        rect = real(text, *args, **kwargs)
        shown = canvas.fit(text, args[0], kwargs["width"], kwargs.get("bold", False)) if kwargs.get("width") else text
        seen.append(shown)
        if record is not None:
            record.append((shown, rect))
        return rect

    canvas.text = spy
    try:
        app.scenes.top.draw(canvas)
    finally:
        del canvas.text
    return seen


def test_many_people_with_long_names_at_the_largest_text_size_page_without_clipping(app):
    s = stats.Statistics()
    names = [f"{'W' * 12}{n:04d}" for n in range(14)]
    for n, name in enumerate(names):
        for info in GAMES.values():
            if info.id == "toy-bid":
                continue
            bots = [Seat(f"B{i}", i + 1, bot) for i, bot in enumerate(info.bots)][:info.max_players - 1]
            seats = [Seat(name, 0), *bots]
            s.add_game(info.id, seats, Outcome((tuple(range(len(seats))),), (1,) * len(seats)), [n] * len(seats))
    storage.write_json(stats.user_data_dir() / stats.FILE_NAME, s.to_json())
    app.settings.text_size = 150
    app.apply_settings()
    app.scenes.push(StatisticsScene(app))
    app.step(1 / 60, [])
    scene = app.scenes.top
    assert len(scene.pages) > 1
    started = []
    for page in range(len(scene.pages)):
        drawn = []
        _texts(app, drawn)
        content = [(text, rect) for text, rect in drawn if scene.top <= rect.centery < 630]
        for text, rect in content:
            assert LEFT - 1 <= rect.left and rect.right <= RIGHT + 1, f"{text!r} runs past the panel"
            assert rect.bottom <= 640, f"{text!r} runs into the buttons"
        for i, (text, rect) in enumerate(content):
            inner = rect.inflate(-2, -4)
            assert not any(inner.colliderect(other.inflate(-2, -4)) for _, other in content[i + 1:]), f"{text!r} overlaps"
        shown_names = [text for text, rect in content if text.startswith("WWW") and rect.left <= LEFT + 1]  # not charts
        assert all(text.endswith("…") or text in names or text.endswith("(continued)") for text in shown_names)
        started += [text for text in shown_names if not text.endswith("(continued)")]
        assert app.audit_layout() == []
        app.step(1 / 60, [key(pygame.K_RIGHT)])
    assert scene.page == len(scene.pages) - 1
    assert len(started) == len(names), "everyone is shown once (then marked as continued)"
    assert sum(1 for page in scene.pages for block in page if block.person and not block.heading) == \
        len(names) * (len(GAMES) - 1), "every game of every person is on a page"


def test_each_game_opens_with_a_chart_of_wins_and_best_turns_that_reads_at_150_percent(app):
    from game.scenes.statistics import Bar

    s = stats.Statistics()
    people = {"Ada": (9, 4, 31), "Bartholomew": (5, 5, 12), "Zax": (2, 0, 7)}
    info = GAMES["martian-dice"]
    for name, (played, won, best) in people.items():
        for g in range(played):
            seats = [Seat(name, 0), Seat("Bot", 1, "greedy")]
            ranking = ((0,), (1,)) if g < won else ((1,), (0,))
            s.add_game(info.id, seats, Outcome(ranking, (1, 1)), [best if g == 0 else 0, 0])
    storage.write_json(stats.user_data_dir() / stats.FILE_NAME, s.to_json())
    app.settings.text_size = 150
    app.apply_settings()
    app.scenes.push(StatisticsScene(app))
    app.step(1 / 60, [])
    scene = app.scenes.top
    chart = scene.pages[0][0]
    bars = [[cell for cell in line if isinstance(cell, Bar)] for line in chart.lines[1:]]
    assert [(b[0].part, b[0].whole) for b in bars] == [(4, 9), (5, 5), (0, 2)], "most games first, wins filled"
    assert bars[0][0].width > bars[1][0].width > bars[2][0].width, "a bar's length is the games played"
    assert bars[0][1].width > bars[1][1].width > bars[2][1].width > 0, "best turns against the best of anyone"
    drawn = _texts(app)
    assert "Martian Dice" in drawn and "4 of 9 won" in drawn and "31" in drawn
    assert app.audit_layout() == []
