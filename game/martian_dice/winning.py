"""Playing to win the game, not to maximize one turn's points.

For two players the win probability at the start of every turn, Q(me, them,
seat), is solved exactly in the spirit of Neller & Presser's optimal Pig:
the turn policy maximizes the chance of winning, where ending a turn with
s points leads to the opponent's turn in a known position. Scoring 0 hands
the opponent the mirrored position, so the two are solved together by
fixed-point iteration; positions are solved from the highest score total
down. The table (1,250 numbers) is precomputed by ``make_winner_table``
and shipped; a turn's policy is then one ``TurnSolution`` away.

Seats: 0 = first in the round (reaching the target gives the other player
one final turn), 1 = last in the round (reaching the target ends the game).

For more players the same table is used as an approximation: the opponent
is the leader among the others, and the seat is 1 only for the last seat.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from game.core.datafile import plain_reason, report
from game.core.files import read_text
from game.core.steps import Steps, finish
from game.martian_dice.policy import TurnSolution, expected_score_steps
from game.martian_dice.rules import MAX_TURN_SCORE, TARGET_SCORE
from game.paths import level_path

TABLE_FILE = level_path("martian-dice", "winner-table.json")
Table = list[list[list[float]]]  # Q[me][them][seat]: the chance to win at the start of a turn
TIE_WIN_CHANCE = 0.5  # a tie for first is a fair death-ray duel between two
KEPT_SOLUTIONS = 2 * TARGET_SCORE * TARGET_SCORE  # every score situation's policy fits (each about 19 kB)


_final: dict[int, TurnSolution] = {}  # the last turn's policy for each score to beat (solved once per process)


def final_turn_steps(need: int) -> Steps[TurnSolution]:
    """The last turn of the game: beat `need` points (ties go to a duel), as a stepwise computation."""
    if need not in _final:
        solution = yield from TurnSolution.steps(
            [1.0 if s > need else TIE_WIN_CHANCE if s == need else 0.0 for s in range(MAX_TURN_SCORE + 1)])
        _final.setdefault(need, solution)
    return _final[need]


def final_turn_solution(need: int) -> TurnSolution:
    return finish(final_turn_steps(need))


def final_turn_win_chance(need: int) -> Steps[float]:
    """The chance to beat `need` points in the last turn (a stepwise computation)."""
    if need > MAX_TURN_SCORE:
        return 0.0
    return (yield from final_turn_steps(need)).start_value()


def turn_utility(me: int, them: int, seat: int, q: Table) -> Steps[list[float]]:
    """Win chance for each possible score of this turn (both below target), as a stepwise computation: a score
    that reaches the target leaves the rival a last turn, solved the first time it is met (once each, 2-5 ms)."""
    utility = []
    for s in range(MAX_TURN_SCORE + 1):
        total = me + s
        if total >= TARGET_SCORE:
            utility.append(1.0 if seat == 1 else 1.0 - (yield from final_turn_win_chance(total - them)))
        else:
            utility.append(1.0 - q[them][total][1 - seat])
    return utility


def load_table(path: Path = TABLE_FILE) -> Table:
    """The bundled win table; ValueError or OSError if it is damaged."""
    data = json.loads(read_text(path))
    q = data["q"] if isinstance(data, dict) else None
    if data.get("target") != TARGET_SCORE or not isinstance(q, list) or len(q) != TARGET_SCORE:
        raise ValueError(f"it does not hold a table for the target score {TARGET_SCORE}")
    if not all(isinstance(row, list) and len(row) == TARGET_SCORE and all(map(_win_chances, row)) for row in q):
        raise ValueError("its rows are not rows of win chances")
    return q


def _win_chances(cell: object) -> bool:
    """A cell of the table: the chance to win for each seat order, numbers from 0 to 1."""
    return isinstance(cell, list) and len(cell) == 2 and all(isinstance(v, (int, float)) and 0 <= v <= 1 for v in cell)


@lru_cache(maxsize=1)
def table() -> Table | None:
    """The win table, or None when it cannot be read (reported: the bots that need it play for points)."""
    try:
        return load_table(TABLE_FILE)
    except (OSError, ValueError, KeyError, AttributeError, RecursionError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else plain_reason(error)
        report(f"{TABLE_FILE.name} could not be read ({reason}): the Winner bot and the coach's chance to win "
               "play for the most points instead.")
        return None


_solutions: OrderedDict[tuple[int, int, int], TurnSolution] = OrderedDict()


def turn_solution_steps(me: int, them: int, seat: int) -> Steps[TurnSolution]:
    """The win-maximizing policy for one turn of the game (two-player model), as a stepwise computation;
    recent ones are kept, so a bot solves each score situation once."""
    key = (me, them, seat)
    if key in _solutions:
        _solutions.move_to_end(key)
        return _solutions[key]
    q = table()
    if q is None:
        return (yield from expected_score_steps())  # the table is damaged (reported): play for points
    solution = yield from TurnSolution.steps((yield from turn_utility(me, them, seat, q)))
    _solutions[key] = solution
    while len(_solutions) > KEPT_SOLUTIONS:
        _solutions.popitem(last=False)
    return solution


def solve_table(progress: Callable[[int], object] | None = None) -> Table:
    """Compute Q for all positions (slow: minutes; used to regenerate the data file)."""
    n = TARGET_SCORE
    q = [[[0.5, 0.5] for _ in range(n)] for _ in range(n)]
    for total in range(2 * n - 2, -1, -1):
        for me in range(max(0, total - n + 1), min(n - 1, total) + 1):
            them = total - me
            if me > them:
                continue  # each mirrored pair is solved once, from its lower side
            for seat in (0, 1):
                _solve_pair(q, me, them, seat)
        if progress:
            progress(total)
    return q


def _solve_pair(q: Table, me: int, them: int, seat: int, tolerance: float = 1e-9) -> None:
    """Solve Q(me, them, seat) and Q(them, me, 1 - seat) together."""
    for _ in range(200):
        a = TurnSolution(finish(turn_utility(me, them, seat, q))).start_value()
        q[me][them][seat] = a
        b = TurnSolution(finish(turn_utility(them, me, 1 - seat, q))).start_value()
        change = abs(b - q[them][me][1 - seat])
        q[them][me][1 - seat] = b
        if change < tolerance:
            return
