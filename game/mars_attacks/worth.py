"""What each end of a turn is worth to the Smart bot: its chance to win the game afterwards.

A turn ends in a claim, a bank of some count, or nothing (nuked, or stopped with nothing to bank).
Each leaves a position (``position``) whose worth is the chance to win from it: solved exactly when only
last turns follow (the final round, or a claim that empties a stack: ``final_round``), estimated
otherwise (``outlook``). With two players the rival's next turn is played out first (``reply``): the
estimate is taken after it, where its blur costs less, so what a claim or a bank leaves the rival within
reach counts. So a claim's worth depends on the scores, the cards left in each stack, who is nearest the
end and the final round, and the turn is played for the win by the exact odds of the dice (``odds``). A
sliver of the expected VP (``VP_TIEBREAK``) is added, so that when every choice wins (or none does) the
bot still goes for the most VP rather than giving up.
"""

from __future__ import annotations

from game.core.steps import Steps, finish
from game.mars_attacks import odds
from game.mars_attacks.deck import Card
from game.mars_attacks.final_round import after_claim_chances, chances
from game.mars_attacks.outlook import outlook
from game.mars_attacks.position import (
    FIX_FACES,
    Position,
    Setup,
    after_bank,
    after_claim,
    banked,
    can_bank,
    from_view,
    owns,
    setup_of,
    stack_sizes,
    symbols,
    targets,
    vp,
)
from game.mars_attacks.rules import MarsAttacksView

BEST_TURNS_KEPT = 16384  # best replies remembered (a decision weighs a few hundred)
_BEST_TURNS: dict[tuple[Setup, Position, int], float | None] = {}
VP_TIEBREAK = 1e-5  # a VP is worth this much win chance: it only decides between choices equal for the win


def still_to_play(setup: Setup, player: int) -> tuple[int, ...]:
    """The players after `player` up to the end of the round (who would still play if the game ended now)."""
    return tuple((player + i) % setup.players for i in range(1, setup.players)
                 if setup.order(player + i) > setup.order(player))


class TurnWorth:
    """The worth of every end of the turn `player` is about to play from `now`, for one decision; `ahead`:
    positions it leaves are weighed after the rival's reply (two players), else by the estimate at once."""

    def __init__(self, setup: Setup, now: Position, player: int, final_round: bool, ahead: bool):
        self.setup, self.now, self.player = setup, now, player
        self.final_round, self.ahead = final_round, ahead
        self.rest = still_to_play(setup, player)

    @classmethod
    def of(cls, view: MarsAttacksView, player: int) -> TurnWorth:
        """The turn `player` plays from what their view shows."""
        return cls(setup_of(view), from_view(view), player, view.final_round, view.players == 2)

    def left_at(self, pos: Position, again: bool = False) -> Steps[float]:
        """The worth of ending the turn with the table at `pos` (`again`: the player plays the next turn too);
        stepwise, as the rival's reply is weighed a target at a time."""
        if self.final_round:
            return chances(self.setup, pos, self.rest)[self.player] + VP_TIEBREAK * vp(self.setup, pos, self.player)
        if self.ahead:
            return (yield from reply(self.setup, pos, self.player, again))
        chance, expected = outlook(self.setup, pos, self.player, self.player, again)
        return chance + VP_TIEBREAK * expected

    def claim(self, card: Card) -> Steps[float]:
        """The worth of claiming `card`: exactly the chance to win when it ends the game or the round is final."""
        claimed, stack = after_claim(self.setup, self.now, self.player, card.id)
        if self.final_round or not stack_sizes(claimed)[stack]:
            chance = after_claim_chances(self.setup, self.now, self.player, card, self.rest)[self.player]
            return chance + VP_TIEBREAK * vp(self.setup, claimed, self.player)
        return (yield from self.left_at(claimed, card.effect == "extra-turn"))

    def values(self, card: Card) -> odds.Values:
        return finish(self.values_steps(card))

    def values_steps(self, card: Card) -> Steps[odds.Values]:
        """Claim, bank each count, nuked: what the turn's ends are worth, as the odds take them; an end at a
        time (each may weigh the rival's reply)."""
        setup, now, player = self.setup, self.now, self.player
        before = banked(now, player, card.id)
        yield
        nothing = yield from self.left_at(now)
        can = can_bank(setup, now, player, card) and not self.final_round  # a last turn banks for nothing
        bonus = int(owns(setup, now, player, "bank-bonus"))
        counts = (1,) if card.need == "nuked" else range(1, card.spaces - before + 1)
        banks = [nothing]
        for count in counts:
            yield
            total = min(card.spaces - 1, before + count + bonus)
            banks.append((yield from self.left_at(after_bank(now, player, card.id, total))) if can else nothing)
        yield
        claim = yield from self.claim(card)
        if card.need == "nuked":  # Las Vegas: being nuked moves the token up; stopping banks nothing
            return odds.Values(claim, (nothing,), banks[1])
        return odds.Values(claim, tuple(banks), nothing)


def turn_plan(setup: Setup, pos: Position, player: int, card: Card, values: odds.Values,
              fix: int | None) -> odds.Plan:
    """`player`'s turn on `card` from `pos` played best for `values` (`fix`: a face Seattle's owner sets)."""
    left = card.spaces - banked(pos, player, card.id)
    return odds.turn(odds.Card(card.need, left), symbols(setup, pos, player), values, fix)


def best_turn(setup: Setup, pos: Position, player: int) -> Steps[float | None]:
    """`player`'s worth of their best turn from `pos` (not in the final round), the positions it leaves weighed
    by the estimate; None with nothing to target. A target and a fix at a time (one is a slice of a frame);
    remembered, as the same replies come up again and again in one decision and the next."""
    key = (setup, pos, player)
    if key in _BEST_TURNS:
        return _BEST_TURNS[key]
    worth = TurnWorth(setup, pos, player, False, False)
    fixes = (None, *FIX_FACES) if owns(setup, pos, player, "fixed-die") else (None,)
    best = None
    for card in targets(setup, pos, player):
        yield
        values = yield from worth.values_steps(card)
        for fix in fixes:
            yield
            value = turn_plan(setup, pos, player, card, values, fix).value
            best = value if best is None else max(best, value)
    if len(_BEST_TURNS) >= BEST_TURNS_KEPT:
        _BEST_TURNS.clear()  # a new game's positions: the old ones will not come back
    _BEST_TURNS[key] = best
    return best


def reply(setup: Setup, pos: Position, mover: int, again: bool) -> Steps[float]:
    """`mover`'s worth of `pos` once their turn has left it (two players): what the next turn leaves them when
    its player plays it best, for their own chance to win. The next card of a stack just emptied is not
    known yet: the next player may target only the cards showing."""
    upcoming = mover if again else 1 - mover
    best = yield from best_turn(setup, pos, upcoming)
    chance, expected = outlook(setup, pos, mover, mover, again)
    if best is None:
        return chance + VP_TIEBREAK * expected
    return (best if upcoming == mover else 1 - best) + VP_TIEBREAK * expected
