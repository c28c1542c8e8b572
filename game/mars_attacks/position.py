"""The table as the Smart bot imagines it after a turn that has not happened yet.

A seat's view says what is on the table now; to weigh a claim or a bank the bot needs the table that
each would leave (who holds which cards, what is in play, the stacks, everyone's banked progress) and
the facts that follow from it (VP, Nuke symbols, legal targets, who is ahead). ``Setup`` holds what never
changes in a game (one object per game: ``setup_of``), ``Position`` what a turn changes; both hash, so
what is worked out for a position is remembered from one decision to the next (the answers depend on
nothing else, so a bot stays a pure function of its view).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from game.mars_attacks import odds
from game.mars_attacks.deck import Card
from game.mars_attacks.rules import MARTIAN, NUKE, RAY, TOKENS, MarsAttacksView

FIX_FACES = (MARTIAN, RAY, NUKE)


@dataclass(frozen=True, eq=False)
class Setup:
    """What a game never changes: the deck, the difficulty card's symbols, the seats and who went first
    (compared by identity: one object per game)."""

    cards: Mapping[str, Card]
    difficulty: int
    players: int
    first: int

    def order(self, player: int) -> int:
        """Place in turn order (0 for the first player): a tie goes to the later one."""
        return (player - self.first) % self.players


_SETUPS: dict[tuple[int, int, int, int], Setup] = {}  # a kept Setup keeps its cards alive: an id is never reused
KEPT_SETUPS = 16


def setup_of(view: MarsAttacksView) -> Setup:
    """The game's one Setup (a game's views share its card table, so it names the game)."""
    key = (id(view.cards), view.difficulty, view.players, view.first)
    setup = _SETUPS.get(key)
    if setup is None:
        if len(_SETUPS) >= KEPT_SETUPS:
            _SETUPS.clear()
        setup = _SETUPS[key] = Setup(view.cards, view.difficulty, view.players, view.first)
    return setup


@dataclass(frozen=True)
class Position:
    """The cards each player holds, the cards in play, the stacks and the banked progress.

    A stack whose next card is due but not yet known is in ``unknown``: its slot is empty and the card
    to come is weighed as a typical one (see ``symbols``)."""

    claimed: tuple[tuple[str, ...], ...]
    face_up: tuple[str | None, ...]
    hidden: tuple[int, ...]
    progress: frozenset[tuple[str, int, int]]  # (card, player, banked)
    unknown: frozenset[int] = frozenset()


def from_view(view: MarsAttacksView) -> Position:
    progress = frozenset((card, p, n) for card, marks in view.progress.items() for p, n in marks.items())
    return Position(view.claimed, view.face_up, view.hidden, progress)


@lru_cache(maxsize=4096)
def holdings(setup: Setup, claimed: tuple[tuple[str, ...], ...]) -> tuple[tuple[int, ...], tuple[frozenset[str], ...]]:
    """Each player's VP and the rules of the cards they hold."""
    return (tuple(sum(setup.cards[c].vp for c in held) for held in claimed),
            tuple(frozenset(setup.cards[c].effect for c in held) for held in claimed))


def vp(setup: Setup, pos: Position, player: int) -> int:
    return holdings(setup, pos.claimed)[0][player]


def ranking_key(setup: Setup, pos: Position, player: int) -> tuple[int, int, int]:
    """What decides the winner, in the rules' order: VP, cards claimed, the later in turn order."""
    return vp(setup, pos, player), len(pos.claimed[player]), setup.order(player)


def leader(setup: Setup, pos: Position) -> int:
    return max(range(setup.players), key=lambda p: ranking_key(setup, pos, p))


def owns(setup: Setup, pos: Position, player: int, effect: str) -> bool:
    return effect in holdings(setup, pos.claimed)[1][player]


def banked(pos: Position, player: int, card: str) -> int:
    return next((n for c, p, n in pos.progress if c == card and p == player), 0)


def can_bank(setup: Setup, pos: Position, player: int, card: Card) -> bool:
    """As the rules': the card allows banking and the player has a token on it or one free."""
    if card.effect == "no-banking":
        return False
    tokens = TOKENS + owns(setup, pos, player, "fifth-token")
    return banked(pos, player, card.id) > 0 or sum(p == player for _, p, _ in pos.progress) < tokens


def unseen(setup: Setup, pos: Position) -> list[str]:
    """Cards nobody has seen (a card leaves play only when claimed, so seen cards are in play or held)."""
    seen = {c for c in pos.face_up if c is not None} | {c for held in pos.claimed for c in held}
    return [c for c in setup.cards if c not in seen]


@lru_cache(maxsize=64)
def _typical_nukes(nukes: tuple[int, ...], cards: int) -> int:
    """The Nuke symbols `cards` unknown cards most likely add, from the unseen cards' symbols."""
    return round(cards * sum(nukes) / len(nukes)) if nukes else 0


@lru_cache(maxsize=16384)
def symbols(setup: Setup, pos: Position, player: int) -> int:
    """The Nukes that nuke `player`: the difficulty card's, the cards in play (cards still to be turned up as
    typical ones) and Colorado Springs's shield."""
    shown = sum(setup.cards[c].nukes for c in pos.face_up if c is not None)
    coming = 0
    if pos.unknown:
        coming = _typical_nukes(tuple(sorted(setup.cards[c].nukes for c in unseen(setup, pos))), len(pos.unknown))
    return setup.difficulty + shown + coming + owns(setup, pos, player, "nuke-shield")


def targets(setup: Setup, pos: Position, player: int) -> list[Card]:
    """The cards in play `player` may target (Denver bars monuments, Fort Knox wants a claimed card)."""
    shown = [setup.cards[c] for c in pos.face_up if c is not None]
    no_monuments = any(c.effect == "no-monuments" for c in shown)
    return [c for c in shown if not (c.monument and no_monuments)
            and not (c.effect == "veterans-only" and not pos.claimed[player])]


def claim_chance(setup: Setup, pos: Position, player: int, card: Card, banked_now: int | None = None) -> float:
    """The best chance `player` has to claim `card` in one turn (Seattle's owner sets the best face first);
    `banked_now`: from that many banked spaces instead of the player's own."""
    done = banked(pos, player, card.id) if banked_now is None else banked_now
    return best_claim_chance(card.need, card.spaces - done, symbols(setup, pos, player),
                             owns(setup, pos, player, "fixed-die"))


@lru_cache(maxsize=4096)
def best_claim_chance(need: str, left: int, symbols: int, fixing: bool) -> float:
    fixes: tuple[int | None, ...] = (None, *FIX_FACES) if fixing else (None,)
    return max(odds.claim_chance(odds.Card(need, left), symbols, fix) for fix in fixes)


def after_claim(setup: Setup, pos: Position, player: int, card: str) -> tuple[Position, int]:
    """The table once `player` claims `card`, and its stack: every token on it goes home (Washington, D.C.
    sends everyone else's home from every card), and the stack's next card is due (unknown until turned)."""
    stack = pos.face_up.index(card)
    claimed = tuple(held + (card,) if p == player else held for p, held in enumerate(pos.claimed))
    wipe = setup.cards[card].effect == "wipe-progress"
    progress = frozenset((c, p, n) for c, p, n in pos.progress if c != card and not (wipe and p != player))
    face_up = tuple(None if s == stack else c for s, c in enumerate(pos.face_up))
    hidden, unknown = pos.hidden, pos.unknown
    if hidden[stack]:
        hidden = tuple(h - 1 if s == stack else h for s, h in enumerate(hidden))
        unknown = unknown | {stack}
    return Position(claimed, face_up, hidden, progress, unknown), stack


def after_bank(pos: Position, player: int, card: str, total: int) -> Position:
    """The table once `player` has `total` banked on `card`."""
    kept = frozenset(entry for entry in pos.progress if not (entry[0] == card and entry[1] == player))
    return replace(pos, progress=kept | {(card, player, total)})


def reveals(setup: Setup, pos: Position, stack: int) -> list[Position]:
    """Every card the stack may turn up next (all equally likely: any card nobody has seen)."""
    rest = pos.unknown - {stack}
    return [replace(pos, face_up=tuple(card if s == stack else c for s, c in enumerate(pos.face_up)), unknown=rest)
            for card in unseen(setup, pos)]


def stack_sizes(pos: Position) -> tuple[int, ...]:
    """Cards left in each stack, the one in play (or due) included; 0 for a stack that has run out."""
    return tuple(h + (c is not None or s in pos.unknown) for s, (h, c) in enumerate(zip(pos.hidden, pos.face_up)))
