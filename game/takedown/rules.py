"""Ten-Minute Takedown rules on the shared protocol. Headless and deterministic.

A player's action is a ``Flick``. What the flick leads to is chance's
answer, a ``Landing``, which the physics works out (the rules never import
pymunk): the registered game is ``physical.PhysicalTakedown``, these rules on
the physical table, whose ``sample_chance`` runs the pending flick to rest;
the scene animates that very simulation, and a test simply scripts a landing.
These rules decide the consequences: a re-flick when the die never left the
saucer, the table edge, claiming the lowest-value piece of a target
(flipped to its solid side when the die's icon matches), knocking other
saucers home, dropping the saucer over the die and sliding it towards its
owner's Base until it overlaps nothing, the end and the tie-breaks.

Flicks are continuous, so ``legal_actions`` is a menu of sensible ones (at
every standing target and every rival saucer away from its Base), for
programs that play through the protocol alone; ``apply`` takes any valid
flick. How hard each must be is the table's to say (``power_for``): only
the physics knows how far a flick slides.

A challenge is the same game for one player on a challenge table, against
a flick limit. The table is the game's option ``table``: a standard table
for 2 to 4 players or ``challenge/<level>``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

from game.core.fields import Fields, is_int
from game.core.protocol import (CHANCE, Event, GameOver, GameState, IllegalAction, Json, Option, Outcome, TurnStarted,
                                 rank)
from game.core.rng import Rng
from game.core.views import view_class
from game.core.words import counted
from game.takedown.level import DEFAULTS, ICONS, LEVEL_DIR, PIECES, Level, load_level, segment_distance
from game.takedown.shot import Flick, Landing

# The six sides of the die, declared once: each icon on two opposite-free sides.
DIE_SIDES = ("saucer", "insect", "robot", "saucer", "insect", "robot")
MAX_STANDARD_PLAYERS = 4
SLIDE_STEP = 2.0  # mm per step when sliding a saucer off an overlap
MAX_SPIN = 60.0  # rad/s: no finger spins a die faster
FLICKING, LANDING, OVER = "flick", "landing", "over"
FORMAT = "format"  # setup option: one game, or a match in which everyone starts one round and totals decide
ONE_GAME, MATCH = "game", "match"


# ----- events ---------------------------------------------------------------
@dataclass(frozen=True)
class Flicked:
    player: int
    flick: Flick


@dataclass(frozen=True)
class Reflick:
    """The die never left the saucer: the shot does not count, flick again."""

    player: int


@dataclass(frozen=True)
class FellOff:
    player: int


@dataclass(frozen=True)
class Knocked:
    player: int  # the flicker
    victim: int  # whose saucer went home


@dataclass(frozen=True)
class Claimed:
    player: int
    target: int
    piece: str
    flipped: bool
    points: int


@dataclass(frozen=True)
class SaucerMoved:
    player: int
    to: tuple[float, float]


@dataclass(frozen=True)
class RoundStarted:
    """A match's next round: the table is set again and `player` flicks first."""

    round: int  # 0-based
    player: int


@dataclass(frozen=True)
class Shot:
    """A counted flick as everyone at the table saw it: from where, how, where the die stopped, and whose saucers
    it knocked home."""

    player: int
    start: tuple[float, float]
    flick: Flick
    end: tuple[float, float]
    fell: bool
    knocked: tuple[int, ...] = ()


Pile = tuple[int, str, bool]  # a claimed piece: (target, piece, flipped)


def level_by_id(level_id: str) -> Level:
    """A table from levels/takedown/ by id ("standard-3p", "challenge/01-first-contact")."""
    path = LEVEL_DIR / f"{level_id}.toml"
    if not isinstance(level_id, str) or not path.resolve().is_relative_to(LEVEL_DIR.resolve()) or not path.exists():
        raise ValueError(f"field 'options.table': no table called {str(level_id)[:40]!r}")
    defaults = LEVEL_DIR / DEFAULTS
    return _load(path, path.stat().st_mtime_ns, defaults.stat().st_mtime_ns if defaults.exists() else 0)


@lru_cache(maxsize=32)
def _load(path: Path, modified: int, defaults_modified: int) -> Level:
    """Tables are read once (and again if their file changes): every replayed game opens its table."""
    return load_level(path)


def standard_table(players: int) -> str:
    return f"standard-{players}p"


def base_of(player: int, round_: int, players: int) -> int:
    """Which of the table's Bases `player` flicks from in a round: in a match everyone moves one Base back
    each round, so the round's first player always sits at the first player's Base and everyone plays
    from every Base once (whatever a Base's place on the table is worth, every seat has it once)."""
    return (player - round_) % players


class TakedownQueries:
    """What anyone at the table can work out from what is on it: shared by the state and its views."""

    level: Level
    players: int
    current: int
    flicks: int  # shots that counted
    saucers: Sequence[Sequence[float]]  # per player: x, y
    pieces: Sequence[Sequence[str]]  # per target: the pieces left, lowest value first
    piles: Sequence[Sequence[Pile]]  # per player: the pieces claimed
    round: int  # a match's round (0-based): everyone moves on one Base each round

    def base(self, player: int) -> tuple[float, float]:
        return self.level.bases[base_of(player, self.round, self.players)]

    def top_radius(self, target: int) -> float | None:
        """Radius of the top (largest remaining) piece, None when cleared."""
        left = self.pieces[target]
        return self.level.piece_radius(left[0]) if left else None

    def score(self, player: int) -> int:
        return sum(self.level.points(piece, flipped) for _, piece, flipped in self.piles[player])

    def centers(self, player: int) -> int:
        return sum(1 for _, piece, _ in self.piles[player] if piece == "center")

    def pieces_left(self) -> int:
        return sum(len(p) for p in self.pieces)

    def flicks_left(self) -> int | None:
        return self.level.challenge.flicks - self.flicks if self.level.challenge else None

    def goal_met(self) -> bool:
        """A challenge's goal: every piece claimed, or (goal "points") enough points scored."""
        c = self.level.challenge
        if c is not None and c.goal == "points":
            return self.score(0) >= c.points
        return not self.pieces_left()

    def stars(self) -> int:
        """Challenge result: 3 at par or better, 2 within par + 2, 1 within the limit, 0 failed."""
        if not self.level.challenge or not self.goal_met():
            return 0
        par = self.level.challenge.par
        return 3 if self.flicks <= par else 2 if self.flicks <= par + 2 else 1


@view_class
class TakedownView(TakedownQueries):
    """What one seat sees: the table, the saucers, the pieces standing and claimed, every counted shot."""

    player: int  # the seat this view is made for
    players: int
    first: int
    current: int
    phase: str
    level: Level
    saucers: tuple[tuple[float, float], ...]
    pieces: tuple[tuple[str, ...], ...]
    piles: tuple[tuple[Pile, ...], ...]
    flicks: int
    attempts: int  # every flick, re-flicks included
    shots: tuple[Shot, ...]
    retries: int  # flicks in a row by the current player that did not count (the die stayed in the saucer)
    round: int  # a match's round (0-based): the Bases move on each round


class Takedown(TakedownQueries, GameState[Flick, Landing, TakedownView]):
    game_id = "takedown"
    min_players, max_players = 1, MAX_STANDARD_PLAYERS
    OPTIONS = (Option(FORMAT, "Format", ((ONE_GAME, "One game"), (MATCH, "Match: everyone starts a round")),
                      ONE_GAME),)
    random_first = True  # ruling: "closest to Mars" starts; a new game draws who that is (a rematch passes it on)

    @staticmethod
    def pick_first(players: int, seed: int) -> int:
        """Who is closest to Mars tonight: a new game's first player, drawn from its seed."""
        return Rng.derived(seed, "first", 0).randrange(players)

    def __init__(self, players: int, seed: int = 0, options: Mapping[str, object] | None = None, first: int = 0):
        options = dict(options or {})
        options.setdefault("table", standard_table(players) if is_int(players) else "")
        super().__init__(players, seed, options, first)
        self.level = level_by_id(self.options["table"])
        self.challenge = self.level.challenge is not None
        low, high = (1, 1) if self.challenge else (2, min(MAX_STANDARD_PLAYERS, len(self.level.bases)))
        if not low <= players <= high:
            raise ValueError(f"the table {self.options['table']!r} takes {low} to {high} players, not {players}")
        if not self.challenge and len(self.level.targets) < players + 1:
            raise ValueError(f"the table {self.options['table']!r} needs one more target than players")
        self.saucers: list[list[float]] = [list(self.level.bases[p]) for p in range(players)]
        self.pieces: list[list[str]] = [list(PIECES[3 - t.pieces:]) for t in self.level.targets]
        self.piles: list[list[Pile]] = [[] for _ in range(players)]
        self.current = first
        self.flicks = 0
        self.attempts = 0  # every flick, re-flicks included
        self.retries = 0  # the current player's flicks in a row that did not count
        self.phase = FLICKING
        self.pending: Flick | None = None  # the flick whose landing chance must give
        self.history: list[tuple[int, int]] = []  # every counted flick: (player, points it earned)
        self.match = self.options.get(FORMAT) == MATCH and not self.challenge
        self.round = 0  # a match's round (0-based); a single game has one
        self.shots: list[Shot] = []  # every counted flick, for bots that learn from their own

    def die_drop(self) -> int:
        """The seed of how the die lies in the flicker's saucer for the coming (or pending) flick. It is drawn
        before the flick, so the table can show the face the die really starts with."""
        return Rng.derived(self.seed, "drop", len(self.log) - (1 if self.phase == LANDING else 0)).next_u64()

    def check_options(self, options: object) -> dict[str, str]:
        """The table (always) and the format (one game unless a match is asked for)."""
        if not isinstance(options, Mapping) or "table" not in options or not set(options) <= {"table", FORMAT}:
            raise ValueError("field 'options': a Takedown game has the options 'table' and 'format'")
        if not isinstance(options["table"], str):
            raise ValueError("field 'options.table': should be a table name")
        rest = super().check_options({k: v for k, v in options.items() if k != "table"})
        return {"table": options["table"], **rest}

    @property
    def rounds(self) -> int:
        """Rounds in this game: a match has one per player, each started by the next player."""
        return self.players if self.match else 1

    # ----- queries -------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return (self.current,) if self.phase == FLICKING else ()

    def is_chance(self) -> bool:
        return self.phase == LANDING

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int) -> list[Flick]:
        """A menu of sensible flicks (``apply`` takes any valid one): straight at the centre of every
        standing target and of every rival saucer away from its Base, as hard as it takes to stop the die
        there on bare table (pieces in the way slow it: as for a person, such a flick may fall short).
        Never empty on a turn: a piece stands until the game ends."""
        if player not in self.to_act():
            return []
        sx, sy = self.saucers[player]
        spots = [(t.x, t.y) for t, left in zip(self.level.targets, self.pieces) if left]
        spots += [(x, y) for p, (x, y) in enumerate(self.saucers) if p != player and (x, y) != self.base(p)]
        return [Flick(math.atan2(y - sy, x - sx), self.power_for(math.hypot(x - sx, y - sy))) for x, y in spots]

    def power_for(self, distance: float) -> float:
        """The power in (0, 1] that slides the die `distance` mm: the table's physics knows
        (``physical.PhysicalTakedown``); the rules alone do not."""
        raise NotImplementedError("how hard to flick is the physical table's to say (game.takedown.physical)")

    def view(self, player: int) -> TakedownView:
        return TakedownView(
            player, self.players, self.first, self.current, self.phase, self.level,
            tuple((s[0], s[1]) for s in self.saucers), tuple(tuple(p) for p in self.pieces),
            tuple(tuple(p) for p in self.piles), self.flicks, self.attempts, tuple(self.shots), self.retries,
            self.round)

    def deciding_players(self) -> tuple[int, ...]:
        """A finished game tied all the way for first (points, pieces, center discs): the players who play a
        deciding game (ruling: not a shared win); () when someone won outright, or in a challenge."""
        outcome = self.outcome()
        if outcome is None or self.challenge or len(outcome.ranking[0]) < 2:
            return ()
        return tuple(outcome.ranking[0])

    def _key(self, p: int) -> tuple[int, int, int]:
        return self.score(p), len(self.piles[p]), self.centers(p)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        ranking = rank(self.players, self._key)
        scores = tuple(self.score(p) for p in range(self.players))
        challenge = self.level.challenge
        if challenge:
            stars = self.stars()
            short = f"{counted(challenge.points - self.score(0), 'point')} short" \
                if challenge.goal == "points" else f"{counted(self.pieces_left(), 'piece')} standing"
            reason = f"Cleared in {counted(self.flicks, 'flick')}: {counted(stars, 'star')}" if stars \
                else f"Out of flicks with {short}"
        elif len(ranking[0]) > 1:
            reason = "Tied on points, pieces and center discs: the tied players play a deciding game"
        elif len(ranking) > 1 and scores[ranking[0][0]] == scores[ranking[1][0]]:
            top, next_ = self._key(ranking[0][0]), self._key(ranking[1][0])
            reason = "Tied on points; won on pieces" if top[1] != next_[1] else "Tied on points and pieces; won on center discs"
        else:
            reason = "Most points"
        return Outcome(ranking, scores, reason)

    # ----- actions -------------------------------------------------------
    def _apply(self, player: int, action: object) -> list[Event]:
        if player == CHANCE:
            return self._land(self._check_landing(action))
        flick = _check_flick(action)
        self.pending = flick
        self.phase = LANDING
        return [Flicked(player, flick)]

    def _check_landing(self, landing: object) -> Landing:
        """A landing whose values are well formed and whose target, saucers and place fit this table now."""
        landing = _well_formed(landing)
        self._check_target(landing.target)
        if not isinstance(landing.saucers, tuple) or any(
                not is_int(p) or not 0 <= p < self.players or p == self.current for p in landing.saucers):
            raise IllegalAction(f"bad saucers hit: {str(landing.saucers)[:40]}")
        if landing.fell and (landing.target is not None or landing.saucers):
            raise IllegalAction("a die that fell off the table touches nothing on it")
        w, h = self.level.table_w, self.level.table_h
        if not landing.fell and not (0 <= landing.x <= w and 0 <= landing.y <= h):
            raise IllegalAction("a die on the table must lie on the table")
        return landing

    def _check_target(self, target: object) -> None:
        """None (no target touched), or a target that still has a piece."""
        if target is None:
            return
        if not is_int(target) or not 0 <= target < len(self.pieces):
            raise IllegalAction(f"there is no target {target!r}")
        if not self.pieces[target]:
            raise IllegalAction(f"target {target} has no pieces left")

    def _land(self, landing: Landing) -> list[Event]:
        me = self.current
        flick, self.pending = self.pending, None
        assert flick is not None
        self.phase = FLICKING
        self.attempts += 1
        if not landing.left_saucer and not landing.fell:  # off the table always counts, even backwards
            self.retries += 1
            return [Reflick(me)]
        self.retries = 0
        self.flicks += 1
        self.shots.append(Shot(me, (self.saucers[me][0], self.saucers[me][1]), flick, (landing.x, landing.y),
                               landing.fell, () if landing.fell else tuple(landing.saucers)))
        events: list[Event] = []
        earned = 0
        if landing.fell:
            self.saucers[me] = list(self.base(me))
            events.append(FellOff(me))
        else:
            for other in landing.saucers:
                self.saucers[other] = list(self.base(other))
                events.append(Knocked(me, other))
            if landing.target is not None:
                claim = self._claim(me, landing.target, landing.face)
                earned = claim.points
                events.append(claim)
                self.saucers[me] = list(self.base(me))
            else:
                self.saucers[me] = self._drop_saucer(me, landing.x, landing.y)
                events.append(SaucerMoved(me, (self.saucers[me][0], self.saucers[me][1])))
        self.history.append((me, earned))
        return events + self._next()

    def _claim(self, player: int, target: int, face: str) -> Claimed:
        piece = self.pieces[target].pop(0)
        flipped = face == self.level.targets[target].icon
        self.piles[player].append((target, piece, flipped))
        return Claimed(player, target, piece, flipped, self.level.points(piece, flipped))

    def _next(self) -> list[Event]:
        if not self.pieces_left() and self.round + 1 < self.rounds:
            return self._new_round()
        if not self.pieces_left() or (self.challenge and self.goal_met()):
            return self._finish()
        if self.level.challenge:
            return self._finish() if self.flicks >= self.level.challenge.flicks else []
        self.current = (self.current + 1) % self.players
        return [TurnStarted(self.current)]

    def _new_round(self) -> list[Event]:
        """A match's next round: every piece back on its target, every saucer at its Base, the next player
        starts; the pieces won so far stay in the piles (totals decide)."""
        self.round += 1
        self.pieces = [list(PIECES[3 - t.pieces:]) for t in self.level.targets]
        self.saucers = [list(self.base(p)) for p in range(self.players)]
        self.current = (self.first + self.round) % self.players
        return [RoundStarted(self.round, self.current), TurnStarted(self.current)]

    def _finish(self) -> list[Event]:
        self.phase = OVER
        outcome = self.outcome()
        assert outcome is not None
        return [GameOver(outcome)]

    # ----- where a dropped saucer ends up --------------------------------
    def _drop_saucer(self, player: int, x: float, y: float) -> list[float]:
        """Centred over the die, then slid towards the Base until it overlaps nothing."""
        bx, by = self.base(player)
        dist = math.hypot(bx - x, by - y)
        steps = int(dist / SLIDE_STEP)
        for i in range(steps + 1):
            k = i * SLIDE_STEP / dist if dist else 1.0
            px, py = x + (bx - x) * k, y + (by - y) * k
            if not self._overlaps(player, px, py):
                return [px, py]
        return [bx, by]

    def _overlaps(self, player: int, x: float, y: float) -> bool:
        """On a target, on another saucer, or on another player's Base (so a saucer sent home never lands
        on a dropped one); or so near a wall or a bumper that the die in its hole would touch it."""
        r = self.level.saucer_diameter / 2
        if self._die_blocked(x, y):
            return True
        for t, target in enumerate(self.level.targets):
            top = self.top_radius(t)
            if top is not None and math.hypot(target.x - x, target.y - y) < r + top:
                return True
        others = [(s[0], s[1]) for p, s in enumerate(self.saucers) if p != player]
        others += [self.base(p) for p in range(self.players) if p != player]
        return any(math.hypot(sx - x, sy - y) < 2 * r for sx, sy in others)

    def _die_blocked(self, x: float, y: float) -> bool:
        """A die put down at (x, y) would sit in a wall or a bumper (resting against one is fine: a millimetre of
        slack, as a die at rest there keeps)."""
        reach = self.level.die_size / 2 - 1.0
        for wall in self.level.walls:
            if segment_distance((x, y), wall.a, wall.b) < wall.thickness / 2 + reach:
                return True
        return any(math.hypot(b.x - x, b.y - y) < b.radius + reach for b in self.level.bumpers)

    # ----- the log ---------------------------------------------------------
    def encode_action(self, action: object) -> Json:
        if not isinstance(action, (Flick, Landing)):
            raise TypeError(f"{type(action).__name__} is neither a flick nor a landing")
        data = asdict(action)
        if "saucers" in data:
            data["saucers"] = list(data["saucers"])
        return data

    def decode_action(self, player: int, data: object) -> Flick | Landing:
        f = Fields(data, "flick" if player != CHANCE else "landing")
        if player != CHANCE:
            return Flick(f.number("angle", -1e6, 1e6), f.number("power", 0, 1), f.number("spin", -MAX_SPIN, MAX_SPIN))
        target = f.data.get("target")
        return Landing(x=f.number("x", -1e6, 1e6), y=f.number("y", -1e6, 1e6), face=f.choice("face", ICONS),
                       fell=f.bool("fell"), left_saucer=f.bool("left_saucer"),
                       target=None if target is None else f.int("target", 0, 99),
                       saucers=tuple(f.int_list("saucers", None, 0, MAX_STANDARD_PLAYERS - 1)))


def _well_formed(landing: object) -> Landing:
    """A Landing with a known face, true-or-false flags and a finite position, or IllegalAction."""
    if not isinstance(landing, Landing):
        raise IllegalAction(f"a landing is needed, not {type(landing).__name__}")
    if landing.face not in ICONS:
        raise IllegalAction(f"unknown die face {str(landing.face)[:20]!r}")
    if not all(isinstance(v, bool) for v in (landing.fell, landing.left_saucer)):
        raise IllegalAction("a landing's 'fell' and 'left_saucer' must be true or false")
    if not all(isinstance(v, (int, float)) and math.isfinite(v) for v in (landing.x, landing.y)):
        raise IllegalAction("a landing needs a position")
    return landing


def _check_flick(flick: object) -> Flick:
    if not isinstance(flick, Flick):
        raise IllegalAction(f"a flick is needed, not {type(flick).__name__}")
    values = (flick.angle, flick.power, flick.spin)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in values):
        raise IllegalAction("a flick needs a finite angle, power and spin")
    if not 0 < flick.power <= 1:
        raise IllegalAction(f"flick power must be in (0, 1], got {flick.power}")
    if abs(flick.spin) > MAX_SPIN:
        raise IllegalAction(f"spin must be within ±{MAX_SPIN:g} rad/s")
    return flick

