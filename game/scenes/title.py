"""The title screen: pick a game (laid out from the registry), continue a saved one, settings, quit."""

from __future__ import annotations

import math

import pygame

from game import __version__, saves
from game.registry import GAMES
from game.scenes.base import Scene
from game.ui import layout, motion, theme
from game.ui.widgets import BACKDROP, Button, ButtonGroup, backdrop, heading, reading_sheet

COLUMN_X, COLUMN_W, ROW_H = 90, 480, 46
FOOTER_W = 560  # the help line right of the bottom row of buttons
COLUMN_TOP, COLUMN_BOTTOM = 240, 616
ICON_AREA = (814, 222, 332, 336)  # where the bobbing saucer can be
SAUCER_SIZE = (300, 300)
BOB_FPS = 10  # a slow float (a few pixels a step) needs no more, and each step redraws its corner of the screen
TAGLINE_X = layout.middle(ICON_AREA)[0]  # the middle of the line under the saucer
NOTICES_W = layout.W / 2
LIST_LEFT, LIST_RIGHT = layout.LIST[0] + layout.LIST_PAD, layout.LIST[0] + layout.LIST[2] - layout.LIST_PAD
SAVES_TOP, SAVES_PITCH, SAVES_SHOWN = 120, 62, 8  # the saved games' rows
SUMMARY_X = LIST_LEFT + 470  # a saved game's summary, right of its Continue button


class TitleScene(Scene):
    first_pictures = (BACKDROP, ("icon.svg", (0, 0, *SAUCER_SIZE)))

    def __init__(self, app, notice: str | None = None):
        super().__init__(app)
        self.notices = [n for n in (app.settings_problem, notice) if n]
        app.settings_problem = None
        self.saved: list[saves.SavedGame] = []
        self._load_saves()
        self.clock = 0.0
        self.buttons = ButtonGroup()
        self._build()

    def _load_saves(self) -> None:
        self.saved, problems = saves.load_all()
        for error in problems:
            self.notices.append(f"A saved game could not be resumed: {error.reason}. {error.where}")
            self.app.notices.remember(self.notices[-1])

    def entries(self) -> list[Button]:
        """The column of ways to play: Continue, each game, each game's extra modes."""
        entries = []
        if len(self.saved) == 1:
            saved = self.saved[0]
            entries.append(Button(f"Continue {saved.info.short}", (0, 0, 0, 0),
                                  lambda: self.app.scenes.push(saved.scene(self.app)), pygame.K_c, "C", accent=True))
        elif self.saved:
            entries.append(Button(f"Continue a saved game ({len(self.saved)})", (0, 0, 0, 0),
                                  lambda: self.app.scenes.push("saved games"), pygame.K_c, "C", accent=True))
        for n, game in enumerate(GAMES.values(), start=1):
            entries.append(Button(f"Play {game.title}", (0, 0, 0, 0), lambda g=game: self.app.scenes.push("setup", g),
                                  pygame.K_0 + n if n < 10 else None, str(n) if n < 10 else "",
                                  accent=not self.saved and n == 1))
            for mode in game.modes:
                entries.append(Button(mode.label, (0, 0, 0, 0), lambda g=game, m=mode: self.app.scenes.push(g.mode_scene(m, self.app)),
                                      pygame.key.key_code(mode.key), mode.key.upper()))
        return entries

    def _build(self) -> None:
        entries = self.entries() + [Button("Statistics", (0, 0, 0, 0), lambda: self.app.scenes.push("statistics"),
                                           pygame.K_s, "S")]
        told = self.app.notices.session
        if told:
            entries.append(Button(f"Notices this session ({len(told)})", (0, 0, 0, 0), self._show_notices, pygame.K_n,
                                  "N"))
        pitch = min(58.0, (COLUMN_BOTTOM - COLUMN_TOP) / len(entries))
        for i, button in enumerate(entries):
            button.rect = (COLUMN_X, COLUMN_TOP + i * pitch, COLUMN_W, min(ROW_H, pitch - 6))
        rules, settings, leave = layout.button_row([200, 200, 140], height=48, gap=12, left=COLUMN_X)
        entries += [
            Button("How to play", rules, lambda: self.app.scenes.push("how to play", list(GAMES.values())),
                   pygame.K_h, "H"),
            Button("Settings", settings, lambda: self.app.scenes.push("settings"), pygame.K_o, "O"),
            Button("Quit", leave, self.app.quit, pygame.K_q, "Q"),
        ]
        self.buttons.set(entries)

    def _show_notices(self) -> None:
        self.app.scenes.push("turn log", "since the game started", self.app.notices.session, heading="Notices",
                             empty="Nothing went wrong.")

    def resume(self) -> None:
        self._load_saves()
        self._build()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.notices.clear()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.notices:
            self.notices.clear()
        self.buttons.handle(event)

    def update(self, dt: float) -> None:
        self.clock += dt

    def frame_rate(self) -> float:
        return 0 if motion.reduced() else BOB_FPS  # the saucer bobs, unless motion is reduced

    def ambient_area(self) -> list | None:
        return [ICON_AREA]

    def ambient_look(self, canvas) -> object:
        return canvas.px(*self._icon_at())  # a bob of less than a pixel looks the same

    def _icon_at(self) -> tuple[float, float]:
        """Where the bobbing saucer's picture is drawn now (its top left, logical px)."""
        return 830 + motion.sway(math.sin(self.clock * 0.9) * 6), 240 + motion.sway(math.sin(self.clock * 1.6) * 10)

    def draw(self, canvas) -> None:
        backdrop(canvas)
        canvas.text("MARTIAN GAME NIGHT", theme.FONT_TITLE, (20, 10, 30), (94, 104), bold=True, width=1080, height=92)
        title = canvas.text("MARTIAN GAME NIGHT", theme.FONT_TITLE, theme.ACCENT, (90, 100), bold=True, width=1080,
                            height=92)
        below = canvas.text("Mars-themed tabletop games for one screen and a couch full of friends",
                            theme.FONT_LABEL, theme.TEXT_DIM, (92, title.bottom - 8), width=1100, height=32)
        canvas.image("icon.svg", (*self._icon_at(), *SAUCER_SIZE))
        if len(self.saved) == 1:
            saved = self.saved[0]
            height = COLUMN_TOP - 4 - below.bottom
            line = canvas.first_whole([f"Saved {saved.info.title} game: {summary}" for summary in saved.summaries()],
                                      theme.FONT_SMALL, 1100, height)
            canvas.text(line, theme.FONT_SMALL, theme.TEXT_DIM, (92, below.bottom), width=1100, height=height,
                        shorten_ok=True)  # a single long name may still not fit
        elif self.saved:
            canvas.text(f"{len(self.saved)} saved games waiting", theme.FONT_SMALL, theme.TEXT_DIM, (92, below.bottom),
                        height=COLUMN_TOP - 4 - below.bottom)
        self._draw_tagline(canvas)
        self.buttons.draw(canvas)
        move = f"{self.key_name(pygame.K_UP)}/{self.key_name(pygame.K_DOWN)} and {self.key_name(pygame.K_RETURN)}"
        canvas.text(f"v{__version__}   F11 fullscreen   {move} to choose",
                    theme.FONT_SMALL, theme.TEXT_FAINT, (layout.W - layout.PAD, layout.H - 12), anchor="bottomright",
                    width=FOOTER_W)
        if self.notices:
            self._draw_notices(canvas)

    def _draw_tagline(self, canvas) -> None:
        """The hovered or focused game, in a line under the art."""
        games = list(GAMES.values())
        focus = next((b for i, b in enumerate(self.buttons.buttons) if b.hovered or i == self.buttons.focus), None)
        game = next((g for g in games if focus is not None and focus.label == f"Play {g.title}"), None)
        if game is None:
            return
        lines = canvas.wrap(game.tagline, theme.FONT_BODY, 440)[:3]
        step = canvas.line_height(theme.FONT_BODY, 1.2)
        top = min(560.0, layout.ROW_Y - 4 - step * (len(lines) + 1))
        for i, line in enumerate(lines):
            canvas.text(line, theme.FONT_BODY, theme.TEXT, (TAGLINE_X, top + step * i), anchor="midtop")
        canvas.text(f"{game.min_players} to {game.max_players} players", theme.FONT_SMALL, theme.TEXT_DIM,
                    (TAGLINE_X, top + 4 + step * len(lines)), anchor="midtop")

    def _draw_notices(self, canvas) -> None:
        x, w = layout.W - 40 - NOTICES_W, NOTICES_W
        lines = [line for notice in self.notices for line in canvas.wrap(notice, theme.FONT_SMALL, w - 40)]
        step = canvas.line_height(theme.FONT_SMALL)
        head = canvas.line_height(theme.FONT_BODY, 1.5)
        h = head + step * (len(lines) + 1) + 24
        top = layout.ROW_Y - 40 - h
        canvas.shade((x, top, w, h), 235, (60, 20, 20), radius=12)
        canvas.rect(theme.BAD, (x, top, w, h), width=2, radius=12)
        canvas.text("Something needs your attention", theme.FONT_BODY, theme.WARN, (x + 20, top + 12), bold=True)
        for i, line in enumerate(lines):
            canvas.text(line, theme.FONT_SMALL, theme.TEXT, (x + 20, top + 12 + head + step * i))
        canvas.text(f"Click or press {self.key_name(pygame.K_ESCAPE)} to dismiss", theme.FONT_SMALL, theme.TEXT_DIM, (x + w - 20, top + h - 10),
                    anchor="bottomright")


class SavedGamesScene(Scene):
    """Every saved game: what it is, who plays, the score, when; continue or discard."""

    def __init__(self, app):
        super().__init__(app)
        self.buttons = ButtonGroup()
        self._build()

    def _build(self) -> None:
        self.saved, _ = saves.load_all()
        buttons = []
        for i, saved in enumerate(self.saved[:SAVES_SHOWN]):
            y = SAVES_TOP + i * SAVES_PITCH
            buttons.append(Button(f"Continue {saved.info.short}", (LIST_LEFT, y, SUMMARY_X - 20 - LIST_LEFT, 50),
                                  lambda s=saved: self.app.scenes.replace(s.scene(self.app)),
                                  pygame.K_1 + i, str(i + 1)))
            buttons.append(Button("Discard", (LIST_RIGHT - 140, y, 140, 50), lambda s=saved: self._discard(s),
                                  size=theme.FONT_SMALL))
        buttons.append(Button("Back", *layout.button_row([200]), self.app.scenes.pop, pygame.K_ESCAPE, "Esc"))
        self.buttons.set(buttons)

    def _discard(self, saved) -> None:
        def discard() -> None:
            saves.clear(saved.slot)
            self._build()
            if not self.saved:
                self.app.scenes.pop()

        self.app.scenes.push("choice", "Discard this saved game?",
                             [f"{saved.info.title}: {summary}" for summary in saved.summaries()],
                             [("Discard", pygame.K_d, "D", discard), ("Keep it", pygame.K_ESCAPE, "Esc", lambda: None)])

    def draw(self, canvas) -> None:
        backdrop(canvas)
        reading_sheet(canvas)
        heading(canvas, "Saved games", LIST_LEFT, LIST_RIGHT - LIST_LEFT)
        self.buttons.draw(canvas)
        for i, saved in enumerate(self.saved[:SAVES_SHOWN]):
            y = SAVES_TOP + i * SAVES_PITCH
            width = LIST_RIGHT - 160 - SUMMARY_X
            canvas.text(canvas.first_whole(saved.summaries(), theme.FONT_BODY, width, 28), theme.FONT_BODY, theme.TEXT,
                        (SUMMARY_X, y), width=width, height=28, shorten_ok=True)  # a single long name may still not fit
            canvas.text(f"saved {saved.saved_at}", theme.FONT_SMALL, theme.TEXT_DIM, (SUMMARY_X, y + 28), height=24)
