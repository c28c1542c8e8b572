"""The scoreboard panel every table shows: a row per seat, whose move it is, the scores."""

from __future__ import annotations

from typing import Callable

from game.controls import PHONE
from game.ui import motion, theme
from game.ui.widgets import panel


def seat_kind(seat, bots) -> str:
    """Who plays the seat, under its name: a person (on a phone, near or far), or which bot."""
    if seat.bot is None:
        return "on a phone" if seat.control == PHONE else "human"
    return f"bot: {bots[seat.bot].label.lower()}" if seat.bot in bots else "bot"


class Scoreboard:
    """`extra(canvas, player, (x, y, w, h))` draws a game's own line in a row (a pile of pieces, a bar), in the
    bottom `extra_height` of the row (grown with the text size when it holds text)."""

    def __init__(self, rect, seats, bots, title: str = "Scores", max_row: float = 74,
                 extra: Callable | None = None, extra_height: float = 20, extra_text: bool = True):
        self.rect, self.seats, self.bots, self.title = rect, seats, bots, title
        self.max_row, self.extra = max_row, extra
        self.extra_height, self.extra_text = extra_height, extra_text
        self.grow = 1.0  # rows grow with the player's text size while the panel has room

    def row(self, player: int) -> tuple[float, float, float, float]:
        x, y, w, h = self.rect
        top = 36 + 10 * self.grow
        row_h = min(self.max_row * self.grow, (h - top - 10) / len(self.seats))
        return x + 10, y + top + player * row_h, w - 20, row_h - 6

    def draw(self, canvas, scores, active, clock: float, note: str = "", extra_key=None, over=None) -> None:
        """`active`: the players whose move it is (highlighted, with a pulsing edge); `extra_key` names
        what the rows' own lines show, so the panel is redrawn only when something on it changes; `over`: the
        key of the table's own layer under the panel (``Canvas.cached``)."""
        self.grow = canvas.text_scale
        key = ("scoreboard", self.title, tuple(scores), tuple(active), note, extra_key,
               tuple((s.name, s.color) for s in self.seats))
        canvas.cached(key, self.rect, lambda c: self._paint(c, scores, active, note), over=over)
        for p in active:
            canvas.rect(theme.WARN, self.row(p), width=self.edge(clock), radius=10)

    @staticmethod
    def edge(clock: float) -> float:
        """The pulsing edge's width round the rows of whose move it is."""
        return 2 + motion.pulse(clock * 4)

    def _paint(self, canvas, scores, active, note: str) -> None:
        title = panel(canvas, self.rect, self.title)
        x, y, w, _ = self.rect
        if note:  # beside the title as drawn (a large text size may have shrunk it)
            room = x + w - 16 - (title.right + 8 if title else x + 16)
            canvas.text(note, theme.FONT_SMALL, theme.TEXT_DIM, (x + w - 16, y + 16), anchor="topright", width=room)
        for p, seat in enumerate(self.seats):
            rx, ry, rw, rh = self.row(p)
            on = p in active
            if on:
                canvas.rect(theme.PANEL_LIGHT, (rx, ry, rw, rh), radius=10)
            _, color = theme.PLAYER_COLORS[seat.color]
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (rx + 20, ry + min(rh / 2, 22 * self.grow)), 11)
            score = f"{scores[p]:g}"
            score_text, score_size = canvas.fitted(score, theme.FONT_HEADING, 80, rh - 8, bold=True)
            score_w = canvas.text_width(score_text, score_size, bold=True)
            extra_h = self.extra_height * (self.grow if self.extra_text else 1) if self.extra and rh >= 60 else 0
            lines = [(seat.name, theme.FONT_BODY, theme.TEXT, on)]
            if rh - extra_h >= 50 * self.grow:
                lines.append((seat_kind(seat, self.bots), theme.FONT_SMALL, theme.TEXT_DIM))
            canvas.stack(lines, (rx + 40, ry + 3, rw - 56 - score_w, rh - 6 - extra_h), shorten_ok=True)
            canvas.text(score, theme.FONT_HEADING, theme.TEXT, (rx + rw - 8, ry + min(rh / 2, 24 * self.grow)),
                        anchor="midright", bold=True, width=80, height=rh - 8)
            if extra_h:
                self.extra(canvas, p, (rx + 40, ry + rh - extra_h - 2, rw - 56, extra_h))
