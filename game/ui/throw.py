"""A throw of dice across a tray, simulated with pymunk (no drawing here).

Physics gives the motion only: the rules already chose the faces. The
result is each die's path (x, y, angle, sampled at 60 Hz) until everything
rests; ``orientations`` then turns a path into a tumble that rolls over the
die's edges as it travels and lands exactly on the wanted face.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from game.core.cube import Matrix, face_up, mat_mul, rotation, transpose
from game.core.rng import Rng
from game.core.steps import finish

STEP = 1 / 120
SAMPLE_EVERY = 2  # 60 Hz paths
MAX_TIME = 1.25  # the throw is over by then: a roll must be readable quickly
FRICTION_DECEL = 900.0  # px/s^2 of sliding friction on the felt
SPIN_DECEL = 24.0  # rad/s^2: the felt stops a spinning die too


@dataclass
class Path:
    points: list  # (x, y, angle) per 1/60 s

    @property
    def duration(self) -> float:
        return (len(self.points) - 1) / 60.0

    def at(self, t: float) -> tuple[float, float, float]:
        f = max(0.0, t * 60.0)
        i = int(f)
        if i >= len(self.points) - 1:
            return self.points[-1]
        a, b = self.points[i], self.points[i + 1]
        w = f - i
        return a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w, a[2] + (b[2] - a[2]) * w


def launch_position(tray, index: int, size: float) -> tuple[float, float]:
    """Where die `index` starts a throw: a loose heap in the tray's lower-left."""
    x0, y0, _, h = tray
    return x0 + size * (0.9 + (index % 4) * 1.15), y0 + h - size * (0.9 + (index // 4) * 1.15)


class Table:
    """A tray's physics, kept from throw to throw: its walls, and a body for each die thrown so far (with its
    shape and its friction on the felt). pymunk's objects refer to themselves, so the space a throw made for
    itself was garbage only the cycle collector frees: 350 objects and 50 KB a throw, and half a millisecond
    of whichever collection found them. The same throws in the same order give the same paths."""

    def __init__(self, tray, size: float):
        self.tray, self.size = tray, size  # tray (x, y, w, h); each die's edge
        self.space = _walled_space(tray)
        self.dice: list[tuple] = []  # per die: its body, then its shape and joints

    def launch(self, count: int, rng: Rng) -> list[pymunk.Body]:
        """`count` dice launched from the tray's lower-left; the others leave the space until thrown again."""
        while len(self.dice) < count:
            self.dice.append(_die(self.space, self.size))
        for index, parts in enumerate(self.dice):
            in_space = parts[0].space is not None
            if index < count and not in_space:
                self.space.add(*parts)
            elif index >= count and in_space:
                self.space.remove(*parts)
        bodies = [parts[0] for parts in self.dice[:count]]
        for index, body in enumerate(bodies):
            _launch(body, rng, launch_position(self.tray, index, self.size))
        return bodies


def throw(table: Table, count: int, seed: int) -> list[Path]:
    """Throw `count` of the table's dice into its tray from the lower-left."""
    return finish(throw_steps(table, count, seed))


def throw_steps(table: Table, count: int, seed: int, chunk: int = 8):
    """``throw`` as a stepwise computation: it yields every `chunk` physics steps, so a frame can do a part."""
    bodies = table.launch(count, Rng(seed))
    paths = [Path([(b.position.x, b.position.y, b.angle)]) for b in bodies]
    steps = 0
    while steps * STEP < MAX_TIME:
        table.space.step(STEP)
        steps += 1
        if steps % chunk == 0:
            yield
        if steps % SAMPLE_EVERY == 0:
            for body, path in zip(bodies, paths):
                path.points.append((body.position.x, body.position.y, body.angle))
            if steps * STEP > 0.3 and all(_at_rest(b) for b in bodies):
                break
    for path in paths:
        _trim_rest(path)
    return paths


def _walled_space(tray) -> pymunk.Space:
    """A pymunk space with the tray's four walls."""
    x0, y0, w, h = tray
    space = pymunk.Space()
    space.iterations = 12
    walls = [((x0, y0), (x0 + w, y0)), ((x0 + w, y0), (x0 + w, y0 + h)),
             ((x0 + w, y0 + h), (x0, y0 + h)), ((x0, y0 + h), (x0, y0))]
    for a, b in walls:
        seg = pymunk.Segment(space.static_body, a, b, 4)
        seg.elasticity, seg.friction = 0.55, 0.4
        space.add(seg)
    return space


def _die(space: pymunk.Space, size: float) -> tuple:
    """A die's body with its rounded square and its friction on the felt, in `space`."""
    body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (size, size)))
    shape = pymunk.Poly.create_box(body, (size, size), radius=size * 0.08)
    shape.elasticity, shape.friction = 0.35, 0.5
    space.add(body, shape)
    return (body, shape, *_table_friction(space, body))


def _launch(body: pymunk.Body, rng: Rng, start) -> None:
    """A die launched from `start` (in the lower-left area), fanned towards the upper right."""
    sx, sy = start
    body.position = (sx + rng.random() * 6, sy - rng.random() * 6)
    body.angle = rng.random() * math.tau
    angle = -0.05 - rng.random() * 1.05
    speed = 380 + rng.random() * 480
    body.velocity = (math.cos(angle) * speed, math.sin(angle) * speed)
    body.angular_velocity = (rng.random() - 0.5) * 24


def _at_rest(body: pymunk.Body) -> bool:
    return body.velocity.length < 4 and abs(body.angular_velocity) < 0.2


def _trim_rest(path: Path) -> None:
    """Drop a path's tail once that die has stopped (each die settles at its own time)."""
    pts = path.points
    end = len(pts) - 1
    while end > 0 and abs(pts[end][0] - pts[end - 1][0]) + abs(pts[end][1] - pts[end - 1][1]) < 0.05 \
            and abs(pts[end][2] - pts[end - 1][2]) < 0.001:
        end -= 1
    del pts[end + 1:]


def _table_friction(space: pymunk.Space, body: pymunk.Body) -> tuple:
    """Top-down friction: pivot + gear joints to the table, limited in force (added to `space`)."""
    pivot = pymunk.PivotJoint(space.static_body, body, (0, 0), (0, 0))
    pivot.max_bias = 0
    pivot.max_force = FRICTION_DECEL * body.mass
    gear = pymunk.GearJoint(space.static_body, body, 0.0, 1.0)
    gear.max_bias = 0
    gear.max_force = SPIN_DECEL * body.moment
    space.add(pivot, gear)
    return pivot, gear


def orientations(path: Path, final_side: int, size: float) -> list[Matrix]:
    """One orientation per path point: rolling with the motion, ending on final_side."""
    pts = path.points
    result: list[Matrix] = [face_up(final_side, pts[-1][2])]
    radius = size / 2
    for i in range(len(pts) - 1, 0, -1):
        (xa, ya, aa), (xb, yb, ab) = pts[i - 1], pts[i]
        dx, dy = xb - xa, yb - ya
        dist = math.hypot(dx, dy)
        step: Matrix = rotation((0, 0, 1), ab - aa)
        speed = dist * 60
        if dist > 1e-6 and speed > 60:
            roll = dist / radius * min(1.0, (speed - 60) / 300)
            # moving in +screen-y rolls the top towards the viewer
            step = mat_mul(rotation((-dy / dist, dx / dist, 0.0), roll), step)
        result.append(mat_mul(transpose(step), result[-1]))
    result.reverse()
    return result
