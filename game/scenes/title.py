"""The title screen: pick a game, continue the saved one, settings, quit."""

from __future__ import annotations

import math

import pygame

from game import __version__, saves
from game.app import Scene
from game.registry import GAMES
from game.storage import CorruptFile
from game.ui import theme
from game.ui.widgets import Button, ButtonGroup


class TitleScene(Scene):
    def __init__(self, app, notice: str | None = None):
        super().__init__(app)
        self.notices = [n for n in (app.settings_problem, notice) if n]
        app.settings_problem = None
        self.saved = self._load_save()
        self.clock = 0.0
        self.buttons = ButtonGroup()
        self._build()

    def _load_save(self):
        try:
            return saves.load()
        except CorruptFile as error:
            self.notices.append(f"The saved game could not be resumed: {error.reason}. "
                                f"The file was kept as {error.kept_as.name} in {error.kept_as.parent}.")
            return None

    def _build(self) -> None:
        from game.scenes.howto import HowToPlayScene
        from game.scenes.settings import SettingsScene
        from game.scenes.setup import SetupScene

        x, y, w, h, gap = 90, 250, 400, 50, 60
        buttons = []
        if self.saved:
            game = GAMES[self.saved.game]
            buttons.append(Button(f"Continue {game.title}", (x, y, w, h), self._continue, pygame.K_c, "C", accent=True))
            y += gap
        for n, game in enumerate(GAMES.values(), start=1):
            buttons.append(Button(f"Play {game.title}", (x, y, w, h),
                                  lambda g=game: self.app.push(SetupScene(self.app, g)),
                                  pygame.K_0 + n, str(n), accent=not self.saved and n == 1))
            y += gap
        takedown = GAMES["takedown"]
        buttons += [
            Button("Takedown challenges", (x, y, w, h),
                   lambda: self.app.push(takedown.module("challenges").ChallengeScene(self.app, takedown)),
                   pygame.K_t, "T"),
            Button("How to play", (x, y + gap, w, h),
                   lambda: self.app.push(HowToPlayScene(self.app, list(GAMES.values()))), pygame.K_h, "H"),
            Button("Settings", (x, y + 2 * gap, w, h), lambda: self.app.push(SettingsScene(self.app)), pygame.K_o, "O"),
            Button("Quit", (x, y + 3 * gap, w, h), self.app.quit, pygame.K_q, "Q"),
        ]
        self.buttons.set(buttons)

    def _continue(self) -> None:
        game = GAMES[self.saved.game]
        self.app.push(game.scene(self.app, self.saved.seats, self.saved.state))

    def resume(self) -> None:
        self.saved = self._load_save()
        self._build()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.notices:
                self.notices.clear()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.notices:
            self.notices.clear()
        self.buttons.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, canvas) -> None:
        canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
        canvas.text("MARTIAN GAME NIGHT", theme.FONT_TITLE, (20, 10, 30), (94, 124), bold=True)
        canvas.text("MARTIAN GAME NIGHT", theme.FONT_TITLE, theme.ACCENT, (90, 120), bold=True)
        canvas.text("Mars-themed tabletop games for one screen and a couch full of friends",
                    theme.FONT_LABEL, theme.TEXT_DIM, (92, 190))
        bob = math.sin(self.clock * 1.6) * 10
        tilt = math.sin(self.clock * 0.9) * 6
        canvas.image("icon.svg", (830 + tilt, 250 + bob, 300, 300))
        if self.saved:
            game = GAMES[self.saved.game]
            names = ", ".join(s.name for s in self.saved.seats)
            canvas.text(f"Saved {game.title} game: {names}", theme.FONT_SMALL, theme.TEXT_DIM, (92, 222))
        self.buttons.draw(canvas)
        canvas.text(f"v{__version__}   F11 fullscreen   Arrows/Enter or a game pad to navigate",
                    theme.FONT_SMALL, theme.TEXT_FAINT, (92, 690))
        if self.notices:
            self._draw_notices(canvas)

    def _draw_notices(self, canvas) -> None:
        x, w = 520, 700
        lines = [line for notice in self.notices for line in canvas.wrap(notice, theme.FONT_SMALL, w - 40)]
        h = 70 + 24 * len(lines)
        canvas.shade((x, 560 - h, w, h), 235, (60, 20, 20), radius=12)
        canvas.rect(theme.BAD, (x, 560 - h, w, h), width=2, radius=12)
        canvas.text("Something needs your attention", theme.FONT_BODY, theme.WARN, (x + 20, 574 - h), bold=True)
        for i, line in enumerate(lines):
            canvas.text(line, theme.FONT_SMALL, theme.TEXT, (x + 20, 606 - h + 24 * i))
        canvas.text("Click or press Esc to dismiss", theme.FONT_SMALL, theme.TEXT_DIM, (x + w - 20, 548), anchor="bottomright")
