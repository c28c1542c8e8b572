"""Mars Attacks: The Dice Game rules in our own words, for the in-game help pages (odds computed, not typed)."""

from game.core.help import Page
from game.mars_attacks.odds import first_roll_nuked


def odds_table() -> list[str]:
    rows = [f"{n} symbols: {first_roll_nuked(n):.0%}" for n in range(1, 9)]
    return ["Chance of being nuked by the very first roll, by Nuke symbols in play:",
            "   ".join(rows[:4]), "   ".join(rows[4:])]


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
            ("mars-attacks/dice/martian.svg", "Martian: thrown again to push on; monuments count them."),
            ("mars-attacks/dice/raygun.svg", "Ray Gun: stays put; most cities count them."),
            ("mars-attacks/dice/nuke.svg", "Nuke: stays put and piles up. Too many and you are nuked."),
        ],
    ),
    Page(
        "A turn",
        [
            "1. Target a card in play (click it, or press 1 to 4).",
            "2. Roll all ten dice. Nukes land on the Nuke symbols of the cards in play; Ray Guns line up.",
            "3. Enough of the needed symbols (counting what you banked there earlier)? You claim the card "
            "at once, and the next card of that stack turns up. One claim per turn.",
            "4. Otherwise push on by throwing every Martian again, or stop. Stopping banks this turn's "
            "count on the card with one of your tokens, so next time you start from there.",
            "Out of Martians? The turn ends and banks what you have.",
        ],
        [("mars-attacks/dice/raygun.svg", "Ray Guns kept through the turn"),
         ("mars-attacks/dice/martian.svg", "Martians thrown again")],
    ),
    Page(
        "Nuked!",
        [
            "Only the symbols in the corners count: the difficulty card (2 on the easy side, 1 on the "
            "hard side) plus every face-up card. The moment the Nukes you rolled this turn cover them "
            "all, you are nuked: the turn ends and its results are lost. Progress banked on earlier "
            "turns stays.",
            *odds_table(),
            "The coach (G) shows the exact chance to claim your target this turn and to be nuked by the "
            "next roll: the same numbers the Smart bot plays by.",
        ],
        [("mars-attacks/icons/nuke-symbol.svg", "A Nuke symbol in a card's corner"),
         ("mars-attacks/dice/nuke.svg", "Each Nuke die covers one")],
    ),
    Page(
        "Cities and monuments",
        [
            "Cities mostly ask for Ray Guns. Los Alamos and Oak Ridge want Nukes instead (without being "
            "nuked!), and Las Vegas is claimed by being nuked while you target it.",
            "Monuments ask for Martians and give more VP, but you get one roll only: the Martians count, "
            "nothing is thrown again, and the turn ends after that roll.",
            "Tokens: you have four. Banking on a new card needs a free one (our ruling: with none free "
            "you may still attack, but cannot bank there). When anyone claims a card, every token on it "
            "goes home.",
        ],
        [("mars-attacks/icons/city.svg", "City"), ("mars-attacks/icons/monument.svg", "Monument")],
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
        [("mars-attacks/icons/city.svg", "Each card shows its rule colour")],
    ),
    Page(
        "The end",
        [
            "When someone claims the last card of a stack, play goes on until it would be the first "
            "player's turn again, so everyone has had the same number of turns. Most VP wins; a tie goes "
            "to the most cards claimed, then to the tied player latest in turn order.",
            "Keys: 1-4 target, Space roll, S stop, G coach, Esc pause. Pad: D-pad and A, X roll, Y stop. "
            "Bots: Random, Greedy (nearest card, rolls on while a nuke is less likely than not) and Smart "
            "(exact odds).",
        ],
        [("mars-attacks/icons/monument.svg", "Claimed cards are shown in each player's row")],
    ),
]
