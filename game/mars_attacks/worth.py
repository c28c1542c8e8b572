"""What each end of a turn is worth to the Smart bot: its chance to win the game afterwards.

A turn ends in a claim, a bank of some count, or nothing (nuked, or stopped with nothing to bank).
Each leaves a position (``position``) whose worth is the chance to win from it: solved exactly when only
last turns follow (the final round, or a claim that empties a stack: ``final_round``), estimated
otherwise (``outlook``). So a claim's worth depends on the scores, the cards left in each stack, who is
nearest the end and the final round, and the turn is played for the win by the exact odds of the dice
(``odds``). A sliver of the expected VP (``VP_TIEBREAK``) is added, so that when every choice wins (or
none does) the bot still goes for the most VP rather than giving up.
"""

from __future__ import annotations

from game.mars_attacks import odds
from game.mars_attacks.deck import Card
from game.mars_attacks.final_round import after_claim_chances, chances
from game.mars_attacks.outlook import outlook
from game.mars_attacks.position import Position, after_bank, after_claim, banked, from_view, setup_of, stack_sizes, vp
from game.mars_attacks.rules import MarsAttacksView

VP_TIEBREAK = 1e-5  # a VP is worth this much win chance: it only decides between choices equal for the win


def still_to_play(view: MarsAttacksView, player: int) -> tuple[int, ...]:
    """The players after `player` up to the end of the round (who would still play if the game ended now)."""
    return tuple((player + i) % view.players for i in range(1, view.players)
                 if (player + i - view.first) % view.players > (player - view.first) % view.players)


class TurnWorth:
    """The worth of every end of the turn `player` is about to play, for one decision."""

    def __init__(self, view: MarsAttacksView, player: int):
        self.view, self.player = view, player
        self.setup = setup_of(view)
        self.now = from_view(view)
        self.rest = still_to_play(view, player)

    def left_at(self, pos: Position) -> float:
        """The worth of ending the turn with the table at `pos` (no claim)."""
        if self.view.final_round:
            return chances(self.setup, pos, self.rest)[self.player] + VP_TIEBREAK * vp(self.setup, pos, self.player)
        chance, expected = outlook(self.setup, pos, self.player, self.player)
        return chance + VP_TIEBREAK * expected

    def claim(self, card: Card) -> float:
        """The worth of claiming `card`: exactly the chance to win when it ends the game or the round is final."""
        claimed, stack = after_claim(self.setup, self.now, self.player, card.id)
        if self.view.final_round or not stack_sizes(claimed)[stack]:
            chance = after_claim_chances(self.setup, self.now, self.player, card, self.rest)[self.player]
            return chance + VP_TIEBREAK * vp(self.setup, claimed, self.player)
        chance, expected = outlook(self.setup, claimed, self.player, self.player, card.effect == "extra-turn")
        return chance + VP_TIEBREAK * expected

    def values(self, card: Card) -> odds.Values:
        """Claim, bank each count, nuked: what the turn's ends are worth, as the odds take them."""
        view, player = self.view, self.player
        before = banked(self.now, player, card.id)
        nothing = self.left_at(self.now)
        can_bank = view.can_bank(player, card.id) and not view.final_round  # a last turn banks for nothing
        bonus = int(view.owns(player, "bank-bonus"))

        def bank(count: int) -> float:
            if not count or not can_bank:
                return nothing
            total = min(card.spaces - 1, before + count + bonus)
            return self.left_at(after_bank(self.now, player, card.id, total))

        if card.need == "nuked":  # Las Vegas: being nuked moves the token up; stopping banks nothing
            return odds.Values(self.claim(card), (nothing,), bank(1))
        return odds.Values(self.claim(card), tuple(bank(c) for c in range(card.spaces - before + 1)), nothing)
