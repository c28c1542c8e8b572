"""Mars Needs Heroes rules in our own words, for the in-game help pages (rulings named from the code)."""

from game.core.help import Page
from game.heroes.invaders import standard_invaders
from game.heroes.rules import ENDLESS_TIE_BIDS


def colours_line() -> str:
    colours = standard_invaders()
    listed = ", ".join(f"{c.count} {c.name.lower()} ({c.letter}, {c.shape})" for c in colours)
    return f"The Invader pile holds {sum(c.count for c in colours)} cards: {listed}."


PAGES = [
    Page(
        "Bid for the Invaders",
        [
            "Two Invader cards are turned face up: that is the pot. Every player holds five Hero cards, "
            "numbered 1 to 5.",
            "Everyone picks one Hero card at the same time, in secret. The screen only says who is ready; "
            "when all are, the cards flip together.",
            "Equal numbers cancel each other out. The highest number left standing takes the whole pot.",
        ],
        [("heroes/hero-back.svg", "A Hero card, face down: ready."),
         ("heroes/pot.svg", "The pot: every Invader in it goes to one player.")],
    ),
    Page(
        "Cards on the table",
        [
            "A Hero card you have played stays face up in front of you. When everyone has played all "
            "five, everyone takes all five back.",
            "So you always know which cards each rival still holds: their 5 gone means your 4 is the "
            "top card for now.",
            "Bidding tie: if every bid cancels (say 3 against 3, or 4, 4, 1 and 1), two more Invaders join "
            "the pot and everyone bids again with another card. A pot can grow several times.",
        ],
        [("heroes/hero-back.svg", "Played cards stay visible until hands are full again.")],
    ),
    Page(
        "The Freeze Ray",
        [
            "Each player has one Freeze Ray for the whole game. After the cards flip, a short window "
            "opens (its length is in Settings): the first player to fire takes the pot instead of the "
            "winner. It also breaks a bidding tie.",
            "Fire it with your seat's Freeze key (Q, P, Left Shift or Right Shift by keyboard zone), "
            "LB on a game pad, or F1 to F4 (or the on-screen button) when you pass the screen. The "
            "winner of the bid cannot fire: the pot is theirs already.",
        ],
        [("heroes/freeze-ray.svg", "Armed: one shot per game."),
         ("heroes/freeze-used.svg", "Used.")],
    ),
    Page(
        "Winning",
        [
            colours_line(),
            "The game ends when the pile is empty and the last pot has been won. The most Invaders of "
            "one colour wins; if that is level, compare the second-best colour, then the third, and so on. "
            "Identical counts all the way down share the win.",
            "Our rulings: a bidding tie with nothing left to add is bid again (hands come back when they run "
            f"out); if the last pot ties {ENDLESS_TIE_BIDS} times in a row, everyone takes all five cards "
            "back and every Freeze Ray is armed again.",
        ],
        [(f"heroes/invader-{c.id}.svg", f"{c.name} ({c.letter}): {c.shape}") for c in standard_invaders()],
    ),
    Page(
        "Secret bids on one screen",
        [
            "In setup, give each person an input of their own: a keyboard zone (keys 1-5, 6-0, Z-B or N-/, "
            "each with its Freeze key) or a game pad (A, B, X, Y, RB bid 1 to 5; LB fires). A pad "
            "rumbles to confirm your bid, longer for a higher card, and nothing shows on the TV.",
            "Only one keyboard or device? Set the seats to \"Pass the screen\": the game asks the others "
            "to look away while each of you picks by mouse, number keys or pad.",
            "Bots: Random bids anything; Greedy plays its top card for a pot of 4 or more, else its lowest; "
            "Smart weighs what each pot does to everyone's colours, reads the cards you have left and mixes "
            "its bids so it cannot be read. Bold, Timid and Copycat are simple rules to practise against.",
        ],
        [("heroes/hero-back.svg", "Ready means a card is down; nobody can see which.")],
    ),
]
