"""Takedown's table in pymunk: a flicked die slides, spins, bumps and tumbles.

Seen from above. The die is a pymunk box; table friction is a pivot joint
plus a gear joint to the static body with limited force and torque (the
top-down friction pattern). The surface under the die sets that friction
(cloth or cardboard); crossing the raised edge of a piece costs speed.
The die is put in the saucer without looking: it starts on a random side,
turned any way (from the seed the rules give the chance node). While it is
fast it tumbles over its edges about an axis that follows its motion, is
tipped by where the finger struck it (the flick's spin) and knocked askew
by every raised edge, wall and bumper; the table drags it back towards a
plain roll. So the face that ends up on top cannot be chosen by a flick,
and each icon comes up a third of the time. Walls and bumpers (challenge
tables) are the only things it collides with; targets and saucers are flat.

``Simulation`` steps a flick at a fixed rate; the scene animates exactly
those steps, and ``resolve`` runs them to rest for the physical table
(``physical.py``), bots and tests.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pymunk

from game.core.cube import Matrix, Vector, face_up, mat_mul, rotation, up_side
from game.core.rng import Rng
from game.core.steps import Steps
from game.takedown.level import Level
from game.takedown.rules import DIE_SIDES, TakedownQueries
from game.takedown.shot import Flick, Landing

Circle = tuple[float, float, float]  # x, y, radius

STEP = 1 / 120
MAX_TIME = 12.0
REST_SPEED = 4.0  # mm/s
MAX_TUMBLE_RATE = 30.0  # rad/s: a tumbling die turns about five times a second at most (faster, it slides)
AXIS_SETTLE = 0.12  # s: how quickly the table drags the tumble back to a roll along the motion
SETTLE_STEP = 1.0 - math.exp(-STEP / AXIS_SETTLE)  # the share of that drag in one step
STRIKE_TILT = 0.05  # rad of axis tip per rad/s of the flick's spin (an off-centre strike)
CHANCE_TILT = 0.5  # rad (sd): how askew a finger strikes without meaning to
KNOCK_TILT = 0.7  # rad (sd): a raised edge, a wall or a bumper tips the tumble axis
KNOCK_TURN = 0.35  # rad: a change of direction this sharp in one step is a knock (a wall or bumper)
GRIP_SPEED = 60.0  # mm/s: slower than this the die stops sliding and grips the table...
GRIP = 8.0  # ...so its spin stops this many times faster (no spinning in place after a wall hit)
DIE_TYPE, BUMPER_TYPE = 1, 2  # pymunk collision types: a bumper's kick is the game's own (Simulation._kick)
MAX_MOVE = 3.0  # mm: on a table with walls or bumpers, pymunk moves the die at most this far at a time (solid walls)


@dataclass(frozen=True)
class Layout:
    """Where the movable things are when the flick starts (from the rules state or a seat's view)."""

    saucers: tuple[tuple[float, float], ...]  # per player
    targets: tuple[Circle | None, ...]  # x, y, radius of the top piece; None once claimed
    flicker: int

    @classmethod
    def of(cls, table: TakedownQueries) -> "Layout":
        """The layout of a Takedown table (a state or a view), for the current player's flick."""
        targets = tuple(
            (t.x, t.y, radius) if (radius := table.top_radius(i)) is not None else None
            for i, t in enumerate(table.level.targets)
        )
        return cls(tuple((s[0], s[1]) for s in table.saucers), targets, table.current)


def _edges(level: Level, layout: Layout) -> list[tuple[float, float, tuple[float, ...]]]:
    """The raised edges of everything flat on the table, grouped by centre (a target's rings, a saucer's rim and
    hole), largest first: the first is the outline of the cardboard. Radii are kept squared."""
    centres: list[tuple[float, float, list[float]]] = []
    for t in layout.targets:
        if t:
            radii = [r for r in (level.piece_radius(p) for p in ("outer", "middle", "center")) if r <= t[2] + 1e-6]
            centres.append((t[0], t[1], radii))
    for x, y in layout.saucers:
        centres.append((x, y, [level.saucer_diameter / 2, level.saucer_hole / 2]))
    return [(x, y, tuple(r * r for r in radii)) for x, y, radii in centres]


def start_orientation(rng: Rng) -> Matrix:
    """The die as it drops into the saucer: any side up, turned any way."""
    return face_up(rng.randrange(6), rng.random() * math.tau)


def _tip(axis: Vector, about: Vector, angle: float) -> Vector:
    """`axis` turned by `angle` about the unit vector `about` (Rodrigues, for 3-vectors)."""
    m = rotation(about, angle)
    return (m[0] * axis[0] + m[1] * axis[1] + m[2] * axis[2],
            m[3] * axis[0] + m[4] * axis[1] + m[5] * axis[2],
            m[6] * axis[0] + m[7] * axis[1] + m[8] * axis[2])


class Simulation:
    """One flick run step by step. `seed` makes the die's drop and the knocks it takes (only the face
    on top depends on them; where it lands does not)."""

    def __init__(self, level: Level, layout: Layout, flick: Flick, seed: int = 0, drop: int | None = None):
        self.level, self.layout, self.flick = level, layout, flick
        self.rng = Rng(seed)
        drop_rng = Rng(drop) if drop is not None else self.rng  # the die as it lies in the saucer (seen before)
        self.half = level.die_size / 2
        speed = max(0.0, min(1.0, flick.power)) * level.max_speed
        start = layout.saucers[layout.flicker]
        self._build_space(start, speed)
        saucer_r = level.saucer_diameter / 2
        self.edges = _edges(level, layout)
        x, y = start
        self.inside = [[(x - ex) ** 2 + (y - ey) ** 2 <= r2 for r2 in squares] for ex, ey, squares in self.edges]
        self.on_cardboard = sum(inside[0] for inside in self.inside)  # pieces of cardboard under the die (0: bare table)
        self.mass, self.moment = self.body.mass, self.body.moment
        self.pivot_force, self.gear_force = math.inf, self.gear.max_force
        self.bumps = 0
        self.orientation = start_orientation(drop_rng)
        self.tumbling = speed > level.tumble_speed
        self.omega = self._first_tumble(speed) if self.tumbling else (0.0, 0.0, 0.0)
        self.time = 0.0
        self.fell = False
        self.resting = speed <= REST_SPEED
        self.left_saucer = False
        self._own_saucer = (start[0], start[1], saucer_r)
        self._velocity = (self.body.velocity.x, self.body.velocity.y)

    def _build_space(self, start: tuple[float, float], speed: float) -> None:
        """The die on its way out of the saucer, held back by the table, and the walls and bumpers it can hit."""
        level, flick = self.level, self.flick
        self.space = pymunk.Space()
        self.body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (level.die_size, level.die_size)))
        self.body.position = start
        self.body.angle = flick.angle
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
        self.solid = bool(level.walls or level.bumpers)
        for wall in level.walls:
            seg = pymunk.Segment(self.space.static_body, wall.a, wall.b, wall.thickness / 2)
            seg.elasticity, seg.friction = wall.restitution / level.die_restitution, 0.2  # the contact's is the wall's
            self.space.add(seg)
        box.collision_type = DIE_TYPE
        for bumper in level.bumpers:
            circle = pymunk.Circle(self.space.static_body, bumper.radius, (bumper.x, bumper.y))
            circle.collision_type = BUMPER_TYPE
            self.space.add(circle)
        if level.bumpers:
            self.space.on_collision(DIE_TYPE, BUMPER_TYPE, pre_solve=self._kick)

    def _kick(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """A bumper kicks the die straight out from its centre: the speed towards it comes back times the bumper's
        restitution, the speed along it stays, and no corner of the die turns the kick into spin (a rubber ring
        gives way round the die rather than catching a corner)."""
        arbiter.process_collision = False
        body = self.body
        circle = next(shape for shape in arbiter.shapes if shape.collision_type == BUMPER_TYPE)
        cx, cy = circle.offset
        nx, ny = body.position.x - cx, body.position.y - cy
        length = math.hypot(nx, ny) or 1.0
        nx, ny = nx / length, ny / length
        vx, vy = body.velocity
        towards = vx * nx + vy * ny
        if towards >= 0:
            return  # already on its way out
        bumper = next(b for b in self.level.bumpers if (b.x, b.y) == (cx, cy))
        kick = -(1 + bumper.restitution) * towards
        body.velocity = (vx + kick * nx, vy + kick * ny)

    def _first_tumble(self, speed: float) -> tuple[float, float, float]:
        """The tumble a fast flick starts: a roll along the motion, tipped by the strike (spin) and by chance."""
        angle = self.flick.angle
        roll = (-math.sin(angle), math.cos(angle), 0.0)
        along = (math.cos(angle), math.sin(angle), 0.0)
        axis = _tip(roll, along, self.flick.spin * STRIKE_TILT + self.rng.gauss() * CHANCE_TILT)
        rate = min(speed / self.half, MAX_TUMBLE_RATE)
        return axis[0] * rate, axis[1] * rate, axis[2] * rate

    # ----- stepping ------------------------------------------------------
    def step(self) -> bool:
        """Advance one fixed step; False once the die rests or fell off."""
        if self.resting or self.fell:
            return False
        body = self.body
        angle0 = body.angle
        vx0, vy0 = self._velocity  # the body's velocity now, as the last step left it
        self._hold_back(vx0, vy0)
        self._advance(math.hypot(vx0, vy0))
        self.time += STEP
        x, y = body.position
        knocked = self._bumps(x, y)
        vx, vy = body.velocity
        self._velocity = (vx, vy)
        speed = math.hypot(vx, vy)
        if speed > 1e-6 and math.hypot(vx0, vy0) > 1e-6:
            turned = abs(math.atan2(vx0 * vy - vy0 * vx, vx0 * vx + vy0 * vy))
            knocked = knocked or turned > KNOCK_TURN
        self._turn(body.angle - angle0, vx, vy, speed, knocked)
        if not self.left_saucer and not self.touches(self._own_saucer):
            self.left_saucer = True  # its whole footprint is off the saucer
        return self._moving(x, y, speed)

    def _advance(self, speed: float) -> None:
        """One fixed step of pymunk, cut into substeps short enough that the die cannot jump a wall or a bumper
        (it moves at most ``MAX_MOVE`` at a time, less than half the thinnest wall plus half the die): every
        contact is found before the die is past the middle of what it hits. A bare table needs one step."""
        n = max(1, math.ceil(speed * STEP / MAX_MOVE)) if self.solid else 1
        for _ in range(n):
            self.space.step(STEP / n)

    def _hold_back(self, vx: float, vy: float) -> None:
        """The table's friction for this step: cardboard or cloth, more while tumbling; spin stops sooner once the
        die grips. Set only on a change (pymunk's setters are slow)."""
        level = self.level
        mu = level.cardboard_friction if self.on_cardboard else level.table_friction
        drag = mu * level.gravity * self.mass * (level.tumble_drag if self.tumbling else 1.0)
        if drag != self.pivot_force:
            self.pivot.max_force = self.pivot_force = drag
        gripping = math.sqrt(vx ** 2 + vy ** 2) < GRIP_SPEED
        spin_drag = level.spin_friction * self.moment * (GRIP if gripping else 1.0)
        if spin_drag != self.gear_force:
            self.gear.max_force = self.gear_force = spin_drag

    def _turn(self, spun: float, vx: float, vy: float, speed: float, knocked: bool) -> None:
        """The die's orientation after this step: turned as it spun, and tumbling over its edges while fast."""
        turn = rotation((0.0, 0.0, 1.0), spun)
        if not self.tumbling:
            self.orientation = mat_mul(turn, self.orientation)
            return
        self._tumble(vx, vy, speed, knocked)
        self.orientation = mat_mul(turn, self.orientation)
        if speed < self.level.tumble_speed:
            self.tumbling = False  # it drops onto the face nearest the top
            self.orientation = face_up(up_side(self.orientation), self.body.angle)

    def _moving(self, x: float, y: float, speed: float) -> bool:
        """False once the die has left the table or come to rest (or run out of time)."""
        if not (0 <= x <= self.level.table_w and 0 <= y <= self.level.table_h):
            self.fell = True
            return False
        if speed < REST_SPEED and abs(self.body.angular_velocity) < 0.2 or self.time >= MAX_TIME:
            self.resting = True
            self.body.velocity = (0, 0)
            return False
        return True

    def _tumble(self, vx: float, vy: float, speed: float, knocked: bool) -> None:
        """Turn the die by its tumble for one step; the table drags the tumble towards a roll along the
        motion, and a knock tips its axis."""
        wx, wy, wz = self.omega
        if speed > 1e-6:
            rate = min(speed / self.half, MAX_TUMBLE_RATE)
            tx, ty = -vy / speed * rate, vx / speed * rate
            k = SETTLE_STEP
            wx, wy, wz = wx + (tx - wx) * k, wy + (ty - wy) * k, wz * (1.0 - k)
            if knocked:
                wx, wy, wz = _tip((wx, wy, wz), (vx / speed, vy / speed, 0.0), self.rng.gauss() * KNOCK_TILT)
        self.omega = (wx, wy, wz)
        rate = math.sqrt(wx * wx + wy * wy + wz * wz)
        if rate > 1e-9:
            self.orientation = mat_mul(rotation((wx / rate, wy / rate, wz / rate), rate * STEP), self.orientation)

    def _bumps(self, x: float, y: float) -> bool:
        """Crossing a raised cardboard edge costs a share of the speed (and knocks the die); True if it did."""
        bumped = False
        for (ex, ey, squares), inside in zip(self.edges, self.inside):
            distance2 = (x - ex) ** 2 + (y - ey) ** 2
            if distance2 > squares[0] and not inside[0]:
                continue  # outside the outermost edge now and before: no edge of this centre was crossed
            for i, r2 in enumerate(squares):
                now = distance2 <= r2
                if now != inside[i]:
                    inside[i] = now
                    if not i:
                        self.on_cardboard += 1 if now else -1
                    self.body.velocity = self.body.velocity * (1.0 - self.level.bump_loss)
                    self.bumps += 1
                    bumped = True
        return bumped

    # ----- geometry ------------------------------------------------------
    def _square_distance(self, cx: float, cy: float) -> float:
        """Distance from a point to the die's footprint (0 inside)."""
        x, y = self.body.position
        c, s = math.cos(-self.body.angle), math.sin(-self.body.angle)
        lx, ly = (cx - x) * c - (cy - y) * s, (cx - x) * s + (cy - y) * c
        qx, qy = max(abs(lx) - self.half, 0.0), max(abs(ly) - self.half, 0.0)
        return math.hypot(qx, qy)

    def touches(self, circle: Circle) -> bool:
        return self._square_distance(circle[0], circle[1]) <= circle[2]

    @property
    def face(self) -> str:
        return DIE_SIDES[up_side(self.orientation)]

    def landing(self) -> Landing:
        x, y = self.body.position
        layout = self.layout
        target = None
        saucers: tuple[int, ...] = ()
        if not self.fell:
            hits = [(math.hypot(x - t[0], y - t[1]), i) for i, t in enumerate(layout.targets) if t and self.touches(t)]
            # on two targets at once (rare): the one nearest the die's centre
            target = min(hits)[1] if hits else None
            r = self.level.saucer_diameter / 2
            saucers = tuple(p for p, (sx, sy) in enumerate(layout.saucers)
                            if p != layout.flicker and self.touches((sx, sy, r)))
        return Landing(x=x, y=y, face=self.face, fell=self.fell, left_saucer=self.left_saucer,
                       target=target, saucers=saucers)


def resolve(level: Level, layout: Layout, flick: Flick, seed: int = 0, drop: int | None = None) -> Landing:
    """Run a flick to rest headless; the same inputs always give the same landing."""
    sim = Simulation(level, layout, flick, seed, drop)
    while sim.step():
        pass
    return sim.landing()


def resolve_steps(level: Level, layout: Layout, flick: Flick, seed: int = 0, chunk: int = 40) -> Steps[Landing]:
    """``resolve`` as a stepwise computation (``game.core.steps``): it yields once the table is set up and then every
    `chunk` physics steps (a bot trying six short flicks did them all in one step: 8 ms)."""
    sim = Simulation(level, layout, flick, seed)
    yield
    steps = 0
    while sim.step():
        steps += 1
        if steps % chunk == 0:
            yield
    return sim.landing()


def lying_die(drop: int) -> Matrix:
    """How the die lies in the saucer before a flick, from the table's drop seed (``Takedown.die_drop``): the
    preview shows it, and the flight starts from it."""
    return start_orientation(Rng(drop))


def chance_seed(rng: Rng) -> int:
    """The seed of the flight chance draws for the pending flick (the physical table and the scene use the same)."""
    return rng.next_u64()
