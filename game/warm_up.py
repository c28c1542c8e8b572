"""Modules loaded ahead, one at a time, while a screen waits for a person.

Start-up loads only what the title needs; a screen's module used to load the first time a player went
there, inside that frame (opening the first game's setup took 153 ms at 1280x720: its table's modules).
Now the loop loads them while it would sleep (``App.idle``), the ones every screen shares first, then each
game's modules from its rules up, so no single load is longer than a few refreshes' sleep; then each game's
work ahead (``GameInfo.work_ahead``: the files its screens read). A module left off loads in the frame that
first needs it (the luck reports and a state class of its own module did: 0.5-2 ms each, 2-4 ms from a cold
disk). The phone screens are left out: their web server library takes 0.3 s in one piece, and only a player
who asks for phones pays it.
"""

from __future__ import annotations

import sys
from collections import deque
from importlib import import_module

from game.registry import GAMES, GameInfo, import_optional
from game.scenes.stack import SCENES

ROOM = 0.02  # seconds free before the next frame is due that a load needs (most take 2-30 ms)
SHARED = ("tomllib", "game.scenes.table", "pymunk", "game.ui.throw", "game.ui.dice3d", "game.ui.scoreboard",
          "game.ui.tray")
GAME_MODULES = ("rules", "bots", "help", "keys", "preferences", "summary", "scene", "tutorial", "prepare", "report")
LEFT_OUT = ("phones", "remote")  # screens whose modules load only when asked for (see above)


def modules_to_load() -> list[str]:
    """Every screen's module, then the modules tables share, then each game's, each after what it imports."""
    screens = [spec.split(":")[0] for name, spec in SCENES.items() if name not in LEFT_OUT]
    games = [f"{info.package}.{name}" for info in GAMES.values()
             for name in ("rules", info.state_module, *GAME_MODULES)]  # its state's module, if not rules, after it
    return list(dict.fromkeys(screens + list(SHARED) + games))


def work_to_do() -> list:
    """The modules to load (``modules_to_load``), then each game (its work ahead: ``GameInfo.work_ahead``), then
    the help pictures' shapes (each page read the files of its pictures in its first frame)."""
    return [*modules_to_load(), *GAMES.values(), HELP_SHAPES]


HELP_SHAPES = "game.ui.help_layout:read_shapes"  # "module:function", named: its module is not loaded at start-up


class WarmUp:
    """What is still to load or do ahead (module names, games, functions, "module:function" names), and doing the
    next when there is room."""

    def __init__(self, work: list | None = None):
        self.left = deque(work_to_do() if work is None else work)

    @property
    def done(self) -> bool:
        return not self.left

    def load_next(self, room: float) -> bool:
        """Load the next module not loaded yet, or do the next piece of work ahead, if `room` seconds are free; True
        if it did."""
        if room < ROOM:
            return False
        while self.left:
            item = self.left.popleft()
            if isinstance(item, GameInfo):
                self.left.extendleft(reversed(item.work_ahead()))
            elif callable(item):
                item()
                return True
            elif ":" in item:  # a function of a module, by name
                module, _, function = item.partition(":")
                getattr(import_module(module), function)()
                return True
            elif item not in sys.modules and import_optional(item) is not None:
                return True  # loaded now (a game's optional module may not exist)
        return False
