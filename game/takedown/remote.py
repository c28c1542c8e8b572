"""Takedown at a browser seat: the flight a browser animates, and a swipe on its table as a flick.

The physics stays in the game. When a die is flicked, its flight is flown once more headless (the same
level, layout, flick and seed give the same flight as on the TV) and sent as a path sampled every 1/30 s;
the browser only animates it. A swipe arrives as a drag in the table's millimetres; turned into the TV's
logical pixels it goes through the very power curve a mouse drag does.
"""

from __future__ import annotations

import math

from game.takedown.physics import STEP, Simulation

PATH_EVERY = round(1 / 30 / STEP)  # physics steps between two points of a path a browser animates
MAX_STEPS = 120 * 60  # a flight ends long before a minute of physics; a safety net, never a rule
TAP = 12  # TV px: a drag shorter than this is a tap, not a flick (as with the mouse)


def flight(number: int, player: int, level, layout, flick, seed: int, drop) -> dict:
    """The flight as a browser animates it: [x, y, angle] in mm and radians every 1/30 s, to where it rests."""
    sim = Simulation(level, layout, flick, seed, drop)
    path, steps, moving = [], 0, True
    while moving and steps < MAX_STEPS:
        moving = sim.step()
        steps += 1
        if steps % PATH_EVERY == 0 or not moving:
            x, y = sim.body.position
            path.append([round(x, 1), round(y, 1), round(sim.body.angle, 2)])
    return {"number": number, "player": player, "every": PATH_EVERY * STEP, "path": path}


def swipe_aim(drag_mm: tuple[float, float], px_per_mm: float, full_drag_px: float) -> tuple[float, float, bool]:
    """(angle, power, long enough to flick) of a swipe: it goes the way the finger went, and its length on the
    TV's scale sets the power, as a mouse's swipe does."""
    dx, dy = drag_mm[0] * px_per_mm, drag_mm[1] * px_per_mm
    length = math.hypot(dx, dy)
    angle = math.atan2(dy, dx) if length > 0 else 0.0
    return angle, min(1.0, length / full_drag_px), length >= TAP
