"""A flick with one button: the aim sweeps to and fro; hold the button and the power swings; let go to flick.

For players who can press a single button (Space, a pad's A, the mouse button). Only timing
lives here; the scene maps the button to ``press`` and ``release`` and flicks at the aim and
power shown, through the same path (and the same physics) as every other way to flick.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SWEEP_SPEED = math.radians(40)  # how fast the aim sweeps, per second
SWEEP_RANGE = math.radians(120)  # at most this far either side of its middle (every par shot of the challenges fits)
POWER_SECONDS = 1.6  # how long the power takes to climb from least to full (then it falls back)
LEAST_POWER = 0.05


@dataclass
class OneButton:
    middle: float = 0.0  # where the aim starts (at the nearest target still standing)
    low: float = -SWEEP_RANGE  # the ends of the sweep (radians; low <= middle <= high)
    high: float = SWEEP_RANGE
    swept: float = 0.0  # seconds the aim has swept
    held: float | None = None  # seconds the button has been held; None while it is up

    @property
    def aim(self) -> float:
        """Starts at the middle, swings out to the high end, back across to the low end, and so on."""
        span = self.high - self.low
        if span <= 0:
            return self.middle
        m = (self.middle - self.low + self.swept * SWEEP_SPEED) % (2 * span)
        return self.low + (m if m <= span else 2 * span - m)

    @property
    def power(self) -> float:
        """Climbs while the button is held, from least to full, then falls back, and so on."""
        m = (self.held or 0.0) / POWER_SECONDS % 2
        return LEAST_POWER + (1 - LEAST_POWER) * (m if m < 1 else 2 - m)

    def tick(self, seconds: float) -> None:
        """The aim sweeps while the button is up; the power swings while it is held (the aim stays)."""
        if self.held is None:
            self.swept += seconds
        else:
            self.held += seconds

    def press(self) -> None:
        self.held = 0.0

    def cancel(self) -> None:
        """The button was let go elsewhere (a menu opened): no flick; the aim sweeps on."""
        self.held = None

    def release(self) -> float:
        """The power to flick at; the aim sweeps on from where it stopped."""
        power, self.held = self.power, None
        return power

    def restart(self, middle: float, low: float, high: float) -> None:
        """A new flick: the sweep starts again at `middle`, between `low` and `high`."""
        self.middle, self.low, self.high, self.swept, self.held = middle, low, high, 0.0, None
