"""Saves and settings: atomic writes, corrupt files reported and kept aside."""

import json

import pytest

from game import saves, settings
from game.martian_dice.rules import MartianDice
from game.saves import SavedGame, Seat
from game.storage import CorruptFile, read_json, write_json


def test_write_then_read_round_trip(tmp_path):
    path = tmp_path / "a.json"
    write_json(path, {"x": [1, 2]})
    assert read_json(path) == {"x": [1, 2]}
    assert not list(tmp_path.glob("*.tmp")), "no temporary file is left behind"


def test_corrupt_file_is_kept_aside_with_a_reason(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("{not json")
    with pytest.raises(CorruptFile) as info:
        read_json(path)
    assert not path.exists()
    assert info.value.kept_as.exists() and info.value.kept_as.read_text() == "{not json"
    assert "a.json" in str(info.value)


def seats():
    return [Seat("Ada", 0, None), Seat("Zax", 1, "winner")]


def test_saved_game_resumes_exactly(user_dir):
    game = MartianDice(2, seed=4)
    game.apply("roll")
    saves.save(SavedGame("martian-dice", seats(), game.to_json()))
    loaded = saves.load()
    assert loaded.seats == seats()
    assert MartianDice.from_json(loaded.state).to_json() == game.to_json()


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: d.update(game="chess"), "game"),
        (lambda d: d["seats"][1].update(bot="genius"), "bot"),
        (lambda d: d["seats"].pop(), "seats"),
        (lambda d: d["state"].update(scores=[1, "x"]), "scores"),
        (lambda d: d.update(format=99), "format"),
    ],
)
def test_bad_save_names_the_field_and_is_kept(user_dir, change, field):
    data = SavedGame("martian-dice", seats(), MartianDice(2).to_json()).to_json()
    change(data)
    (user_dir / saves.FILE_NAME).parent.mkdir(parents=True, exist_ok=True)
    (user_dir / saves.FILE_NAME).write_text(json.dumps(data))
    with pytest.raises(CorruptFile) as info:
        saves.load()
    assert field in info.value.reason
    assert not saves.exists() and info.value.kept_as.exists()
    assert saves.load() is None, "after the report the game goes on without a save"


def test_settings_default_then_saved(user_dir):
    loaded, problem = settings.load()
    assert loaded == settings.Settings() and problem is None
    loaded.volume, loaded.animation_speed = 0.3, "fast"
    settings.save(loaded)
    assert settings.load()[0].volume == 0.3


def test_corrupt_settings_fall_back_to_defaults(user_dir):
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / settings.FILE_NAME).write_text(json.dumps({"volume": 7, "fullscreen": False,
                                                           "animation_speed": "normal", "coach": False}))
    loaded, problem = settings.load()
    assert loaded == settings.Settings()
    assert "volume" in problem and "kept" in problem
