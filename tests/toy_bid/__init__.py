"""Highest Unique Bid: a toy game of simultaneous secret bids, kept as an example of the game shape.

The whole game is this package plus its registry entry (``ENTRY``); the tests
register it, and it then appears in the title, setup, sim, smoke, bench and
the contract test like any game of the collection.
"""

from game.registry import GameInfo

ENTRY = GameInfo(
    id="toy-bid",
    title="Highest Unique Bid",
    tagline="Everyone bids 1 to 5 at once; the highest bid nobody else made wins the round.",
    package="toy_bid",
    state="HighestUniqueBid",
    min_players=2,
    max_players=6,
    default_bot="random",
)
