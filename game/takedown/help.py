"""Ten-Minute Takedown rules in our own words, for the in-game help pages."""

from game.core.help import Page

PAGES = [
    Page(
        "The idea",
        [
            "Each player owns a flying saucer parked at a Base on their edge of the table. On your turn "
            "the die sits in the hole of your saucer, and you flick it at the round targets.",
            "Each target is three cardboard pieces: an outer ring, a middle ring and a center disc. "
            "Land on a target to claim its outermost piece. When every piece is gone, the most points wins.",
        ],
        [
            ("takedown/die/saucer.svg", "Flying saucer: 2 sides."),
            ("takedown/die/insect.svg", "Giant insect: 2 sides."),
            ("takedown/die/robot.svg", "Giant robot: 2 sides."),
        ],
    ),
    Page(
        "Landing",
        [
            "The die counts as on a target when it touches the target's top piece, even just a corner.",
            "You claim the lowest-value piece left (outer 1, middle 2, center 3). If the die's top face "
            "shows the same picture as the target, the piece is flipped to its solid side: 2, 3 or 4.",
            "After a claim your saucer returns to its Base.",
            "The die must leave your saucer completely, or the flick does not count: flick again.",
            "The die drops into your saucer any way up, and it tumbles where it likes: which face ends on "
            "top is luck, a third of the time each picture.",
        ],
    ),
    Page(
        "Misses and mischief",
        [
            "Missed everything? Your saucer is dropped where the die stopped: your next flick starts there. "
            "If it would overlap a target or another saucer, it slides back towards your Base until it fits.",
            "Off the table (even backwards): your turn is over and your saucer goes back to Base.",
            "Land on another player's saucer and it is sent back to its Base. Hit a saucer and a target "
            "together, and you also claim the piece.",
        ],
    ),
    Page(
        "Winning",
        [
            "When all pieces are claimed, add up your points. Tied? The player with more pieces wins; still "
            "tied, more center discs; still tied, it is a shared result and you should play again.",
            "Challenges: one player, trick-shot tables with walls and bumpers, a flick limit and a par. "
            "Reach a table's goal (clear it, or score enough points) to unlock the next; at par or better "
            "you earn three stars.",
        ],
    ),
    Page(
        "Flicking on this screen",
        [
            "Mouse: press on your die, pull back like a slingshot, let go (or, with Swipe in Settings, push "
            "towards where it should go). The pointer is held while you pull, so the screen's edge never "
            "limits your power. The arrow shows the direction and the power; the harder the flick, the "
            "more your hand shakes.",
            "Keyboard: arrows aim and set power, Space flicks. Game pad: left stick aims, squeeze the right "
            "trigger for power and release it to flick.",
            "A faint trail shows where your last flick went, and R replays the last flick. The panel at the "
            "bottom right shows the die up close, so you can read its face.",
        ],
    ),
]
