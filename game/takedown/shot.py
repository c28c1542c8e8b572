"""What a flick is and what it leads to: plain values shared by physics, rules and bots."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Flick:
    angle: float  # direction of travel, radians (0 = +x, pi/2 = +y: towards the bottom of the screen)
    power: float  # 0..1 of the table's max flick speed
    spin: float = 0.0  # rad/s from an off-centre flick


@dataclass(frozen=True)
class Landing:
    x: float
    y: float
    yaw: float
    face: str  # the icon on top
    fell: bool  # left the table
    left_saucer: bool  # was ever completely out of the flicker's saucer
    target: int | None  # index of the target whose top piece it touches
    saucers: tuple[int, ...]  # other players' saucers it touches
    time: float = 0.0

    def to_json(self) -> dict:
        return asdict(self)
