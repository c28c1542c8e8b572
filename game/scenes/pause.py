"""The pause overlay over a running game (Esc)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import layout, theme
from game.ui.widgets import Button, ButtonGroup, panel

MENU_W, BUTTON_W = 400, 300
TOP = 160  # the menu's top edge
PITCH = 62  # from one button's top to the next, under Resume


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, game_info, phones=None, leave=None):
        """`phones` opens the phone seats' screen (a game with phone seats); `leave` ends a lesson (which is
        never saved) instead of quitting to the title."""
        super().__init__(app)
        self.keymap = app.input.keymap  # the game's own pause key (Start on a pad) also resumes
        entries = [("Rules", lambda: app.scenes.push("how to play", game_info), pygame.K_h, "H"),
                   ("Settings", lambda: app.scenes.push("settings"), pygame.K_o, "O")]
        if phones is not None:
            entries.append(("Phones", phones, pygame.K_p, "P"))
        entries.append(("Quit to title", lambda: app.scenes.reset("title"), pygame.K_q, "Q") if leave is None else
                       ("Leave the lesson", leave, pygame.K_q, "Q"))
        x = layout.centre_x(BUTTON_W)
        self.buttons = ButtonGroup([Button("Resume", (x, TOP + 90, BUTTON_W, 56), app.scenes.pop, pygame.K_ESCAPE, "Esc",
                                           accent=True)]
                                   + [Button(label, (x, TOP + 160 + i * PITCH, BUTTON_W, 50), action, key, key_label)
                                      for i, (label, action, key, key_label) in enumerate(entries)])
        self.note = "Your game is saved after every move." if leave is None else "Lessons are not saved."
        self.height = 194 + PITCH * len(entries)

    def draw(self, canvas) -> None:
        canvas.shade(layout.SCREEN, 160)
        panel(canvas, (layout.centre_x(MENU_W), TOP, MENU_W, self.height))
        canvas.text("Paused", theme.FONT_HEADING, theme.ACCENT, (layout.CENTRE_X, TOP + 44), anchor="center", bold=True,
                    height=56)
        self.buttons.draw(canvas)
        canvas.text(self.note, theme.FONT_SMALL, theme.TEXT_DIM, (layout.CENTRE_X, TOP + self.height - 25),
                    anchor="center", width=MENU_W - 20, height=40)
