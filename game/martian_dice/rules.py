"""Martian Dice rules: a headless, deterministic state machine.

The state is a plain object that serializes to JSON. Dice are tracked as
counts per face (13 identical dice, so which die shows what does not
matter to the rules). Randomness comes from the seeded ``Rng`` in the
state; a roll can also be supplied explicitly (``apply_roll``), which is
how tests script the rulebook's sample turn die by die.

Every mutating method checks the whole request before touching the state,
so an illegal action raises ``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from math import factorial

from game.core.fields import Fields
from game.core.rng import Rng

# Faces, in the order used by every count list.
TANK, RAY, HUMAN, COW, CHICKEN = range(5)
FACES = (TANK, RAY, HUMAN, COW, CHICKEN)
FACE_NAMES = ("tank", "ray", "human", "cow", "chicken")
EARTHLINGS = (HUMAN, COW, CHICKEN)
# How many sides of one die show each face (1 tank, 2 rays, 1 of each earthling).
FACE_SIDES = (1, 2, 1, 1, 1)

NUM_DICE = 13
TARGET_SCORE = 25
ALL_TYPES_BONUS = 3
DUEL_DICE = 6  # ruling: a tie for first is settled by rolling 6 dice, most rays wins
MIN_PLAYERS, MAX_PLAYERS = 2, 8

# Actions are plain strings (value types, trivially JSON).
ROLL = "roll"
STOP = "stop"
DUEL = "duel"
TAKE = {face: "take-" + FACE_NAMES[face] for face in (RAY,) + EARTHLINGS}
TAKE_FACE = {action: face for face, action in TAKE.items()}

# Phases of play.
MUST_ROLL = "must-roll"  # start of a turn: the only move is to roll
CHOOSE = "choose"  # dice on the table: pick one type to set aside
ROLL_OR_STOP = "roll-or-stop"  # after a pick: push on or bank
DUEL_PENDING = "duel"  # tie for first: the tied players roll off
GAME_OVER = "over"
PHASES = (MUST_ROLL, CHOOSE, ROLL_OR_STOP, DUEL_PENDING, GAME_OVER)


class IllegalAction(ValueError):
    """An action that the rules do not allow in the current state."""


def turn_score(aside: list[int]) -> int:
    """Points for a turn that ends with these dice set aside."""
    if aside[TANK] > aside[RAY]:
        return 0
    earthlings = aside[HUMAN] + aside[COW] + aside[CHICKEN]
    bonus = ALL_TYPES_BONUS if all(aside[f] for f in EARTHLINGS) else 0
    return earthlings + bonus


def _roll_table(n: int) -> tuple[list[tuple[int, ...]], list[int], int]:
    """All outcomes of rolling n dice as face counts, with integer weights."""
    outcomes, weights = [], []

    def split(left: int, face: int, counts: list[int]) -> None:
        if face == len(FACES) - 1:
            counts = counts + [left]
            weight = factorial(n)
            for f, c in enumerate(counts):
                weight = weight // factorial(c) * FACE_SIDES[f] ** c
            outcomes.append(tuple(counts))
            weights.append(weight)
            return
        for c in range(left + 1):
            split(left - c, face + 1, counts + [c])

    split(n, 0, [])
    return outcomes, list(accumulate(weights)), 6**n


_ROLL_TABLES = [_roll_table(n) for n in range(NUM_DICE + 1)]


def sample_roll(rng: Rng, n: int) -> tuple[int, ...]:
    """Face counts of n fair Martian dice, drawn with one random number."""
    outcomes, cumulative, total = _ROLL_TABLES[n]
    return outcomes[bisect_right(cumulative, rng.next_u64() % total)]


def sample_rays(rng: Rng, n: int) -> int:
    return sample_roll(rng, n)[RAY]


class MartianDice:
    """The whole game: scores, the current turn, the final round and the duel."""

    def __init__(self, players: int, seed: int = 0):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Martian Dice needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        self.players = players
        self.scores = [0] * players
        self.turns_taken = [0] * players
        self.current = 0
        self.phase = MUST_ROLL
        self.aside = [0] * 5  # dice set aside this turn, per face
        self.table = [0] * 5  # dice of the latest roll still on the table, per face
        self.final_round = False
        self.duel_players: list[int] = []
        self.duel_rolls: list[list[int]] = []  # rays rolled by each duel player, per duel round
        self.winner: int | None = None
        self.history: list[list] = []  # every finished turn: [player, points, chased off by tanks]
        self.rng = Rng(seed)

    # ----- queries -------------------------------------------------------
    @property
    def dice_left(self) -> int:
        """Dice that would be rolled next (not set aside this turn)."""
        return NUM_DICE - sum(self.aside)

    def available(self, face: int) -> int:
        """Dice of this face on the table that could be taken now."""
        return self.table[face] if self.phase == CHOOSE and face != TANK else 0

    def can_take(self, face: int) -> bool:
        if self.phase != CHOOSE or face == TANK or not self.table[face]:
            return False
        return face == RAY or not self.aside[face]

    def why_not_take(self, face: int) -> str | None:
        """A player-facing reason why a face cannot be taken now, or None."""
        if self.phase != CHOOSE:
            return "Roll the dice first." if self.phase in (MUST_ROLL, ROLL_OR_STOP) else "Not now."
        if face == TANK:
            return "Tanks are set aside automatically."
        if not self.table[face]:
            return f"No {FACE_NAMES[face]} dice on the table."
        if face != RAY and self.aside[face]:
            return f"You already abducted {FACE_NAMES[face]}s this turn."
        return None

    def legal_actions(self) -> list[str]:
        if self.phase == MUST_ROLL:
            return [ROLL]
        if self.phase == CHOOSE:
            return [TAKE[f] for f in (RAY,) + EARTHLINGS if self.can_take(f)]
        if self.phase == ROLL_OR_STOP:
            return [ROLL, STOP]
        if self.phase == DUEL_PENDING:
            return [DUEL]
        return []

    @property
    def turn_score(self) -> int:
        """What the current turn would score if it ended now."""
        return turn_score(self.aside)

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def ranking(self) -> list[list[int]]:
        """Players grouped by finishing place, best first (duel winner ahead)."""
        order = sorted(range(self.players), key=lambda p: -self.scores[p])
        groups: list[list[int]] = []
        for p in order:
            if groups and self.scores[groups[-1][0]] == self.scores[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        if self.winner is not None and len(groups[0]) > 1:
            rest = [p for p in groups[0] if p != self.winner]
            groups[0:1] = [[self.winner], rest]
        return groups

    # ----- actions -------------------------------------------------------
    def apply(self, action: str) -> list[tuple]:
        """Play one action; returns events describing what happened."""
        if action not in self.legal_actions():
            raise IllegalAction(self._illegal_reason(action))
        if action == ROLL:
            return self.apply_roll(sample_roll(self.rng, self.dice_left))
        if action == STOP:
            return self._end_turn()
        if action == DUEL:
            return self.apply_duel([sample_rays(self.rng, DUEL_DICE) for _ in self.duel_players])
        return self._take(TAKE_FACE[action])

    def apply_roll(self, counts) -> list[tuple]:
        """Roll with chosen faces (counts per face); the chance part of ROLL."""
        if self.phase not in (MUST_ROLL, ROLL_OR_STOP):
            raise IllegalAction(f"cannot roll now (phase {self.phase})")
        counts = list(counts)
        if len(counts) != 5 or any(c < 0 for c in counts) or sum(counts) != self.dice_left:
            raise IllegalAction(f"a roll must give face counts for exactly {self.dice_left} dice, got {counts}")
        events = [("rolled", tuple(counts))]
        tanks = counts[TANK]
        if tanks:
            events.append(("tanks", tanks))
        self.aside[TANK] += tanks
        self.table = counts
        self.table[TANK] = 0
        self.phase = CHOOSE
        if not self.legal_actions():
            events.append(("stuck",))
            events += self._end_turn()
        return events

    def apply_duel(self, rays: list[int]) -> list[tuple]:
        """Settle one duel round with chosen ray counts (one per duel player)."""
        if self.phase != DUEL_PENDING:
            raise IllegalAction("there is no death-ray duel to roll")
        if len(rays) != len(self.duel_players) or any(not 0 <= r <= DUEL_DICE for r in rays):
            raise IllegalAction(f"a duel needs 0..{DUEL_DICE} rays for each of {len(self.duel_players)} players")
        self.duel_rolls.append(list(rays))
        best = max(rays)
        leaders = [p for p, r in zip(self.duel_players, rays) if r == best]
        events: list[tuple] = [("duel", tuple(self.duel_players), tuple(rays))]
        if len(leaders) == 1:
            events += self._finish(leaders[0])
        else:
            self.duel_players = leaders
        return events

    def _illegal_reason(self, action: str) -> str:
        if action in TAKE_FACE:
            return self.why_not_take(TAKE_FACE[action]) or "cannot take that now"
        if self.phase == GAME_OVER:
            return "the game is over"
        known = {ROLL, STOP, DUEL, *TAKE_FACE}
        if action not in known:
            return f"unknown action {action!r}"
        return f"{action!r} is not allowed now (phase {self.phase}); legal: {', '.join(self.legal_actions())}"

    def _take(self, face: int) -> list[tuple]:
        count = self.table[face]
        self.aside[face] += count
        self.table[face] = 0
        events = [("took", face, count)]
        if self.dice_left == 0:
            return events + self._end_turn()
        self.phase = ROLL_OR_STOP
        return events

    def _end_turn(self) -> list[tuple]:
        player, score = self.current, self.turn_score
        busted = self.aside[TANK] > self.aside[RAY]
        self.scores[player] += score
        self.turns_taken[player] += 1
        self.history.append([player, score, busted])
        events: list[tuple] = [("turn-end", player, score, busted)]
        if not self.final_round and self.scores[player] >= TARGET_SCORE:
            self.final_round = True
            events.append(("final-round", player))
        self.aside = [0] * 5
        self.table = [0] * 5
        self.current = (player + 1) % self.players
        if self.final_round and self.current == 0:
            return events + self._round_complete()
        self.phase = MUST_ROLL
        return events

    def _round_complete(self) -> list[tuple]:
        best = max(self.scores)
        tied = [p for p in range(self.players) if self.scores[p] == best]
        if len(tied) == 1:
            return self._finish(tied[0])
        self.phase = DUEL_PENDING
        self.duel_players = tied
        return [("tie", tuple(tied))]

    def _finish(self, winner: int) -> list[tuple]:
        self.winner = winner
        self.phase = GAME_OVER
        self.duel_players = []
        return [("game-over", winner)]

    # ----- persistence ---------------------------------------------------
    def copy(self) -> "MartianDice":
        return MartianDice.from_json(self.to_json())

    def to_json(self) -> dict:
        return {
            "game": "martian-dice",
            "players": self.players,
            "scores": list(self.scores),
            "turns_taken": list(self.turns_taken),
            "current": self.current,
            "phase": self.phase,
            "aside": list(self.aside),
            "table": list(self.table),
            "final_round": self.final_round,
            "duel_players": list(self.duel_players),
            "duel_rolls": [list(r) for r in self.duel_rolls],
            "winner": self.winner,
            "history": [list(turn) for turn in self.history],
            "rng": self.rng.state,
        }

    @classmethod
    def from_json(cls, data: dict) -> "MartianDice":
        """Rebuild a state; raises ValueError naming the field that is wrong."""
        v = Fields(data)
        players = v.int("players", MIN_PLAYERS, MAX_PLAYERS)
        state = cls(players)
        state.scores = v.int_list("scores", players, 0, 10_000)
        state.turns_taken = v.int_list("turns_taken", players, 0, 1_000_000)
        state.current = v.int("current", 0, players - 1)
        state.phase = v.choice("phase", PHASES)
        state.aside = v.int_list("aside", 5, 0, NUM_DICE)
        state.table = v.int_list("table", 5, 0, NUM_DICE)
        state.final_round = v.bool("final_round")
        state.duel_players = v.int_list("duel_players", None, 0, players - 1)
        state.duel_rolls = [list(r) for r in v.get("duel_rolls", list)]
        winner = data.get("winner")
        state.winner = None if winner is None else v.int("winner", 0, players - 1)
        state.history = [_turn_record(turn, players) for turn in v.get("history", list)]
        state.rng = Rng(v.int("rng", 0, (1 << 64) - 1))
        if [sum(t[1] for t in state.history if t[0] == p) for p in range(players)] != state.scores:
            raise ValueError("field 'history': the turns do not add up to the scores")
        if sum(state.aside) + sum(state.table) > NUM_DICE:
            raise ValueError("field 'aside': more than 13 dice in play")
        if state.phase == GAME_OVER and state.winner is None:
            raise ValueError("field 'winner': a finished game needs a winner")
        return state


def _turn_record(turn, players: int) -> list:
    valid = (
        isinstance(turn, list) and len(turn) == 3 and isinstance(turn[2], bool)
        and all(isinstance(x, int) and not isinstance(x, bool) for x in turn[:2])
        and 0 <= turn[0] < players and 0 <= turn[1] <= NUM_DICE + ALL_TYPES_BONUS
    )
    if not valid:
        raise ValueError(f"field 'history' has a bad turn {turn!r}")
    return list(turn)


def load_state(data: dict) -> MartianDice:
    """The common entry point every game's rules offer for saved states."""
    return MartianDice.from_json(data)
