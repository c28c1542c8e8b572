"""The exact turn policy: checked against a plain brute-force DP and simulation."""

from functools import lru_cache
from itertools import product

import pytest
from conftest import stepped

from game.core.rng import Rng
from game.martian_dice import policy
from game.martian_dice.bots import BOTS
from game.martian_dice.rules import NUM_DICE, MartianDice

# Plain reference: dice rolled one by one over all 6^n sides, explicit taken-type set.
SIDES = ["tank", "ray", "ray", "human", "cow", "chicken"]


def ref_score(tanks, rays, taken):
    if tanks > rays:
        return 0
    return sum(taken.values()) + (3 if len(taken) == 3 else 0)


@lru_cache(maxsize=None)
def ref_value(tanks, rays, taken_items):
    taken = dict(taken_items)
    left = 13 - tanks - rays - sum(taken.values())
    stop = ref_score(tanks, rays, taken)
    if left == 0:
        return stop
    return max(stop, ref_roll(tanks, rays, taken_items))


@lru_cache(maxsize=None)
def ref_roll(tanks, rays, taken_items):
    taken = dict(taken_items)
    left = 13 - tanks - rays - sum(taken.values())
    total = 0.0
    for roll in product(SIDES, repeat=left):
        t = tanks + roll.count("tank")
        options = []
        if roll.count("ray"):
            options.append(ref_value(t, rays + roll.count("ray"), taken_items))
        for kind in ("human", "cow", "chicken"):
            if kind not in taken and roll.count(kind):
                new = tuple(sorted({**taken, kind: roll.count(kind)}.items()))
                options.append(ref_value(t, rays, new))
        total += max(options) if options else ref_score(t, rays, taken)
    return total / 6**left


@pytest.mark.parametrize(
    "tanks, rays, taken",
    [
        ((3), 3, {"human": 4, "chicken": 1}),  # the rulebook's sample turn before its last roll
        (2, 1, {"human": 5, "cow": 2}),
        (4, 2, {"cow": 3}),
        (1, 4, {"human": 2, "cow": 1, "chicken": 1}),
        (5, 3, {}),
    ],
)
def test_policy_matches_brute_force(tanks, rays, taken):
    solution = policy.expected_score_solution()
    earthlings, types = sum(taken.values()), len(taken)
    expected = ref_roll(tanks, rays, tuple(sorted(taken.items())))
    assert solution.roll_value(tanks, rays, earthlings, types) == pytest.approx(expected, abs=1e-9)


def test_expected_turn_score_matches_simulation():
    solution = policy.expected_score_solution()
    rng = Rng(4)
    total, turns = 0, 4000
    for seed in range(turns):
        game = MartianDice(2, seed=seed)
        while game.current == 0:
            if game.is_chance():
                game.apply_chance()
            else:
                game.apply(0, BOTS["optimal"].choose(game.view(0), 0, rng))
        total += game.totals[0]
    assert total / turns == pytest.approx(solution.start_value(), abs=0.12)
    assert 3.0 < solution.start_value() < 3.3


def test_policy_stops_when_rolling_cannot_help():
    solution = policy.expected_score_solution()
    # 1 die left, 12 earthlings of all three kinds, no tanks: the last die cannot add an earthling (all kinds taken),
    # and a tank (1 in 6) would outnumber the zero death rays and lose all 15 points
    assert solution.roll_value(0, 0, 12, 3) == pytest.approx(15 * 5 / 6)
    assert not solution.should_roll(0, 0, 12, 3)
    # 4 dice left, 6 earthlings of all kinds, 3 death rays against 3 tanks: stopping banks 9
    assert not solution.should_roll(3, 3, 6, 3)
    assert solution.should_roll(0, 1, 0, 0), "nothing to lose yet: roll on"
    assert not solution.should_roll(1, 1, 11, 3), "no dice left to roll"


def test_bust_chance():
    assert policy.bust_chance(0, 5, 3) == 0.0
    assert policy.bust_chance(1, 0, 0) == 1.0
    # one die, level on tanks and rays: busts only on a tank (1/6)
    assert policy.bust_chance(2, 2, 1) == pytest.approx(1 / 6)


def test_utility_needs_every_score():
    with pytest.raises(ValueError):
        policy.TurnSolution([0, 1, 2])


def test_the_setup_screen_works_out_every_roll_s_outcomes_ahead_a_dice_count_at_a_time():
    policy._non_tank_outcomes.cache_clear()
    made, _ = stepped(policy.warm_steps())
    assert made == (NUM_DICE + 1) * 4 == policy._non_tank_outcomes.cache_info().currsize
