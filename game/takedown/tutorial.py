"""Ten-Minute Takedown: a guided first flick on the two-player table. Nothing is scripted: the physics
flies the die for real. From the Base, any straight flick between about half and seven tenths of full
power lands on the middle target, so the coach shows that flick (a dotted arrow, already set up for the
keys) and accepts whatever flick the learner makes, then explains what it did."""

import math

from game.core.words import counted
from game.scenes.tutorial import Lesson, Step, Tutorial
from game.takedown.scene import PIECE_NAMES, TABLE, GameScene
from game.takedown.shot import Flick
from game.ui import theme

GUIDE_POWER = 0.6  # the middle of the powers that reach the middle target from the Base
GUIDE_COLOR = (150, 220, 255)

def how_to_flick(scene) -> str:
    how = scene.how_to_flick()
    return f"Your flick! {how[0].upper()}{how[1:]}. The dotted arrow shows a good one. With the keys it is set up " \
           "already: press {key}."


def what_happened(scene) -> str:
    g = scene.game
    if g.piles[0]:
        target, piece, flipped = g.piles[0][-1]
        icon = g.level.targets[target].icon
        worth = counted(g.level.points(piece, flipped), "point")
        if flipped:
            return (f"A hit: the {PIECE_NAMES[piece]} of the {icon} target! The die shows the {icon} too, so the "
                    f"piece flips: {worth}. Your saucer goes back to its Base.")
        return (f"A hit: the {PIECE_NAMES[piece]} of the {icon} target, {worth}. Had the die shown the {icon}, "
                "the piece would have flipped for 1 more. Your saucer goes back to its Base.")
    if g.shots[-1].fell:
        return "Off the table! Your saucer goes back to its Base. A little less power next time."
    return "A miss: your saucer now stands where the die stopped, and your next flick starts from there."


LESSON = Lesson(
    seed=3,
    steps=(
        Step("Welcome to Ten-Minute Takedown! Your saucer is at the bottom, Zax's at the top. Take turns to "
             "flick the die from your saucer at the targets."),
        Step("A target has three pieces: outer ring 1 point, middle ring 2, center disc 3. The die claims the "
             "outermost piece of the target it touches."),
        Step(how_to_flick, Flick, "Flick", until=lambda g: g.flicks > 0),
        Step(what_happened),
    ),
    summary="That was a whole turn: one flick. Claim the pieces, flip them with the right picture, and knock "
            "rival saucers back to their Bases. When every piece is gone, the most points wins.",
    box=(TABLE[0] + 8, TABLE[1] + 8, 428, 250),  # the table's top left corner
)


class LessonScene(Tutorial, GameScene):
    LESSON = LESSON

    def __init__(self, *args):
        super().__init__(*args)
        self.power = GUIDE_POWER  # the keys' flick is the one the coach shows

    def draw_guide(self, canvas) -> None:
        """The flick to make: a dotted arrow from the die, as long as the aim arrow for that power."""
        step = self.active_step()
        if step is None or step.expect is not Flick:
            return
        x, y = self.to_screen(*self.die)
        angle = self._default_aim()
        length = 30 + 150 * GUIDE_POWER
        for k in range(0, 12, 2):
            a, b = 14 + (length - 14) * k / 12, 14 + (length - 14) * (k + 1) / 12
            canvas.line(GUIDE_COLOR, (x + math.cos(angle) * a, y + math.sin(angle) * a),
                        (x + math.cos(angle) * b, y + math.sin(angle) * b), 3)
        tip = (x + math.cos(angle) * (length + 10), y + math.sin(angle) * (length + 10))
        canvas.polygon(GUIDE_COLOR, [tip, *((tip[0] + math.cos(angle + turn) * 14, tip[1] + math.sin(angle + turn) * 14)
                                            for turn in (2.6, -2.6))])
        canvas.text("a good flick", theme.FONT_SMALL, GUIDE_COLOR, (x + 22, y - length / 2), anchor="midleft")
