"""Bots for Highest Unique Bid: they see only their own view."""

from game.core.protocol import Bot
from toy_bid.rules import BIDS


def random_bid(view, player, rng) -> int:
    return BIDS[rng.randrange(len(BIDS))]


def bold(view, player, rng) -> int:
    """High bids, but not always the top one (everybody tries 5)."""
    return (3, 4, 4, 5)[rng.randrange(4)]


BOTS = {
    "random": Bot("Random", "Bids anything.", random_bid),
    "bold": Bot("Bold", "Bids high, mostly 4.", bold),
}
