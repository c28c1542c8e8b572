"""Takedown figures for ``python -m game sim`` beyond wins and scores."""

from __future__ import annotations

from game.core.protocol import CHANCE
from game.takedown.level import ICONS
from game.takedown.rules import Takedown
from game.takedown.trials import challenge_figures


class Stats:
    """Pieces won per seat, counted flicks per game, the face on top of every counted flick that stayed on the
    table (a fair die shows each icon a third of the time), and wins by turn order (the first player's edge)."""

    def __init__(self):
        self.games = 0
        self.pieces: list[int] = []
        self.flicks = 0
        self.faces = dict.fromkeys(ICONS, 0)
        self.by_order: list[float] = []  # wins by turn order: of the player who flicked first, second, ...

    def add(self, state: Takedown) -> None:
        if not self.pieces:
            self.pieces = [0] * state.players
        self.games += 1
        self.flicks += state.flicks
        if not self.by_order:
            self.by_order = [0.0] * state.players
        outcome = state.outcome()
        if outcome is not None:
            for p in outcome.winners:
                self.by_order[(p - state.first) % state.players] += 1 / len(outcome.winners)
        for p in range(state.players):
            self.pieces[p] += len(state.piles[p])
        for player, landing in state.log:
            if player == CHANCE and landing["left_saucer"] and not landing["fell"]:
                self.faces[landing["face"]] += 1

    def seat(self, p: int) -> dict:
        return {"mean_pieces": round(self.pieces[p] / self.games, 3)}

    def extra(self) -> dict:
        return {"mean_flicks": round(self.flicks / self.games, 2), "up_faces": dict(self.faces),
                # the first-player edge: win rate of whoever flicked first (in a match: first in round 1), second, ...
                "win_rate_by_turn_order": [round(w / self.games, 3) for w in self.by_order]}


def challenges(tries: int, seed: int) -> dict:
    """``sim takedown --challenges``: per challenge file and player, the share of tries reaching 1, 2, 3 stars."""
    return challenge_figures(tries, seed)
