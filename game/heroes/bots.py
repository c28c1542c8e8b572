"""Bots for Mars Needs Heroes: each sees only its own seat's view (never a bid not yet revealed).

``smart`` (``game.heroes.smart``) plays the round's equilibrium and leans only safely towards what it
reads; ``exploiter`` (``game.heroes.exploiter``) reads as well as it can and plays its best reply
wherever that beats the equilibrium, to spar against. The rest are fixed rules to practise against. Every bot also says how long it
takes to act (``delay``): the Freeze race goes to the quickest, and pressing early for a rich pot is
human too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from game.core.protocol import Bot
from game.core.rng import Rng
from game.heroes import exploiter, smart, worth
from game.heroes.history import current
from game.heroes.reading import rule_card
from game.heroes.rules import BID, FREEZE, PASS, HeroesView

GREEDY_FREEZE_POT = 6
Action = int | str  # a Hero card to bid, or FREEZE / PASS


def random_bid(view: HeroesView, player: int, rng: Rng) -> Action:
    if view.phase == BID:
        hand = view.hands[player]
        return hand[rng.randrange(len(hand))]
    return FREEZE if rng.random() < 0.25 else PASS


def fixed_rule(kind: str) -> Callable[[HeroesView, int, Rng], Action]:
    """A bot that bids by one of the reading's fixed rules and fires the simple way."""
    def choose(view: HeroesView, player: int, rng: Rng) -> Action:
        if view.phase != BID:
            return simple_freeze(view, player)
        return rule_card(kind, view.hands[player], current(view), player)
    return choose


def simple_freeze(view: HeroesView, player: int) -> str:
    """Fire at a big pot, or at the last one, when someone else won the bid."""
    won = view.reveal is not None and view.reveal.winner == player
    return FREEZE if not won and (len(view.pot) >= GREEDY_FREEZE_POT or not view.pile_left) else PASS


def eagerness(view: HeroesView, player: int) -> float:
    """How much the pot matters to `player`, 0 to 1: its swing in their chance over three fresh pots'."""
    chances, fresh = worth.of_view(view)
    swing = max(chances[player][player] - chances[t][player] for t in range(view.players))
    return min(1.0, swing / (3 * fresh[player]))


def reflexes(quickest: float, slowest: float) -> Callable[[HeroesView, int, Action, Rng], float]:
    """Seconds to act. A bid takes a moment's thought; passing on the Freeze Ray waits for the window to
    close; firing it is a reflex, quicker the more the pot matters to this player."""
    def delay(view: HeroesView, player: int, action: Action, rng: Rng) -> float:
        if view.phase == BID:
            return 0.6 + 1.2 * rng.random()
        if action == PASS:
            return math.inf
        return slowest - (slowest - quickest) * eagerness(view, player) + 0.03 * (rng.random() - 0.5)
    return delay


SMART_DELAY, GREEDY_DELAY, RANDOM_DELAY = reflexes(0.35, 0.45), reflexes(0.42, 0.6), reflexes(0.5, 0.8)


def _rule_bot(label: str, blurb: str, kind: str) -> Bot[HeroesView, Action]:
    return Bot(label, blurb, fixed_rule(kind), delay=GREEDY_DELAY)


BOTS: dict[str, Bot[HeroesView, Action]] = {
    "random": Bot("Random", "Bids any card, fires the Freeze Ray on a whim.", random_bid, delay=RANDOM_DELAY),
    "greedy": _rule_bot("Greedy", "Top card for a pot of 4 or more, else its lowest.", "saver"),
    "smart": replace(Bot.stepwise("Smart", "Plays the round's equilibrium, leans only safely on what it reads.",
                                  smart.think, background=True),  # a decision takes up to 50 ms
                     delay=SMART_DELAY),
    "highest": _rule_bot("Bold", "Always bids its highest card.", "high"),
    "lowest": _rule_bot("Timid", "Always bids its lowest card.", "low"),
    "copycat": _rule_bot("Copycat", "Bids what won the last pot.", "copycat"),
    "mirror": _rule_bot("Mirror", "Bids nearest the card its rivals bid last.", "mirror"),
    "above": _rule_bot("One above", "Bids one above its rivals' last card.", "above"),
    "exploiter": replace(Bot.stepwise("Exploiter", "Reads its rivals and punishes any habit it finds.",
                                      exploiter.think, background=True), delay=SMART_DELAY),  # as Smart's
}
