"""The pause overlay over a running game (Esc)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import Button, ButtonGroup, panel


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, game_info, phones=None, leave=None):
        """`phones` opens the phone seats' screen (a game with phone seats); `leave` ends a lesson (which is
        never saved) instead of quitting to the title."""
        super().__init__(app)
        self.keymap = app.input.keymap  # the game's own pause key (Start on a pad) also resumes
        x, w = 490, 300
        buttons = [
            Button("Resume", (x, 250, w, 56), app.scenes.pop, pygame.K_ESCAPE, "Esc", accent=True),
            Button("Rules", (x, 320, w, 50), lambda: app.scenes.push("how to play", game_info), pygame.K_h, "H"),
            Button("Settings", (x, 382, w, 50), lambda: app.scenes.push("settings"), pygame.K_o, "O"),
        ]
        if phones is not None:
            buttons.append(Button("Phones", (x, 444, w, 50), phones, pygame.K_p, "P"))
        if leave is None:
            buttons.append(Button("Quit to title", (x, 382 + 62 * len(buttons) - 124, w, 50),
                                  lambda: app.scenes.reset("title"), pygame.K_q, "Q"))
        else:
            buttons.append(Button("Leave the lesson", (x, 382 + 62 * len(buttons) - 124, w, 50), leave,
                                  pygame.K_q, "Q"))
        self.note = "Your game is saved after every move." if leave is None else "Lessons are not saved."
        self.buttons = ButtonGroup(buttons)
        self.height = 380 + (62 if phones is not None else 0)

    def draw(self, canvas) -> None:
        canvas.shade((0, 0, 1280, 720), 160)
        panel(canvas, (440, 160, 400, self.height))
        canvas.text("Paused", theme.FONT_HEADING, theme.ACCENT, (640, 204), anchor="center", bold=True, height=56)
        self.buttons.draw(canvas)
        canvas.text(self.note, theme.FONT_SMALL, theme.TEXT_DIM,
                    (640, 135 + self.height), anchor="center", width=380, height=40)
