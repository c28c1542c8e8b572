"""Mars Attacks: The Dice Game rules: a headless, deterministic state machine on the shared protocol.

Ten dice, each a third Martian, Ray Gun and Nuke. A turn: target a card in
play, roll; Nukes stay and pile up, and when they reach the Nuke symbols in
play the player is nuked (the turn's results are lost); Ray Guns stay;
Martians are re-rolled to continue (on a monument they count and the turn
ends after one roll). Stopping short banks the turn's count with a token.
Reaching the card's last space claims it at once.

Chance acts twice: the dice (the outcome is the count of Martians, Ray Guns
and Nukes) and turning a card face up (the outcome is the card's id, drawn
from the cards nobody has seen, which is the same as dealing from shuffled
stacks). Nothing hidden lives in the state: a seat's view (``MarsAttacksView``)
is a frozen copy of the table, and the questions bots ask of it are the
state's own (``MarsAttacksQueries``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from game.core.fields import is_int
from game.core.protocol import CHANCE, Event, GameOver, GameState, IllegalAction, Option, Outcome, TurnStarted, rank
from game.core.rng import Rng
from game.core.views import view_class
from game.mars_attacks.deck import Card, Deck, standard_deck

MARTIAN, RAY, NUKE = range(3)
FACE_NAMES = ("martian", "ray", "nuke")
DIE_SIDES = (MARTIAN, MARTIAN, RAY, RAY, NUKE, NUKE)  # 2 of each on a die
NUM_DICE = 10
STACKS = 4
TOKENS = 4
NEED_FACE = {"ray": RAY, "nuke": NUKE, "martian": MARTIAN}

ROLL, STOP = "roll", "stop"
DIFFICULTY, FORMER_DIFFICULTY = "difficulty", "side"  # the setup option: which side of the difficulty card
TARGET = "target:"  # + card id
FIX = {face: "fix-" + FACE_NAMES[face] for face in (MARTIAN, RAY, NUKE)}  # Seattle: set one die first
FIX_FACE = {action: face for face, action in FIX.items()}

# Phases
REVEAL = "reveal"  # chance: turn a card face up
CHOOSE_TARGET = "target"
READY = "ready"  # target declared: roll (or set a die first)
ROLLING = "rolling"  # chance: the dice
CONTINUE = "continue"  # roll the Martians again or stop
OVER = "over"


# ----- events ----------------------------------------------------------------
@dataclass(frozen=True)
class Revealed:
    stack: int
    card: str


@dataclass(frozen=True)
class Targeted:
    player: int
    card: str


@dataclass(frozen=True)
class DieFixed:
    player: int
    face: int


@dataclass(frozen=True)
class Rolling:
    player: int
    dice: int  # how many are thrown


@dataclass(frozen=True)
class Rolled:
    player: int
    counts: tuple[int, int, int]  # Martians, Ray Guns, Nukes among the dice thrown (a fixed die included)
    nukes: int  # Nukes this turn so far
    symbols: int  # the Nukes that nuke this player


@dataclass(frozen=True)
class Nuked:
    player: int
    card: str
    vegas: int  # Las Vegas: the player's count after this nuking (0 otherwise)


@dataclass(frozen=True)
class Banked:
    player: int
    card: str
    added: int  # the turn's count, and any bonus a claimed card's rule adds to it
    total: int
    bonus: int = 0  # of `added`, what a rule added


@dataclass(frozen=True)
class Claimed:
    player: int
    card: str
    vp: int
    stack: int


@dataclass(frozen=True)
class ProgressWiped:
    player: int  # who claimed Washington: everyone else's tokens go home


@dataclass(frozen=True)
class ExtraTurn:
    player: int


@dataclass(frozen=True)
class NoTarget:
    """Nothing in play may be targeted by this player now: the turn passes."""

    player: int


@dataclass(frozen=True)
class EndTriggered:
    player: int  # claimed the last card of a stack
    still_to_play: tuple[int, ...]


@dataclass(frozen=True)
class TurnEnded:
    player: int
    card: str
    result: str  # "claimed", "banked", "stopped" (nothing banked), "nuked", "passed"
    banked: int = 0  # "banked": what the turn added to the card (a rule's bonus too)
    on_card: int = 0  # "banked": the card's count after it


def _checked_roll(counts: object, dice: int) -> tuple[int, int, int]:
    """A roll's Martian, Ray Gun and Nuke counts for `dice` dice, or IllegalAction."""
    if not (isinstance(counts, (tuple, list)) and len(counts) == 3 and all(is_int(c) and c >= 0 for c in counts)
            and sum(counts) == dice):
        raise IllegalAction(f"a roll must give Martian, Ray Gun and Nuke counts for {dice} dice, got {str(counts)[:40]}")
    return counts[0], counts[1], counts[2]


def sample_roll(rng: Rng, n: int) -> tuple[int, int, int]:
    """Counts of Martians, Ray Guns and Nukes among n fair dice (one draw: base-3 digits)."""
    counts = [0, 0, 0]
    draw = rng.next_u64()
    for _ in range(n):
        draw, face = divmod(draw, 3)
        counts[face] += 1
    return counts[0], counts[1], counts[2]


class MarsAttacksQueries:
    """What anyone at the table can work out from the cards, the tokens and the dice kept: shared by the
    state and its views."""

    players: int
    current: int
    phase: str
    cards: Mapping[str, Card]  # the whole deck, by id
    difficulty: int  # Nuke symbols on the difficulty card
    face_up: Sequence[str | None]  # per stack: the card in play
    claimed: Sequence[Sequence[str]]  # per player
    progress: Mapping[str, Mapping[int, int]]  # card -> player -> banked count (a token on it)
    target: str | None  # the card targeted this turn
    kept: Sequence[int]  # dice showing each face now (Martians are thrown again to continue)
    fixed: int | None  # the face set before the first roll (Seattle)
    rolls: int  # rolls so far this turn

    def to_act(self) -> tuple[int, ...]:
        return (self.current,) if self.phase in (CHOOSE_TARGET, READY, CONTINUE) else ()

    def is_chance(self) -> bool:
        return self.phase in (REVEAL, ROLLING)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def vp(self, player: int) -> int:
        return sum(self.cards[c].vp for c in self.claimed[player])

    def score(self, player: int) -> int:
        return self.vp(player)

    def in_play(self) -> list[Card]:
        return [self.cards[c] for c in self.face_up if c is not None]

    def owns(self, player: int, effect: str) -> bool:
        return any(self.cards[c].effect == effect for c in self.claimed[player])

    def symbols(self, player: int) -> int:
        """The Nukes that nuke `player` this turn: symbols on the cards in play and the difficulty card."""
        return self.difficulty + sum(c.nukes for c in self.in_play()) + self.owns(player, "nuke-shield")

    def tokens(self, player: int) -> int:
        return TOKENS + self.owns(player, "fifth-token")

    def free_tokens(self, player: int) -> int:
        return self.tokens(player) - sum(1 for marks in self.progress.values() if player in marks)

    def banked(self, player: int, card: str) -> int:
        marks = self.progress.get(card)
        return marks.get(player, 0) if marks is not None else 0

    def can_bank(self, player: int, card: str) -> bool:
        """A token is there already or a free one can go there, and the card allows banking."""
        if self.cards[card].effect == "no-banking":
            return False
        return card in self.progress and player in self.progress[card] or self.free_tokens(player) > 0

    def why_not_target(self, player: int, card: Card) -> str | None:
        if card.id not in self.face_up:
            return f"{card.name} is not in play."
        if card.monument and any(c.effect == "no-monuments" for c in self.in_play()):
            return "Denver is in play: no monument may be targeted."
        if card.effect == "veterans-only" and not self.claimed[player]:
            return f"Only a player who has claimed a card may target {card.name}."
        return None

    def targets(self, player: int) -> list[Card]:
        return [c for c in self.in_play() if self.why_not_target(player, c) is None]

    @property
    def target_card(self) -> Card:
        """The card targeted this turn (only asked for once one is)."""
        if self.target is None:
            raise IllegalAction("no target is declared")
        return self.cards[self.target]

    def count(self) -> int:
        """This turn's count toward the target: Ray Guns, Nukes or Martians showing (0 for Las Vegas)."""
        if self.target is None or self.target_card.need == "nuked":
            return 0
        return self.kept[NEED_FACE[self.target_card.need]]

    @property
    def dice_to_roll(self) -> int:
        """Dice the next roll involves: all ten at first (a die set by Seattle's owner among them), then the Martians."""
        return self.kept[MARTIAN] if self.rolls else NUM_DICE

    def _fixed_now(self) -> int:
        """1 while a die set before the first roll waits to count with it."""
        return int(self.fixed is not None and not self.rolls)

    def legal_actions(self, player: int) -> list[str]:
        if player != self.current or player not in self.to_act():
            return []
        if self.phase == CHOOSE_TARGET:
            return [TARGET + c.id for c in self.targets(player)]
        if self.phase == READY:
            fixes = [FIX[f] for f in (RAY, MARTIAN, NUKE)] if self.fixed is None and self.owns(player, "fixed-die") else []
            return [ROLL] + fixes
        return [ROLL, STOP]


@view_class
class MarsAttacksView(MarsAttacksQueries):
    """What one seat sees: the cards in play and claimed, everyone's tokens, the turn in progress."""

    player: int  # the seat this view is made for
    players: int
    first: int
    current: int
    phase: str
    cards: Mapping[str, Card]  # read-only
    difficulty: int
    face_up: tuple[str | None, ...]
    hidden: tuple[int, ...]  # face-down cards left under each stack's face-up one
    claimed: tuple[tuple[str, ...], ...]
    progress: Mapping[str, Mapping[int, int]]  # read-only, a copy
    target: str | None
    kept: tuple[int, ...]
    fixed: int | None
    rolls: int
    final_round: bool


class MarsAttacks(MarsAttacksQueries, GameState[str, str | tuple[int, int, int], MarsAttacksView]):
    """The whole game: the four stacks, tokens, the turn in progress and the end."""

    game_id = "mars-attacks"
    min_players, max_players = 2, 6
    OPTIONS = (Option(DIFFICULTY, "Difficulty card", (("easy", "Easy side: 2 Nukes"), ("hard", "Hard side: 1 Nuke")),
                      "easy"),)

    def check_options(self, options: object) -> dict[str, str]:
        """As every game's; a record from before the option was called "difficulty" named it "side"."""
        if isinstance(options, Mapping) and FORMER_DIFFICULTY in options and DIFFICULTY not in options:
            options = {DIFFICULTY if key == FORMER_DIFFICULTY else key: value for key, value in options.items()}
        return super().check_options(options)

    def __init__(self, players: int, seed: int = 0, options: Mapping[str, object] | None = None, first: int = 0,
                 deck: Deck | None = None):
        super().__init__(players, seed, options, first)
        self.deck = deck or standard_deck()
        self.cards = MappingProxyType(self.deck.cards)
        self.difficulty = self.deck.difficulty[self.options[DIFFICULTY]]
        self.face_up: list[str | None] = [None] * STACKS
        self.hidden = [players - 1] * STACKS  # face-down cards under each face-up one
        self.seen: set[str] = set()
        self.to_reveal = list(range(STACKS))
        self.claimed: list[list[str]] = [[] for _ in range(players)]
        self.progress: dict[str, dict[int, int]] = {}
        self.current = first
        self.phase = REVEAL
        self.target: str | None = None
        self.kept: list[int] = [0, 0, 0]
        self.fixed: int | None = None
        self.rolls = 0
        self.extra_turn = False
        self.final_round = False
        self.turns_taken = [0] * players
        self.history: list[TurnEnded] = []

    def view(self, player: int) -> MarsAttacksView:
        progress = MappingProxyType({card: MappingProxyType(dict(marks)) for card, marks in self.progress.items()})
        return MarsAttacksView(
            player, self.players, self.first, self.current, self.phase, self.cards, self.difficulty,
            tuple(self.face_up), tuple(self.hidden), tuple(tuple(c) for c in self.claimed), progress, self.target,
            tuple(self.kept), self.fixed, self.rolls, self.final_round)

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        def order(p: int) -> int:  # later in turn order wins a tie
            return (p - self.first) % self.players

        ranking = rank(self.players, lambda p: (self.vp(p), len(self.claimed[p]), order(p)))
        scores = tuple(self.vp(p) for p in range(self.players))
        reason = "Most victory points"
        if len(ranking) > 1 and scores[ranking[0][0]] == scores[ranking[1][0]]:
            a, b = ranking[0][0], ranking[1][0]
            reason = ("Tied on points; won on cards claimed" if len(self.claimed[a]) != len(self.claimed[b])
                      else "Tied on points and cards; won as the latest in turn order")
        return Outcome(ranking, scores, reason)

    # ----- chance ----------------------------------------------------------
    def unseen(self) -> list[str]:
        return [c for c in self.cards if c not in self.seen]

    def sample_chance(self, rng: Rng) -> str | tuple[int, int, int]:
        if self.phase == ROLLING:
            return sample_roll(rng, self.dice_to_roll - self._fixed_now())
        if self.phase == REVEAL:
            return rng.choice(self.unseen())
        raise IllegalAction("no chance outcome is due now")

    # ----- actions ---------------------------------------------------------
    def _apply(self, player: int, action: object) -> list[Event]:
        if player == CHANCE:
            return self._reveal(action) if self.phase == REVEAL else self._roll(action)
        legal = self.legal_actions(player)
        if not isinstance(action, str) or action not in legal:
            raise IllegalAction(self._illegal_reason(player, action, legal))
        if action.startswith(TARGET):
            self.target = action[len(TARGET):]
            self.phase = READY
            return [Targeted(player, self.target)]
        if action in FIX_FACE:
            self.fixed = FIX_FACE[action]
            return [DieFixed(player, self.fixed)]
        if action == ROLL:
            dice = self.dice_to_roll
            self.phase = ROLLING
            return [Rolling(player, dice - self._fixed_now())]
        return self._stop()

    def _illegal_reason(self, player: int, action: object, legal: list[str]) -> str:
        if not isinstance(action, str):
            return f"an action is a word such as 'roll', not {type(action).__name__}"
        if action.startswith(TARGET):
            card = self.cards.get(action[len(TARGET):])
            if card is None:
                return f"there is no card {action[len(TARGET):][:30]!r}"
            if self.phase != CHOOSE_TARGET:
                return "the target is already declared for this turn"
            return self.why_not_target(player, card) or "cannot target that now"
        if action in FIX_FACE:
            return "only Seattle's owner may set a die, once, before the first roll"
        if action in (ROLL, STOP):
            return "declare a target first" if self.phase == CHOOSE_TARGET else f"{action!r} is not allowed now"
        return f"unknown action {action[:30]!r}; legal: {', '.join(legal)}"

    def _reveal(self, card: object) -> list[Event]:
        if not isinstance(card, str) or card not in self.cards or card in self.seen:
            raise IllegalAction(f"a revealed card must be one nobody has seen, not {str(card)[:30]!r}")
        stack = self.to_reveal.pop(0)
        self.face_up[stack] = card
        self.seen.add(card)
        events: list[Event] = [Revealed(stack, card)]
        if not self.to_reveal:
            events += self._start_turn()
        return events

    def _roll(self, counts: object) -> list[Event]:
        fixed_now = self._fixed_now()
        thrown = list(_checked_roll(counts, self.dice_to_roll - fixed_now))
        if self.fixed is not None and fixed_now:
            thrown[self.fixed] += 1
        self.rolls += 1
        self.kept[MARTIAN] = thrown[MARTIAN]
        self.kept[RAY] += thrown[RAY]
        self.kept[NUKE] += thrown[NUKE]
        player = self.current
        return [Rolled(player, (thrown[0], thrown[1], thrown[2]), self.kept[NUKE], self.symbols(player)),
                *self._after_roll()]

    def _after_roll(self) -> list[Event]:
        """Nuked, a claim, the turn over (one roll only, or nothing left to throw), or the choice to go on."""
        player, card = self.current, self.target_card
        if self.kept[NUKE] >= self.symbols(player):
            return self._nuked()
        if self.banked(player, card.id) + self.count() >= card.spaces:
            return self._claim()
        if card.monument or not self.kept[MARTIAN]:
            return self._stop()
        self.phase = CONTINUE
        return []

    def _nuked(self) -> list[Event]:
        player, card = self.current, self.target_card
        if card.need == "nuked" and self.can_bank(player, card.id):
            total = self.banked(player, card.id) + 1
            if total >= card.spaces:
                return [Nuked(player, card.id, total)] + self._claim()
            self.progress.setdefault(card.id, {})[player] = total
            return [Nuked(player, card.id, total)] + self._end_turn("nuked")
        return [Nuked(player, card.id, 0)] + self._end_turn("nuked")

    def _stop(self) -> list[Event]:
        player, card = self.current, self.target_card
        count = self.count()
        if not count or not self.can_bank(player, card.id):
            return self._end_turn("stopped")
        before = self.banked(player, card.id)
        total = before + count
        if self.owns(player, "bank-bonus"):
            total = max(total, min(total + 1, card.spaces - 1))
        self.progress.setdefault(card.id, {})[player] = total
        return [Banked(player, card.id, total - before, total, total - before - count)] + \
            self._end_turn("banked", total - before, total)

    def _claim(self) -> list[Event]:
        player, card = self.current, self.target_card
        stack = self.face_up.index(card.id)
        self.claimed[player].append(card.id)
        self.progress.pop(card.id, None)  # every token on it goes home
        self.face_up[stack] = None
        events: list[Event] = [Claimed(player, card.id, card.vp, stack)]
        if card.effect == "wipe-progress":
            for marks in self.progress.values():
                for other in [p for p in marks if p != player]:
                    del marks[other]
            self.progress = {c: marks for c, marks in self.progress.items() if marks}
            events.append(ProgressWiped(player))
        if card.effect == "extra-turn":
            self.extra_turn = True
            events.append(ExtraTurn(player))
        if self.hidden[stack]:
            self.hidden[stack] -= 1
            self.to_reveal.append(stack)
        elif not self.final_round:
            self.final_round = True
            events.append(EndTriggered(player, self._still_to_play()))
        return events + self._end_turn("claimed")

    def _still_to_play(self) -> tuple[int, ...]:
        """The players after the current one up to the end of the round (its first player)."""
        still, p = [], (self.current + 1) % self.players
        while p != self.first:
            still.append(p)
            p = (p + 1) % self.players
        return tuple(still)

    def _end_turn(self, result: str, banked: int = 0, on_card: int = 0) -> list[Event]:
        player = self.current
        ended = TurnEnded(player, self.target or "", result, banked, on_card)
        self.turns_taken[player] += 1
        self.history.append(ended)
        self.target, self.kept, self.fixed, self.rolls = None, [0, 0, 0], None, 0
        events: list[Event] = [ended]
        if self.extra_turn:
            self.extra_turn = False
        else:
            self.current = (player + 1) % self.players
        if (self.final_round and self.current == self.first and self.current != player) or not any(self.face_up) \
                and not self.to_reveal:
            return events + self._finish()
        if self.to_reveal:
            self.phase = REVEAL
            return events
        return events + self._start_turn()

    def _start_turn(self) -> list[Event]:
        events: list[Event] = []
        for _ in range(self.players):  # a player who can target nothing passes (Fort Knox alone in play)
            if self.targets(self.current):
                self.phase = CHOOSE_TARGET
                return events + [TurnStarted(self.current)]
            events.append(NoTarget(self.current))
            ended = TurnEnded(self.current, "", "passed")
            self.turns_taken[self.current] += 1
            self.history.append(ended)
            events.append(ended)
            self.current = (self.current + 1) % self.players
            if self.final_round and self.current == self.first:
                return events + self._finish()
        return events + self._finish()

    def _finish(self) -> list[Event]:
        self.phase = OVER
        outcome = self.outcome()
        assert outcome is not None
        return [GameOver(outcome)]
