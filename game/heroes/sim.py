"""Mars Needs Heroes figures for ``python -m game sim``: pots, ties, the Freeze Ray, and how each bot opens a hand.

With two players the sim also tells how often each bot opened a fresh hand of five with each card, on an
ordinary pot of 2 and on a pot of 6 or more, beside the two-player equilibrium's frequencies for the same
spots (``duel``): a bot that strays far from them can be read.
"""

from __future__ import annotations

from game.heroes import duel
from game.heroes.rules import HERO_CARDS, POT_DRAW, Heroes

BIG_POT = 6  # "a pot of 6 or more": three bidding ties' worth


class Stats:
    """Per seat: pots taken and Freeze Rays fired a game, fresh-hand openings; overall: pot sizes, ties, resets."""

    def __init__(self) -> None:
        self.games = 0
        self.pots: list[int] = []
        self.freezes: list[int] = []
        self.openings: list[dict[str, list[int]]] = []  # per seat: "pot 2" / "pot 6+" -> bids of each card
        self.pot_sizes = 0
        self.pot_count = 0
        self.tied_pots = 0
        self.resets = 0

    def add(self, state: Heroes) -> None:
        if not self.pots:
            self.pots, self.freezes = [0] * state.players, [0] * state.players
            self.openings = [{"pot 2": [0] * len(HERO_CARDS), "pot 6+": [0] * len(HERO_CARDS)}
                             for _ in range(state.players)]
        self.games += 1
        for pot in state.history:
            self.pots[pot.player] += 1
            self.freezes[pot.player] += pot.frozen
            self.pot_sizes += len(pot.cards)
            self.tied_pots += pot.bids > 1
        self.pot_count += len(state.history)
        self.resets += state.resets
        if state.players == 2:
            self._count_openings(state)

    def _count_openings(self, state: Heroes) -> None:
        for record in state.bidding:
            spot = "pot 2" if record.pot == POT_DRAW else "pot 6+" if record.pot >= BIG_POT else None
            for p, (hand, bid) in enumerate(zip(record.hands, record.bids)):
                if spot is not None and tuple(hand) == HERO_CARDS:
                    self.openings[p][spot][bid - 1] += 1

    def seat(self, p: int) -> dict:
        games = max(1, self.games)
        figures: dict = {"pots_per_game": round(self.pots[p] / games, 2),
                         "freezes_per_game": round(self.freezes[p] / games, 3)}
        if self.openings and any(sum(counts) for counts in self.openings[p].values()):
            figures["fresh_hand_openings"] = {spot: _shares(counts) for spot, counts in self.openings[p].items()}
        return figures

    def extra(self) -> dict:
        pots = max(1, self.pot_count)
        figures: dict = {"mean_pot": round(self.pot_sizes / pots, 2), "tied_pot_rate": round(self.tied_pots / pots, 3),
                         "endless_tie_resets": self.resets}
        if self.openings:
            full = list(HERO_CARDS)
            figures["equilibrium_fresh_hand_openings"] = {
                spot: {str(card): round(duel.strategy(full, full, pot).get(card, 0.0), 3) for card in HERO_CARDS}
                for spot, pot in (("pot 2", POT_DRAW), ("pot 6+", BIG_POT))}
        return figures


def _shares(counts: list[int]) -> dict:
    """How often each card was bid, as shares of the bids counted (and how many)."""
    total = sum(counts)
    return {**{str(card): round(n / total, 3) if total else 0.0 for card, n in zip(HERO_CARDS, counts)},
            "bids": total}
