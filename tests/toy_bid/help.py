from game.core.help import Page

PAGES = [
    Page("Bid at once", ["Every round, everyone picks a number from 1 to 5 in secret, all at the same time.",
                         "The highest number that only one player picked wins that player a point."],
         [("heroes/hero-back.svg", "Everyone bids face down.")]),
]
