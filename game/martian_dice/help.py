"""Martian Dice rules in our own words, for the in-game help pages (pictures: help_pictures.py beside it).

Short text: the pictures and their captions carry the details, and every page must fit at 150% text."""

from game.core.help import Page

PICTURES = "help/martian-dice"

PAGES = [
    Page(
        "The mission",
        [
            "Each turn you throw 13 dice to beam up earthlings: humans, cows and chickens. The army fights "
            "back with tanks, and only death rays hold them off. The first to 25 points starts the final round.",
        ],
        [
            (f"{PICTURES}/face-tank.svg", "Tank: 1 side"),
            (f"{PICTURES}/face-ray.svg", "Death ray: 2 sides"),
            (f"{PICTURES}/face-human.svg", "Human: 1 side"),
            (f"{PICTURES}/face-cow.svg", "Cow: 1 side"),
            (f"{PICTURES}/face-chicken.svg", "Chicken: 1 side"),
        ],
    ),
    Page(
        "A turn",
        [
            "Roll, pick, and roll the rest for as long as you dare: after any pick you may stop and score. "
            "The turn also ends when no dice are left, or when a roll offers nothing to pick.",
        ],
        [
            (f"{PICTURES}/turn-roll.svg", "1. Tanks go aside at once."),
            (f"{PICTURES}/turn-pick.svg", "2. Pick a kind: all of it goes aside."),
            (f"{PICTURES}/turn-again.svg", "3. Earthlings once; death rays always."),
        ],
    ),
    Page(
        "Scoring",
        [
            "Your turn ends with more tanks than death rays? No points. Otherwise each earthling scores 1, "
            "and one of each kind (a human, a cow and a chicken) adds 3.",
        ],
        [
            (f"{PICTURES}/score-safe.svg", "Tanks held off: 5 earthlings, 5 points."),
            (f"{PICTURES}/score-bonus.svg", "One of each kind: 3 more."),
            (f"{PICTURES}/score-bust.svg", "More tanks than death rays: 0."),
        ],
    ),
    Page(
        "Winning and ties",
        [
            "Once someone reaches 25, the round is played out so everyone has had as many turns; then the "
            "highest score wins. A tie for first is settled by a death-ray duel: 6 dice each, the most death "
            "rays wins, again while tied (our ruling).",
        ],
        [
            (f"{PICTURES}/final-round.svg", "25 reached: the others play their turn."),
            (f"{PICTURES}/duel.svg", "The duel: 3 death rays beat 2."),
        ],
    ),
    Page(
        "Playing on this screen",
        [
            "Click a die, or press its number key, to pick its kind. Kinds you may not pick are greyed out: "
            "point at one to see why. Esc pauses the game.",
        ],
        [
            (f"{PICTURES}/mouse.svg", "Click: the whole kind goes aside."),
            (f"{PICTURES}/keys.svg", "Keys"),
            (f"{PICTURES}/pad.svg", "Game pad"),
        ],
    ),
    Page(
        "The coach and the bots",
        [
            "The coach (G) shows each choice's points on average and your chance to win after it, the "
            "score to beat in the final round, and the risk that your next roll brings too many tanks.",
            "Bots: Random, Cautious, Greedy, Optimal (the best average turn, computed exactly) and Winner "
            "(plays for the win, weighing everyone's scores and the final round).",
        ],
        [(f"{PICTURES}/coach.svg", "The coach's advice and the risk of a bust.")],
    ),
]
