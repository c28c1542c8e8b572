"""Mars Attacks: a guided first turn. Four known cards come up; two scripted throws at Atlanta show Ray
Guns and Nukes staying, throwing the Martians again, and stopping to bank before the Nukes get you."""

from game.mars_attacks.rules import DIFFICULTY, ROLL, STOP, TARGET
from game.mars_attacks.scene import GameScene
from game.scenes.tutorial import SCORES_COLUMN, Lesson, Step, Tutorial

LESSON = Lesson(
    # the four cards turned up (their Nuke symbols and the Difficulty card's two make 6), then two
    # throws as Martians, Ray Guns, Nukes
    chance=("boise", "atlanta", "los-alamos", "liberty-bell", (5, 3, 2), (2, 2, 1)),
    options={DIFFICULTY: "easy"},
    steps=(
        Step("Welcome to Mars Attacks! Each card is a place to attack. Its numbered spaces say what it "
             "needs: Atlanta needs 8 Ray Guns. Reach the last space to claim the card and its VP."),
        Step("Watch the Nukes: the symbols in the card corners, with the Difficulty card's, make 6. Roll 6 "
             "Nukes in one turn and you are nuked: the turn's results are lost."),
        Step("Attack Atlanta: 8 Ray Guns for 4 VP. Click the card or press "
             "{key}.", TARGET + "atlanta", "Target #2", "For this lesson, attack Atlanta: press {key}."),
        Step("Throw all ten dice: {key}.", ROLL, "Roll", "Throw the dice first: press {key}."),
        Step("3 Ray Guns: they stay all turn. The 2 Nukes stay too (2 of 6). The 5 Martians may be thrown "
             "again to push on. Throw them: {key}.", ROLL, "Roll",
             "Push on first: 2 Nukes of 6 is still safe. Throw again with {key}."),
        Step("5 Ray Guns of 8, but 3 Nukes of 6: three more and the turn is lost. Stop now and one of your "
             "tokens keeps the 5 on Atlanta for next time. Press {key}.", STOP, "Stop",
             "Too risky now: three more Nukes would wipe out this turn. Stop with {key}."),
    ),
    summary="You banked 5 on Atlanta: 3 more Ray Guns on a later turn claim it for 4 VP. Each turn, pick a "
            "target, throw, and push on or stop before the Nukes get you. When a stack runs out, the final "
            "round starts; the most VP wins.",
    box=SCORES_COLUMN,  # below the scoreboard's rows, or over them for long words
)


class LessonScene(Tutorial, GameScene):
    LESSON = LESSON
