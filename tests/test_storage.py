"""Saves, settings and line-ups: atomic writes, replayed saves, corrupt files kept aside, failed writes told."""

import json
import os

import pytest

from game import saves, settings, storage
from game.martian_dice.rules import MartianDice
from game.registry import GAMES
from game.saves import Lineup, SavedGame, Seat
from game.storage import CorruptFile, WriteFailed, read_json, write_json


def test_write_then_read_round_trip(tmp_path):
    path = tmp_path / "a.json"
    write_json(path, {"x": [1, 2], "name": "Zoë 李"})
    assert read_json(path) == {"x": [1, 2], "name": "Zoë 李"}
    assert not [p for p in tmp_path.iterdir() if p.name != "a.json"], "no temporary file is left behind"


def test_two_copies_of_the_game_never_share_a_temporary_file(tmp_path, monkeypatch):
    names = []
    real = storage.tempfile.mkstemp

    def spy(**kwargs):
        fd, name = real(**kwargs)
        names.append(name)
        return fd, name

    monkeypatch.setattr(storage.tempfile, "mkstemp", spy)
    write_json(tmp_path / "a.json", {"n": 1})
    write_json(tmp_path / "a.json", {"n": 2})
    assert len(set(names)) == 2 and all(os.path.dirname(n) == str(tmp_path) for n in names)


def test_corrupt_file_is_kept_aside_with_a_reason(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("{not json")
    with pytest.raises(CorruptFile) as info:
        read_json(path)
    assert not path.exists()
    assert info.value.kept_as.exists() and info.value.kept_as.read_text() == "{not json"
    assert "a.json" in str(info.value)


def test_deeply_nested_json_is_a_corrupt_file_not_a_crash(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(CorruptFile, match="nested"):
        read_json(path)


def test_a_corrupt_file_that_cannot_be_moved_aside_is_still_reported(tmp_path, monkeypatch):
    path = tmp_path / "a.json"
    path.write_text("{oops")

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.os, "replace", refuse)
    with pytest.raises(CorruptFile) as info:
        read_json(path)
    assert info.value.kept_as is None and "could not be moved aside" in str(info.value)
    assert path.exists()


@pytest.mark.parametrize("failure", ["read-only", "full", "missing", "blocked-rename"])
def test_failed_writes_are_reported_and_the_old_file_survives(tmp_path, monkeypatch, failure):
    path = tmp_path / "dir" / "a.json"
    write_json(path, {"old": True})
    if failure == "missing":
        path = tmp_path / "not-a-dir" / "a.json"
        (tmp_path / "not-a-dir").write_text("a file where the folder should be")
    elif failure == "read-only":
        monkeypatch.setattr(storage.tempfile, "mkstemp", _raise(PermissionError(13, "Permission denied")))
    elif failure == "full":
        monkeypatch.setattr(storage.os, "fsync", _raise(OSError(28, "No space left on device")))
    else:
        monkeypatch.setattr(storage, "RENAME_PAUSE", 0.001)
        monkeypatch.setattr(storage.os, "replace", _raise(PermissionError(13, "Permission denied")))
    with pytest.raises(WriteFailed) as info:
        write_json(path, {"new": True})
    assert info.value.reason and "a.json" in str(info.value)
    if failure != "missing":
        monkeypatch.setattr(storage.os, "replace", os.replace)
        monkeypatch.setattr(storage.os, "fsync", os.fsync)
        monkeypatch.setattr(storage.tempfile, "mkstemp", _MKSTEMP)
        assert read_json(tmp_path / "dir" / "a.json") == {"old": True}
        assert [p.name for p in (tmp_path / "dir").iterdir()] == ["a.json"], "the temporary file is cleaned up"


def test_a_briefly_blocked_rename_is_retried(tmp_path, monkeypatch):
    real, calls = os.replace, []

    def flaky(a, b):
        calls.append(a)
        if len(calls) < 3:
            raise PermissionError(13, "in use by a scanner")
        real(a, b)

    monkeypatch.setattr(storage, "RENAME_PAUSE", 0.001)
    monkeypatch.setattr(storage.os, "replace", flaky)
    write_json(tmp_path / "a.json", {"ok": 1})
    assert len(calls) == 3 and read_json(tmp_path / "a.json") == {"ok": 1}


_MKSTEMP = storage.tempfile.mkstemp


def _raise(error):
    def fail(*args, **kwargs):
        raise error
    return fail


def seats():
    return [Seat("Ada", 0, None), Seat("Zax", 1, "winner")]


def rolled_game(seed=4):
    game = MartianDice(2, seed=seed)
    game.apply(0, "roll")
    game.apply_chance()
    return game


def test_saved_game_replays_exactly(user_dir):
    game = rolled_game()
    saves.save(SavedGame("martian-dice", "martian-dice", seats(), game))
    storage.WRITER.flush()
    data = json.loads((user_dir / "saves" / "martian-dice.json").read_text())
    assert data["log"] == game.log and "state" not in data, "a save is what happened, not a snapshot"
    loaded = saves.load("martian-dice")
    assert loaded.seats == seats()
    assert loaded.state.to_json() == game.to_json() and loaded.state.table == game.table


def test_each_game_and_challenge_has_its_own_slot(user_dir):
    saves.save(SavedGame("martian-dice", "martian-dice", seats(), rolled_game()))
    from game.takedown.rules import Takedown

    saves.save(SavedGame("takedown", "takedown", [Seat("Ada", 0), Seat("Zax", 1, "easy")], Takedown(2, seed=1)))
    challenge = Takedown(1, seed=2, options={"table": "challenge/01-first-contact"})
    saves.save(SavedGame("takedown", saves.slot_name("takedown-challenge-01-first-contact"), [Seat("You", 0)], challenge))
    games, problems = saves.load_all()
    assert not problems and sorted(g.slot for g in games) == ["martian-dice", "takedown",
                                                               "takedown-challenge-01-first-contact"]


def test_a_finished_game_is_not_offered_again(user_dir):
    from game.tournament import play_game

    finished = play_game(GAMES["martian-dice"], ["optimal", "greedy"], 1)
    assert finished.is_over
    write_json(user_dir / "saves" / "martian-dice.json",
               SavedGame("martian-dice", "martian-dice", seats(), finished).to_json())
    assert saves.load("martian-dice") is None and not saves.exists("martian-dice")


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d.update(game="chess"), "game"),
        (lambda d: d["seats"][1].update(bot="genius"), "bot"),
        (lambda d: d["seats"].pop(), "seats"),
        (lambda d: d["seats"][0].update(name="\u200b"), "name"),
        (lambda d: d["seats"][0].update(color=1), "colour"),
        (lambda d: d.update(format=0), "format"),  # an unknown older format (a newer one: test_odd_files)
        (lambda d: d["log"].append([1, "stop"]), "action 3"),
        (lambda d: d["log"][1].__setitem__(1, [0, 0, 0, 0, 12]), "action 2"),
        (lambda d: d.update(seed="x"), "seed"),
    ],
)
def test_bad_save_names_the_field_and_is_kept(user_dir, change, field):
    data = SavedGame("martian-dice", "martian-dice", seats(), rolled_game()).to_json()
    change(data)
    path = user_dir / "saves" / "martian-dice.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    with pytest.raises(CorruptFile) as info:
        saves.load("martian-dice")
    assert field in info.value.reason
    assert not path.exists() and info.value.kept_as.exists()
    assert saves.load("martian-dice") is None, "after the report the game goes on without a save"


def test_an_old_version_save_is_reported_and_kept(user_dir):
    user_dir.mkdir(parents=True)
    (user_dir / saves.LEGACY_FILE).write_text(json.dumps({"format": 1, "game": "martian-dice"}))
    games, problems = saves.load_all()
    assert not games and len(problems) == 1 and "older version" in problems[0].reason
    assert list(user_dir.glob("autosave.json.corrupt-*"))


def test_names_are_cleaned_when_read():
    data = {"name": "  Ada\x00 \u200dLove\ufe0f  ", "color": 0, "bot": None}
    from game.core.fields import Fields

    assert Seat.from_json(Fields(data)).name == "Ada Love"
    for bad in ("\ufe0f", "", "\x00\x01", 7, None):
        with pytest.raises(ValueError, match="name"):
            Seat.from_json(Fields({"name": bad, "color": 0}))


def test_settings_default_then_saved(user_dir):
    loaded, problem = settings.load()
    assert loaded == settings.Settings() and problem is None
    loaded.volume, loaded.animation_speed = 0.3, "fast"
    settings.save(loaded)
    storage.WRITER.flush()
    assert settings.load()[0].volume == 0.3


@pytest.mark.parametrize("volume", [7, "0.8", None, [0.5], True, float("nan")])
def test_bad_settings_are_reported_by_field_and_reset(user_dir, volume):
    user_dir.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"volume": volume, "fullscreen": False, "animation_speed": "normal", "coach": False})
    (user_dir / settings.FILE_NAME).write_text(text)
    loaded, problem = settings.load()
    assert loaded == settings.Settings()
    assert "volume" in problem and "kept" in problem


def test_settings_from_an_older_version_keep_what_they_have(user_dir):
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / settings.FILE_NAME).write_text(json.dumps({"volume": 0.2}))
    loaded, problem = settings.load()
    assert problem is None and loaded.volume == 0.2 and loaded.animation_speed == "normal"


def test_lineups_keep_seats_and_options_per_game(user_dir):
    saves.save_lineup("martian-dice", Lineup(seats(), {}))
    saves.save_lineup("takedown", Lineup([Seat("Bo", 2, None, "pad-1"), Seat("Cy", 3, "easy")], {}))
    lineup, problem = saves.load_lineup("takedown")
    assert problem is None and lineup.seats[0].control == "pad-1"
    assert saves.load_lineup("martian-dice")[0].seats == seats()
    (user_dir / saves.LINEUP_FILE).write_text(json.dumps({"martian-dice": {"seats": [{"name": 5}]}}))
    assert saves.load_lineup("martian-dice") == (None, None), "a bad entry is dropped, setup falls back"


def test_every_registered_game_resumes_from_a_save(user_dir):
    for info in GAMES.values():
        state = info.new_state(info.min_players, 3)
        saves.save(SavedGame(info.id, info.id, [Seat(f"P{p}", p) for p in range(info.min_players)], state))
        assert saves.load(info.id).state.to_json() == state.to_json()
