"""A guided first turn: a game's own table scene with a coach who says what to do next, step by step.

A game's ``tutorial.py`` holds a ``Lesson`` (data: the chance outcomes in order, the steps, the summary,
where the coach's box sits) and its scene, ``class LessonScene(Tutorial, GameScene)``. The table is
the real one, so the player learns the real controls. ``Tutorial``, mixed in front of it:

- answers chance from the lesson's list, so the dice come up as the lesson needs (what the list does not
  cover, such as a die flicked by physics, is played for real);
- takes the player's action only when it is the one the coach asks for, and says a friendly word
  otherwise (also for a key or click on a greyed-out button);
- holds the bots while the player reads a step;
- is never saved and never counted (``tutorial = True``, no autosave slot);
- ends on a summary that leads back to setup, into a real game, or through the lesson again.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game import controls
from game.core.protocol import CHANCE, GameState
from game.saves import Seat
from game.scenes.base import AMBIENT_FPS
from game.ui import audio, layout, theme
from game.ui.widgets import Button, ButtonGroup

NEXT = "next"  # a step the player reads, then goes on with Enter (the pad's A) or the Next button
BOT_NAMES = ("Zax", "Blorp")
PAD = 16  # inside the coach's box
SCORES_COLUMN = (layout.SCORES[0] + 8, 60, layout.COLUMN_W - 16, layout.bottom(layout.SCORES) - 66)  # a coach's box
SUMMARY_W, SUMMARY_PAD = 760, 28  # the lesson's summary box, and inside it
SUMMARY_BUTTON_W, SUMMARY_PITCH = 380, 56  # its buttons, one under the other


@dataclass(frozen=True)
class Step:
    """One thing the coach asks. In `say`, "{key}" stands for the key shown on the step's button."""

    say: str | Callable[[Any], str]  # the words, or a function of the scene (what a flick did)
    expect: Any = NEXT  # the action wanted: a value, or a type (any action of it: any flick)
    button: str = ""  # label of the scene's button that does it ("Target #2": the second "Target")
    wrong: str = ""  # the friendly word for any other move
    when: Callable[[GameState], bool] | None = None  # the step also waits for this (the next pot is up)
    until: Callable[[GameState], bool] | None = None  # after the action, the step lasts until this holds

    def wants(self, action) -> bool:
        return isinstance(action, self.expect) if isinstance(self.expect, type) else action == self.expect


@dataclass(frozen=True)
class Lesson:
    steps: tuple[Step, ...]
    summary: str
    box: tuple[float, float, float, float]  # x, y, width and greatest height of the coach's box
    least: float = 0  # its least height (to cover what it would otherwise half hide)
    chance: tuple = ()  # chance outcomes, in the order the game asks for them
    seed: int = 1  # for whatever the lesson leaves to chance
    options: dict | None = None


def lesson_seats(info, player: Seat | None, app) -> list[Seat]:
    """The learner (named and coloured as in setup) against the game's default bot. In a game of
    simultaneous choices the learner bids with their own keys or pad: the ones setup gave them, or the
    ones it would give one person."""
    name = player.name if player else "Player 1"
    color = player.color if player else 0
    control = controls.ANY
    if info.rules_class.simultaneous:
        own = player.control if player else controls.ANY
        control = own if own in controls.KEY_ZONES or own in controls.PADS else controls.defaults(1, len(app.input.pads))[0]
    you = Seat(name, color, None, control)
    bot_color = next(c for c in range(len(theme.PLAYER_COLORS)) if c != color)
    return [you, Seat(next(n for n in BOT_NAMES if n != name), bot_color, info.default_bot)]


def key_event(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": 0, "unicode": "", "scancode": 0})


class Tutorial:
    """Mixed in front of a game's scene (see the module's docstring). The learner is seat 0."""

    tutorial = True  # a lesson: never saved, never counted in statistics
    LESSON: Lesson

    def __init__(self, app, info, player: Seat | None, back: Callable[[], None], play: Callable[[], None]):
        """`player`: setup's first person (their name and colour); `back` returns to setup; `play` starts a
        real game from it."""
        self.learner, self.back, self.play_real = player, back, play
        self.lesson_chance = deque(self.LESSON.chance)
        self.step_index = 0
        self.acted = False  # the step's action is done; it waits for `until`
        self.note = ""  # the friendly word after a wrong move
        self.ended = False  # the summary is up
        self.coach_buttons = ButtonGroup()
        self.coach_layout: tuple | None = None  # what the coach's box shows, measured
        seats = lesson_seats(info, player, app)
        game = info.new_state(len(seats), self.LESSON.seed, self.LESSON.options)
        super().__init__(app, info, seats, game, "")

    # ----- where the lesson is ----------------------------------------------
    @property
    def steps(self) -> tuple[Step, ...]:
        return self.LESSON.steps

    def active_step(self) -> Step | None:
        """The step the learner is asked for now; None while something moves, a bot or chance acts, or
        once every step is done."""
        g = self.game
        if self.ended or self.step_index >= len(self.steps) or not self.idle or g.is_chance() or g.is_over:
            return None
        step = self.steps[self.step_index]
        if step.when is not None and not step.when(g):
            return None
        if step.expect == NEXT or 0 in g.to_act():
            return step
        return None

    @property
    def reading(self) -> bool:
        step = self.active_step()
        return step is not None and step.expect == NEXT

    def _next_step(self) -> None:
        self.step_index += 1
        self.acted = False
        self.note = ""

    def step_button(self, step: Step) -> Button | None:
        """The scene's button that does what the step asks ("Target #2": the second button labelled Target)."""
        if not step.button or self.buttons is None:
            return None
        label, _, nth = step.button.partition(" #")
        matches = [b for b in self.buttons.buttons if b.label.startswith(label)]
        index = int(nth) - 1 if nth else 0
        return matches[index] if index < len(matches) else None

    def step_key(self, step: Step) -> str:
        """The key (or pad button) the learner presses for the step, as bound and as the scene shows it."""
        button = self.step_button(step)
        if button is None:
            return ""
        return self.key_name(button.key) if button.key is not None else button.key_label

    def step_text(self, step: Step) -> str:
        text = step.say(self) if callable(step.say) else step.say
        return text.replace("{key}", self.step_key(step))

    def wanted_input(self) -> list:
        """Input that does what the coach asks now (the smoke run and the tests play lessons with it);
        empty while there is nothing to press (a window to let run out, an animation)."""
        step = self.active_step()
        if step is None:
            return []
        if step.expect == NEXT:
            return [key_event(pygame.K_RETURN)]
        button = self.step_button(step)
        return [key_event(button.key)] if button is not None and button.key else []

    # ----- the table's own hooks ------------------------------------------------
    def autosave(self) -> None:
        """A lesson is never saved, so it can never overwrite or be mistaken for a real game."""

    def start_chance(self) -> list:
        """The lesson's own outcomes while it has any; after that, chance as in a real game."""
        events: list = []
        while self.game.is_chance() and self.lesson_chance:
            events += self.game.apply(CHANCE, self.lesson_chance.popleft())
        return events + (super().start_chance() if self.game.is_chance() else [])

    def perform(self, player: int, action) -> bool:
        """The learner's move goes ahead only when it is the one the coach asks for."""
        if self.human(player):
            refusal = self.refusal(action)
            if refusal:
                self.note = refusal
                audio.play("cancel", 0.5)
                return False
        done = super().perform(player, action)
        if done and self.human(player):
            step = self.steps[self.step_index]
            if step.until is None:
                self._next_step()
            else:
                self.acted = True
        return done

    def refusal(self, action) -> str:
        """Why the coach holds this move back ("" when it is the one asked for)."""
        step = self.active_step()
        if step is None:
            return "Hold on: watch what happens first." if not self.ended else "The lesson is over."
        if step.expect == NEXT:
            return f"Read the coach's note first, then press {self.key_name(pygame.K_RETURN)} to go on."
        if step.wants(action):
            return ""
        return step.wrong.replace("{key}", self.step_key(step)) or "Not that one: do what the coach asks."

    def settled(self) -> None:
        if self.acted and self.steps[self.step_index].until(self.game):
            self._next_step()
        super().settled()

    def drive_bots(self, bots: list[int]) -> None:
        """Bots wait while the learner reads, and once the last step is done."""
        if self.step_index < len(self.steps) and not self.reading:
            super().drive_bots(bots)

    def frame_rate(self) -> float:
        """A bot held while the learner reads is not about to move: no full frame rate for it."""
        if (self.ended or self.reading) and not self.busy and self.banner is None:
            return AMBIENT_FPS
        return super().frame_rate()

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.ended and self.step_index >= len(self.steps) and self.idle:
            self.ended = True
            audio.play("win", 0.6)
        self._layout(self.app.canvas)

    def pause(self) -> None:
        self.app.scenes.push("pause", self.info, leave=self.back)

    # ----- input -------------------------------------------------------------
    def handle(self, event) -> None:
        if self.ended:
            self.coach_buttons.handle(event)
            return
        if self.reading and self.coach_buttons.handle(event):
            return
        greyed = self._greyed(event)
        if greyed is not None and self.active_step() is not None:
            self.note = greyed.reason or "That button does nothing just now: do what the coach asks."
        super().handle(event)

    def _greyed(self, event) -> Button | None:
        """A greyed-out button the learner pressed (its key or a click on it)."""
        if self.buttons is None:
            return None
        for b in self.buttons.buttons:
            if b.enabled:
                continue
            if event.type == pygame.KEYDOWN and b.key is not None and event.key == b.key:
                return b
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and b.contains(event.pos):
                return b
        return None

    # ----- the coach's box ---------------------------------------------------------
    def _layout(self, canvas) -> None:
        """Measure the box for what it says now (and rebuild its buttons when that changes)."""
        if self.ended:
            key = ("summary", canvas.text_scale)
            if self.coach_layout is None or self.coach_layout[0] != key:
                self.coach_layout = (key, *self._summary_layout(canvas))
            return
        step = self.steps[min(self.step_index, len(self.steps) - 1)]
        active = self.active_step() is step
        text = self.step_text(step)
        places = self.coach_places()
        key = ("coach", self.step_index, text, self.note, active, canvas.text_scale, places)
        if self.coach_layout is not None and self.coach_layout[0] == key:
            return
        with_next = step.expect == NEXT and active
        tries = [(place, size) for place in places for size in (theme.FONT_BODY, theme.FONT_SMALL)]
        for (x, y, w, most), size in tries:
            lines, notes, h = self._measure(canvas, text, size, w, with_next)
            if h <= most:
                break  # the first place and size where the words fit (else the last: small words, most room)
        h = max(h, self.LESSON.least)
        buttons = []
        if with_next:
            buttons.append(Button("Next", (x + w - PAD - 170, y + h - PAD - 48, 170, 48), self._read_on,
                                  pygame.K_RETURN, "Enter", accent=True, size=theme.FONT_BODY))
        self.coach_buttons.set(buttons)
        self.coach_layout = (key, (x, y, w, h), size, lines, notes, active)

    def _measure(self, canvas, text: str, size: float, w: float, with_next: bool) -> tuple[list, list, float]:
        """The lines of the words and of the note, and the box's height, at this size and width."""
        lines = canvas.wrap(text, size, w - 2 * PAD)
        notes = canvas.wrap(self.note, theme.FONT_SMALL, w - 2 * PAD) if self.note else []
        h = 2 * PAD + canvas.line_height(theme.FONT_SMALL) + 8 + len(lines) * canvas.line_height(size) \
            + len(notes) * canvas.line_height(theme.FONT_SMALL) + (12 + 48 if with_next else 0)
        return lines, notes, h

    def coach_places(self) -> tuple[tuple[float, float, float, float], ...]:
        """Where the coach's box may go, best first: below the scoreboard's rows when the lesson's box is in the
        scoreboard's column (the rows grow with the text size), else over them when the words need the room."""
        x, y, w, most = self.LESSON.box
        if self.scoreboard is not None:
            sx, _, sw, _ = self.scoreboard.rect
            _, ry, _, rh = self.scoreboard.row(len(self.seats) - 1)
            below = ry + rh + 12
            if x < sx + sw and sx < x + w and y < below:
                return (x, below, w, most - (below - y)), (x, y, w, most)
        return ((x, y, w, most),)

    def _read_on(self) -> None:
        if self.reading:
            self._next_step()

    def draw(self, canvas) -> None:
        super().draw(canvas)
        self.draw_guide(canvas)
        self._layout(canvas)
        if self.ended:
            self._draw_summary(canvas)
            return
        step = self.active_step()
        button = self.step_button(step) if step is not None else None
        if button is not None:  # the button that does what the coach asks
            x, y, w, h = button.rect
            canvas.rect(theme.GOOD, (x - 7, y - 7, w + 14, h + 14), width=3, radius=15)
        _, rect, size, lines, notes, active = self.coach_layout
        canvas.popup(rect)  # the coach's box sits over the table
        canvas.box(rect)
        canvas.cached(("coach-box", *self.coach_layout[0]), rect,
                      lambda c: self._paint_coach(c, rect, size, lines, notes, active))
        self.coach_buttons.draw(canvas)

    def draw_guide(self, canvas) -> None:
        """A game may draw a hint on its table (the flick to make, say)."""

    def _paint_coach(self, canvas, rect, size: float, lines: list[str], notes: list[str], active: bool) -> None:
        x, y, w, h = rect
        canvas.rect((16, 10, 26), rect, radius=14)
        canvas.rect(theme.GOOD if active else theme.PANEL_EDGE, rect, width=3, radius=14)
        total = len(self.steps)
        canvas.text(f"Coach: step {min(self.step_index + 1, total)} of {total}", theme.FONT_SMALL, theme.GOOD,
                    (x + PAD, y + PAD), bold=True, width=w - 2 * PAD)
        ty = y + PAD + canvas.line_height(theme.FONT_SMALL) + 8
        for line in lines:
            canvas.text(line, size, theme.TEXT if active else theme.TEXT_DIM, (x + PAD, ty))
            ty += canvas.line_height(size)
        for line in notes:
            canvas.text(line, theme.FONT_SMALL, theme.WARN, (x + PAD, ty))
            ty += canvas.line_height(theme.FONT_SMALL)

    # ----- the summary -------------------------------------------------------------
    def _summary_layout(self, canvas) -> tuple:
        w, pad, pitch = SUMMARY_W, SUMMARY_PAD, SUMMARY_PITCH
        lines = canvas.wrap(self.LESSON.summary, theme.FONT_BODY, w - 2 * pad)
        text_h = len(lines) * canvas.line_height(theme.FONT_BODY)
        h = pad + canvas.line_height(theme.FONT_HEADING) + 16 + text_h + 24 + pitch * 3 + pad
        y = max(layout.MARGIN, layout.CENTRE_Y - h / 2)
        bx, by = layout.centre_x(SUMMARY_BUTTON_W), y + h - pad - pitch * 3 + 8
        self.coach_buttons.set([
            Button(label, (bx, by + i * pitch, SUMMARY_BUTTON_W, pitch - 8), action, key, key_label, accent=i == 0,
                   size=theme.FONT_BODY)
            for i, (label, action, key, key_label) in enumerate((
                ("Play a real game", self.play_real, pygame.K_F5, "F5"),
                ("Take the lesson again", self.again, pygame.K_l, "L"),
                ("Back to setup", self.back, pygame.K_ESCAPE, "Esc")))])
        return (layout.centre_x(w), y, w, h), lines

    def again(self) -> None:
        self.app.scenes.replace(type(self)(self.app, self.info, self.learner, self.back, self.play_real))

    def _draw_summary(self, canvas) -> None:
        _, rect, lines = self.coach_layout

        def paint(c) -> None:
            x, y, w, h = rect
            c.rect((16, 10, 26), rect, radius=16)
            c.rect(theme.GOOD, rect, width=3, radius=16)
            c.text("Lesson complete!", theme.FONT_HEADING, theme.ACCENT, (x + w / 2, y + SUMMARY_PAD), anchor="midtop",
                   bold=True)
            ty = y + SUMMARY_PAD + c.line_height(theme.FONT_HEADING) + 16
            for line in lines:
                c.text(line, theme.FONT_BODY, theme.TEXT, (x + SUMMARY_PAD, ty))
                ty += c.line_height(theme.FONT_BODY)

        canvas.shade(layout.SCREEN, 150)
        canvas.box(rect)
        canvas.cached(("lesson-summary", *self.coach_layout[0], tuple(lines)), rect, paint)
        self.coach_buttons.draw(canvas)
