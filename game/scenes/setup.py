"""Player setup: the seats (human or bot, name, colour, and the input each human uses: own keys or
a pad in games of simultaneous choices, or a phone) and the game's own options.

Made for a group that wants to start: the seats of this game's last line-up come back, or the
people of the last game of any kind; a click on a name types over it, with the names typed before
offered; one click or key makes a seat human or bot; two people on one set of keys or one pad are
refused with a word why. By keys: a number picks a row, then C, N, K, B, I and Del change that row's
colour, name, human or bot, bot strength, input or remove it; O changes the game option."""

from __future__ import annotations

import pygame

from game import controls, saves
from game.core.names import NAME_LIMIT, clean_name, typeable
from game.core.words import joined
from game.saves import Lineup, Seat, load_lineup, load_people, save_lineup
from game.core.steps import advance
from game.scenes.base import AMBIENT_FPS, Scene
from game.storage import CorruptFile, WriteFailed
from game.ui import glyphs, layout, theme
from game.ui.layout import LEFT, RIGHT
from game.ui.widgets import Button, ButtonGroup, backdrop, heading, panel

BOT_NAMES = ["Zax", "Blorp", "Quixa", "Vorn", "Nebbo", "Kree", "Orla", "Tzik"]
ROW_H = 56
TOP = 150  # the first seat's row
HEADER_Y = 112  # the line naming the rows' columns
OPTIONS_W = 280
BOT_SPACE = 6  # the text size of the blank line between two bots' lines
OPTIONS_X = RIGHT - OPTIONS_W  # the right column: the game's options, then what each bot is like
OPTION_TOP, OPTION_PITCH = 182, 84  # the first option's button; from one option to the next
BUTTON_GAP = 8  # between a row's buttons
ROW_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8)
OPTION_KEYS = ((pygame.K_o, "O"), (pygame.K_p, "P"), (pygame.K_u, "U"))
EXCLUSIVE = (*controls.KEY_ZONES, *controls.PADS)  # inputs one person holds (the screen and phones are shared out)
CHIP_H, CHIP_GAP = 42, 8  # a name typed before, offered while a name is typed
CHIPS_TITLE_H = 44  # the line over them
PREPARE_ROOM = 0.02  # seconds before the next frame the table's art needs to go on being made (steps of up to 9 ms)
PREPARE_SLICE = 0.02  # seconds of it at a time: input is looked at between slices


class SetupScene(Scene):
    def __init__(self, app, game_info):
        super().__init__(app)
        self.info = game_info
        self.preparing = game_info.prepare_steps(app.canvas)  # the table's art, made ahead while players get ready
        self.drawn = False  # its first frame is drawn before any of that work
        self.simultaneous = game_info.rules_class.simultaneous
        self.inputs = self.simultaneous or game_info.phones  # seats choose an input: own keys, pads, a phone
        self.seats, self.options, problem = self._last_lineup()
        if problem:
            app.notices.add(problem)
        self.editing: int | None = None  # seat whose name is being typed
        self.replacing = False  # the name being typed is all selected: the first key types over it
        self.row = 0  # the seat the letter keys change (a number key picks it)
        self.buttons = ButtonGroup()
        self.chips: list[Button] = []
        self._build()

    def _last_lineup(self) -> tuple[list[Seat], dict, str | None]:
        """The players of the last game of this kind, so a rematch night starts in one click; else the
        people of the last game of any kind, with bots to make up the numbers."""
        lineup, problem = load_lineup(self.info.id)
        self.people = load_people()  # after the line-up: a file that does not read is reported there, once
        seats = lineup.seats if lineup and self._seats_fit(lineup.seats) else self._from_people()
        if self.simultaneous:
            self._default_controls(seats)
        return seats, self._options_kept(lineup.options if lineup else {}), problem

    def _from_people(self) -> list[Seat]:
        humans = [Seat(s.name, s.color, None, s.control if self.inputs else controls.ANY)
                  for s in self.people.last[:self.info.max_players]] or [Seat("Player 1", 0, None)]
        seats = list(humans)
        while len(seats) < self.info.min_players:
            seats.append(Seat(self._bot_name(seats), self._free_color(seats[-1].color, seats), self.info.default_bot))
        return seats

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
        widths = {"colour": 64, "name": 236, "kind": 130, "detail": 230, "remove": 140}
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
            label = seat.name + ("_" if self.editing == i and not self.replacing else "")
            buttons.append(Button(label, place("name"), lambda i=i: self._edit(i), *shortcut(pygame.K_n, "N"),
                                  size=theme.FONT_BODY, shorten_ok=True, selected=self.editing == i and self.replacing))
            buttons.append(Button("Human" if seat.bot is None else "Bot", place("kind"), lambda i=i: self._toggle_kind(i),
                                  *shortcut(pygame.K_k, "K"), size=theme.FONT_BODY))
            if seat.bot is not None:
                bot = self.info.bots[seat.bot]
                buttons.append(Button(bot.label, place("detail"), lambda i=i: self._next_strength(i),
                                      *shortcut(pygame.K_b, "B"), size=theme.FONT_BODY, reason=bot.blurb))
            elif self.inputs:
                buttons.append(Button(self._control_label(seat.control), place("detail"),
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
        self.chips = self._name_chips()
        self.buttons.set(buttons + self.chips + self._bottom_row())

    def _name_chips(self) -> list[Button]:
        """While a name is typed, the names typed before (not at the table yet), one click each, in the right
        column (where the bots are described otherwise)."""
        if self.editing is None:
            return []
        chips, y = [], self._right_top() + CHIPS_TITLE_H
        for name in self._offered():
            if y + CHIP_H > layout.PANEL_ROW_Y - 16:
                break
            chips.append(Button(name, (OPTIONS_X, y, OPTIONS_W, CHIP_H), lambda i=self.editing, n=name: self._take_name(i, n),
                                size=theme.FONT_BODY, shorten_ok=True))
            y += CHIP_H + CHIP_GAP
        return chips

    def _right_top(self) -> float:
        """Where the right column's lower part starts: under the game's options."""
        options = len(self.info.options)
        return OPTION_TOP + options * OPTION_PITCH if options else HEADER_Y

    def _offered(self) -> list[str]:
        others = {s.name for j, s in enumerate(self.seats) if j != self.editing}
        return [n for n in self.people.names if n not in others]

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
    def _free_color(self, after: int, seats: list[Seat] | None = None) -> int:
        used = {s.color for s in (self.seats if seats is None else seats)}
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

    def _bot_name(self, seats: list[Seat] | None = None) -> str:
        used = {s.name for s in (self.seats if seats is None else seats)}
        return next((n for n in BOT_NAMES if n not in used), f"Bot {len(used) + 1}")

    def _human_name(self, i: int) -> str:
        """A name for a seat a person takes over: the latest name typed before that is free."""
        used = {s.name for s in self.seats}
        return next((n for n in self.people.names if n not in used), f"Player {i + 1}")

    def _toggle_kind(self, i: int) -> None:
        """Human to bot or back in one go; the seat takes a name (and an input) that fits what it became."""
        self._finish_editing()
        seat = self.seats[i]
        self.row = i
        if seat.bot is None:
            seat.bot, seat.control, seat.name = self.info.default_bot, controls.ANY, self._bot_name()
        else:
            seat.bot, seat.name = None, self._human_name(i)
            seat.control = self._free_control(i) if self.simultaneous else controls.ANY
        self._build()

    def _next_strength(self, i: int) -> None:
        strengths = list(self.info.bots)
        seat = self.seats[i]
        self.row = i
        seat.bot = strengths[(strengths.index(seat.bot) + 1) % len(strengths)]
        self._build()

    def _control_label(self, control: str) -> str:
        if control == controls.ANY:
            return "Pass the screen" if self.simultaneous else "Any input"
        return controls.label(control)

    def _controls(self) -> list[str]:
        choices = [controls.ANY]
        if self.simultaneous:
            choices += [*controls.KEY_ZONES, *controls.PADS[:max(1, len(self.app.input.pads))]]
        if self.info.phones:
            choices.append(controls.PHONE)
        return choices

    def _holders(self, but: int) -> dict[str, str]:
        """The inputs one person holds, by who holds them (every human seat but seat `but`)."""
        return {s.control: s.name for j, s in enumerate(self.seats) if j != but and s.bot is None
                and s.control in EXCLUSIVE}

    def _free_control(self, i: int) -> str:
        """The first pad or set of keys nobody else holds, else passing the screen."""
        held = self._holders(i)
        return next((c for c in controls.defaults(len(self.seats), len(self.app.input.pads)) if c not in held),
                    controls.ANY)

    def _next_control(self, i: int) -> None:
        """The next input this seat can have; the ones another person holds are skipped, with a word why."""
        choices, held = self._controls(), self._holders(i)
        seat = self.seats[i]
        self.row = i
        start = choices.index(seat.control) if seat.control in choices else -1
        ahead = [choices[(start + step) % len(choices)] for step in range(1, len(choices) + 1)]
        chosen = next(c for c in ahead if c not in held or c == seat.control)
        skipped = [c for c in ahead[:ahead.index(chosen)] if c in held]
        if skipped:
            taken = skipped[0]
            self.app.notices.add(f"{controls.label(taken)} skipped: {held[taken]} has them. "
                                 "Two people cannot share keys or a pad.")
        seat.control = chosen
        self._build()

    def _input_clash(self) -> str | None:
        """Two people on one set of keys or one pad (a line-up from before a pad was unplugged, say)."""
        for i, seat in enumerate(self.seats):
            other = self._holders(i).get(seat.control) if seat.bot is None else None
            if other is not None:
                return (f"{seat.name} and {other} both have {controls.label(seat.control)}: "
                        "give each person their own keys or pad (I changes a seat's input).")
        return None

    def _next_option(self, option) -> None:
        values = [v for v, _ in option.choices]
        self.options[option.id] = values[(values.index(self.options[option.id]) + 1) % len(values)]
        self._build()

    def _edit(self, i: int) -> None:
        """Type this seat's name: it starts all selected, so typing replaces it and Enter keeps it."""
        self._finish_editing()
        self.editing = self.row = i
        self.replacing = True
        pygame.key.start_text_input()
        self._build()

    def _finish_editing(self) -> None:
        if self.editing is not None:
            seat = self.seats[self.editing]
            seat.name = clean_name(seat.name) or f"Player {self.editing + 1}"
            self.editing = None
            self.replacing = False
            pygame.key.stop_text_input()
            self._build()

    def _take_name(self, i: int, name: str) -> None:
        """A name typed before, picked from the offered ones."""
        self.seats[i].name = name
        self.row = i
        self._finish_editing()

    def _cycle_offered(self, step: int) -> None:
        """Up and Down while typing: the names typed before, one after another."""
        offered = self._offered()
        if offered:
            seat = self.seats[self.editing]
            at = offered.index(seat.name) if seat.name in offered else (-1 if step > 0 else 0)
            seat.name = offered[(at + step) % len(offered)]
            self.replacing = True

    def _add(self) -> None:
        self.seats.append(Seat(self._bot_name(), self._free_color(self.seats[-1].color), self.info.default_bot))
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
        clash = self._input_clash()
        if clash:
            self.app.notices.add(clash)
            return
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
            self.app.notices.add(f"This game cannot start: {error}")
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
        if self.editing is not None and self._typed(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and not any(c.contains(event.pos) for c in self.chips):
            self._finish_editing()
        if event.type == pygame.KEYDOWN and event.key in ROW_KEYS:
            self._pick_row(ROW_KEYS.index(event.key))
            return
        self.buttons.handle(event)

    def _typed(self, event) -> bool:
        """A key or text for the name being typed (True when it was one)."""
        seat = self.seats[self.editing]
        if event.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in event.text if typeable(ch))
            if typed:
                seat.name = (("" if self.replacing else seat.name) + typed)[:NAME_LIMIT]
                self.replacing = False
        elif event.type == pygame.KEYDOWN:
            self._typing_key(seat, event.key)
        else:
            return False
        if self.editing is not None:
            self._build()
        return True

    def _typing_key(self, seat: Seat, key: int) -> None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self._finish_editing()
        elif key == pygame.K_BACKSPACE:
            seat.name = "" if self.replacing else seat.name[:-1]
            self.replacing = False
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self._cycle_offered(1 if key == pygame.K_DOWN else -1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
            self.replacing = False  # the selection goes; the cursor stays at the end

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
        title = canvas.text("The bots", theme.FONT_LABEL, theme.ACCENT, (OPTIONS_X, top), bold=True, width=OPTIONS_W,
                            height=38)
        top, bottom = title.bottom + 4, layout.PANEL_ROW_Y - 16
        space = canvas.text_height(BOT_SPACE) + 2
        shown, fit = self._fitting_bot_words(canvas, bottom - top, space)
        if fit is None:  # not even those: squeezed into the room, as small as the normal size
            lines = [(line, theme.FONT_SMALL, color) for text, color in shown
                     for line in canvas.wrap(text, theme.FONT_SMALL, OPTIONS_W)]
            canvas.stack(lines, (OPTIONS_X, top, OPTIONS_W, bottom - top))
            return
        size, wrapped = fit
        for (_, color), lines in zip(shown, wrapped):
            for line in lines:
                canvas.text(line, theme.FONT_SMALL, color, (OPTIONS_X, top), width=OPTIONS_W,
                            most=size / theme.FONT_SMALL)
                top += canvas.text_height(size) + 2
            top += space

    def _fitting_bot_words(self, canvas, height: float, space: float) -> tuple[list, tuple | None]:
        """What each bot is like (and its colour), with the size its lines fit `height` at (and the lines), wrapped at
        that size: shrunk after wrapping at a larger size they ran line over line. Where not all fit (many bots, large
        text), the ones at the table keep theirs and the rest are named after them."""
        for every in (True, False):
            shown = self._bot_words(every)
            fit = canvas.wrapped_to_fit([text for text, _ in shown], theme.FONT_SMALL, OPTIONS_W, height, space=space)
            if fit is not None:
                break
        return shown, fit

    def _bot_words(self, every: bool) -> list[tuple[str, tuple]]:
        """What each bot is like, and its colour: `every` bot, the ones at the table brighter; or only those, and
        the rest named."""
        seated = {s.bot for s in self.seats}
        words = [(f"{bot.label}: {bot.blurb}", theme.TEXT if name in seated else theme.TEXT_DIM)
                 for name, bot in self.info.bots.items() if every or name in seated]
        others = [bot.label for name, bot in self.info.bots.items() if name not in seated]
        return words if every or not others else [*words, (f"Also: {joined(others)}, each told in How to play",
                                                           theme.TEXT_DIM)]

    def work_between_frames(self, room: float) -> bool:
        """The table's slow parts, made while the loop would sleep between this screen's frames, from its first
        on (made in the frames, a slice each, they took 6-9 ms of a frame at 1920x1080 besides its own 3-4)."""
        if self.preparing is None or not self.drawn or room < PREPARE_ROOM:
            return False
        if advance(self.preparing, min(room - PREPARE_ROOM / 2, PREPARE_SLICE))[0]:
            self.preparing = None
        return True

    def frame_rate(self) -> float:
        """While the table's parts are made, a loop that wakes often enough to make them soon (nothing is drawn
        again meanwhile: ``ambient_area``)."""
        return AMBIENT_FPS if self.preparing is not None else super().frame_rate()

    def ambient_area(self) -> list | None:
        return [] if self.preparing is not None else super().ambient_area()

    def draw(self, canvas) -> None:
        self.drawn = True
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
        if self.chips:
            canvas.text("Names from before", theme.FONT_LABEL, theme.ACCENT, (OPTIONS_X, self._right_top()), bold=True,
                        width=OPTIONS_W, height=38)
        else:
            self._draw_bots(canvas, self._right_top())

    def _draw_header(self, canvas) -> None:
        """What the rows' buttons are; while a name is typed, how to finish it."""
        if self.editing is not None:
            header, color = self._typing_header(), theme.WARN
        else:
            header, color = "Colour  ·  Name (click to type)  ·  Human or bot  ·  " + (
                "Bot strength or input" if self.inputs else "Bot strength"), theme.TEXT_DIM
        canvas.text(header, theme.FONT_SMALL, color, (LEFT, HEADER_Y),
                    width=OPTIONS_X - 20 - LEFT if self.info.options else layout.WIDTH, height=30)

    def _typing_header(self) -> str:
        return "Type a name, Enter to keep it" + ("  ·  Up, Down: a name from before" if self._offered() else "")
