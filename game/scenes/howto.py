"""How to play a game: our own wording, with pictures on every page."""

from __future__ import annotations

import pygame

from game.scenes.base import AMBIENT_FPS, FPS, Scene
from game.ui import layout, theme
from game.ui.help_layout import CAPTION_SIZE, PageLayout, lay_out
from game.ui.layout import PAD
from game.ui.widgets import Button, ButtonGroup, panel

PAGE = (layout.centre_x(1000), 40, 1000, 580)  # the panel a page is written on
LEFT, RIGHT = PAGE[0] + PAD, PAGE[0] + PAGE[2] - PAD
TABS_Y, TAB_H, TAB_W = 52, 40, 250  # the games' tabs, at most TAB_W wide
TITLE_Y = 104  # the page's title
BODY = (LEFT, 162, RIGHT - LEFT, 442)  # where a page's text and pictures go: under its title, inside the panel


class HowToPlayScene(Scene):
    opaque = False  # dims whatever it was opened from (title or a paused game)

    def __init__(self, app, games):
        """`games`: one GameInfo, or several to choose from with tabs."""
        super().__init__(app)
        self.games = games if isinstance(games, list) else [games]
        self.buttons = ButtonGroup()
        self.layouts: dict[tuple, PageLayout] = {}
        self.shown: tuple | None = None  # the page drawn last: a page's first frame draws its words alone
        self.ahead = True  # the next page may still need making ready (laid out, its pictures rendered)
        self._open(self.games[0])

    def _open(self, info) -> None:
        self.info = info
        self.pages = info.help_pages
        self.page = 0
        self._build()

    def _build(self) -> None:
        self.pictures_missing = 1  # not known until the page is drawn: nothing is made ahead before that
        last = len(self.pages) - 1
        previous, back, following = layout.button_row([200, 220, 200], gap=30)
        self.buttons.set([
            Button("Previous", previous, lambda: self._turn(-1), pygame.K_LEFT, "Left", enabled=self.page > 0),
            Button("Next", following, lambda: self._turn(1), pygame.K_RIGHT, "Right",
                   enabled=self.page < last, accent=self.page < last),
            Button("Back", back, self.app.scenes.pop, pygame.K_ESCAPE, "Esc", accent=self.page == last),
            *self._tabs(),
        ])

    def _tabs(self) -> list[Button]:
        """One tab per game of the registry, sharing the panel's width."""
        if len(self.games) < 2:
            return []
        pitch = min(TAB_W, (PAGE[2] - 16) / len(self.games))
        return [Button(info.short, (PAGE[0] + 10 + i * pitch, TABS_Y, pitch - 8, TAB_H), lambda info=info: self._open(info),
                       *((pygame.K_1 + i, str(i + 1)) if i < 9 else (None, "")), size=theme.FONT_SMALL,
                       accent=info is self.info) for i, info in enumerate(self.games)]

    def _turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._build()

    def update(self, dt: float) -> None:
        """While a page is read, the next one is made ready, a step a frame, in frames that draw nothing."""
        if self.ahead and self.shown is not None and not self.pictures_missing:
            self.ahead = self._get_ahead(self.app.canvas)

    def frame_rate(self) -> float:
        return FPS if self.pictures_missing else AMBIENT_FPS if self.ahead else 0

    def ambient_area(self) -> list | None:
        return [] if not self.pictures_missing else None  # the page is whole: nothing on it moves

    def _layout_key(self, canvas, page: int) -> tuple:
        return self.info.id, page, canvas.scale, canvas.text_scale

    def _layout(self, canvas, page: int) -> PageLayout:
        """A page's layout at the current window and text size (worked out once)."""
        key = self._layout_key(canvas, page)
        if key not in self.layouts:
            self.layouts[key] = lay_out(canvas, self.pages[page], BODY)
        return self.layouts[key]

    def _get_ahead(self, canvas) -> bool:
        """One step of making the next page ready while this one is read: its layout, then its pictures (rendered
        on the pictures' worker); False once there is nothing left to do."""
        following = self.page + 1
        if following >= len(self.pages):
            return False
        if self._layout_key(canvas, following) not in self.layouts:
            self._layout(canvas, following)
            return True
        missing = [(picture, rect) for picture, rect in self._layout(canvas, following).pictures
                   if not canvas.image_ready(picture, rect)]
        for picture, rect in missing:
            canvas.prepare_image(picture, rect)
        return bool(missing)

    def draw(self, canvas) -> None:
        page = self.pages[self.page]
        canvas.shade(layout.SCREEN, 200)
        panel(canvas, PAGE)
        if len(self.games) == 1:
            canvas.text(f"How to play {self.info.title}", theme.FONT_SMALL, theme.TEXT_DIM, (LEFT, TABS_Y + 8))
        counter = f"{self.page + 1} / {len(self.pages)}"
        canvas.text(counter, theme.FONT_SMALL, theme.TEXT_DIM, (RIGHT, TITLE_Y + 20), anchor="midright")
        canvas.text(page.title, theme.FONT_HEADING, theme.ACCENT, (LEFT, TITLE_Y), bold=True,
                    width=RIGHT - LEFT - 20 - canvas.text_width(counter, theme.FONT_SMALL), height=50)
        laid_out = self._layout(canvas, self.page)
        for line, x, y in laid_out.lines:
            canvas.text(line, theme.FONT_BODY, theme.TEXT, (x, y))
        shown = self._layout_key(canvas, self.page)
        first, self.shown = self.shown != shown, shown
        self.ahead = self.ahead or first
        self.pictures_missing = 0
        for picture, rect in laid_out.pictures:  # rendered off the frame, each shown when it is there
            if canvas.image_ready(picture, rect):
                canvas.image(picture, rect)
            else:
                canvas.prepare_image(picture, rect)
                self.pictures_missing += 1
        for line, x, y in laid_out.captions:
            canvas.text(line, CAPTION_SIZE, theme.TEXT, (x, y), anchor="midtop")
        self.buttons.draw(canvas)
