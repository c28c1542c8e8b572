"""Three or four players: everyone bids at once, each for their own chance to win the game.

The round is an n-player game. Every outcome (a player takes the pot by their bid, or everything
cancels) is worth to each player what it does to their chance to win (``worth``: a pot to the leader
hurts more than one to the last player), after the Freeze window it opens (``freeze``), and every card
spent costs what it could still win later in the hand. We solve it for everyone at once, from the
public view alone: players whose bids follow a fixed rule (``reading``) are expected to follow it, as
far as they have; everyone else plays a logit equilibrium (each mixes towards their best bids, in
proportion to exp(worth / temperature)), found by letting each in turn answer the others. The turn
order changes every round, each seat before each other as often. Every smart bot at the table works out the same
profile, so they do not spend their cards against each other while a simple bidder takes the pots;
each then bids from its own part of it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product

from game.core.steps import Steps
from game.heroes import freeze, history, reading, worth
from game.heroes.rules import HeroesView

TEMPERATURE = 0.1  # in fresh pots' worth: how far below their best a player's mix still reaches
FINAL_TEMPERATURE = 0.03  # the same for a player's own bid once the profile is known
SWEEPS = 6  # rounds of everyone answering everyone
CARD_WEIGHT = 1.0  # a card's worth later in the hand, in pots it would win against random bids
TIE = -1
Mix = dict[int, float]
Hands = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=4096)
def card_odds(hands: Hands, player: int) -> dict[int, float]:
    """The chance each card of `player` takes a round if everyone else bids any card of theirs alike."""
    combos = list(product(*(h for p, h in enumerate(hands) if p != player)))
    return {card: sum(_takes(card, combo) for combo in combos) / len(combos) for card in hands[player]}


def _takes(card: int, others: Sequence[int]) -> bool:
    return card not in others and all(b < card or others.count(b) > 1 for b in others)


@lru_cache(maxsize=4096)
def winners(hands: Hands, player: int) -> tuple[tuple[int, ...], ...]:
    """For every way the others may bid (in `product` order), the bid's winner for each card of `player`
    (TIE: everything cancels)."""
    result = []
    for combo in product(*(h for p, h in enumerate(hands) if p != player)):
        row = []
        for card in hands[player]:
            bids = list(combo)
            bids.insert(player, card)
            winner = history.bid_winner(bids)
            row.append(TIE if winner is None else winner)
        result.append(tuple(row))
    return tuple(result)


def outcome_worths(view: HeroesView) -> dict[int, tuple[float, ...]]:
    """By bid winner (or TIE): what the round ends up worth to each player, the Freeze window settled."""
    chances = worth.of_view(view)[0]
    players = view.players
    values = [[chances[t][j] for t in range(players)] for j in range(players)]
    nobody = [chances[-1][j] for j in range(players)]  # a standing pot is as good as back in the pile
    keep, standing = worth.ray_worths(view)
    result = {}
    for winner in (*range(players), None):
        window = freeze.Window(values, nobody if winner is None else None, winner, view.rays, keep, standing,
                               1 / (players - 1))
        settled = freeze.settle(window)
        result[TIE if winner is None else winner] = tuple(settled.worth(window, j) for j in range(players))
    return result


def card_costs(view: HeroesView, player: int) -> Mix:
    """What keeping each card's partners is worth: the rest of the hand's chance of pots, in this unit."""
    hand = view.hands[player]
    if len(hand) < 2:
        return dict.fromkeys(hand, 0.0)
    rounds = min(len(hand) - 1, worth.pots_after(view))
    odds = card_odds(view.hands, player)
    fresh = worth.of_view(view)[1][player]
    total = sum(odds.values())
    return {card: CARD_WEIGHT * rounds * fresh * (total - odds[card]) / (len(hand) - 1) for card in hand}


def logit(earned: Mix, temperature: float) -> Mix:
    best = max(earned.values())
    weights = {card: math.exp((e - best) / temperature) for card, e in earned.items()}
    total = sum(weights.values())
    return {card: w / total for card, w in weights.items()}


@dataclass
class Profile:
    """Everyone's strategic mix, and what the others expect of each (the rules they follow blended in)."""

    mixes: list[Mix]
    expected: list[Mix]


class Round:
    """One round's n-player game, from the public view."""

    def __init__(self, view: HeroesView) -> None:
        self.view = view
        self.outcomes = outcome_worths(view)
        self.later = [card_costs(view, p) for p in range(view.players)]
        self.fresh = worth.of_view(view)[1]
        situation, total = history.current(view), history.total_cards(view)
        readings = [reading.read(view.bidding, p, total, view.players) for p in range(view.players)]
        self.fixed_share = [r.fixed_weight() for r in readings]
        self.fixed_said = [r.fixed_forecast(situation, p) for p, r in enumerate(readings)]

    def earnings(self, player: int, expected: Sequence[Mix]) -> Mix:
        """What each card of `player` earns against everyone else's expected bids."""
        hand = self.view.hands[player]
        others = [sorted(expected[p].items()) for p in range(self.view.players) if p != player]
        earned = [0.0] * len(hand)
        worths = {w: values[player] for w, values in self.outcomes.items()}
        for row, combo in zip(winners(self.view.hands, player), product(*others)):
            chance = math.prod(p for _, p in combo)
            if chance < 1e-7:
                continue
            for i, winner in enumerate(row):
                earned[i] += chance * worths[winner]
        return {card: e + self.later[player][card] for card, e in zip(hand, earned)}

    def expect(self, player: int, mix: Mix) -> Mix:
        share = self.fixed_share[player]
        return {card: share * self.fixed_said[player][card] + (1 - share) * p for card, p in mix.items()}

    def solve(self) -> Steps[Profile]:
        players = self.view.players
        mixes = [{card: 1 / len(hand) for card in hand} for hand in self.view.hands]
        expected = [self.expect(p, mixes[p]) for p in range(players)]
        orders = list(permutations(range(players)))  # each seat before each other as often, over the rounds
        order = orders[len(self.view.bidding) % len(orders)]
        for _ in range(SWEEPS):
            for player in order:
                if len(self.view.hands[player]) > 1:
                    mixes[player] = logit(self.earnings(player, expected), TEMPERATURE * self.fresh[player])
                    expected[player] = self.expect(player, mixes[player])
                yield
        return Profile(mixes, expected)


def profile(view: HeroesView) -> Steps[Profile]:
    """The round's profile (the same from every seat)."""
    yield from worth.prepare(view)
    table = Round(view)
    yield
    return (yield from table.solve())


def own_mix(view: HeroesView, player: int) -> Steps[Mix]:
    """`player`'s bid: the profile worked out, then a sharper answer to what the others are expected to bid."""
    yield from worth.prepare(view)
    table = Round(view)
    yield
    solved = yield from table.solve()
    return logit(table.earnings(player, solved.expected), FINAL_TEMPERATURE * table.fresh[player])


def best_answer(view: HeroesView, player: int) -> Steps[int]:
    """The card that earns `player` most against each rival's bid as the reading alone expects it."""
    yield from worth.prepare(view)
    table = Round(view)
    yield
    situation, total = history.current(view), history.total_cards(view)
    expected = [reading.read(view.bidding, p, total, view.players).forecast(situation, p) for p in range(view.players)]
    yield
    earned = table.earnings(player, expected)
    return max(earned, key=lambda card: (earned[card], -card))
