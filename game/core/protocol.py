"""The shape every game's rules share (after OpenSpiel's State and python-chess's Outcome).

A rules state is pure and deterministic. It says who must act now (several
players at once for simultaneous choices, nobody while chance acts or once
the game is over), which actions each player may take, and applies one
action at a time, returning small frozen events that say who did what.
Chance outcomes (a roll's face counts, where a flicked die comes to rest) are actions of
the ``CHANCE`` player, so tests script them and the log records them.

Every applied action is kept in ``log`` in JSON form. A game is saved as
game id, seed, options, first player and that log; loading replays the log
through the rules, so a file can never describe an impossible game, and an
illegal entry is reported with its number. Randomness never lives in the
state: ``chance_rng`` and ``rng_for`` derive it from the seed and the log
length, so a replayed game draws exactly what the original drew.

A state is typed by its game's actions, chance outcomes and view:
``MartianDice(GameState[str, tuple[int, ...], MartianDiceView])``. Players
and bots never get the state itself: ``view(player)`` builds a frozen
object holding only what that seat may know, and bots are functions of it
(``Bot[ViewT, ActionT]``). ``apply`` is typed for callers, and still checks
whatever it is given at run time, since actions also come from files.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Generic, Self, TypeAlias, TypeVar, cast

from game.core.fields import Fields, is_int
from game.core.rng import Rng
from game.core.steps import Steps, finish

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

CHANCE = -1  # the player id of chance: dice, landings, draws
MAX_LOG = 200_000  # more actions than any real game: a file claiming more is refused
MAX_SEED = (1 << 64) - 1

ActionT = TypeVar("ActionT")  # what a player does (a word, a card, a flick)
ChanceT = TypeVar("ChanceT")  # what chance answers (face counts, a card, a landing)
ViewT = TypeVar("ViewT")  # what one seat may know: a frozen dataclass of the game's own

Json: TypeAlias = "str | int | float | bool | None | Sequence[Json] | Mapping[str, Json]"
Event: TypeAlias = object  # what an applied action did: a small frozen dataclass of the game's own


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is unchanged."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: places as groups of tied players (best first), scores, and why.

    A shared first place is a real result: ``winners`` then holds several players.
    """

    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...]
    reason: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return self.ranking[0]

    @property
    def shared(self) -> bool:
        return len(self.ranking[0]) > 1

    def place(self, player: int) -> int:
        """0 for first; tied players share a place and the next place is skipped."""
        place = 0
        for group in self.ranking:
            if player in group:
                return place
            place += len(group)
        raise ValueError(f"player {player} is not ranked")

    def to_json(self) -> dict[str, Json]:
        return {"ranking": [list(g) for g in self.ranking], "scores": list(self.scores), "reason": self.reason}


def rank(players: int, key: Callable[[int], SupportsRichComparison]) -> tuple[tuple[int, ...], ...]:
    """Players grouped by `key`, highest first; equal keys share a group (in seat order)."""
    order = sorted(range(players), key=key, reverse=True)
    groups: list[list[int]] = []
    for p in order:
        if groups and key(groups[-1][0]) == key(p):
            groups[-1].append(p)
        else:
            groups.append([p])
    return tuple(tuple(sorted(g)) for g in groups)


# ----- events every game uses ------------------------------------------------
@dataclass(frozen=True)
class TurnStarted:
    player: int


@dataclass(frozen=True)
class GameOver:
    outcome: Outcome


@dataclass(frozen=True)
class Option:
    """A choice setup offers before a game starts (kept in the save and the line-up)."""

    id: str
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, label)
    default: str


@dataclass(frozen=True)
class Bot(Generic[ViewT, ActionT]):
    """A computer player: ``choose(view, player, rng) -> action`` for the seat it plays.

    A bot sees only the view made for its seat, never the state. A bot that thinks long may also
    give ``think``: the same decision as a stepwise computation (``game.core.steps``), which the game
    loop spreads over frames (or, with ``background``, runs in a thread of its own). In games of simultaneous choices a bot gives ``delay``: the seconds it
    takes to make a chosen action (infinite: only when the step closes), so races such as a Freeze
    Ray go to the quickest, on screen and in the sim.
    """

    label: str
    blurb: str
    choose: Callable[[ViewT, int, Rng], ActionT]  # (view, player, rng) -> action
    think: Callable[[ViewT, int, Rng], Steps[ActionT]] | None = None  # the same, as a stepwise computation
    delay: Callable[[ViewT, int, ActionT, Rng], float] | None = None  # (view, player, action, rng) -> seconds
    background: bool = False  # some single steps of `think` are long: the game loop runs it in a thread

    @classmethod
    def stepwise(cls, label: str, blurb: str, think: Callable[[ViewT, int, Rng], Steps[ActionT]],
                 background: bool = False) -> Bot[ViewT, ActionT]:
        """A bot written as a stepwise computation; ``choose`` runs it to the end."""
        return cls(label, blurb, lambda view, player, rng: finish(think(view, player, rng)), think, None, background)


class GameState(ABC, Generic[ActionT, ChanceT, ViewT]):
    """One game in progress. Subclasses implement the rules; this class keeps the record."""

    game_id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    simultaneous: ClassVar[bool] = False  # several players choose at once: each seat needs its own input

    def __init__(self, players: int, seed: int = 0, options: Mapping[str, object] | None = None, first: int = 0):
        if not is_int(players) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.game_id} needs {self.min_players} to {self.max_players} players, not {players}")
        if not is_int(first) or not 0 <= first < players:
            raise ValueError(f"the first player must be a seat number, not {first!r}")
        if not is_int(seed) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed must be a whole number in 0..2**64-1, not {seed!r}")
        self.players = players
        self.seed = seed
        self.first = first
        self.options = self.check_options(options or {})
        self.log: list[list[Json]] = []  # [player, action as JSON], in the order applied

    # ----- what each game implements -------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The players who must act now: one in turn-based play, several for a
        simultaneous choice, none while chance acts or once the game is over."""

    def is_chance(self) -> bool:
        """A chance outcome must be applied next (by the ``CHANCE`` player)."""
        return False

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_actions(self, player: int) -> Sequence[ActionT]:
        """The actions `player` may take now: never empty while it is their move, empty otherwise."""

    def random_action(self, player: int, rng: Rng) -> ActionT:
        """A uniformly random legal action."""
        actions = self.legal_actions(player)
        if not actions:
            raise IllegalAction(f"player {player} has nothing to do now")
        return rng.choice(actions)

    @abstractmethod
    def _apply(self, player: int, action: object) -> list[Event]:
        """Check the whole action (it may be anything: actions also come from files), then change
        the state; return the events."""

    def sample_chance(self, rng: Rng) -> ChanceT:
        """A fairly drawn chance outcome for the pending chance node."""
        raise IllegalAction("no chance outcome is due now")

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def score(self, player: int) -> float:
        """The player's points so far (what a scoreboard shows)."""

    @abstractmethod
    def view(self, player: int) -> ViewT:
        """What `player` may know now: a frozen object made for that seat (no seed, no log, no
        generator, nothing of the state's own), for bots and phones."""

    def encode_action(self, action: object) -> Json:
        """An accepted action as JSON for the log: words and numbers are their own JSON, tuples become
        lists (games with other actions override this and ``decode_action``)."""
        if isinstance(action, (str, int, float)):
            return action
        if isinstance(action, tuple):
            return list(action)
        raise TypeError(f"{type(action).__name__} has no JSON form")

    def decode_action(self, player: int, data: object) -> ActionT | ChanceT:
        """An action read back from a log entry (lists become tuples). Nothing read is trusted: ``apply``
        checks it whole, as it checks every action, so the type here is only what the log claims."""
        return cast("ActionT | ChanceT", tuple(data) if isinstance(data, list) else data)

    def check_options(self, options: object) -> dict[str, str]:
        """The declared options, each defaulted or checked; unknown ones are refused."""
        if not isinstance(options, Mapping):
            raise ValueError("options should be a JSON object")
        known = {o.id: o for o in self.OPTIONS}
        for key in options:
            if key not in known:
                raise ValueError(f"field 'options': unknown option {str(key)[:30]!r}")
        result = {}
        for option in self.OPTIONS:
            value = options.get(option.id, option.default)
            if value not in [v for v, _ in option.choices]:
                raise ValueError(f"field 'options.{option.id}': {str(value)[:30]!r} is not a choice")
            result[option.id] = str(value)
        return result

    # ----- provided for every game ---------------------------------------
    def apply(self, player: int, action: ActionT | ChanceT) -> list[Event]:
        """Play one action; IllegalAction (state unchanged) if the rules refuse it. Both are checked
        whole whatever their types say, since actions also come from files."""
        if type(player) is not int:
            raise IllegalAction(f"there is no player {str(player)[:20]}")
        if player == CHANCE:
            if not self.is_chance():
                raise IllegalAction("no chance outcome is due now")
        elif player not in self.to_act():
            if not 0 <= player < self.players:
                raise IllegalAction(f"there is no player {player}")
            raise IllegalAction("the game is over" if self.is_over else f"it is not player {player}'s move")
        events = self._apply(player, action)
        self.log.append([player, self.encode_action(action)])
        return events

    def apply_chance(self) -> list[Event]:
        """Draw and apply the pending chance outcome(s); returns all their events."""
        events: list[Event] = []
        while self.is_chance():
            events += self.apply(CHANCE, self.sample_chance(self.chance_rng()))
        return events

    def chance_rng(self) -> Rng:
        """Randomness for the next chance outcome: fixed by the seed and the log length."""
        return self.rng_for("chance")

    def rng_for(self, purpose: str) -> Rng:
        """A stream for `purpose` at this point of the game ("bot/2", "hand"): replays draw the same."""
        return Rng.derived(self.seed, purpose, len(self.log))

    def to_json(self) -> dict[str, Json]:
        return {"game": self.game_id, "players": self.players, "seed": self.seed, "first": self.first,
                "options": dict(self.options), "log": [list(entry) for entry in self.log]}

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Replay a saved game; ValueError names the field, or the log entry and why it is refused."""
        f = Fields(data)
        if f.get("game", str) != cls.game_id:
            f.fail("game", f"is {str(f.data['game'])[:30]!r}, expected {cls.game_id!r}")
        players = f.int("players", cls.min_players, cls.max_players)
        state = cls(players, f.int("seed", 0, MAX_SEED), f.get("options", dict), f.int("first", 0, players - 1))
        log = f.get("log", list)
        if len(log) > MAX_LOG:
            f.fail("log", f"has {len(log)} actions, more than any game")
        for n, entry in enumerate(log, start=1):
            if not (isinstance(entry, list) and len(entry) == 2 and is_int(entry[0])):
                raise ValueError(f"field 'log': action {n} should be [player, action]")
            try:
                state.apply(entry[0], state.decode_action(entry[0], entry[1]))
            except (IllegalAction, ValueError, TypeError) as error:
                raise ValueError(f"field 'log': action {n} is impossible: {error}") from None
        return state

    def copy(self) -> Self:
        return type(self).from_json(self.to_json())
