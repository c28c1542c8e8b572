"""A question over the current screen with a few answers (starting over a saved game, ...)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import layout, theme
from game.ui.widgets import Button, ButtonGroup, panel

DIALOG = layout.centred(900, 310)
ANSWER_W = 250
ANSWERS_Y = layout.bottom(DIALOG) - 90
TEXT_Y = DIALOG[1] + 90


class ChoiceScene(Scene):
    """`text`: what the question says, or ways to say it, longest first (the first that fits above the answers
    is shown); `answers`: (label, key, key label, action); the last answer is what Esc does."""

    opaque = False

    def __init__(self, app, title: str, text: str | list[str], answers):
        super().__init__(app)
        self.title, self.texts = title, [text] if isinstance(text, str) else list(text)
        self.text = self.texts[0]
        rects = layout.button_row([ANSWER_W] * len(answers), y=ANSWERS_Y, gap=16)
        self.buttons = ButtonGroup([Button(label, rect, self._answer(action), key, key_label, accent=i == 0)
                                    for i, ((label, key, key_label, action), rect) in enumerate(zip(answers, rects))])
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

    def fitting_text(self, canvas, width: float) -> str:
        room = (ANSWERS_Y - 12 - TEXT_Y) / canvas.line_height(theme.FONT_BODY)  # in lines
        return next((t for t in self.texts if len(canvas.wrap(t, theme.FONT_BODY, width)) <= room), self.texts[-1])

    def draw(self, canvas) -> None:
        x, y, w, _ = DIALOG
        canvas.shade(layout.SCREEN, 170)
        panel(canvas, DIALOG)
        canvas.text(self.title, theme.FONT_HEADING, theme.ACCENT, (layout.CENTRE_X, y + 44), anchor="center", bold=True,
                    width=w - 2 * layout.PAD)
        canvas.paragraph(self.fitting_text(canvas, w - 80), theme.FONT_BODY, theme.TEXT, (x + 40, TEXT_Y), w - 80)
        self.buttons.draw(canvas)


class StartOverScene(ChoiceScene):
    """Starting a game over a saved one asks first: continue it, start over, or go back."""

    def __init__(self, app, saved, start_new, continue_saved):
        super().__init__(app, "A saved game is waiting",
                         [f"Your {saved.info.title} game: {summary}  (saved {saved.saved_at}). Starting a new game "
                          "replaces it." for summary in saved.summaries()],
                         [("Continue it", pygame.K_c, "C", continue_saved),
                          ("Start over", pygame.K_n, "N", start_new),
                          ("Cancel", pygame.K_ESCAPE, "Esc", lambda: None)])
