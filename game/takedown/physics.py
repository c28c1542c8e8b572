"""Takedown's table in pymunk: a flicked die slides, spins, bumps and tumbles.

Seen from above. The die is a pymunk box; table friction is a pivot joint
plus a gear joint to the static body with limited force and torque (the
top-down friction pattern). The surface under the die sets that friction
(cloth or cardboard); crossing the raised edge of a piece costs speed.
While the die is fast it rolls over its edges: its 3D orientation turns
with the distance travelled, so the face that ends up on top follows from
how hard and where it was flicked. Walls and bumpers (challenge tables)
are the only things it collides with; targets and saucers are flat.

``Simulation`` steps a flick at a fixed rate; the scene animates exactly
those steps, and ``resolve`` runs them to rest for rules, bots and tests.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from game.core.cube import face_up, mat_mul, rotation, up_side
from game.core.rng import Rng
from game.takedown.level import Level
from game.takedown.rules import DIE_SIDES, Takedown
from game.takedown.shot import Flick, Landing

STEP = 1 / 120
MAX_TIME = 12.0
REST_SPEED = 4.0  # mm/s
START_SIDE = 0  # the die is put in the saucer showing a flying saucer


@dataclass(frozen=True)
class Layout:
    """Where the movable things are when the flick starts (from the rules state)."""

    saucers: tuple[tuple[float, float], ...]  # per player
    targets: tuple[tuple[float, float, float] | None, ...]  # x, y, radius of the top piece; None once claimed
    flicker: int

    @classmethod
    def of(cls, state) -> "Layout":
        """The layout of a Takedown rules state, for the current player's flick."""
        targets = tuple(
            (t.x, t.y, state.top_radius(i)) if state.pieces[i] else None for i, t in enumerate(state.level.targets)
        )
        return cls(tuple(tuple(s) for s in state.saucers), targets, state.current)


class Simulation:
    def __init__(self, level: Level, layout: Layout, flick: Flick):
        self.level, self.layout, self.flick = level, layout, flick
        self.space = pymunk.Space()
        half = level.die_size / 2
        self.half = half
        self.body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (level.die_size, level.die_size)))
        start = layout.saucers[layout.flicker]
        self.body.position = start
        self.body.angle = flick.angle
        power = max(0.0, min(1.0, flick.power))
        speed = power * level.max_speed
        self.body.velocity = (math.cos(flick.angle) * speed, math.sin(flick.angle) * speed)
        self.body.angular_velocity = flick.spin
        box = pymunk.Poly.create_box(self.body, (level.die_size, level.die_size), radius=0.5)
        box.elasticity, box.friction = level.die_restitution, 0.3
        self.space.add(self.body, box)
        self.pivot = pymunk.PivotJoint(self.space.static_body, self.body, (0, 0), (0, 0))
        self.pivot.max_bias = 0
        self.gear = pymunk.GearJoint(self.space.static_body, self.body, 0.0, 1.0)
        self.gear.max_bias = 0
        self.gear.max_force = level.spin_friction * self.body.moment
        self.space.add(self.pivot, self.gear)
        for wall in level.walls:
            seg = pymunk.Segment(self.space.static_body, wall.a, wall.b, wall.thickness / 2)
            seg.elasticity, seg.friction = 0.8, 0.2
            self.space.add(seg)
        for bumper in level.bumpers:
            circle = pymunk.Circle(self.space.static_body, bumper.radius, (bumper.x, bumper.y))
            circle.elasticity, circle.friction = bumper.restitution, 0.1
            self.space.add(circle)
        # Cardboard areas (x, y, r) and raised edges (x, y, r) of everything flat on the table.
        saucer_r = level.saucer_diameter / 2
        self.cardboard = [t for t in layout.targets if t] + [(x, y, saucer_r) for x, y in layout.saucers]
        self.edges = []
        for t in layout.targets:
            if t:
                self.edges += [(t[0], t[1], r) for r in (level.piece_radius(p) for p in ("outer", "middle", "center"))
                               if r <= t[2] + 1e-6]
        for x, y in layout.saucers:
            self.edges += [(x, y, saucer_r), (x, y, level.saucer_hole / 2)]
        x, y = start
        self.inside = [(x - ex) ** 2 + (y - ey) ** 2 <= r * r for ex, ey, r in self.edges]
        self.bumps = 0
        self.orientation = face_up(START_SIDE, flick.angle)
        self.tumbling = speed > level.tumble_speed
        self.time = 0.0
        self.fell = False
        self.resting = speed <= REST_SPEED
        own = layout.saucers[layout.flicker]
        self.left_saucer = False
        self._own_saucer = (own[0], own[1], saucer_r)

    # ----- stepping ------------------------------------------------------
    def step(self) -> bool:
        """Advance one fixed step; False once the die rests or fell off."""
        if self.resting or self.fell:
            return False
        level, body = self.level, self.body
        x0, y0 = body.position
        angle0 = body.angle
        on_cardboard = any((x0 - cx) ** 2 + (y0 - cy) ** 2 <= r * r for cx, cy, r in self.cardboard)
        mu = level.cardboard_friction if on_cardboard else level.table_friction
        self.pivot.max_force = mu * level.gravity * body.mass * (level.tumble_drag if self.tumbling else 1.0)
        self.space.step(STEP)
        self.time += STEP
        x, y = body.position
        self._bumps(x, y)
        vx, vy = body.velocity
        speed = math.hypot(vx, vy)
        dx, dy = x - x0, y - y0
        dist = math.hypot(dx, dy)
        turn = rotation((0.0, 0.0, 1.0), body.angle - angle0)
        if self.tumbling and dist > 1e-9:
            roll = rotation((-dy / dist, dx / dist, 0.0), dist / self.half)
            self.orientation = mat_mul(roll, mat_mul(turn, self.orientation))
            if speed < level.tumble_speed:
                self.tumbling = False  # it drops onto the face nearest the top
                self.orientation = face_up(up_side(self.orientation), body.angle)
        else:
            self.orientation = mat_mul(turn, self.orientation)
        if not self.left_saucer and self._clear_of(self._own_saucer):
            self.left_saucer = True
        if not (0 <= x <= level.table_w and 0 <= y <= level.table_h):
            self.fell = True
            return False
        if speed < REST_SPEED and abs(body.angular_velocity) < 0.2 or self.time >= MAX_TIME:
            self.resting = True
            body.velocity = (0, 0)
            return False
        return True

    def _bumps(self, x: float, y: float) -> None:
        """Crossing a raised cardboard edge costs a share of the speed."""
        inside = self.inside
        for i, (ex, ey, r) in enumerate(self.edges):
            now = (x - ex) ** 2 + (y - ey) ** 2 <= r * r
            if now != inside[i]:
                inside[i] = now
                self.body.velocity = self.body.velocity * (1.0 - self.level.bump_loss)
                self.bumps += 1

    # ----- geometry ------------------------------------------------------
    def _square_distance(self, cx: float, cy: float) -> float:
        """Distance from a point to the die's footprint (0 inside)."""
        x, y = self.body.position
        c, s = math.cos(-self.body.angle), math.sin(-self.body.angle)
        lx, ly = (cx - x) * c - (cy - y) * s, (cx - x) * s + (cy - y) * c
        qx, qy = max(abs(lx) - self.half, 0.0), max(abs(ly) - self.half, 0.0)
        return math.hypot(qx, qy)

    def touches(self, circle) -> bool:
        return self._square_distance(circle[0], circle[1]) <= circle[2]

    def _clear_of(self, circle) -> bool:
        """The die's footprint lies completely outside the circle."""
        x, y = self.body.position
        return math.hypot(x - circle[0], y - circle[1]) > circle[2] + self.half * math.sqrt(2)

    @property
    def face(self) -> str:
        return DIE_SIDES[up_side(self.orientation)]

    def landing(self) -> Landing:
        x, y = self.body.position
        layout = self.layout
        target = None
        saucers: tuple[int, ...] = ()
        if not self.fell:
            hits = [i for i, t in enumerate(layout.targets) if t and self.touches(t)]
            # on two targets at once (rare): the one nearest the die's centre
            target = min(hits, key=lambda i: math.hypot(x - layout.targets[i][0], y - layout.targets[i][1]), default=None)
            r = self.level.saucer_diameter / 2
            saucers = tuple(p for p, (sx, sy) in enumerate(layout.saucers)
                            if p != layout.flicker and self.touches((sx, sy, r)))
        return Landing(x=x, y=y, face=self.face, fell=self.fell, left_saucer=self.left_saucer,
                       target=target, saucers=saucers)


def resolve(level: Level, layout: Layout, flick: Flick) -> Landing:
    """Run a flick to rest headless; the same inputs always give the same landing."""
    sim = Simulation(level, layout, flick)
    while sim.step():
        pass
    return sim.landing()


def resolve_steps(level: Level, layout: Layout, flick: Flick, chunk: int = 40):
    """``resolve`` as a stepwise computation (``game.core.steps``): it yields every `chunk` physics steps."""
    sim = Simulation(level, layout, flick)
    steps = 0
    while sim.step():
        steps += 1
        if steps % chunk == 0:
            yield
    return sim.landing()


def sample_chance(state: Takedown, rng: Rng) -> Landing:
    """Chance's answer to the pending flick of a rules state: the physics, run to rest."""
    assert state.pending is not None, "no flick is waiting for its landing"
    return resolve(state.level, Layout.of(state), state.pending)
