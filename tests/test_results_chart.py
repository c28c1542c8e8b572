"""The results' race: who led when, the turning points marked, readable at every text size."""

import pytest

from game.core.race import turning_points
from game.registry import GAMES
from game.saves import Seat
from game.scenes.results import ResultsScene
from game.tournament import play_game
from game.ui import motion

NAMES = ["Bartholomew", "Guinevere", "Maximilian", "Anastasia", "Christopher", "Evangeline", "Wilhelmina", "Sebastian"]


def test_the_lead_changing_hands_is_a_turning_point():
    assert turning_points([[5, 5, 9], [3, 8, 8]]) == [(2, 1), (3, 0)]
    assert turning_points([[4, 8], [4, 6]]) == [], "a shared lead, then the same leader: nothing turned"
    assert turning_points([[2, 2, 2], [0, 2, 3]]) == [(3, 1)], "level is no lead; taking it back from level is"
    assert turning_points([[9], [1, 2, 10]]) == [(3, 1)], "an ended line keeps its last score"
    assert turning_points([]) == []


def results_for(app, info, players: int, seed: int = 3) -> ResultsScene:
    state = play_game(info, [info.default_bot] * players, seed)
    seats = [Seat(name, i, info.default_bot) for i, name in enumerate(NAMES[:players])]
    scene = ResultsScene(app, info, seats, state.outcome(), info.details(state), info.progress(state), None,
                         info.report(state))
    app.scenes.push(scene)
    return scene


@pytest.mark.parametrize("game_id", ["martian-dice", "takedown", "mars-attacks", "heroes"])
def test_every_game_charts_its_race_and_it_reads_whole_at_150_percent(app, game_id):
    info = GAMES[game_id]
    app.settings.text_size = 150
    app.apply_settings()
    scene = results_for(app, info, info.max_players)
    assert scene.progress and all(scene.progress), "every player has a line"
    for _ in range(40):
        app.step(0.1, [])
    assert app.audit_layout() == []
    drawn = [text for text, _ in app.canvas.audit_frame(lambda: scene.draw(app.canvas)).texts]
    assert any(text.startswith(("Rings: the lead changed hands", "The lead never changed")) for text in drawn)


def test_with_reduced_motion_the_race_fades_in_whole(app, monkeypatch):
    app.settings.reduced_motion = True
    app.apply_settings()
    assert motion.reduced()
    scene = results_for(app, GAMES["martian-dice"], 3)
    painted = []
    monkeypatch.setattr(scene, "_paint_chart", lambda canvas, shown, turns: painted.append(shown))
    app.step(0.05, [])
    assert painted and all(shown == 1.0 for shown in painted), "never drawn in part: the whole race fades in"


def test_heroes_details_have_shorter_forms_that_keep_the_deciding_colours():
    from game.heroes.summary import details

    info = GAMES["heroes"]
    state = play_game(info, ["greedy"] * 4, 5)
    for p, forms in enumerate(details(state)):
        assert [len(f) for f in forms] == sorted((len(f) for f in forms), reverse=True), "longest first"
        top = max(state.captured[p])
        assert forms[-1].startswith(f"{top} ") or top == 0, "the shortest still names the deciding colour"
        assert ("ray used" in forms[-1]) == (not state.rays[p])
