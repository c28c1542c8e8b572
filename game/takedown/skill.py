"""How often each bot strength hits what it aims at, by distance: the figures behind its tuning.

    python -m game.takedown.skill [flicks per target]

From its Base, on every standard table and from every seat, a bot goes for each full target in turn
(the die's drop random, its own hand shaking); a hit is the die resting on the target's outer ring.
"""

from __future__ import annotations

import json
import math
import sys

from game.core.rng import Rng
from game.core.steps import finish
from game.takedown.bots import STRENGTHS, aim_steps, shake
from game.takedown.physics import Layout, chance_seed, resolve
from game.takedown.rules import Takedown

BANDS = ((0, 300, "near (< 300 mm)"), (300, 420, "mid (300-420 mm)"), (420, 10_000, "far (>= 420 mm)"))


def hit_rates(flicks: int = 40, seed: int = 1) -> dict:
    rng = Rng(seed)
    result = {}
    for name, strength in STRENGTHS.items():
        tally = {label: [0, 0] for _, _, label in BANDS}
        for players in (2, 3, 4):
            for seat in range(players):
                state = Takedown(players, first=seat)
                layout = Layout.of(state)
                sx, sy = state.saucers[seat]
                for target, spot in enumerate(state.level.targets):
                    distance = math.hypot(spot.x - sx, spot.y - sy)
                    label = next(label for lo, hi, label in BANDS if lo <= distance < hi)
                    for _ in range(flicks):
                        _, flick = finish(aim_steps(state.view(seat), strength, rng, target))
                        landing = resolve(state.level, layout, shake(flick, distance, strength, rng),
                                          chance_seed(rng))
                        tally[label][0] += landing.target == target
                        tally[label][1] += 1
        result[name] = {label: round(hits / tries, 3) for label, (hits, tries) in tally.items() if tries}
    return result


if __name__ == "__main__":
    print(json.dumps(hit_rates(int(sys.argv[1]) if len(sys.argv) > 1 else 40), indent=2))
