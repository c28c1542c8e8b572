"""Which key and which pad button does each action, saved per user, and what the screen shows for them.

Scenes keep reading the default ("canonical") key codes: ``pygame.K_SPACE`` means Roll at a dice
table. The app turns every physical key and pad button into the canonical key of the action it is
bound to, for the group of actions the top scene uses (its ``keymap``): "menus" everywhere, and at a
game's table also the game's own group (each game declares its groups in its ``keys`` module; the
registry finds them). A group's own actions come first; a menu action also works at a table unless
the table's action with the same canonical key was moved elsewhere (then the old key would bring it
back). A key whose action moved away does nothing.

Buttons look up what to show from the same canonical key, so a rebinding shows everywhere at
once: the bound key, or with a pad in hand the bound pad button (A on the focused button when
its action has none).

A group marked ``zones`` belongs to a game of simultaneous choices: the keyboard zones
(``game.controls``) stay as they are there, each seat's own keys laid out for four pairs of hands on
one keyboard, so those keys pass through unchanged and cannot be bound in that group.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.fields import Fields
from game.paths import user_data_dir
from game.registry import GAMES, MENUS
from game.storage import WRITER, CorruptFile, read_json
from game.ui.input import zone_keys

FILE_NAME = "bindings.json"
NOTHING = pygame.K_UNKNOWN  # what a key whose action moved elsewhere becomes: a press that does nothing
RESERVED = {pygame.K_F11: "F11 switches fullscreen everywhere"}


@dataclass(frozen=True)
class Action:
    id: str  # "menus.back": the group and the name (the field in the saved file)
    label: str  # what it does, on the Controls screen
    key: int  # the canonical key scenes read, and the default key
    pad: int | None  # the default pad button (None: reached by moving the focus and pressing A)


@dataclass(frozen=True)
class Group:
    id: str
    title: str
    actions: tuple[Action, ...]
    note: str = ""  # what cannot be changed here, said on the Controls screen
    zones: bool = False  # the table reads the seats' keyboard zones: those keys are not this group's to bind
    formerly: str = ""  # the id its actions were saved under by an older version (still read from the file)


@dataclass(frozen=True)
class Hint:
    """What a button or a line shows for an action: a key ("Space", "Left") or a pad button ("A", "LB")."""

    kind: str  # "key" or "pad"
    name: str


def group(gid: str, title: str, rows, note: str = "", zones: bool = False, formerly: str = "") -> Group:
    """A group from rows of (name, what it does, default key, default pad button or None)."""
    actions = tuple(Action(f"{gid}.{name}", label, key, pad) for name, label, key, pad in rows)
    return Group(gid, title, actions, note, zones, formerly)


MENU_GROUP = group(MENUS, "Menus", (
    ("confirm", "Choose the selected button", pygame.K_RETURN, pygame.CONTROLLER_BUTTON_A),
    ("back", "Back, close, cancel", pygame.K_ESCAPE, pygame.CONTROLLER_BUTTON_B),
    ("up", "Move up", pygame.K_UP, pygame.CONTROLLER_BUTTON_DPAD_UP),
    ("down", "Move down", pygame.K_DOWN, pygame.CONTROLLER_BUTTON_DPAD_DOWN),
    ("left", "Move left, previous page", pygame.K_LEFT, pygame.CONTROLLER_BUTTON_DPAD_LEFT),
    ("right", "Move right, next page", pygame.K_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_RIGHT),
), "Tab also moves to the next button. On a pad the left stick moves too.")


_known: dict[tuple[str, ...], tuple[dict[str, Group], dict[str, Action]]] = {}  # by the games registered


def _tables() -> tuple[dict[str, Group], dict[str, Action]]:
    games = tuple(GAMES)
    if games not in _known:
        found = {MENUS: MENU_GROUP, **{g.id: g for info in GAMES.values() for g in info.key_groups}}
        _known[games] = found, {a.id: a for g in found.values() for a in g.actions}
    return _known[games]


def groups() -> dict[str, Group]:
    """Every group by id: the menus', then each registered game's."""
    return _tables()[0]


def actions() -> dict[str, Action]:
    """Every bindable action by id ("menus.back")."""
    return _tables()[1]


PAD_NAMES = {
    pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B", pygame.CONTROLLER_BUTTON_X: "X",
    pygame.CONTROLLER_BUTTON_Y: "Y", pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB", pygame.CONTROLLER_BUTTON_BACK: "Back",
    pygame.CONTROLLER_BUTTON_START: "Start", pygame.CONTROLLER_BUTTON_LEFTSTICK: "LS",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "RS", pygame.CONTROLLER_BUTTON_DPAD_UP: "Up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "Down", pygame.CONTROLLER_BUTTON_DPAD_LEFT: "Left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "Right",
}  # the buttons that can be bound (not Guide: systems keep it for themselves)
PAD_BUTTONS = {name: button for button, name in PAD_NAMES.items()}
DPAD = ("Up", "Down", "Left", "Right")
KEY_NAMES = {
    pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Num Enter", pygame.K_SPACE: "Space",
    pygame.K_BACKSPACE: "Backspace", pygame.K_TAB: "Tab", pygame.K_INSERT: "Ins", pygame.K_DELETE: "Del",
    pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_LEFT: "Left", pygame.K_RIGHT: "Right",
    pygame.K_UP: "Up", pygame.K_DOWN: "Down", pygame.K_LCTRL: "Left Ctrl", pygame.K_RCTRL: "Right Ctrl",
    pygame.K_LALT: "Left Alt", pygame.K_RALT: "Right Alt",
}


def key_name(key: int) -> str:
    """How a key is written on screen: "Space", "Esc", "S", "Left Shift", "Num 5"."""
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    name = pygame.key.name(key)
    if name.startswith("[") and name.endswith("]"):
        return f"Num {name[1:-1]}"
    return name.upper() if len(name) == 1 else name.title()


def pad_text(button: int) -> str:
    """A pad button in a line of text: "A", "Start", "D-pad left"."""
    name = PAD_NAMES[button]
    return f"D-pad {name.lower()}" if name in DPAD else name


class Refused(ValueError):
    """A binding that cannot be made, with the reason in plain words."""


class Bindings:
    """Every action's key and pad button (defaults unless the player changed them)."""

    def __init__(self, keys: dict[str, int] | None = None, pads: dict[str, int | None] | None = None):
        self.keys = {a.id: a.key for a in actions().values()} | (keys or {})
        self.pads = {a.id: a.pad for a in actions().values()} | (pads or {})
        self._active: dict[tuple[str, bool], tuple[Action, ...]] = {}  # ``active``'s answers until a binding changes

    # ----- what a press means ----------------------------------------------------
    def active(self, keymap: str, pad: bool = False) -> tuple[Action, ...]:
        """The actions that answer presses in a scene: its group's, then the menus' that still apply. Worked out once
        per scene's group until a binding changes: every button drawn asks, every frame."""
        found = self._active.get((keymap, pad))
        if found is None:
            found = self._active[(keymap, pad)] = self._answering(keymap, pad)
        return found

    def _answering(self, keymap: str, pad: bool) -> tuple[Action, ...]:
        own = groups()[keymap].actions
        if keymap == MENUS:
            return tuple(own)
        bound, default = (self.pads, lambda a: a.pad) if pad else (self.keys, lambda a: a.key)
        moved = {a.key for a in own if bound[a.id] != default(a)}
        return (*own, *(m for m in MENU_GROUP.actions if m.key not in moved))

    def key_press(self, keymap: str, key: int) -> int:
        """The canonical key a physical key stands for here: its action's key; NOTHING for the old key of
        an action that moved elsewhere; any other key as it is (a screen's own shortcut, a seat's zone)."""
        if groups()[keymap].zones and key in zone_keys():
            return key
        active = self.active(keymap)
        found = next((a for a in active if self.keys[a.id] == key), None)
        if found is not None:
            return found.key
        return NOTHING if any(a.key == key for a in active) else key

    def pad_press(self, keymap: str, button: int) -> int | None:
        """The canonical key a pad button stands for here, None if it is bound to nothing."""
        found = next((a for a in self.active(keymap, pad=True) if self.pads[a.id] == button), None)
        return found.key if found else None

    def action(self, keymap: str, key: int, pad: bool = False) -> Action | None:
        """The action behind a canonical key in a scene (None: a screen's own shortcut)."""
        return next((a for a in self.active(keymap, pad) if a.key == key), None)

    # ----- changing them -----------------------------------------------------------
    def bind_key(self, action_id: str, key: int) -> Action | None:
        """Bind a key; an action of the same group that had it swaps to this one's old key (returned)."""
        if key in RESERVED:
            raise Refused(f"{RESERVED[key]}; pick another key.")
        if pygame.key.name(key) == "":
            raise Refused("That key cannot be told apart from others; pick another key.")
        group = _group_of(action_id)
        if group.zones and key in zone_keys():
            raise Refused(f"{key_name(key)} belongs to a {group.title} player's own keys; pick another key.")
        return self._bind(self.keys, action_id, key)

    def bind_pad(self, action_id: str, button: int) -> Action | None:
        """Bind a pad button; an action of the same group that had it swaps to this one's old button."""
        if button not in PAD_NAMES:
            raise Refused("That pad button cannot be bound; pick another.")
        return self._bind(self.pads, action_id, button)

    def _bind(self, table: dict, action_id: str, value) -> Action | None:
        other = next((a for a in _group_of(action_id).actions if a.id != action_id and table[a.id] == value), None)
        if other is not None:
            table[other.id] = table[action_id]
        table[action_id] = value
        self._active.clear()
        return other

    def reset(self) -> None:
        defaults = Bindings()
        self.keys, self.pads = defaults.keys, defaults.pads
        self._active.clear()

    @property
    def changed(self) -> bool:
        return self != Bindings()

    def __eq__(self, other) -> bool:
        return isinstance(other, Bindings) and (self.keys, self.pads) == (other.keys, other.pads)

    # ----- the file ------------------------------------------------------------------
    def to_json(self) -> dict:
        """Only what differs from the defaults, by name ("space", "A"), so new actions get their defaults."""
        return {
            "keys": {a: pygame.key.name(k) for a, k in self.keys.items() if k != actions()[a].key},
            "pads": {a: PAD_NAMES[p] if p is not None else None for a, p in self.pads.items() if p != actions()[a].pad},
        }

    @classmethod
    def from_json(cls, data) -> "Bindings":
        f = Fields(data)
        keys = {}
        for action_id, name in _entries(f, "keys").items():
            where = f"keys.{action_id}"
            if not isinstance(name, str):
                f.fail(where, f"should be a key name, got {type(name).__name__}")
            try:
                key = pygame.key.key_code(name)
            except ValueError:
                key = pygame.K_UNKNOWN
            if key == pygame.K_UNKNOWN or key in RESERVED:
                f.fail(where, f"is {name[:20]!r}, not a key that can be bound")
            keys[action_id] = key
        pads = {}
        for action_id, name in _entries(f, "pads").items():
            if name is not None and name not in PAD_BUTTONS:
                f.fail(f"pads.{action_id}", f"is {str(name)[:20]!r}, expected one of {', '.join(PAD_BUTTONS)} or null")
            pads[action_id] = PAD_BUTTONS[name] if name is not None else None
        bindings = cls(keys, pads)
        bindings._check(f)
        return bindings

    def _check(self, f: Fields) -> None:
        """Two actions of a group on one key or button would make one of them unreachable."""
        for table, field, kind in ((self.keys, "keys", "key"), (self.pads, "pads", "pad button")):
            for group in groups().values():
                seen: dict = {}
                for a in group.actions:
                    value = table[a.id]
                    if value is not None and value in seen:
                        f.fail(f"{field}.{a.id}", f"uses the same {kind} as {seen[value]}")
                    seen[value] = a.id


def _group_of(action_id: str) -> Group:
    return groups()[action_id.split(".")[0]]


def _entries(f: Fields, field: str) -> dict:
    """The file's entries by action id; one saved under a group's former id counts for the groups that took
    that action over."""
    entries = f.get(field, dict) if field in f.data else {}
    found = {}
    for action_id, value in entries.items():
        ids = [action_id] if action_id in actions() else _taken_over(str(action_id))
        if not ids:
            f.fail(f"{field}.{str(action_id)[:40]}", "is not an action of this game")
        found.update(dict.fromkeys(ids, value))
    return found


def _taken_over(action_id: str) -> list[str]:
    """The actions now known by another id ("dice.roll": the roll of every group that was "dice")."""
    former, _, name = action_id.partition(".")
    return [f"{g.id}.{name}" for g in groups().values()
            if g.formerly and g.formerly == former and f"{g.id}.{name}" in actions()]


class Hints:
    """What one scene shows for its keys: the bound key, or the pad button with a pad in hand."""

    def __init__(self, bindings: Bindings, keymap: str = MENUS, pad: bool = False):
        self.bindings, self.keymap, self.pad = bindings, keymap, pad

    def button(self, key: int | None, label: str = "", focused: bool = False) -> Hint | None:
        """A button's hint from its shortcut (a canonical key), or the label it was given for a screen's own key."""
        return self._pad_button(key, focused) if self.pad else self._key_button(key, label)

    def _pad_button(self, key: int | None, focused: bool) -> Hint | None:
        """The pad button bound to the shortcut's action; on the focused button, the one that confirms."""
        button = self._pad_for(key)
        if button is None and focused:
            button = self._pad_for(pygame.K_RETURN)
        return Hint("pad", PAD_NAMES[button]) if button is not None else None

    def _pad_for(self, key: int | None) -> int | None:
        action = self.bindings.action(self.keymap, key, pad=True) if key is not None else None
        return self.bindings.pads[action.id] if action else None

    def _key_button(self, key: int | None, label: str) -> Hint | None:
        b = self.bindings
        action = b.action(self.keymap, key) if key is not None else None
        if action is not None:
            return Hint("key", key_name(b.keys[action.id]))
        if key is not None and b.key_press(self.keymap, key) != key:
            return None  # that key does something else here now: the button is reached by focus and Enter
        return Hint("key", label) if label else None

    def name(self, key: int) -> str:
        """A canonical key in a line of text ("G", "Back", "D-pad left"): the pad's button when a pad is in
        hand and the action has one, else the key."""
        b = self.bindings
        if self.pad:
            action = b.action(self.keymap, key, pad=True)
            if action is not None and b.pads[action.id] is not None:
                return pad_text(b.pads[action.id])
        action = b.action(self.keymap, key)
        return key_name(b.keys[action.id] if action else key)


def load() -> tuple[Bindings, str | None]:
    """The player's bindings (or the defaults) and a problem report, if any."""
    try:
        bindings = read_json(user_data_dir() / FILE_NAME, Bindings.from_json)
    except CorruptFile as error:
        return Bindings(), f"Your keys and pad buttons are back to the defaults: {error}"
    return bindings or Bindings(), None


WRITE_FAILED = "Your keys and buttons could not be saved ({reason}). They apply until you quit."


def save(bindings: Bindings) -> None:
    """Written on the writer's thread (a frame never waits for the disk); a failure is told with the others."""
    WRITER.put(user_data_dir() / FILE_NAME, bindings.to_json(), WRITE_FAILED)
