"""Insight: the luck-and-skill report (dice against decisions) and the coach's chances to win."""

import threading

import pygame
import pytest
from conftest import nearly_over, run_until, stepped

from game.core.luck import Luck, amount, decisions_line, dice_line, signed
from game.core.steps import finish
from game.martian_dice import coach, policy, winning
from game.martian_dice.bots import position, winner_solution_steps
from game.martian_dice.report import report, report_steps
from game.martian_dice.rules import ROLL, STOP, TAKE, MartianDice
from game.registry import GAMES
from game.saves import Seat
from game.scenes.results import ResultsScene
from game.tournament import play_game

INFO = GAMES["martian-dice"]
BIG_TURN = [(0, 0, 5, 4, 4), "take-human", (0, 0, 0, 4, 4), "take-cow", (0, 0, 0, 0, 4), "take-chicken"]  # 16 points
ALL_TANKS = (13, 0, 0, 0, 0)  # the turn ends at once with nothing


def play_turn(game: MartianDice, *steps) -> None:
    """One turn of the player to move: a tuple is a roll (its face counts), a string a move."""
    player = game.current
    for step in steps:
        if isinstance(step, tuple):
            game.apply(player, ROLL)
            game.apply(-1, step)
        else:
            game.apply(player, step)


# ----- the report ---------------------------------------------------------------------
@pytest.mark.parametrize("bots", [["optimal", "random"], ["winner", "greedy", "cautious"], ["random"] * 4])
def test_luck_and_decisions_explain_every_point(bots):
    for seed in range(8):
        game = play_game(INFO, bots, seed, first=seed % len(bots))
        figures = report(game).players
        for p, luck in enumerate(figures):
            assert luck.turns == game.turns_taken[p] and luck.scored == game.totals[p]
            assert luck.expected == pytest.approx(game.turns_taken[p] * policy.expected_score_solution().start_value())
            assert luck.expected + luck.dice - luck.decisions == pytest.approx(luck.scored, abs=1e-9)
            assert luck.decisions >= -1e-12


def test_optimal_play_loses_nothing_to_decisions_and_random_play_loses_a_lot():
    random_losses = []
    for seed in range(20):
        optimal, rand = report(play_game(INFO, ["optimal", "random"], seed, first=seed % 2)).players
        assert optimal.decisions == pytest.approx(0.0, abs=1e-12)
        random_losses.append(rand.decisions)
    assert sum(random_losses) / len(random_losses) > 8, random_losses


def test_a_scripted_turn_is_measured_by_hand():
    game = MartianDice(2, seed=1)
    average = policy.expected_score_solution().start_value()
    play_turn(game, ALL_TANKS)  # the dice leave nothing: luck is the whole average turn, lost
    play_turn(game, (1, 2, 5, 3, 2), "take-human", STOP)  # 1 tank against no death ray: stopping scores nothing
    first, second = report(game).players
    assert (first.dice, first.decisions, first.scored) == (pytest.approx(-average), 0.0, 0)
    solution = policy.expected_score_solution()
    after_pick = (1, 0, 5, 1)
    assert second.decisions == pytest.approx(solution.take_value(*after_pick) - 0)  # rolling on was worth that
    assert solution.take_value(*after_pick) == pytest.approx(solution.roll_value(*after_pick))
    assert second.scored == 0


def test_the_report_is_the_same_from_a_saved_game():
    game = play_game(INFO, ["winner", "cautious", "greedy"], 11)
    assert report(MartianDice.from_json(game.to_json())) == report(game)
    halfway = MartianDice(3, game.seed, game.options, game.first)
    for player, action in game.log:  # up to the first turn's end past half the game
        halfway.apply(player, halfway.decode_action(player, action))
        if len(halfway.log) > len(game.log) // 2 and halfway.phase == "must-roll":
            break
    partial = report(halfway).players
    assert sum(luck.turns for luck in partial) < sum(game.turns_taken)
    assert all(luck.expected + luck.dice - luck.decisions == pytest.approx(luck.scored) for luck in partial)


def test_the_registry_finds_a_report_only_where_a_game_has_one():
    game = play_game(INFO, ["optimal", "greedy"], 3)
    assert INFO.report(game) == report(game)
    takedown = GAMES["takedown"]
    assert takedown.optional_module("report") is None and takedown.report(None) is None


def test_the_figures_read_as_plain_sentences():
    luck = Luck(turns=8, scored=20, expected=24.9, dice=-4.2, decisions=1.1)
    assert dice_line("Ana", luck) == "Dice \u22124.2: the dice gave Ana 4.2 points fewer than average."
    assert decisions_line("Ana", luck) == "Decisions \u22121.1: Ana's choices cost 1.1 points against perfect play."
    assert dice_line("Zax", Luck(3, 9, 9.3, 0.96, 0.0)) == "Dice +1.0: the dice gave Zax 1.0 point more than average."
    assert decisions_line("Zax", Luck(3, 9, 9.3, 0.0, 0.0)).startswith("Decisions 0.0: every choice Zax made")
    assert (signed(0.04), signed(-0.04), amount(2, "point")) == ("0.0", "0.0", "2.0 points")


def test_sim_reports_each_seats_decision_loss():
    from game.tournament import tournament

    summary = tournament(INFO, ["optimal", "random"], 10, seed=5)
    optimal, rand = summary["seats"]
    assert optimal["mean_decision_loss"] == 0.0 and rand["mean_decision_loss"] > 5


# ----- the coach ----------------------------------------------------------------------
def to_move(game: MartianDice):
    """What the player to move sees: the coach and the bots work from it."""
    return game.view(game.current)


def two_player_position() -> MartianDice:
    """Ana (seat 0, first in the round) has 16, Zax 5; Ana to move at the start of her turn."""
    game = MartianDice(2, seed=3)
    play_turn(game, *BIG_TURN)
    play_turn(game, (0, 0, 5, 4, 4), "take-human", STOP)
    assert game.totals == [16, 5] and game.current == 0 and not game.final_round
    return game


def test_the_coach_win_chances_are_the_win_tables():
    game = two_player_position()
    q = winning.table()
    solution = policy.TurnSolution(finish(winning.turn_utility(16, 5, 0, q)))
    start = coach.advice(to_move(game))
    assert [c.action for c in start.choices] == [ROLL] and start.beat is None and start.rival == 1
    assert start.choices[0].win == pytest.approx(q[16][5][0], abs=2e-6)
    assert start.choices[0].points == pytest.approx(policy.expected_score_solution().start_value())
    game.apply(0, ROLL)
    game.apply(-1, (2, 3, 4, 2, 2))
    picks = coach.advice(to_move(game))
    assert {c.action for c in picks.choices} == set(game.legal_actions(0)) and picks.bust is None
    tanks, rays, earthlings, types = position(to_move(game))
    expected = {TAKE[1]: (tanks, rays + 3, earthlings, types), TAKE[2]: (tanks, rays, earthlings + 4, types + 1),
                TAKE[3]: (tanks, rays, earthlings + 2, types + 1), TAKE[4]: (tanks, rays, earthlings + 2, types + 1)}
    for choice in picks.choices:
        assert choice.win == pytest.approx(solution.take_value(*expected[choice.action]))
    game.apply(0, TAKE[2])
    roll_or_stop = {c.action: c for c in coach.advice(to_move(game)).choices}
    assert roll_or_stop[STOP].win == pytest.approx(finish(winning.turn_utility(16, 5, 0, q))[0])  # 2 tanks, no ray: 0 points
    assert roll_or_stop[ROLL].win == pytest.approx(solution.roll_value(*position(to_move(game))))
    assert roll_or_stop[STOP].points == 0


def final_round_position() -> MartianDice:
    """Zax has reached 25; Ana (16) plays the last turn and has set aside 5 humans: she must beat 25."""
    game = MartianDice(2, seed=3, first=1)  # Zax starts, so Ana plays last in the round
    play_turn(game, *BIG_TURN)  # Zax 16
    play_turn(game, *BIG_TURN)  # Ana 16
    play_turn(game, (0, 0, 5, 4, 4), "take-human", (0, 0, 0, 4, 4), "take-cow", STOP)  # Zax 25: the final round
    assert game.final_round and game.current == 0 and game.totals == [16, 25]
    game.apply(0, ROLL)
    game.apply(-1, (0, 2, 5, 3, 3))
    game.apply(0, TAKE[2])
    return game


def test_the_coach_knows_the_final_round():
    game = final_round_position()
    advice = coach.advice(to_move(game))
    assert advice.beat == 25
    final = winning.final_turn_solution(25 - 16)
    assert finish(winner_solution_steps(to_move(game))) is final
    chances = {c.action: c.win for c in advice.choices}
    assert chances[STOP] == 0.0, "stopping with 5 points cannot beat 25"
    assert chances[ROLL] == pytest.approx(final.roll_value(*position(to_move(game)))) and chances[ROLL] > 0.05
    # the same hand and scores before the final round: stopping keeps the game going, so it is worth something
    early = MartianDice(2, seed=3, first=1)
    play_turn(early, *BIG_TURN)
    play_turn(early, *BIG_TURN)
    play_turn(early, (0, 0, 5, 4, 4), "take-human", (0, 1, 0, 3, 4), "take-cow", STOP)  # Zax 24: no final round
    early.apply(0, ROLL)
    early.apply(-1, (0, 2, 5, 3, 3))
    early.apply(0, TAKE[2])
    before = coach.advice(to_move(early))
    assert before.beat is None and {c.action: c.win for c in before.choices}[STOP] > 0.05


# ----- on screen ----------------------------------------------------------------------
def coached_scene(app, game):
    seats = [Seat("Ana", 0, None), Seat("Zax", 1, "optimal")]
    app.settings.coach = True
    scene = INFO.scene(app, seats, game)
    app.scenes.push(scene)
    run_until(app, lambda: scene.idle and policy.expected_score_ready())
    return scene


@pytest.mark.parametrize("text_size", [100, 150])
def test_the_coach_table_and_the_final_round_fit_on_screen(app, text_size):
    game = final_round_position()
    app.settings.text_size = text_size
    app.apply_settings()
    scene = coached_scene(app, game)
    layout = app.canvas.audit_frame(lambda: scene._draw_side(app.canvas))
    assert layout.problems() == []
    lines = [text for text, _ in layout.texts]
    assert "Stop now" in lines and "Roll on" in lines and "0%" in lines and "win" in lines
    assert "Final round: you must beat 25" in " ".join(lines)


def test_the_results_show_luck_and_skill_after_a_game(app):
    seats = [Seat("Ana", 0, "optimal"), Seat("Zax", 1, "random")]
    app.scenes.push(INFO.scene(app, seats, nearly_over(INFO, ["optimal", "random"], seed=6)))
    run_until(app, lambda: type(app.scenes.top).__name__ == "ResultsScene", frames=40000)
    results = app.scenes.top
    assert "Luck and skill" in [b.label for b in results.buttons.buttons], "offered while it is worked out"
    run_until(app, lambda: results.report is not None)  # worked out off the frame
    assert len(results.report.players) == 2
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_l, "mod": 0, "unicode": "l",
                                                         "scancode": 0, "source": "keyboard"})])
    assert results.showing_luck and [b.label for b in results.buttons.buttons][1] == "Ranking"


@pytest.mark.parametrize("text_size", [100, 125, 150])
def test_the_luck_page_fits_with_eight_players(app, text_size):
    bots = ["optimal", "random", "greedy", "cautious", "winner", "optimal", "greedy", "random"]
    game = play_game(INFO, bots, 5)
    names = ["Ana", "Zax", "Blorp", "Anastasia Featherstonehaugh-Smythe", "Quib", "Vex", "Mo", "Li"]
    seats = [Seat(names[p], p, None if p == 0 else bots[p]) for p in range(8)]
    app.settings.text_size = text_size
    app.apply_settings()
    scene = ResultsScene(app, INFO, seats, game.outcome(), rematch=lambda: None, report=report(game))
    app.scenes.push(scene)
    scene._flip_page()
    app.step(1 / 60, [])
    assert app.audit_layout() == []
    drawn = [text for text, _ in app.canvas.audit_frame(lambda: scene.draw(app.canvas)).texts]
    assert any(text.startswith("Dice ") and "the dice gave Ana" in text for text in drawn)
    assert "+ Decisions" in drawn and "= Scored" in drawn


def test_a_game_without_a_report_has_no_luck_page(app):
    from game.core.protocol import Outcome

    outcome = Outcome(((0,), (1,)), (9, 4), "Most points")
    app.scenes.push(ResultsScene(app, GAMES["takedown"], [Seat("Ada", 0), Seat("Zax", 1)], outcome, rematch=lambda: None))
    app.step(1 / 60, [])
    assert [b.label for b in app.scenes.top.buttons.buttons] == ["Rematch", "Back to title"]


def test_the_luck_page_says_it_is_being_worked_out_until_the_report_arrives(app):
    game = play_game(INFO, ["optimal", "random"], 3)
    seats = [Seat("Ana", 0, None), Seat("Zax", 1, "random")]
    started = threading.Event()

    def slow_report():
        started.wait(10)
        return (yield from report_steps(game))

    scene = ResultsScene(app, INFO, seats, game.outcome(), rematch=lambda: None, report=slow_report())
    app.scenes.push(scene)
    scene._flip_page()
    app.step(1 / 60, [])
    drawn = [text for text, _ in app.canvas.audit_frame(lambda: scene.draw(app.canvas)).texts]
    assert scene.report is None and any(text.startswith("Working out") for text in drawn)
    started.set()
    run_until(app, lambda: scene.report is not None)
    drawn = [text for text, _ in app.canvas.audit_frame(lambda: scene.draw(app.canvas)).texts]
    assert any(text.startswith("Dice ") for text in drawn)


def test_the_report_is_worked_out_a_log_entry_at_a_time_and_comes_out_the_same():
    game = play_game(INFO, ["optimal", "greedy"], 5)
    made, worked_out = stepped(report_steps(game))
    assert worked_out == report(game)
    assert made >= len(game.log), "a thread working it out can give way to frames between entries"
