"""Mars Attacks figures for ``python -m game sim``: turns, nukings, luck and decisions, and per card how often it
is claimed and how many turns a claim costs (what the deck's VP are balanced to, see ``deck_band``)."""

from __future__ import annotations

from collections import Counter

from game.mars_attacks.report import measure
from game.mars_attacks.rules import MarsAttacks


def quantile(ordered: list[float], q: float) -> float:
    """The value below which a share `q` of the sorted samples lie (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


class Stats:
    """Per seat: turns a game, the share of turns ended nuked, and per game the dice luck and the expected VP
    its decisions lost by the Smart bot's exact turn odds (``report``); per card: claims when in play and the
    turns spent targeting it per claim; per game: turns per player, for the length of the longest games."""

    def __init__(self):
        self.games = 0
        self.turns: list[int] = []
        self.nuked: list[int] = []
        self.dice: list[float] = []
        self.decisions: list[float] = []
        self.results: Counter = Counter()
        self.shown: Counter = Counter()  # games in which each card was face up at some point
        self.claims: Counter = Counter()
        self.targeted: Counter = Counter()  # turns spent targeting each card, by anyone
        self.vp: dict[str, int] = {}
        self.lengths: list[float] = []  # per game: turns per player

    def add(self, state: MarsAttacks) -> None:
        if not self.turns:
            self.turns, self.nuked = [0] * state.players, [0] * state.players
            self.dice, self.decisions = [0.0] * state.players, [0.0] * state.players
            self.vp = {card.id: card.vp for card in state.cards.values()}
        self.games += 1
        for turn in state.history:
            self.turns[turn.player] += 1
            self.nuked[turn.player] += turn.result == "nuked"
            self.results[turn.result] += 1
            self.targeted[turn.card] += bool(turn.card)
        self.lengths.append(len(state.history) / state.players)
        tally = measure(state)
        for p in range(state.players):
            self.dice[p] += tally.dice[p]
            self.decisions[p] += tally.decisions[p]
        for card in state.seen:
            self.shown[card] += 1
        for cards in state.claimed:
            self.claims.update(cards)

    def seat(self, p: int) -> dict:
        return {"turns_per_game": round(self.turns[p] / max(1, self.games), 2),
                "nuked_rate": round(self.nuked[p] / max(1, self.turns[p]), 3),
                "mean_dice_luck": round(self.dice[p] / max(1, self.games), 3),
                "mean_decision_loss": round(self.decisions[p] / max(1, self.games), 3)}

    def card(self, card: str) -> dict:
        """How often the card is claimed when face up, the turns spent on it per claim, and its VP."""
        claims = self.claims[card]
        return {"claimed_when_in_play": round(claims / self.shown[card], 3),
                "turns_per_claim": round(self.targeted[card] / claims, 2) if claims else None,
                "vp": self.vp[card]}

    def extra(self) -> dict:
        turns = sum(self.results.values())
        lengths = sorted(self.lengths)
        return {
            "mean_turns_per_player": round(sum(self.turns) / max(1, self.games * len(self.turns)), 2),
            "turns_per_player_median": round(quantile(lengths, 0.5), 2),
            "turns_per_player_p99": round(quantile(lengths, 0.99), 2),
            "turns_per_player_max": round(lengths[-1], 2) if lengths else 0,
            "turn_results": {k: round(v / max(1, turns), 3) for k, v in sorted(self.results.items())},
            "claimed_when_in_play": {card: round(self.claims[card] / self.shown[card], 3)
                                     for card in sorted(self.shown, key=lambda c: self.claims[c] / self.shown[c])},
            "cards": {card: self.card(card) for card in sorted(self.shown)},
        }
