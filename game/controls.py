"""Who a human seat listens to: any input, a zone of the keyboard, one game pad, or a phone.

Turn-based games let whoever holds the keyboard, mouse or a pad act for the
player whose turn it is. Games with simultaneous secret choices bind each
seat to its own input, so everyone can choose at once and the game knows
who pressed first. Names only here; ``game.ui.input`` maps real keys.
"""

from __future__ import annotations

ANY = "any"
# Five choice keys each, far enough apart on the keyboard for four pairs of hands, then one action key
# at the zone's outer edge (a race to press first, such as firing a ray before the others).
KEY_ZONES: dict[str, tuple[str, ...]] = {
    "keys-1": ("1", "2", "3", "4", "5", "q"),
    "keys-2": ("6", "7", "8", "9", "0", "p"),
    "keys-3": ("z", "x", "c", "v", "b", "left shift"),
    "keys-4": ("n", "m", ",", ".", "/", "right shift"),
}
CHOICE_KEYS = 5  # the first five keys of a zone choose; the sixth acts
MAX_PADS = 8
PADS = tuple(f"pad-{n}" for n in range(1, MAX_PADS + 1))
PHONE = "phone"  # the seat's own phone, through the game's page on the local network
CONTROLS = (ANY, *KEY_ZONES, *PADS, PHONE)


def label(control: str) -> str:
    if control == ANY:
        return "Any input"
    if control in KEY_ZONES:
        keys = KEY_ZONES[control]
        return f"Keys {keys[0].upper()}–{keys[CHOICE_KEYS - 1].upper()}"
    if control == PHONE:
        return "Phone"
    return f"Pad {control.split('-')[1]}"


def key_name(name: str) -> str:
    """How a key is written on screen: "Q", "Left Shift"."""
    return name.title() if len(name) > 1 else name.upper()


def action_key(control: str) -> str:
    """The zone's action key as written on screen ("Q"), or the pad button that does the same."""
    if control in KEY_ZONES:
        return key_name(KEY_ZONES[control][CHOICE_KEYS])
    return "LB" if control in PADS else ""


def accepts(control: str, source: str) -> bool:
    """Whether input from `source` ("keys-2", "pad-1", "keyboard", "mouse") acts for a seat bound to `control`."""
    return control == ANY or control == source


def defaults(humans: int, pads: int) -> list[str]:
    """Separate inputs for simultaneous play: pads first (one each), then keyboard zones."""
    choices = [*PADS[:pads], *KEY_ZONES]
    return [choices[i] if i < len(choices) else ANY for i in range(humans)]


def phone_seats(seats) -> dict[int, str]:
    """The human seats that play from a phone, by name."""
    return {i: s.name for i, s in enumerate(seats) if s.bot is None and s.control == PHONE}
