"""Computer players for Martian Dice: pure functions of a player's view.

Each bot is ``choose(view, player, rng) -> action``; the view is the open
game state, read and never changed.
"""

from __future__ import annotations

from game.core.protocol import Bot
from game.core.rng import Rng
from game.martian_dice import policy, winning
from game.martian_dice.rules import (
    CHOOSE,
    EARTHLINGS,
    RAY,
    ROLL,
    ROLL_OR_STOP,
    STOP,
    TAKE,
    TAKE_FACE,
    TANK,
    MartianDice,
)


def position(state: MartianDice) -> tuple[int, int, int, int]:
    """The turn position (tanks, rays, earthlings, earthling types) of the policy."""
    aside = state.aside
    earthlings = [aside[f] for f in EARTHLINGS]
    return aside[TANK], aside[RAY], sum(earthlings), sum(1 for c in earthlings if c)


def pick_values(state: MartianDice, solution: policy.TurnSolution) -> dict[str, float]:
    """Value of each legal pick under a turn solution (for bots and the coach)."""
    tanks, rays, earthlings, types = position(state)
    values = {}
    for action in state.legal_actions(state.current):
        face = TAKE_FACE[action]
        count = state.table[face]
        if face == RAY:
            values[action] = solution.take_value(tanks, rays + count, earthlings, types)
        else:
            values[action] = solution.take_value(tanks, rays, earthlings + count, types + 1)
    return values


def play_solution(state: MartianDice, solution: policy.TurnSolution) -> str:
    if state.phase == CHOOSE:
        values = pick_values(state, solution)
        return max(values, key=values.__getitem__)
    if state.phase == ROLL_OR_STOP:
        return ROLL if solution.should_roll(*position(state)) else STOP
    return state.legal_actions(state.current)[0]


def optimal(state: MartianDice, player: int, rng: Rng):
    """Maximizes the expected points of the turn (exact dynamic programming)."""
    return play_solution(state, (yield from policy.expected_score_steps()))


def winner_solution_steps(state: MartianDice):
    """The turn policy that maximizes the chance of winning the game (a stepwise computation)."""
    me = state.current
    leader = max(state.totals[p] for p in range(state.players) if p != me)
    if state.final_round:
        return winning.final_turn_solution(leader - state.totals[me])
    last_in_round = (me + 1) % state.players == state.first
    return (yield from winning.turn_solution_steps(state.totals[me], leader, 1 if last_in_round else 0))


def winner(state: MartianDice, player: int, rng: Rng):
    """Plays to win the game: uses every score and the final-round rule."""
    if state.phase not in (CHOOSE, ROLL_OR_STOP):
        return state.legal_actions(player)[0]
    return play_solution(state, (yield from winner_solution_steps(state)))


def random_bot(state: MartianDice, player: int, rng: Rng) -> str:
    """Any legal move, uniformly."""
    return state.random_action(player, rng)


def cautious(state: MartianDice, player: int, rng: Rng) -> str:
    """Guards against tanks first and banks early."""
    tanks, rays, _, _ = position(state)
    if state.phase == CHOOSE:
        actions = state.legal_actions(player)
        if TAKE[RAY] in actions and tanks >= rays:
            return TAKE[RAY]
        return _biggest_group(state, actions)
    if state.phase == ROLL_OR_STOP:
        risky = policy.bust_chance(tanks, rays, state.dice_left) > 0.1
        return STOP if state.turn_score > 0 and risky else ROLL
    return state.legal_actions(player)[0]


def greedy(state: MartianDice, player: int, rng: Rng) -> str:
    """Grabs the biggest herd of earthlings and keeps rolling for a big turn."""
    if state.phase == CHOOSE:
        return _biggest_group(state, state.legal_actions(player))
    if state.phase == ROLL_OR_STOP:
        return STOP if state.turn_score >= 8 else ROLL
    return state.legal_actions(player)[0]


def _biggest_group(state: MartianDice, actions: list[str]) -> str:
    """The earthling pick with the most dice; death rays only if nothing else."""
    earthling_picks = [TAKE[f] for f in EARTHLINGS if TAKE[f] in actions]
    if not earthling_picks:
        return actions[0]
    return max(earthling_picks, key=lambda a: state.table[TAKE_FACE[a]])


# Weakest first; the registry and setup read this, the one list of bots.
BOTS = {
    "random": Bot("Random", "Picks any allowed move at random.", random_bot),
    "cautious": Bot("Cautious", "Guards against tanks and banks early.", cautious),
    "greedy": Bot("Greedy", "Grabs the biggest herd and rolls on to 8 points.", greedy),
    "optimal": Bot.stepwise("Optimal", "Makes every turn worth the most points on average.", optimal),
    "winner": Bot.stepwise("Winner", "Plays for the win: weighs both scores and the final round.", winner),
}
