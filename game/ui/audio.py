"""Sound effects: synthesized WAVs from assets/sounds, played at the set volume.

Works without an audio device (the mixer may fail to start on a headless
machine); then every call is silently a no-op.
"""

from __future__ import annotations

from contextlib import contextmanager

import pygame

from game.paths import asset_path

_sounds: dict[str, pygame.mixer.Sound] = {}
_volume = 0.8
_ready = False
_muted = False


MIXER = {"frequency": 22050, "size": -16, "channels": 2, "buffer": 512}  # the sounds' own rate; 23 ms a buffer


def pre_init() -> None:
    """The mixer's format, before ``pygame.init`` opens the mixer with its own (44.1 kHz: the audio thread woke
    86 times a second instead of 43, a quarter of the game's CPU while a screen waits for a person)."""
    pygame.mixer.pre_init(**MIXER)


def init(volume: float) -> None:
    global _ready
    set_volume(volume)
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(**MIXER)
        _ready = True
    except pygame.error:
        _ready = False
_muted = False


def set_volume(volume: float) -> None:
    global _volume
    _volume = max(0.0, min(1.0, volume))


@contextmanager
def muted():
    """No sounds inside (an animation skipped to its end would play them all at once)."""
    global _muted
    before, _muted = _muted, True
    try:
        yield
    finally:
        _muted = before


def play(name: str, volume: float = 1.0) -> None:
    if not _ready or _volume <= 0 or _muted:
        return
    sound = _sounds.get(name)
    if sound is None:
        path = asset_path("sounds", f"{name}.wav")
        if not path.exists():
            return
        sound = _sounds[name] = pygame.mixer.Sound(str(path))
    sound.set_volume(_volume * volume)
    sound.play()
