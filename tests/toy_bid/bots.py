"""Bots for Highest Unique Bid: they see only their own view."""

from game.core.protocol import Bot
from game.core.rng import Rng
from toy_bid.rules import BIDS, BidView


def random_bid(view: BidView, player: int, rng: Rng) -> int:
    return BIDS[rng.randrange(len(BIDS))]


def bold(view: BidView, player: int, rng: Rng) -> int:
    """High bids, but not always the top one (everybody tries 5)."""
    return (3, 4, 4, 5)[rng.randrange(4)]


BOTS: dict[str, Bot[BidView, int]] = {
    "random": Bot("Random", "Bids anything.", random_bid),
    "bold": Bot("Bold", "Bids high, mostly 4.", bold),
}
