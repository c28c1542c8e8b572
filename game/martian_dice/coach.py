"""What the Martian Dice coach knows about a decision: every choice's points and chance to win.

Points are the exact expected-points policy's (``policy.py``: the turn's points on average, playing
for points from then on). The chance to win is the two-player win table's (``winning.py``), taken the
way the winner bot takes it: the rival is the leader among the other players, and in the final round
the turn must beat the leader's total (a tie goes to a duel, half a win). With more than two players
that treats the leader as the only rival, an approximation. It sees what the player to move sees (their
view), as the bots do. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.steps import finish
from game.martian_dice import policy, winning
from game.martian_dice.bots import pick_values, position, winner_solution_steps
from game.martian_dice.rules import CHOOSE, MUST_ROLL, ROLL, ROLL_OR_STOP, STOP, MartianDiceView


@dataclass(frozen=True)
class Choice:
    action: str  # ROLL, STOP or a take action
    points: float  # the turn's points on average after this choice
    win: float | None  # the chance to win the game after this choice (None: the win table could not be read)


@dataclass(frozen=True)
class Advice:
    choices: tuple[Choice, ...]  # every choice open now
    rival: int  # the leader among the others: the opponent of the win chances
    beat: int | None  # in the final round: the total this turn must beat
    bust: float | None  # before a roll: the chance it leaves more tanks than death rays

    @property
    def best_win(self) -> str | None:
        """The choice with the best chance to win; None when every choice is as good (or the chances are unknown)."""
        if any(c.win is None for c in self.choices):
            return None
        return _best(self.choices, lambda c: c.win or 0.0)

    @property
    def best_points(self) -> str | None:
        """The choice that scores the most on average; None when every choice is as good."""
        return _best(self.choices, lambda c: c.points)


def _best(choices: tuple[Choice, ...], value: Callable[[Choice], float]) -> str | None:
    top = max(choices, key=value)
    if len(choices) > 1 and all(abs(value(c) - value(top)) < 1e-9 for c in choices):
        return None
    return top.action


def rival(view: MartianDiceView) -> int:
    """The leader among the players other than the one to move (the first of them on a tie)."""
    others = [p for p in range(view.players) if p != view.current]
    return max(others, key=lambda p: view.totals[p])


def advice(view: MartianDiceView) -> Advice | None:
    """The coach's figures for the decision of the player to move (from their view); None when nobody decides."""
    if view.phase not in (MUST_ROLL, CHOOSE, ROLL_OR_STOP):
        return None
    points = policy.expected_score_solution()
    win = finish(winner_solution_steps(view)) if winning.table() is not None else None  # None: reported
    here = position(view)
    if view.phase == CHOOSE:
        by_points = pick_values(view, points)
        by_win = pick_values(view, win) if win else dict.fromkeys(by_points)
        choices = tuple(Choice(action, by_points[action], by_win[action]) for action in by_points)
    else:
        choices = (Choice(ROLL, points.roll_value(*here), win.roll_value(*here) if win else None),)
        if view.phase == ROLL_OR_STOP:
            score = view.turn_score
            choices = (Choice(STOP, score, win.utility[score] if win else None),) + choices
    leader = rival(view)
    bust = None if view.phase == CHOOSE else policy.bust_chance(here[0], here[1], view.dice_left)
    return Advice(choices, leader, view.totals[leader] if view.final_round else None, bust)
