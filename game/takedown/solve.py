"""Find a short way to clear a challenge table, and measure how hard each table is for a person.

    python -m game.takedown.solve LEVEL-ID ...          # search a par solution; prints it as TOML
    python -m game.takedown.solve --write LEVEL-ID ...  # ... and writes par and solution into the level
    python -m game.takedown.solve --difficulty          # clear rate of a shaky, sensible player per table

The search is a beam search over a grid of flicks (every 4 degrees, powers 0.06 to 1.0), run with the
same physics and rules as the game, from the seed the level names (the die's drop depends on it, and
so do points goals). A level's par is the length of the solution it ships; a test replays it.

The difficulty player has seen the par solution: while the table looks as it did at a step of that
solution it plays that step, otherwise the best flick on a coarse grid; either way with a person's
shaky hand. The share of its runs that reach the goal within the limit orders the levels.
"""

from __future__ import annotations

import json
import math
import re
import sys

from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.takedown.level import LEVEL_DIR, Level, challenge_levels
from game.takedown.physics import Layout, chance_seed, resolve
from game.takedown.rules import Takedown
from game.takedown.shot import Flick, Landing, person_hand

SEARCH_ANGLES, SEARCH_POWERS = 90, 24
PLAY_ANGLES, PLAY_POWERS = 36, 12
SHAKE_ANGLE, SHAKE_POWER = 0.03, 0.05  # a person's hand: radians, and a share of the power


def new_run(level: Level, seed: int) -> Takedown:
    return Takedown(1, seed, {"table": f"challenge/{level.id}"})


def grid(angles: int, powers: int) -> list[Flick]:
    return [Flick(math.tau * a / angles, 0.06 + 0.94 * p / (powers - 1)) for a in range(angles) for p in range(powers)]


def landing_for(state: Takedown, flick: Flick) -> Landing:
    """Where this flick would land now, with the die drop the game would give it."""
    return resolve(state.level, Layout.of(state), flick, chance_seed(state.chance_rng()), state.die_drop())


def play(state: Takedown, flick: Flick) -> Takedown:
    child = state.copy()
    assert isinstance(child, Takedown)
    child.apply(0, flick)
    child.apply(CHANCE, landing_for(child, flick))
    return child


def progress(state: Takedown, landing: Landing | None = None) -> tuple:
    """How far along a run is (bigger is better): goal progress, then how near the saucer is to a target."""
    c = state.level.challenge
    done = state.score(0) if c and c.goal == "points" else -state.pieces_left()
    x, y = state.saucers[0] if landing is None else (landing.x, landing.y)
    near = min((math.hypot(t.x - x, t.y - y) for i, t in enumerate(state.level.targets) if state.pieces[i]),
               default=0.0)
    return done, -near


def solve(level: Level, seed: int = 0, beam: int = 8, max_flicks: int = 10) -> list[Flick] | None:
    """A short run that meets the table's goal, found by a beam search over a grid of flicks; None if none."""
    frontier: list[tuple[Takedown, list[Flick]]] = [(new_run(level, seed), [])]
    flicks = grid(SEARCH_ANGLES, SEARCH_POWERS)
    for _ in range(max_flicks):
        children = []
        seen = set()
        for flick, state, path in _promising(frontier, flicks):
            child = play(state, flick)
            if child.goal_met():
                return path + [flick]
            spot = (round(child.saucers[0][0] / 20), round(child.saucers[0][1] / 20), child.pieces_left(),
                    child.score(0))
            if spot not in seen:
                seen.add(spot)
                children.append((progress(child), child, path + [flick]))
            if len(children) >= beam * 3:
                break
        children.sort(key=lambda item: item[0], reverse=True)
        frontier = [(child, path) for _, child, path in children[:beam]]
    return None


def _promising(frontier: list[tuple[Takedown, list[Flick]]], flicks: list[Flick]) -> list[tuple[Flick, Takedown, list]]:
    """Every flick that leaves the saucer and stays on the table from each run of the frontier, most promising
    first (a flick that lands on a target before any other)."""
    scored = []
    for state, path in frontier:
        if state.is_over:
            continue  # out of flicks short of the goal
        for flick in flicks:
            landing = landing_for(state, flick)
            if not landing.fell and landing.left_saucer:
                score = progress(state, landing) if landing.target is None else (math.inf, 0)
                scored.append((score, flick, state, path))
    scored.sort(key=lambda item: item[0], reverse=True)
    return [(flick, state, path) for _, flick, state, path in scored]


def plan_steps(level: Level) -> list[tuple[tuple[float, float], tuple, Flick]]:
    """The par solution as (saucer position, pieces left, flick) at each of its steps."""
    assert level.challenge is not None
    state, steps = new_run(level, level.challenge.seed), []
    for angle, power in level.challenge.solution:
        flick = Flick(angle, power)
        steps.append(((state.saucers[0][0], state.saucers[0][1]), _pieces(state), flick))
        state = play(state, flick)
    return steps


def _pieces(state: Takedown) -> tuple:
    return tuple(tuple(p) for p in state.pieces)


def shaky_player_clears(level: Level, seed: int, steps=None) -> bool:
    """One run by a person who has seen the par solution, with a shaky hand."""
    rng = Rng(seed)
    state = new_run(level, seed)
    steps = plan_steps(level) if steps is None else steps
    flicks = grid(PLAY_ANGLES, PLAY_POWERS)
    while not state.is_over:
        x, y = state.saucers[0]
        planned = next((f for (sx, sy), pieces, f in steps
                        if pieces == _pieces(state) and math.hypot(sx - x, sy - y) < 15), None)
        best = planned or max(flicks, key=lambda f: _appeal(state, landing_for(state, f)))
        shaky = Flick(best.angle + rng.gauss() * SHAKE_ANGLE,
                      min(1.0, max(0.03, best.power * (1 + rng.gauss() * SHAKE_POWER))))
        state = play(state, shaky)
    return state.goal_met()


def _appeal(state: Takedown, landing: Landing) -> tuple:
    if landing.fell:
        return (-2, 0.0)
    if not landing.left_saucer:
        return (-1, 0.0)
    if landing.target is not None:
        return (1, 0.0)
    return (0, progress(state, landing)[1])


def difficulty(runs: int = 20) -> dict:
    levels, _ = challenge_levels()
    rates = {}
    for level in levels:
        steps = plan_steps(level)
        rates[level.id] = round(sum(shaky_player_clears(level, seed, steps) for seed in range(runs)) / runs, 3)
    return rates


def write(level: Level, solution: list[Flick]) -> None:
    """Par and its solution into the level's [challenge] section (the flick limit stays above par)."""
    assert level.challenge is not None
    path = LEVEL_DIR / "challenge" / f"{level.id}.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(solution|seed) = .*\n", "", text)
    par = len(solution)
    pairs = ", ".join(f"[{f.angle!r}, {f.power!r}]" for f in solution)  # exactly: walls make flights chaotic
    text = re.sub(r"(?m)^par = \d+$", f"par = {par}\nsolution = [{pairs}]\nseed = {level.challenge.seed}", text)
    if level.challenge.flicks <= par:
        text = re.sub(r"(?m)^flicks = \d+$", f"flicks = {par + 3}", text)
    path.write_text(text, encoding="utf-8")


def main(args: list[str]) -> None:
    if args and args[0] == "--difficulty":
        print(json.dumps(difficulty(int(args[1]) if len(args) > 1 else 20), indent=2))
        return
    save = bool(args) and args[0] == "--write"
    levels = {level.id: level for level in challenge_levels()[0]}
    for level_id in args[1:] if save else args:
        solve_and_tell(levels[level_id], save)


def solve_and_tell(level: Level, save: bool) -> None:
    """Print a table's par and solution (and with `save` write them into its file)."""
    assert level.challenge is not None
    solution = solve(level, level.challenge.seed)
    if solution is None:
        print(f"{level.id}: no solution found", file=sys.stderr)
        return
    pairs = ", ".join(f"[{f.angle:.4f}, {f.power:.4f}]" for f in solution)
    print(f"{level.id}: par = {len(solution)}\nsolution = [{pairs}]", flush=True)
    if save:
        write(level, solution)


if __name__ == "__main__":
    main(sys.argv[1:])


# ----- plans that survive a shaking hand --------------------------------------------------------
PLAN_ANGLES, PLAN_POWERS = 72, 20
PLAN_SAMPLES = 8  # shaken tries per candidate flick
PLAN_CLAIMS = 30  # claiming flicks judged under the shake, per step


def hand(flick: Flick, rng: Rng) -> Flick:
    """The game's hand shake for a person (``shot.person_hand``)."""
    return person_hand(flick.angle, flick.power, rng)


def _spot_value(state: Takedown, landing: Landing) -> float:
    """How good a miss's resting place is for the next flick: near a standing target, with a clear line to it."""
    if landing.fell or not landing.left_saucer:
        return -1.0
    if landing.target is not None:
        return 2.0
    best = 0.0
    for i, t in enumerate(state.level.targets):
        if state.pieces[i] and state.level.clear_line((landing.x, landing.y), (t.x, t.y)):
            best = max(best, 1.0 - math.hypot(t.x - landing.x, t.y - landing.y) / 1500)
    return best


def _claims(state: Takedown, landing: Landing) -> bool:
    return not landing.fell and landing.left_saucer and landing.target is not None


def _surest_claim(state: Takedown, nominal, rng: Rng) -> tuple[Flick | None, float]:
    """Of the flicks that claim a piece from here, the one that claims most often under the hand shake."""
    level, layout = state.level, Layout.of(state)
    claims = [f for f, landing in nominal if _claims(state, landing)]
    best, best_rate = None, -1.0
    for f in claims[::max(1, len(claims) // PLAN_CLAIMS)]:
        rate = sum(_claims(state, resolve(level, layout, hand(f, rng), rng.next_u64()))
                   for _ in range(PLAN_SAMPLES)) / PLAN_SAMPLES
        if rate > best_rate or rate == best_rate and best is not None and f.power < best.power:
            best, best_rate = f, rate
    return best, best_rate


def _surest_move(state: Takedown, nominal, rng: Rng) -> tuple[Flick | None, float]:
    """Of the misses that leave the saucer best placed, the one that does so most often under the shake."""
    level, layout = state.level, Layout.of(state)
    moves = sorted(((_spot_value(state, landing), i) for i, (f, landing) in enumerate(nominal)
                    if landing.target is None), reverse=True)[:12]
    best, best_value = None, -1.0
    for _, i in moves:
        f = nominal[i][0]
        value = sum(min(1.0, _spot_value(state, resolve(level, layout, hand(f, rng), rng.next_u64())))
                    for _ in range(PLAN_SAMPLES)) / PLAN_SAMPLES
        if value > best_value:
            best, best_value = f, value
    return best, best_value


def robust_plan(level: Level, seed: int = 0, max_flicks: int = 12, log=None, sure_enough: float = 0.75) -> list[Flick]:
    """A plan a person can copy: each step the flick that most often does its job under the game's hand shake
    (claims a piece; or, when no claim is sure enough, leaves the saucer near a target with a clear line to it)."""
    rng = Rng(seed + 7)
    state, plan = new_run(level, seed), []
    flicks = grid(PLAN_ANGLES, PLAN_POWERS)
    while not state.goal_met() and not state.is_over and len(plan) < max_flicks:
        layout = Layout.of(state)
        nominal = [(f, resolve(level, layout, f, 1)) for f in flicks]
        best, sure = _surest_claim(state, nominal, rng)
        if sure < sure_enough:
            move, placed = _surest_move(state, nominal, rng)
            if move is not None and placed * 0.7 > sure:
                best, sure = move, placed * 0.7
        if best is None:
            break
        plan.append(best)
        state = play(state, best)
        if log:
            log(f"{level.id}: step {len(plan)} {best} sure {sure:.2f}, pieces left {state.pieces_left()}")
    return plan
