"""Each round every player secretly bids 1 to 5 at once; the highest bid made by
exactly one player wins that player a point. Most points after the rounds wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Never

from game.core.protocol import Event, GameOver, GameState, IllegalAction, Option, Outcome, rank
from game.core.views import view_class

BIDS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class BidPlaced:
    player: int  # who is ready; the bid itself stays secret


@dataclass(frozen=True)
class Revealed:
    bids: tuple[int, ...]
    winner: int | None  # None when no bid was unique


@view_class
class BidView:
    """What one seat knows: its own bid, who else is ready, the rounds so far."""

    player: int
    round: int
    rounds: int
    points: tuple[int, ...]
    my_bid: int | None
    ready: tuple[int, ...]
    history: tuple[Revealed, ...]


class HighestUniqueBid(GameState[int, Never, BidView]):  # a bid; no chance
    game_id = "toy-bid"
    min_players, max_players = 2, 6
    simultaneous = True
    OPTIONS = (Option("rounds", "Rounds", (("3", "3 rounds"), ("5", "5 rounds"), ("7", "7 rounds")), "3"),)

    def __init__(self, players: int, seed: int = 0, options: Mapping[str, object] | None = None, first: int = 0):
        super().__init__(players, seed, options, first)
        self.rounds = int(self.options["rounds"])
        self.round = 0
        self.bids: dict[int, int] = {}
        self.points = [0] * players
        self.history: list[Revealed] = []

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else tuple(p for p in range(self.players) if p not in self.bids)

    @property
    def is_over(self) -> bool:
        return self.round >= self.rounds

    def legal_actions(self, player: int) -> list[int]:
        return list(BIDS) if player in self.to_act() else []

    def score(self, player: int) -> int:
        return self.points[player]

    def view(self, player: int) -> BidView:
        return BidView(player, self.round, self.rounds, tuple(self.points), self.bids.get(player),
                       tuple(sorted(self.bids)), tuple(self.history))

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        ranking = rank(self.players, lambda p: self.points[p])
        return Outcome(ranking, tuple(self.points), "Most rounds won" if len(ranking[0]) == 1 else "Tied on rounds")

    def _apply(self, player: int, action: object) -> list[Event]:
        if type(action) is not int or action not in BIDS:
            raise IllegalAction(f"a bid is a whole number from 1 to 5, not {str(action)[:20]}")
        self.bids[player] = action
        events: list[Event] = [BidPlaced(player)]
        if len(self.bids) < self.players:
            return events
        bids = tuple(self.bids[p] for p in range(self.players))
        unique = [b for b in bids if bids.count(b) == 1]
        winner = bids.index(max(unique)) if unique else None
        if winner is not None:
            self.points[winner] += 1
        revealed = Revealed(bids, winner)
        self.history.append(revealed)
        self.bids = {}
        self.round += 1
        events.append(revealed)
        if self.is_over:
            outcome = self.outcome()
            assert outcome is not None
            events.append(GameOver(outcome))
        return events
