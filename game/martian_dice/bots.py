"""Computer players for Martian Dice: pure functions of a player's view.

Each bot is ``choose(view, player, rng) -> action``; the view is a frozen copy of the open table
(``MartianDiceView``), asked the same questions as the state (``MartianDiceQueries``).
"""

from __future__ import annotations

from game.core.protocol import Bot
from game.core.rng import Rng
from game.core.steps import Steps
from game.martian_dice import policy, winning
from game.martian_dice.rules import (
    CHICKEN,
    CHOOSE,
    COW,
    EARTHLINGS,
    HUMAN,
    RAY,
    ROLL,
    ROLL_OR_STOP,
    STOP,
    TAKE,
    TAKE_FACE,
    TANK,
    MartianDiceView,
)


def position(view: MartianDiceView) -> policy.Position:
    """The turn position (tanks, rays, earthlings, earthling types) of the policy."""
    aside = view.aside
    humans, cows, chickens = aside[HUMAN], aside[COW], aside[CHICKEN]  # written out: the coach and report ask often
    return aside[TANK], aside[RAY], humans + cows + chickens, (humans > 0) + (cows > 0) + (chickens > 0)


def pick_values(view: MartianDiceView, solution: policy.TurnSolution) -> dict[str, float]:
    """Value of each legal pick under a turn solution (for bots, the coach and the luck report)."""
    tanks, rays, earthlings, types = position(view)
    values = {}
    for action in view.legal_actions(view.current):
        face = TAKE_FACE[action]
        count = view.table[face]
        if face == RAY:
            values[action] = solution.take_value(tanks, rays + count, earthlings, types)
        else:
            values[action] = solution.take_value(tanks, rays, earthlings + count, types + 1)
    return values


def play_solution(view: MartianDiceView, solution: policy.TurnSolution) -> str:
    if view.phase == CHOOSE:
        values = pick_values(view, solution)
        return max(values, key=values.__getitem__)
    if view.phase == ROLL_OR_STOP:
        return ROLL if solution.should_roll(*position(view)) else STOP
    return view.legal_actions(view.current)[0]


def optimal(view: MartianDiceView, player: int, rng: Rng) -> Steps[str]:
    """Maximizes the expected points of the turn (exact dynamic programming)."""
    return play_solution(view, (yield from policy.expected_score_steps()))


def winner_solution_steps(view: MartianDiceView) -> Steps[policy.TurnSolution]:
    """The turn policy that maximizes the chance of winning the game (a stepwise computation)."""
    me = view.current
    leader = max(view.totals[p] for p in range(view.players) if p != me)
    if view.final_round:
        return (yield from winning.final_turn_steps(leader - view.totals[me]))
    last_in_round = (me + 1) % view.players == view.first
    return (yield from winning.turn_solution_steps(view.totals[me], leader, 1 if last_in_round else 0))


def winner(view: MartianDiceView, player: int, rng: Rng) -> Steps[str]:
    """Plays to win the game: uses every score and the final-round rule."""
    if view.phase not in (CHOOSE, ROLL_OR_STOP):
        return view.legal_actions(player)[0]
    return play_solution(view, (yield from winner_solution_steps(view)))


def random_bot(view: MartianDiceView, player: int, rng: Rng) -> str:
    """Any legal move, uniformly."""
    return rng.choice(view.legal_actions(player))


def cautious(view: MartianDiceView, player: int, rng: Rng) -> str:
    """Guards against tanks first and banks early."""
    tanks, rays, _, _ = position(view)
    if view.phase == CHOOSE:
        actions = view.legal_actions(player)
        if TAKE[RAY] in actions and tanks >= rays:
            return TAKE[RAY]
        return _biggest_group(view, actions)
    if view.phase == ROLL_OR_STOP:
        risky = policy.bust_chance(tanks, rays, view.dice_left) > 0.1
        return STOP if view.turn_score > 0 and risky else ROLL
    return view.legal_actions(player)[0]


def greedy(view: MartianDiceView, player: int, rng: Rng) -> str:
    """Grabs the biggest herd of earthlings and keeps rolling for a big turn."""
    if view.phase == CHOOSE:
        return _biggest_group(view, view.legal_actions(player))
    if view.phase == ROLL_OR_STOP:
        return STOP if view.turn_score >= 8 else ROLL
    return view.legal_actions(player)[0]


def _biggest_group(view: MartianDiceView, actions: list[str]) -> str:
    """The earthling pick with the most dice; death rays only if nothing else."""
    earthling_picks = [TAKE[f] for f in EARTHLINGS if TAKE[f] in actions]
    if not earthling_picks:
        return actions[0]
    return max(earthling_picks, key=lambda a: view.table[TAKE_FACE[a]])


# Weakest first; the registry and setup read this, the one list of bots.
BOTS: dict[str, Bot[MartianDiceView, str]] = {
    "random": Bot("Random", "Picks any allowed move at random.", random_bot),
    "cautious": Bot("Cautious", "Guards against tanks and banks early.", cautious),
    "greedy": Bot("Greedy", "Grabs the biggest herd and rolls on to 8 points.", greedy),
    "optimal": Bot.stepwise("Optimal", "Makes every turn worth the most points on average.", optimal),
    "winner": Bot.stepwise("Winner", "Plays for the win: weighs both scores and the final round.", winner),
}
