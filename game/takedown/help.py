"""Ten-Minute Takedown rules in our own words, for the in-game help pages (pictures: game/tools/help_pictures)."""

from game.core.help import Page

PICTURES = "help/takedown"

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
            (f"{PICTURES}/overview.svg", "Saucers at their Bases, the targets between them."),
            (f"{PICTURES}/faces.svg", "The die: saucer, insect and robot, 2 sides each."),
        ],
    ),
    Page(
        "Landing",
        [
            "The die is on a target when it touches the target's top piece, even with just a corner. You "
            "claim the top piece, and your saucer returns to its Base.",
            "The die must leave your saucer completely, or flick again. Which face ends on top is luck: "
            "each picture a third of the time.",
        ],
        [
            (f"{PICTURES}/pieces.svg", "Outer ring 1, middle 2, center 3; on the solid side 2, 3, 4."),
            (f"{PICTURES}/touch.svg", "A corner on the top piece counts."),
            (f"{PICTURES}/match.svg", "The target's picture on top: the piece is flipped, 2 for 1."),
        ],
    ),
    Page(
        "Misses and mischief",
        [
            "A missed flick leaves your saucer where the die stopped, and your next flick starts there. If "
            "it would overlap a target or a saucer, it slides back towards your Base until it fits.",
            "Hit a saucer and a target together, and you also claim the piece.",
        ],
        [
            (f"{PICTURES}/miss.svg", "A miss: your saucer moves to the die."),
            (f"{PICTURES}/off-table.svg", "Off the table (even backwards): back to your Base."),
            (f"{PICTURES}/knock.svg", "Land on a saucer: it goes back to its Base."),
        ],
    ),
    Page(
        "Winning",
        [
            "When all pieces are claimed, add up your points. Tied? More pieces wins; still tied, more "
            "center discs; still tied, it is a shared result: play again!",
            "Challenges: trick-shot tables for one player, with walls and bumpers, a flick limit and a par. "
            "Reach a table's goal to unlock the next; three stars at par or better.",
        ],
        [
            (f"{PICTURES}/count.svg", "9 points beat 7."),
            (f"{PICTURES}/challenge.svg", "A challenge table: three stars at par."),
        ],
    ),
    Page(
        "Flicking on this screen",
        [
            "Press on your die, pull back like a slingshot and let go (or, with Swipe in Settings, push "
            "towards where it should go). The arrow shows the direction and the power; a harder flick "
            "makes your hand shake more.",
            "A faint trail shows where your last flick went; R replays it. The panel at the bottom right "
            "shows the die up close.",
        ],
        [
            (f"{PICTURES}/slingshot.svg", "Pull back from the die and let go."),
            (f"{PICTURES}/keys.svg", "Keys: arrows aim and set the power, Space flicks."),
            (f"{PICTURES}/pad.svg", "Game pad: left stick aims; squeeze the right trigger, let go."),
        ],
    ),
]
