"""Martian Dice rules in our own words, for the in-game help pages."""

from game.core.help import Page


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
            ("dice/tank.svg", "Tank: 1 side. Set aside by force."),
            ("dice/ray.svg", "Death ray: 2 sides. Fights tanks."),
            ("dice/human.svg", "Human: 1 side. 1 point."),
            ("dice/cow.svg", "Cow: 1 side. 1 point."),
            ("dice/chicken.svg", "Chicken: 1 side. 1 point."),
        ],
    ),
    Page(
        "A turn",
        [
            "1. Roll every die you still have. Any tanks are moved aside at once: they stay for the whole turn.",
            "2. Pick ONE kind of face among the dice you just rolled and set aside all dice showing it. "
            "Click a die or press its key.",
            "3. Each kind of earthling can be picked only once per turn. Death rays can be picked "
            "again and again, and they pile up.",
            "4. After a pick you may stop and score, or roll the rest again.",
            "The turn also ends by itself when no dice are left, or when the roll offers nothing you may pick.",
        ],
    ),
    Page(
        "Scoring",
        [
            "If you have more tanks than death rays at the end of your turn, the army chases you off: "
            "the turn scores nothing.",
            "Otherwise each earthling you set aside is worth 1 point, and having all three kinds "
            "(at least one human, one cow and one chicken) adds a bonus of 3.",
            "Example: 4 humans and 1 chicken, 3 tanks and 3 death rays: 5 points. "
            "Add one cow and it would have been 6 + 3 = 9.",
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
    ),
    Page(
        "Playing on this screen",
        [
            "Mouse: click a die on the tray to pick its kind; buttons for Roll and Stop. "
            "Keyboard: 1 death rays, 2 humans, 3 cows, 4 chickens, Space roll, S stop, "
            "G coach, Esc pause. Game pad: D-pad and A, X roll, Y stop, Start pause.",
            "The coach (G) shows each choice's points on average and your chance to win after it, the "
            "score to beat in the final round, and the risk that your next roll brings too many tanks.",
            "Bots: Random, Cautious, Greedy, Optimal (best average turn, computed exactly) and Winner "
            "(plays for the win, weighing everyone's scores and the final round).",
        ],
    ),
]
