"""How to play a game: our own wording, with pictures on every page."""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.ui import theme
from game.ui.help_layout import CAPTION_SIZE, PageLayout, lay_out
from game.ui.widgets import Button, ButtonGroup, panel

BODY = (170, 162, 940, 442)  # where a page's text and pictures go: under its title, inside the panel


class HowToPlayScene(Scene):
    opaque = False  # dims whatever it was opened from (title or a paused game)

    def __init__(self, app, games):
        """`games`: one GameInfo, or several to choose from with tabs."""
        super().__init__(app)
        self.games = games if isinstance(games, list) else [games]
        self.buttons = ButtonGroup()
        self.layouts: dict[tuple, PageLayout] = {}
        self._open(self.games[0])

    def _open(self, info) -> None:
        self.info = info
        self.pages = info.help_pages
        self.page = 0
        self._build()

    def _build(self) -> None:
        last = len(self.pages) - 1
        self.buttons.set([
            Button("Previous", (300, 640, 200, 50), lambda: self._turn(-1), pygame.K_LEFT, "Left",
                   enabled=self.page > 0),
            Button("Next", (780, 640, 200, 50), lambda: self._turn(1), pygame.K_RIGHT, "Right",
                   enabled=self.page < last, accent=self.page < last),
            Button("Back", (530, 640, 220, 50), self.app.scenes.pop, pygame.K_ESCAPE, "Esc", accent=self.page == last),
            *self._tabs(),
        ])

    def _tabs(self) -> list[Button]:
        """One tab per game of the registry, sharing the panel's width."""
        if len(self.games) < 2:
            return []
        pitch = min(250.0, 984 / len(self.games))
        return [Button(info.short, (150 + i * pitch, 52, pitch - 8, 40), lambda info=info: self._open(info),
                       *((pygame.K_1 + i, str(i + 1)) if i < 9 else (None, "")), size=theme.FONT_SMALL,
                       accent=info is self.info) for i, info in enumerate(self.games)]

    def _turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._build()

    def _layout(self, canvas) -> PageLayout:
        """This page's layout at the current window and text size (worked out once)."""
        key = (self.info.id, self.page, canvas.scale, canvas.text_scale)
        if key not in self.layouts:
            self.layouts[key] = lay_out(canvas, self.pages[self.page], BODY)
        return self.layouts[key]

    def draw(self, canvas) -> None:
        page = self.pages[self.page]
        canvas.shade((0, 0, 1280, 720), 200)
        panel(canvas, (140, 40, 1000, 580))
        if len(self.games) == 1:
            canvas.text(f"How to play {self.info.title}", theme.FONT_SMALL, theme.TEXT_DIM, (170, 60))
        counter = f"{self.page + 1} / {len(self.pages)}"
        canvas.text(counter, theme.FONT_SMALL, theme.TEXT_DIM, (1110, 124), anchor="midright")
        canvas.text(page.title, theme.FONT_HEADING, theme.ACCENT, (170, 104), bold=True,
                    width=920 - canvas.text_width(counter, theme.FONT_SMALL), height=50)
        layout = self._layout(canvas)
        for line, x, y in layout.lines:
            canvas.text(line, theme.FONT_BODY, theme.TEXT, (x, y))
        for picture, rect in layout.pictures:
            canvas.image(picture, rect)
        for line, x, y in layout.captions:
            canvas.text(line, CAPTION_SIZE, theme.TEXT, (x, y), anchor="midtop")
        self.buttons.draw(canvas)
