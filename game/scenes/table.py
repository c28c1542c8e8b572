"""What every game's table scene shares: apply, autosave, animate, narrate, pace the bots.

A game scene turns its input into rules actions (``perform``), animates the
events the rules return (``animate``), draws its table and says whose move
it is (``prompt``). This base does the rest: it autosaves after every
action (a failed write is told to the player, play goes on), counts a
finished game in the players' statistics (``game.stats``), resolves
chance (instantly, or by the scene's own animation, as a flicked die's flight),
plays event animations one after another, lets bots act after a short
think (each bot sees only its seat's view; Settings' bot pace stretches it), skips a bot's animation on any
key, click or button, pauses, and shows the results from the ``Outcome``
(with the game's luck-and-skill report when it has one) and a rematch that
passes the first move to the next player.
"""

from __future__ import annotations

import re
from collections import deque

import pygame

from game import saves, stats
from game.controls import phone_seats
from game.core.protocol import CHANCE, GameOver, GameState, IllegalAction, TurnStarted
from game.core.steps import FRAMES, advance, drop
from game.core.words import whose
from game.phones.table import plain
from game.scenes.base import AMBIENT_FPS, FPS, Scene
from game.tournament import bot_steps
from game.ui import audio, layout, motion, theme
from game.ui.scoreboard import Scoreboard
from game.ui.widgets import Button

BANNER_SECONDS = 1.3
TURNS_KEPT = 40  # the turn log's length
TURNS_SHOWN_REMOTELY = 8  # the latest turns a browser seat's table lists
RESULT_SECONDS = 1.5  # a turn's result stays at least this long (at the normal speed), and until the next turn acts
LOG_BUTTON_H = 36
SKIP_STEP = 1e6  # seconds fed to an animation to run it to its end at once


class TableScene(Scene):
    BOT_THINK = 0.7  # seconds (at normal speed) before a bot or chance acts
    TURN_SOUND = True
    scoreboard = None  # every game shows one (game.ui.scoreboard)
    tutorial = False  # a guided lesson (game.scenes.tutorial): never saved, never counted in statistics
    KEEPS_TURN_LOG = False  # the table notes each turn (log_turn) and opens the log with L
    REMOTE_VIEW_LEAVES_OUT: tuple[str, ...] = ()  # fields of the view a browser's table does not draw

    def __init__(self, app, info, seats, game: GameState, slot: str):
        super().__init__(app)
        self.info, self.seats, self.game, self.slot = info, seats, game, slot
        self.scripts: deque = deque()  # animations waiting to play; the first is playing
        self.skippable = False  # the playing animation shows a bot's or chance's move
        self.clock = 0.0
        self.wait = 0.0  # how long bots (or chance) have been thinking
        self.thinking: dict[int, list] = {}  # bot seat -> [log length at the start, steps, decision, decided]
        self.chores: deque = deque()  # stepwise work a scene wants done soon (a coach's table), a slice a frame
        self.message = ""  # the header: what just happened, or what the player to act should do
        self.narration = ""  # the last thing that happened (kept in the header while only bots are to act)
        self.batch: list = []  # the events of the move being animated (what led up to the one playing)
        self.banner: tuple[str, tuple, float] | None = None  # text, colour, seconds left
        self.flashing: tuple[tuple, int, float, float] | None = None  # colour, strength, seconds left, seconds
        self.phones_checked = False  # the phone seats' screen is shown before the first move
        self.turn_log: deque[str] = deque(self.past_turns(), maxlen=TURNS_KEPT)  # what each turn came to, oldest first
        self.shown_turn: int | None = getattr(game, "current", None)  # whose turn the screen shows (turn-based games)
        self.animating: int | None = None  # the seat whose action is playing on screen now
        self.remote_tables: dict[int, tuple] = {}  # seat -> (what it was made from, the table a browser draws)
        self.result: tuple[str, str, tuple] | None = None  # the last turn's result, held: headline, what, colour
        self.result_age = 0.0  # seconds (at the animations' pace) it has been held
        self.read_only = False  # the slot is another running copy's and the players chose to write nothing
        self.slot_owner = None if self.tutorial else saves.claim(self.slot)  # that copy's process id: ask first
        if not game.log and self.slot_owner is None:
            self.autosave()

    def _ask_about_slot(self) -> None:
        """One copy of the game per save: the slot is held by another running copy, so the players choose to
        play on in a slot of their own, to play read-only (nothing saved or counted), or to leave."""
        owner, self.slot_owner = self.slot_owner, None
        self.app.scenes.push(
            "choice", "This game is open in another window",
            f"Another copy of Martian Game Night (process {owner}) is using this save. It keeps it; "
            f"here you can play on in a save of your own, or read-only: nothing from this table is saved.",
            [("Own save", pygame.K_s, "S", self._own_slot),
             ("Read-only", pygame.K_r, "R", self._read_only),
             ("Leave", pygame.K_ESCAPE, "Esc", self.app.scenes.pop)])

    def _own_slot(self) -> None:
        self.slot = saves.free_slot(self.slot)
        self.app.notices.remember(f"This game is saved separately, as \"{self.slot}\": another copy of the "
                                  f"game holds its usual save.")
        self.autosave()  # from here on the game goes on in its own slot

    def _read_only(self) -> None:
        self.read_only = True
        self.app.notices.remember("Read-only table: another copy of the game holds its save; nothing here is saved.")

    @property
    def keymap(self) -> str:
        """The table answers to its game's own keys (``GameInfo.keymap``)."""
        return self.info.keymap

    # ----- state of play -----------------------------------------------------
    @property
    def busy(self) -> bool:
        """Something is moving that input must wait for (scenes add their own: a flight)."""
        return bool(self.scripts)

    @property
    def idle(self) -> bool:
        return not self.busy

    def human(self, player: int) -> bool:
        return self.seats[player].bot is None

    def seat_name(self, player: int) -> str:
        return self.seats[player].name

    def humans_to_act(self) -> list[int]:
        return [p for p in self.game.to_act() if self.human(p)] if self.idle else []

    def can_act(self, player: int) -> bool:
        return self.idle and player in self.game.to_act() and self.human(player)

    def why_waiting(self, player: int) -> str:
        """Why `player` cannot act at this moment ("" when they can): the game is over, something is
        still moving, or the move is someone else's. A game adds its own reasons for a given action."""
        if self.game.is_over:
            return "The game is over."
        if not self.idle:
            return "Wait for the dice to settle."
        movers = self.game.to_act()
        if player not in movers or not self.human(player):
            return f"It is {whose(self.seats[movers[0]].name, start=False)} turn." if movers else "Wait a moment."
        return ""

    @property
    def speed(self) -> float:
        return self.app.settings.speed

    @property
    def bot_pace(self) -> float:
        """How much longer than normal a bot waits before it moves (Settings: Bot pace)."""
        return self.app.settings.bot_delay

    # ----- acting --------------------------------------------------------------
    def perform(self, player: int, action) -> bool:
        """Apply a player's action, resolve chance, save, animate. False if the rules refuse it."""
        try:
            events = self.game.apply(player, action)
        except IllegalAction as error:
            self.message = str(error)
            return False
        if self.game.is_chance():
            events += self.start_chance()
        self.autosave()
        self.play(events, skippable=not self.human(player))
        return True

    def start_chance(self) -> list:
        """Resolve chance now, headless; a scene that animates chance (a flight) overrides this."""
        return self.game.apply_chance()

    def perform_chance(self, outcome) -> None:
        """A chance outcome found by the scene's own animation (a flight that has landed)."""
        events = self.game.apply(CHANCE, outcome)
        self.autosave()
        self.play(events, skippable=self._mover_is_bot())

    def _mover_is_bot(self) -> bool:
        """Whether the last player to act (whose move chance is answering) is a bot."""
        player = next((p for p, _ in reversed(self.game.log) if p != CHANCE), None)
        return player is None or not self.human(player)

    def autosave(self) -> None:
        """Saved in the background (a failure is shown by the app); a finished game leaves no save and goes
        into the statistics."""
        if self.read_only:
            return  # another copy of the game writes this save (and counts its end)
        if self.game.is_over:
            saves.clear(self.slot)
            stats.count_finished(self.info, self.seats, self.game)
        else:
            saves.save(saves.SavedGame(self.info.id, self.slot, self.seats, self.game))

    # ----- animations ----------------------------------------------------------
    def play(self, events: list, skippable: bool = False) -> None:
        self.scripts.append([self._script(events), skippable, False])
        if len(self.scripts) == 1:
            self._advance(0.0)

    def _script(self, events):
        self.batch = events
        for event in events:
            if not isinstance(event, TurnStarted):  # a new turn is the screen's once turn_started says so
                self.animating = getattr(event, "player", None)
            if isinstance(event, TurnStarted):
                yield from self.turn_started(event.player)
            elif isinstance(event, GameOver):
                yield from self.finale(event.outcome)
                self.show_results()
                return
            else:
                yield from self.animate(event)

    def _advance(self, dt: float) -> None:
        """Feed time to the playing animation; start the next when it ends."""
        while self.scripts:
            entry = self.scripts[0]
            script, self.skippable, started = entry
            try:
                if started:
                    script.send(dt)
                else:
                    entry[2] = True
                    next(script)  # run up to its first pause
                return
            except StopIteration:
                self.scripts.popleft()
                if not self.scripts:
                    self.skippable = False
                    self.settled()

    def skip(self) -> None:
        """Run the playing animations to their end at once (quietly)."""
        with audio.muted():
            for _ in range(10_000):
                if not self.scripts or self.app.scenes.top is not self:
                    break
                self._advance(SKIP_STEP)
        self.banner = self.flashing = None

    def wait_for(self, seconds: float):
        t = 0.0
        while t < seconds:
            t += yield

    def turn_started(self, player: int):
        """A new turn: the screen moves on to its player only now, and says so (a game may add a banner or a pause)."""
        self.shown_turn = self.animating = player
        self.show_prompt()
        if self.TURN_SOUND and self.human(player):
            audio.play("turn")
        self.wait = 0.0
        return
        yield  # a generator, like every animation

    def highlighted(self) -> tuple[int, ...]:
        """The seats the screen marks as to move: the people and bots to act when nothing moves, else the seat
        whose turn the animation is showing (never the next player's before their turn is reached)."""
        if self.idle:
            movers = tuple(self.game.to_act())
            waiting_for_chance = self.game.is_chance() and self.shown_turn is not None
            return movers or ((self.shown_turn,) if waiting_for_chance else ())
        return (self.shown_turn,) if self.shown_turn is not None else ()

    def marker_agrees(self) -> bool:
        """What the screen calls current is what is animating: while a seat's action plays, that seat is marked
        (checked on every frame of the smoke run's bot games)."""
        if not self.scripts or self.animating is None or self.shown_turn is None:
            return True
        return self.highlighted() == (self.animating,)

    # ----- what a game scene fills in ------------------------------------------
    def animate(self, event):
        """Animate one of the game's own events (a generator): the scene's ``animations`` table, keyed by the
        event's type, names what shows it; an event shown at once (a line of narration, a sound) has a plain
        method, and an event with no entry shows nothing."""
        animation = self.animations.get(type(event))
        steps = animation(event) if animation is not None else None
        if steps is not None:
            yield from steps

    @property
    def animations(self) -> dict:
        """Event type -> the method that shows it (a generator, or a plain method for an event shown at once)."""
        return {}

    def finale(self, outcome):
        """The moment before the results (a game may show how the winner was decided)."""
        yield from self.wait_for(0.9)

    def settled(self) -> None:
        """Every animation has ended: the screen shows the rules state again."""
        self.show_prompt()

    # ----- the last turn's result, held until the next turn acts ------------------------------
    def hold_result(self, headline: str, what: str, color) -> None:
        """Keep a turn's result on the table (``draw_result``) until the next turn's first result is shown."""
        self.result, self.result_age = (headline, what, color), 0.0

    def release_result(self):
        """Before the next turn's first result: the held one has had its time on screen (a generator)."""
        if self.result is not None:
            yield from self.wait_for(RESULT_SECONDS - self.result_age)
            self.result = None

    def draw_result(self, canvas, rect, radius: float = 12, headline_size: float = theme.FONT_HEADING,
                    by_name: bool = False) -> None:
        """The held result in a framed box over the play (once the banner that announced it has gone). A narrow
        box takes a smaller `headline_size`; a result told by a player's name (`by_name`) may cut a long one short."""
        if self.result is None or self.banner is not None:
            return
        headline, what, color = self.result
        x, y, w, h = rect
        lines = canvas.wrap(what, theme.FONT_BODY, w - 32)  # a long result goes on over two lines...
        needed = canvas.line_height(headline_size) + len(lines) * canvas.line_height(theme.FONT_BODY) + 32
        rect = (x, y, w, max(h, needed))  # ...and its box grows to hold them

        def paint(c) -> None:
            c.stack([(headline, headline_size, color, True), *((line, theme.FONT_BODY, theme.TEXT) for line in lines)],
                    layout.inset(rect, 16), centre=True, shorten_ok=by_name)

        canvas.shade(rect, 200, radius=radius)
        canvas.rect(color, rect, width=3, radius=radius)
        canvas.cached(("held-result", headline, what, color, w, rect[3]), rect, paint)

    # ----- the turn log -------------------------------------------------------------
    def past_turns(self) -> list[str]:
        """A line for each turn already played when the table opens (a resumed game), from the rules' record;
        a game that keeps a turn log fills it in."""
        return []

    def log_turn(self, text: str) -> None:
        """Note what a turn came to, once the screen has shown it ("Zax: banked 3 on Chicago (5 of 8)")."""
        self.turn_log.append(text)

    def show_turn_log(self) -> None:
        self.app.scenes.push("turn log", self.info.title, list(self.turn_log))

    def turn_log_rect(self) -> tuple[float, float, float, float] | None:
        """Under the scoreboard's rows, where the log's button and two turns fit; else None (L still opens it)."""
        if not self.KEEPS_TURN_LOG or self.scoreboard is None:
            return None
        self.scoreboard.grow = self.app.canvas.text_scale
        x, y, w, h = self.scoreboard.row(len(self.seats) - 1)
        top = y + h + 14
        bottom = layout.bottom(self.scoreboard.rect) - 12
        room = bottom - top - LOG_BUTTON_H - 6 - 2 * self.app.canvas.line_height(theme.FONT_SMALL)
        return (x, top, w, bottom - top) if room >= 0 else None

    def turn_log_buttons(self) -> list[Button]:
        """The button that opens the whole log (its key: L), heading the latest turns, where there is room."""
        rect = self.turn_log_rect()
        if rect is None:
            return []
        x, y, w, _ = rect
        return [Button("Last turns", (x, y, w, LOG_BUTTON_H), self.show_turn_log, pygame.K_l, size=theme.FONT_SMALL)]

    def draw_turn_log(self, canvas) -> None:
        """The latest turns under the log's button, newest first, in as many lines as its room holds."""
        rect = self.turn_log_rect()
        if rect is None:
            return
        x, y, w, h = rect
        top = y + LOG_BUTTON_H + 6
        room = int((y + h - top) // canvas.line_height(theme.FONT_SMALL))
        lines: list[tuple] = []
        for i, turn in enumerate(reversed(self.turn_log)):  # whole turns, wrapped, as many as fit
            wrapped = canvas.wrap(turn, theme.FONT_SMALL, w)
            if len(lines) + len(wrapped) > room:
                break
            lines += [(line, theme.FONT_SMALL, theme.TEXT if i == 0 else theme.TEXT_DIM) for line in wrapped]
        if lines:
            canvas.stack(lines, (x, top, w, y + h - top))

    # ----- the header ----------------------------------------------------------------
    def narrate(self, text: str) -> None:
        """Say what just happened ("Zax sets aside 3 cows.", built with game.core.words)."""
        self.message = self.narration = text

    def show_prompt(self) -> None:
        """The header asks whoever must act now; while only bots (or chance) are to act it keeps saying what
        just happened, so a bot's pick can still be read until its next move replaces it."""
        people = any(self.human(p) for p in self.game.to_act())
        if people or not self.narration or self.game.is_over:
            self.message = self.prompt()

    def prompt(self) -> str:
        """What the header says while waiting for the next move."""
        return ""

    # ----- results, pause, rematch -----------------------------------------------
    def show_results(self) -> None:
        outcome = self.game.outcome()
        assert outcome is not None
        self.app.scenes.replace("results", self.info, self.seats, outcome, self.info.details(self.game),
                                self.info.progress(self.game), self.rematch, self.info.report_steps(self.game))

    def rematch(self) -> None:
        """The same players and options again; the next player moves first."""
        first = (self.game.first + 1) % self.game.players
        self.app.scenes.replace(self.info.start(self.app, self.seats, self.game.options, first, self.slot))

    def pause(self) -> None:
        phones = self._show_phones if phone_seats(self.seats) else None
        self.app.scenes.push("pause", self.info, phones)

    def _show_phones(self) -> None:
        """The phone seats' screen from the pause menu; Play goes straight back to the table."""
        self.app.scenes.push("phones", self, back=lambda: self.app.scenes.back_to(self))

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Rebuild buttons (scenes with buttons override)."""

    # ----- the frame -------------------------------------------------------------
    @property
    def can_skip(self) -> bool:
        """A bot's (or chance's) animation is playing: any press runs it to its end."""
        return self.skippable and bool(self.scripts)

    def handle(self, event) -> None:
        if self.turn_log_key(event):
            self.show_turn_log()  # even while a bot's move plays: reading the log skips nothing
            return
        if self.can_skip and _is_press(event):
            self.skip()
            return
        self.handle_input(event)

    def turn_log_key(self, event) -> bool:
        """The press that opens the turn log, at a table that keeps one."""
        return self.KEEPS_TURN_LOG and event.type == pygame.KEYDOWN and event.key == pygame.K_l

    def handle_input(self, event) -> None:
        if self.buttons is not None:
            self.buttons.handle(event)

    def update(self, dt: float) -> None:
        if self.slot_owner is not None:
            self._ask_about_slot()
            return
        if not self.phones_checked:
            self.phones_checked = True
            server, seats = self.app.phones.server, phone_seats(self.seats)
            if seats and (server is None or any(server.status(seat) != "connected" for seat in seats)):  # the phones join before the first move (of a new or resumed game)
                self._show_phones()
                return
        waiting = self.humans_to_act()
        self._update(dt)
        if self.humans_to_act() != waiting and self.app.scenes.top is self:
            self.refresh()  # whose input the buttons take has changed

    def _update(self, dt: float) -> None:
        scaled = dt * self.speed
        self.clock += dt
        self.result_age += scaled
        first_frame = self.clock <= dt
        if self.chores and not first_frame and advance(self.chores[0], FRAMES.work_left())[0]:
            self.chores.popleft()
        self._age_banner_and_flash(scaled)
        self.tick(scaled)
        if self.scripts:
            self._advance(scaled)
        elif not self.busy and not self.game.is_over:
            self._next_move(scaled, first_frame)

    def _age_banner_and_flash(self, dt: float) -> None:
        if self.banner:
            text, color, left = self.banner
            self.banner = (text, color, left - dt) if left > dt else None
        if self.flashing:
            color, strength, left, seconds = self.flashing
            self.flashing = (color, strength, left - dt, seconds) if left > dt else None

    def _next_move(self, dt: float, first_frame: bool) -> None:
        """Nothing moves: chance acts after a pause, the bots to act think (never on a first frame)."""
        self.wait += dt
        if self.game.is_chance():
            if self.wait >= self.BOT_THINK:
                self.wait = 0.0
                self._chance_now()
            return
        bots = [p for p in self.game.to_act() if not self.human(p)]
        if bots and not first_frame:
            self.drive_bots(bots)

    def drive_bots(self, bots: list[int]) -> None:
        """The bots to move think (a slice of each frame), then act together after a short pause.
        A game of simultaneous choices may time each bot on its own."""
        if self._think(bots) and self.wait >= self.BOT_THINK * self.bot_pace:
            self.wait = 0.0
            for player in bots:
                action = self.thinking.pop(player)[2]
                if player in self.game.to_act():
                    self.bot_move(player, action)

    def tick(self, dt: float) -> None:
        """Per-frame work of a scene's own (a flight in progress)."""

    def frame_rate(self) -> float:
        """Full rate while anything moves or a bot or chance is about to act; else only the pulse of
        whose turn it is."""
        g = self.game
        moving = self.busy or self.banner is not None or self.flashing is not None
        pending = not g.is_over and (g.is_chance() or any(not self.human(p) for p in g.to_act()))
        return FPS if moving or pending else AMBIENT_FPS

    def _chance_now(self) -> None:
        events = self.start_chance()
        self.autosave()
        self.play(events, skippable=self._mover_is_bot())

    def ambient_area(self) -> list | None:
        """The rows of whose turn it is (their edge pulses) and whatever else a game's decoration moves."""
        rows = [self.scoreboard.row(p) for p in self.game.to_act()] if self.scoreboard else []
        return rows + self.decoration_area()

    def decoration_area(self) -> list:
        return []

    def ambient_look(self, canvas) -> object:
        decoration = self.decoration_look(canvas)
        if decoration is None:
            return None
        return tuple(self.game.to_act()), canvas.size(Scoreboard.edge(self.pulse_clock())), decoration

    def pulse_clock(self) -> float:
        """The clock the scoreboard's pulse follows (a game whose decoration steps makes it step with it)."""
        return self.clock

    def decoration_look(self, canvas) -> object:
        """How a game's own decoration (``decoration_area``) looks now, to the pixel; None: it moves every frame."""
        return ()

    def _think(self, bots: list[int]) -> bool:
        """Let the bots work out their moves, a slice of each frame (a bot never holds up a frame);
        True once every one has decided."""
        worked = False
        for player in bots:
            entry = self.thinking.get(player)
            if entry is None or entry[0] != len(self.game.log):  # new, or the game moved on meanwhile
                if entry is not None:
                    drop(entry[1])
                steps = bot_steps(self.info, self.game, player, self.seats[player].bot)
                entry = self.thinking[player] = [len(self.game.log), steps, None, False]
            left = FRAMES.work_left()
            # once the slice is spent the others wait for the next frame (a step each would add up)
            if not entry[3] and (left > 0 or not worked):
                entry[3], entry[2] = advance(entry[1], left)
                worked = True
        return all(self.thinking[p][3] for p in bots)

    def bot_move(self, player: int, action) -> None:
        """A bot has chosen; a scene may show it aiming first."""
        self.perform(player, action)

    # ----- phones ------------------------------------------------------------------
    def phone_lineup(self):
        """(title, seats) while any seat plays from a phone: the app keeps the phone server running."""
        return (self.info.title, self.seats) if phone_seats(self.seats) else None

    def phone_choices(self, player: int) -> list[tuple[str, object, str]]:
        """What a phone offers `player` now as (label, action, style); a game lists its own moves."""
        return []

    def phone_turn(self) -> int:
        """Which decision a phone's choice answers: a choice made for an earlier one is refused."""
        return len(self.game.log)

    def phone_lines(self, player: int) -> list[str]:
        """What a phone shows under the status: everyone's score by default."""
        return ["  ·  ".join(f"{s.name} {self.game.score(p)}" for p, s in enumerate(self.seats))]

    def phone_panel(self, player: int) -> dict:
        acting = self.can_act(player)
        choices = self.phone_choices(player) if acting else []
        return {"status": self.message or self.prompt(), "lines": self.phone_lines(player),
                "choices": [{"id": i, "label": label, "style": style} for i, (label, _, style) in enumerate(choices)],
                "turn": self.phone_turn(), "note": "Your move!" if acting else "", "act": acting}

    def phone_table(self, seat: int) -> dict:
        """The table as `seat`'s browser draws it: made from the seat's view, the scores and the turn log when
        they change, and held while the TV still animates a move (only "moving" turns on), so the browser never
        shows a result before the TV does."""
        made = self.remote_tables.get(seat)
        if made is not None and self.busy and not self.game.is_over:  # the last move is shown at once
            return {**made[1], "moving": True, **self.phone_table_motion(seat)}
        key = (len(self.game.log), self.message, len(self.turn_log), self.turn_log[-1] if self.turn_log else "")
        if made is None or made[0] != key:
            made = self.remote_tables[seat] = (key, self.remote_table(seat))
        return made[1]

    def remote_table(self, seat: int) -> dict:
        players = [{"name": s.name, "colour": theme.colour_hex(s.color), "score": plain(self.game.score(p))}
                   for p, s in enumerate(self.seats)]
        return {"game": self.info.id, "you": seat, "players": players,
                "acting": list(self.game.to_act()), "over": self.game.is_over, "message": self.message,
                "log": list(self.turn_log)[-TURNS_SHOWN_REMOTELY:], "moving": False,
                "view": self.remote_view(view := self.game.view(seat)), "facts": plain(self.phone_table_facts(view)),
                **self.phone_table_motion(seat)}

    def remote_view(self, view) -> dict:
        """The seat's view as the browser gets it, less what its table never draws (REMOTE_VIEW_LEAVES_OUT)."""
        shown = plain(view)
        for name in self.REMOTE_VIEW_LEAVES_OUT:
            del shown[name]
        return shown

    def phone_table_facts(self, view) -> dict:
        """What the TV works out from the view and shows beside it (a turn's score), so a browser need not."""
        return {}

    def phone_table_motion(self, seat: int) -> dict:
        """What a browser animates while a move plays on the TV (a flicked die's path); always the same keys for
        a game."""
        return {}

    def phone_intent(self, intent) -> str | None:
        """A phone's choice, checked like any input: None when done, else why not."""
        if intent.turn != self.phone_turn():
            return "Too late: the game has moved on."
        if intent.swipe is not None:
            return self.phone_swipe(intent.seat, intent.swipe, intent.let_go)
        choices = self.phone_choices(intent.seat) if self.can_act(intent.seat) else []
        if not intent.choice < len(choices):
            return self.why_waiting(intent.seat) or "That choice is not on offer now."
        self.phone_act(intent.seat, choices[intent.choice][1])
        return None

    def phone_act(self, player: int, action) -> None:
        self.perform(player, action)
        self.refresh()

    def phone_swipe(self, player: int, drag: tuple[float, float], let_go: bool) -> str | None:
        """A drag on a browser seat's table (dx, dy in the table's mm), let go or not: a game that is played by
        a gesture takes it; None when done, else why not."""
        return "Tap a choice: this table takes no swipes."

    def say_banner(self, text: str, color=theme.ACCENT) -> None:
        self.banner = (text, color, BANNER_SECONDS)

    def flash(self, color, strength: int, seconds: float) -> None:
        """The screen flashes `color` (alpha `strength`) and fades over `seconds`; with reduced motion a
        steady frame shows for that time instead (``draw_flash``)."""
        self.flashing = (color, strength, seconds, seconds)

    # ----- drawing helpers -------------------------------------------------------
    def draw_message(self, canvas, rect, size: float = theme.FONT_BODY) -> None:
        x, y, w, h = rect

        def paint(c) -> None:
            c.rect(theme.PANEL, rect, radius=12)
            room = w - 30
            if self.read_only:  # said where every turn is read, for as long as it is true
                tag = c.text("READ-ONLY", theme.FONT_SMALL, theme.WARN, (x + w - 16, y + h / 2), anchor="midright",
                             bold=True)
                room -= tag.width + 16
            text = self.names_fitted(c, self.message, size, room)
            c.text(text, size, theme.TEXT, (x + 18, y + h / 2), anchor="midleft", width=room)

        canvas.cached(("message", self.message, size, w, h, self.read_only), rect, paint)

    def names_fitted(self, canvas, text: str, size: float, width: float, bold: bool = False) -> str:
        """`text` with the players' names in it cut short (longest first) until it fits `width` at the normal
        text size: a long name ellipsizes, and the rest of the message is still read."""
        normal = size / canvas.text_scale
        names = sorted({s.name for s in self.seats if len(s.name) > 3 and s.name in text}, key=len, reverse=True)
        if not names or canvas.text_width(text, normal, bold) <= width:
            return text
        pattern = re.compile("|".join(map(re.escape, names)))
        for keep in range(max(map(len, names)) - 1, 2, -1):
            short = pattern.sub(lambda m: m.group() if len(m.group()) <= keep else m.group()[:keep].rstrip() + "…", text)
            if canvas.text_width(short, normal, bold) <= width:
                return short
        return short

    def draw_banner(self, canvas, center, width: float = 1200) -> None:
        """The banner over the table, at most `width` wide (a long name in it ellipsizes)."""
        if not self.banner:
            return
        text, color, left = self.banner
        zoom = 1 + motion.sway(max(0.0, left - BANNER_SECONDS + 0.2))  # it pops in
        text = self.names_fitted(canvas, text, theme.FONT_TITLE, width / 1.2, bold=True)
        cx, cy = center
        shadow = canvas.text(text, theme.FONT_TITLE, (0, 0, 0), (cx + 3, cy + 4), anchor="center", bold=True, zoom=zoom,
                             width=width / 1.2)
        canvas.popup(shadow)  # a moment's headline over the table
        canvas.text(text, theme.FONT_TITLE, color, center, anchor="center", bold=True, zoom=zoom, width=width / 1.2)

    def draw_flash(self, canvas, frame) -> None:
        """The fading flash over the screen, or with reduced motion a steady frame round `frame` (what it is about)."""
        if not self.flashing:
            return
        color, strength, left, seconds = self.flashing
        if motion.reduced():
            x, y, w, h = frame
            canvas.rect(color, (x - 6, y - 6, w + 12, h + 12), width=6, radius=16)
        else:
            canvas.wash(layout.SCREEN, color, int(strength * left / seconds))


def _is_press(event) -> bool:
    """A deliberate press (not movement): what skips a bot's animation."""
    if event.type == pygame.KEYDOWN:
        return event.key not in (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                                 pygame.K_LALT, pygame.K_RALT, pygame.K_ESCAPE, pygame.K_F11)
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN)
