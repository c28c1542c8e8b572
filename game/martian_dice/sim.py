"""Martian Dice figures for ``python -m game sim`` beyond wins and scores."""

from __future__ import annotations

from game.martian_dice.report import report
from game.martian_dice.rules import MartianDice


class Stats:
    """Mean points per turn for each seat, and per game its dice luck and the points its decisions lost
    against the expected-points policy (``report``)."""

    def __init__(self):
        self.games = 0
        self.turns: list[int] = []
        self.points: list[int] = []
        self.dice: list[float] = []
        self.decisions: list[float] = []

    def add(self, state: MartianDice) -> None:
        if not self.games:
            seats = state.players
            self.turns, self.points, self.dice, self.decisions = [0] * seats, [0] * seats, [0.0] * seats, [0.0] * seats
        self.games += 1
        for turn in state.history:
            self.turns[turn.player] += 1
            self.points[turn.player] += turn.points
        for p, luck in enumerate(report(state).players):
            self.dice[p] += luck.dice
            self.decisions[p] += luck.decisions

    def seat(self, p: int) -> dict:
        return {"mean_turn_score": round(self.points[p] / self.turns[p], 3) if self.turns[p] else 0.0,
                "mean_dice_luck": round(self.dice[p] / self.games, 3) if self.games else 0.0,
                "mean_decision_loss": round(self.decisions[p] / self.games, 3) if self.games else 0.0}

    def extra(self) -> dict:
        return {}
