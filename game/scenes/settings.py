"""Settings: volume, fullscreen, animation speed, coach, flick style, Freeze window, drawing. Saved at every change."""

from __future__ import annotations

import pygame

from game.app import Scene
from game.settings import ANIMATION_SPEEDS, DISPLAYS, FLICK_STYLES, FREEZE_WINDOWS
from game.ui import audio, theme
from game.ui.widgets import Button, ButtonGroup, panel

SPEED_LABELS = {"relaxed": "Relaxed", "normal": "Normal", "fast": "Fast", "turbo": "Turbo"}
DISPLAY_LABELS = {"auto": "Automatic", "framebuffer": "Plain window", "gpu": "Graphics card"}
FLICK_LABELS = {"slingshot": "Slingshot", "swipe": "Swipe", "one-button": "One button"}
FREEZE_LABELS = {name: f"{name.capitalize()} ({seconds:g} s)" for name, seconds in FREEZE_WINDOWS.items()}
ROWS = [("Volume", 196), ("Fullscreen (F11)", 248), ("Animation speed", 300), ("Dice coach", 352),
        ("Takedown flick (mouse)", 404), ("Heroes Freeze window", 456), ("Drawing (next start)", 508)]


class SettingsScene(Scene):
    opaque = False  # dims whatever it was opened from (title or a paused game)

    def __init__(self, app):
        super().__init__(app)
        self.buttons = ButtonGroup()
        self._build()

    def _build(self) -> None:
        s = self.app.settings
        x = 620
        y = {label: top for label, top in ROWS}
        self.buttons.set([
            Button("-", (x, y["Volume"] - 23, 56, 46), lambda: self._volume(-0.1), pygame.K_MINUS, ""),
            Button("+", (x + 250, y["Volume"] - 23, 56, 46), lambda: self._volume(0.1), pygame.K_EQUALS, ""),
            Button("On" if s.fullscreen else "Off", (x, y["Fullscreen (F11)"] - 23, 306, 46), self._fullscreen,
                   pygame.K_f, "F"),
            Button(SPEED_LABELS[s.animation_speed], (x, y["Animation speed"] - 23, 306, 46), self._speed, pygame.K_a,
                   "A"),
            Button("Coach on" if s.coach else "Coach off", (x, y["Dice coach"] - 23, 306, 46), self._coach, pygame.K_c,
                   "C"),
            Button(FLICK_LABELS[s.flick_style], (x, y["Takedown flick (mouse)"] - 23, 306, 46), self._flick_style,
                   pygame.K_w, "W"),
            Button(FREEZE_LABELS[s.freeze_window], (x, y["Heroes Freeze window"] - 23, 306, 46), self._freeze_window,
                   pygame.K_z, "Z"),
            Button(DISPLAY_LABELS[s.display], (x, y["Drawing (next start)"] - 23, 306, 46), self._display, pygame.K_d,
                   "D"),
            Button("Back", (490, 600, 300, 56), self.app.pop, pygame.K_ESCAPE, "Esc", accent=True),
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

    def _flick_style(self) -> None:
        s = self.app.settings
        s.flick_style = FLICK_STYLES[(FLICK_STYLES.index(s.flick_style) + 1) % len(FLICK_STYLES)]
        self._changed()

    def _freeze_window(self) -> None:
        s = self.app.settings
        names = list(FREEZE_WINDOWS)
        s.freeze_window = names[(names.index(s.freeze_window) + 1) % len(names)]
        self._changed()

    def _display(self) -> None:
        s = self.app.settings
        s.display = DISPLAYS[(DISPLAYS.index(s.display) + 1) % len(DISPLAYS)]
        self._changed()

    def _coach(self) -> None:
        self.app.settings.coach = not self.app.settings.coach
        self._changed()

    def _changed(self) -> None:
        self.app.apply_settings()
        self._build()

    def draw(self, canvas) -> None:
        canvas.shade((0, 0, 1280, 720), 170)
        panel(canvas, (300, 110, 680, 570))
        canvas.text("Settings", theme.FONT_HEADING, theme.ACCENT, (640, 150), anchor="center", bold=True)
        for label, y in ROWS:
            canvas.text(label, theme.FONT_LABEL, theme.TEXT, (340, y), anchor="midleft")
        volume = self.app.settings.volume
        y = ROWS[0][1]
        canvas.rect(theme.BG, (686, y - 11, 174, 22), radius=8)
        canvas.rect(theme.ACCENT, (686, y - 11, 174 * volume, 22), radius=8)
        canvas.text(f"{round(volume * 100)}%", theme.FONT_SMALL, theme.TEXT, (773, y + 21), anchor="midtop")
        canvas.text(f"Settings are saved for you automatically. Drawing now: {self.app.presentation_label}.",
                    theme.FONT_SMALL, theme.TEXT_DIM, (640, 556), anchor="center")
        self.buttons.draw(canvas)
