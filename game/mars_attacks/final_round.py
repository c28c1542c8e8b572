"""Who wins once the end is near: each player's chance to win the game from a position in which only last
turns are left (the final round, or the round a claim is about to end).

In a last turn only one thing changes the result: claiming a card, at most one (Indianapolis gives one
more turn). So each player still to play targets the card that gives them the best chance to win, and
plays the turn for the largest chance to claim it (``odds.claim_chance``, exact); the claim's worth to them
is their chance to win afterwards, worked out the same way for the players after them. Among targets
worth the same to them (none can make them win, say) they take the one worth the most VP on average.

A claim turns up the stack's next card. When at most one other player's turn follows, every card it may
be is weighed, so a position with at most one other player to play after the one deciding is solved
exactly. Further ahead the card is weighed as a typical one (``position.symbols``), which keeps a
six-player final round quick.
"""

from __future__ import annotations

from functools import lru_cache

from game.mars_attacks.deck import Card
from game.mars_attacks.position import (
    Position,
    Setup,
    after_claim,
    claim_chance,
    leader,
    reveals,
    targets,
)

Chances = tuple[float, ...]  # each player's chance to win


def mix(p: float, claimed: Chances, missed: Chances) -> Chances:
    return tuple(p * a + (1 - p) * b for a, b in zip(claimed, missed))


def average(many: list[Chances]) -> Chances:
    return tuple(sum(column) / len(many) for column in zip(*many))


@lru_cache(maxsize=65536)
def chances(setup: Setup, pos: Position, to_play: tuple[int, ...]) -> Chances:
    """Each player's chance to win when the players in `to_play` each have a last turn, in that order."""
    if not to_play:
        top = leader(setup, pos)
        return tuple(float(p == top) for p in range(setup.players))
    player, rest = to_play[0], to_play[1:]
    missed = chances(setup, pos, rest)
    best: tuple[float, float] | None = None
    result = missed
    for card in targets(setup, pos, player):
        p = claim_chance(setup, pos, player, card)
        if p <= 0:
            continue
        option = mix(p, after_claim_chances(setup, pos, player, card, rest), missed)
        worth = (option[player], p * card.vp)
        if best is None or worth > best:
            best, result = worth, option
    return result


@lru_cache(maxsize=16384)
def after_claim_chances(setup: Setup, pos: Position, player: int, card: Card, rest: tuple[int, ...]) -> Chances:
    """Win chances once `player` claims `card` with the players in `rest` still to play (after another turn of
    their own, for Indianapolis)."""
    claimed, stack = after_claim(setup, pos, player, card.id)
    after = (player, *rest) if card.effect == "extra-turn" else rest
    others = [p for p in after if p != player]
    if stack in claimed.unknown and after and len(others) <= 1:  # (nobody to play on: the card changes nothing)
        return average([chances(setup, shown, after) for shown in reveals(setup, claimed, stack)])
    return chances(setup, claimed, after)
