"""A question over the current screen with a few answers (starting over a saved game, ...)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import theme
from game.ui.widgets import Button, ButtonGroup, panel


class ChoiceScene(Scene):
    """`answers`: (label, key, key label, action); the last answer is what Esc does."""

    opaque = False

    def __init__(self, app, title: str, text: str, answers):
        super().__init__(app)
        self.title, self.text = title, text
        width = 250
        left = 640 - (len(answers) * (width + 16) - 16) / 2
        buttons = []
        for i, (label, key, key_label, action) in enumerate(answers):
            buttons.append(Button(label, (left + i * (width + 16), 420, width, 54), self._answer(action), key,
                                  key_label, accent=i == 0))
        self.buttons = ButtonGroup(buttons)
        self.buttons.focus = 0

    def _answer(self, action):
        def run():
            self.app.scenes.pop()
            action()
        return run

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.buttons.buttons[-1].on_click()
            return
        self.buttons.handle(event)

    def draw(self, canvas) -> None:
        canvas.shade((0, 0, 1280, 720), 170)
        panel(canvas, (190, 200, 900, 310))
        canvas.text(self.title, theme.FONT_HEADING, theme.ACCENT, (640, 244), anchor="center", bold=True, width=840)
        canvas.paragraph(self.text, theme.FONT_BODY, theme.TEXT, (230, 290), 820)
        self.buttons.draw(canvas)


class StartOverScene(ChoiceScene):
    """Starting a game over a saved one asks first: continue it, start over, or go back."""

    def __init__(self, app, saved, start_new, continue_saved):
        super().__init__(app, f"You have a saved {saved.info.title} game",
                         f"{saved.summary()}  (saved {saved.saved_at}). Starting a new game replaces it.",
                         [("Continue it", pygame.K_c, "C", continue_saved),
                          ("Start over", pygame.K_n, "N", start_new),
                          ("Cancel", pygame.K_ESCAPE, "Esc", lambda: None)])
