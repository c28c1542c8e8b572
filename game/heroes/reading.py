"""Reading an opponent's bidding, as a strong player does: which rule explains their bids best?

Every bid is public once revealed, with the hands and pot it was made from (``history``). We keep a
panel of experts in mind: bidders who mix like the two-player equilibrium, who bid anything, always
high or low, save high cards for big pots (the greedy rule), copy the last winning card, mirror or go
one above the last bid, and two that learn: how often this bidder plays its lowest, second lowest...
card in a like round, and what it did in exactly this round before. Each expert is weighed by how well
it foretold the bids seen so far (a little of the prior weight is given back every round, so a bidder
who changes their ways is read again); the weighted forecast is what we expect next. Nothing here
peeks at a bid before it is revealed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.heroes import duel
from game.heroes.history import Memo, Situation, situations
from game.heroes.rules import BidRecord

BIG_POT = 4  # the greedy rule's big pot
SLIP = 0.06  # a rule-follower bids out of character now and then
SHARE = 0.02  # the prior weight every expert gets back each round
LIKE_ROUND_PRIOR = 1.0  # pseudo-counts for a like round's rank frequencies
SAME_ROUND_PRIOR = 2.0  # pseudo-counts, drawn from the like round's forecast, for this very round
PRIOR = {"mixer": 0.25, "anything": 0.15, "high": 0.07, "low": 0.07, "saver": 0.07, "copycat": 0.07,
         "mirror": 0.06, "above": 0.06, "ranks": 0.1, "rounds": 0.1}
RULES = ("high", "low", "saver", "copycat", "mirror", "above")  # the fixed rules (the sparring bots')
FIXED = (*RULES, "anything")  # bidders who do not answer the others: the rules and the random bidder
Forecast = dict[int, float]


def _nearest(hand: Sequence[int], target: int | None) -> int:
    """The card nearest `target` (the higher of two), or the middle card without one."""
    if target is None:
        return sorted(hand)[len(hand) // 2]
    return min(hand, key=lambda card: (abs(card - target), -card))


def _their_last(situation: Situation, bidder: int) -> int | None:
    """The highest bid the bidder's rivals made the round before (their only rival's with two players)."""
    if situation.last is None:
        return None
    return max(b for p, b in enumerate(situation.last) if p != bidder)


def rule_card(kind: str, hand: Sequence[int], situation: Situation, bidder: int) -> int:
    """The card a fixed rule bids."""
    if kind == "high" or (kind == "saver" and situation.pot >= BIG_POT):
        return max(hand)
    if kind in ("low", "saver"):
        return min(hand)
    if kind == "copycat":
        return _nearest(hand, situation.copied)
    last = _their_last(situation, bidder)
    if kind == "mirror":
        return _nearest(hand, last)
    return _nearest(hand, None if last is None else last + 1)  # one above


def prior(players: int) -> dict[str, float]:
    """The experts' weights before any bid is seen (the two-player equilibrium only with two players)."""
    kinds = PRIOR if players == 2 else {kind: w for kind, w in PRIOR.items() if kind != "mixer"}
    total = sum(kinds.values())
    return {kind: w / total for kind, w in kinds.items()}


@dataclass(frozen=True)
class Reading:
    """What we have learnt of one bidder: each expert's weight and the counts the learning experts keep."""

    weights: dict[str, float] = field(default_factory=lambda: prior(2))
    ranks: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    rounds: dict[tuple[object, ...], dict[int, int]] = field(default_factory=dict)
    said: tuple[float, ...] = ()  # the chance the forecast gave each bid seen (rounds with a choice)

    def forecast(self, situation: Situation, bidder: int, equilibrium: Forecast | None = None) -> Forecast:
        """What we expect `bidder` to bid in this situation (`equilibrium`: the round's own equilibrium for
        them, colours and rays counted, if known: what a mixer bids now)."""
        hand = situation.hands[bidder]
        result = dict.fromkeys(hand, 0.0)
        for kind, said in self.experts(situation, bidder, equilibrium).items():
            for card, p in said.items():
                result[card] += self.weights[kind] * p
        return result

    def experts(self, situation: Situation, bidder: int, equilibrium: Forecast | None = None
                ) -> dict[str, Forecast]:
        """Each expert's forecast. A mixer is judged on past rounds by the hand's equilibrium (the colours
        of past pots are not in the record)."""
        hand = situation.hands[bidder]
        said = {"anything": {card: 1 / len(hand) for card in hand}}
        if "mixer" in self.weights:
            said["mixer"] = equilibrium or duel.strategy(hand, situation.hands[1 - bidder], situation.pot,
                                                         situation.pots)
        for kind in RULES:
            card = rule_card(kind, hand, situation, bidder)
            said[kind] = {c: (1 - SLIP) * (c == card) + SLIP / len(hand) for c in hand}
        said["ranks"] = self._like_rounds(situation, hand)
        said["rounds"] = self._same_round(situation, bidder, said["ranks"])
        return said

    def _like_rounds(self, situation: Situation, hand: Sequence[int]) -> Forecast:
        counts = self.ranks.get(_rank_key(situation, hand), (0,) * len(hand))
        total = sum(counts) + LIKE_ROUND_PRIOR * len(hand)
        return {card: (counts[i] + LIKE_ROUND_PRIOR) / total for i, card in enumerate(sorted(hand))}

    def _same_round(self, situation: Situation, bidder: int, prior: Forecast) -> Forecast:
        counts = self.rounds.get(_round_key(situation, bidder), {})
        total = sum(counts.values()) + SAME_ROUND_PRIOR
        return {card: (counts.get(card, 0) + SAME_ROUND_PRIOR * p) / total for card, p in prior.items()}

    def learn(self, situation: Situation, bidder: int, bid: int) -> Reading:
        """The reading after seeing `bid` made in `situation`."""
        hand = situation.hands[bidder]
        if len(hand) < 2:
            return self  # a last card tells nothing
        said = self.experts(situation, bidder)
        weights = {kind: w * said[kind].get(bid, 0.0) for kind, w in self.weights.items()}
        total = sum(weights.values())
        start = prior(len(situation.hands))
        weights = {kind: (1 - SHARE) * w / total + SHARE * start[kind] for kind, w in weights.items()}
        forecast = sum(self.weights[kind] * said[kind].get(bid, 0.0) for kind in self.weights)
        ranks = dict(self.ranks)
        rank_key, rank = _rank_key(situation, hand), sorted(hand).index(bid)
        counts = list(ranks.get(rank_key, (0,) * len(hand)))
        counts[rank] += 1
        ranks[rank_key] = tuple(counts)
        rounds = dict(self.rounds)
        round_key = _round_key(situation, bidder)
        rounds[round_key] = {**rounds.get(round_key, {}), bid: rounds.get(round_key, {}).get(bid, 0) + 1}
        return Reading(weights, ranks, rounds, (*self.said, forecast))

    def fixed_weight(self) -> float:
        """How much of the weight sits on bidders who do not answer anyone: a rule, or any card at random."""
        return sum(self.weights[kind] for kind in FIXED)

    def fixed_forecast(self, situation: Situation, bidder: int) -> Forecast:
        """What those bidders expect, each weighed as it has earned."""
        hand = situation.hands[bidder]
        share = self.fixed_weight()
        result = {card: self.weights["anything"] / share / len(hand) for card in hand}
        for kind in RULES:
            card = rule_card(kind, hand, situation, bidder)
            for c in hand:
                result[c] += self.weights[kind] / share * ((1 - SLIP) * (c == card) + SLIP / len(hand))
        return result


def _rank_key(situation: Situation, hand: Sequence[int]) -> tuple[int, int]:
    return len(hand), min(situation.pot, 2 * BIG_POT)


def _round_key(situation: Situation, bidder: int) -> tuple[object, ...]:
    others = tuple(h for p, h in enumerate(situation.hands) if p != bidder)
    return situation.hands[bidder], others, situation.pot


_readings: Memo[Reading] = Memo(4096)


def read(records: tuple[BidRecord, ...], bidder: int, total: int, players: int) -> Reading:
    """What every revealed round says of `bidder` (the same for every reader; remembered by the history)."""
    seen: list[list[Situation]] = []

    def step(reading: Reading, t: int) -> Reading:
        if not seen:
            seen.append(situations(records, total))
        return reading.learn(seen[0][t], bidder, records[t].bids[bidder])

    return _readings.after(("read", bidder, total), records, lambda: Reading(prior(players)), step)

