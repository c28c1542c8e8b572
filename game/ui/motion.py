"""How much things move on screen: the one place that decides what reduced motion changes.

The app sets it from the player's settings (as it sets the volume), and every animation asks
here instead of reading the settings itself. With reduced motion nothing shakes, wobbles, hops
or bobs; nothing pulses or blinks (a highlight stays steady, a flash becomes a steady frame);
nothing flies, slides, turns over or tumbles: a thing fades out where it was and in where it goes
(``glide``), in a fraction of the flight's time, and a throw of dice fades in where the dice land.
Motion that is the game itself (a flicked die crossing the table, a sweeping aim) is left alone.
"""

from __future__ import annotations

import math

REDUCED_FLIGHT = 0.35  # share of a flight's time that is left with reduced motion

_reduced = False


def set_reduced(on: bool) -> None:
    global _reduced
    _reduced = bool(on)


def reduced() -> bool:
    return _reduced


def flight(seconds: float) -> float:
    """How long something flies, glides, flips or swings into place (with reduced motion: fades)."""
    return seconds * REDUCED_FLIGHT if _reduced else seconds


def glide(k: float) -> tuple[float, float]:
    """(How far along, how opaque) a thing moving from A to B is at progress `k` (0 to 1): all the way
    along and solid; with reduced motion it stays at A fading out, then shows at B fading in."""
    if not _reduced:
        return k, 1.0
    return (0.0, 1 - 2 * k) if k < 0.5 else (1.0, 2 * k - 1)


def sway(offset: float) -> float:
    """A decorative movement (a shake, a wobble, a hop, a bob, a pop): none with reduced motion."""
    return 0.0 if _reduced else offset


def pulse(angle: float) -> float:
    """A highlight's strength, 0 to 1, pulsing with `angle` (radians); steady at full with reduced motion."""
    return 1.0 if _reduced else 0.5 + 0.5 * math.sin(angle)


def blink(t: float) -> bool:
    """On for the even whole steps of `t`, off for the odd ones; always on with reduced motion."""
    return _reduced or int(t) % 2 == 0
