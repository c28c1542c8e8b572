"""Martian Dice rules in our own words, for the in-game help pages (pictures: game/tools/help_pictures)."""

from game.core.help import Page

PICTURES = "help/martian-dice"

PAGES = [
    Page(
        "The mission",
        [
            "You command a Martian saucer. Each turn you throw 13 dice and try to beam up as many "
            "earthlings as you can: humans, cows and chickens. The earth army fights back with tanks, "
            "and only your death rays can hold them off.",
            "The first Martian to 25 points starts the final round. Everyone gets the same number of "
            "turns, then the highest score wins.",
        ],
        [
            (f"{PICTURES}/face-tank.svg", "Tank: 1 side. Set aside by force."),
            (f"{PICTURES}/face-ray.svg", "Death ray: 2 sides. Fights tanks."),
            (f"{PICTURES}/face-human.svg", "Human: 1 side. 1 point."),
            (f"{PICTURES}/face-cow.svg", "Cow: 1 side. 1 point."),
            (f"{PICTURES}/face-chicken.svg", "Chicken: 1 side. 1 point."),
        ],
    ),
    Page(
        "A turn",
        [
            "Roll, pick, and roll again for as long as you dare. After any pick you may stop and score "
            "what you have set aside.",
            "The turn also ends when no dice are left, or when a roll offers nothing you may pick.",
        ],
        [
            (f"{PICTURES}/turn-roll.svg", "1. Roll: tanks go aside at once, for the whole turn."),
            (f"{PICTURES}/turn-pick.svg", "2. Pick one kind: every die showing it goes aside."),
            (f"{PICTURES}/turn-again.svg", "3. Each earthling kind once a turn; death rays every time."),
        ],
    ),
    Page(
        "Scoring",
        [
            "When your turn ends with more tanks than death rays, the army chases you off: no points.",
            "Otherwise each earthling you set aside scores 1, and one of each kind (a human, a cow and a "
            "chicken) adds 3 more.",
        ],
        [
            (f"{PICTURES}/score-safe.svg", "3 tanks held off by 3 death rays: 5 earthlings, 5 points."),
            (f"{PICTURES}/score-bonus.svg", "One of each kind: 3 more."),
            (f"{PICTURES}/score-bust.svg", "3 tanks, only 2 death rays: 0 points."),
        ],
    ),
    Page(
        "Winning and ties",
        [
            "When someone reaches 25 points, the round is played out so everyone has had the same number "
            "of turns. Then the highest score wins.",
            "Tied for first? The tied players fight a death-ray duel: each rolls 6 dice and the most death "
            "rays wins. Still tied? Roll again until one Martian stands alone (our ruling).",
        ],
        [
            (f"{PICTURES}/final-round.svg", "25 reached: the others still play their turn."),
            (f"{PICTURES}/duel.svg", "The duel: 3 death rays beat 2."),
        ],
    ),
    Page(
        "Playing on this screen",
        [
            "Click a die on the tray to pick its kind, or press its number key. Kinds you may not pick are "
            "greyed out: point at one to read why. Esc pauses the game.",
        ],
        [
            (f"{PICTURES}/mouse.svg", "Click a die: its whole kind goes aside."),
            (f"{PICTURES}/keys.svg", "Keys: 1 to 4 pick, Space rolls, S stops."),
            (f"{PICTURES}/pad.svg", "Game pad: X rolls, Y stops."),
        ],
    ),
    Page(
        "The coach and the bots",
        [
            "The coach (G) shows what a perfect points-per-turn player would do here, and the chance that "
            "your next roll brings more tanks than you can answer with death rays.",
            "Bots: Random, Cautious, Greedy, Optimal (the best average turn, computed exactly) and Winner "
            "(plays for the win, weighing everyone's scores and the final round).",
        ],
        [(f"{PICTURES}/coach.svg", "The coach's advice and the risk of a bust.")],
    ),
]
