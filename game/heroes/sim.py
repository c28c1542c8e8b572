"""Mars Needs Heroes figures for ``python -m game sim``: pots, ties and the Freeze Ray."""

from __future__ import annotations

from game.heroes.rules import Heroes


class Stats:
    """Per seat: pots taken and Freeze Rays fired a game; overall: pot sizes, ties and resets."""

    def __init__(self):
        self.games = 0
        self.pots: list[int] = []
        self.freezes: list[int] = []
        self.pot_sizes = 0
        self.pot_count = 0
        self.tied_pots = 0
        self.resets = 0

    def add(self, state: Heroes) -> None:
        if not self.pots:
            self.pots, self.freezes = [0] * state.players, [0] * state.players
        self.games += 1
        for pot in state.history:
            self.pots[pot.player] += 1
            self.freezes[pot.player] += pot.frozen
            self.pot_sizes += len(pot.cards)
            self.tied_pots += pot.bids > 1
        self.pot_count += len(state.history)
        self.resets += state.resets

    def seat(self, p: int) -> dict:
        games = max(1, self.games)
        return {"pots_per_game": round(self.pots[p] / games, 2), "freezes_per_game": round(self.freezes[p] / games, 3)}

    def extra(self) -> dict:
        pots = max(1, self.pot_count)
        return {"mean_pot": round(self.pot_sizes / pots, 2), "tied_pot_rate": round(self.tied_pots / pots, 3),
                "endless_tie_resets": self.resets}
