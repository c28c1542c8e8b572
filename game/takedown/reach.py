"""How far a straight flick slides on bare table, by power: a player's feel for a table, measured once.

The physics flies straight flicks of every twentieth of full power across an open copy of the table
(no edges, no walls, no bumpers) and keeps (power, distance) per table. The bots judge their power
from it, and the physical table (``physical.py``) lists each menu flick with the power it gives.
"""

from __future__ import annotations

import dataclasses
import math

from game.core.steps import Steps
from game.takedown.level import Level
from game.takedown.physics import Layout, resolve_steps
from game.takedown.shot import Flick

Rows = tuple[tuple[float, float], ...]  # (power, distance in mm), power rising

_REACH: dict[str, Rows] = {}  # per table id


def reach_steps(level: Level) -> Steps[Rows]:
    """(power, distance) of straight flicks on bare table without edges (a stepwise computation, once per table)."""
    if level.id in _REACH:
        return _REACH[level.id]
    open_table = dataclasses.replace(level, table_w=20_000.0, table_h=20_000.0, walls=(), bumpers=())
    middle = (10_000.0, 10_000.0)
    layout = Layout(saucers=(middle,), targets=(), flicker=0)
    rows = []
    for i in range(1, 21):
        power = i / 20
        landing = yield from resolve_steps(open_table, layout, Flick(0.0, power))
        rows.append((power, math.hypot(landing.x - middle[0], landing.y - middle[1])))
    _REACH[level.id] = tuple(rows)
    return _REACH[level.id]


def reach(rows: Rows, power: float) -> float:
    """How far a flick of this power travels on bare table."""
    for (p0, d0), (p1, d1) in zip(rows, rows[1:]):
        if p0 <= power <= p1:
            return d0 + (d1 - d0) * (power - p0) / (p1 - p0)
    return rows[0][1] * power / rows[0][0] if power < rows[0][0] else rows[-1][1]


def guess_power(rows: Rows, distance: float) -> float:
    """The power that sends the die `distance` across bare table."""
    for (p0, d0), (p1, d1) in zip(rows, rows[1:]):
        if d0 <= distance <= d1:
            return p0 + (p1 - p0) * (distance - d0) / max(1e-9, d1 - d0)
    return rows[0][0] * distance / max(1e-9, rows[0][1]) if distance < rows[0][1] else 1.0
