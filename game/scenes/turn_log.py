"""The turn log over a table: what each of the last turns came to, newest first, page by page (the title's
list of the session's notices is read the same way)."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import layout, theme
from game.ui.widgets import Button, ButtonGroup, panel

BOX = (layout.centre_x(900), 50, 900, 620)
PAD = 24


class TurnLogScene(Scene):
    opaque = False  # over the table it was opened from

    def __init__(self, app, title: str, lines: list[str], heading: str = "The last turns",
                 empty: str = "No turn has ended yet."):
        super().__init__(app)
        self.title, self.heading = title, heading
        self.lines = list(reversed(lines)) or [empty]
        self.page = 0
        self.buttons = ButtonGroup()
        self._build()

    def per_page(self) -> int:
        """Lines of text a page holds."""
        canvas = self.app.canvas
        room = BOX[3] - 2 * PAD - canvas.line_height(theme.FONT_HEADING) - layout.BUTTON_H - 20
        return max(1, int(room // canvas.line_height(theme.FONT_BODY)))

    def paged(self) -> list[list[tuple[int, str]]]:
        """The turns wrapped to the box's width (none is cut), as (turn, line) pages: a turn never splits
        across two pages."""
        canvas, per = self.app.canvas, self.per_page()
        pages: list[list[tuple[int, str]]] = [[]]
        for turn, text in enumerate(self.lines):
            wrapped = canvas.wrap(text, theme.FONT_BODY, BOX[2] - 2 * PAD)
            if pages[-1] and len(pages[-1]) + len(wrapped) > per:
                pages.append([])
            pages[-1] += [(turn, line) for line in wrapped]
        return pages

    def pages(self) -> int:
        return len(self.paged())

    def _build(self) -> None:
        x, y, w, h = BOX
        row_y = y + h - PAD - layout.BUTTON_H
        widths = [200, 200, 200] if self.pages() > 1 else [200]
        rects = layout.button_row(widths, row_y, layout.BUTTON_H)
        close = Button("Close", rects[len(rects) // 2], self.app.scenes.pop, pygame.K_ESCAPE, "Esc", accent=True,
                       size=theme.FONT_BODY)
        buttons = [close]
        if self.pages() > 1:
            buttons = [Button("Newer", rects[0], lambda: self._turn(-1), pygame.K_LEFT, "Left", enabled=self.page > 0,
                              size=theme.FONT_BODY), close,
                       Button("Older", rects[2], lambda: self._turn(1), pygame.K_RIGHT, "Right",
                              enabled=self.page < self.pages() - 1, size=theme.FONT_BODY)]
        self.buttons.set(buttons)

    def _turn(self, step: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + step))
        self._build()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.app.scenes.pop()  # the key that opened it closes it
            return
        self.buttons.handle(event)

    def draw(self, canvas) -> None:
        canvas.shade(layout.SCREEN, 170)
        panel(canvas, BOX)
        x, y, w, h = BOX
        heading = canvas.text(self.heading, theme.FONT_HEADING, theme.ACCENT, (x + PAD, y + PAD), bold=True,
                              width=w - 2 * PAD)
        canvas.text(self.title, theme.FONT_SMALL, theme.TEXT_DIM, (x + w - PAD, heading.centery), anchor="midright",
                    width=w / 2 - PAD)
        step = canvas.line_height(theme.FONT_BODY)
        for i, (turn, line) in enumerate(self.paged()[self.page]):
            canvas.text(line, theme.FONT_BODY, theme.TEXT if turn == 0 else theme.TEXT_DIM,
                        (x + PAD, heading.bottom + 10 + i * step), width=w - 2 * PAD, height=step)
        self.buttons.draw(canvas)
