"""A dice tray for any dice game: throw, re-throw some, fly dice anywhere, gather, hit-test, restore.

The rules choose every face; the tray only shows them. A throw scoops the
dice into the throwing corner, simulates the motion with pymunk
(``game.ui.throw``) and tumbles each die so that it lands on its face.
Dice can then fly to any spot (rows of set-aside dice, spots on a card)
and shrink on the way. With reduced motion (``game.ui.motion``) nothing flies or
tumbles: dice fade out and in again where they land. Animations are generators fed with elapsed time,
as the table scenes play them. ``sides`` is the die's face on each of the
six cube sides, as the game's rules declare it.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field

from game.core.cube import Matrix, face_up, mat_mul, rotation
from game.core.rng import Rng
from game.core.steps import FRAMES, Steps, advance
from game.ui import motion
from game.ui.dice3d import DiceArt, read_outlines
from game.ui.throw import Table, launch_position, orientations, throw, throw_steps

SCOOP_SECONDS = 0.25
FLY_SECONDS = 0.45
GATHER_SECONDS = 0.4
FADE_SECONDS = 0.3  # a throw with reduced motion: the dice fade out, then in where they land


@dataclass
class TrayDie:
    index: int
    x: float
    y: float
    size: float
    orientation: Matrix
    face: object = None  # what it shows (None: waiting to be thrown)
    away: bool = False  # flown off the tray (set aside, on a card)
    moving: bool = False  # tumbling or flying now: drawn with less detail, never in the way of text
    alpha: float = 1.0  # fading out or in (a throw with reduced motion)
    turns: list = field(default_factory=list)


def waiting_orientation(index: int) -> Matrix:
    """Dice waiting to be thrown stand on a corner, so no face reads as a result."""
    corner = rotation((0.7071, -0.7071, 0.0), 0.9553)
    return mat_mul(rotation((0.0, 0.0, 1.0), 0.4 * index), mat_mul(corner, face_up(0, 0.0)))


def ease(k: float) -> float:
    return k * k * (3 - 2 * k)


class DiceTray:
    def __init__(self, rect, count: int, sides: tuple, art: DiceArt, look: Rng, die: float = 50, body: float = 62):
        self.rect, self.sides, self.art, self.look = rect, sides, art, look
        self.die_size, self.body = die, body
        self.physics = Table(rect, body)
        self.dice = [TrayDie(i, *self.waiting_spot(i), die, waiting_orientation(i)) for i in range(count)]
        self.scale: float | None = None  # the window's, when last drawn (pictures made ahead are made at it)

    @staticmethod
    def prepare_waiting(canvas, side_icons: list[str], count: int, die: float) -> Steps[None]:
        """The icons' shapes and the sprites of `count` dice waiting to be thrown, made ahead (a slice each) for a
        tray still to come: resting dice's sprites are shared by every tray of the same dice (``DiceArt``)."""
        for icon in side_icons:
            yield
            read_outlines([icon])
        art = DiceArt(side_icons)
        for index in range(count):
            yield
            art.sprite(canvas.scale, die, waiting_orientation(index))

    # ----- where dice are --------------------------------------------------
    def waiting_spot(self, index: int) -> tuple[float, float]:
        """Where a die waits for the next throw: where that throw will launch it."""
        return launch_position(self.rect, index, self.body)

    def on_tray(self) -> list[TrayDie]:
        return [d for d in self.dice if not d.away]

    def showing(self) -> list[TrayDie]:
        """The dice whose face the screen shows as a result: landed, or flying to where they are set aside (a
        throw's faces are known as it starts, but a die still tumbling shows none yet)."""
        return [d for d in self.dice if d.face is not None and (d.away or not d.moving)]

    def upright(self, face, yaw: float = 0.0) -> Matrix:
        """Showing `face` on top, square to the screen (for dice at rest in rows)."""
        return face_up(self.sides.index(face), yaw)

    def _side_for(self, face) -> int:
        """Which cube side shows this face (a face on two sides picks one at random)."""
        choices = [i for i, f in enumerate(self.sides) if f == face]
        return choices[self.look.randrange(len(choices))]

    def die_at(self, pos) -> TrayDie | None:
        """The thrown die under the pointer (topmost first)."""
        for die in sorted(self.on_tray(), key=lambda d: -d.y):
            if die.face is not None and abs(pos[0] - die.x) < die.size * 0.6 and abs(pos[1] - die.y) < die.size * 0.6:
                return die
        return None

    # ----- placing without animation (a resumed game) ----------------------
    def scatter(self, dice: list[TrayDie], faces: list) -> None:
        """Put these dice at rest on the tray showing `faces`, where a throw would leave them."""
        paths = throw(self.physics, len(dice), self.look.next_u64())
        for die, face, path in zip(dice, faces, paths):
            die.x, die.y, angle = path.points[-1]
            die.face, die.away, die.size = face, False, self.die_size
            die.orientation = face_up(self._side_for(face), angle)

    def place(self, die: TrayDie, spot, size: float, face) -> None:
        die.x, die.y = spot
        die.size, die.face, die.away = size, face, True
        die.orientation = self.upright(face)

    def reset(self) -> None:
        """Every die back to waiting, unthrown."""
        for die in self.dice:
            die.x, die.y = self.waiting_spot(die.index)
            die.face, die.away, die.size, die.moving = None, False, self.die_size, False
            die.orientation = waiting_orientation(die.index)

    # ----- animations (generators: send the elapsed time) ------------------
    def throw(self, dice: list[TrayDie], faces: list, dimmed: Collection = ()):
        """Scoop `dice` into the corner and throw them; each lands on its face in `faces`. A die whose face is in
        `dimmed` will also be drawn dim at rest (a person choosing sees the dice they may not take so).

        The throw is simulated a little each frame while the dice are gathered and shaken in the
        corner, so no frame pays for the whole simulation.
        """
        plan = self._plan(dice, faces)
        if motion.reduced():
            yield from self._fade_throw(dice, plan, dimmed)
            return
        paths = yield from self._shake_while_planning(dice, plan)
        yield from self._tumble(dice, paths, dimmed)

    def _shake_while_planning(self, dice: list[TrayDie], plan):
        """Shake the dice in the corner while the throw is worked out; returns the paths (a skip ends the
        shaking at once)."""
        shake = self._shake(dice)
        next(shake)  # to its first frame
        paths = None
        while paths is None or shake is not None:
            dt = yield
            if shake is not None:
                shake = _send(shake, dt)
            if paths is None:
                _, paths = advance(plan, FRAMES.work_left() if dt < 1 else None)
            if paths is not None and dt >= 1:
                shake = None  # skipping: no more shaking
        return paths

    def _tumble(self, dice: list[TrayDie], paths, dimmed: Collection):
        """The dice along their paths, rolling over their edges, to rest on their faces. Each die's picture at rest
        is made while they tumble (``_make_ahead``), not in the frame the die stops."""
        for die in dice:
            die.moving = True
        duration = max(p.duration for p in paths)
        at_rest = self._landing_pictures(dice, dimmed)
        t = 0.0
        while t < duration:
            dt = yield
            t += dt
            self._make_ahead(at_rest, duration - t, dt)
            frame = int(t * 60)
            for die, path in zip(dice, paths):
                die.x, die.y, _ = path.at(t)
                die.orientation = die.turns[min(len(die.turns) - 1, frame)]
                die.moving = frame < len(die.turns) - 1
        for die, path in zip(dice, paths):
            die.x, die.y, _ = path.points[-1]
            die.orientation = die.turns[-1]
            die.turns = []
            die.moving = False

    @staticmethod
    def _landing_pictures(dice: list[TrayDie], dimmed: Collection) -> list[tuple[float, Matrix, bool]]:
        """The pictures thrown dice will be drawn with at rest (size, orientation, dim), the plain ones last."""
        planned = [die for die in dice if die.turns]
        return [(die.size, die.turns[-1], True) for die in planned if die.face in dimmed] + \
            [(die.size, die.turns[-1], False) for die in planned]

    def _make_ahead(self, pictures: list[tuple[float, Matrix, bool]], left: float, dt: float) -> None:
        """Pictures of dice at rest (size, orientation, dim), taken from the list's end, made while the dice are
        still moving, `left` seconds more at `dt` a frame: their share of the frames left, at least one a frame,
        fewer if the frame's slice for work spread over frames runs out. (All the slice allowed in the throw's
        first frame, which draws every tumbling die afresh too: 10-15 ms frames at 1920x1080.)"""
        if self.scale is None:
            return
        share = math.ceil(len(pictures) / max(1.0, left / dt if dt > 0 else 1.0))
        for _ in range(min(share, len(pictures))):
            size, orientation, dim = pictures.pop()
            self.art.sprite(self.scale, size, orientation, dim)
            if FRAMES.work_left() <= 0:
                return

    def _fade_throw(self, dice: list[TrayDie], plan, dimmed: Collection):
        """Reduced motion: no shaking or tumbling; the dice fade out and fade in again where they land."""
        paths = None
        while paths is None:
            dt = yield
            _, paths = advance(plan, FRAMES.work_left() if dt < 1 else None)
        def land() -> None:
            for die, path in zip(dice, paths):
                die.x, die.y, _ = path.points[-1]
                die.orientation, die.size, die.turns = die.turns[-1], self.die_size, []
        yield from self._fade_jump(dice, land, ahead=self._landing_pictures(dice, dimmed))

    def _fade_jump(self, dice: list[TrayDie], land, seconds: float = FADE_SECONDS, ahead: list | None = None):
        """Reduced motion's way to move dice: out where they are, `land()` puts them, in where they are now (the
        pictures `ahead` made while they fade out)."""
        yield from self._fade(dice, 1.0, 0.0, seconds / 2, ahead or [])
        land()
        yield from self._fade(dice, 0.0, 1.0, seconds / 2, [])

    def _fade(self, dice: list[TrayDie], start: float, end: float, seconds: float, ahead: list):
        t = 0.0
        while t < seconds:
            dt = yield
            t += dt
            self._make_ahead(ahead, seconds - t, dt)
            for die in dice:
                die.alpha = start + (end - start) * min(1.0, t / seconds)
        for die in dice:
            die.alpha = end

    def _plan(self, dice: list[TrayDie], faces: list):
        """The throw's paths, then each die's tumble onto its face (a stepwise computation)."""
        paths = yield from throw_steps(self.physics, len(dice), self.look.next_u64())
        for die, face, path in zip(dice, faces, paths):
            yield
            die.face = face
            die.turns = orientations(path, self._side_for(face), self.die_size)
        return paths

    def _shake(self, dice: list[TrayDie]):
        """Gather the dice in the corner (if they are elsewhere), then rattle them there briefly."""
        yield from self._scoop(dice)
        spots = [(d.x, d.y) for d in dice]
        t = 0.0
        while t < SCOOP_SECONDS:
            t += yield
            for i, (die, (x, y)) in enumerate(zip(dice, spots)):
                wobble = math.sin(t * 55 + i * 1.7) * 3
                die.x, die.y = x + wobble, y - abs(wobble) * 0.5
        for die, (x, y) in zip(dice, spots):
            die.x, die.y = x, y

    def _scoop(self, dice: list[TrayDie]):
        moves = [(d, d.x, d.y, *launch_position(self.rect, i, self.body)) for i, d in enumerate(dice)]
        if all(abs(x0 - x1) < 1 and abs(y0 - y1) < 1 for _, x0, y0, x1, y1 in moves):
            return
        for die in dice:
            die.orientation = waiting_orientation(die.index)
            die.size = self.die_size
        yield from self._move([(d, x0, y0, x1, y1) for d, x0, y0, x1, y1 in moves], motion.flight(SCOOP_SECONDS))

    def fly(self, moves: list[tuple[TrayDie, tuple[float, float], float]], hop: float = 40):
        """Dice fly in an arc to spots off the tray, growing or shrinking to `size`; they land upright
        (with reduced motion they fade out and in again there)."""
        starts = [(die, die.x, die.y, die.size) for die, _, _ in moves]
        if motion.reduced():
            yield from self._fade_jump([die for die, _, _ in moves],
                                       lambda: [self.place(die, spot, size, die.face) for die, spot, size in moves],
                                       motion.flight(FLY_SECONDS), [(size, self.upright(die.face), False)
                                                                    for die, _, size in moves])
            return
        for die, _, _ in moves:
            die.away = die.moving = True  # in flight: a new size every frame (no sprite kept), crossing what it passes
        seconds, hop = motion.flight(FLY_SECONDS), motion.sway(hop)
        at_rest = [(size, self.upright(die.face), False) for die, _, size in moves]
        t = 0.0
        while t < seconds:
            dt = yield
            t += dt
            self._make_ahead(at_rest, seconds - t, dt)
            k = min(1.0, t / seconds)
            out = 1 - (1 - k) ** 3
            for (die, x0, y0, s0), (_, (x1, y1), size) in zip(starts, moves):
                die.x = x0 + (x1 - x0) * out
                die.y = y0 + (y1 - y0) * out - math.sin(k * math.pi) * hop
                die.size = s0 + (size - s0) * out
        for die, spot, size in moves:
            die.moving = False
            self.place(die, spot, size, die.face)

    def gather(self):
        """Every die back to the throwing corner, ready for the next turn."""
        moves = [(d, d.x, d.y, *self.waiting_spot(d.index)) for d in self.dice]
        for die in self.dice:
            die.face, die.away, die.size = None, False, self.die_size
            die.orientation = waiting_orientation(die.index)
        yield from self._move(moves, motion.flight(GATHER_SECONDS))

    def _move(self, moves, seconds: float):
        """Dice glide to their spots (with reduced motion they fade out and in again there)."""
        if motion.reduced():
            def land() -> None:
                for die, _, _, x1, y1 in moves:
                    die.x, die.y = x1, y1
            yield from self._fade_jump([die for die, *_ in moves], land, seconds)
            return
        t = 0.0
        while t < seconds:
            t += yield
            k = ease(min(1.0, t / seconds))
            for die, x0, y0, x1, y1 in moves:
                die.x, die.y = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
        for die, _, _, x1, y1 in moves:
            die.x, die.y = x1, y1

    # ----- drawing ---------------------------------------------------------
    def moving_area(self, canvas) -> list:
        """Where the dice in motion are drawn now, in the window (``Scene.moving_area``)."""
        return [DiceArt.footprint(canvas, (d.x, d.y), d.size) for d in self.dice if d.moving and d.alpha > 0]

    def draw(self, canvas, style=None, away: bool = False) -> None:
        """Dice on the tray (or, with `away`, the ones flown off it), back to front.

        `style(die) -> (highlight colour or None, dim)` marks dice a player may pick.
        """
        self.scale = canvas.scale
        for die in sorted((d for d in self.dice if d.away == away), key=lambda d: d.y):
            highlight, dim = style(die) if style else (None, False)
            self.art.draw(canvas, (die.x, die.y), die.size, die.orientation, highlight, dim, die.moving, die.alpha)



def _send(animation, dt: float):
    """Feed time to an animation; None once it has ended."""
    try:
        animation.send(dt)
    except StopIteration:
        return None
    return animation
