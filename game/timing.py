"""Timing figures as the bench reports them: milliseconds of one action, and percentiles of many."""

from __future__ import annotations

import time


def timed(action) -> float:
    """How long `action()` takes, in milliseconds."""
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def percentiles(samples_ms: list[float], count: str = "frames") -> dict:
    """Median, 95th and 99th percentile, worst, and how many samples (named by `count`)."""
    ordered = sorted(samples_ms)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)

    return {"p50_ms": pick(0.50), "p95_ms": pick(0.95), "p99_ms": pick(0.99), "max_ms": round(ordered[-1], 3),
            count: len(ordered)}
