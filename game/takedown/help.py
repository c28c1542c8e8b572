"""Ten-Minute Takedown rules in our own words, for the in-game help pages (pictures: help_pictures.py beside it).

Short text: the pictures and their captions carry the details, and every page must fit at 150% text."""

from game.core.help import Page

PICTURES = "help/takedown"

PAGES = [
    Page(
        "The idea",
        [
            "Each player's flying saucer sits at a Base on their edge of the table. On your turn, flick the "
            "die from your saucer at the targets. Land on one to claim its top piece; when every piece is "
            "gone, the most points wins.",
        ],
        [
            (f"{PICTURES}/overview.svg", "Saucers at their Bases."),
            (f"{PICTURES}/faces.svg", "The die: 2 sides of each."),
        ],
    ),
    Page(
        "Landing",
        [
            "Where the die comes to rest on a target's top piece, even by a corner, you claim it (sliding "
            "over does not count) and your saucer goes home. On two targets: the nearer centre. The die must "
            "leave your saucer completely, or flick again.",
        ],
        [
            (f"{PICTURES}/pieces.svg", "Worth 1, 2, 3; flipped 2, 3, 4."),
            (f"{PICTURES}/touch.svg", "Resting by a corner counts."),
            (f"{PICTURES}/match.svg", "Its picture on top: it flips."),
        ],
    ),
    Page(
        "Misses and mischief",
        [
            "A miss moves your saucer to where the die stopped, slid back towards your Base if it would "
            "overlap something; it never covers a Base. Hit a saucer and a target at once: claim the piece too.",
        ],
        [
            (f"{PICTURES}/miss.svg", "A miss: your saucer moves there."),
            (f"{PICTURES}/off-table.svg", "Off the table, even backwards: Base."),
            (f"{PICTURES}/knock.svg", "Hit a saucer: it goes home."),
        ],
    ),
    Page(
        "Winning",
        [
            "When every piece is claimed, the most points wins; then the most pieces, then the most center "
            "discs; still tied, the tied players play a deciding game. Challenges are trick shots for one "
            "player: reach a table's goal within its flicks to unlock the next.",
        ],
        [
            (f"{PICTURES}/count.svg", "9 points beat 7."),
            (f"{PICTURES}/challenge.svg", "A challenge: three stars at par."),
        ],
    ),
    Page(
        "Who starts",
        [
            "Whoever is closest to Mars starts: a new game draws who, a rematch passes it on. Starting helps "
            "a little: equal experts who start win 54 of 100 two-player games. In a Match everyone starts "
            "one round, everyone moves on one Base each round (so each plays from every Base) and all rounds' "
            "points count.",
        ],
        [
            (f"{PICTURES}/overview.svg", "Any seat may be drawn to start."),
            (f"{PICTURES}/count.svg", "A match: every round's points add up."),
        ],
    ),
    Page(
        "Flicking on this screen",
        [
            "Pull back from your die like a slingshot and let go (or choose Swipe in Settings and push the "
            "way it should go). The arrow shows the direction and the power.",
        ],
        [
            (f"{PICTURES}/slingshot.svg", "Pull back, let go."),
            (f"{PICTURES}/keys.svg", "Keys"),
            (f"{PICTURES}/pad.svg", "Game pad"),
        ],
    ),
    Page(
        "Learning from your flicks",
        [
            "A faint trail shows where your last flick went, and R replays it exactly. The harder you flick, "
            "the more your hand shakes. The panel at the bottom right shows the die up close.",
        ],
        [(f"{PICTURES}/trail.svg", "Your last flick's trail; R replays it.")],
    ),
]
