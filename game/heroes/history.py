"""What the public bid history says, round by round: the situation each bid was made in.

Every revealed round is in the view (``HeroesView.bidding``): the hands, the pot's size and the bids.
From those alone we rebuild what each bidder faced: how many fresh pots the pile still held, the card
a copycat would copy, everyone's bids the round before. Anything learnt from the history is kept by
the history itself (``Memo``): the next decision only reads the rounds added since, and the answer is
the same whether it was remembered or worked out again.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from game.heroes.rules import POT_DRAW, BidRecord, HeroesView

S = TypeVar("S")
FULL_HAND = 5


@dataclass(frozen=True)
class Situation:
    """A bidding round as every bidder faced it."""

    hands: tuple[tuple[int, ...], ...]
    pot: int  # Invaders in the pot
    pots: int  # fresh pots the pile held after it
    copied: int | None  # what a copycat copies: the last pot's taker's latest card of this hand
    last: tuple[int, ...] | None  # everyone's bids the round before


def bid_winner(bids: Sequence[int]) -> int | None:
    """The seat of the highest number bid once (None: everything cancels)."""
    standing = [b for b in bids if list(bids).count(b) == 1]
    return list(bids).index(max(standing)) if standing else None


def continues(before: BidRecord, after: BidRecord, pile: int) -> bool:
    """Did `after` bid again on `before`'s pot (a tie that stood), with `pile` cards left after `before`?"""
    return bid_winner(before.bids) is None and after.pot == before.pot + min(POT_DRAW, pile)


def situations(records: Sequence[BidRecord], total: int) -> list[Situation]:
    """The situation of every record of a game whose Invader set has `total` cards."""
    result: list[Situation] = []
    pile, taker = total, None
    for t, record in enumerate(records):
        if t and continues(records[t - 1], record, pile):
            pile -= record.pot - records[t - 1].pot
        else:
            if t:
                taker = bid_winner(records[t - 1].bids)  # None: a tie someone froze
            pile -= record.pot
        copied = None
        if t and taker is not None and len(record.hands[0]) < FULL_HAND:
            copied = records[t - 1].bids[taker]
        result.append(Situation(record.hands, record.pot, max(0, pile) // POT_DRAW, copied,
                                records[t - 1].bids if t else None))
    return result


def current(view: HeroesView) -> Situation:
    """The round now being bid, exactly as the view shows it."""
    last, copied = view.last_pot, None
    if last is not None and not last.frozen and view.played[last.player]:
        copied = view.played[last.player][-1]
    return Situation(view.hands, len(view.pot), view.pile_left // POT_DRAW, copied,
                     view.bidding[-1].bids if view.bidding else None)


def total_cards(view: HeroesView) -> int:
    return sum(colour.count for colour in view.colours)


class Memo(Generic[S]):
    """States learnt from a history, kept by (what is learnt, the history so far); the oldest are dropped."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.store: OrderedDict[tuple[object, tuple[BidRecord, ...]], S] = OrderedDict()

    def after(self, head: object, records: tuple[BidRecord, ...], start: Callable[[], S],
              step: Callable[[S, int], S]) -> S:
        """The state after all `records`: from the longest remembered beginning, a step per record."""
        known = len(records)
        while known and (head, records[:known]) not in self.store:
            known -= 1
        state = self.store[(head, records[:known])] if known else start()
        for t in range(known, len(records)):
            state = step(state, t)
            self._keep((head, records[:t + 1]), state)
        return state

    def _keep(self, key: tuple[object, tuple[BidRecord, ...]], state: S) -> None:
        self.store[key] = state
        self.store.move_to_end(key)
        while len(self.store) > self.size:
            self.store.popitem(last=False)
