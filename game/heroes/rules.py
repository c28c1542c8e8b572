"""Mars Needs Heroes rules: a headless, deterministic state machine on the shared protocol.

Two Invader cards go face up into the pot. Everyone bids one Hero card (1 to
5) at once, in secret; the bids flip together. Equal numbers cancel each
other, and the highest number left takes the pot. If everything cancels it is
a bidding tie: two more Invaders join the pot and everyone bids again.
Played Hero cards stay face up until each player has played all five, then
everyone takes them back. After the reveal, anyone still holding their one
Freeze Ray may fire it, the bid's winner too: the first to do so takes the
pot (a winner who fires first keeps it safe from the others, at the price of
the ray). The game ends when the draw pile is empty and the last pot has been
won; the most Invaders of one colour wins, then the second colour, and so on.
A bidding tie with no Invaders left to add: everyone picks up the cards they
have played (five again) and bids on (our rulings: ``NOTES``).

Chance draws Invader cards: the outcome is a colour id, drawn in proportion
to what is left in the pile (the same as dealing from a shuffled pile). The
bids being made are the only secret; ``view`` hides everyone else's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.core.protocol import CHANCE, Event, GameOver, GameState, IllegalAction, Outcome, rank
from game.core.rng import Rng
from game.core.views import view_class
from game.core.words import counted
from game.heroes.invaders import Colour, standard_invaders

HERO_CARDS = (1, 2, 3, 4, 5)
POT_DRAW = 2  # Invaders turned up for a new pot, and added by a bidding tie
FREEZE, PASS = "freeze", "pass"
# Our ruling on the rulebook's "endless loop": once the pile is empty, five tied bids in a row on the
# last pot arm every Freeze Ray again (each of those ties already gave everyone their five cards back).
ENDLESS_TIE_BIDS = 5

# Phases
DRAW = "draw"  # chance: turn Invaders face up
BID = "bid"  # everyone bids at once
FREEZE_WINDOW = "freeze"  # bids revealed: Freeze Rays may fire
OVER = "over"


# ----- events ----------------------------------------------------------------
@dataclass(frozen=True)
class InvaderDrawn:
    colour: int
    left: int  # cards left in the pile


@dataclass(frozen=True)
class BidPlaced:
    player: int  # who is ready; the number stays secret until everyone is


@dataclass(frozen=True)
class Revealed:
    bids: tuple[int, ...]  # by seat
    cancelled: tuple[int, ...]  # numbers bid by more than one player
    winner: int | None  # None: a bidding tie
    freezers: tuple[int, ...]  # who may fire a Freeze Ray now


@dataclass(frozen=True)
class Frozen:
    player: int
    instead_of: int | None  # the bid's winner (the freezer themself when they kept their own pot), None: a tie


@dataclass(frozen=True)
class PotTaken:
    player: int
    cards: tuple[int, ...]  # colour indices
    frozen: bool


@dataclass(frozen=True)
class BiddingTie:
    pot: int  # cards in the pot
    adding: int  # Invaders about to join it (0 once the pile is empty)


@dataclass(frozen=True)
class HandsBack:
    """Everyone has played all five: all Hero cards go back to their hands."""


@dataclass(frozen=True)
class EndlessTieReset:
    """The last pot tied a whole hand long: full hands and armed Freeze Rays for everyone."""


@dataclass(frozen=True)
class Pot:
    """A pot as it was won, for the sim's figures and the results."""

    cards: tuple[int, ...]
    player: int
    frozen: bool
    bids: int  # bidding rounds it took


@dataclass(frozen=True)
class BidRecord:
    """One bidding round as everyone saw it: the pot, the hands before it, the bids."""

    pot: int
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[int, ...]


@view_class
class HeroesView:
    """What one seat knows: everything but the other players' bids not yet revealed (and the draws to come)."""

    player: int
    players: int
    colours: tuple[Colour, ...]
    phase: str
    pile: tuple[int, ...]  # cards left per colour
    pot: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # public: the cards not yet played
    played: tuple[tuple[int, ...], ...]
    captured: tuple[tuple[int, ...], ...]  # per player, per colour
    rays: tuple[bool, ...]  # armed Freeze Rays
    ready: tuple[int, ...]  # who has bid in this round
    my_bid: int | None
    reveal: Revealed | None  # the bids just revealed (while the Freeze window is open)
    last_pot: Pot | None
    ties_at_end: int
    bidding: tuple[BidRecord, ...]  # every bidding round so far (public: the cards were face up)

    @property
    def pile_left(self) -> int:
        return sum(self.pile)


def ranking_key(counts: Iterable[int]) -> tuple[int, ...]:
    """How a collection compares: the most of one colour, then the second colour, and so on."""
    return tuple(sorted(counts, reverse=True))


class Heroes(GameState[int | str, str, HeroesView]):
    game_id = "heroes"
    min_players, max_players = 2, 4
    simultaneous = True

    def __init__(self, players: int, seed: int = 0, options: Mapping[str, object] | None = None, first: int = 0,
                 colours: tuple[Colour, ...] | None = None):
        super().__init__(players, seed, options, first)
        self.colours = colours or standard_invaders()
        self.pile = [c.count for c in self.colours]
        self.pot: list[int] = []
        self.hands = [list(HERO_CARDS) for _ in range(players)]
        self.played: list[list[int]] = [[] for _ in range(players)]
        self.bids: dict[int, int] = {}
        self.rays = [True] * players
        self.captured = [[0] * len(self.colours) for _ in range(players)]
        self.phase = DRAW
        self.to_draw = POT_DRAW
        self.reveal: Revealed | None = None
        self.passed: set[int] = set()
        self.bid_rounds = 0  # bidding rounds spent on the current pot
        self.ties_at_end = 0
        self.history: list[Pot] = []
        self.bidding: list[BidRecord] = []
        self.resets = 0

    # ----- the protocol ------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == BID:
            return tuple(p for p in range(self.players) if p not in self.bids)
        if self.phase == FREEZE_WINDOW:
            return tuple(p for p in self.freezers() if p not in self.passed)
        return ()

    def is_chance(self) -> bool:
        return self.phase == DRAW

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, player: int) -> list[int | str]:
        if player not in self.to_act():
            return []
        if self.phase == BID:
            return list(self.hands[player])
        return [FREEZE, PASS]

    def freezers(self) -> tuple[int, ...]:
        """Who may fire a Freeze Ray now: everyone whose ray is armed, the bid's winner too (to keep the pot)."""
        if self.phase != FREEZE_WINDOW or self.reveal is None:
            return ()
        return self.reveal.freezers

    def score(self, player: int) -> int:
        """The most Invaders of one colour (what decides the game first)."""
        return max(self.captured[player])

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        ranking = rank(self.players, lambda p: ranking_key(self.captured[p]))
        scores = tuple(float(self.score(p)) for p in range(self.players))
        return Outcome(ranking, scores, self._reason(ranking))

    def _reason(self, ranking: tuple[tuple[int, ...], ...]) -> str:
        if len(ranking[0]) > 1:
            return "Identical Invader counts, colour by colour"
        best, second = ranking_key(self.captured[ranking[0][0]]), ranking_key(self.captured[ranking[1][0]])
        place = next(i for i, (a, b) in enumerate(zip(best, second)) if a != b)
        if place == 0:
            return "Most Invaders of one colour"
        return f"Level on the top {'colour' if place == 1 else counted(place, 'colour')}, decided by the next"

    def view(self, player: int) -> HeroesView:
        return HeroesView(
            player, self.players, self.colours, self.phase, tuple(self.pile), tuple(self.pot),
            tuple(tuple(h) for h in self.hands), tuple(tuple(p) for p in self.played),
            tuple(tuple(c) for c in self.captured), tuple(self.rays), tuple(sorted(self.bids)),
            self.bids.get(player), self.reveal if self.phase == FREEZE_WINDOW else None,
            self.history[-1] if self.history else None, self.ties_at_end, tuple(self.bidding))

    def sample_chance(self, rng: Rng) -> str:
        if not self.is_chance():
            raise IllegalAction("no chance outcome is due now")
        n = rng.randrange(sum(self.pile))
        for colour, count in zip(self.colours, self.pile):
            if n < count:
                return colour.id
            n -= count
        raise AssertionError("the pile count is off")

    # ----- applying actions ----------------------------------------------------
    def _apply(self, player: int, action: object) -> list[Event]:
        if player == CHANCE:
            return self._draw(action)
        if self.phase == BID:
            return self._bid(player, action)
        if action == FREEZE:
            return self._freeze(player)
        if action == PASS:
            self.passed.add(player)
            return self._settle(None) if not self.to_act() else []
        raise IllegalAction(f"after the reveal a player may only {FREEZE!r} or {PASS!r}, not {str(action)[:20]!r}")

    def _draw(self, colour_id: object) -> list[Event]:
        index = next((i for i, c in enumerate(self.colours) if c.id == colour_id), None)
        if index is None or not isinstance(colour_id, str):
            raise IllegalAction(f"an Invader is drawn by its colour, not {str(colour_id)[:20]!r}")
        if not self.pile[index]:
            raise IllegalAction(f"no {self.colours[index].name} Invader is left in the pile")
        self.pile[index] -= 1
        self.pot.append(index)
        self.to_draw -= 1
        if not self.to_draw or not sum(self.pile):
            self.phase, self.to_draw = BID, 0
        return [InvaderDrawn(index, sum(self.pile))]

    def _bid(self, player: int, card: object) -> list[Event]:
        if type(card) is not int or card not in HERO_CARDS:
            raise IllegalAction(f"a bid is a Hero card from 1 to 5, not {str(card)[:20]!r}")
        if card not in self.hands[player]:
            raise IllegalAction(f"your {card} is already on the table; you hold {_listed(self.hands[player])}")
        self.bids[player] = card
        events: list[Event] = [BidPlaced(player)]
        if len(self.bids) == self.players:
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        bids = tuple(self.bids[p] for p in range(self.players))
        self.bids = {}
        self.bid_rounds += 1
        self.bidding.append(BidRecord(len(self.pot), tuple(tuple(h) for h in self.hands), bids))
        for p, card in enumerate(bids):
            self.hands[p].remove(card)
            self.played[p].append(card)
        cancelled, winner = _cancel(bids)
        freezers = tuple(p for p in range(self.players) if self.rays[p])
        self.phase, self.passed = FREEZE_WINDOW, set()
        self.reveal = Revealed(bids, cancelled, winner, freezers)
        if not freezers:
            return [self.reveal, *self._settle(None)]
        return [self.reveal]

    def _freeze(self, player: int) -> list[Event]:
        self.rays[player] = False
        assert self.reveal is not None
        return [Frozen(player, self.reveal.winner), *self._settle(player)]

    def _settle(self, freezer: int | None) -> list[Event]:
        """The Freeze window has closed: the pot goes to the freezer, the bid's winner, or stays (a tie)."""
        assert self.reveal is not None
        taker = freezer if freezer is not None else self.reveal.winner
        self.phase = DRAW
        events = self._take_pot(taker, freezer is not None) if taker is not None else []
        if not self.hands[0]:
            self.hands = [list(HERO_CARDS) for _ in range(self.players)]
            self.played = [[] for _ in range(self.players)]
            events.append(HandsBack())
        if taker is None:
            events += self._tie()
        return events + self._next_pot(taker)

    def _take_pot(self, taker: int, frozen: bool) -> list[Event]:
        cards = tuple(self.pot)
        for colour in cards:
            self.captured[taker][colour] += 1
        self.history.append(Pot(cards, taker, frozen, self.bid_rounds))
        self.pot, self.bid_rounds, self.ties_at_end = [], 0, 0
        return [PotTaken(taker, cards, frozen)]

    def _tie(self) -> list[Event]:
        """A bidding tie: the pot stands. With no Invaders left to add, everyone picks up the cards they have
        played and bids on with five; after ENDLESS_TIE_BIDS such ties in a row every Freeze Ray is armed again."""
        left = sum(self.pile)
        events: list[Event] = [BiddingTie(len(self.pot), min(POT_DRAW, left))]
        if left:
            return events
        self.ties_at_end += 1
        if self.ties_at_end >= ENDLESS_TIE_BIDS:
            return events + self._reset()
        if any(self.played):
            self.hands = [list(HERO_CARDS) for _ in range(self.players)]
            self.played = [[] for _ in range(self.players)]
            events.append(HandsBack())
        return events

    def _next_pot(self, taker: int | None) -> list[Event]:
        """More Invaders to draw, another bid on the standing pot once the pile is empty, or the end."""
        left = sum(self.pile)
        if left:
            self.to_draw = min(POT_DRAW, left)
            return []
        if taker is None:
            self.phase = BID
            return []
        self.phase = OVER
        outcome = self.outcome()
        assert outcome is not None
        return [GameOver(outcome)]

    def _reset(self) -> list[Event]:
        self.hands = [list(HERO_CARDS) for _ in range(self.players)]
        self.played = [[] for _ in range(self.players)]
        self.rays = [True] * self.players
        self.ties_at_end = 0
        self.resets += 1
        return [EndlessTieReset()]


def _cancel(bids: tuple[int, ...]) -> tuple[tuple[int, ...], int | None]:
    """The numbers bid more than once (they cancel) and the seat of the highest number left (None: all cancel)."""
    cancelled = tuple(sorted({b for b in bids if bids.count(b) > 1}))
    standing = [b for b in bids if b not in cancelled]
    return cancelled, bids.index(max(standing)) if standing else None


def _listed(cards: Sequence[int]) -> str:
    cards = sorted(cards)
    return ", ".join(map(str, cards[:-1])) + f" and {cards[-1]}" if len(cards) > 1 else str(cards[0])
