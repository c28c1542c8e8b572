"""Computer players for Mars Attacks: pure functions of a player's view (``MarsAttacksView``, the open table).

``smart`` plays to win the game: every end of a turn (a claim, a bank, nothing) is worth its chance to win
afterwards (``worth``), and the target, the face Seattle's owner sets and every roll or stop follow the
exact odds of the turn (``odds``) for those worths. ``greedy`` follows a fixed rule and ``random`` anything.
"""

from __future__ import annotations

from game.core.protocol import Bot
from game.core.rng import Rng
from game.core.steps import Steps, finish
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
from game.mars_attacks.worth import TurnWorth

NEEDED_FACE = {"ray": RAY, "nuke": NUKE, "martian": MARTIAN}


def turn_values(view: MarsAttacksView, player: int, card: Card) -> odds.Values:
    """What claiming, banking each count and being nuked on `card` are worth to `player` (chances to win)."""
    return TurnWorth.of(view, player).values(card)


def odds_card(view: MarsAttacksView, player: int, card: Card) -> odds.Card:
    return odds.Card(card.need, card.spaces - view.banked(player, card.id))


def fix_options(view: MarsAttacksView, player: int) -> list[int | None]:
    """None, and the faces Seattle's owner may set before this turn's first roll."""
    if view.owns(player, "fixed-die") and view.fixed is None and not view.rolls:
        return [None, MARTIAN, RAY, NUKE]
    return [None]


def best_fix(view: MarsAttacksView, player: int, card: Card, worth: TurnWorth | None = None
             ) -> tuple[int | None, odds.Plan]:
    """The face to set before rolling (Seattle's owner), or None, with the turn's plan."""
    return finish(best_fix_steps(view, player, card, worth))


def best_fix_steps(view: MarsAttacksView, player: int, card: Card, worth: TurnWorth | None = None
                   ) -> Steps[tuple[int | None, odds.Plan]]:
    """``best_fix`` a face at a time."""
    oc, symbols = odds_card(view, player, card), view.symbols(player)
    values = yield from (worth or TurnWorth.of(view, player)).values_steps(card)
    best: tuple[int | None, odds.Plan] | None = None
    for face in fix_options(view, player):
        yield
        plan = odds.turn(oc, symbols, values, face)
        if best is None or plan.value > best[1].value:
            best = (face, plan)
    assert best is not None  # not setting a face is always an option
    return best


def smart_target(view: MarsAttacksView, player: int) -> Card:
    return finish(smart_target_steps(view, player))


def smart_target_steps(view: MarsAttacksView, player: int) -> Steps[Card]:
    """The card whose turn gives the best chance to win (the most VP among equals), a card at a time."""
    worth = TurnWorth.of(view, player)
    best: tuple[tuple[float, int], Card] | None = None
    for card in view.targets(player):
        _, plan = yield from best_fix_steps(view, player, card, worth)
        if best is None or (plan.value, card.vp) > best[0]:
            best = ((plan.value, card.vp), card)
    assert best is not None  # a turn always has a target
    return best[1]


def smart(view: MarsAttacksView, player: int, rng: Rng) -> Steps[str]:
    """The best chance to win the game, by the exact odds of the turn; worked out a card or a face at a time,
    so that the table spreads it over frames."""
    if view.phase == CHOOSE_TARGET:
        return TARGET + (yield from smart_target_steps(view, player)).id
    card = view.target_card
    if view.phase == READY:
        face, _ = yield from best_fix_steps(view, player, card)
        return FIX[face] if face is not None and FIX[face] in view.legal_actions(player) else ROLL
    values = yield from TurnWorth.of(view, player).values_steps(card)
    plan = odds.plan(odds_card(view, player, card), view.symbols(player), values, view.kept[RAY], view.kept[NUKE])
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
    "smart": Bot.stepwise("Smart", "Plays for the win: its chance to win after every claim or bank, by exact odds.",
                          smart, background=True),  # one exact solve of a rival's reply can take 100 ms
}
