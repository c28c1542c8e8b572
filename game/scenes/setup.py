"""Player setup: 2 to 8 seats, each a human or a bot of some strength,
with a name and a colour (each colour has its own symbol too)."""

from __future__ import annotations

import pygame

from game.app import Scene
from game.saves import Seat, load_lineup, save_lineup
from game.ui import theme
from game.ui.widgets import Button, ButtonGroup, panel

BOT_NAMES = ["Zax", "Blorp", "Quixa", "Vorn", "Nebbo", "Kree", "Orla", "Tzik"]
ROW_H = 56
NAME_LIMIT = 16


class SetupScene(Scene):
    def __init__(self, app, game_info):
        super().__init__(app)
        self.info = game_info
        self.seats, self.notice = self._last_lineup()
        self.editing: int | None = None  # seat whose name is being typed
        self.buttons = ButtonGroup()
        self._build()

    def _last_lineup(self) -> tuple[list[Seat], str | None]:
        """The players of the last game of this kind, so a rematch night starts in one click."""
        seats, problem = load_lineup(self.info.id)
        fits = seats and self.info.min_players <= len(seats) <= self.info.max_players and all(
            s.bot is None or s.bot in self.info.bots for s in seats) and len({s.color for s in seats}) == len(seats)
        if not fits:
            seats = [Seat("Player 1", 0, None), Seat(BOT_NAMES[0], 1, self.info.default_bot)]
        return seats, problem

    # ----- layout --------------------------------------------------------
    def _build(self) -> None:
        buttons = []
        top = 150
        for i, seat in enumerate(self.seats):
            y = top + i * ROW_H
            buttons.append(Button("", (250, y + 6, 44, 44), lambda i=i: self._next_color(i)))
            label = seat.name + ("_" if self.editing == i else "")
            buttons.append(Button(label, (304, y + 6, 300, 44), lambda i=i: self._edit(i), size=theme.FONT_BODY))
            kind = "Human" if seat.bot is None else f"Bot: {self.info.bots[seat.bot]}"
            buttons.append(Button(kind, (614, y + 6, 300, 44), lambda i=i: self._next_kind(i), size=theme.FONT_BODY))
            buttons.append(Button("Remove", (924, y + 6, 110, 44), lambda i=i: self._remove(i), size=theme.FONT_SMALL,
                                  enabled=len(self.seats) > self.info.min_players,
                                  reason=f"{self.info.title} needs at least {self.info.min_players} players"))
        full = len(self.seats) >= self.info.max_players
        buttons += [
            Button("Add player", (250, 610, 230, 52), self._add, pygame.K_INSERT, "Ins", enabled=not full,
                   reason=f"At most {self.info.max_players} players"),
            Button("Back", (500, 610, 200, 52), self.app.pop, pygame.K_ESCAPE, "Esc"),
            Button("Start game", (720, 610, 314, 52), self._start, pygame.K_F5, "F5", accent=True),
        ]
        self.buttons.set(buttons)

    # ----- actions -------------------------------------------------------
    def _free_color(self, after: int) -> int:
        used = {s.color for s in self.seats}
        for step in range(1, len(theme.PLAYER_COLORS) + 1):
            c = (after + step) % len(theme.PLAYER_COLORS)
            if c not in used:
                return c
        return after

    def _next_color(self, i: int) -> None:
        self.seats[i].color = self._free_color(self.seats[i].color)
        self._build()

    def _next_kind(self, i: int) -> None:
        kinds = [None, *self.info.bots]
        seat = self.seats[i]
        seat.bot = kinds[(kinds.index(seat.bot) + 1) % len(kinds)]
        self._build()

    def _edit(self, i: int) -> None:
        self.editing = None if self.editing == i else i
        self._build()

    def _add(self) -> None:
        used = {s.name for s in self.seats}
        name = next((n for n in BOT_NAMES if n not in used), f"Bot {len(self.seats) + 1}")
        self.seats.append(Seat(name, self._free_color(self.seats[-1].color), self.info.default_bot))
        self._build()

    def _remove(self, i: int) -> None:
        del self.seats[i]
        self.editing = None
        self._build()

    def _start(self) -> None:
        for n, seat in enumerate(self.seats, start=1):
            if not seat.name.strip():
                seat.name = f"Player {n}"
        save_lineup(self.info.id, self.seats)
        self.app.replace(self.info.scene(self.app, [Seat(s.name, s.color, s.bot) for s in self.seats]))

    def handle(self, event) -> None:
        if self.editing is not None and event.type == pygame.KEYDOWN:
            seat = self.seats[self.editing]
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.editing = None
            elif event.key == pygame.K_BACKSPACE:
                seat.name = seat.name[:-1]
            elif event.unicode and event.unicode.isprintable() and len(seat.name) < NAME_LIMIT:
                seat.name += event.unicode
            self._build()
            return
        self.buttons.handle(event)

    def draw(self, canvas) -> None:
        canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
        panel(canvas, (220, 40, 840, 650))
        canvas.text(f"{self.info.title}: who is playing?", theme.FONT_HEADING, theme.ACCENT, (250, 62), bold=True)
        canvas.text("Colour  ·  Name (click to type)  ·  Human or bot  (click to change)",
                    theme.FONT_SMALL, theme.TEXT_DIM, (250, 112))
        self.buttons.draw(canvas)
        for i, seat in enumerate(self.seats):
            y = 150 + i * ROW_H
            _, color = theme.PLAYER_COLORS[seat.color]
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (272, y + 28), 15)
        if self.editing is not None:
            canvas.text("Type a name, Enter to finish", theme.FONT_SMALL, theme.WARN, (1040, 590), anchor="bottomright")
        elif self.notice:
            canvas.paragraph(self.notice, theme.FONT_SMALL - 2, theme.BAD, (250, 560), 780)
