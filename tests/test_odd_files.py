"""Files that are not what they should be: special files, newer versions, absurd numbers, leftovers of a
kill, the game's own damaged data. Each is told in the game's words, and nothing waits or crashes."""

import json
import os
import time

import pygame
import pytest

from game import saves, settings, stats, storage
from game.core import datafile
from game.core.datafile import DataFileError, read_toml
from game.registry import GAMES
from game.saves import Seat


def fifo(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_settings_stats_or_a_save_is_reported_and_set_aside_at_once(user_dir):
    fifo(user_dir / settings.FILE_NAME)
    fifo(user_dir / stats.FILE_NAME)
    fifo(user_dir / saves.SAVE_DIR / "martian-dice.json")
    started = time.monotonic()
    loaded, problem = settings.load()
    assert problem and "FIFO" in problem and "kept as" in problem
    record, problem = stats.load()
    assert problem and "FIFO" in problem
    games, problems = saves.load_all()
    assert games == [] and "FIFO" in problems[0].reason
    assert time.monotonic() - started < 5, "never waits for a writer"
    assert not (user_dir / settings.FILE_NAME).exists(), "moved aside: the next write makes a real file"


def test_a_folder_or_a_link_loop_in_place_of_a_file_is_reported(user_dir):
    (user_dir / settings.FILE_NAME).mkdir(parents=True)
    _, problem = settings.load()
    assert "it is a folder, not a file" in problem
    loop = user_dir / stats.FILE_NAME
    os.symlink(loop, loop)
    _, problem = stats.load()
    assert problem and "could not be read" in problem


def test_a_save_from_a_newer_version_is_told_and_left_as_it_is(user_dir):
    info = GAMES["martian-dice"]
    saved = saves.SavedGame(info.id, info.id, [Seat("Ada", 0), Seat("Zax", 1, "greedy")], info.new_state(2, 3))
    data = saved.to_json() | {"format": saves.FORMAT + 1, "version": "9.2.0"}
    path = user_dir / saves.SAVE_DIR / "martian-dice.json"
    storage.write_json(path, data)
    games, problems = saves.load_all()
    assert games == [] and isinstance(problems[0], storage.NewerFile)
    assert "made by version 9.2.0 of the game; update the game to load it" in problems[0].reason
    assert problems[0].where == "It was left as it is."
    assert json.loads(path.read_text()) == data, "untouched, for the newer version to load"


def test_a_number_with_thousands_of_digits_is_told_in_plain_words(user_dir):
    path = user_dir / stats.FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "players": {}, "challenge_runs": ' + "9" * 5000 + "}")
    _, problem = stats.load()
    assert "a number far too long to be real" in problem and "sys." not in problem


def test_json_that_does_not_parse_says_where(user_dir):
    path = user_dir / settings.FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_text('{"volume": ')
    _, problem = settings.load()
    assert "not valid JSON (line 1, column" in problem


def test_the_temporary_files_a_kill_left_behind_are_removed_at_the_next_start(user_dir):
    folder = user_dir / saves.SAVE_DIR
    folder.mkdir(parents=True)
    stale, fresh = folder / ".martian-dice.json.abc.tmp", folder / ".heroes.json.def.tmp"
    stale.write_text("{")
    fresh.write_text("{")
    old = time.time() - 2 * storage.STALE_SECONDS
    os.utime(stale, (old, old))
    assert storage.clean_temporaries(user_dir) == 1
    assert not stale.exists() and fresh.exists(), "a write in progress (another copy of the game) is left alone"


def test_a_deeply_nested_or_absurd_level_file_is_a_data_file_error(tmp_path):
    nested = tmp_path / "nested.toml"
    nested.write_text("x = " + "[" * 5000 + "]" * 5000)
    with pytest.raises(DataFileError, match="nested too deeply|not valid TOML"):
        read_toml(nested)
    (tmp_path / "folder.toml").mkdir()
    with pytest.raises(DataFileError, match="it is a folder"):
        read_toml(tmp_path / "folder.toml")


def test_a_damaged_win_table_is_reported_and_the_winner_bot_plays_for_points(monkeypatch, tmp_path):
    from game.core.steps import finish
    from game.martian_dice import coach, policy, winning
    from game.tournament import play_game

    broken = tmp_path / "winner-table.json"
    broken.write_text('{"target": 25, "q": [[1]]}')
    monkeypatch.setattr(winning, "TABLE_FILE", broken)
    winning.table.cache_clear()
    winning._solutions.clear()
    try:
        state = play_game(GAMES["martian-dice"], ["winner", "greedy"], 4)
        assert state.is_over, "the winner bot still plays"
        problems = datafile.take_reported()
        assert len(problems) == 1 and "winner-table.json could not be read" in problems[0]
        assert "play for the most points" in problems[0]
        view = GAMES["martian-dice"].new_state(2, 1).view(0)
        solution = finish(winning.turn_solution_steps(0, 0, 0))
        assert solution.start_value() == pytest.approx(policy.expected_score_solution().start_value())
        advice = coach.advice(view)
        assert advice is not None and all(c.win is None for c in advice.choices) and advice.best_win is None
    finally:
        winning.table.cache_clear()
        winning._solutions.clear()


def test_every_notice_of_the_session_can_be_read_from_the_title(app):
    from game.scenes.title import TitleScene

    for n in range(5):
        app.notices.add(f"Problem number {n} happened.")
    app.scenes.push(TitleScene(app))
    app.step(1 / 60, [])
    button = next(b for b in app.scenes.top.buttons.buttons if b.label.startswith("Notices this session"))
    assert button.label == "Notices this session (5)"
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n", scancode=0)])
    shown = app.scenes.top
    assert type(shown).__name__ == "TurnLogScene" and shown.heading == "Notices"
    assert shown.lines[0] == "Problem number 4 happened." and len(shown.lines) == 5
    assert app.audit_layout() == []


def test_a_level_is_read_once_while_its_files_stay_as_they_are_and_again_once_changed(tmp_path):
    import shutil

    from game.takedown.level import LEVEL_DIR, LevelError, load_level

    path = tmp_path / "standard-2p.toml"
    shutil.copy(LEVEL_DIR / "standard-2p.toml", path)
    shutil.copy(LEVEL_DIR / "defaults.toml", tmp_path / "defaults.toml")
    first = load_level(path)
    assert load_level(path) is first, "not read again (the challenge list and statistics read every level)"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'name = "{first.name}"', 'name = "Renamed table"', 1), encoding="utf-8")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10_000_000))
    assert load_level(path).name == "Renamed table", "changed on disk: read again"
    path.write_text("name = ", encoding="utf-8")
    with pytest.raises(LevelError):
        load_level(path)
    with pytest.raises(LevelError):
        load_level(path)  # a damaged file is reported each time, never remembered as good
