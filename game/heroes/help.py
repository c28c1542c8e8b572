"""Mars Needs Heroes rules in our own words, for the in-game help pages."""

from game.core.help import Page

PAGES = [
    Page("Bid for the Invaders", ["Everyone bids one Hero card at once, in secret."]),
]
