"""A tiny seeded random generator whose whole state is one integer.

Rules states carry their seed so that a seed plus the list of actions
replays a game exactly. SplitMix64 is small, fast in pure Python and
statistically good enough for dice. ``fork(label, number)`` derives an independent
stream by name and number ("chance" at step 12, "bot/3" at step 40), so no part of the game
needs a hand-picked constant to keep its randomness apart from another's.
"""

from __future__ import annotations

import math
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_FNV_OFFSET, _FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


@lru_cache(maxsize=256)
def _label_hash(label: str) -> int:
    """FNV-1a over the label's UTF-8 bytes (pure Python: the build leaves hashlib out)."""
    h = _FNV_OFFSET
    for byte in label.encode("utf-8"):
        h = ((h ^ byte) * _FNV_PRIME) & _MASK
    return h


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # SplitMix64's finalizer, inlined: the dice's hot path
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def fork(self, label: str, number: int = 0) -> "Rng":
        """An independent generator named by `label` (and a number: a step, a round); this one does not advance."""
        return Rng.derived(self.state, label, number)

    @staticmethod
    def derived(seed: int, label: str, number: int = 0) -> "Rng":
        """``Rng(seed).fork(label, number)`` in one step (rules states derive one per action: kept lean)."""
        z = (_label_hash(label) + number * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z = (seed & _MASK) ^ z ^ (z >> 31)
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return Rng(z ^ (z >> 31))

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An int in [0, n)."""
        return int(self.random() * n)

    def gauss(self) -> float:
        """A standard normal sample (Box-Muller)."""
        return math.sqrt(-2.0 * math.log(1.0 - self.random())) * math.cos(math.tau * self.random())

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]
