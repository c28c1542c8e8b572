"""Settings: volume, fullscreen, animation speed. Saved at every change."""

from __future__ import annotations

import pygame

from game.app import Scene
from game.settings import ANIMATION_SPEEDS
from game.ui import audio, theme
from game.ui.widgets import Button, ButtonGroup, panel

SPEED_LABELS = {"relaxed": "Relaxed", "normal": "Normal", "fast": "Fast", "turbo": "Turbo"}


class SettingsScene(Scene):
    opaque = False  # dims whatever it was opened from (title or a paused game)

    def __init__(self, app):
        super().__init__(app)
        self.buttons = ButtonGroup()
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        x = 620
        self.buttons.set([
            Button("-", (x, 222, 56, 50), lambda: self._volume(-0.1), pygame.K_MINUS, ""),
            Button("+", (x + 250, 222, 56, 50), lambda: self._volume(0.1), pygame.K_EQUALS, ""),
            Button("On" if s.fullscreen else "Off", (x, 302, 306, 50), self._fullscreen, pygame.K_f, "F"),
            Button(SPEED_LABELS[s.animation_speed], (x, 382, 306, 50), self._speed, pygame.K_a, "A"),
            Button("Coach on" if s.coach else "Coach off", (x, 462, 306, 50), self._coach, pygame.K_c, "C"),
            Button("Back", (490, 580, 300, 56), self.app.pop, pygame.K_ESCAPE, "Esc", accent=True),
        ])

    def _volume(self, step: float) -> None:
        s = self.app.settings
        s.volume = round(min(1.0, max(0.0, s.volume + step)), 2)
        self._changed()
        audio.play("select")

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self._build()

    def _speed(self) -> None:
        names = list(ANIMATION_SPEEDS)
        s = self.app.settings
        s.animation_speed = names[(names.index(s.animation_speed) + 1) % len(names)]
        self._changed()

    def _coach(self) -> None:
        self.app.settings.coach = not self.app.settings.coach
        self._changed()

    def _changed(self) -> None:
        self.app.apply_settings()
        self._build()

    def draw(self, canvas) -> None:
        canvas.shade((0, 0, 1280, 720), 170)
        panel(canvas, (300, 110, 680, 560))
        canvas.text("Settings", theme.FONT_HEADING, theme.ACCENT, (640, 150), anchor="center", bold=True)
        rows = [("Volume", 247), ("Fullscreen (F11)", 327), ("Animation speed", 407), ("Dice coach", 487)]
        for label, y in rows:
            canvas.text(label, theme.FONT_LABEL, theme.TEXT, (340, y), anchor="midleft")
        volume = self.app.settings.volume
        canvas.rect(theme.BG, (686, 236, 174, 22), radius=8)
        canvas.rect(theme.ACCENT, (686, 236, 174 * volume, 22), radius=8)
        canvas.text(f"{round(volume * 100)}%", theme.FONT_SMALL, theme.TEXT, (773, 268), anchor="midtop")
        canvas.text("Settings are saved for you automatically.", theme.FONT_SMALL, theme.TEXT_DIM, (640, 540), anchor="center")
        self.buttons.draw(canvas)
