"""Property tests: loaders and rules fed hostile input only ever refuse it with a clear error."""

import json
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import saves
from game.core.names import clean_name
from game.core.protocol import IllegalAction
from game.registry import GAMES
from game.settings import Settings
from game.takedown.level import LEVEL_DIR, LevelError, load_level

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
SAVE = saves.SavedGame("martian-dice", "martian-dice", [saves.Seat("Ada", 0), saves.Seat("Zax", 1, "greedy")],
                       GAMES["martian-dice"].new_state(2, 3)).to_json()
KEYS = sorted(SAVE)


@settings(max_examples=300, deadline=None)
@given(data=JSON)
def test_any_json_is_a_save_or_a_clear_refusal(data):
    try:
        saves.parse(data)
    except ValueError as error:
        assert str(error)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), value=JSON)
def test_a_save_with_any_field_damaged_is_refused_by_name_or_still_valid(key, value):
    data = json.loads(json.dumps(SAVE))
    data[key] = value
    try:
        game = saves.parse(data)
    except ValueError as error:
        assert str(error)
        return
    assert game.state.players == len(game.seats)


@settings(max_examples=200, deadline=None)
@given(entry=st.tuples(st.integers(-3, 9), JSON))
def test_any_log_entry_is_replayed_or_refused_with_its_number(entry):
    for info in GAMES.values():
        record = info.new_state(info.min_players, 1).to_json()
        record["log"] = [list(entry)]
        try:
            info.load_state(record)
        except ValueError as error:
            assert "action 1" in str(error) or "log" in str(error)


@settings(max_examples=200, deadline=None)
@given(player=JSON, action=JSON)
def test_rules_refuse_any_value_with_illegal_action(player, action):
    for info in GAMES.values():
        state = info.new_state(info.min_players, 2)
        before = json.dumps(state.to_json())
        try:
            state.apply(player, action)
        except IllegalAction:
            assert json.dumps(state.to_json()) == before
        else:
            assert len(state.log) == 1


@settings(max_examples=300, deadline=None)
@given(data=JSON)
def test_settings_and_lineups_refuse_clearly(data):
    for read in (Settings.from_json, saves._read_players):
        try:
            read(data)
        except ValueError as error:
            assert "field" in str(error) or "expected" in str(error)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=40))
def test_any_typed_name_cleans_to_printable_text(text):
    name = clean_name(text)
    assert len(name) <= 16 and name == name.strip()
    assert all(ch.isprintable() for ch in name)
    name.encode("utf-8")  # no lone surrogates


GOOD_LEVEL = {**tomllib.loads((LEVEL_DIR / "defaults.toml").read_text()),
              **tomllib.loads((LEVEL_DIR / "standard-3p.toml").read_text())}
TOML_VALUES = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | \
    st.text(max_size=8) | st.lists(st.integers(-5000, 5000), max_size=4)


def _dump(data) -> str:
    """Just enough TOML for the level files' shape (tables and arrays of tables)."""
    lines = []
    for key, value in data.items():
        if not isinstance(value, (dict, list)) or (isinstance(value, list) and value and not isinstance(value[0], dict)):
            lines.append(f"{key} = {json.dumps(value)}")
    for key, value in data.items():
        if isinstance(value, dict):
            lines.append(f"[{key}]")
            lines += [f"{k} = {json.dumps(v)}" for k, v in value.items() if v is not None]
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            for item in value:
                lines.append(f"[[{key}]]")
                lines += [f"{k} = {json.dumps(v)}" for k, v in item.items() if v is not None]
    return "\n".join(lines) + "\n"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(section=st.sampled_from(["table", "die", "pieces", "flick"]), field=st.text(min_size=1, max_size=16),
       value=TOML_VALUES)
def test_a_damaged_table_file_names_file_field_and_problem(tmp_path, section, field, value):
    data = json.loads(json.dumps(GOOD_LEVEL))
    key = field if field in data[section] else next(iter(data[section]))
    if value is None:
        del data[section][key]
    else:
        data[section][key] = value
    path = tmp_path / "damaged.toml"
    try:
        path.write_text(_dump(data), encoding="utf-8")
    except UnicodeEncodeError:
        return
    try:
        load_level(path)
    except LevelError as error:
        assert str(error).startswith("damaged.toml: field")


@pytest.mark.parametrize("text", ["", "[table", "\xff\xfe", "name = 1\n[table]\nwidth = true\n"])
def test_a_broken_table_file_is_a_level_error(tmp_path, text):
    path = tmp_path / "bad.toml"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(LevelError):
        load_level(path)
