"""The score race of a game: each player's running total after each of their turns (the results' chart)."""

from __future__ import annotations

from typing import Iterable


def running_totals(turns: Iterable[tuple[int, float]], players: int) -> list[list[float]]:
    """Each player's score after each of their turns, from (player, points) pairs in the order played."""
    lines: list[list[float]] = [[] for _ in range(players)]
    for player, points in turns:
        lines[player].append((lines[player] or [0])[-1] + points)
    return lines


def turning_points(lines: list[list[float]]) -> list[tuple[int, int]]:
    """(turn, player) where the lead changed hands: after that many turns each, `player` alone leads and
    someone else had led alone before them (a player's line stays at its last value once it ends)."""
    turns = max((len(line) for line in lines), default=0)
    points, leader = [], None
    for i in range(1, turns + 1):
        scores = [line[min(i, len(line)) - 1] if line else 0 for line in lines]
        best = max(scores)
        if scores.count(best) > 1:
            continue
        now = scores.index(best)
        if leader is not None and now != leader:
            points.append((i, now))
        leader = now
    return points
