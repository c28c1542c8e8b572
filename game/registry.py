"""The games of the collection: the one place each game is declared.

An entry names the game's package and its rules class; from it every shared
part of the program (title, setup, how-to, settings, controls, statistics,
phones, sim, smoke, bench, replay and the tests) finds what it needs, and no
shared module names a game. By convention the package holds:

- ``rules.py`` (the state class), ``bots.py`` (``BOTS``), ``help.py``
  (``PAGES``) and ``scene.py`` (``GameScene``, which also lists a seat's
  moves for the phone page);
- optionally ``keys.py`` (``GROUPS``: its actions' keys and pad buttons, on
  the Controls screen), ``preferences.py`` (``SETTINGS``: its own choices on
  the Settings screen, as ``Setting``), ``help_pictures.py`` (``PICTURES``, drawn by
  ``python -m game.tools.help_pictures``), ``summary.py`` (what the results
  and statistics say of a finished game: ``details``, ``progress``,
  ``best_turns``, ``challenge_cleared``), ``tutorial.py`` (a lesson), ``prepare.py`` (what its
  table makes ahead while setup is up: ``steps(canvas)``; what its screens read, done while a screen
  waits for a person: ``AHEAD``),
  ``sim.py``, ``report.py``, ``smoke.py`` and ``bench.py``.

The entry itself declares the rest as data: player counts, the default bot,
what a best turn is called, whether seats may play from phones and its extra
ways to play (``Mode``).
Modules are imported lazily so start-up only pays for the title screen.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from game.core.protocol import Bot, GameState, Option

MENUS = "menus"  # the key group every screen answers to (a table answers to its game's first group too)


@dataclass(frozen=True)
class Mode:
    """Another way to play a game, with its own title-screen entry."""

    id: str
    label: str
    key: str  # a letter: its shortcut on the title screen
    scene: str  # "module:Class" inside the game's package; built with (app, info)
    statistics: str = ""  # "module:function" of (statistics, notify) -> (title, items) or None: its Statistics block


@dataclass(frozen=True)
class Setting:
    """A preference of one game's, shown on the Settings screen and kept with the others (settings.json)."""

    id: str  # its field in the settings file
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, what the button says)
    default: str
    key: str  # a letter: its shortcut on the Settings screen


_MISSING: set[str] = set()  # modules a game does not have: asked for every frame, each search would cost ~20 us


def import_optional(name: str) -> ModuleType | None:
    """Module `name`, or None when there is no such module (remembered: some are asked for every frame)."""
    if name in _MISSING:
        return None
    try:
        return import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise  # the module exists but something it imports is missing
        _MISSING.add(name)
        return None


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    tagline: str
    package: str  # has rules.py, bots.py, help.py and scene.py (and the optional modules above)
    state: str  # the state class: "Class" in rules.py, or "module:Class" in the package (Takedown's physical table)
    min_players: int
    max_players: int
    default_bot: str
    best_label: str = "Best turn"  # what the statistics keep of a player's best turn (``best_turns``)
    best_unit: tuple[str, str] = ("point", "points")  # its unit: one, many
    modes: tuple[Mode, ...] = ()
    score_unit: tuple[str, str] = ("point", "points")  # how the results count a final score: one, many
    phones: bool = True  # seats may play from a phone (its scene lists each move for the phone page)
    tutorial: bool = False  # tutorial.py holds a guided first turn (setup's "Learn: first turn")
    short_title: str = ""  # where room is short (the how-to tabs); the title when empty
    round_word: str = "turn"  # what the results' race counts along its axis (Heroes: a pot)

    @property
    def short(self) -> str:
        return self.short_title or self.title

    def module(self, name: str):
        return import_module(f"{self.package}.{name}")

    def optional_module(self, name: str) -> ModuleType | None:
        """A module the game may have (``sim``, ``report``), or None when it has none."""
        return import_optional(f"{self.package}.{name}")

    @property
    def state_module(self) -> str:
        """The module of the game's state class: rules.py, unless ``state`` names another."""
        return self.state.rpartition(":")[0] or "rules"

    @property
    def rules_class(self) -> type[GameState]:
        return getattr(self.module(self.state_module), self.state.rpartition(":")[2])

    @property
    def bots(self) -> dict[str, Bot]:
        return self.module("bots").BOTS

    @property
    def options(self) -> tuple[Option, ...]:
        return self.rules_class.OPTIONS

    @property
    def help_pages(self) -> list:
        return self.module("help").PAGES

    @property
    def help_pictures(self) -> dict:
        """Picture name -> the function drawing its SVG (the files live in assets/help/<game id>/)."""
        return getattr(self.optional_module("help_pictures"), "PICTURES", {})

    @property
    def key_groups(self) -> tuple:
        """The game's groups of bindable actions (``game.ui.bindings.Group``), its table's first."""
        return getattr(self.optional_module("keys"), "GROUPS", ())

    def prepare_steps(self, canvas):
        """Work the game's table can do ahead, a slice a frame while its setup is on screen (its module ``prepare``:
        ``steps(canvas)``), or None."""
        module = self.optional_module("prepare")
        return module.steps(canvas) if module is not None else None

    def work_ahead(self) -> tuple:
        """What the game's screens read or make the first time, to do while a screen waits for a person (its
        ``prepare`` module's ``AHEAD``: functions taking nothing, each a few milliseconds; ``game.warm_up``)."""
        return getattr(self.optional_module("prepare"), "AHEAD", ())

    @property
    def settings(self) -> tuple[Setting, ...]:
        """The game's own preferences, shown on the Settings screen."""
        return getattr(self.optional_module("preferences"), "SETTINGS", ())

    @property
    def keymap(self) -> str:
        """The group of bindings its table answers to."""
        groups = self.key_groups
        return groups[0].id if groups else MENUS

    # ----- what the results and the statistics say of a game ------------------------
    def _summary(self, name: str, state: GameState):
        function = getattr(self.optional_module("summary"), name, None)
        return function(state) if function else None

    def details(self, state: GameState) -> list[str | tuple[str, ...]] | None:
        """One line per player under their name on the results ("8 turns, best 9"), if the game says one; a tuple
        gives shorter forms of it for less room, longest first."""
        return self._summary("details", state)

    def progress(self, state: GameState) -> list[list[float]] | None:
        """Each player's score after each of their turns (the results' race chart), if the game keeps a race."""
        return self._summary("progress", state)

    def best_turns(self, state: GameState) -> list[int] | None:
        """Each player's best single turn for the statistics (``best_label`` names it): the game's own measure,
        else the biggest step of their score race; None when the game has neither."""
        best = self._summary("best_turns", state)
        if best is not None:
            return best
        lines = self.progress(state)
        if lines is None:
            return None
        return [int(max((after - before for before, after in zip([0, *line], line)), default=0)) for line in lines]

    def challenge_cleared(self, state: GameState) -> bool | None:
        """For a one-player challenge run: whether it met its goal (it counts on its own); None for a game."""
        return self._summary("challenge_cleared", state)

    def mode_statistics(self, mode: Mode, statistics, notify) -> tuple[str, list[str]] | None:
        """A mode's block on the Statistics screen: a title and its items, or None while it has nothing to say
        (`notify` tells the player about a file of the mode's that could not be read)."""
        if not mode.statistics:
            return None
        module, name = mode.statistics.split(":")
        return getattr(self.module(module), name)(statistics, notify)

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

    def report_steps(self, state: GameState):
        """``report`` as a stepwise computation (the results screen runs it in a thread that gives way to
        frames), or None when the game has no report."""
        module = self.optional_module("report")
        return module.report_steps(state) if module else None

    def scene(self, app, seats, state: GameState, slot: str | None = None):
        """The table of a game in progress (new, resumed or a rematch)."""
        return self.module("scene").GameScene(app, self, seats, state, slot or self.id)

    def start(self, app, seats, options: dict | None = None, first: int | None = None, slot: str | None = None):
        """A new game's table, from a fresh seed (ValueError when the game cannot be set up). `first`: who moves
        first (a rematch passes it on); None for a new game: seat 1, or for a game whose rules draw the first
        player (``random_first``), the one its seed draws."""
        seed = new_seed()
        if first is None:
            rules = self.rules_class
            first = rules.pick_first(len(seats), seed) if getattr(rules, "random_first", False) else 0
        return self.scene(app, seats, self.new_state(len(seats), seed, options, first), slot)

    def lesson_scene(self, app, player, back, play):
        """The guided first turn (never saved): `player` is setup's first person, `back` returns to setup,
        `play` starts a real game from it."""
        return self.module("tutorial").LessonScene(app, self, player, back, play)

    def mode_scene(self, mode: Mode, app):
        module, name = mode.scene.split(":")
        return getattr(self.module(module), name)(app, self)


def new_seed() -> int:
    return int.from_bytes(os.urandom(8), "little")


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
    tutorial=True,
    modes=(Mode("challenges", "Takedown challenges", "t", "challenges:ChallengeScene", "challenges:statistics"),),
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
    short_title="Heroes",
    round_word="pot",
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
