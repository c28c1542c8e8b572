"""Mars Attacks figures for ``python -m game sim``: turns, nukings, luck and decisions; per card how often it is
claimed and how many turns a claim costs, and the band the deck's VP are balanced to (``balance``)."""

from __future__ import annotations

from collections import Counter
from statistics import median

from game.mars_attacks.report import measure
from game.mars_attacks.rules import MarsAttacks


def quantile(ordered: list[float], q: float) -> float:
    """The value below which a share `q` of the sorted samples lie (nearest rank)."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


class CardTally:
    """Per card: the games it was face up in, its claims, and the turns anyone spent targeting it."""

    def __init__(self):
        self.shown: Counter = Counter()
        self.claims: Counter = Counter()
        self.targeted: Counter = Counter()
        self.vp: dict[str, int] = {}

    def add(self, state: MarsAttacks) -> None:
        self.vp = {card.id: card.vp for card in state.cards.values()}
        self.shown.update(state.seen)
        for held in state.claimed:
            self.claims.update(held)
        self.targeted.update(turn.card for turn in state.history if turn.card)

    def figures(self) -> dict[str, dict]:
        """By card id: the share of its games in play that it was claimed, turns per claim, VP."""
        return {card: {"claimed_when_in_play": round(self.claims[card] / self.shown[card], 3),
                       "turns_per_claim": round(self.targeted[card] / self.claims[card], 2) if self.claims[card] else None,
                       "vp": self.vp[card]}
                for card in sorted(self.shown)}


def balance(cards: dict[str, dict]) -> dict:
    """How far the deck is from its balance rule: each card's VP per turn spent on a claim against the deck's
    median (the widest gap, as a share), and the card claimed least often when in play."""
    per_turn = {card: f["vp"] / f["turns_per_claim"] for card, f in cards.items() if f["turns_per_claim"]}
    if not per_turn:
        return {"never_claimed": sorted(cards)}
    middle = median(per_turn.values())
    widest = max(per_turn, key=lambda card: abs(per_turn[card] / middle - 1))
    rarest = min(cards, key=lambda card: cards[card]["claimed_when_in_play"])
    return {"median_vp_per_turn": round(middle, 3),
            "widest_gap": {"card": widest, "share": round(per_turn[widest] / middle - 1, 3)},
            "least_claimed": {"card": rarest, "claimed_when_in_play": cards[rarest]["claimed_when_in_play"]},
            "never_claimed": sorted(set(cards) - set(per_turn))}


class Stats:
    """Per seat: turns a game, the share of turns ended nuked, and per game the dice luck and the expected VP
    its decisions lost (``report``); per card: ``CardTally``; per game: turns per player, for the length of
    the longest games."""

    def __init__(self):
        self.games = 0
        self.turns: list[int] = []
        self.nuked: list[int] = []
        self.dice: list[float] = []
        self.decisions: list[float] = []
        self.results: Counter = Counter()
        self.cards = CardTally()
        self.lengths: list[float] = []  # per game: turns per player
        self.order_wins: list[float] = []  # wins by place in the turn order (first to play, second, ...)

    def add(self, state: MarsAttacks) -> None:
        if not self.turns:
            self.turns, self.nuked = [0] * state.players, [0] * state.players
            self.dice, self.decisions = [0.0] * state.players, [0.0] * state.players
            self.order_wins = [0.0] * state.players
        self.games += 1
        winners = state.outcome().winners
        for p in winners:
            self.order_wins[(p - state.first) % state.players] += 1 / len(winners)
        for turn in state.history:
            self.turns[turn.player] += 1
            self.nuked[turn.player] += turn.result == "nuked"
            self.results[turn.result] += 1
        self.lengths.append(len(state.history) / state.players)
        tally = measure(state)
        for p in range(state.players):
            self.dice[p] += tally.dice[p]
            self.decisions[p] += tally.decisions[p]
        self.cards.add(state)

    def seat(self, p: int) -> dict:
        return {"turns_per_game": round(self.turns[p] / max(1, self.games), 2),
                "nuked_rate": round(self.nuked[p] / max(1, self.turns[p]), 3),
                "mean_dice_luck": round(self.dice[p] / max(1, self.games), 3),
                "mean_decision_loss": round(self.decisions[p] / max(1, self.games), 3)}

    def extra(self) -> dict:
        turns = sum(self.results.values())
        lengths = sorted(self.lengths)
        cards = self.cards.figures()
        return {
            "mean_turns_per_player": round(sum(self.turns) / max(1, self.games * len(self.turns)), 2),
            "turns_per_player_median": round(quantile(lengths, 0.5), 2),
            "turns_per_player_p99": round(quantile(lengths, 0.99), 2),
            "turns_per_player_max": round(lengths[-1], 2) if lengths else 0,
            "win_rate_by_turn_order": [round(w / max(1, self.games), 4) for w in self.order_wins],
            "turn_results": {k: round(v / max(1, turns), 3) for k, v in sorted(self.results.items())},
            "claimed_when_in_play": {card: f["claimed_when_in_play"]
                                     for card, f in sorted(cards.items(), key=lambda cf: cf[1]["claimed_when_in_play"])},
            "cards": cards,
            "balance": balance(cards),
        }
