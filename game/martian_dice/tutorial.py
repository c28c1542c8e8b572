"""Martian Dice: a guided first turn. Four scripted rolls show tanks, death rays, one kind per pick,
the three-kinds bonus and banking (9 points)."""

from game.martian_dice.rules import CHICKEN, COW, HUMAN, RAY, ROLL, STOP, TAKE
from game.martian_dice.scene import GameScene
from game.scenes.tutorial import SCORES_COLUMN, Lesson, Step, Tutorial

LESSON = Lesson(
    # face counts per roll: tanks, death rays, humans, cows, chickens
    chance=((2, 3, 3, 3, 2), (0, 1, 3, 2, 2), (1, 1, 1, 2, 0), (0, 1, 0, 0, 1)),
    steps=(
        Step("Welcome to Martian Dice! You are a Martian out to abduct earthlings: humans, cows and chickens. "
             "Earth fights back with tanks."),
        Step("Your turn starts with all 13 dice. Roll them: click Roll or press {key}.", ROLL, "Roll",
             "Start with a roll: press {key}."),
        Step("2 tanks! Tanks are set aside by themselves. Death rays fight them: take your 3 death rays. "
             "Click one, or press {key}.", TAKE[RAY], "Death rays",
             "Take the death rays first ({key}): if tanks outnumber them at the end, the turn scores nothing."),
        Step("3 death rays against 2 tanks: safe for now. After each pick you roll again or stop. You have no "
             "earthlings yet, so roll the 8 dice left: {key}.", ROLL, "Roll",
             "Stopping now scores nothing: you have no earthlings yet. Roll on with {key}."),
        Step("Now earthlings! You take one kind per roll, and each kind only once a turn. Take the 3 humans: "
             "press {key}.", TAKE[HUMAN], "Humans", "Take the humans, the biggest group: press {key}."),
        Step("Stopping now would bank 3 points. 5 dice are left: roll them with {key}.", ROLL, "Roll",
             "Not yet: roll the 5 dice left with {key}."),
        Step("Another tank: 3 tanks against 3 death rays. A tie is still safe. Your humans are taken this turn, "
             "so take the 2 cows: {key}.", TAKE[COW], "Cows", "Take the cows this time: press {key}."),
        Step("Stop for 5 points, or roll the last 2 dice? A tank would outnumber your rays and wipe out the turn; "
             "a chicken earns all three kinds: 3 bonus points. Be bold: {key}.",
             ROLL, "Roll", "This time, be bold: roll with {key}."),
        Step("A chicken! Take it ({key}): humans, cows and chickens together earn 3 more points.", TAKE[CHICKEN],
             "Chickens", "Take the chicken: press {key}."),
        Step("6 earthlings and the bonus: 9 points. Bank them before a tank spoils it: stop with {key}.", STOP,
             "Stop", "Bank your 9 points now: stop with {key}."),
    ),
    summary="You banked 9 points. That is a whole turn: roll, take one kind of die, then roll on or stop. "
            "A turn scores only if the tanks do not outnumber your death rays. The first to 25 points starts "
            "the final round; the most points wins.",
    box=SCORES_COLUMN,  # below the scoreboard's rows, or over them for long words
)


class LessonScene(Tutorial, GameScene):
    LESSON = LESSON
