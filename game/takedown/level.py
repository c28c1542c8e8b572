"""Takedown tables: read and validated from TOML files in levels/takedown/.

Everything physical lives in level data (sizes in millimetres, friction,
restitution, the bump of a raised edge), so a table can be tuned without
touching code: ``defaults.toml`` holds the table every level shares, and a
level file sets its targets, Bases, walls and bumpers (and may override any
default). A challenge also ships its par solution, which a test replays. A
broken file raises ``LevelError`` naming the file, the field and the problem.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from game.core.datafile import DataFileError, read_toml
from game.paths import level_path

ICONS = ("saucer", "insect", "robot")
PIECES = ("outer", "middle", "center")  # claimed in this order (lowest value first)
LEVEL_DIR = level_path("takedown")
DEFAULTS = "defaults.toml"
SHARED_SECTIONS = ("table", "die", "pieces", "flick")
GOALS = ("clear", "points")


class LevelError(DataFileError):
    """A Takedown table file that cannot be played."""


@dataclass(frozen=True)
class Target:
    x: float
    y: float
    icon: str
    pieces: int = 3  # 3: outer ring, middle ring, center disc; fewer: only the inner ones


WALL_RESTITUTION = 0.6  # share of the speed across a wall a die keeps bouncing off it (rubber rails: more)


@dataclass(frozen=True)
class Wall:
    a: tuple[float, float]
    b: tuple[float, float]
    thickness: float
    restitution: float = WALL_RESTITUTION


@dataclass(frozen=True)
class Bumper:
    x: float
    y: float
    radius: float
    restitution: float


@dataclass(frozen=True)
class Challenge:
    order: int
    title: str
    hint: str
    flicks: int  # the limit
    par: int
    goal: str = "clear"  # "clear": claim every piece; "points": score `points` (the die's face counts)
    points: int = 0
    solution: tuple[tuple[float, float], ...] = ()  # (angle, power) flicks that reach the goal within par...
    seed: int = 0  # ...in a game with this seed (the die's drop depends on it)


@dataclass(frozen=True)
class Level:
    id: str
    name: str
    table_w: float
    table_h: float
    table_friction: float
    spin_friction: float
    die_size: float
    die_restitution: float
    tumble_speed: float
    tumble_drag: float
    cardboard_friction: float
    bump_loss: float
    diameters: tuple[float, float, float]  # outer, middle, center
    saucer_diameter: float
    saucer_hole: float
    art_points: tuple[int, int, int]
    solid_points: tuple[int, int, int]
    max_speed: float
    targets: tuple[Target, ...]
    bases: tuple[tuple[float, float], ...]
    walls: tuple[Wall, ...] = ()
    bumpers: tuple[Bumper, ...] = ()
    challenge: Challenge | None = None
    gravity: float = field(default=9810.0)  # mm/s^2

    def piece_radius(self, piece: str) -> float:
        return self.diameters[PIECES.index(piece)] / 2

    def points(self, piece: str, flipped: bool) -> int:
        return (self.solid_points if flipped else self.art_points)[PIECES.index(piece)]

    def clear_line(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """Nothing solid (a wall or a bumper) between a and b, with room for the die: a straight flick can go."""
        for i in range(1, 24):
            t = i / 24
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if any(segment_distance(p, w.a, w.b) < w.thickness / 2 + self.die_size for w in self.walls):
                return False
            if any((p[0] - u.x) ** 2 + (p[1] - u.y) ** 2 < (u.radius + self.die_size) ** 2 for u in self.bumpers):
                return False
        return True


def segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from the point p to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    k = 0.0 if not length2 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - k * dx, p[1] - a[1] - k * dy)


class _Reader:
    """Typed, range-checked reads that know where they are in the file."""

    def __init__(self, path: Path, data: dict[str, Any], where: str = ""):
        self.path, self.data, self.where = path, data, where

    def _name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def fail(self, key: str, problem: str) -> NoReturn:
        raise LevelError(self.path, self._name(key), problem)

    def table(self, key: str) -> "_Reader":
        value = self.data.get(key)
        if not isinstance(value, dict):
            self.fail(key, "missing section" if value is None else "should be a section")
        return _Reader(self.path, value, self._name(key))

    def tables(self, key: str, optional: bool = False) -> list["_Reader"]:
        value = self.data.get(key, [] if optional else None)
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.fail(key, "missing list of entries" if value is None else "should be a list of entries")
        return [_Reader(self.path, v, f"{self._name(key)}[{i}]") for i, v in enumerate(value)]

    def number(self, key: str, lo: float, hi: float) -> float:
        value = self.data.get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            self.fail(key, "missing number" if value is None else f"should be a number, not {value!r}")
        if not lo <= value <= hi:
            self.fail(key, f"{value} is outside {lo}..{hi}")
        return float(value)

    def integer(self, key: str, lo: int, hi: int) -> int:
        value = self.number(key, lo, hi)
        if value != int(value):
            self.fail(key, f"{value} should be a whole number")
        return int(value)

    def text(self, key: str) -> str:
        value = self.data.get(key)
        if not isinstance(value, str) or not value.strip():
            self.fail(key, "missing text")
        return value

    def choice(self, key: str, options: Collection[str]) -> str:
        value = self.text(key)
        if value not in options:
            self.fail(key, f"{value!r} is not one of {', '.join(options)}")
        return value

    def point(self, key: str, level_w: float, level_h: float) -> tuple[float, float]:
        value = self.data.get(key)
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value)):
            self.fail(key, "should be a pair [x, y]")
        if not (0 <= value[0] <= level_w and 0 <= value[1] <= level_h):
            self.fail(key, f"{value} is off the table")
        return float(value[0]), float(value[1])

    def flicks_list(self, key: str) -> tuple[tuple[float, float], ...]:
        """A list of [angle, power] pairs (angles in radians, power 0..1)."""
        value = self.data.get(key)
        if not isinstance(value, list) or not all(
                isinstance(v, list) and len(v) == 2 and all(isinstance(n, (int, float)) and not isinstance(n, bool)
                                                            for n in v) and 0 < v[1] <= 1 for v in value):
            self.fail(key, "should be a list of [angle, power] flicks, power in (0, 1]")
        return tuple((float(a), float(p)) for a, p in value)

    def triple(self, key: str, lo: int, hi: int) -> tuple[int, int, int]:
        value = self.data.get(key)
        if not (isinstance(value, list) and len(value) == 3 and all(isinstance(v, int) and lo <= v <= hi for v in value)):
            self.fail(key, f"should be three whole numbers in {lo}..{hi} (outer, middle, center)")
        return value[0], value[1], value[2]


def _read_toml(path: Path) -> dict[str, Any]:
    return read_toml(path, LevelError)


def _with_defaults(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """The level's data over the shared table's (``defaults.toml`` beside the level folder)."""
    defaults_path = next((folder / DEFAULTS for folder in (path.parent, path.parent.parent)
                          if (folder / DEFAULTS).exists()), None)
    if defaults_path is None or defaults_path == path:
        return data
    merged = dict(data)
    defaults = _read_toml(defaults_path)
    for section in SHARED_SECTIONS:
        own = data.get(section, {})
        if isinstance(own, dict) and isinstance(defaults.get(section), dict):
            merged[section] = {**defaults[section], **own}
    return merged


Version = tuple[tuple[str, int, int], ...]  # each file's path, modification time and size
_LOADED: dict[Version, Level] = {}  # a level read once while its files stay as they are (the challenge list and the
# statistics read all thirteen: 20-40 ms each time)


def load_level(path: str | Path) -> Level:
    """The level in `path` (its table's defaults filled in); LevelError, with the file and field, if it is damaged."""
    path = Path(path)
    version = _version(path)
    if version in _LOADED:
        return _LOADED[version]
    level = _read_level(path)
    if version is not None:
        _LOADED[version] = level
    return level


def _version(path: Path) -> Version | None:
    """The level file and its defaults as they are on disk now (None if one cannot be looked at)."""
    try:
        files = [path] + [p for p in (path.parent / DEFAULTS, path.parent.parent / DEFAULTS) if p.exists()]
        return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    except OSError:
        return None


def _read_level(path: Path) -> Level:
    data = _with_defaults(path, _read_toml(path))
    r = _Reader(path, data)
    table, die, pieces, flick = r.table("table"), r.table("die"), r.table("pieces"), r.table("flick")
    w, h = table.number("width", 200, 5000), table.number("height", 200, 5000)
    outer, middle, center = (pieces.number(k, 10, 1000) for k in ("outer_diameter", "middle_diameter", "center_diameter"))
    diameters = (outer, middle, center)
    if not diameters[0] > diameters[1] > diameters[2]:
        pieces.fail("outer_diameter", "rings must get smaller: outer > middle > center")
    saucer_d = pieces.number("saucer_diameter", 20, 1000)
    die_size = die.number("size", 4, 100)
    hole = pieces.number("saucer_hole", die_size * 1.05, saucer_d * 0.9)
    targets, bases, walls, bumpers = _things_on_the_table(r, w, h)
    return Level(
        id=path.stem,
        name=r.text("name"),
        table_w=w,
        table_h=h,
        table_friction=table.number("friction", 0.01, 2),
        spin_friction=table.number("spin_friction", 0, 100),
        die_size=die_size,
        die_restitution=die.number("restitution", 0, 1),
        tumble_speed=die.number("tumble_speed", 0, 10000),
        tumble_drag=die.number("tumble_drag", 1, 10),
        cardboard_friction=pieces.number("cardboard_friction", 0.01, 2),
        bump_loss=pieces.number("bump_loss", 0, 0.9),
        diameters=diameters,
        saucer_diameter=saucer_d,
        saucer_hole=hole,
        art_points=pieces.triple("art_points", 0, 99),
        solid_points=pieces.triple("solid_points", 0, 99),
        max_speed=flick.number("max_speed", 100, 20000),
        targets=targets,
        bases=bases,
        walls=walls,
        bumpers=bumpers,
        challenge=_challenge(r.table("challenge")) if "challenge" in data else None,
    )


def _things_on_the_table(r: _Reader, w: float, h: float) -> tuple[tuple[Target, ...], tuple[tuple[float, float], ...],
                                                                  tuple[Wall, ...], tuple[Bumper, ...]]:
    """The targets and Bases (at least one of each), walls and bumpers, each inside the table."""
    targets = tuple(Target(*_inside(t, w, h), t.choice("icon", ICONS), t.integer("pieces", 1, 3) if "pieces" in t.data else 3)
                    for t in r.tables("targets"))
    if not targets:
        r.fail("targets", "a table needs at least one target")
    bases = tuple(_inside(b, w, h) for b in r.tables("bases"))
    if not bases:
        r.fail("bases", "a table needs at least one base")
    walls = tuple(Wall(wr.point("from", w, h), wr.point("to", w, h), wr.number("thickness", 2, 200),
                       wr.number("restitution", 0, 1.5) if "restitution" in wr.data else WALL_RESTITUTION)
                  for wr in r.tables("walls", optional=True))
    bumpers = tuple(Bumper(*_inside(br, w, h), br.number("radius", 3, 300), br.number("restitution", 0, 1.5))
                    for br in r.tables("bumpers", optional=True))
    return targets, bases, walls, bumpers


def _challenge(c: _Reader) -> Challenge:
    """A challenge table's goal, flick limit, par, hint and par solution."""
    flicks = c.integer("flicks", 1, 50)
    par = c.integer("par", 1, flicks)
    goal = c.choice("goal", GOALS) if "goal" in c.data else "clear"
    points = c.integer("points", 1, 999) if goal == "points" else 0
    solution = c.flicks_list("solution") if "solution" in c.data else ()
    if len(solution) > par:
        c.fail("solution", f"has {len(solution)} flicks, more than par ({par})")
    seed = c.integer("seed", 0, 2**53) if "seed" in c.data else 0
    return Challenge(c.integer("order", 1, 999), c.text("title"), c.text("hint"), flicks, par, goal, points, solution,
                     seed)


def _inside(reader: _Reader, w: float, h: float) -> tuple[float, float]:
    return reader.number("x", 0, w), reader.number("y", 0, h)


def standard_level(players: int) -> Level:
    return load_level(LEVEL_DIR / f"standard-{players}p.toml")


def challenge_levels() -> tuple[list[Level], list[LevelError]]:
    """Every challenge level in play order, and the files that failed to load."""
    levels, problems = [], []
    for path in sorted(p for p in (LEVEL_DIR / "challenge").glob("*.toml") if p.name != DEFAULTS):
        try:
            level = load_level(path)
            if level.challenge is None:
                raise LevelError(path, "challenge", "missing section")
            levels.append(level)
        except LevelError as error:
            problems.append(error)
    levels.sort(key=lambda lv: lv.challenge.order if lv.challenge else 0)
    return levels, problems
