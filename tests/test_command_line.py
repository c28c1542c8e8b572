"""The command line contract: sim (with --logs), replay, and a new game picked up from its registry entry."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main

ROOT = Path(__file__).resolve().parent.parent


def test_sim_writes_every_game_as_a_save_that_replays(tmp_path, capsys):
    assert main(["sim", "martian-dice", "--bots", "optimal,greedy", "--games", "3", "--seed", "7",
                 "--logs", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 3 and [s["bot"] for s in summary["seats"]] == ["optimal", "greedy"]
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    wins = [0, 0]
    for file in files:
        assert main(["replay", str(file)]) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["game"] == "martian-dice" and report["over"] and report["actions"] > 10
        assert [p["bot"] for p in report["players"]] == ["optimal", "greedy"]
        assert sorted(p for g in report["outcome"]["ranking"] for p in g) == [0, 1]
        wins[report["outcome"]["ranking"][0][0]] += 1
    assert wins == [s["wins"] for s in summary["seats"]], "the logs are the games the summary counted"


@pytest.mark.parametrize("content, reason", [
    ("{not json", "Expecting"),
    ('{"format": 2, "game": "chess"}', "game"),
    ("[" * 50000 + "]" * 50000, "nested"),
])
def test_replay_of_a_bad_file_exits_2_with_one_line(tmp_path, capsys, content, reason):
    path = tmp_path / "bug.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "bug.json" in err and reason in err


def test_replay_names_the_impossible_action(tmp_path, capsys):
    assert main(["sim", "takedown", "--bots", "easy,easy", "--games", "1", "--logs", str(tmp_path)]) == 0
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    data["log"][4][1] = {"angle": 0, "power": 7, "spin": 0}
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(path)]) == 2
    assert "action 5" in capsys.readouterr().err


def test_sim_refuses_bad_requests(capsys):
    assert main(["sim", "heroes", "--bots", "a,b"]) == 2
    assert main(["sim", "takedown", "--bots", "easy,genius"]) == 2
    assert "genius" in capsys.readouterr().err
    assert main(["sim", "takedown", "--bots", "easy"]) == 2
    assert main(["sim", "martian-dice", "--bots", "optimal,optimal", "--games", "0"]) == 2


def test_sim_takes_the_games_setup_options(capsys):
    assert main(["sim", "mars-attacks", "--bots", "greedy,random", "--games", "2", "--option", "difficulty=hard"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["options"] == {"difficulty": "hard"}
    assert main(["sim", "toy-bid", "--bots", "random,bold", "--games", "2", "--option", "rounds=5"]) == 0
    assert json.loads(capsys.readouterr().out)["options"] == {"rounds": "5"}
    for bad, said in (("difficulty=medium", "not one of easy, hard"), ("colour=red", "no option 'colour'"),
                      ("difficulty", "KEY=VALUE")):
        assert main(["sim", "mars-attacks", "--bots", "greedy,random", "--option", bad]) == 2
        assert said in capsys.readouterr().err


def test_a_game_saved_before_the_difficulty_option_was_renamed_still_replays():
    from game.registry import GAMES

    info = GAMES["mars-attacks"]
    state = info.new_state(2, 5, {"difficulty": "hard"})
    record = state.to_json()
    record["options"] = {"side": "hard"}
    assert info.load_state(record).options == {"difficulty": "hard"}


def run(*args, extra_games=True):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=os.pathsep.join([str(ROOT / "tests"), str(ROOT)]))
    if extra_games:
        env["MGN_EXTRA_GAMES"] = "toy_bid"
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)


def test_a_new_game_is_its_package_plus_one_entry_for_the_command_line():
    """The example game, registered from outside the package, plays in sim like any game."""
    result = run("sim", "toy-bid", "--bots", "random,bold,bold", "--games", "50", "--seed", "2")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["game"] == "toy-bid" and len(summary["seats"]) == 3
    assert "rounds_without_winner" in summary, "a game's own sim figures are picked up"
    assert run("sim", "toy-bid", "--bots", "random,bold", extra_games=False).returncode == 2


def test_the_example_game_goes_through_the_smoke_and_bench_loops(app, user_dir):
    import toy_bid

    from game.bench import Bench, bot_decisions, sim_speed, whole_bot_game
    from game.smoke import Driver, play_bot_game

    play_bot_game(Driver(None, user_dir, app), toy_bid.ENTRY)
    assert type(app.scenes.top).__name__ == "ResultsScene"
    frames = whole_bot_game(Bench(app), toy_bid.ENTRY)
    assert len(frames) > 60 and type(app.scenes.top).__name__ == "ResultsScene"
    assert set(bot_decisions(toy_bid.ENTRY, games=2)) == {"random", "bold"}
    assert sim_speed(toy_bid.ENTRY, seconds=0.2)["games"] >= 1


def test_the_bench_visits_every_menu_screen(app):
    from game.bench import Bench, menu_scenes

    class Quick(Bench):
        def frames(self, count: int = 2) -> list[float]:
            return super().frames(min(count, 2))

    figures = menu_scenes(Quick(app))
    assert {"title", "setup", "settings", "how-to", "pause"} <= set(figures)
    assert all(len(samples) == 2 for samples in figures.values())
