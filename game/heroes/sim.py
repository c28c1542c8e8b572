"""Mars Needs Heroes figures for ``python -m game sim``: pots, ties, the Freeze Ray, and (two players)
how each bot opens a fresh hand, beside the hand equilibrium in the very same rounds: the figure that
shows whether a bot's first card can be read."""

from __future__ import annotations

from game.heroes import duel
from game.heroes.history import FULL_HAND, situations
from game.heroes.rules import HERO_CARDS, Heroes

BIG_OPENING = 6  # openings are counted at a pot of 2 and at a pot of this or more
BUCKETS = ("pot_2", f"pot_{BIG_OPENING}_plus")


def bucket(pot: int) -> str | None:
    return BUCKETS[0] if pot == 2 else BUCKETS[1] if pot >= BIG_OPENING else None


class Openings:
    """Cards opened with full hands, per seat and pot bucket, and the equilibrium's mix summed alike."""

    def __init__(self, players: int) -> None:
        self.counts = {b: [[0] * len(HERO_CARDS) for _ in range(players)] for b in BUCKETS}
        self.equilibrium = {b: [0.0] * len(HERO_CARDS) for b in BUCKETS}
        self.rounds = dict.fromkeys(BUCKETS, 0)

    def add(self, state: Heroes) -> None:
        total = sum(colour.count for colour in state.colours)
        for record, situation in zip(state.bidding, situations(state.bidding, total)):
            name = bucket(record.pot)
            if name is None or any(len(hand) != FULL_HAND for hand in record.hands):
                continue
            self.rounds[name] += 1
            for seat, card in enumerate(record.bids):
                self.counts[name][seat][HERO_CARDS.index(card)] += 1
            mix = duel.strategy(HERO_CARDS, HERO_CARDS, record.pot, situation.pots)
            for card, p in mix.items():
                self.equilibrium[name][HERO_CARDS.index(card)] += p

    def seat(self, p: int) -> dict:
        return {name: _shares(self.counts[name][p], self.rounds[name]) for name in BUCKETS}

    def extra(self) -> dict:
        return {name: {"rounds": self.rounds[name], "equilibrium": _shares(self.equilibrium[name], self.rounds[name])}
                for name in BUCKETS}


def _shares(counts: list[float], rounds: int) -> list[float]:
    """Shares of cards 1 to 5 (in order)."""
    return [round(c / max(1, rounds), 3) for c in counts]


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
        self.openings: Openings | None = None

    def add(self, state: Heroes) -> None:
        if not self.pots:
            self.pots, self.freezes = [0] * state.players, [0] * state.players
            self.openings = Openings(state.players) if state.players == 2 else None
        self.games += 1
        for pot in state.history:
            self.pots[pot.player] += 1
            self.freezes[pot.player] += pot.frozen
            self.pot_sizes += len(pot.cards)
            self.tied_pots += pot.bids > 1
        self.pot_count += len(state.history)
        self.resets += state.resets
        if self.openings is not None:
            self.openings.add(state)

    def seat(self, p: int) -> dict:
        games = max(1, self.games)
        figures = {"pots_per_game": round(self.pots[p] / games, 2), "freezes_per_game": round(self.freezes[p] / games, 3)}
        if self.openings is not None:
            figures["openings"] = self.openings.seat(p)
        return figures

    def extra(self) -> dict:
        pots = max(1, self.pot_count)
        figures = {"mean_pot": round(self.pot_sizes / pots, 2), "tied_pot_rate": round(self.tied_pots / pots, 3),
                   "endless_tie_resets": self.resets}
        if self.openings is not None:
            figures["openings"] = self.openings.extra()
        return figures
