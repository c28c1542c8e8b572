"""Martian Dice figures for ``python -m game sim`` beyond wins and scores."""

from __future__ import annotations

from game.martian_dice.rules import MartianDice


class Stats:
    """Mean points per turn for each seat, over every game played."""

    def __init__(self):
        self.turns: list[int] = []
        self.points: list[int] = []

    def add(self, state: MartianDice) -> None:
        if not self.turns:
            self.turns, self.points = [0] * state.players, [0] * state.players
        for turn in state.history:
            self.turns[turn.player] += 1
            self.points[turn.player] += turn.points

    def seat(self, p: int) -> dict:
        return {"mean_turn_score": round(self.points[p] / self.turns[p], 3) if self.turns[p] else 0.0}

    def extra(self) -> dict:
        return {}
