"""What a flick is and what it leads to: plain values shared by physics, rules and bots."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.rng import Rng

WOBBLE_ANGLE, WOBBLE_POWER = 0.035, 0.03  # a person's hand shake at full power (radians; share of power): less when softer


@dataclass(frozen=True)
class Flick:
    """A player's action: where and how hard the die is flicked."""

    angle: float  # direction of travel, radians (0 = +x, pi/2 = +y: towards the bottom of the screen)
    power: float  # 0..1 of the table's max flick speed
    spin: float = 0.0  # rad/s from an off-centre flick


@dataclass(frozen=True)
class Landing:
    """Chance's answer to a flick: where the die came to rest and what it touched (from the physics)."""

    x: float
    y: float
    face: str  # the icon on top
    fell: bool  # left the table
    left_saucer: bool  # was ever completely out of the flicker's saucer
    target: int | None  # index of the target whose top piece it touches
    saucers: tuple[int, ...]  # other players' saucers it touches


def person_hand(angle: float, power: float, rng: Rng) -> Flick:
    """The flick a person's hand makes of the one they meant: it shakes more the harder it flicks (the scene
    gives every person's flick this shake, and the challenge figures replay par plans with it)."""
    return Flick(angle + rng.gauss() * WOBBLE_ANGLE * power * power,
                 min(1.0, max(0.02, power + rng.gauss() * WOBBLE_POWER * power)), rng.gauss() * 2.0)
