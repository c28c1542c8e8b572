"""How hard each challenge is, measured by play: ``python -m game sim takedown --challenges``.

Each bot plays every challenge table many times (a random seed per try, so the die's drop and the bot's
hand differ), and so does a person copying the table's par plan with the game's own hand shake
(``shot.person_hand``: the shake every person's flick gets on screen). A try earns the stars the game
gives; the figures are the share of tries reaching 1, 2 and 3 stars, keyed by the challenge file's name.

``tune`` plays each table without its limit and suggests the par and the limit that meet the targets:
the expert earns three stars in 25-75% of tries and one star in at least 90%, the normal bot one star in
at least 60%, and the par plan three stars in at least half.
"""

from __future__ import annotations

import dataclasses
import math

from game.core.rng import Rng
from game.core.steps import finish
from game.registry import GAMES
from game.takedown.bots import BOTS, STRENGTHS, aim_steps
from game.takedown.level import Level, challenge_levels
from game.takedown.rules import Takedown
from game.takedown.shot import Flick, person_hand
from game.takedown.solve import plan_steps

PAR = "par_plan"  # the row of a person copying the par plan
NEAR = 15.0  # mm: the saucer is where a plan step starts
OPEN_LIMIT = 40  # flicks a try may take while tuning (the loader's limit is 50)


def new_try(level: Level, seed: int, limit: int | None = None) -> Takedown:
    state = GAMES["takedown"].new_state(1, seed, {"table": f"challenge/{level.id}"})
    if limit is not None:  # tuning: the same table with room for a longer run
        state.level = dataclasses.replace(level, challenge=dataclasses.replace(level.challenge, flicks=limit))
    return state


def _plan_flick(state: Takedown, steps, rng: Rng) -> Flick:
    """What a person who has seen the par plan does: the plan's step for the table as it is (the saucer where
    that step starts, the same pieces left); anywhere else, straight at the nearest standing target."""
    x, y = state.saucers[0]
    pieces = tuple(tuple(p) for p in state.pieces)
    meant = next((f for (sx, sy), left, f in steps if left == pieces and math.hypot(sx - x, sy - y) < NEAR), None)
    if state.retries:  # that flick stayed in the saucer: do as a player would, another way
        return BOTS["normal"].choose(state.view(0), 0, rng)
    if meant is None:
        steady = dataclasses.replace(STRENGTHS["normal"], slip=0.0)
        meant = finish(aim_steps(state.view(0), steady, Rng(0)))[1]
    return person_hand(meant.angle, meant.power, rng)


def play_try(level: Level, who: str, seed: int, limit: int | None = None, steps=None) -> Takedown:
    """One try at a table by a bot (its own hand) or by a person copying the par plan (`who` = PAR)."""
    state = new_try(level, seed, limit)
    rng = Rng(seed ^ 0x5EED)
    if who == PAR and steps is None:
        steps = plan_steps(level)
    while not state.is_over:
        if who == PAR:
            flick = _plan_flick(state, steps, rng)
        else:
            flick = BOTS[who].choose(state.view(0), 0, state.rng_for("bot/0"))
        state.apply(0, flick)
        state.apply_chance()
    return state


def stars_for(flicks: int | None, par: int, limit: int) -> int:
    """The game's stars for a run that met its goal in `flicks` (None: it did not)."""
    if flicks is None or flicks > limit:
        return 0
    return 3 if flicks <= par else 2 if flicks <= par + 2 else 1


def runs(level: Level, who: str, tries: int, seed: int, limit: int | None = None) -> list[int | None]:
    """Flicks each try took to meet the goal (None: not within the limit)."""
    master = Rng(seed)
    steps = plan_steps(level) if who == PAR else None
    result = []
    for _ in range(tries):
        state = play_try(level, who, master.next_u64(), limit, steps)
        result.append(state.flicks if state.goal_met() else None)
    return result


def shares(flicks: list[int | None], par: int, limit: int) -> dict[str, float]:
    stars = [stars_for(f, par, limit) for f in flicks]
    return {str(k): round(sum(s >= k for s in stars) / len(stars), 3) for k in (1, 2, 3)}


def challenge_figures(tries: int, seed: int, who: tuple[str, ...] = (*BOTS, PAR), only: tuple[str, ...] = ()) -> dict:
    """Per challenge file and per player, the share of tries reaching 1, 2 and 3 stars (`only`: these level ids)."""
    levels, _ = challenge_levels()
    table = {}
    for level in levels:
        if only and level.id not in only:
            continue
        c = level.challenge
        row = {"order": c.order, "par": c.par, "limit": c.flicks}
        for name in who:
            row[name] = shares(runs(level, name, tries, seed), c.par, c.flicks)
        table[f"{level.id}.toml"] = row
    return {"tries": tries, "seed": seed, "challenges": table}


def tune(level: Level, tries: int, seed: int) -> dict:
    """Par and limit from the runs' flick counts: par where the expert's three-star share is nearest one half
    (kept within 25-75% and no lower than the par plan's median), the limit where the expert clears 90% and the
    normal bot 60% (as far as 40 flicks allow)."""
    expert = runs(level, "expert", tries, seed, OPEN_LIMIT)
    normal = runs(level, "normal", tries, seed, OPEN_LIMIT)
    plan = runs(level, PAR, tries, seed, OPEN_LIMIT)
    return _thresholds(expert, normal, plan, tries)


def _share(flicks: list[int | None], n: int) -> float:
    """The share of runs that met the goal within n flicks."""
    return sum(1 for f in flicks if f is not None and f <= n) / len(flicks)


def _par(expert: list[int | None], plan: list[int | None]) -> int:
    """Par where the expert's three-star share is nearest one half, no lower than where the par plan reaches the
    goal half the time, and lowered while the expert would still get three stars in more than 75%."""
    plan_half = next((n for n in range(1, OPEN_LIMIT + 1) if _share(plan, n) >= 0.5), OPEN_LIMIT)
    par = max(min(range(1, OPEN_LIMIT + 1), key=lambda n: (abs(_share(expert, n) - 0.5), n)), plan_half)
    while par > 1 and _share(expert, par) > 0.75 and _share(plan, par - 1) >= 0.5:
        par -= 1
    return par


def _thresholds(expert: list[int | None], normal: list[int | None], plan: list[int | None], tries: int) -> dict:
    share = _share
    par = _par(expert, plan)
    limit = next((n for n in range(par + 1, OPEN_LIMIT + 1) if share(expert, n) >= 0.93 and share(normal, n) >= 0.65),
                 OPEN_LIMIT)
    return {"par": par, "limit": limit, "expert_3": round(share(expert, par), 3),
            "expert_1": round(share(expert, limit), 3), "normal_1": round(share(normal, limit), 3),
            "plan_3": round(share(plan, par), 3), "expert_median": sorted(f or 99 for f in expert)[tries // 2],
            "normal_median": sorted(f or 99 for f in normal)[tries // 2]}
