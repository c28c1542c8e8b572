"""Takedown on its physical table: the rules, with the physics answering what only the physics knows.

The rules (``rules.py``) never import pymunk, so tests can script every landing. The game as
registered is this subclass: chance's answer to a flick is the physics run to rest (the die's
drop drawn from the chance seed, exactly as the scene's flight draws it), and the menu of flicks
(``legal_actions``) gets each flick's power from how far flicks slide on this table (``reach``,
measured once per table). ``from_json`` and ``copy`` rebuild this class, so replays resolve alike.
"""

from __future__ import annotations

from game.core.protocol import IllegalAction
from game.core.rng import Rng
from game.core.steps import finish
from game.takedown.physics import Layout, chance_seed, resolve
from game.takedown.reach import guess_power, reach_steps
from game.takedown.rules import Takedown
from game.takedown.shot import Landing


class PhysicalTakedown(Takedown):
    def sample_chance(self, rng: Rng) -> Landing:
        """Where the pending flick comes to rest, and what it touched."""
        if self.pending is None:
            raise IllegalAction("no chance outcome is due now")
        return resolve(self.level, Layout.of(self), self.pending, chance_seed(rng), self.die_drop())

    def power_for(self, distance: float) -> float:
        return guess_power(finish(reach_steps(self.level)), distance)
