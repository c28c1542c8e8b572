"""Results: the ranking, every score, rematch or back to the title."""

from __future__ import annotations

import math

import pygame

from game.app import Scene
from game.ui import audio, theme
from game.ui.widgets import Button, ButtonGroup, panel

PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]


class ResultsScene(Scene):
    def __init__(self, app, game_info, seats, ranking, scores, note: str = ""):
        super().__init__(app)
        from game.scenes.title import TitleScene

        self.info, self.seats, self.ranking, self.scores, self.note = game_info, seats, ranking, scores, note
        self.clock = 0.0
        self.buttons = ButtonGroup([
            Button("Rematch", (400, 630, 230, 56), self._rematch, pygame.K_r, "R", accent=True),
            Button("Back to title", (650, 630, 230, 56), lambda: app.reset(TitleScene(app)), pygame.K_ESCAPE, "Esc"),
        ])
        audio.play("win")

    def _rematch(self) -> None:
        self.app.replace(self.info.scene(self.app, self.seats))

    def handle(self, event) -> None:
        self.buttons.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, canvas) -> None:
        canvas.image("backdrop.svg", (0, 0, 1280, 720))
        panel(canvas, (290, 30, 700, 580))
        winner = self.seats[self.ranking[0][0]]
        pulse = 1 + 0.04 * math.sin(self.clock * 4)
        canvas.text(f"{winner.name} wins!", theme.FONT_HEADING * pulse, theme.ACCENT, (640, 80), anchor="center", bold=True)
        if self.note:
            canvas.text(self.note, theme.FONT_SMALL, theme.TEXT_DIM, (640, 118), anchor="center")
        y = 150
        for place, group in enumerate(self._places()):
            for p in group[1]:
                seat = self.seats[p]
                name, color = theme.PLAYER_COLORS[seat.color]
                highlight = group[0] == 0
                canvas.rect(theme.PANEL_LIGHT if highlight else theme.BG, (330, y, 620, 48), radius=10)
                canvas.text(PLACES[group[0]], theme.FONT_LABEL, theme.WARN if highlight else theme.TEXT_DIM,
                            (350, y + 24), anchor="midleft", bold=True)
                canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (430, y + 24), 13)
                who = seat.name + ("  (bot)" if seat.bot else "")
                canvas.text(who, theme.FONT_LABEL, theme.TEXT, (456, y + 24), anchor="midleft")
                canvas.text(f"{self.scores[p]} pts", theme.FONT_LABEL, theme.TEXT, (930, y + 24), anchor="midright", bold=True)
                y += 54
        self.buttons.draw(canvas)

    def _places(self):
        """(place index, players) with shared places for ties."""
        place = 0
        for group in self.ranking:
            yield place, group
            place += len(group)
