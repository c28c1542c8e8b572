"""Martian Dice figures for ``python -m game bench``: the exact policy solved cold, and a roll's frame."""

from __future__ import annotations

import subprocess
import sys


def cold_policy_ms() -> float:
    """Import and solve the expected-score policy in a fresh interpreter (target: 100 ms)."""
    code = (
        "import time; t = time.perf_counter();"
        "from game.martian_dice.policy import expected_score_solution; expected_score_solution();"
        "print((time.perf_counter() - t) * 1000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return round(float(out.stdout.strip()), 2)


def extras() -> dict:
    return {"optimal_policy_cold_ms": cold_policy_ms()}
