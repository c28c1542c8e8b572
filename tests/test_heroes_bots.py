"""Mars Needs Heroes bots: the smart bot's equilibrium baseline and its safe lean, its Freeze Ray, the same
answer stepwise or at once, and an exploiter that only reads the view (win rates are sim figures)."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.protocol import Bot
from game.core.rng import Rng
from game.core.steps import advance, finish
from game.heroes import bots, crowd, duel, freeze, history, reading, safe, smart, stage
from game.heroes.rules import BID, FREEZE, FREEZE_WINDOW, PASS, BidRecord, Heroes, HeroesView
from game.registry import GAMES
from game.tournament import decision_points
from game.tournament import play_game

FULL = [1, 2, 3, 4, 5]
TOTAL = 40  # Invaders in the standard set


def never_fires(bot: Bot) -> Bot:
    """The same bot with its Freeze Ray left in its holster: smart's win rate over this copy is the ray's worth
    (``python -m game sim`` cannot name it; the README gives the one-line run)."""
    def choose(view: HeroesView, player: int, rng: Rng):
        return bot.choose(view, player, rng) if view.phase == BID else PASS

    return dataclasses.replace(bot, label=f"{bot.label} (ray kept)", choose=choose, think=None)


def table(players: int = 2, pot: tuple[int, ...] = (0, 1), pile: tuple[int, ...] | None = None,
          captured: tuple[tuple[int, ...], ...] | None = None) -> Heroes:
    """A game at the bid with this pot (colour indices), pile and Invaders taken; the rest stays as dealt."""
    game = Heroes(players, seed=1)
    if captured is not None:
        game.captured = [list(row) for row in captured]
    game.pot = list(pot)
    game.pile = list(pile) if pile is not None else [
        c.count - pot.count(i) - sum(row[i] for row in game.captured) for i, c in enumerate(game.colours)]
    assert all(left >= 0 for left in game.pile)
    game.phase, game.to_draw = BID, 0
    return game


def revealed(game: Heroes, *bids: int) -> Heroes:
    for player, card in enumerate(bids):
        game.apply(player, card)
    assert game.phase == FREEZE_WINDOW
    return game


def mix_of(view: HeroesView, player: int) -> dict[int, float]:
    return finish(smart.bid_mix(view, player))


def forget_histories() -> None:
    """Drop everything learnt from histories: a bot must answer the same without it."""
    for memo in (reading._readings, safe._ledgers):
        memo.store.clear()


# ----- the equilibrium baseline ---------------------------------------------------------------
def test_with_nothing_to_exploit_smart_plays_the_hands_equilibrium():
    mix = mix_of(table().view(0), 0)
    expected = duel.strategy(FULL, FULL, 2)
    assert all(mix.get(card, 0.0) == pytest.approx(expected.get(card, 0.0), abs=0.03) for card in FULL)
    assert mix[2] > 0.4 and mix[4] > 0.4 and mix.get(3, 0) < 0.1 and mix.get(1, 0) < 1e-6 and mix.get(5, 0) < 1e-6


@pytest.mark.parametrize("rays", [(True, True), (False, False)])
def test_a_pot_of_six_takes_a_five_for_certain(rays):
    game = table(pot=(0, 1, 2, 3, 0, 1))
    game.rays = list(rays)
    assert mix_of(game.view(0), 0)[5] == pytest.approx(1.0)


def test_the_round_is_zero_sum_between_the_two_seats():
    view = table(captured=((2, 1, 0, 0), (0, 1, 2, 1))).view(0)
    mine, theirs = finish(stage.of_view(view, 0)), finish(stage.of_view(view, 1))
    assert mine.value == pytest.approx(-theirs.value, abs=1e-6)
    assert mine.mix == pytest.approx(theirs.their_mix, abs=1e-6)


# ----- safe exploitation -----------------------------------------------------------------------
def play_hand(game: Heroes, second_bids) -> None:
    """Play a hand: seat 0 bids the equilibrium's likeliest card, seat 1 as `second_bids(hand, mine)` says."""
    for _ in range(5):
        while game.is_chance():
            game.apply_chance()
        view = game.view(0)
        mine, theirs = view.hands
        pots = view.pile_left // 2
        ours = duel.strategy(mine, theirs, len(view.pot), pots)
        game.apply(0, max(ours, key=ours.get))
        game.apply(1, second_bids(theirs, mine, len(view.pot), pots))
        for player in game.to_act():
            game.apply(player, PASS)


def test_the_budget_starts_at_zero_and_grows_only_from_gifts():
    assert safe.ledger((), 0, TOTAL).budget == 0.0
    steady = Heroes(2, seed=3)

    def equilibrium_card(hand, other, pot, pots):
        theirs = duel.strategy(hand, other, pot, pots)
        return max(theirs, key=theirs.get)

    play_hand(steady, equilibrium_card)
    assert safe.ledger(tuple(steady.bidding), 0, TOTAL).budget == pytest.approx(0.0, abs=1e-6), \
        "bids inside the equilibrium give nothing away"
    gifts = Heroes(2, seed=3)
    play_hand(gifts, lambda hand, other, pot, pots: max(hand))
    assert safe.ledger(tuple(gifts.bidding), 0, TOTAL).budget > 0.5, "a 5 on a pot of two is a gift"


def test_the_lean_never_risks_more_than_the_budget():
    matrix = duel.matrix(duel.mask_of(FULL), duel.mask_of(FULL), 2)
    value, mix = duel.position(duel.mask_of(FULL), duel.mask_of(FULL), 2)
    for budget in (0.0, 0.3, 1.0, 100.0):
        best = safe.reply(matrix, [1.0, 0, 0, 0, 0])  # against a bidder who always plays 1
        played = safe.leaned(mix, best, safe.lean(matrix, mix, value, best, budget))
        worst = min(sum(p * row[col] for p, row in zip(played, matrix)) for col in range(5))
        assert worst >= value - budget - 1e-9
    assert safe.lean(matrix, mix, value, best, 0.0) == pytest.approx(0.0, abs=1e-9)
    assert safe.lean(matrix, mix, value, best, 100.0) == 1.0


# ----- the same answer every way -----------------------------------------------------------------
def decisions(names: list[str], seed: int):
    """Every decision of a game between these bots: (view, player)."""
    info = GAMES["heroes"]
    state = info.new_state(len(names), seed)
    seen = []
    for player in decision_points(state):
        view = state.view(player)
        seen.append((view, player))
        state.apply(player, info.bots[names[player]].choose(view, player, state.rng_for(f"bot/{player}")))
    return seen


@pytest.mark.parametrize("names", [["smart", "exploiter"], ["smart", "smart", "exploiter"]])
def test_stepwise_thinking_gives_the_same_legal_action_as_choosing_at_once(names):
    for n, (view, player) in enumerate(decisions(names, seed=2)[::3]):
        bot = bots.BOTS[names[player]]
        assert bot.think is not None
        action = bot.choose(view, player, Rng(n))
        assert finish(bot.think(view, player, Rng(n))) == action
        legal = view.hands[player] if view.phase == BID else (FREEZE, PASS)
        assert action in legal
        if view.phase == BID and len(view.hands[player]) > 1:
            done, _ = advance(bot.think(view, player, Rng(n)), 0.0)
            assert not done, "a bid is thought over in slices"


def test_the_bots_answer_the_same_from_the_view_alone_whatever_they_remember():
    for view, player in decisions(["exploiter", "smart"], seed=5)[10::7]:
        for name in ("smart", "exploiter"):
            bot = bots.BOTS[name]
            remembered = bot.choose(view, player, Rng(1))
            forget_histories()
            assert bot.choose(view, player, Rng(1)) == remembered


def test_everyone_works_out_the_same_profile_with_more_players():
    game = table(players=3, captured=((1, 0, 2, 0), (0, 3, 0, 0), (1, 1, 0, 0)))
    profiles = [finish(crowd.profile(game.view(p))) for p in range(3)]
    assert all(p.mixes == profiles[0].mixes for p in profiles)


def test_the_exploiter_punishes_a_predictable_rival():
    game = Heroes(2, seed=7)
    play_hand(game, lambda hand, other, pot, pots: min(hand))  # seat 1 always bids low
    while game.is_chance():
        game.apply_chance()
    for colour in game.pot[2:]:  # the hand ended in a tie: back to a pot of two
        game.pile[colour] += 1
    game.pot = game.pot[:2]
    view = game.view(0)
    assert view.hands == ((1, 2, 3, 4, 5), (1, 2, 3, 4, 5))
    assert bots.BOTS["exploiter"].choose(view, 0, Rng(0)) == 2, "the cheapest card above their 1"


def test_the_reading_names_a_rule_follower():
    game = Heroes(2, seed=7)
    play_hand(game, lambda hand, other, pot, pots: max(hand))
    read = reading.read(tuple(game.bidding), 1, TOTAL, 2)
    assert read.weights["high"] > 0.8 and read.fixed_weight() > 0.9


# ----- the Freeze Ray ------------------------------------------------------------------------------
def fires(game: Heroes, player: int) -> bool:
    return bots.BOTS["smart"].choose(game.view(player), player, Rng(0)) == FREEZE


def test_a_small_pot_early_keeps_the_ray():
    assert not fires(revealed(table(), 1, 5), 0)


def test_a_big_pot_won_late_is_protected_from_an_armed_rival():
    game = revealed(table(pot=(0, 0, 1, 1, 2, 2, 3, 3), pile=(1, 1, 0, 0),
                          captured=((4, 3, 4, 4), (3, 4, 4, 4))), 5, 1)
    assert fires(game, 1), "the rival would steal it"
    assert fires(game, 0), "so the winner fires first"
    game.rays[1] = False
    assert not fires(game, 0), "with the rival's ray spent, the pot is safe without firing"


def test_a_pot_that_decides_a_colour_race_is_stolen():
    game = revealed(table(pot=(0, 0, 0, 0), pile=(0, 0, 1, 1), captured=((3, 2, 4, 4), (3, 3, 4, 4))), 1, 5)
    assert fires(game, 0)


@pytest.mark.parametrize("players", [2, 3])
def test_the_last_pot_is_fired_at_by_everyone_armed_the_winner_too(players):
    game = revealed(table(players=players, pot=(0, 1), pile=(0, 0, 0, 0),
                          captured=((3, 2, 3, 3), (3, 3, 2, 3), (2, 3, 3, 2))[:players]), 5, *[1] * (players - 1))
    assert all(fires(game, p) for p in range(players)), "nothing is left to keep a ray for"
    game.rays[1:] = [False] * (players - 1)
    assert not fires(game, 0), "with no rival armed the winner keeps its ray"


def test_a_ray_is_worth_more_with_more_pots_to_come_and_nothing_at_the_last():
    assert freeze.ray_worth(0) == 0.0
    assert 0 < freeze.ray_worth(1) < freeze.ray_worth(5) < freeze.ray_worth(19)


def test_the_quickest_of_those_who_fire_takes_the_pot():
    keep = ((1.0,) * 3,) * 3
    window = freeze.Window(((5.0, 0.0, 0.0), (0.0, 6.0, 0.0), (0.0, 0.0, 1.0)), None, 2, (True, True, True),
                           keep, (1.0,) * 3, 0.5)
    assert freeze.firers(window) == [0, 1], "the winner's pot is worth too little to it to protect"
    assert freeze.settle(window).takers == {0: 0.5, 1: 0.5}, "both thieves race"


def test_smart_without_its_ray_never_fires():
    info = GAMES["heroes"]
    kept = never_fires(info.bots["smart"])
    game = Heroes(2, seed=11)
    for player in decision_points(game):
        bot = kept if player == 1 else info.bots["greedy"]
        game.apply(player, bot.choose(game.view(player), player, game.rng_for(f"bot/{player}")))
    assert not any(pot.frozen and pot.player == 1 for pot in game.history) and game.rays[1]


def test_a_bot_game_of_every_size_ends():
    for names in (["smart", "exploiter"], ["smart", "mirror", "above"], ["smart", "exploiter", "random", "greedy"]):
        state = play_game(GAMES["heroes"], names, seed=4)
        assert state.is_over and sum(map(sum, state.captured)) == TOTAL


def test_history_rebuilds_the_pile_and_the_copycats_card():
    records = (BidRecord(2, (tuple(FULL), tuple(FULL)), (3, 3)), BidRecord(4, ((1, 2, 4, 5),) * 2, (5, 1)),
               BidRecord(2, ((1, 2, 4), (2, 4, 5)), (1, 2)))
    situations = history.situations(records, TOTAL)
    assert [s.pots for s in situations] == [19, 18, 17]
    assert situations[2].copied == 5 and situations[2].last == (5, 1)


def test_sim_counts_each_bots_openings_beside_the_equilibrium():
    from game.heroes.sim import Stats
    stats = Stats()
    for seed in range(6):
        stats.add(play_game(GAMES["heroes"], ["lowest", "highest"], seed=seed))
    lowest, highest, table = stats.seat(0)["openings"], stats.seat(1)["openings"], stats.extra()["openings"]
    assert table["pot_2"]["rounds"] > 0
    assert lowest["pot_2"] == [1.0, 0, 0, 0, 0] and highest["pot_2"] == [0, 0, 0, 0, 1.0]
    equilibrium = table["pot_2"]["equilibrium"]
    assert abs(sum(equilibrium) - 1) < 0.01 and equilibrium[0] == equilibrium[4] == 0, "never 1 or 5 on a fresh pot"
