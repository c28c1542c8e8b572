"""Settings: sound and screen in one column, play and accessibility in the other (with each game's own
settings, declared by the game). Saved at every change."""

from __future__ import annotations

import pygame

from game.registry import GAMES
from game.scenes.base import Scene
from game.settings import ANIMATION_SPEEDS, BOT_PACES, DISPLAYS, TEXT_SIZES
from game.ui import audio, layout, theme
from game.ui.widgets import Button, ButtonGroup, heading, panel

SPEED_LABELS = {"relaxed": "Relaxed", "normal": "Normal", "fast": "Fast", "turbo": "Turbo"}
DISPLAY_LABELS = {"auto": "Automatic", "framebuffer": "Plain window", "gpu": "Graphics card"}
PACE_LABELS = {"quick": "Quick", "normal": "Normal", "calm": "Calm", "slow": "Slow"}
LABEL_W, CHOICE_X, CHOICE_W = 270, 290, 260  # within a column
COLUMN_GAP = 40
COLUMNS = (("Screen and sound", layout.CENTRE_X - COLUMN_GAP / 2 - CHOICE_X - CHOICE_W),
           ("Play and accessibility", layout.CENTRE_X + COLUMN_GAP / 2))
TITLES_Y = 104  # the columns' titles
TOP, PITCH = 170, 74  # the middle of the first row; from one row to the next


def _next(options, current):
    options = list(options)
    return options[(options.index(current) + 1) % len(options)]


class SettingsScene(Scene):
    opaque = False  # dims whatever it was opened from (title or a paused game)

    def __init__(self, app):
        super().__init__(app)
        self.buttons = ButtonGroup()
        self._build()
        self.drawn_at: int | None = None  # the text size of the frame drawn after the last update
        self.warmed_for: int | None = None

    def update(self, dt: float) -> None:
        """Once the screen is drawn at a text size, the glyphs its text needs at the next size (the one its key
        steps to) are made ready off the frame: the frame after a change has only its lines to draw."""
        super().update(dt)
        size = self.app.settings.text_size
        if self.drawn_at == size and self.warmed_for != size:
            self.warmed_for = size
            self.app.canvas.warm_text_scales([_next(TEXT_SIZES, size) / 100])
        self.drawn_at = size

    def rows(self) -> list[tuple[int, str, str, str, int, object]]:
        """(column, label, choice shown, key shown, key, what a press does) for every setting but volume."""
        s = self.app.settings
        return [
            (0, "Text size", f"{s.text_size}%", "T", pygame.K_t, lambda: self._set("text_size", _next(TEXT_SIZES, s.text_size))),
            (0, "Fullscreen", "On" if s.fullscreen else "Off", "F", pygame.K_f, self._fullscreen),
            (0, "Animation speed", SPEED_LABELS[s.animation_speed], "A", pygame.K_a,
             lambda: self._set("animation_speed", _next(ANIMATION_SPEEDS, s.animation_speed))),
            (0, "Drawing", DISPLAY_LABELS[s.display], "D", pygame.K_d,
             lambda: self._set("display", _next(DISPLAYS, s.display))),
            (1, "Reduced motion", "On" if s.reduced_motion else "Off", "M", pygame.K_m,
             lambda: self._set("reduced_motion", not s.reduced_motion)),
            (1, "Bot pace", PACE_LABELS[s.bot_pace], "B", pygame.K_b, lambda: self._set("bot_pace", _next(BOT_PACES, s.bot_pace))),
            (1, "Dice coach", "On" if s.coach else "Off", "C", pygame.K_c, lambda: self._set("coach", not s.coach)),
            *(self._game_row(setting) for info in GAMES.values() for setting in info.settings),
        ]

    def _game_row(self, setting) -> tuple[int, str, str, str, int, object]:
        """A game's own setting, in the play column."""
        labels = dict(setting.choices)
        current = self.app.settings.choice(setting.id)
        return (1, setting.label, labels[current], setting.key.upper(), pygame.key.key_code(setting.key),
                lambda: self._set_game(setting.id, _next(labels, current)))

    @staticmethod
    def place(column: int, row: int) -> tuple[float, float]:
        """Left edge and middle of a row."""
        return COLUMNS[column][1], TOP + PITCH * row

    def _build(self) -> None:
        x, y = self.place(0, 0)
        buttons = [
            Button("Softer", (x + CHOICE_X, y - 23, CHOICE_W / 2 - 4, 46), lambda: self._volume(-0.1), pygame.K_MINUS, "-",
                   size=theme.FONT_BODY),
            Button("Louder", (x + CHOICE_X + CHOICE_W / 2 + 4, y - 23, CHOICE_W / 2 - 4, 46), lambda: self._volume(0.1),
                   pygame.K_EQUALS, "+", size=theme.FONT_BODY),
        ]
        counts = [1, 0]  # volume takes the first row of the first column
        for column, _label, choice, key_label, key, act in self.rows():
            x, y = self.place(column, counts[column])
            counts[column] += 1
            buttons.append(Button(choice, (x + CHOICE_X, y - 23, CHOICE_W, 46), act, key, key_label, size=theme.FONT_BODY))
        controls, remote, back = layout.button_row([260, 300, 260], y=layout.PANEL_ROW_Y)
        buttons.append(Button("Controls", controls, self._controls, pygame.K_k, "K"))
        buttons.append(Button("Friends far away", remote, lambda: self.app.scenes.push("remote"), pygame.K_r, "R"))
        buttons.append(Button("Back", back, self.app.scenes.pop, pygame.K_ESCAPE, "Esc", accent=True))
        self.buttons.set(buttons)

    def _set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.apply_settings()
        self._build()

    def _set_game(self, setting_id: str, value: str) -> None:
        self.app.settings.games[setting_id] = value
        self.app.apply_settings()
        self._build()

    def _volume(self, step: float) -> None:
        self._set("volume", round(min(1.0, max(0.0, self.app.settings.volume + step)), 2))
        audio.play("select")

    def _controls(self) -> None:
        self.app.scenes.push("controls")

    def _fullscreen(self) -> None:
        self.app.toggle_fullscreen()
        self._build()

    def draw(self, canvas) -> None:
        canvas.shade(layout.SCREEN, 170)
        panel(canvas, layout.PANEL)
        heading(canvas, "Settings")
        for title, x in COLUMNS:
            canvas.text(title, theme.FONT_LABEL, theme.WARN, (x, TITLES_Y), bold=True, width=LABEL_W + CHOICE_W, height=34)
        labels = [(0, "Volume")] + [(column, label) for column, label, *_ in self.rows()]
        counts = [0, 0]
        volume = self.app.settings.volume
        for column, label in labels:
            x, y = self.place(column, counts[column])
            counts[column] += 1
            if label == "Volume":
                label = f"Volume {round(volume * 100)}%"
            canvas.text(label, theme.FONT_LABEL, theme.TEXT, (x, y), anchor="midleft", width=LABEL_W, height=PITCH - 28)
        x, y = self.place(0, 0)
        canvas.rect(theme.BG, (x + CHOICE_X, y + 28, CHOICE_W, 8), radius=4)
        canvas.rect(theme.ACCENT, (x + CHOICE_X, y + 28, CHOICE_W * volume, 8), radius=4)
        canvas.text(f"Saved for you automatically. Drawing changes at the next start (now: {self.app.window.presentation_label}).",
                    theme.FONT_SMALL, theme.TEXT_DIM, (layout.CENTRE_X, layout.PANEL_ROW_Y - 36), anchor="center",
                    width=layout.WIDTH, height=30)
        self.buttons.draw(canvas)
