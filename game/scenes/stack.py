"""The stack of screens, and the one place a screen is found by name.

Scenes never import each other: a scene that leads somewhere asks the stack for the screen by its
name ("settings", "results"), with the arguments that screen takes after the app. A game's own
screens (its table, its lesson, its extra modes) come from its registry entry instead. So the
import drawing of the scenes has no circle, and a screen's module is loaded the first time anyone
goes there.
"""

from __future__ import annotations

from importlib import import_module
from typing import Iterator

from game.scenes.base import Scene

SCENES = {
    "title": "game.scenes.title:TitleScene",
    "saved games": "game.scenes.title:SavedGamesScene",
    "setup": "game.scenes.setup:SetupScene",
    "how to play": "game.scenes.howto:HowToPlayScene",
    "settings": "game.scenes.settings:SettingsScene",
    "controls": "game.scenes.controls:ControlsScene",
    "statistics": "game.scenes.statistics:StatisticsScene",
    "pause": "game.scenes.pause:PauseScene",
    "choice": "game.scenes.choice:ChoiceScene",
    "start over": "game.scenes.choice:StartOverScene",
    "results": "game.scenes.results:ResultsScene",
    "phones": "game.scenes.phones:PhoneScene",
    "remote": "game.scenes.remote:RemoteScene",
    "turn log": "game.scenes.turn_log:TurnLogScene",
}


def scene_class(name: str) -> type[Scene]:
    """The class of the screen called `name` (its module is loaded now if it was not yet)."""
    if name not in SCENES:
        raise KeyError(f"no screen called {name!r}; there are {', '.join(SCENES)}")
    module, cls = SCENES[name].split(":")
    return getattr(import_module(module), cls)


class SceneStack:
    """Push, pop, replace and reset screens, each given as a scene or by name (built with the app and
    the arguments that follow). Overlays (``opaque = False``) show the screens under them."""

    def __init__(self, app):
        self.app = app  # the game.app.App that owns the stack: scenes are built with it, and it redraws on a change
        self.scenes: list[Scene] = []

    def make(self, scene: Scene | str, *args, **kwargs) -> Scene:
        return scene_class(scene)(self.app, *args, **kwargs) if isinstance(scene, str) else scene

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def __bool__(self) -> bool:
        return bool(self.scenes)

    def __len__(self) -> int:
        return len(self.scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes)

    def __reversed__(self) -> Iterator[Scene]:
        return reversed(self.scenes)

    def push(self, scene: Scene | str, *args, **kwargs) -> Scene:
        self.scenes.append(self.make(scene, *args, **kwargs))
        self.app.full_frame = True
        return self.top

    def pop(self) -> None:
        self.scenes.pop()
        self.app.full_frame = True
        if self.scenes:
            self.top.resume()

    def replace(self, scene: Scene | str, *args, **kwargs) -> Scene:
        self.scenes[-1] = self.make(scene, *args, **kwargs)
        self.app.full_frame = True
        return self.top

    def reset(self, scene: Scene | str, *args, **kwargs) -> Scene:
        """Back to a single screen (quit to the title); the closed screens' cached layers go with them."""
        self.scenes = [self.make(scene, *args, **kwargs)]
        self.app.canvas.drop_layers()
        self.app.full_frame = True
        return self.top

    def back_to(self, scene: Scene) -> None:
        """Pop every screen above `scene`."""
        while self.scenes and self.top is not scene:
            self.pop()

    def visible(self) -> list[Scene]:
        """The screens to draw, bottom first: the top one and the overlays' backgrounds under it."""
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        return self.scenes[first:]
