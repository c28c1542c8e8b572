"""Raw input as scenes expect it, each event saying who sent it.

Mouse positions arrive in logical units; a key press arrives as the default ("canonical") key of the
action it is bound to in the top scene's ``keymap`` (``game.ui.bindings``), so scenes read default keys
only; a pad's buttons arrive as those key presses too, and its left stick moves the focus like the d-pad.

Every event carries ``source``: a key press says which keyboard zone it came from ("keys-2", or
"keyboard" outside the zones), a pad's events say which pad ("pad-3": pads are numbered in the order they
were connected), the mouse says "mouse". Events keep their order, so the first of two presses is known.
"""

from __future__ import annotations

import pygame
from pygame._sdl2 import controller

from game.ui.bindings import Hints
from game.ui.input import key_source

STICK_THRESHOLD = 20000
WINDOW_CHANGES = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED)
MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
KEYS = (pygame.KEYDOWN, pygame.KEYUP)
PAD_BUTTONS = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)
STICKS = (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY)


def key_event(key: int, source: str, button: int | None = None, down: bool = True) -> pygame.event.Event:
    """A key press (or release) as scenes understand it, still saying who sent it (and which pad button)."""
    data = {"key": key, "mod": 0, "unicode": "", "scancode": 0, "source": source, "button": button}
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, data)


class InputTranslator:
    """Turns each raw event into the events the top scene gets (none, one, or a key for a stick push)."""

    def __init__(self, app):
        self.app = app
        self.pads: dict[int, controller.Controller] = {}  # open game controllers by instance id
        self.pad_numbers: dict[int, int] = {}  # instance id -> pad number (1, 2, ...) in order of connection
        self.last = "mouse"  # "mouse", "keyboard" or "pad": what the player touched last (for hints)
        self._stick: dict[tuple[int, int], int] = {}  # (pad, axis) -> the direction it is held
        self._handlers = {
            **dict.fromkeys(WINDOW_CHANGES, self._window),
            **dict.fromkeys(MOUSE, self._mouse),
            **dict.fromkeys(KEYS, self._key),
            **dict.fromkeys(PAD_BUTTONS, self._pad_button),
            pygame.CONTROLLERAXISMOTION: self._axis,
            pygame.CONTROLLERDEVICEADDED: self._pad_added,
            pygame.CONTROLLERDEVICEREMOVED: self._pad_removed,
        }
        controller.init()
        for index in range(controller.get_count()):
            self._open(index)

    def translate(self, event) -> list:
        handler = self._handlers.get(event.type)
        return handler(event) if handler else [event]

    def hints(self, scene) -> Hints:
        """How `scene` shows its keys now: bound keys, or pad buttons while a pad is in hand."""
        return Hints(self.app.bindings, scene.keymap, self.last == "pad")

    @property
    def _scene(self):
        return self.app.scenes.top if self.app.scenes else None

    @property
    def keymap(self) -> str:
        """The group of bindings the top scene answers to."""
        return self._scene.keymap if self._scene else "menus"

    # ----- by kind of event ------------------------------------------------------
    def _window(self, event) -> list:
        self.app.window.resized()
        self.app.full_frame = True
        return []

    def _mouse(self, event) -> list:
        canvas = self.app.canvas
        data = dict(event.dict, pos=canvas.to_logical(event.pos), source="mouse")
        if "rel" in data:
            data["rel"] = (data["rel"][0] / canvas.scale, data["rel"][1] / canvas.scale)
        self.last = "mouse"
        return [pygame.event.Event(event.type, data)]

    def _key(self, event) -> list:
        if not hasattr(event, "source"):
            event.source = key_source(event.key)
        self.last = "pad" if event.source.startswith("pad") else "keyboard"
        if self.last == "pad" or (self._scene and self._scene.typing()):
            return [event]  # a pad's press is already the scene's key; typed text is taken as it is
        key = self.app.bindings.key_press(self.keymap, event.key)
        return [pygame.event.Event(event.type, {**event.dict, "physical": event.key, "key": key})]

    def _pad_button(self, event) -> list:
        event.source = self.pad_source(event.instance_id)
        self.last = "pad"
        key = self.app.bindings.pad_press(self.keymap, event.button)
        if key is None:
            return [event]
        return [key_event(key, event.source, event.button, event.type == pygame.CONTROLLERBUTTONDOWN)]

    def _axis(self, event) -> list:
        event.source = self.pad_source(event.instance_id)
        if abs(event.value) > STICK_THRESHOLD:
            self.last = "pad"
        if event.axis in STICKS and not (self._scene and self._scene.raw_stick):
            return self._stick_push(event)
        return [event]

    def _stick_push(self, event) -> list:
        """The left stick moves the focus like the d-pad, once per push."""
        direction = 0 if abs(event.value) < STICK_THRESHOLD else (1 if event.value > 0 else -1)
        slot = (event.instance_id, event.axis)
        if direction == self._stick.get(slot, 0):
            return []
        self._stick[slot] = direction
        if not direction:
            return []
        if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
            return [key_event(pygame.K_RIGHT if direction > 0 else pygame.K_LEFT, event.source)]
        return [key_event(pygame.K_DOWN if direction > 0 else pygame.K_UP, event.source)]

    # ----- pads -------------------------------------------------------------------
    def _pad_added(self, event) -> list:
        self._open(event.device_index)
        return []

    def _pad_removed(self, event) -> list:
        self.pads.pop(event.instance_id, None)
        self.pad_numbers.pop(event.instance_id, None)
        return []

    def _open(self, index: int) -> None:
        if controller.is_controller(index):
            pad = controller.Controller(index)
            instance = pad.as_joystick().get_instance_id()
            self.pads[instance] = pad
            self.pad_source(instance)

    def pad_source(self, instance_id: int) -> str:
        """"pad-N": the pad's number, given in order of connection (a pad plugged in unseen gets the next)."""
        if instance_id not in self.pad_numbers:
            used = set(self.pad_numbers.values())
            self.pad_numbers[instance_id] = next(n for n in range(1, len(used) + 2) if n not in used)
        return f"pad-{self.pad_numbers[instance_id]}"

    def rumble(self, source: str, seconds: float, strength: float = 0.6) -> None:
        """Shake the pad that sent `source` ("pad-2"), if it can: a private confirmation."""
        for instance, number in self.pad_numbers.items():
            pad = self.pads.get(instance)
            if pad is not None and source == f"pad-{number}":
                level = int(0xFFFF * strength)
                pad.rumble(level, level, int(seconds * 1000))
