"""How to play a game: our own wording, with pictures of the dice faces."""

from __future__ import annotations

import pygame

from game.app import Scene
from game.ui import theme
from game.ui.widgets import Button, ButtonGroup, panel


class HowToPlayScene(Scene):
    opaque = False  # dims whatever it was opened from (title or a paused game)

    def __init__(self, app, games):
        """`games`: one GameInfo, or several to choose from with tabs."""
        super().__init__(app)
        self.games = games if isinstance(games, list) else [games]
        self.buttons = ButtonGroup()
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
            Button("Back", (530, 640, 220, 50), self.app.pop, pygame.K_ESCAPE, "Esc", accent=self.page == last),
            *self._tabs(),
        ])

    def _tabs(self) -> list[Button]:
        """One tab per game of the registry, sharing the panel's width."""
        if len(self.games) < 2:
            return []
        pitch = min(250.0, 960 / len(self.games))
        return [Button(info.short, (160 + i * pitch, 52, pitch - 10, 40), lambda info=info: self._open(info),
                       size=theme.FONT_SMALL, accent=info is self.info) for i, info in enumerate(self.games)]

    def _turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._build()

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
        text_width = 940 if not page.pictures else 560
        y = 158
        for para in page.text:
            y = canvas.paragraph(para, theme.FONT_BODY, theme.TEXT, (170, y), text_width) + 10
        if page.pictures:
            py = 158
            for picture, caption in page.pictures:
                canvas.rect(theme.DIE_FACE, (770, py, 64, 64), radius=10)
                canvas.image(picture, (774, py + 4, 56, 56))
                canvas.paragraph(caption, theme.FONT_BODY, theme.TEXT, (850, py + 8), 270, 1.15)
                py += 82
        self.buttons.draw(canvas)
