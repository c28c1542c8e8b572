"""The games the collection offers, and how to start or resume each one.

Scenes are imported lazily so that start-up only pays for the title screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    bots: dict  # strength id -> label, weakest first
    default_bot: str
    package: str  # has rules.py, bots.py, scene.py and help.py

    def module(self, name: str):
        return import_module(f"{self.package}.{name}")

    def validate(self, seats, state: dict) -> None:
        """Raise ValueError if a saved game cannot be resumed (the rules check the player count)."""
        for seat in seats:
            if seat.bot is not None and seat.bot not in self.bots:
                raise ValueError(f"field 'bot': unknown strength {seat.bot!r}")
        rules_state = self.module("rules").load_state(state)
        if rules_state.players != len(seats):
            raise ValueError(f"field 'seats': {len(seats)} seats for a {rules_state.players}-player game")

    def scene(self, app, seats, state: dict | None = None):
        return self.module("scene").GameScene(app, self, seats, state)


GAMES = {
    "martian-dice": GameInfo(
        id="martian-dice",
        title="Martian Dice",
        tagline="13 dice, push your luck: abduct earthlings, outgun the tanks.",
        min_players=2,
        max_players=8,
        bots={
            "random": "Random",
            "cautious": "Cautious",
            "greedy": "Greedy",
            "optimal": "Optimal",
            "winner": "Winner",
        },
        default_bot="optimal",
        package="game.martian_dice",
    ),
    "takedown": GameInfo(
        id="takedown",
        title="Ten-Minute Takedown",
        tagline="Flick the die from your saucer at the targets: real physics, real trick shots.",
        min_players=2,
        max_players=4,
        bots={"easy": "Easy", "normal": "Normal", "expert": "Expert"},
        default_bot="normal",
        package="game.takedown",
    ),
}
