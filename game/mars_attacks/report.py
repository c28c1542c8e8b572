"""Luck and skill in a game of Mars Attacks, measured by the Smart bot's exact odds of the turn.

``odds`` values every position of a turn under the best play for the Smart bot's values of its ends
(claiming, banking, being nuked: ``bots.turn_values``), in the victory points it expects. Replaying
the game's log, each player's moves are measured in that unit:

- a decision (the target, the face Seattle's owner sets, roll against stop) loses the value of the
  best choice less the value of the choice made (0 when the choice was a best one);
- a roll is luck: the value of the position the dice left less the value of rolling, its average.

Within a turn the figures telescope: the turn's best value at its start, plus the dice, less the
decisions, is what its end was worth by those values. That worth is the bot's estimate of progress,
not the VP scored (a banked space pays only if the card is claimed later), so the report says its
columns do not add up to the score. Pure: no pygame, the same log gives the same report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.luck import Luck, LuckReport
from game.core.protocol import CHANCE
from game.mars_attacks import odds
from game.mars_attacks.bots import best_fix, odds_card, turn_values
from game.mars_attacks.rules import (
    CHOOSE_TARGET,
    CONTINUE,
    FIX_FACE,
    MARTIAN,
    NUKE,
    RAY,
    READY,
    ROLL,
    ROLLING,
    TARGET,
    MarsAttacks,
    MarsAttacksView,
    Rolled,
)

UNIT = "expected VP"
BENCHMARK = "the Smart bot's exact turn odds, valuing claims, banked spaces and wins as it does"


@dataclass
class Tally:
    """Per player, in expected VP: the best turns' worth, dice luck, decision losses, and what the
    turns' ends were worth (``expected + dice - decisions == realised``)."""

    players: int
    expected: list[float] = field(init=False)
    dice: list[float] = field(init=False)
    decisions: list[float] = field(init=False)
    realised: list[float] = field(init=False)

    def __post_init__(self):
        self.expected, self.dice, self.decisions, self.realised = ([0.0] * self.players for _ in range(4))


def report(game: MarsAttacks) -> LuckReport:
    """Each player's dice luck and expected VP lost to decisions over the game (its log replayed)."""
    tally = measure(game)
    return LuckReport(tuple(
        Luck(turns=game.turns_taken[p], scored=game.vp(p), expected=tally.expected[p], dice=tally.dice[p],
             decisions=tally.decisions[p])
        for p in range(game.players)), unit=UNIT, benchmark=BENCHMARK, adds_up=False,
        reference="the Smart bot's play")


def measure(game: MarsAttacks) -> Tally:
    """Replay the log, measuring every decision and roll against the exact turn values."""
    replay = MarsAttacks(game.players, game.seed, game.options, game.first, deck=game.deck)
    tally = Tally(game.players)
    for player, data in game.log:
        action = replay.decode_action(player, data)
        mover = replay.current
        if player == CHANCE:
            if replay.phase == ROLLING:
                before, after, ended = _roll(replay, action)
                tally.dice[mover] += after - before
                if ended:
                    tally.realised[mover] += after
            else:
                replay.apply(player, action)
            continue
        seen = replay.view(mover)  # measured by what the player could see, as the bots decide
        if replay.phase == CHOOSE_TARGET:
            values = {TARGET + card.id: best_fix(seen, mover, card)[1].value for card in seen.targets(mover)}
            tally.expected[mover] += max(values.values())
            tally.decisions[mover] += max(values.values()) - values[action]
        elif replay.phase == READY and replay.fixed is None:  # roll at once, or (Seattle's owner) set a die first
            card = seen.target_card
            best = best_fix(seen, mover, card)[1].value
            chosen = odds.turn(odds_card(seen, mover, card), seen.symbols(mover),
                               turn_values(seen, mover, card), FIX_FACE.get(action)).value
            tally.decisions[mover] += best - chosen
        elif replay.phase == CONTINUE:
            stop, roll = _choices(seen, mover)
            tally.decisions[mover] += max(stop, roll) - (roll if action == ROLL else stop)
            if action != ROLL:
                tally.realised[mover] += stop
        replay.apply(player, action)
    return tally


def _position(view: MarsAttacksView, player: int) -> tuple[odds.Card, int, odds.Values]:
    """The turn's card, Nuke symbols and values, as the odds take them."""
    card = view.target_card
    return odds_card(view, player, card), view.symbols(player), turn_values(view, player, card)


def _choices(view: MarsAttacksView, player: int) -> tuple[float, float]:
    """(stop, roll): what each choice is worth with the dice kept now."""
    card, symbols, values = _position(view, player)
    rays, nukes = view.kept[RAY], view.kept[NUKE]
    return odds.stop_value(card, values, rays, nukes), odds.roll_value(card, symbols, values, rays, nukes)


def _roll(state: MarsAttacks, counts: object) -> tuple[float, float, bool]:
    """Apply a roll: (the value of rolling there, the value of the position it left, whether the turn ended)."""
    view = state.view(state.current)
    card, symbols, values = _position(view, state.current)
    rays = state.kept[RAY]
    if state.rolls:
        before = odds.roll_value(card, symbols, values, rays, state.kept[NUKE])
    else:
        before = odds.turn(card, symbols, values, state.fixed).value
    events = state.apply(CHANCE, counts)
    rolled = next(e for e in events if isinstance(e, Rolled))
    after = odds.after_roll(card, symbols, values, rays + rolled.counts[RAY], rolled.nukes, rolled.counts[MARTIAN])
    return before, after, state.phase != CONTINUE

