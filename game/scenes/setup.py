"""Player setup: the seats (human or bot, name, colour, and the input each human uses: own keys or
a pad in games of simultaneous choices, or a phone) and the game's own options.

By keys: a number picks a row, then C, N, K, I and Del change that row's colour, name, kind, input or
remove it; O changes the game option."""

from __future__ import annotations

import pygame

from game import controls, saves
from game.core.names import NAME_LIMIT, clean_name, typeable
from game.saves import Lineup, Seat, load_lineup, save_lineup
from game.scenes.base import Scene
from game.storage import CorruptFile, WriteFailed
from game.ui import glyphs, layout, theme
from game.ui.layout import LEFT, RIGHT
from game.ui.widgets import Button, ButtonGroup, backdrop, heading, panel

BOT_NAMES = ["Zax", "Blorp", "Quixa", "Vorn", "Nebbo", "Kree", "Orla", "Tzik"]
ROW_H = 56
TOP = 150  # the first seat's row
HEADER_Y = 112  # the line naming the rows' columns
OPTIONS_W = 280
OPTIONS_X = RIGHT - OPTIONS_W  # the right column: the game's options, then what each bot is like
OPTION_TOP, OPTION_PITCH = 182, 84  # the first option's button; from one option to the next
NOTICE_X = OPTIONS_X - 70  # why the game cannot start, bottom right
BUTTON_GAP = 8  # between a row's buttons
ROW_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8)
OPTION_KEYS = ((pygame.K_o, "O"), (pygame.K_p, "P"), (pygame.K_u, "U"))


class SetupScene(Scene):
    def __init__(self, app, game_info):
        super().__init__(app)
        self.info = game_info
        self.simultaneous = game_info.rules_class.simultaneous
        self.inputs = self.simultaneous or game_info.phones  # seats choose an input: own keys, pads, a phone
        self.seats, self.options, self.notice = self._last_lineup()
        self.editing: int | None = None  # seat whose name is being typed
        self.row = 0  # the seat the letter keys change (a number key picks it)
        self.buttons = ButtonGroup()
        self._build()

    def _last_lineup(self) -> tuple[list[Seat], dict, str | None]:
        """The players of the last game of this kind, so a rematch night starts in one click."""
        lineup, problem = load_lineup(self.info.id)
        seats = lineup.seats if lineup and self._seats_fit(lineup.seats) else \
            [Seat("Player 1", 0, None), Seat(BOT_NAMES[0], 1, self.info.default_bot)]
        if self.simultaneous:
            self._default_controls(seats)
        return seats, self._options_kept(lineup.options if lineup else {}), problem

    def _seats_fit(self, seats: list[Seat]) -> bool:
        """A saved line-up still fits this game: the number of players, its bots, a colour each."""
        return self.info.min_players <= len(seats) <= self.info.max_players and all(
            s.bot is None or s.bot in self.info.bots for s in seats) and len({s.color for s in seats}) == len(seats)

    def _options_kept(self, saved: dict) -> dict:
        """The game's options at their defaults, but for the saved choices it still offers."""
        declared = {o.id: o for o in self.info.options}
        options = {o.id: o.default for o in self.info.options}
        for key, value in saved.items():
            if key in declared and value in [v for v, _ in declared[key].choices]:
                options[key] = value
        return options

    def _default_controls(self, seats: list[Seat]) -> None:
        """Each human gets an input of their own (pads first, then keyboard zones) unless already set."""
        humans = [s for s in seats if s.bot is None]
        if all(s.control == controls.ANY for s in humans):
            for seat, control in zip(humans, controls.defaults(len(humans), len(self.app.input.pads))):
                seat.control = control

    # ----- layout --------------------------------------------------------
    def columns(self) -> dict[str, tuple[float, float]]:
        """Left edge and width of each button in a seat's row."""
        widths = {"colour": 64, "name": 206, "kind": 236, "input": 186} if self.inputs else \
            {"colour": 64, "name": 280, "kind": 250}
        widths["remove"] = 140
        x, found = float(LEFT), {}
        for name, w in widths.items():
            found[name] = (x, w)
            x += w + BUTTON_GAP
        return found

    def _build(self) -> None:
        buttons = []
        col = self.columns()
        self.row = min(self.row, len(self.seats) - 1)
        for i, seat in enumerate(self.seats):
            y = TOP + i * ROW_H
            keys = i == self.row  # only the picked row answers the letter keys
            place = lambda name: (col[name][0], y + 6, col[name][1], 44)
            shortcut = lambda key, label: (key, label) if keys else (None, "")
            buttons.append(Button("", place("colour"), lambda i=i: self._next_color(i), *shortcut(pygame.K_c, "C"),
                                  hint_corner=True))
            label = seat.name + ("_" if self.editing == i else "")
            buttons.append(Button(label, place("name"), lambda i=i: self._edit(i), *shortcut(pygame.K_n, "N"),
                                  size=theme.FONT_BODY, shorten_ok=True))
            kind = "Human" if seat.bot is None else f"Bot: {self.info.bots[seat.bot].label}"
            reason = self.info.bots[seat.bot].blurb if seat.bot else "A person plays this seat."
            buttons.append(Button(kind, place("kind"), lambda i=i: self._next_kind(i), *shortcut(pygame.K_k, "K"),
                                  size=theme.FONT_BODY, reason=reason))
            if self.inputs and seat.bot is None:
                buttons.append(Button(self._control_label(seat.control), place("input"),
                                      lambda i=i: self._next_control(i), *shortcut(pygame.K_i, "I"),
                                      size=theme.FONT_SMALL,
                                      reason="Phone: play from your phone's browser, on this Wi-Fi"
                                      if seat.control == controls.PHONE else ""))
            buttons.append(Button("Remove", place("remove"),
                                  lambda i=i: self._remove(i), *shortcut(pygame.K_DELETE, "Del"), size=theme.FONT_SMALL,
                                  enabled=len(self.seats) > self.info.min_players,
                                  reason=f"{self.info.title} needs at least {self.info.min_players} players"))
        for n, option in enumerate(self.info.options):
            value = self.options[option.id]
            label = dict(option.choices)[value]
            buttons.append(Button(label, (OPTIONS_X, OPTION_TOP + n * OPTION_PITCH, OPTIONS_W, 44),
                                  lambda o=option: self._next_option(o), *OPTION_KEYS[n], size=theme.FONT_BODY))
        self.buttons.set(buttons + self._bottom_row())

    def _bottom_row(self) -> list[Button]:
        full = len(self.seats) >= self.info.max_players
        add, back, start, learn = layout.button_row([230, 200, 314, 356], layout.PANEL_ROW_Y, left=LEFT)
        buttons = [
            Button("Add player", add, self._add, pygame.K_INSERT, "Ins", enabled=not full,
                   reason=f"At most {self.info.max_players} players"),
            Button("Back", back, self.app.scenes.pop, pygame.K_ESCAPE, "Esc"),
            Button("Start game", start, self._start, pygame.K_F5, "F5", accent=True),
        ]
        if self.info.tutorial:
            buttons.append(Button("Learn: first turn", learn, self._learn, pygame.K_l, "L", size=theme.FONT_BODY))
        return buttons

    # ----- actions -------------------------------------------------------
    def _free_color(self, after: int) -> int:
        used = {s.color for s in self.seats}
        for step in range(1, len(theme.PLAYER_COLORS) + 1):
            c = (after + step) % len(theme.PLAYER_COLORS)
            if c not in used:
                return c
        return after

    def _pick_row(self, i: int) -> None:
        if i < len(self.seats):
            self.row = i
            self._build()

    def _next_color(self, i: int) -> None:
        self.row = i
        self.seats[i].color = self._free_color(self.seats[i].color)
        self._build()

    def _next_kind(self, i: int) -> None:
        kinds = [None, *self.info.bots]
        seat = self.seats[i]
        self.row = i
        seat.bot = kinds[(kinds.index(seat.bot) + 1) % len(kinds)]
        self._build()

    def _control_label(self, control: str) -> str:
        if control == controls.ANY:
            return "Pass the screen" if self.simultaneous else "Any input"
        return controls.label(control)

    def _next_control(self, i: int) -> None:
        choices = [controls.ANY]
        if self.simultaneous:
            choices += [*controls.KEY_ZONES, *controls.PADS[:max(1, len(self.app.input.pads))]]
        if self.info.phones:
            choices.append(controls.PHONE)
        seat = self.seats[i]
        self.row = i
        seat.control = choices[(choices.index(seat.control) + 1) % len(choices)] if seat.control in choices else choices[0]
        self._build()

    def _next_option(self, option) -> None:
        values = [v for v, _ in option.choices]
        self.options[option.id] = values[(values.index(self.options[option.id]) + 1) % len(values)]
        self._build()

    def _edit(self, i: int) -> None:
        self._finish_editing()
        self.editing = self.row = i
        pygame.key.start_text_input()
        self._build()

    def _finish_editing(self) -> None:
        if self.editing is not None:
            seat = self.seats[self.editing]
            seat.name = clean_name(seat.name) or f"Player {self.editing + 1}"
            self.editing = None
            pygame.key.stop_text_input()

    def _add(self) -> None:
        used = {s.name for s in self.seats}
        name = next((n for n in BOT_NAMES if n not in used), f"Bot {len(self.seats) + 1}")
        self.seats.append(Seat(name, self._free_color(self.seats[-1].color), self.info.default_bot))
        self.row = len(self.seats) - 1
        self._build()

    def _remove(self, i: int) -> None:
        del self.seats[i]
        self._finish_editing()
        self._build()

    def _lineup(self) -> list[Seat]:
        seats = [Seat(clean_name(s.name) or f"Player {n}", s.color, s.bot, s.control if s.bot is None else controls.ANY)
                 for n, s in enumerate(self.seats, start=1)]
        if self.simultaneous:
            self._default_controls(seats)
        return seats

    def _start(self) -> None:
        self._finish_editing()
        seats = self._lineup()
        try:
            save_lineup(self.info.id, Lineup(seats, dict(self.options)))
        except WriteFailed as error:
            self.app.notices.add(f"The player list could not be remembered ({error.reason}).")
        try:
            saved = saves.load(self.info.id)
        except CorruptFile as error:
            self.app.notices.add(f"A saved game could not be resumed: {error}")
            saved = None
        if saved is None:
            self._begin(seats)
        else:
            self.app.scenes.push("start over", saved, lambda: self._begin(seats),
                                 lambda: self.app.scenes.replace(saved.scene(self.app)))

    def _begin(self, seats: list[Seat]) -> None:
        try:
            scene = self.info.start(self.app, seats, self.options)
        except ValueError as error:  # a broken table or deck file: say so and stay here
            self.notice = f"This game cannot start: {error}"
            return
        self.app.scenes.replace(scene)

    def _learn(self) -> None:
        """A guided first turn on the real table; its summary comes back here or starts a real game."""
        self._finish_editing()
        player = next((s for s in self._lineup() if s.bot is None), None)
        self.app.scenes.push(self.info.lesson_scene(self.app, player, self._back_here, self._play_after_lesson))

    def _back_here(self) -> None:
        self.app.scenes.back_to(self)

    def _play_after_lesson(self) -> None:
        self._back_here()
        self._start()

    def typing(self) -> bool:
        return self.editing is not None

    def handle(self, event) -> None:
        if self.editing is not None:
            seat = self.seats[self.editing]
            if event.type == pygame.TEXTINPUT:
                typed = "".join(ch for ch in event.text if typeable(ch))
                seat.name = (seat.name + typed)[:NAME_LIMIT]
                self._build()
                return
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                    self._finish_editing()
                elif event.key == pygame.K_BACKSPACE:
                    seat.name = seat.name[:-1]
                self._build()
                return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._finish_editing()
        if event.type == pygame.KEYDOWN and event.key in ROW_KEYS:
            self._pick_row(ROW_KEYS.index(event.key))
            return
        self.buttons.handle(event)

    def _draw_rows(self, canvas) -> None:
        """The picked row lit, and each row's number key (what picks it)."""
        x, w = self.columns()["remove"]
        canvas.rect(theme.PANEL_LIGHT, (LEFT - 8, TOP + self.row * ROW_H + 1, x + w - LEFT + 16, ROW_H - 2), width=2,
                    radius=10)
        tall = glyphs.height(canvas, 30)
        for i in range(len(self.seats)):
            hint = canvas.hints.button(ROW_KEYS[i], str(i + 1)) if canvas.hints else None
            if hint is not None:
                glyphs.draw(canvas, hint, LEFT - 18 - glyphs.width(canvas, hint, tall) / 2, TOP + (i + 0.5) * ROW_H, tall)

    def _draw_bots(self, canvas, top: float) -> None:
        """Every bot strength in a line or two, the ones at the table brighter, so choosing is informed."""
        seated = {s.bot for s in self.seats}
        title = canvas.text("The bots", theme.FONT_LABEL, theme.ACCENT, (OPTIONS_X, top), bold=True, width=OPTIONS_W,
                            height=38)
        lines = []
        for name, bot in self.info.bots.items():
            color = theme.TEXT if name in seated else theme.TEXT_DIM
            lines += [(line, theme.FONT_SMALL, color) for line in canvas.wrap(f"{bot.label}: {bot.blurb}", theme.FONT_SMALL,
                                                                              OPTIONS_W)]
            lines.append(("", 6, color))
        bottom = layout.PANEL_ROW_Y - 16
        canvas.stack(lines, (OPTIONS_X, title.bottom + 4, OPTIONS_W, bottom - title.bottom - 4))

    def draw(self, canvas) -> None:
        backdrop(canvas)
        panel(canvas, layout.PANEL)
        heading(canvas, f"{self.info.title}: who is playing?", LEFT)
        self._draw_header(canvas)
        self._draw_rows(canvas)
        self.buttons.draw(canvas)
        x, w = self.columns()["colour"]
        for i, seat in enumerate(self.seats):
            _, color = theme.PLAYER_COLORS[seat.color]
            keyed = i == self.row  # its key's badge sits in the button's right corner: the symbol moves left
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color,
                          (x + 16 if keyed else x + w / 2, TOP + (i + 0.5) * ROW_H), 10 if keyed else 15)
        if self.info.options:
            canvas.text("Game options", theme.FONT_LABEL, theme.ACCENT, (OPTIONS_X, HEADER_Y - 4), bold=True,
                        width=OPTIONS_W, height=38)
            for n, option in enumerate(self.info.options):
                canvas.text(option.label, theme.FONT_SMALL, theme.TEXT_DIM, (OPTIONS_X, OPTION_TOP - 2 + n * OPTION_PITCH),
                            anchor="bottomleft", width=OPTIONS_W, height=30)
        options = len(self.info.options)
        self._draw_bots(canvas, OPTION_TOP + options * OPTION_PITCH if options else HEADER_Y)
        if self.notice and self.editing is None:
            canvas.paragraph(self.notice, theme.FONT_SMALL, theme.BAD, (NOTICE_X, 520), RIGHT - NOTICE_X)

    def _draw_header(self, canvas) -> None:
        """What the rows' buttons are; while a name is typed, how to finish it."""
        if self.editing is not None:
            header, color = "Type a name, Enter to finish", theme.WARN
        else:
            header, color = "Colour  ·  Name (click to type)  ·  Human or bot (click to change)", theme.TEXT_DIM
            header += "  ·  Input" if self.inputs else ""
        canvas.text(header, theme.FONT_SMALL, color, (LEFT, HEADER_Y),
                    width=OPTIONS_X - 20 - LEFT if self.info.options else layout.WIDTH, height=30)
