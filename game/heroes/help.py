"""Mars Needs Heroes rules in our own words, for the in-game help pages (rulings named from the code; pictures:
help_pictures.py beside it).

Short text: the pictures and their captions carry the details, and every page must fit at 150% text."""

from game.core.help import Page
from game.heroes.invaders import standard_invaders
from game.heroes.rules import ENDLESS_TIE_BIDS

PICTURES = "help/heroes"


def colours_line() -> str:
    colours = standard_invaders()
    listed = ", ".join(f"{c.count} {c.name.lower()}" for c in colours)
    return f"The Invader pile holds {sum(c.count for c in colours)} cards: {listed}."


PAGES = [
    Page(
        "Bid for the Invaders",
        [
            "Two Invader cards face up make the pot. Everyone holds Hero cards 1 to 5 and picks one at the "
            "same time, in secret; when all are ready, the cards flip together. Equal numbers cancel; the "
            "highest number left takes the pot.",
        ],
        [
            (f"{PICTURES}/secret.svg", "Everyone picks in secret."),
            (f"{PICTURES}/flip.svg", "The 4s cancel: the 2 takes the pot."),
        ],
    ),
    Page(
        "Cards on the table",
        [
            "A played card stays face up until everyone has played all five; then every hand is full again. "
            "So you always know what your rivals still hold. If every bid cancels, two more Invaders join "
            "the pot and everyone bids again.",
        ],
        [
            (f"{PICTURES}/played.svg", "Their 5 is gone: your 4 is top."),
            (f"{PICTURES}/tie.svg", "All cancel: two more Invaders."),
        ],
    ),
    Page(
        "The Freeze Ray",
        [
            "Each player has one Freeze Ray a game. After the flip a short window opens (set its length in "
            "Settings): the first to fire takes the pot instead of the winner, and it breaks a tie too. The "
            "winner may fire first to keep the pot safe.",
        ],
        [
            (f"{PICTURES}/freeze.svg", "First to fire takes the pot."),
            ("heroes/freeze-ray.svg", "Armed"),
            ("heroes/freeze-used.svg", "Used"),
        ],
    ),
    Page(
        "Winning",
        [
            f"{colours_line()} When the pile is empty and the last pot is won, the most Invaders of one "
            "colour wins; if level, compare the second-best colour, and so on. Identical all the way down: a "
            "shared win.",
        ],
        [
            (f"{PICTURES}/colours.svg", "A letter and a shape for each colour."),
            (f"{PICTURES}/compare.svg", "Best colours level: the second decides."),
        ],
    ),
    Page(
        "Long ties (our rulings)",
        [
            "A bidding tie with no Invaders left to add: everyone picks up the cards they have played and "
            f"bids again with all five. If the last pot ties {ENDLESS_TIE_BIDS} times in a row, every Freeze "
            "Ray is armed again.",
        ],
        [(f"{PICTURES}/reset.svg", "All five cards back; after five ties, every Freeze Ray armed.")],
    ),
    Page(
        "Secret bids on one screen",
        [
            "In setup, give each person an input of their own: a keyboard zone or a game pad (it rumbles to "
            "confirm a bid; nothing shows on the TV). One keyboard for all? Choose \"Pass the screen\".",
        ],
        [
            (f"{PICTURES}/zones.svg", "Four zones: five bid keys and Freeze."),
            (f"{PICTURES}/pad.svg", "A pad each: LB fires."),
            (f"{PICTURES}/pass.svg", "Pass the screen: F1 to F4 fire."),
        ],
    ),
    Page(
        "The bots",
        [
            "Random bids anything; Greedy bids its top card for a pot of 4 or more, else its lowest. Smart "
            "weighs each pot by everyone's colours, mixes its bids so no habit shows, and bets on yours "
            "only once your slips have paid for it. Bold, Timid, Copycat, Mirror and One above follow "
            "simple rules; Exploiter hunts for any habit in your bids.",
        ],
        [(f"{PICTURES}/bots.svg", "Bots bid in secret too.")],
    ),
]
