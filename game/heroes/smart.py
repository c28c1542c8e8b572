"""The smart bot: the equilibrium of the round, leaning only as far as is safe towards what it has read.

Two players: the round's exact equilibrium (``stage``), mixed and sampled, leaning towards the best
reply to its reading of the opponent (``reading``) no further than the opponent's gifts so far allow
(``safe``). Three or four: its own part of the profile every smart bot at the table works out
(``crowd``). The Freeze Ray: as ``freeze`` says a strong player fires. Every decision is a stepwise
computation (``game.core.steps``) that yields between its parts, so the table can spread it over frames.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.core.rng import Rng
from game.core.steps import Steps
from game.heroes import crowd, duel, freeze, history, reading, safe, stage, worth
from game.heroes.rules import BID, FREEZE, PASS, HeroesView

Action = int | str  # a Hero card to bid, or FREEZE / PASS


def think(view: HeroesView, player: int, rng: Rng) -> Steps[Action]:
    if view.phase != BID:
        fire = yield from fires(view, player)
        return FREEZE if fire else PASS
    hand = view.hands[player]
    if len(hand) == 1:
        return hand[0]
    mix = yield from bid_mix(view, player)
    return draw(mix, rng)


def bid_mix(view: HeroesView, player: int) -> Steps[dict[int, float]]:
    """The smart bot's mixed bid: card -> probability."""
    if view.players == 2:
        return (yield from duel_mix(view, player))
    return (yield from crowd.own_mix(view, player))


def duel_mix(view: HeroesView, player: int) -> Steps[dict[int, float]]:
    """Against one rival: the round's equilibrium, leaning safely towards the best reply to the reading."""
    yield from stage.prepare(view, player)
    solved = yield from stage.of_view(view, player)
    yield
    other, total = 1 - player, history.total_cards(view)
    theirs = dict(zip(solved.their_cards, solved.their_mix))
    expected = reading.read(view.bidding, other, total, 2).forecast(history.current(view), other, theirs)
    yield
    budget = safe.ledger(view.bidding, player, total).budget
    yield
    return leaned_mix(solved, expected, budget)


def leaned_mix(solved: stage.Solved, expected: Mapping[int, float], budget: float) -> dict[int, float]:
    best = safe.reply(solved.matrix, [expected[card] for card in solved.their_cards])
    step = safe.lean(solved.matrix, solved.mix, solved.value, best, budget)
    return dict(zip(solved.cards, safe.leaned(solved.mix, best, step)))


def draw(mix: Mapping[int, float], rng: Rng) -> int:
    r = rng.random()
    for card, p in sorted(mix.items()):
        r -= p
        if r < 0:
            return card
    return max(card for card, p in mix.items() if p > 0)


# ----- the Freeze Ray ------------------------------------------------------------------
def window(view: HeroesView) -> freeze.Window:
    """The reveal as every armed player weighs it, in chance to win (with more than two players)."""
    chances = worth.of_view(view)[0]
    players = view.players
    values = [[chances[t][j] for t in range(players)] for j in range(players)]
    keep, standing = worth.ray_worths(view)
    assert view.reveal is not None
    winner = view.reveal.winner
    nobody = None if winner is not None else [chances[-1][j] for j in range(players)]
    return freeze.Window(values, nobody, winner, view.rays, keep, standing, 1 / (players - 1))


def duel_window(view: HeroesView, player: int) -> Steps[freeze.Window]:
    """The reveal between two players from `player`'s side (seat 0 of the window is theirs), in Invaders
    of an ordinary pot: a tie that stands is worth the round played again with what is left (``stage``)."""
    assert view.reveal is not None
    mine, theirs = duel.mask_of(view.hands[player]), duel.mask_of(view.hands[1 - player])
    pot, pots, rays = stage.pot_units(view, player), worth.pots_after(view), stage.rays_of(view, player)
    winner = view.reveal.winner
    standing = 0.0
    if winner is None:
        standing = yield from stage.Rounds(stage.ratios_of(view, player)).tie(mine, theirs, pot, pots, rays)
    return stage.window(pot, pots, rays, None if winner is None else int(winner != player),
                        stage.continuation(mine, theirs, pots), standing, stage.ratios_of(view, player))


def fires(view: HeroesView, player: int) -> Steps[bool]:
    """Whether `player` fires now, by the rule every strong player follows."""
    if view.reveal is None or not view.rays[player]:
        return False
    yield from worth.prepare(view)
    if view.players == 2:
        return 0 in freeze.firers((yield from duel_window(view, player)))
    return player in freeze.firers(window(view))
