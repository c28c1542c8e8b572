"""Luck and skill in a game of Martian Dice, measured against the exact expected-points policy.

``policy.py`` knows the exact value of every turn position under the play that scores the most
points on average. Replaying the game's log, each player's moves are measured against it:

- a decision (a pick, or roll against stop) loses the value of the best choice less the value of
  the choice made (0 when the choice was a best one);
- a roll is luck: the value of the position the dice left (the best pick among those on the table,
  or the points banked when nothing could be taken) less the value of rolling, its average.

Every turn starts with a compulsory roll worth the policy's turn average, so over a game
``scored = turns * average + dice - decisions`` for each player, up to float rounding. The duel for
a shared first place decides no points and is left out. Pure: no pygame, the same log gives the
same report.
"""

from __future__ import annotations

from game.core.luck import Luck, LuckReport
from game.core.protocol import CHANCE
from game.core.steps import Steps, finish
from game.martian_dice import policy
from game.martian_dice.bots import pick_values, position
from game.martian_dice.rules import (
    CHOOSE,
    ROLL,
    ROLL_OR_STOP,
    ROLLING,
    MartianDice,
    TurnEnded,
)


def report(game: MartianDice) -> LuckReport:
    """Each player's dice luck and points lost to decisions over the game (its log replayed); the identity
    holds for a finished game, or any game between turns."""
    return finish(report_steps(game))


def report_steps(game: MartianDice) -> Steps[LuckReport]:
    """``report`` a log entry at a time (the results screen works it out in a thread that gives way to frames)."""
    return (yield from _measure(game, (yield from policy.expected_score_steps())))


def _measure(game: MartianDice, solution: policy.TurnSolution) -> Steps[LuckReport]:
    replay = MartianDice(game.players, game.seed, game.options, game.first)
    dice = [0.0] * game.players
    decisions = [0.0] * game.players
    for player, data in game.log:
        yield
        action = replay.decode_action(player, data)
        mover = replay.current
        if player == CHANCE and replay.phase == ROLLING:
            before = solution.roll_value(*position(replay.view(mover)))
            events = replay.apply(player, action)
            dice[mover] += _value_after_roll(replay, events, solution) - before
            continue
        if replay.phase == CHOOSE:
            values = pick_values(replay.view(mover), solution)
            decisions[mover] += max(values.values()) - values[action]
        elif replay.phase == ROLL_OR_STOP:
            here = position(replay.view(mover))
            stop, roll = policy.score(*here), solution.roll_value(*here)
            decisions[mover] += max(stop, roll) - (roll if action == ROLL else stop)
        replay.apply(player, action)
    average = solution.start_value()
    return LuckReport(tuple(
        Luck(turns=replay.turns_taken[p], scored=replay.totals[p], expected=replay.turns_taken[p] * average,
             dice=dice[p], decisions=decisions[p])
        for p in range(game.players)))


def _value_after_roll(game: MartianDice, events: list, solution: policy.TurnSolution) -> float:
    """The position the dice left: the best pick's value, or the points banked when the turn ended."""
    ended = next((e for e in events if isinstance(e, TurnEnded)), None)
    if ended is not None:
        return ended.points
    return max(pick_values(game.view(game.current), solution).values())
