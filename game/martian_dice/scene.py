"""The Martian Dice table: dice tumbling on a tray, picks, scores, coach, duel.

The scene never decides an outcome: it asks the rules for every result and
animates it. Animations are generator scripts advanced with scaled real
time, run one after another; input waits while one plays.
"""

from __future__ import annotations

import math
import os

import pygame

from game import saves
from game.app import Scene
from game.core.rng import Rng
from game.martian_dice import bots as md_bots
from game.martian_dice import policy
from game.martian_dice.rules import (
    CHICKEN,
    CHOOSE,
    COW,
    DUEL,
    DUEL_DICE,
    DUEL_PENDING,
    EARTHLINGS,
    FACE_NAMES,
    HUMAN,
    MUST_ROLL,
    NUM_DICE,
    RAY,
    ROLL,
    ROLL_OR_STOP,
    STOP,
    TAKE,
    TAKE_FACE,
    TANK,
    TARGET_SCORE,
    MartianDice,
)
from game.ui import audio, theme
from game.core.cube import face_up, mat_mul, rotation
from game.ui.dice3d import DiceArt
from game.ui.throw import launch_position, orientations, throw
from game.ui.widgets import Button, ButtonGroup, panel, tooltip

TRAY = (296, 76, 688, 428)
DIE = 50  # die edge on the tray
DIE_BODY = 62  # its footprint in the physics (the drawn cube shows a side too)
SMALL_DIE = 26  # set-aside dice
# The six sides of one die (1 tank, 2 rays, 1 of each earthling).
SIDE_FACES = [TANK, RAY, RAY, HUMAN, COW, CHICKEN]
PLURAL = {TANK: "Tanks", RAY: "Death rays", HUMAN: "Humans", COW: "Cows", CHICKEN: "Chickens"}
KEYS = {RAY: (pygame.K_1, "1"), HUMAN: (pygame.K_2, "2"), COW: (pygame.K_3, "3"), CHICKEN: (pygame.K_4, "4")}
# Where set-aside dice go: tanks and death rays side by side, then earthlings.
ROWS = {
    TANK: (296, 516, 160, 188),
    RAY: (486, 516, 160, 188),
    HUMAN: (660, 516, 102, 188),
    COW: (771, 516, 102, 188),
    CHICKEN: (882, 516, 102, 188),
}
VERSUS = (473, 610)  # the "vs" between tanks and death rays
BOT_THINK = 0.7  # seconds a bot "thinks" before acting (at normal speed)


def waiting_orientation(index: int):
    """Dice waiting to be thrown stand on a corner, so no face reads as a result."""
    return mat_mul(rotation((0.0, 0.0, 1.0), 0.4 * index), mat_mul(rotation((0.7071, -0.7071, 0.0), 0.9553), face_up(0, 0.0)))


def waiting_spot(index: int) -> tuple[float, float]:
    """Where a die waits for the next throw: where that throw will launch it."""
    return launch_position(TRAY, index, DIE_BODY)


class Die:
    """One of the 13 dice on screen: where it is and how it is turned."""

    def __init__(self, index: int):
        self.index = index
        self.face: int | None = None  # None: not rolled yet this turn
        self.aside = False
        self.x, self.y = waiting_spot(index)
        self.size = DIE
        self.orientation = waiting_orientation(index)
        self.path = None
        self.turns = None
        self.moving = False  # tumbling right now (drawn with less detail)


def side_for(face: int, rng: Rng) -> int:
    """Which side of the cube shows this face (rays have two)."""
    sides = [i for i, f in enumerate(SIDE_FACES) if f == face]
    return sides[rng.randrange(len(sides))]


class GameScene(Scene):
    def __init__(self, app, info, seats, state: dict | None = None):
        super().__init__(app)
        self.info, self.seats = info, seats
        new_seed = int.from_bytes(os.urandom(8), "little")
        self.game = MartianDice.from_json(state) if state else MartianDice(len(seats), seed=new_seed)
        self.art = DiceArt([f"dice/{FACE_NAMES[f]}.svg" for f in SIDE_FACES])
        self.shown = self.game.copy()  # what the screen shows: catches up with the rules as animations play
        self.look = Rng(self.game.rng.state ^ 0xD1CE)  # presentation-only randomness
        self.dice = [Die(i) for i in range(NUM_DICE)]
        self.script = None  # the animation playing now (a generator fed with time)
        self.clock = 0.0
        self.bot_wait = 0.0
        self.bot_rng = Rng(self.game.rng.state ^ 0xB07)
        self.message = ""
        self.flash: tuple[str, tuple, float] | None = None  # big centred text, colour, time left
        self.duel_view: dict | None = None
        self.hover_face: int | None = None
        self.mouse = (0.0, 0.0)
        self.buttons = ButtonGroup()
        self._restore_layout()
        self._announce_turn(sound=False)
        self._build_buttons()
        if not state:
            self._save()

    # ----- helpers -------------------------------------------------------
    @property
    def seat(self):
        return self.seats[self.game.current]

    @property
    def human_to_act(self) -> bool:
        return not self.game.is_over and self.seat.bot is None and self.game.phase != DUEL_PENDING

    @property
    def idle(self) -> bool:
        return self.script is None

    def _speed(self) -> float:
        return self.app.settings.speed

    def _save(self) -> None:
        if self.game.is_over:
            saves.clear()
        else:
            saves.save(saves.SavedGame(self.info.id, self.seats, self.game.to_json()))

    def _tray_dice(self) -> list[Die]:
        return [d for d in self.dice if not d.aside]

    # ----- layout --------------------------------------------------------
    def _restore_layout(self) -> None:
        """Place dice to match the rules state (new game or a resumed save)."""
        g = self.game
        index = 0
        for face in (TANK, RAY, HUMAN, COW, CHICKEN):
            for _ in range(g.aside[face]):
                die = self.dice[index]
                die.aside, die.face = True, face
                index += 1
        for face in (TANK, RAY, HUMAN, COW, CHICKEN):
            for _ in range(g.table[face]):
                self.dice[index].face = face
                index += 1
        self._layout_rows(animate=False)
        on_tray = self._tray_dice()
        if any(d.face is not None for d in on_tray):
            paths = throw(TRAY, len(on_tray), DIE_BODY, self.look.next_u64())
            for die, path in zip(on_tray, paths):
                die.x, die.y, angle = path.points[-1]
                die.orientation = face_up(side_for(die.face, self.look), angle)

    def _row_slots(self, face: int, count: int) -> list[tuple[float, float]]:
        """Grid positions inside a row's panel; rows squeeze together when full."""
        x, y, w, h = ROWS[face]
        pitch = SMALL_DIE + 5
        per_row = max(1, int((w - 12) // pitch))
        rows = max(1, math.ceil(count / per_row))
        row_pitch = min(SMALL_DIE + 9, (h - 50 - SMALL_DIE) / max(1, rows - 1)) if rows > 1 else 0
        return [
            (x + 8 + SMALL_DIE / 2 + (i % per_row) * pitch, y + 48 + SMALL_DIE / 2 + (i // per_row) * row_pitch)
            for i in range(count)
        ]

    def _layout_rows(self, animate: bool):
        """Move set-aside dice to their tidy rows; returns the flights to play."""
        flights = []
        for face in ROWS:
            group = [d for d in self.dice if d.aside and d.face == face]
            for die, (sx, sy) in zip(group, self._row_slots(face, len(group))):
                if animate and (abs(die.x - sx) > 1 or abs(die.y - sy) > 1):
                    flights.append((die, die.x, die.y, sx, sy, die.size))
                else:
                    die.x, die.y, die.size = sx, sy, SMALL_DIE
                    die.orientation = face_up(self._upright(face), 0)
        return flights

    def _upright(self, face: int) -> int:
        return SIDE_FACES.index(face)

    # ----- turning rules events into animations --------------------------
    def perform(self, action: str) -> None:
        self.shown = self.game.copy()
        events = self.game.apply(action)
        self._save()
        script = self._play_events(events)
        try:
            next(script)  # run up to the first pause
            self.script = script
        except StopIteration:
            pass
        self._build_buttons()

    def _play_events(self, events):
        for event in events:
            kind = event[0]
            if kind == "rolled":
                yield from self._animate_roll(event[1])
            elif kind == "tanks":
                yield from self._animate_aside(TANK)
            elif kind == "took":
                audio.play("select")
                yield from self._animate_aside(event[1])
            elif kind == "stuck":
                self._flash("Nothing you can take!", theme.WARN)
                yield from self._wait(1.0)
            elif kind == "turn-end":
                yield from self._animate_turn_end(*event[1:])
            elif kind == "final-round":
                audio.play("alarm", 0.7)
                name = self.seats[event[1]].name
                self.message = f"{name} reached {TARGET_SCORE}! Final round: everyone else gets one last turn."
                self._flash("FINAL ROUND!", theme.BAD)
                yield from self._wait(1.6)
            elif kind == "tie":
                names = " and ".join(self.seats[p].name for p in event[1])
                self.message = f"{names} are tied for first: death-ray duel!"
                self._flash("DEATH-RAY DUEL!", theme.BAD)
                yield from self._wait(1.6)
            elif kind == "duel":
                yield from self._animate_duel(event[1], event[2])
            elif kind == "game-over":
                yield from self._wait(0.8)
                self._show_results()
        self._build_buttons()

    def _wait(self, seconds: float):
        t = 0.0
        while t < seconds:
            t += yield

    def _animate_roll(self, counts):
        audio.play("roll")
        on_tray = self._tray_dice()
        faces = [f for f in (TANK, RAY, HUMAN, COW, CHICKEN) for _ in range(counts[f])]

        self.look.shuffle(faces)
        yield from self._scoop(on_tray)
        paths = throw(TRAY, len(on_tray), DIE_BODY, self.look.next_u64())
        for die, face, path in zip(on_tray, faces, paths):
            die.face, die.path = face, path
            die.turns = orientations(path, side_for(face, self.look), DIE)
        duration = max(p.duration for p in paths)
        n = len(on_tray)
        self.message = f"{self.seat.name} rolls {n} {'die' if n == 1 else 'dice'}..."
        t = 0.0
        while t < duration:
            t += yield
            for die in on_tray:
                die.x, die.y, _ = die.path.at(t)
                frame = int(t * 60)
                die.orientation = die.turns[min(len(die.turns) - 1, frame)]
                die.moving = frame < len(die.turns) - 1
        for die in on_tray:
            die.x, die.y, _ = die.path.points[-1]
            die.orientation = die.turns[-1]
            die.path = die.turns = None
            die.moving = False
        self.shown.table = list(counts)
        self.shown.phase = CHOOSE
        parts = [f"{counts[f]} {FACE_NAMES[f]}{'s' if counts[f] != 1 else ''}" for f in (TANK, RAY, HUMAN, COW, CHICKEN) if counts[f]]
        self.message = f"{self.seat.name} rolled " + ", ".join(parts) + "."

    def _scoop(self, dice: list[Die]):
        """Gather the dice to be rolled into the throwing corner."""
        moves = [(d, d.x, d.y, *launch_position(TRAY, i, DIE_BODY)) for i, d in enumerate(dice)]
        if all(abs(x0 - x1) < 1 and abs(y0 - y1) < 1 for _, x0, y0, x1, y1 in moves):
            return
        for die in dice:
            die.orientation = waiting_orientation(die.index)
        t, duration = 0.0, 0.3
        while t < duration:
            t += yield
            k = min(1.0, t / duration)
            ease = k * k * (3 - 2 * k)
            for die, x0, y0, x1, y1 in moves:
                die.x, die.y = x0 + (x1 - x0) * ease, y0 + (y1 - y0) * ease

    def _animate_aside(self, face: int):
        group = [d for d in self._tray_dice() if d.face == face]
        for die in group:
            die.aside = True
        self.shown.aside[face] += len(group)
        self.shown.table[face] = 0
        if face == TANK:
            audio.play("tank")
            self.message = f"{len(group)} tank{'s' if len(group) != 1 else ''} rolled out against you!"
        flights = self._layout_rows(animate=True)
        t, duration = 0.0, 0.45
        while t < duration:
            t += yield
            k = min(1.0, t / duration)
            ease = 1 - (1 - k) ** 3
            for die, x0, y0, x1, y1, s0 in flights:
                die.x = x0 + (x1 - x0) * ease
                die.y = y0 + (y1 - y0) * ease - math.sin(k * math.pi) * 40
                die.size = s0 + (SMALL_DIE - s0) * ease
        for die, _, _, x1, y1, _ in flights:
            die.x, die.y, die.size = x1, y1, SMALL_DIE
            die.orientation = face_up(self._upright(die.face), 0)

    def _animate_turn_end(self, player: int, points: int, busted: bool):
        name = self.seats[player].name
        self.shown.scores[player] += points
        if busted:
            audio.play("bust")
            self._flash("Chased off by tanks!", theme.BAD)
            self.message = f"{name} is chased off by the tanks: no points this turn."
        else:
            audio.play("score" if points else "select")
            self._flash(f"+{points} point{'s' if points != 1 else ''}", theme.GOOD)
            self.message = f"{name} banks {points} point{'s' if points != 1 else ''}."
        yield from self._wait(1.4)
        for die in self.dice:
            die.aside, die.face, die.size = False, None, DIE
        gather = [(d, d.x, d.y) for d in self.dice]
        for die in self.dice:
            die.orientation = waiting_orientation(die.index)
        t = 0.0
        while t < 0.4:
            t += yield
            k = min(1.0, t / 0.4)
            for die, x0, y0 in gather:
                tx, ty = waiting_spot(die.index)
                die.x, die.y = x0 + (tx - x0) * k, y0 + (ty - y0) * k
        self.shown = self.game.copy()
        if not self.game.is_over and self.game.phase != DUEL_PENDING:
            self._announce_turn(sound=True)

    def _animate_duel(self, players, rays):
        audio.play("duel")
        rolls = []
        others = (TANK, HUMAN, COW, CHICKEN)
        for p, r in zip(players, rays):
            faces = [RAY] * r + [others[self.look.randrange(4)] for _ in range(DUEL_DICE - r)]
            self.look.shuffle(faces)
            spins = [(self.look.random() * 6 + 6, self.look.random() * math.tau) for _ in faces]
            rolls.append((p, r, faces, spins))
        self.duel_view = {"rolls": rolls, "t": 0.0, "done": False}
        t = 0.0
        while t < 1.6:
            dt = yield
            t += dt
            self.duel_view["t"] = t
        self.duel_view["done"] = True
        best = max(rays)
        leaders = [self.seats[p].name for p, r in zip(players, rays) if r == best]
        if len(leaders) > 1:
            self.message = "Still tied: the duel goes on!"
            self._flash("Still tied!", theme.WARN)
        else:
            self.message = f"{leaders[0]} wins the duel with {best} death ray{'s' if best != 1 else ''}!"
        yield from self._wait(2.0)
        self.duel_view = None

    def _announce_turn(self, sound: bool) -> None:
        g = self.game
        if g.phase == DUEL_PENDING:
            self.message = "Tied for first: death-ray duel!"
            return
        if g.is_over:
            return
        seat = self.seat
        if g.phase == CHOOSE:
            self.message = f"{seat.name}: pick one kind of die to set aside."
        elif g.phase == ROLL_OR_STOP:
            self.message = f"{seat.name}: roll again or stop and bank {g.turn_score}."
        else:
            self.message = f"{seat.name}'s turn" + (": roll the dice!" if seat.bot is None else ".")
        if sound and seat.bot is None:
            audio.play("turn")
        self.bot_wait = 0.0

    def _flash(self, text: str, color) -> None:
        self.flash = (text, color, 1.3)

    def _show_results(self) -> None:
        from game.scenes.results import ResultsScene

        g = self.game
        note = ""
        if g.duel_rolls:
            note = f"Decided by a death-ray duel ({len(g.duel_rolls)} round{'s' if len(g.duel_rolls) != 1 else ''})."
        progress = [[] for _ in self.seats]
        best = [0] * len(self.seats)
        chased = [0] * len(self.seats)
        for player, points, busted in g.history:
            progress[player].append((progress[player] or [0])[-1] + points)
            best[player] = max(best[player], points)
            chased[player] += busted
        details = [f"best turn {best[p]}  ·  chased off by tanks {chased[p]}x  ·  {g.turns_taken[p]} turns"
                   for p in range(len(self.seats))]
        self.app.replace(ResultsScene(self.app, self.info, self.seats, g.ranking(), list(g.scores), note,
                                      progress, details))

    # ----- buttons -------------------------------------------------------
    def _build_buttons(self) -> None:
        g = self.shown
        ready = self.idle and self.human_to_act
        legal = g.legal_actions() if ready else []
        x, w = 1000, 264
        buttons = [
            Button("Roll", (x, 250, 128, 52), lambda: self.perform(ROLL), pygame.K_SPACE, "Space",
                   enabled=ROLL in legal, accent=ROLL in legal, reason=self._why(ROLL)),
            Button("Stop", (x + 136, 250, 128, 52), lambda: self.perform(STOP), pygame.K_s, "S",
                   enabled=STOP in legal, reason=self._why(STOP)),
        ]
        for i, face in enumerate((RAY, HUMAN, COW, CHICKEN)):
            key, label = KEYS[face]
            count = g.table[face] if g.phase == CHOOSE else 0
            text = f"{PLURAL[face]}" + (f" x{count}" if count else "")
            buttons.append(Button(text, (x, 318 + i * 50, w, 42), lambda f=face: self.perform(TAKE[f]), key, label,
                                  enabled=TAKE[face] in legal, reason=self._why(TAKE[face]), size=theme.FONT_BODY))
        buttons.append(Button("Coach", (x, 530, 128, 40), self._toggle_coach, pygame.K_g, "G", size=theme.FONT_BODY))
        buttons.append(Button("Menu", (x + 136, 530, 128, 40), self._pause, pygame.K_ESCAPE, "Esc", size=theme.FONT_BODY))
        self.buttons.set(buttons)

    def _why(self, action: str) -> str:
        g = self.game
        if g.is_over:
            return "The game is over."
        if not self.idle:
            return "Wait for the dice to settle."
        if self.seat.bot is not None or g.phase == DUEL_PENDING:
            return f"It is {self.seat.name}'s turn." if g.phase != DUEL_PENDING else "The duel is on."
        if action in TAKE_FACE:
            return g.why_not_take(TAKE_FACE[action]) or ""
        if action == ROLL:
            return "Pick a kind of die first." if g.phase == CHOOSE else ""
        if action == STOP:
            return "Roll first: a turn starts with a roll." if g.phase != CHOOSE else "Pick a kind of die first."
        return ""

    def _toggle_coach(self) -> None:
        self.app.settings.coach = not self.app.settings.coach
        self.app.apply_settings()

    def _pause(self) -> None:
        from game.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self.info))

    def resume(self) -> None:
        self._build_buttons()

    # ----- input and update ----------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_face = self._face_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            face = self._face_at(event.pos)
            if face is not None and self.idle and self.human_to_act and self.game.can_take(face):
                self.perform(TAKE[face])
                return
        self.buttons.handle(event)

    def _face_at(self, pos) -> int | None:
        for die in reversed(self._tray_dice()):
            if die.face is not None and abs(pos[0] - die.x) < DIE * 0.6 and abs(pos[1] - die.y) < DIE * 0.6:
                return die.face
        return None

    def update(self, dt: float) -> None:
        scaled = dt * self._speed()
        self.clock += dt
        if self.flash:
            text, color, left = self.flash
            self.flash = (text, color, left - scaled) if left > scaled else None
        if self.script:
            try:
                self.script.send(scaled)
            except StopIteration:
                self.script = None
                self.shown = self.game.copy()
                self._build_buttons()
            return
        g = self.game
        if g.is_over:
            return
        if g.phase == DUEL_PENDING or self.seat.bot is not None:
            self.bot_wait += scaled
            if self.bot_wait >= BOT_THINK:
                self.bot_wait = 0.0
                action = DUEL if g.phase == DUEL_PENDING else md_bots.BOTS[self.seat.bot](g, self.bot_rng)
                self.perform(action)

    # ----- drawing -------------------------------------------------------
    def draw(self, canvas) -> None:
        canvas.clear(theme.BG)
        self._draw_scoreboard(canvas)
        self._draw_tray(canvas)
        self._draw_rows(canvas)
        self._draw_side(canvas)
        canvas.rect(theme.PANEL, (296, 16, 688, 50), radius=12)
        canvas.text(self.message, theme.FONT_BODY, theme.TEXT, (316, 41), anchor="midleft")
        self.buttons.draw(canvas)
        if self.duel_view:
            self._draw_duel(canvas)
        if self.flash:
            text, color, left = self.flash
            size = theme.FONT_TITLE * (1 + max(0.0, left - 1.1))
            canvas.text(text, size, (0, 0, 0), (TRAY[0] + TRAY[2] / 2 + 3, TRAY[1] + TRAY[3] / 2 + 4), anchor="center", bold=True)
            canvas.text(text, size, color, (TRAY[0] + TRAY[2] / 2, TRAY[1] + TRAY[3] / 2), anchor="center", bold=True)
        if self.hover_face is not None and self.idle and self.human_to_act and not self.game.can_take(self.hover_face):
            reason = self.game.why_not_take(self.hover_face)
            if reason:
                tooltip(canvas, reason, self.mouse)

    def _draw_scoreboard(self, canvas) -> None:
        g = self.shown
        panel(canvas, (16, 16, 264, 688), "Scores")
        canvas.text(f"First to {TARGET_SCORE}", theme.FONT_SMALL, theme.TEXT_DIM, (264, 30), anchor="topright")
        row_h = min(74, 560 // len(self.seats))
        for p, seat in enumerate(self.seats):
            y = 60 + p * row_h
            current = p == g.current and not g.is_over and g.phase != DUEL_PENDING
            if current:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
                canvas.rect(theme.PANEL_LIGHT, (26, y, 244, row_h - 6), radius=10)
                canvas.rect(theme.WARN, (26, y, 244, row_h - 6), width=2 + pulse, radius=10)
            _, color = theme.PLAYER_COLORS[seat.color]
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (46, y + (row_h - 6) / 2), 11)
            canvas.text(seat.name, theme.FONT_BODY, theme.TEXT, (66, y + 8), bold=current)
            kind = "human" if seat.bot is None else f"bot: {self.info.bots[seat.bot].lower()}"
            canvas.text(kind, theme.FONT_SMALL - 2, theme.TEXT_DIM, (66, y + 32))
            canvas.text(str(g.scores[p]), theme.FONT_HEADING, theme.TEXT, (258, y + (row_h - 6) / 2), anchor="midright", bold=True)
            bar = min(1.0, g.scores[p] / TARGET_SCORE)
            canvas.rect(theme.BG, (66, y + row_h - 16, 150, 5), radius=2)
            canvas.rect(color, (66, y + row_h - 16, 150 * bar, 5), radius=2)
        if g.final_round and not g.is_over:
            canvas.rect(theme.BAD, (26, 640, 244, 52), radius=10)
            canvas.text("FINAL ROUND", theme.FONT_LABEL, theme.TEXT, (148, 666), anchor="center", bold=True)

    def _draw_tray(self, canvas) -> None:
        x, y, w, h = TRAY
        canvas.rect(theme.FELT_EDGE, (x - 8, y - 8, w + 16, h + 16), radius=18)
        canvas.rect(theme.FELT, TRAY, radius=12)
        canvas.rect((74, 46, 52), (x + 10, y + 10, w - 20, h - 20), width=2, radius=10)
        can_pick = self.idle and self.human_to_act and self.shown.phase == CHOOSE
        for die in sorted(self._tray_dice(), key=lambda d: d.y):
            highlight = None
            dim = False
            if die.face is not None and can_pick:
                if die.face == self.hover_face:
                    highlight = theme.GOOD if self.shown.can_take(die.face) else theme.BAD
                dim = not self.shown.can_take(die.face)
            self.art.draw(canvas, (die.x, die.y), die.size, die.orientation, highlight, dim, die.moving)

    def _draw_rows(self, canvas) -> None:
        g = self.shown
        danger = g.aside[TANK] > g.aside[RAY]
        for face, (x, y, w, h) in ROWS.items():
            edge = theme.BAD if face in (TANK, RAY) and danger else theme.PANEL_EDGE
            canvas.rect(theme.PANEL, (x, y, w, h), radius=10)
            canvas.rect(edge, (x, y, w, h), width=2, radius=10)
            canvas.text(PLURAL[face], theme.FONT_SMALL, theme.TEXT_DIM, (x + 10, y + 10))
            canvas.text(str(g.aside[face]), theme.FONT_LABEL, theme.TEXT, (x + w - 10, y + 8), anchor="topright", bold=True)
        canvas.text("vs", theme.FONT_BODY, theme.BAD if danger else theme.TEXT_DIM, VERSUS, anchor="center", bold=True)
        for die in self.dice:
            if die.aside:
                self.art.draw(canvas, (die.x, die.y), die.size, die.orientation)

    def _draw_side(self, canvas) -> None:
        g = self.shown
        panel(canvas, (1000, 16, 264, 222))
        if g.phase == DUEL_PENDING or g.is_over:
            canvas.text("Death-ray duel", theme.FONT_LABEL, theme.BAD, (1018, 30), bold=True)
            canvas.paragraph("The players tied for first each roll 6 dice. Most death rays wins; "
                             "a tie rolls again.", theme.FONT_SMALL, theme.TEXT, (1018, 68), 230)
            return
        seat = self.seats[g.current]
        _, color = theme.PLAYER_COLORS[seat.color]
        canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (1024, 42), 10)
        canvas.text(seat.name if g.phase != DUEL_PENDING else "Duel", theme.FONT_LABEL, theme.TEXT, (1042, 30), bold=True)
        canvas.text("Stop now for", theme.FONT_SMALL, theme.TEXT_DIM, (1018, 68))
        busted = g.aside[TANK] > g.aside[RAY]
        score = g.turn_score
        canvas.text(f"{score} pts", theme.FONT_HEADING, theme.BAD if busted else theme.GOOD, (1246, 60), anchor="topright", bold=True)
        earth = sum(g.aside[f] for f in EARTHLINGS)
        types = sum(1 for f in EARTHLINGS if g.aside[f])
        canvas.text(f"Earthlings {earth}   types {types}/3" + ("  +3!" if types == 3 else ""), theme.FONT_SMALL, theme.TEXT, (1018, 104))
        canvas.text(f"Tanks {g.aside[TANK]}  vs  death rays {g.aside[RAY]}", theme.FONT_SMALL,
                    theme.BAD if busted else theme.TEXT, (1018, 128))
        canvas.text(f"Dice left to roll: {g.dice_left}", theme.FONT_SMALL, theme.TEXT, (1018, 152))
        if busted:
            canvas.text("Tanks outnumber rays: stopping", theme.FONT_SMALL, theme.BAD, (1018, 180))
            canvas.text("now scores nothing!", theme.FONT_SMALL, theme.BAD, (1018, 200))
        if self.app.settings.coach:
            self._draw_coach(canvas)
        else:
            canvas.text("Coach off (G)", theme.FONT_SMALL, theme.TEXT_FAINT, (1132, 590), anchor="midtop")

    def _draw_coach(self, canvas) -> None:
        g = self.shown
        panel(canvas, (1000, 582, 264, 122))
        canvas.text("Coach", theme.FONT_BODY, theme.ACCENT, (1014, 592), bold=True)
        if g.is_over or g.phase == DUEL_PENDING or not self.idle:
            return
        solution = policy.expected_score_solution()
        tanks, rays, earth, types = md_bots.position(g)
        lines = []
        if g.phase == CHOOSE:
            values = md_bots.pick_values(g, solution)
            best = max(values, key=values.get)
            lines.append(f"Take {PLURAL[TAKE_FACE[best]].lower()} (worth {values[best]:.1f})")
        elif g.phase == ROLL_OR_STOP:
            roll = solution.roll_value[policy.index(tanks, rays, earth, types)]
            now = g.turn_score
            lines.append(("Roll on" if solution.should_roll(tanks, rays, earth, types) else "Stop") + f": roll {roll:.1f} vs stop {now}")
        else:
            lines.append(f"Roll! A turn averages {solution.start_value():.1f} pts")
        if g.phase in (ROLL_OR_STOP, MUST_ROLL):
            risk = policy.bust_chance(tanks, rays, g.dice_left)
            lines.append(f"Bust risk on the next roll: {risk:.0%}")
        for i, line in enumerate(lines):
            canvas.text(line, theme.FONT_SMALL, theme.TEXT, (1014, 624 + i * 24))

    def _draw_duel(self, canvas) -> None:
        view = self.duel_view
        rolls = view["rolls"]
        h = 80 + 70 * len(rolls)
        x, y, w = 330, TRAY[1] + (TRAY[3] - h) / 2, 620
        canvas.shade((x, y, w, h), 235, (20, 10, 30), radius=14)
        canvas.rect(theme.BAD, (x, y, w, h), width=2, radius=14)
        canvas.text("Death-ray duel: most rays wins", theme.FONT_LABEL, theme.ACCENT, (x + w / 2, y + 30), anchor="center", bold=True)
        t = view["t"]
        for row, (p, rays, faces, spins) in enumerate(rolls):
            ry = y + 90 + row * 70
            seat = self.seats[p]
            _, color = theme.PLAYER_COLORS[seat.color]
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (x + 26, ry), 10)
            canvas.text(seat.name, theme.FONT_BODY, theme.TEXT, (x + 44, ry), anchor="midleft")
            for i, face in enumerate(faces):
                speed, phase = spins[i]
                left = max(0.0, 1.4 - t - i * 0.05)
                final = face_up(self._upright(face), 0)
                turn = mat_mul(rotation((0.6, 0.8, 0.0), left * speed + phase * (left > 0)), final) if left > 0 else final
                self.art.draw(canvas, (x + 220 + i * 52, ry - (math.sin(left * 9) * 8 if left > 0 else 0)), 40, turn,
                              dim=view["done"] and face != RAY)
            if view["done"]:
                canvas.text(f"{rays}", theme.FONT_HEADING, theme.GOOD, (x + w - 24, ry), anchor="midright", bold=True)
