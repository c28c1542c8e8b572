"""The score race of a game: each player's running total after each of their turns (the results' chart)."""

from __future__ import annotations

from typing import Iterable


def running_totals(turns: Iterable[tuple[int, float]], players: int) -> list[list[float]]:
    """Each player's score after each of their turns, from (player, points) pairs in the order played."""
    lines: list[list[float]] = [[] for _ in range(players)]
    for player, points in turns:
        lines[player].append((lines[player] or [0])[-1] + points)
    return lines
