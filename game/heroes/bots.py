"""Bots for Mars Needs Heroes: each sees only its own seat's view (never a bid not yet revealed).

``smart`` values a pot by what it does to its own colour counts and to its
strongest rival's, reads the cards every opponent still holds (they are
public), and mixes its bids: with one rival it plays the exact equilibrium
of ``duel``; with more it answers a model of the others and still spreads
its choice over the bids that are nearly as good. It keeps its Freeze Ray
for a pot worth more than what the ray could still win later.
Every bot also says how long it takes to act (``delay``): the Freeze race
goes to the quickest, and pressing early for a rich pot is human too.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import product

from game.core.protocol import Bot
from game.core.rng import Rng
from game.heroes import duel, reading
from game.heroes.outlook import win_chance
from game.heroes.rules import BID, FREEZE, PASS, POT_DRAW, HeroesView

BID_TEMPERATURE = 0.12  # in pots' worth: bids this close to the best are mixed, so the smart bot cannot be read
REPLY_TEMPERATURE = 0.05  # the same in Invaders, for the duel's best reply
# The Freeze Ray is kept unless the pot beats what it could still win: a fresh pot's worth times this,
# growing with the pots left.
RAY_KEEP, RAY_KEEP_PER_DOUBLING = 0.8, 0.7
GREEDY_HIGH_POT = 4  # greedy bids its highest card at this many Invaders (the fixed rule)
GREEDY_FREEZE_POT = 6
Action = int | str  # a Hero card to bid, or FREEZE / PASS


# ----- what a pot is worth -----------------------------------------------------
def chance_if(view: HeroesView, player: int, taker: int | None, cards: Sequence[int] | None = None,
              from_pile: bool = False) -> float:
    """`player`'s chance to win if `taker` takes these cards (the pot by default; None: nobody yet)."""
    cards = view.pot if cards is None else cards
    captured = [list(c) for c in view.captured]
    pile = list(view.pile)
    if taker is not None:
        for colour in cards:
            captured[taker][colour] += 1
            if from_pile:
                pile[colour] -= 1
    return win_chance(captured, pile, player)


def rival(view: HeroesView, player: int) -> int:
    """The opponent most likely to win (the first in seat order if level)."""
    others = [p for p in range(view.players) if p != player]
    return max(others, key=lambda p: chance_if(view, p, None))


def stake(view: HeroesView, player: int, taker: int | None = None) -> float:
    """What the pot is worth to `player`: their chance to win if they take it, minus if `taker`
    (else their strongest rival) does."""
    other = rival(view, player) if taker is None else taker
    return chance_if(view, player, player) - chance_if(view, player, other)


def fresh_pot_stake(view: HeroesView, player: int) -> float:
    """The worth of an ordinary new pot of two: twice a card's, averaged over what is left in the pile."""
    pile = view.pile if view.pile_left else tuple(c.count for c in view.colours)
    other = rival(view, player)
    worth = sum(n * (chance_if(view, player, player, (c,), True) - chance_if(view, player, other, (c,), True))
                for c, n in enumerate(pile) if n and view.pile[c]) / sum(pile)
    return max(POT_DRAW * worth, 1e-4)


# ----- bidding -------------------------------------------------------------------
def random_bid(view: HeroesView, player: int, rng: Rng) -> Action:
    if view.phase == BID:
        hand = view.hands[player]
        return hand[rng.randrange(len(hand))]
    return FREEZE if rng.random() < 0.25 else PASS


def greedy(view: HeroesView, player: int, rng: Rng) -> Action:
    """A fixed rule: the highest card left when the pot holds 4 or more Invaders, else the lowest."""
    if view.phase == BID:
        hand = view.hands[player]
        return max(hand) if len(view.pot) >= GREEDY_HIGH_POT else min(hand)
    return simple_freeze(view, player)


def always_highest(view: HeroesView, player: int, rng: Rng) -> Action:
    return max(view.hands[player]) if view.phase == BID else simple_freeze(view, player)


def always_lowest(view: HeroesView, player: int, rng: Rng) -> Action:
    return min(view.hands[player]) if view.phase == BID else simple_freeze(view, player)


def copycat(view: HeroesView, player: int, rng: Rng) -> Action:
    """Bids what won the last pot (the nearest card it still holds), else its middle card."""
    if view.phase != BID:
        return simple_freeze(view, player)
    hand = view.hands[player]
    target = _last_winning_bid(view)
    if target is None:
        return hand[len(hand) // 2]
    return min(hand, key=lambda card: (abs(card - target), -card))


def _last_winning_bid(view: HeroesView) -> int | None:
    last = view.last_pot
    if last is None or last.frozen or not view.played[last.player]:
        return None
    return view.played[last.player][-1]


def simple_freeze(view: HeroesView, player: int) -> str:
    """Fire at a big pot, or at the last one, when someone else won the bid."""
    won = view.reveal is not None and view.reveal.winner == player
    return FREEZE if not won and (len(view.pot) >= GREEDY_FREEZE_POT or not view.pile_left) else PASS


def smart(view: HeroesView, player: int, rng: Rng) -> Action:
    if view.phase != BID:
        return FREEZE if wants_freeze(view, player) else PASS
    return _draw_from(bid_mix(view, player), rng)


def bid_mix(view: HeroesView, player: int) -> dict[int, float]:
    """The smart bot's mixed bid: card -> probability."""
    hand = view.hands[player]
    if len(hand) == 1:
        return {hand[0]: 1.0}
    fresh = fresh_pot_stake(view, player)
    if view.players == 2:
        return _duel_mix(view, player, fresh)
    worth = {card: _bid_worth(view, player, card, fresh) for card in hand}
    return _soften(worth, BID_TEMPERATURE * fresh)


def _duel_mix(view: HeroesView, player: int, fresh: float) -> dict[int, float]:
    """Against one rival: the equilibrium, leaning towards the best reply to how they have been bidding."""
    other = 1 - player
    hand, theirs = view.hands[player], view.hands[other]
    effective_pot = POT_DRAW * stake(view, player, other) / fresh  # in Invaders of an ordinary pot
    kinds = reading.beliefs(view.bidding, other, player)
    replies = duel.replies(hand, theirs, effective_pot,
                           lambda their_hand, my_hand, pot: reading.predict(kinds, their_hand, my_hand, pot))
    steady = duel.strategy(hand, theirs, effective_pot)
    reply = _soften(replies, REPLY_TEMPERATURE)
    lean = kinds["mixer"]
    return {card: lean * steady.get(card, 0.0) + (1 - lean) * reply[card] for card in hand}


def _soften(worth: dict[int, float], temperature: float) -> dict[int, float]:
    """Every choice in proportion to exp(worth / temperature): the best most often, the near-best too."""
    best = max(worth.values())
    weights = {card: math.exp((w - best) / temperature) for card, w in worth.items()}
    total = sum(weights.values())
    return {card: w / total for card, w in weights.items()}


def _opponent_model(view: HeroesView, player: int, other: int) -> dict[int, float]:
    """How `other` is expected to bid, read from how they have bid so far."""
    kinds = reading.beliefs(view.bidding, other, player)
    return reading.predict(kinds, view.hands[other], view.hands[player], len(view.pot))


def _bid_worth(view: HeroesView, player: int, card: int, fresh: float) -> float:
    """Expected chance to win after bidding `card`: the pot now, plus the rest of my hand against my rival's."""
    after = {taker: chance_if(view, player, taker) for taker in (None, *range(view.players))}
    main = rival(view, player)
    rest = [c for c in view.hands[player] if c != card]
    per_invader = fresh / (2 * POT_DRAW)  # the duel counts Invaders won minus lost; a fresh pot swings 2 x 2
    worth = 0.0
    for chance, table in _tables(view, player, card):
        worth += chance * after[_winner(table)]
        if rest:
            their_rest = [c for c in view.hands[main] if c != table[main]]
            worth += chance * per_invader * duel.value(rest, their_rest, POT_DRAW)
    return worth


def _tables(view: HeroesView, player: int, card: int) -> Iterator[tuple[float, dict[int, int]]]:
    """Every way the others may bid against my `card`, with its chance under my models of them."""
    others = [p for p in range(view.players) if p != player]
    models = [_opponent_model(view, player, p).items() for p in others]
    for bids in product(*models):
        table = dict(zip(others, (b for b, _ in bids)))
        table[player] = card
        yield math.prod(p for _, p in bids), table


def _winner(bids: dict[int, int]) -> int | None:
    values = list(bids.values())
    standing = [(card, p) for p, card in bids.items() if values.count(card) == 1]
    return max(standing)[1] if standing else None


def _draw_from(mix: dict[int, float], rng: Rng) -> int:
    r = rng.random()
    for card, p in sorted(mix.items()):
        r -= p
        if r < 0:
            return card
    return max(mix)


# ----- the Freeze Ray ------------------------------------------------------------
def wants_freeze(view: HeroesView, player: int) -> bool:
    """Fire when this pot is worth more than what the ray could still win later."""
    reveal = view.reveal
    if reveal is None or not view.rays[player]:
        return False
    worth = chance_if(view, player, player) - chance_if(view, player, reveal.winner)
    pots_left = view.pile_left / POT_DRAW
    if not pots_left:
        return worth > 0
    keep = fresh_pot_stake(view, player) * (RAY_KEEP + RAY_KEEP_PER_DOUBLING * math.log2(1 + pots_left))
    return worth > keep


def smart_delay(view: HeroesView, player: int, action: Action, rng: Rng) -> float:
    return _delay(view, player, action, rng, quickest=0.35, slowest=0.45)


def greedy_delay(view: HeroesView, player: int, action: Action, rng: Rng) -> float:
    return _delay(view, player, action, rng, quickest=0.42, slowest=0.6)


def random_delay(view: HeroesView, player: int, action: Action, rng: Rng) -> float:
    return _delay(view, player, action, rng, quickest=0.5, slowest=0.8)


def _delay(view: HeroesView, player: int, action: Action, rng: Rng, quickest: float, slowest: float) -> float:
    """Seconds to act. A bid takes a moment's thought; passing on the Freeze Ray waits for the window to
    close; firing it is a reflex, quicker the more the pot matters to this player."""
    if view.phase == BID:
        return 0.6 + 1.2 * rng.random()
    if action == PASS:
        return math.inf
    eagerness = min(1.0, stake(view, player) / (3 * fresh_pot_stake(view, player)))
    return slowest - (slowest - quickest) * eagerness + 0.03 * (rng.random() - 0.5)


BOTS: dict[str, Bot[HeroesView, Action]] = {
    "random": Bot("Random", "Bids any card, fires the Freeze Ray on a whim.", random_bid, delay=random_delay),
    "greedy": Bot("Greedy", "Top card for a pot of 4 or more, else its lowest.", greedy, delay=greedy_delay),
    "smart": Bot("Smart", "Weighs every pot, reads the cards left, mixes its bids.", smart, delay=smart_delay),
    "highest": Bot("Bold", "Always bids its highest card.", always_highest, delay=greedy_delay),
    "lowest": Bot("Timid", "Always bids its lowest card.", always_lowest, delay=greedy_delay),
    "copycat": Bot("Copycat", "Bids what won the last pot.", copycat, delay=greedy_delay),
}
