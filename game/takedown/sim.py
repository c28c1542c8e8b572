"""Takedown figures for ``python -m game sim`` beyond wins and scores."""

from __future__ import annotations

from game.takedown.rules import Takedown


class Stats:
    """Pieces won per seat and counted flicks per game."""

    def __init__(self):
        self.games = 0
        self.pieces: list[int] = []
        self.flicks = 0

    def add(self, state: Takedown) -> None:
        if not self.pieces:
            self.pieces = [0] * state.players
        self.games += 1
        self.flicks += state.flicks
        for p in range(state.players):
            self.pieces[p] += len(state.piles[p])

    def seat(self, p: int) -> dict:
        return {"mean_pieces": round(self.pieces[p] / self.games, 3)}

    def extra(self) -> dict:
        return {"mean_flicks": round(self.flicks / self.games, 2)}
