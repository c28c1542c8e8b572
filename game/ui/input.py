"""Real keys for the named controls of ``game.controls`` (zones of the keyboard)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.controls import KEY_ZONES


@lru_cache(maxsize=1)
def zone_keys() -> dict[int, tuple[str, int]]:
    """key code -> (zone, index of the key in its zone)."""
    return {pygame.key.key_code(name): (zone, i) for zone, names in KEY_ZONES.items() for i, name in enumerate(names)}


def key_source(key: int) -> str:
    """The zone a key belongs to, or "keyboard" for keys outside every zone."""
    entry = zone_keys().get(key)
    return entry[0] if entry else "keyboard"


def zone_index(key: int) -> int | None:
    """Which of its zone's keys this is (0..4 choose, 5 is the action key), None outside the zones."""
    entry = zone_keys().get(key)
    return entry[1] if entry else None
