"""Martian Dice rules: a headless, deterministic state machine on the shared protocol.

Dice are tracked as counts per face (13 identical dice, so which die shows
what does not matter to the rules). A player's "roll" leads to a chance
node; the chance outcome is the face counts of the dice rolled, drawn by
``sample_chance`` or scripted by a test (the rulebook's sample turn die by
die). A tie for first goes to a death-ray duel, another chance node whose
outcome is the rays each tied player rolls.

Every action is checked whole before anything changes, so an illegal one
raises ``IllegalAction`` and leaves the state as it was. Nothing is hidden
but the dice to come: a seat's view is the whole table (``MartianDiceView``),
and the questions bots ask of it are the state's own (``MartianDiceQueries``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core.protocol import (
    CHANCE,
    Event,
    GameOver,
    GameState,
    IllegalAction,
    Outcome,
    TurnStarted,
    rank,
)
from game.core.rng import Rng
from game.core.views import view_class
from game.core.words import counted

# Faces, in the order used by every count list.
TANK, RAY, HUMAN, COW, CHICKEN = range(5)
FACES = (TANK, RAY, HUMAN, COW, CHICKEN)
FACE_NAMES = ("tank", "ray", "human", "cow", "chicken")
EARTHLINGS = (HUMAN, COW, CHICKEN)
# The six sides of one die, declared once: 1 tank, 2 death rays, 1 of each earthling.
DIE_SIDES = (TANK, RAY, RAY, HUMAN, COW, CHICKEN)
FACE_SIDES = tuple(DIE_SIDES.count(face) for face in FACES)

NUM_DICE = 13
TARGET_SCORE = 25
ALL_TYPES_BONUS = 3
MAX_TURN_SCORE = NUM_DICE + ALL_TYPES_BONUS
DUEL_DICE = 6  # ruling: a tie for first is settled by rolling 6 dice, most rays wins

# Player actions are plain strings (value types, their own JSON).
ROLL = "roll"
STOP = "stop"
TAKE = {face: "take-" + FACE_NAMES[face] for face in (RAY,) + EARTHLINGS}
TAKE_FACE = {action: face for face, action in TAKE.items()}

# Phases of play.
MUST_ROLL = "must-roll"  # start of a turn: the only move is to roll
ROLLING = "rolling"  # chance: the dice are in the air
CHOOSE = "choose"  # dice on the table: pick one type to set aside
ROLL_OR_STOP = "roll-or-stop"  # after a pick: push on or bank
DUEL = "duel"  # chance: the players tied for first roll off
GAME_OVER = "over"


# ----- events (each says whose turn it concerns) ---------------------------
@dataclass(frozen=True)
class Rolling:
    player: int
    dice: int


@dataclass(frozen=True)
class Rolled:
    player: int
    counts: tuple[int, ...]  # per face, tanks included


@dataclass(frozen=True)
class TanksOut:
    player: int
    count: int


@dataclass(frozen=True)
class Stuck:
    """Nothing on the table may be taken: the turn ends."""

    player: int


@dataclass(frozen=True)
class Took:
    player: int
    face: int
    count: int


@dataclass(frozen=True)
class TurnEnded:
    player: int
    points: int
    busted: bool  # chased off: more tanks than death rays


@dataclass(frozen=True)
class FinalRound:
    player: int  # who reached the target
    still_to_play: tuple[int, ...]  # everyone who gets one last turn, in order


@dataclass(frozen=True)
class DuelStarted:
    players: tuple[int, ...]


@dataclass(frozen=True)
class DuelRolled:
    players: tuple[int, ...]
    rays: tuple[int, ...]


def turn_score(aside: Sequence[int]) -> int:
    """Points for a turn that ends with these dice set aside."""
    if aside[TANK] > aside[RAY]:
        return 0
    earthlings = aside[HUMAN] + aside[COW] + aside[CHICKEN]
    bonus = ALL_TYPES_BONUS if all(aside[f] for f in EARTHLINGS) else 0
    return earthlings + bonus


def sample_roll(rng: Rng, n: int) -> tuple[int, ...]:
    """Face counts of n fair Martian dice: each die lands on one of its six sides.

    One 64-bit draw holds all 13 dice as base-6 digits (6**13 is far below 2**64, so the digits are
    uniform to within one part in a billion).
    """
    counts = [0] * len(FACES)
    sides = len(DIE_SIDES)
    draw = rng.next_u64()
    for _ in range(n):
        draw, side = divmod(draw, sides)
        counts[DIE_SIDES[side]] += 1
    return tuple(counts)


class MartianDiceQueries:
    """What anyone at the table can work out from the dice and the scores: shared by the state and its views."""

    players: int
    current: int
    phase: str
    totals: Sequence[int]
    aside: Sequence[int]  # dice set aside this turn, per face
    table: Sequence[int]  # dice of the latest roll still on the table, per face

    def to_act(self) -> tuple[int, ...]:
        return (self.current,) if self.phase in (MUST_ROLL, CHOOSE, ROLL_OR_STOP) else ()

    def is_chance(self) -> bool:
        return self.phase in (ROLLING, DUEL)

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def score(self, player: int) -> int:
        return self.totals[player]

    @property
    def dice_left(self) -> int:
        """Dice that would be rolled next (not set aside this turn)."""
        return NUM_DICE - sum(self.aside)

    @property
    def turn_score(self) -> int:
        """What the current turn would score if it ended now."""
        return turn_score(self.aside)

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

    def legal_actions(self, player: int) -> list[str]:
        if player != self.current or player not in self.to_act():
            return []
        if self.phase == MUST_ROLL:
            return [ROLL]
        if self.phase == CHOOSE:
            table, aside = self.table, self.aside
            return [TAKE[f] for f in (RAY, HUMAN, COW, CHICKEN) if table[f] and (f == RAY or not aside[f])]
        return [ROLL, STOP]


@view_class
class MartianDiceView(MartianDiceQueries):
    """What one seat sees when it decides: the scores, the turn in progress, whether this is the final round.
    Everything here is public; the duel and past turns are left out (chance alone plays them)."""

    player: int  # the seat this view is made for
    players: int
    first: int
    current: int
    phase: str
    totals: tuple[int, ...]
    aside: tuple[int, ...]
    table: tuple[int, ...]
    final_round: bool


class MartianDice(MartianDiceQueries, GameState[str, tuple[int, ...], MartianDiceView]):
    """The whole game: scores, the current turn, the final round and the duel."""

    game_id = "martian-dice"
    min_players, max_players = 2, 8

    def __init__(self, players: int, seed: int = 0, options: Mapping[str, object] | None = None, first: int = 0):
        super().__init__(players, seed, options, first)
        self.totals: list[int] = [0] * players
        self.turns_taken = [0] * players
        self.current = first
        self.phase = MUST_ROLL
        self.aside: list[int] = [0] * 5
        self.table: list[int] = [0] * 5
        self.final_round = False
        self.duel_players: tuple[int, ...] = ()
        self.duel_rolls: list[tuple[int, ...]] = []  # rays rolled by each duel player, per duel round
        self.duel_winner: int | None = None
        self.history: list[TurnEnded] = []  # every finished turn

    def view(self, player: int) -> MartianDiceView:
        return MartianDiceView(player, self.players, self.first, self.current, self.phase, tuple(self.totals),
                               tuple(self.aside), tuple(self.table), self.final_round)

    def outcome(self) -> Outcome | None:
        if self.phase != GAME_OVER:
            return None
        ranking = rank(self.players, lambda p: self.totals[p])
        reason = "Most points"
        if self.duel_winner is not None:
            rest = tuple(p for p in ranking[0] if p != self.duel_winner)
            ranking = ((self.duel_winner,), rest) + ranking[1:]
            rounds = len(self.duel_rolls)
            reason = f"Tied for first; won the death-ray duel ({counted(rounds, 'round')})"
        return Outcome(ranking, tuple(self.totals), reason)

    # ----- actions -------------------------------------------------------
    def sample_chance(self, rng: Rng) -> tuple[int, ...]:
        if self.phase == ROLLING:
            return sample_roll(rng, self.dice_left)
        if self.phase == DUEL:
            return tuple(sample_roll(rng, DUEL_DICE)[RAY] for _ in self.duel_players)
        raise IllegalAction("no chance outcome is due now")

    def _apply(self, player: int, action: object) -> list[Event]:
        if player == CHANCE:
            counts = self._check_counts(action)
            return self._roll(counts) if self.phase == ROLLING else self._duel(counts)
        if not isinstance(action, str) or not self._allowed(action):
            raise IllegalAction(self._illegal_reason(action))
        if action == ROLL:
            self.phase = ROLLING
            return [Rolling(player, self.dice_left)]
        if action == STOP:
            return self._end_turn()
        return self._take(TAKE_FACE[action])

    def _allowed(self, action: str) -> bool:
        """Whether the current player may take `action` now (``legal_actions`` without the list)."""
        if action == ROLL:
            return self.phase in (MUST_ROLL, ROLL_OR_STOP)
        if action == STOP:
            return self.phase == ROLL_OR_STOP
        face = TAKE_FACE.get(action)
        return face is not None and self.can_take(face)

    def _check_counts(self, counts: object) -> tuple[int, ...]:
        if not isinstance(counts, (tuple, list)) or not all(type(c) is int and c >= 0 for c in counts):
            raise IllegalAction(f"a chance outcome must be a list of whole numbers, got {str(counts)[:60]}")
        if self.phase == ROLLING and (len(counts) != len(FACES) or sum(counts) != self.dice_left):
            raise IllegalAction(f"a roll must give face counts for exactly {self.dice_left} dice, got {list(counts)}")
        if self.phase == DUEL and (len(counts) != len(self.duel_players) or max(counts) > DUEL_DICE):
            raise IllegalAction(f"a duel needs 0..{DUEL_DICE} rays for each of {len(self.duel_players)} players")
        return tuple(counts)

    def _illegal_reason(self, action: object) -> str:
        if not isinstance(action, str):
            return f"an action is a word such as 'roll', not {type(action).__name__}"
        if action in TAKE_FACE:
            return self.why_not_take(TAKE_FACE[action]) or "cannot take that now"
        if action not in {ROLL, STOP, *TAKE_FACE}:
            return f"unknown action {action[:30]!r}"
        return f"{action!r} is not allowed now; legal: {', '.join(self.legal_actions(self.current))}"

    def _roll(self, counts: tuple[int, ...]) -> list[Event]:
        player = self.current
        events: list[Event] = [Rolled(player, counts)]
        if counts[TANK]:
            events.append(TanksOut(player, counts[TANK]))
        self.aside[TANK] += counts[TANK]
        self.table = list(counts)
        self.table[TANK] = 0
        self.phase = CHOOSE
        if not self.legal_actions(player):
            events.append(Stuck(player))
            events += self._end_turn()
        return events

    def _take(self, face: int) -> list[Event]:
        count = self.table[face]
        self.aside[face] += count
        self.table[face] = 0
        events: list[Event] = [Took(self.current, face, count)]
        if self.dice_left == 0:
            return events + self._end_turn()
        self.phase = ROLL_OR_STOP
        return events

    def _end_turn(self) -> list[Event]:
        player, score = self.current, self.turn_score
        ended = TurnEnded(player, score, self.aside[TANK] > self.aside[RAY])
        self.totals[player] += score
        self.turns_taken[player] += 1
        self.history.append(ended)
        events: list[Event] = [ended]
        self.aside = [0] * 5
        self.table = [0] * 5
        self.current = (player + 1) % self.players
        if not self.final_round and self.totals[player] >= TARGET_SCORE:
            self.final_round = True
            events.append(FinalRound(player, self._still_to_play()))
        if self.final_round and self.current == self.first:
            return events + self._round_complete()
        self.phase = MUST_ROLL
        return events + [TurnStarted(self.current)]

    def _still_to_play(self) -> tuple[int, ...]:
        """The players after the current one up to the end of the round (its first player)."""
        still, p = [], self.current
        while p != self.first:
            still.append(p)
            p = (p + 1) % self.players
        return tuple(still)

    def _round_complete(self) -> list[Event]:
        best = max(self.totals)
        tied = tuple(p for p in range(self.players) if self.totals[p] == best)
        if len(tied) == 1:
            return self._finish()
        self.phase = DUEL
        self.duel_players = tied
        return [DuelStarted(tied)]

    def _duel(self, rays: tuple[int, ...]) -> list[Event]:
        self.duel_rolls.append(rays)
        best = max(rays)
        leaders = tuple(p for p, r in zip(self.duel_players, rays) if r == best)
        events: list[Event] = [DuelRolled(self.duel_players, rays)]
        if len(leaders) == 1:
            self.duel_winner = leaders[0]
            return events + self._finish()
        self.duel_players = leaders
        return events

    def _finish(self) -> list[Event]:
        self.phase = GAME_OVER
        self.duel_players = ()
        outcome = self.outcome()
        assert outcome is not None
        return [GameOver(outcome)]
