"""How the rest of a game may go: each player's chance to win from a position in the middle of the game.

Each player ends with the VP they hold, the worth of the progress they have banked (``equity``) and what
their remaining turns bring: about ``Pace.vp`` a turn, give or take ``Pace.spread`` (a strong player's
figures from the sim, two players' apart, as two claim more a turn than four; an ongoing rule held makes a
player quicker, ``GREEN_PACE``). How many turns are left follows from the cards left in each stack
(``claims_to_end``: claims until one runs out, any stack alike) and where the round stands, since the game
ends with a whole round. With those totals taken as normal and independent, a player's chance to win is
the chance that theirs beats every other (ties by the rules' order). It is an estimate: the final round is solved exactly (``final_round``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import erfc, exp, sqrt

from game.mars_attacks.deck import Card
from game.mars_attacks.position import (
    Position,
    Setup,
    owns,
    ranking_key,
    stack_sizes,
    vp,
)


@dataclass(frozen=True)
class Pace:
    """A strong player's game: claims per turn at the table, VP a turn on average, and its spread."""

    claims: float
    vp: float
    spread: float


PACE = {2: Pace(0.27, 1.2, 2.2), 1: Pace(0.2, 0.9, 1.9)}  # by the difficulty card's Nuke symbols (sim figures)
TWO_PLAYER_PACE = {2: Pace(0.36, 1.42, 2.0), 1: Pace(0.34, 1.36, 2.0)}  # two Smart bots' games (sim figures)
GREEN_PACE = {"fixed-die": 0.12, "nuke-shield": 0.2, "bank-bonus": 0.08, "fifth-token": 0.03}  # a turn's VP, more
BANK_SHARE = 0.8  # what a banked space is worth against the same share of a claim (it may never pay)
GRID = tuple(-4 + 0.5 * i for i in range(17))  # a standard normal, on a grid, for a rival at every point
WEIGHTS = tuple(exp(-z * z / 2) for z in GRID)


@lru_cache(maxsize=4096)
def claims_to_end(sizes: tuple[int, ...]) -> float:
    """Expected claims until one of the stacks runs out (its last card claimed), each claim from any stack
    alike. `sizes`: cards left in each stack, sorted."""
    total = 1.0
    for i, n in enumerate(sizes):
        if n > 1 and (i == 0 or sizes[i - 1] != n):  # equal stacks lead to the same sizes: count them once
            alike = sizes.count(n)
            smaller = tuple(sorted(sizes[:i] + (n - 1,) + sizes[i + 1:]))
            total += alike * claims_to_end(smaller) / len(sizes)
    return total


def turns_left(setup: Setup, pos: Position, mover: int, again: bool, pace: Pace) -> tuple[float, ...]:
    """Each player's turns still to come once `mover`'s turn ends (`again`: mover plays again first)."""
    players = setup.players
    table_turns = claims_to_end(tuple(sorted(n for n in stack_sizes(pos) if n))) / pace.claims
    upcoming = (mover + 1) % players
    first_due = (setup.first - upcoming) % players + 1  # turns from now to the first player's next
    rounds = max(0.0, (table_turns - first_due + 1) / players + 0.5)
    return tuple(rounds + ((p - upcoming) % players + 1 < first_due) + (again and p == mover)
                 for p in range(players))


def equity(setup: Setup, pos: Position, player: int, card: Card, banked: int, turns: float) -> float:
    """What `banked` spaces on `card` are worth in VP: the share of the card's work they have done (the deck's
    VP follow the work a card takes), less when a rival is ahead on it and when fewer than a turn is left."""
    if banked <= 0:
        return 0.0
    rival = max((n for c, p, n in pos.progress if c == card.id and p != player), default=0)
    race = 1 - 0.5 * rival / card.spaces
    return BANK_SHARE * race * card.vp * banked / card.spaces * min(1.0, turns)


def _beats(x: float, spread: float) -> float:
    """Chance that a normal with mean `x` and this spread is above 0 (a sure thing without spread)."""
    if spread <= 1e-9:
        return 1.0 if x > 0 else 0.0
    return 0.5 * erfc(-x / (spread * sqrt(2)))


def win_chance(means: list[float], spreads: list[float], edges: list[float], me: int) -> float:
    """Chance that player `me`'s total beats every other's; `edges`: +0.5 against a player `me` beats on a tie,
    -0.5 against one who beats `me`."""
    rivals = [p for p in range(len(means)) if p != me]
    if len(rivals) == 1:
        (r,) = rivals
        return _beats(means[me] - means[r] + edges[r], sqrt(spreads[me] ** 2 + spreads[r] ** 2))
    total = 0.0
    for z, w in zip(GRID, WEIGHTS):
        mine = means[me] + spreads[me] * z
        chance = w
        for r in rivals:
            chance *= _beats(mine - means[r] + edges[r], spreads[r])
        total += chance
    return total / sum(WEIGHTS)


@lru_cache(maxsize=4096)  # a decision weighs a few hundred ends of turns; a game's earlier ones rarely come back
def outlook(setup: Setup, pos: Position, mover: int, me: int, again: bool = False) -> tuple[float, float]:
    """(`me`'s chance to win, `me`'s expected final VP) once `mover`'s turn has left `pos`."""
    paces = TWO_PLAYER_PACE if setup.players == 2 else PACE
    pace = paces.get(setup.difficulty, paces[min(paces)])
    turns = turns_left(setup, pos, mover, again, pace)
    means, spreads = [], []
    for p in range(setup.players):
        quicker = 1 + sum(boost for effect, boost in GREEN_PACE.items() if owns(setup, pos, p, effect))
        held = sum(equity(setup, pos, p, setup.cards[c], n, turns[p]) for c, q, n in pos.progress if q == p)
        means.append(vp(setup, pos, p) + held + pace.vp * quicker * turns[p])
        spreads.append(pace.spread * sqrt(turns[p]))
    mine = ranking_key(setup, pos, me)[1:]
    edges = [0.5 if mine > ranking_key(setup, pos, p)[1:] else -0.5 for p in range(setup.players)]
    return win_chance(means, spreads, edges, me), means[me]
