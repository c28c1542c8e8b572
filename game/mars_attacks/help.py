"""Mars Attacks: The Dice Game rules in our own words, for the in-game help pages (pictures, with the odds
computed by game/mars_attacks/odds.py: game/tools/help_pictures)."""

from game.core.help import Page

PICTURES = "help/mars-attacks"

PAGES = [
    Page(
        "The invasion",
        [
            "Earth is yours for the taking. Each turn you pick one city or monument in play, throw ten "
            "dice at it and try to roll enough of what its spaces ask for. Claimed cards are worth "
            "victory points (VP); the most VP at the end wins.",
            "Every die has two Martians, two Ray Guns and two Nukes, so each face comes up a third of "
            "the time.",
        ],
        [
            (f"{PICTURES}/face-martian.svg", "Martian: thrown again to push on; monuments count them."),
            (f"{PICTURES}/face-raygun.svg", "Ray Gun: stays put; most cities count them."),
            (f"{PICTURES}/face-nuke.svg", "Nuke: stays put and piles up. Too many and you are nuked."),
        ],
    ),
    Page(
        "A turn",
        [
            "Target a card in play (click it, or press 1 to 4) and roll all ten dice. Enough of what its "
            "spaces count, with what you banked there before? You claim it at once (one claim a turn).",
            "Otherwise throw the Martians again, or stop: one of your tokens banks the turn's count on the "
            "card, and next time you start from there. Out of Martians? The turn ends and banks.",
        ],
        [
            (f"{PICTURES}/roll.svg", "Ray Guns line up, Nukes land on the cards, Martians may go again."),
            (f"{PICTURES}/bank.svg", "Stop: your token banks 4 Ray Guns on the card."),
        ],
    ),
    Page(
        "Nuked!",
        [
            "Only Nuke symbols count: the difficulty card's (2 on the easy side, 1 on the hard side) and "
            "those of every face-up card. The moment this turn's Nukes cover them all, you are nuked: the "
            "turn ends and its results are lost. Progress banked before stays.",
            "The coach (G) shows the exact chance to claim your target this turn and to be nuked by the "
            "next roll: the numbers the Smart bot plays by.",
        ],
        [
            (f"{PICTURES}/nuked.svg", "3 symbols in play, 3 Nukes rolled: nuked!"),
            (f"{PICTURES}/odds.svg", "The chance that the first roll nukes you, by symbols in play."),
        ],
    ),
    Page(
        "Cities and monuments",
        [
            "Cities mostly ask for Ray Guns. Los Alamos and Oak Ridge want Nukes instead (without being "
            "nuked!), and Las Vegas is claimed by being nuked while you target it. Monuments ask for "
            "Martians and give more VP, but you get one roll only.",
            "You have four tokens. Banking on a new card needs a free one (our ruling: with none free you "
            "may still attack, but cannot bank there).",
        ],
        [
            (f"{PICTURES}/cities.svg", "A city counts Ray Guns; a monument counts Martians."),
            (f"{PICTURES}/tokens.svg", "A card is claimed: every token on it goes home."),
        ],
    ),
    Page(
        "Special rules",
        [
            "Red rules work while the card is in play (Fort Knox, Miami, Denver, Las Vegas). Green rules "
            "are yours for the rest of the game once you claim the card (Seattle, Chicago, Philadelphia, "
            "Colorado Springs). Orange ones happen once, when the card is claimed (Indianapolis: another "
            "turn at once; Washington, D.C.: everyone else's banked progress is wiped).",
            "Point at a card, or move the focus to its Target button, to read its rule.",
        ],
        [(f"{PICTURES}/rules.svg", "The card's edge tells when its rule works.")],
    ),
    Page(
        "The end",
        [
            "When someone claims the last card of a stack, play goes on until it would be the first "
            "player's turn again, so everyone has had the same number of turns.",
            "Most VP wins; a tie goes to the most cards claimed, then to the tied player latest in turn order.",
        ],
        [(f"{PICTURES}/end.svg", "A stack runs out: the round is finished, then most VP wins.")],
    ),
    Page(
        "Playing on this screen",
        [
            "Click a card (or its Target button) to target it, then Roll and Stop. Esc pauses the game.",
            "Bots: Random, Greedy (the nearest card; rolls on while a nuke is less likely than not) and Smart "
            "(exact odds).",
        ],
        [
            (f"{PICTURES}/keys.svg", "Keys: 1 to 4 target, Space rolls, S stops."),
            (f"{PICTURES}/pad.svg", "Game pad: X rolls, Y stops."),
        ],
    ),
]
