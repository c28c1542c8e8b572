"""The scoreboard panel every table shows: a row per seat, whose move it is, the scores."""

from __future__ import annotations

import math
from typing import Callable

from game.ui import theme
from game.ui.widgets import panel


def seat_kind(seat, bots) -> str:
    return "human" if seat.bot is None else f"bot: {bots[seat.bot].label.lower()}" if seat.bot in bots else "bot"


class Scoreboard:
    """`extra(canvas, player, (x, y, w, h))` draws a game's own line in a row (a pile of pieces, a bar)."""

    def __init__(self, rect, seats, bots, title: str = "Scores", max_row: float = 74,
                 extra: Callable | None = None):
        self.rect, self.seats, self.bots, self.title = rect, seats, bots, title
        self.max_row, self.extra = max_row, extra

    def row(self, player: int) -> tuple[float, float, float, float]:
        x, y, w, h = self.rect
        row_h = min(self.max_row, (h - 56) / len(self.seats))
        return x + 10, y + 46 + player * row_h, w - 20, row_h - 6

    def draw(self, canvas, scores, active, clock: float, note: str = "", extra_key=None) -> None:
        """`active`: the players whose move it is (highlighted, with a pulsing edge); `extra_key` names
        what the rows' own lines show, so the panel is redrawn only when something on it changes."""
        key = ("scoreboard", tuple(scores), tuple(active), note, extra_key, tuple((s.name, s.color) for s in self.seats))
        canvas.cached(key, self.rect, lambda c: self._paint(c, scores, active, note))
        for p in active:
            rx, ry, rw, rh = self.row(p)
            pulse = 0.5 + 0.5 * math.sin(clock * 4)
            canvas.rect(theme.WARN, (rx, ry, rw, rh), width=2 + pulse, radius=10)

    def _paint(self, canvas, scores, active, note: str) -> None:
        panel(canvas, self.rect, self.title)
        x, y, w, _ = self.rect
        if note:
            canvas.text(note, theme.FONT_SMALL, theme.TEXT_DIM, (x + w - 16, y + 16), anchor="topright")
        for p, seat in enumerate(self.seats):
            rx, ry, rw, rh = self.row(p)
            on = p in active
            if on:
                canvas.rect(theme.PANEL_LIGHT, (rx, ry, rw, rh), radius=10)
            _, color = theme.PLAYER_COLORS[seat.color]
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (rx + 20, ry + min(rh / 2, 22)), 11)
            score = f"{scores[p]:g}"
            score_w = canvas.text_width(score, theme.FONT_HEADING, bold=True)
            canvas.text(seat.name, theme.FONT_BODY, theme.TEXT, (rx + 40, ry + 6), bold=on, width=rw - 56 - score_w)
            if rh >= 50:
                canvas.text(seat_kind(seat, self.bots), theme.FONT_SMALL - 2, theme.TEXT_DIM, (rx + 40, ry + 30))
            canvas.text(score, theme.FONT_HEADING, theme.TEXT, (rx + rw - 8, ry + min(rh / 2, 24)), anchor="midright",
                        bold=True)
            if self.extra and rh >= 60:
                self.extra(canvas, p, (rx + 40, ry + rh - 16, rw - 56, 12))
