"""Reading an opponent's bidding, as a strong player does: which kind of bidder are they?

Every bid is public once revealed, with the hands and pot it was made from.
We keep a few kinds of bidder in mind (one who mixes like the equilibrium,
one who bids anything, one who always goes high or low, one who saves high
cards for big pots) and weigh them by how well each explains the bids seen
so far. The mix of their predictions is what we expect next; nothing here
peeks at a bid before it is revealed.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.heroes import duel
from game.heroes.rules import BidRecord

BIG_POT = 4
SLIP = 0.08  # anyone may bid out of character now and then
PRIOR = {"mixer": 0.4, "anything": 0.2, "high": 0.1, "low": 0.1, "saver": 0.2}


def kind_predicts(kind: str, hand: Sequence[int], other_hand: Sequence[int], pot: float) -> dict[int, float]:
    """What a bidder of this kind does with `hand` against `other_hand` (the reader's) and `pot`."""
    if kind == "mixer":
        return duel.strategy(hand, other_hand, pot)
    if kind == "anything":
        return {card: 1 / len(hand) for card in hand}
    if kind == "high":
        return {max(hand): 1.0}
    if kind == "low":
        return {min(hand): 1.0}
    return {max(hand) if pot >= BIG_POT else min(hand): 1.0}  # a saver


def beliefs(records: tuple[BidRecord, ...], bidder: int, reader: int) -> dict[str, float]:
    """How likely each kind is, given every bid `bidder` has revealed."""
    weights = dict(PRIOR)
    for record in records:
        hand, bid = record.hands[bidder], record.bids[bidder]
        if len(hand) < 2:
            continue  # a last card tells nothing
        for kind in weights:
            said = kind_predicts(kind, hand, record.hands[reader], record.pot).get(bid, 0.0)
            weights[kind] *= (1 - SLIP) * said + SLIP / len(hand)
        total = sum(weights.values())
        weights = {kind: w / total for kind, w in weights.items()}
    return weights


def predict(weights: dict[str, float], hand: Sequence[int], other_hand: Sequence[int], pot: float) -> dict[int, float]:
    """The expected next bid of a bidder we believe is of these kinds."""
    result = {card: SLIP / len(hand) for card in hand}
    for kind, w in weights.items():
        for card, p in kind_predicts(kind, hand, other_hand, pot).items():
            result[card] += (1 - SLIP) * w * p
    return result
