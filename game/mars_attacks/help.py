"""Mars Attacks: The Dice Game rules in our own words, for the in-game help pages (pictures, with the odds
computed by game/mars_attacks/odds.py: help_pictures.py beside it).

Short text: the pictures and their captions carry the details, and every page must fit at 150% text."""

from game.core.help import Page

PICTURES = "help/mars-attacks"

PAGES = [
    Page(
        "The invasion",
        [
            "Each turn, pick a city or monument in play and throw ten dice at it to roll what its spaces "
            "ask for. Claimed cards are worth victory points (VP); the most VP wins. Each face comes up a "
            "third of the time.",
        ],
        [
            (f"{PICTURES}/face-martian.svg", "Martian: thrown again."),
            (f"{PICTURES}/face-raygun.svg", "Ray Gun: stays put."),
            (f"{PICTURES}/face-nuke.svg", "Nuke: stays, piles up."),
        ],
    ),
    Page(
        "A turn",
        [
            "Target a card and roll all ten dice. Reach its last space, with what you banked there before, "
            "to claim it (one claim a turn). Otherwise throw the Martians again, or stop and bank (out of "
            "Martians, the turn banks by itself).",
        ],
        [
            (f"{PICTURES}/roll.svg", "Martians may go again."),
            (f"{PICTURES}/bank.svg", "Stop: your token banks 4."),
        ],
    ),
    Page(
        "Nuked!",
        [
            "Nuke symbols in play: the difficulty card's (2 easy, 1 hard) and every face-up card's. When "
            "this turn's Nukes cover them all, you are nuked: the turn's results are lost, banked progress "
            "stays. The coach (G) shows your exact chances.",
        ],
        [
            (f"{PICTURES}/nuked.svg", "3 symbols, 3 Nukes: nuked!"),
            (f"{PICTURES}/odds.svg", "Nuked by the first roll, by symbols."),
        ],
    ),
    Page(
        "Cities and monuments",
        [
            "Cities mostly want Ray Guns (Los Alamos and Oak Ridge: Nukes; Las Vegas: being nuked). "
            "Monuments want Martians and give more VP: one roll only. Banking on a new card needs a free "
            "token; without one you may still attack (our ruling).",
        ],
        [
            (f"{PICTURES}/cities.svg", "A city and a monument."),
            (f"{PICTURES}/tokens.svg", "Claimed: its tokens go home."),
        ],
    ),
    Page(
        "Special rules",
        [
            "Red rules work while the card is in play (Fort Knox, Miami, Denver, Las Vegas). Green rules are "
            "yours once you claim the card (Seattle, Chicago, Philadelphia, Colorado Springs). A few cards "
            "act once, when claimed, as their text says (Indianapolis: another turn; Washington, D.C.: "
            "everyone else's banked progress is wiped).",
            "Point at a card, or move the focus to its Target button, to read its rule.",
        ],
        [(f"{PICTURES}/rules.svg", "The edge tells when a rule works.")],
    ),
    Page(
        "The end",
        [
            "When someone claims the last card of a stack (marked Last), play goes on until it would be the "
            "first player's turn again: everyone gets the same number of turns, unless an extra turn won with "
            "Indianapolis comes in that last round.",
            "Most VP wins; a tie goes to the most cards claimed, then to the tied player latest in turn order.",
        ],
        [(f"{PICTURES}/end.svg", "A stack runs out: the round is finished.")],
    ),
    Page(
        "Playing on this screen",
        [
            "Click a card or its Target button, then Roll or Stop; Esc pauses. Bots: Random, Greedy (the "
            "nearest card; rolls on while a nuke is less likely than not) and Smart (exact odds, plays to win).",
        ],
        [
            (f"{PICTURES}/keys.svg", "Keys"),
            (f"{PICTURES}/pad.svg", "Game pad"),
        ],
    ),
    Page(
        "About this deck",
        [
            "The rule book names only two cards: Seattle (set a die before rolling) and Indianapolis (another "
            "turn after the claim). The other 27, their numbers and most special rules are our own design, "
            "under real US names.",
            "We balanced them to one rule: a card's VP follow the turns strong players spend to claim it, so "
            "every card pays about the same VP per turn, and each is claimed in at least 3 of 10 games it shows in.",
        ],
        [(f"{PICTURES}/cities.svg", "VP set by 2,000 bot games.")],
    ),
]
