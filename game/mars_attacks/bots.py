"""Computer players for Mars Attacks: pure functions of a player's view (``MarsAttacksView``, the open table).

``smart`` weighs every target by the exact odds of the turn (``odds``): what
claiming is worth (VP, the card's rule, whether it ends the game while ahead
or behind), what banked progress is worth (less when an opponent is racing
for the same card, nothing on a last turn), and plays the turn by the same
dynamic programme. ``greedy`` follows a fixed rule and ``random`` anything.
"""

from __future__ import annotations

from game.core.protocol import Bot
from game.core.rng import Rng
from game.mars_attacks import odds
from game.mars_attacks.deck import Card
from game.mars_attacks.rules import (
    CHOOSE_TARGET,
    FIX,
    MARTIAN,
    NUKE,
    RAY,
    READY,
    ROLL,
    STOP,
    TARGET,
    MarsAttacksView,
)

BANK_SHARE = 0.7  # what a banked space is worth against the same share of a claim (it may never pay)
EXTRA_TURN_VP = 0.9  # about what an average turn earns
GREEN_VP = {"fixed-die": 0.9, "bank-bonus": 0.6, "fifth-token": 0.3, "nuke-shield": 1.2}  # over a whole game
END_SWING = 2.0  # ending the game while ahead (or behind) is worth this much more (or less)
LAST_TURN_WIN = 10.0  # on a last turn, taking the lead outweighs any VP
NEEDED_FACE = {"ray": RAY, "nuke": NUKE, "martian": MARTIAN}


def game_left(view: MarsAttacksView) -> float:
    """A rough share of the game still to play: the shortest stack against a full one."""
    live = [h for h, c in zip(view.hidden, view.face_up) if c is not None]
    return min(live, default=0) / max(1, view.players - 1)


def equity(view: MarsAttacksView, player: int, card: Card, banked: int) -> float:
    """What `banked` spaces on `card` are worth: a share of its VP, less when a rival is ahead on it."""
    if banked <= 0 or view.final_round:  # a last turn: banked progress will never pay
        return 0.0
    rival = max((n for p, n in view.progress.get(card.id, {}).items() if p != player), default=0)
    race = 1 - 0.5 * rival / card.spaces
    symbols = view.symbols(player)
    sooner = odds.claim_chance(odds.Card(card.need, card.spaces - banked), symbols) \
        - odds.claim_chance(odds.Card(card.need, card.spaces), symbols)  # how much likelier a claim next turn
    return BANK_SHARE * race * card.vp * (sooner + banked / card.spaces) / 2  # ...and the way made on a long card


def would_lead(view: MarsAttacksView, player: int, card: Card) -> bool:
    """Claiming `card` would put the player ahead of everyone by the ranking's rules (VP, cards, turn order)."""
    def order(p: int) -> int:
        return (p - view.first) % view.players

    mine = (view.vp(player) + card.vp, len(view.claimed[player]) + 1, order(player))
    return all(mine > (view.vp(p), len(view.claimed[p]), order(p)) for p in range(view.players) if p != player)


def claim_value(view: MarsAttacksView, player: int, card: Card) -> float:
    """VP of the card, its rule, and the end of the game it may bring, less the equity it turns in.
    On a last turn only winning counts: a card that takes the lead is worth far more than its VP."""
    if view.final_round:
        return card.vp + (LAST_TURN_WIN if would_lead(view, player, card) else 0.0)
    value = card.vp - equity(view, player, card, view.banked(player, card.id))
    if card.effect == "extra-turn":
        value += EXTRA_TURN_VP
    value += GREEN_VP.get(card.effect, 0.0) * game_left(view)
    rivals = view.progress.get(card.id, {}) if card.effect != "wipe-progress" else None
    lost = sum(equity(view, p, view.cards[c], marks[p]) for c, marks in view.progress.items()
               for p in marks if p != player and (rivals is None or c == card.id))
    value += lost / (view.players - 1)  # their tokens go home: what they had banked there is gone
    stack = view.face_up.index(card.id)
    if not view.hidden[stack]:
        value += END_SWING if would_lead(view, player, card) else -END_SWING
    return value


def turn_values(view: MarsAttacksView, player: int, card: Card) -> odds.Values:
    banked = view.banked(player, card.id)
    now = equity(view, player, card, banked)
    can_bank = view.can_bank(player, card.id)
    bonus = 1 if view.owns(player, "bank-bonus") else 0

    def bank(count: int) -> float:
        if not count or not can_bank:
            return 0.0
        return equity(view, player, card, min(card.spaces - 1, banked + count + bonus)) - now

    left = card.spaces - banked
    if card.need == "nuked":
        return odds.Values(claim_value(view, player, card), (0.0,), bank(1))
    return odds.Values(claim_value(view, player, card), tuple(bank(c) for c in range(left + 1)))


def odds_card(view: MarsAttacksView, player: int, card: Card) -> odds.Card:
    return odds.Card(card.need, card.spaces - view.banked(player, card.id))


def best_fix(view: MarsAttacksView, player: int, card: Card) -> tuple[int | None, odds.Plan]:
    """The face to set before rolling (Seattle's owner), or None, with the turn's plan."""
    oc, symbols, values = odds_card(view, player, card), view.symbols(player), turn_values(view, player, card)
    options: list[int | None] = [None]
    if FIX[RAY] in view.legal_actions(player):
        options += [MARTIAN, RAY, NUKE]
    plans = [(face, odds.turn(oc, symbols, values, face)) for face in options]
    return max(plans, key=lambda fp: fp[1].value)


def smart_target(view: MarsAttacksView, player: int) -> Card:
    cards = view.targets(player)
    return max(cards, key=lambda c: (best_fix(view, player, c)[1].value, c.vp))


def smart(view: MarsAttacksView, player: int, rng: Rng) -> str:
    """Best expected VP by the exact odds of the turn."""
    if view.phase == CHOOSE_TARGET:
        return TARGET + smart_target(view, player).id
    card = view.target_card
    if view.phase == READY:
        face, _ = best_fix(view, player, card)
        return FIX[face] if face is not None and FIX[face] in view.legal_actions(player) else ROLL
    plan = odds.plan(odds_card(view, player, card), view.symbols(player), turn_values(view, player, card),
                     view.kept[RAY], view.kept[NUKE])
    return ROLL if plan.roll else STOP


def greedy(view: MarsAttacksView, player: int, rng: Rng) -> str:
    """The nearest card (best VP on a tie); set the needed face; roll on while a nuke is less likely than not."""
    if view.phase == CHOOSE_TARGET:
        card = min(view.targets(player), key=lambda c: (c.spaces - view.banked(player, c.id), -c.vp))
        return TARGET + card.id
    card = view.target_card
    if view.phase == READY:
        fix = FIX[NEEDED_FACE.get(card.need, NUKE)]
        return fix if fix in view.legal_actions(player) else ROLL
    risk = odds.nuked_next(view.kept[NUKE], view.symbols(player), view.kept[MARTIAN])
    return ROLL if risk < 0.5 or card.need == "nuked" else STOP


def random_bot(view: MarsAttacksView, player: int, rng: Rng) -> str:
    return rng.choice(view.legal_actions(player))


BOTS: dict[str, Bot[MarsAttacksView, str]] = {
    "random": Bot("Random", "Targets, rolls and stops at random.", random_bot),
    "greedy": Bot("Greedy", "Goes for the nearest card and rolls on while a nuke is less likely than not.", greedy),
    "smart": Bot("Smart", "Works out the exact odds of every target and every roll.", smart),
}
