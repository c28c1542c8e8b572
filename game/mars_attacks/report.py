"""Luck and skill in a game of Mars Attacks, measured in expected VP by the exact odds of the turn.

``odds`` values every position of a turn under the best play for given values of its ends; here a claim
is worth its VP less the progress it turns in, a bank the worth it adds to the card's progress
(``outlook.equity``, as the Smart bot weighs progress), being nuked nothing (``vp_values``). Replaying
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
from game.core.steps import Steps, finish
from game.mars_attacks import odds
from game.mars_attacks.bots import fix_options, odds_card
from game.mars_attacks.deck import Card
from game.mars_attacks.outlook import equity
from game.mars_attacks.position import from_view, setup_of
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
BENCHMARK = "exact odds for the most VP, banked spaces valued as the Smart bot does (it plays to win)"
REFERENCE = "each turn's best play for VP"  # not the Smart bot's play: it decides by the chance to win


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


def vp_values(view: MarsAttacksView, player: int, card: Card) -> odds.Values:
    """What the turn's ends are worth in VP: a claim its VP less the progress turned in, a bank what it adds to
    the progress (nothing on a last turn), being nuked nothing."""
    setup, pos = setup_of(view), from_view(view)
    turns = 0.0 if view.final_round else 1.0
    before = view.banked(player, card.id)
    now = equity(setup, pos, player, card, before, turns)
    can_bank, bonus = view.can_bank(player, card.id), int(view.owns(player, "bank-bonus"))

    def bank(count: int) -> float:
        if not count or not can_bank:
            return 0.0
        return equity(setup, pos, player, card, min(card.spaces - 1, before + count + bonus), turns) - now

    if card.need == "nuked":
        return odds.Values(card.vp - now, (0.0,), bank(1))
    return odds.Values(card.vp - now, tuple(bank(c) for c in range(card.spaces - before + 1)))


def best_turn(view: MarsAttacksView, player: int, card: Card) -> float:
    """The most VP a turn at `card` is worth on average, with the best face set first (Seattle's owner)."""
    oc, symbols, values = odds_card(view, player, card), view.symbols(player), vp_values(view, player, card)
    return max(odds.turn(oc, symbols, values, face).value for face in fix_options(view, player))


def report(game: MarsAttacks) -> LuckReport:
    """Each player's dice luck and expected VP lost to decisions over the game (its log replayed)."""
    return finish(report_steps(game))


def report_steps(game: MarsAttacks) -> Steps[LuckReport]:
    """``report`` a log entry at a time (the results screen works it out in a thread that gives way to frames)."""
    tally = yield from measure_steps(game)
    return LuckReport(tuple(
        Luck(turns=game.turns_taken[p], scored=game.vp(p), expected=tally.expected[p], dice=tally.dice[p],
             decisions=tally.decisions[p])
        for p in range(game.players)), unit=UNIT, benchmark=BENCHMARK, adds_up=False,
        reference=REFERENCE)


def measure(game: MarsAttacks) -> Tally:
    """Replay the log, measuring every decision and roll against the exact turn values."""
    return finish(measure_steps(game))


def measure_steps(game: MarsAttacks) -> Steps[Tally]:
    """``measure`` a log entry at a time."""
    replay = MarsAttacks(game.players, game.seed, game.options, game.first, deck=game.deck)
    tally = Tally(game.players)
    for player, data in game.log:
        yield
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
            values = {TARGET + card.id: best_turn(seen, mover, card) for card in seen.targets(mover)}
            tally.expected[mover] += max(values.values())
            tally.decisions[mover] += max(values.values()) - values[action]
        elif replay.phase == READY and replay.fixed is None:  # roll at once, or (Seattle's owner) set a die first
            card = seen.target_card
            best = best_turn(seen, mover, card)
            chosen = odds.turn(odds_card(seen, mover, card), seen.symbols(mover),
                               vp_values(seen, mover, card), FIX_FACE.get(action)).value
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
    return odds_card(view, player, card), view.symbols(player), vp_values(view, player, card)


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

