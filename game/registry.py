"""The games of the collection: the one place each game is declared.

An entry names the game's package and its rules class; from it the title,
how-to, setup, sim, smoke, bench, replay and the tests find everything
else: how to start or replay a state, the bots (``bots.BOTS``), the setup
options (the rules class's ``OPTIONS``), help pages (``help.PAGES``), the
scene (``scene.GameScene``), extra ways to play (Takedown's challenges) and
optional modules (``sim`` figures, a luck-and-skill ``report``).
Modules are imported lazily so start-up only pays for the title screen.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from game.core.protocol import Bot, GameState, Option


@dataclass(frozen=True)
class Mode:
    """Another way to play a game, with its own title-screen entry."""

    id: str
    label: str
    key: str  # a letter: its shortcut on the title screen
    scene: str  # "module:Class" inside the game's package; built with (app, info)


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    tagline: str
    package: str  # has rules.py, bots.py, help.py and scene.py
    state: str  # the state class: "Class" in rules.py, or "module:Class" in the package (Takedown's physical table)
    min_players: int
    max_players: int
    default_bot: str
    best_label: str = "Best turn"  # what the statistics keep of a player's best turn (TableScene.best_turns)
    best_unit: tuple[str, str] = ("point", "points")  # its unit: one, many
    modes: tuple[Mode, ...] = ()
    score_unit: tuple[str, str] = ("point", "points")  # how the results count a final score: one, many
    phones: bool = True  # seats may play from a phone (its scene lists each move for the phone page)
    tutorial: bool = False  # tutorial.py holds a guided first turn (setup's "Learn: first turn")
    short_title: str = ""  # where room is short (the how-to tabs); the title when empty

    @property
    def short(self) -> str:
        return self.short_title or self.title

    def module(self, name: str):
        return import_module(f"{self.package}.{name}")

    def optional_module(self, name: str):
        """A module the game may have (``sim``, ``report``), or None when it has none."""
        try:
            return self.module(name)
        except ModuleNotFoundError as error:
            if error.name != f"{self.package}.{name}":
                raise  # the module exists but something it imports is missing
            return None

    @property
    def rules_class(self) -> type[GameState]:
        module, _, name = self.state.rpartition(":")
        return getattr(self.module(module or "rules"), name)

    @property
    def bots(self) -> dict[str, Bot]:
        return self.module("bots").BOTS

    @property
    def options(self) -> tuple[Option, ...]:
        return self.rules_class.OPTIONS

    @property
    def help_pages(self) -> list:
        return self.module("help").PAGES

    def new_state(self, players: int, seed: int, options: dict | None = None, first: int = 0) -> GameState:
        return self.rules_class(players, seed, options, first)

    def load_state(self, data: Any) -> GameState:
        """Replay a saved record; ValueError names what is wrong."""
        return self.rules_class.from_json(data)

    def report(self, state: GameState):
        """Luck and skill of a played game (a ``game.core.luck.LuckReport``), when the game has a
        ``report`` module; else None."""
        module = self.optional_module("report")
        return module.report(state) if module else None

    def scene(self, app, seats, state: GameState, slot: str | None = None):
        return self.module("scene").GameScene(app, self, seats, state, slot or self.id)

    def lesson_scene(self, app, player, back, play):
        """The guided first turn (never saved): `player` is setup's first person, `back` returns to setup,
        `play` starts a real game from it."""
        return self.module("tutorial").LessonScene(app, self, player, back, play)

    def mode_scene(self, mode: Mode, app):
        module, name = mode.scene.split(":")
        return getattr(self.module(module), name)(app, self)


GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    """Add a game (the list below; tests add their example game the same way)."""
    GAMES[info.id] = info
    return info


register(GameInfo(
    id="martian-dice",
    title="Martian Dice",
    tagline="13 dice, push your luck: abduct earthlings, outgun the tanks.",
    package="game.martian_dice",
    state="MartianDice",
    min_players=2,
    max_players=8,
    default_bot="optimal",
    tutorial=True,
))
register(GameInfo(
    id="takedown",
    title="Ten-Minute Takedown",
    short_title="Takedown",
    tagline="Flick the die from your saucer at the targets: real physics, real trick shots.",
    package="game.takedown",
    state="physical:PhysicalTakedown",
    min_players=2,
    max_players=4,
    default_bot="normal",
    best_label="Best flick",
    phones=False,  # a flick wants the mouse; the phone page offers no swipe yet
    tutorial=True,
    modes=(Mode("challenges", "Takedown challenges", "t", "challenges:ChallengeScene"),),
))
register(GameInfo(
    id="mars-attacks",
    title="Mars Attacks: The Dice Game",
    short_title="Mars Attacks Dice",
    tagline="10 dice against the cities of Earth: push for Ray Guns before the Nukes stack up.",
    package="game.mars_attacks",
    state="MarsAttacks",
    min_players=2,
    max_players=6,
    default_bot="smart",
    best_unit=("VP", "VP"),
    score_unit=("VP", "VP"),
    tutorial=True,
))

register(GameInfo(
    id="heroes",
    title="Mars Needs Heroes",
    tagline="Everyone bids a Hero card at once; equal bids cancel. Freeze Ray the best pot!",
    package="game.heroes",
    state="Heroes",
    min_players=2,
    max_players=4,
    default_bot="smart",
    best_label="Biggest pot",
    best_unit=("Invader", "Invaders"),
    score_unit=("of a colour", "of a colour"),
    tutorial=True,
))

# Games kept outside the package (the tests' example game): MGN_EXTRA_GAMES=module,... each with an ENTRY.
for _name in filter(None, os.environ.get("MGN_EXTRA_GAMES", "").split(",")):
    register(import_module(_name.strip()).ENTRY)
