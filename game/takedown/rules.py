"""Ten-Minute Takedown rules: what a landing means. Headless and deterministic.

The physics decides where the die lands; these rules decide the
consequences: a re-flick when the die never left the saucer, the table
edge, claiming the lowest-value piece of a target (flipped to its solid
side when the die's icon matches), knocking other saucers home, dropping
the saucer over the die and sliding it towards its owner's Base until it
overlaps nothing, the end and the tie-breaks. The challenge mode is the
same game for one player against a flick limit.

The state serializes to JSON; an impossible landing raises
``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

import math

from game.core.fields import Fields
from game.core.rng import Rng
from game.takedown.level import ICONS, PIECES, Level, LevelError, load_level, LEVEL_DIR
from game.takedown.shot import Landing

MIN_PLAYERS, MAX_PLAYERS = 2, 4
SLIDE_STEP = 2.0  # mm per step when sliding a saucer off an overlap
FLICKING, OVER = "flick", "over"


class IllegalAction(ValueError):
    """A landing the rules cannot accept in the current state."""


def level_by_id(level_id: str) -> Level:
    path = LEVEL_DIR / f"{level_id}.toml"
    if not path.resolve().is_relative_to(LEVEL_DIR.resolve()) or not path.exists():
        raise ValueError(f"field 'level': no table called {level_id!r}")
    return load_level(path)


class Takedown:
    def __init__(self, level: Level, players: int, seed: int = 0, challenge: bool = False):
        low, high = (1, 1) if challenge else (MIN_PLAYERS, min(MAX_PLAYERS, len(level.bases)))
        if not low <= players <= high:
            raise ValueError(f"this table takes {low} to {high} players, not {players}")
        if not challenge and len(level.targets) < players + 1:
            raise ValueError("a standard game needs one more target than players")
        self.level = level
        self.level_id = _level_id(level)
        self.players = players
        self.challenge = challenge
        self.saucers = [list(level.bases[p]) for p in range(players)]
        self.pieces = [list(PIECES[3 - t.pieces:]) for t in level.targets]  # remaining, lowest value first
        self.piles: list[list[list]] = [[] for _ in range(players)]  # [target, piece, flipped]
        self.current = 0
        self.flicks = 0  # shots that counted
        self.attempts = 0  # every flick, re-flicks included (seeds the hand wobble)
        self.phase = FLICKING
        self.winners: list[int] = []
        self.history: list[list[int]] = []  # every counted flick: [player, points it earned]
        self.rng = Rng(seed)  # for the flicker's hand wobble (scene and bots)

    # ----- queries -------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def base(self, player: int) -> tuple[float, float]:
        return self.level.bases[player]

    def top_radius(self, target: int) -> float | None:
        """Radius of the top (largest remaining) piece, None when cleared."""
        left = self.pieces[target]
        return self.level.piece_radius(left[0]) if left else None

    def hand_rng(self) -> Rng:
        """Randomness for the next flick's hand wobble: fixed by the state, fresh per attempt."""
        return Rng(self.rng.state ^ (self.attempts + 1) * 0x9E3779B97F4A7C15)

    def points(self, player: int) -> int:
        return sum(self.level.points(piece, flipped) for _, piece, flipped in self.piles[player])

    def centers(self, player: int) -> int:
        return sum(1 for _, piece, _ in self.piles[player] if piece == "center")

    def pieces_left(self) -> int:
        return sum(len(p) for p in self.pieces)

    def flicks_left(self) -> int | None:
        return self.level.challenge.flicks - self.flicks if self.challenge else None

    def stars(self) -> int:
        """Challenge result: 3 at par or better, 2 within par + 2, 1 within the limit, 0 failed."""
        if not self.challenge or self.pieces_left():
            return 0
        par = self.level.challenge.par
        return 3 if self.flicks <= par else 2 if self.flicks <= par + 2 else 1

    def ranking(self) -> list[list[int]]:
        """Places: most points, then most pieces, then most center discs; equal keys share a place."""
        key = lambda p: (self.points(p), len(self.piles[p]), self.centers(p))
        order = sorted(range(self.players), key=key, reverse=True)
        groups: list[list[int]] = []
        for p in order:
            if groups and key(groups[-1][0]) == key(p):
                groups[-1].append(p)
            else:
                groups.append([p])
        return groups

    # ----- the one action: a landing ------------------------------------
    def apply_landing(self, landing: Landing) -> list[tuple]:
        """Apply the outcome of the current player's flick; returns events."""
        self._check(landing)
        me = self.current
        events: list[tuple] = []
        self.attempts += 1
        if not landing.left_saucer:
            return [("reflick", me)]
        self.flicks += 1
        if landing.fell:
            self.saucers[me] = list(self.base(me))
            events.append(("fell", me))
        else:
            for other in landing.saucers:
                self.saucers[other] = list(self.base(other))
                events.append(("knocked", other, me))
            if landing.target is not None:
                events.append(self._claim(me, landing.target, landing.face))
                self.saucers[me] = list(self.base(me))
            else:
                self.saucers[me] = self._drop_saucer(me, landing.x, landing.y)
                events.append(("moved", me, tuple(self.saucers[me])))
        earned = events[-1][-1] if events and events[-1][0] == "claim" else 0
        self.history.append([me, earned])
        return events + self._next()

    def _check(self, landing: Landing) -> None:
        if self.phase != FLICKING:
            raise IllegalAction("the game is over")
        if landing.face not in ICONS:
            raise IllegalAction(f"unknown die face {landing.face!r}")
        if landing.target is not None:
            if not 0 <= landing.target < len(self.pieces):
                raise IllegalAction(f"there is no target {landing.target}")
            if not self.pieces[landing.target]:
                raise IllegalAction(f"target {landing.target} has no pieces left")
        if any(not 0 <= p < self.players or p == self.current for p in landing.saucers):
            raise IllegalAction(f"bad saucers hit: {landing.saucers}")
        w, h = self.level.table_w, self.level.table_h
        if not landing.fell and not (0 <= landing.x <= w and 0 <= landing.y <= h):
            raise IllegalAction("a die on the table must lie on the table")

    def _claim(self, player: int, target: int, face: str) -> tuple:
        piece = self.pieces[target].pop(0)
        flipped = face == self.level.targets[target].icon
        self.piles[player].append([target, piece, flipped])
        return ("claim", player, target, piece, flipped, self.level.points(piece, flipped))

    def _next(self) -> list[tuple]:
        if not self.pieces_left():
            return self._finish()
        if self.challenge:
            if self.flicks >= self.level.challenge.flicks:
                return self._finish()
            return []
        self.current = (self.current + 1) % self.players
        return [("turn", self.current)]

    def _finish(self) -> list[tuple]:
        self.phase = OVER
        self.winners = self.ranking()[0]
        return [("game-over", tuple(self.winners))]

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
                return [round(px, 3), round(py, 3)]
        return [bx, by]

    def _overlaps(self, player: int, x: float, y: float) -> bool:
        r = self.level.saucer_diameter / 2
        for t, target in enumerate(self.level.targets):
            top = self.top_radius(t)
            if top is not None and math.hypot(target.x - x, target.y - y) < r + top:
                return True
        return any(p != player and math.hypot(sx - x, sy - y) < 2 * r for p, (sx, sy) in enumerate(self.saucers))

    # ----- persistence ---------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": "takedown",
            "level": self.level_id,
            "players": self.players,
            "challenge": self.challenge,
            "saucers": [list(s) for s in self.saucers],
            "pieces": [list(p) for p in self.pieces],
            "piles": [[list(item) for item in pile] for pile in self.piles],
            "current": self.current,
            "flicks": self.flicks,
            "attempts": self.attempts,
            "phase": self.phase,
            "winners": list(self.winners),
            "history": [list(h) for h in self.history],
            "rng": self.rng.state,
        }

    @classmethod
    def from_json(cls, data: dict) -> "Takedown":
        f = Fields(data)
        try:
            level = level_by_id(f.get("level", str))
        except LevelError as error:
            raise ValueError(f"field 'level': {error}") from error
        challenge = f.bool("challenge")
        players = f.int("players", 1, MAX_PLAYERS)
        state = cls(level, players, challenge=challenge)
        state.saucers = [_point(s, "saucers", level) for s in f.get("saucers", list)]
        if len(state.saucers) != players:
            raise ValueError("field 'saucers': one per player expected")
        pieces = f.get("pieces", list)
        if len(pieces) != len(level.targets) or any(
            not isinstance(left, list) or left != [p for p in PIECES if p in left] or len(left) > level.targets[t].pieces
            for t, left in enumerate(pieces)
        ):
            raise ValueError("field 'pieces': does not match the table's targets")
        state.pieces = [list(left) for left in pieces]
        piles = f.get("piles", list)
        if len(piles) != players:
            raise ValueError("field 'piles': one per player expected")
        state.piles = [[_pile_item(item, level) for item in pile] for pile in piles]
        claimed = sum(len(p) for p in state.piles) + state.pieces_left()
        if claimed != sum(t.pieces for t in level.targets):
            raise ValueError("field 'piles': pieces are not conserved")
        state.current = f.int("current", 0, players - 1)
        state.flicks = f.int("flicks", 0, 1_000_000)
        state.attempts = f.int("attempts", state.flicks, 10_000_000)
        state.phase = f.choice("phase", (FLICKING, OVER))
        state.winners = f.int_list("winners", None, 0, players - 1)
        state.history = f.get("history", list)
        if any(not (isinstance(h, list) and len(h) == 2 and h[0] in range(players) and isinstance(h[1], int))
               for h in state.history) or [sum(h[1] for h in state.history if h[0] == p) for p in range(players)] != [
                   state.points(p) for p in range(players)]:
            raise ValueError("field 'history': the flicks do not add up to the score piles")
        state.rng = Rng(f.int("rng", 0, (1 << 64) - 1))
        return state

    def copy(self) -> "Takedown":
        return Takedown.from_json(self.to_json())


def _level_id(level: Level) -> str:
    return f"challenge/{level.id}" if level.challenge else level.id


def _point(value, name: str, level: Level) -> list[float]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value)):
        raise ValueError(f"field '{name}': expected [x, y], got {value!r}")
    if not (0 <= value[0] <= level.table_w and 0 <= value[1] <= level.table_h):
        raise ValueError(f"field '{name}': {value} is off the table")
    return [float(value[0]), float(value[1])]


def _pile_item(item, level: Level) -> list:
    ok = (isinstance(item, list) and len(item) == 3 and isinstance(item[0], int) and 0 <= item[0] < len(level.targets)
          and item[1] in PIECES and isinstance(item[2], bool))
    if not ok:
        raise ValueError(f"field 'piles': bad piece {item!r}")
    return list(item)


def load_state(data: dict) -> Takedown:
    """The common entry point every game's rules offer for saved states."""
    return Takedown.from_json(data)
