"""The Martian Dice table: dice tumbling on a tray, picks, scores, coach, duel.

The scene never decides an outcome: the rules roll, and the tray shows the
roll once the dice land. What the screen shows (the dice, the rows, the
scores) catches up with the rules as each event's animation plays; when
nothing moves, it equals the rules state.
"""

from __future__ import annotations

import math

import pygame

from game.core.cube import mat_mul, rotation
from game.core.rng import Rng
from game.core.words import agree, counted, does, joined, whom, whose
from game.martian_dice import coach, policy
from game.martian_dice.rules import (
    CHICKEN,
    CHOOSE,
    COW,
    DIE_SIDES,
    DUEL,
    DUEL_DICE,
    EARTHLINGS,
    FACE_NAMES,
    GAME_OVER,
    HUMAN,
    NUM_DICE,
    RAY,
    ROLL,
    ROLL_OR_STOP,
    STOP,
    TAKE,
    TAKE_FACE,
    TANK,
    TARGET_SCORE,
    DuelRolled,
    DuelStarted,
    FinalRound,
    Rolled,
    Rolling,
    Stuck,
    TanksOut,
    Took,
    TurnEnded,
    turn_score,
)
from game.scenes.table import TableScene
from game.ui import audio, layout, motion, theme
from game.ui.dice3d import DiceArt
from game.ui.scoreboard import Scoreboard
from game.ui.tray import DiceTray
from game.ui.widgets import Button, ButtonGroup, panel, tooltip

SIDE_X, _, SIDE_W, _ = layout.SIDE
MESSAGE = (layout.MIDDLE_X, layout.EDGE, layout.MIDDLE_W, 50)  # what just happened, over the tray
TRAY = (layout.MIDDLE_X, 76, layout.MIDDLE_W, 428)
RESULT = (TRAY[0] + TRAY[2] / 2 - 240, TRAY[1] + 130, 480, 120)  # where a turn's result stays: over the tray
DIE = 50  # die edge on the tray
TABLE_LAYER = "md-table"  # the room, the tray and the rows: one full-screen layer (made ahead by setup)
DIE_BODY = 62  # its footprint in the physics (the drawn cube shows a side too)
SMALL_DIE = 26  # set-aside dice
PLURAL = {TANK: "Tanks", RAY: "Death rays", HUMAN: "Humans", COW: "Cows", CHICKEN: "Chickens"}
SINGULAR = {TANK: "tank", RAY: "death ray", HUMAN: "human", COW: "cow", CHICKEN: "chicken"}
KEYS = {RAY: (pygame.K_1, "1"), HUMAN: (pygame.K_2, "2"), COW: (pygame.K_3, "3"), CHICKEN: (pygame.K_4, "4")}
ROW_TOP = layout.bottom(TRAY) + 12  # the rows of set-aside dice, under the tray to the screen's edge
ROW_H = layout.H - layout.EDGE - ROW_TOP
FIGHT_W, VERSUS_W, EARTH_W, EARTH_GAP = 160, 30, 102, 9  # tanks and death rays, the "vs" between, earthlings
EARTH_X = layout.MIDDLE_X + layout.MIDDLE_W - 3 * EARTH_W - 2 * EARTH_GAP
# Where set-aside dice go: tanks and death rays side by side, then earthlings.
ROWS = {
    TANK: (layout.MIDDLE_X, ROW_TOP, FIGHT_W, ROW_H),
    RAY: (layout.MIDDLE_X + FIGHT_W + VERSUS_W, ROW_TOP, FIGHT_W, ROW_H),
    **{face: (EARTH_X + i * (EARTH_W + EARTH_GAP), ROW_TOP, EARTH_W, ROW_H) for i, face in enumerate(EARTHLINGS)},
}
VERSUS = (layout.MIDDLE_X + FIGHT_W + VERSUS_W / 2 + 2, ROW_TOP + ROW_H / 2)  # the "vs" between tanks and death rays
DUEL_SPIN = 1.4  # seconds the duel's dice spin and bounce before they show
DUEL_W = 620  # the duel's box over the tray
TURN = (SIDE_X, layout.EDGE, SIDE_W, 222)  # the turn so far, or the coach's table, atop the side column
INNER = 18  # between the side column's panels and their text
COACH_NOTES = (SIDE_X, 582, SIDE_W, layout.bottom(layout.SIDE) - 582)
FINAL_ROUND = (layout.SCORES[0] + 10, layout.bottom(layout.SCORES) - 64, layout.SCORES[2] - 20, 52)  # under the scores


def duel_result(names: list[str], rays) -> str:
    """"Ana wins the duel: 4 death rays to 2.", or who is still tied."""
    best = max(rays)
    leaders = [n for n, r in zip(names, rays) if r == best]
    if len(leaders) > 1:
        return f"{does(leaders, 'tie')} with {counted(best, 'death ray')}: the duel goes on!"
    others = joined([str(r) for r in sorted((r for r in rays if r != best), reverse=True)])
    return f"{does(leaders[0], 'win')} the duel: {counted(best, 'death ray')} to {others}!"


def turn_line(name: str, turn: TurnEnded, total: int) -> str:
    """A turn in the log: "Zax banks 7 points (19)", "Ana is chased off by the tanks (12)"."""
    if turn.busted:
        return f"{does(name, 'be')} chased off by the tanks ({total})"
    return f"{does(name, 'bank')} {counted(turn.points, 'point')} ({total})"


def row_slots(face: int, count: int) -> list[tuple[float, float]]:
    """Grid positions inside a row's panel; rows squeeze together when full."""
    x, y, w, h = ROWS[face]
    pitch = SMALL_DIE + 5
    per_row = max(1, int((w - 12) // pitch))
    rows = max(1, math.ceil(count / per_row))
    row_pitch = min(SMALL_DIE + 9, (h - 50 - SMALL_DIE) / max(1, rows - 1)) if rows > 1 else 0
    return [(x + 8 + SMALL_DIE / 2 + (i % per_row) * pitch, y + 48 + SMALL_DIE / 2 + (i // per_row) * row_pitch)
            for i in range(count)]


DICE_ICONS = [f"dice/{FACE_NAMES[f]}.svg" for f in DIE_SIDES]


class GameScene(TableScene):
    KEEPS_TURN_LOG = True

    def __init__(self, app, info, seats, game, slot):
        super().__init__(app, info, seats, game, slot)
        self.look = Rng(game.seed).fork("look")  # presentation-only randomness
        self.art = DiceArt(DICE_ICONS)
        self.tray = DiceTray(TRAY, NUM_DICE, DIE_SIDES, self.art, self.look, DIE, DIE_BODY)
        self.scoreboard = Scoreboard(layout.SCORES, seats, info.bots, extra=self._score_bar, extra_height=12,
                                     extra_text=False)
        self.shown_scores = list(game.totals)
        self.shown_final = game.final_round
        self.duel_view: dict | None = None
        self.pick = ""  # what the player to act set aside last ("Ana sets aside 3 cows."): their prompt repeats it
        self.hover_face: int | None = None
        self.mouse = (0.0, 0.0)
        self.buttons = ButtonGroup()
        self._restore_layout()
        self.message = self.prompt()
        self.chores.append(policy.expected_score_steps())  # for the coach, solved a slice a frame
        self.refresh()

    # ----- what is on screen ---------------------------------------------------
    @property
    def player(self) -> int:
        return self.game.current

    def shown_aside(self) -> list[int]:
        counts = [0] * 5
        for die in self.tray.dice:
            if die.away and die.face is not None:
                counts[die.face] += 1
        return counts

    def _restore_layout(self) -> None:
        """Place dice to match the rules state (a new game or a resumed save)."""
        g = self.game
        dice = iter(self.tray.dice)
        for face in ROWS:
            for spot in row_slots(face, g.aside[face]):
                self.tray.place(next(dice), spot, SMALL_DIE, face)
        table = [face for face in ROWS for _ in range(g.table[face])]
        if table:
            self.tray.scatter([next(dice) for _ in table], table)

    def _row_moves(self, face: int, dice) -> list:
        """Flights that add `dice` to the row of `face`."""
        already = sum(1 for d in self.tray.dice if d.away and d.face == face and d not in dice)
        spots = row_slots(face, already + len(dice))[already:]
        return [(die, spot, SMALL_DIE) for die, spot in zip(dice, spots)]

    # ----- events to animations --------------------------------------------------
    @property
    def animations(self) -> dict:
        return {Rolling: self._rolling, Rolled: self._rolled, TanksOut: self._tanks_out, Took: self._took,
                Stuck: self._stuck, TurnEnded: self._turn_end, FinalRound: self._final_round,
                DuelStarted: self._duel_started, DuelRolled: self._duel}

    def _rolling(self, event: Rolling):
        """A roll; the first of a turn waits until the last turn's result has been on screen long enough."""
        yield from self.release_result()
        audio.play("roll")
        self.narrate(f"{does(self.seat_name(event.player), 'roll')} {counted(event.dice, 'die')}...")

    def _rolled(self, event: Rolled):
        faces = [f for f in ROWS for _ in range(event.counts[f])]
        self.look.shuffle(faces)
        yield from self.tray.throw(self.tray.on_tray(), faces, self._dimmed_once_landed(event.player))
        shown = [f for f in ROWS if event.counts[f] and f != TANK] or [TANK]  # tanks have their own line next
        parts = [counted(event.counts[f], SINGULAR[f]) for f in shown]
        self.narrate(f"{does(self.seat_name(event.player), 'roll')} {joined(parts)}.")

    def _dimmed_once_landed(self, player: int) -> set[int]:
        """The faces a person about to choose may not take: their dice are drawn dim once the roll lands."""
        g = self.game
        if g.phase != CHOOSE or g.current != player or not self.human(player):
            return set()
        return {face for face in ROWS if not g.can_take(face)}

    def _tanks_out(self, event: TanksOut):
        audio.play("tank")
        self.narrate(f"{counted(event.count, 'tank')} rolled out against {whom(self.seat_name(event.player))}!")
        yield from self._set_aside(TANK)

    def _took(self, event: Took):
        audio.play("select")
        self.pick = f"{does(self.seat_name(event.player), 'set aside')} {counted(event.count, SINGULAR[event.face])}."
        self.narrate(self.pick)
        yield from self._set_aside(event.face)

    def _stuck(self, event: Stuck):
        self.narrate(f"{does(self.seat_name(event.player), 'have')} nothing left to take: the turn ends.")
        self.say_banner("Nothing to take!", theme.WARN)
        yield from self.wait_for(1.0)

    def _final_round(self, event: FinalRound):
        audio.play("alarm", 0.7)
        self.shown_final = True
        still = [self.seat_name(p) for p in event.still_to_play]
        last = f" {does(still, 'get')} one last turn." if still else ""
        self.narrate(f"{does(self.seat_name(event.player), 'reach')} {TARGET_SCORE}: final round!{last}")
        self.say_banner("FINAL ROUND!", theme.BAD)
        yield from self.wait_for(1.6)

    def _duel_started(self, event: DuelStarted):
        self.narrate(f"{does([self.seat_name(p) for p in event.players], 'be')} tied for first: death-ray duel!")
        self.say_banner("DEATH-RAY DUEL!", theme.BAD)
        yield from self.wait_for(1.6)

    def _set_aside(self, face: int):
        group = [d for d in self.tray.on_tray() if d.face == face]
        yield from self.tray.fly(self._row_moves(face, group))

    def _turn_end(self, event: TurnEnded):
        name = self.seats[event.player].name
        self.shown_scores[event.player] += event.points
        points = counted(event.points, "point")
        self.hold_result(*self._result_of(event))
        self.log_turn(turn_line(name, event, self.shown_scores[event.player]))
        if event.busted:
            audio.play("bust")
            self.say_banner("Chased off by tanks!", theme.BAD)
            self.narrate(f"{does(name, 'be')} chased off by the tanks: no points this turn.")
        else:
            audio.play("score" if event.points else "select")
            self.say_banner(f"+{points}" if event.points else "No points", theme.GOOD if event.points else theme.WARN)
            stopped = self.batch[:1] == [event]  # the Stop button's move; else the dice ran out or nothing was left
            if stopped:
                self.narrate(f"{does(name, 'stop')} and {agree('bank', name)} {points}.")
            elif any(isinstance(e, Stuck) for e in self.batch):
                self.narrate(f"{does(name, 'bank')} {points}.")
            else:
                self.narrate(f"{does(name, 'have')} set aside every die and {agree('bank', name)} {points}.")
        yield from self.wait_for(1.4)
        yield from self.tray.gather()

    def _result_of(self, event: TurnEnded) -> tuple[str, str, tuple]:
        """The turn's result as it stays over the tray: a headline, the new total, a colour."""
        name = self.seats[event.player].name
        total = self.shown_scores[event.player]
        if event.busted:
            return "Chased off!", f"{whose(name)} total stays {total}.", theme.BAD
        if not event.points:
            return "No points", f"{whose(name)} total stays {total}.", theme.WARN
        return f"+{counted(event.points, 'point')}", f"{whose(name)} total: {total}.", theme.GOOD

    def past_turns(self) -> list[str]:
        """A resumed game's turns, from the rules' record."""
        totals = [0] * self.game.players
        lines = []
        for turn in self.game.history:
            totals[turn.player] += turn.points
            lines.append(turn_line(self.seats[turn.player].name, turn, totals[turn.player]))
        return lines

    def _duel(self, event: DuelRolled):
        players, rays = event.players, event.rays
        audio.play("duel")
        rolls = []
        others = (TANK, HUMAN, COW, CHICKEN)
        for p, r in zip(players, rays):
            faces = [RAY] * r + [others[self.look.randrange(4)] for _ in range(DUEL_DICE - r)]
            self.look.shuffle(faces)
            spins = [(self.look.random() * 6 + 6, self.look.random() * math.tau) for _ in faces]
            rolls.append((p, r, faces, spins))
        spin = motion.flight(DUEL_SPIN)
        self.duel_view = {"rolls": rolls, "t": 0.0, "spin": spin, "done": False}
        t = 0.0
        while t < spin + 0.2:
            t += yield
            self.duel_view["t"] = t
        self.duel_view["done"] = True
        self.narrate(duel_result([self.seats[p].name for p in players], rays))
        if rays.count(max(rays)) > 1:
            self.say_banner("Still tied!", theme.WARN)
        yield from self.wait_for(2.0)
        self.duel_view = None

    def settled(self) -> None:
        self.shown_scores = list(self.game.totals)
        self.shown_final = self.game.final_round
        super().settled()
        self.refresh()

    def prompt(self) -> str:
        g = self.game
        if g.is_over:
            return ""
        if g.is_chance():
            return "Tied for first: death-ray duel!"
        seat = self.seats[g.current]
        if g.phase == CHOOSE:
            return f"{seat.name}: pick one kind of die to set aside."
        if g.phase == ROLL_OR_STOP:
            points = counted(g.turn_score, "point")
            return f"{self.pick} Roll, or stop for {points}?" if self.pick else \
                f"{seat.name}: roll again or stop and bank {points}."
        return f"{whose(seat.name)} turn" + (": roll the dice!" if seat.bot is None else ".")

    # ----- buttons -----------------------------------------------------------------
    def refresh(self) -> None:
        g = self.game
        legal = g.legal_actions(g.current) if self.can_act(g.current) else []
        x, w, y = SIDE_X, SIDE_W, layout.bottom(TURN) + 12
        buttons = [
            Button("Roll", (x, y, 156, 52), lambda: self.act(ROLL), pygame.K_SPACE, "Space",
                   enabled=ROLL in legal, accent=ROLL in legal, reason=self._why(ROLL)),
            Button("Stop", (x + 164, y, 100, 52), lambda: self.act(STOP), pygame.K_s, "S",
                   enabled=STOP in legal, reason=self._why(STOP)),
        ]
        for i, face in enumerate((RAY, HUMAN, COW, CHICKEN)):
            key, label = KEYS[face]
            count = g.table[face] if g.phase == CHOOSE and self.idle else 0
            text = PLURAL[face] + (f" x{count}" if count else "")
            buttons.append(Button(text, (x, y + 68 + i * 50, w, 42), lambda f=face: self.act(TAKE[f]), key, label,
                                  enabled=TAKE[face] in legal, reason=self._why(TAKE[face]), size=theme.FONT_BODY))
        coach, menu = layout.button_row([128, 128], COACH_NOTES[1] - 52, 40, gap=8, left=x)
        buttons.append(Button("Coach", coach, self._toggle_coach, pygame.K_g, "G", size=theme.FONT_BODY))
        buttons.append(Button("Menu", menu, self.pause, pygame.K_ESCAPE, "Esc", size=theme.FONT_BODY))
        self.buttons.set(buttons + self.turn_log_buttons())

    def phone_choices(self, player: int) -> list[tuple[str, object, str]]:
        g = self.game
        legal = g.legal_actions(player)
        choices = [(f"Set aside {counted(g.table[face], SINGULAR[face])}", TAKE[face], "")
                   for face in (RAY, HUMAN, COW, CHICKEN) if TAKE[face] in legal]
        if ROLL in legal:
            choices.append(("Roll", ROLL, "main"))
        if STOP in legal:
            choices.append((f"Stop: bank {counted(g.turn_score, 'point')}", STOP, ""))
        return choices

    def phone_table_facts(self, view) -> dict:
        return {"turn_score": view.turn_score, "dice_left": view.dice_left}

    def phone_lines(self, player: int) -> list[str]:
        g = self.game
        lines = super().phone_lines(player)
        kept = [counted(n, SINGULAR[face]) for face, n in enumerate(g.aside) if n]
        if kept:
            lines.append(f"Kept this turn: {joined(kept)}")
        return lines

    def act(self, action: str) -> None:
        if self.can_act(self.game.current):
            self.perform(self.game.current, action)
            self.refresh()

    def _why(self, action: str) -> str:
        g = self.game
        if g.is_chance() and self.idle:
            return "The duel is on."
        waiting = self.why_waiting(g.current)
        if waiting:
            return waiting
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

    # ----- input -------------------------------------------------------------------
    def handle_input(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            die = self.tray.die_at(event.pos)
            self.hover_face = die.face if die else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            die = self.tray.die_at(event.pos)
            if die is not None and self.can_act(self.game.current) and self.game.can_take(die.face):
                self.act(TAKE[die.face])
                return
        self.buttons.handle(event)

    # ----- drawing -------------------------------------------------------------------
    def moving_area(self, canvas) -> list:
        return self.tray.moving_area(canvas)

    def draw(self, canvas) -> None:
        aside = self.shown_aside()
        canvas.cached(TABLE_LAYER, layout.SCREEN, self.draw_static, opaque=True)
        self._draw_fight(canvas, aside[TANK] > aside[RAY])
        self._draw_row_counts(canvas, aside)
        self._draw_scores(canvas)
        self._draw_tray(canvas)
        self.tray.draw(canvas, away=True)
        coach = self.app.settings.coach
        side_key = ("md-side", self.shown_turn, self.game.phase in (DUEL, GAME_OVER), tuple(aside), coach,
                    len(self.game.log) if coach and self.idle else -1, coach and policy.expected_score_ready(),
                    self.key_name(pygame.K_g))
        canvas.cached(side_key, layout.SIDE, self._draw_side, over=TABLE_LAYER)
        self.draw_message(canvas, MESSAGE)
        self.draw_result(canvas, RESULT)
        self.draw_turn_log(canvas)
        self.buttons.draw(canvas)
        if self.duel_view:
            self._draw_duel(canvas)
        self.draw_banner(canvas, (TRAY[0] + TRAY[2] / 2, TRAY[1] + TRAY[3] / 2))
        self._draw_why_not(canvas)

    @staticmethod
    def _draw_row_counts(canvas, aside: list[int]) -> None:
        """How many dice each row holds, in its corner."""
        for face, (x, y, w, h) in ROWS.items():
            canvas.cached(("row-count", aside[face]), (x + w - 50, y + h - 40, 44, 34),
                          lambda c, n=aside[face], x=x + w - 10, y=y + h - 8: c.text(
                              str(n), theme.FONT_LABEL, theme.TEXT, (x, y), anchor="bottomright", bold=True, height=32))

    def _draw_scores(self, canvas) -> None:
        g = self.game
        active = self.highlighted()
        self.scoreboard.draw(canvas, self.shown_scores, active, self.clock, f"First to {TARGET_SCORE}", over=TABLE_LAYER)
        if self.shown_final and not g.is_over:
            canvas.cached("final-round", FINAL_ROUND, self._draw_final_round)

    def _draw_why_not(self, canvas) -> None:
        """Why the die under the pointer cannot be taken."""
        face = self.hover_face
        if face is None or not self.can_act(self.game.current) or self.game.can_take(face):
            return
        reason = self.game.why_not_take(face)
        if reason:
            tooltip(canvas, reason, self.mouse)

    @staticmethod
    def draw_static(canvas) -> None:
        """The room, the tray, the rows (one full-screen layer: the fight's colours are drawn over it)."""
        canvas.clear(theme.BG)
        x, y, w, h = TRAY
        canvas.rect(theme.FELT_EDGE, (x - 8, y - 8, w + 16, h + 16), radius=18)
        canvas.rect(theme.FELT, TRAY, radius=12)
        canvas.rect((74, 46, 52), (x + 10, y + 10, w - 20, h - 20), width=2, radius=10)
        for face, (x, y, w, h) in ROWS.items():
            canvas.rect(theme.PANEL, (x, y, w, h), radius=10)
            canvas.rect(theme.PANEL_EDGE, (x, y, w, h), width=2, radius=10)
            canvas.text(PLURAL[face], theme.FONT_SMALL, theme.TEXT_DIM, (x + 8, y + 8), width=w - 16, height=26)

    @staticmethod
    def _draw_fight(canvas, danger: bool) -> None:
        """The "vs" between tanks and death rays, and their rows' edges red while the tanks are winning."""
        if danger:
            for face in (TANK, RAY):
                canvas.rect(theme.BAD, ROWS[face], width=2, radius=10)
        canvas.text("vs", theme.FONT_BODY, theme.BAD if danger else theme.TEXT_DIM, VERSUS, anchor="center", bold=True, width=28)

    @staticmethod
    def _draw_final_round(canvas) -> None:
        canvas.rect(theme.BAD, FINAL_ROUND, radius=10)
        canvas.text("FINAL ROUND", theme.FONT_LABEL, theme.TEXT, layout.middle(FINAL_ROUND), anchor="center", bold=True)

    def _score_bar(self, canvas, player: int, rect) -> None:
        x, y, w, h = rect
        _, color = theme.PLAYER_COLORS[self.seats[player].color]
        bar = min(1.0, self.shown_scores[player] / TARGET_SCORE)
        canvas.rect(theme.BG, (x, y + h - 7, 150, 5), radius=2)
        canvas.rect(color, (x, y + h - 7, 150 * bar, 5), radius=2)

    def _draw_tray(self, canvas) -> None:
        picking = self.can_act(self.game.current) and self.game.phase == CHOOSE

        def style(die):
            if die.face is None or not picking:
                return None, False
            takeable = self.game.can_take(die.face)
            highlight = (theme.GOOD if takeable else theme.BAD) if die.face == self.hover_face else None
            return highlight, not takeable

        self.tray.draw(canvas, style)

    def _draw_side(self, canvas) -> None:
        """The turn so far (or, for a person's decision with the coach on, each choice's figures), and the
        coach's notes (cached: it changes only with the dice and the moves)."""
        g = self.game
        advice = self._advice()
        panel(canvas, TURN)
        x, y, w, _ = layout.inset(TURN, INNER, 0)
        if g.phase in (DUEL, GAME_OVER):
            canvas.text("Death-ray duel", theme.FONT_LABEL, theme.BAD, (x, y + 14), bold=True, width=w, height=36)
            explain = canvas.wrap("The players tied for first each roll 6 dice. Most death rays wins; a tie rolls again.",
                                  theme.FONT_SMALL, w)
            canvas.stack([(line, theme.FONT_SMALL, theme.TEXT) for line in explain], (x, y + 54, w, 160))
            return
        if advice is not None:
            self._draw_choices(canvas, advice)
        else:
            self._draw_turn(canvas)
        if self.app.settings.coach:
            self._draw_coach_notes(canvas, advice)
        else:
            canvas.text(f"Coach off ({self.key_name(pygame.K_g)})", theme.FONT_SMALL, theme.TEXT_FAINT,
                        (layout.middle(COACH_NOTES)[0], COACH_NOTES[1] + 8), anchor="midtop", width=SIDE_W - 14)

    def _draw_turn(self, canvas) -> None:
        seat = self.seats[self.shown_turn]  # the turn the dice on screen belong to
        _, color = theme.PLAYER_COLORS[seat.color]
        x, top, w, _ = layout.inset(TURN, INNER, 0)
        canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (x + 6, top + 26), 10)
        canvas.text(seat.name, theme.FONT_LABEL, theme.TEXT, (x + 24, top + 26), anchor="midleft", bold=True, width=w - 20,
                    height=36,
                    shorten_ok=True)
        aside = self.shown_aside()
        busted = aside[TANK] > aside[RAY]
        score = turn_score(aside)
        color = theme.BAD if busted else theme.GOOD
        score_right = x + w - 56  # the figure, then its unit to the panel's edge
        canvas.text("Stop now for", theme.FONT_SMALL, theme.TEXT_DIM, (x, top + 64), anchor="midleft", width=120, height=30)
        canvas.text(str(score), theme.FONT_HEADING, color, (score_right, top + 64), anchor="midright", bold=True, width=48,
                    height=40)
        canvas.text("point" if score == 1 else "points", theme.FONT_SMALL, color, (score_right + 4, top + 64),
                    anchor="midleft", width=64,
                    height=30)
        earth = sum(aside[f] for f in EARTHLINGS)
        types = sum(1 for f in EARTHLINGS if aside[f])
        lines = [
            (f"Earthlings {earth}, kinds {types}/3" + ("  +3!" if types == 3 else ""), theme.FONT_SMALL, theme.TEXT),
            (f"Tanks {aside[TANK]} vs death rays {aside[RAY]}", theme.FONT_SMALL, theme.BAD if busted else theme.TEXT),
            (f"Dice left to roll: {NUM_DICE - sum(aside)}", theme.FONT_SMALL, theme.TEXT),
        ]
        if busted:
            lines += [("Too many tanks: stopping", theme.FONT_SMALL, theme.BAD),
                      ("now scores nothing!", theme.FONT_SMALL, theme.BAD)]
        canvas.stack(lines, (x, top + 84, w + 4, 132))

    def _advice(self) -> coach.Advice | None:
        """The coach's figures for a person's decision waiting now (None with the coach off, on a bot's move,
        or while dice move)."""
        if not self.app.settings.coach or not self.can_act(self.game.current) or not policy.expected_score_ready():
            return None
        return coach.advice(self.game.view(self.game.current))

    def _draw_choices(self, canvas, advice: coach.Advice) -> None:
        """A table of the choices open now: the turn's points on average and the chance to win after each
        (the best chance to win stands out)."""
        x, top, w, h = layout.inset(TURN, INNER, 0)
        right, bottom, gap = x + w, top + h - 8, 12
        rows = self._choice_rows(advice)
        for size in (theme.FONT_BODY, theme.FONT_SMALL):  # the larger size when every label fits the column
            win_w = max(canvas.text_width(text, size, bold=True) for text in ["win"] + [r[2] for r in rows])
            points_right = right - win_w - gap
            points_w = max(canvas.text_width(r[1], size, bold=True) for r in rows)
            label_width = points_right - points_w - gap - x
            if all(canvas.text_width(r[0], size, bold=True) <= label_width for r in rows):
                break
        # the points column's title may reach over the labels' column, and shrinks to the normal text size if need be
        header_w = max(points_w, canvas.text_width("points", theme.FONT_SMALL / canvas.text_scale) + 2)
        heading = canvas.text("Coach", theme.FONT_BODY, theme.ACCENT, (x, top + 10), bold=True,
                              width=points_right - header_w - gap - x, height=34)
        for title, edge, room in (("points", points_right, header_w), ("win", right, win_w)):
            canvas.text(title, theme.FONT_SMALL, theme.TEXT_DIM, (edge, heading.centery), anchor="midright", width=room,
                        height=30)
        y = heading.bottom + 6
        slot = min(canvas.line_height(size), (bottom - y) / len(rows))
        for label, points, win, action in rows:
            top = action == advice.best_win
            color = theme.GOOD if top else theme.TEXT
            mid = y + slot / 2
            canvas.text(label, size, color, (x, mid), anchor="midleft", bold=top, width=label_width, height=slot)
            canvas.text(points, size, theme.TEXT, (points_right, mid), anchor="midright",
                        bold=action == advice.best_points, height=slot)
            canvas.text(win, size, color, (right, mid), anchor="midright", bold=top, height=slot)
            y += slot

    def _choice_rows(self, advice: coach.Advice) -> list[tuple[str, str, str, str]]:
        """(label, points, chance to win, action) for each choice; a dash where the chance is unknown."""
        return [(self._choice_label(c.action), f"{c.points:g}" if c.action == STOP else f"{c.points:.1f}",
                 "–" if c.win is None else f"{c.win:.0%}", c.action) for c in advice.choices]

    def _choice_label(self, action: str) -> str:
        if action == STOP:
            return "Stop now"
        if action == ROLL:
            return "Roll on" if self.game.phase == ROLL_OR_STOP else "Roll"
        return PLURAL[TAKE_FACE[action]]

    def _draw_coach_notes(self, canvas, advice: coach.Advice | None) -> None:
        """What the table does not say: the final round's target, the rival, the risk of the next roll."""
        g = self.game
        x, y, w, h = COACH_NOTES
        panel(canvas, COACH_NOTES)
        if advice is None:
            waiting = self.can_act(g.current)
            said = "Thinking it over..." if waiting else f"Coach on ({self.key_name(pygame.K_g)})"
            canvas.text(said, theme.FONT_SMALL, theme.TEXT_DIM,
                        (x + w / 2, y + 10), anchor="midtop", width=w - 28)
            return
        notes = []  # (text, colour, whether a long name may cut it short)
        if advice.beat is not None:
            notes.append((f"Final round: you must beat {advice.beat}", theme.BAD, False))
        else:
            if g.players > 2:
                rival = advice.rival
                notes.append((f"Rival: {self.seats[rival].name}, {counted(g.totals[rival], 'point')}", theme.TEXT_DIM,
                              True))
            best = advice.best_points
            if best is not None and best != advice.best_win:
                label = self._choice_label(best).lower()
                notes.append((f"Most points: {'take ' if best in TAKE_FACE else ''}{label}", theme.TEXT, False))
        if advice.bust is not None:
            notes.append((f"Bust risk: {advice.bust:.0%}", theme.TEXT, False))
        # each note wrapped to the panel's width; when they need more lines than it holds, every line shrinks
        lines = [(part, color, shorten_ok) for text, color, shorten_ok in notes
                 for part in canvas.wrap(text, theme.FONT_SMALL, w - 28)]
        slot = min(canvas.line_height(theme.FONT_SMALL), (h - 16) / max(1, len(lines)))
        for i, (text, color, shorten_ok) in enumerate(lines):
            canvas.text(text, theme.FONT_SMALL, color, (x + 14, y + 8 + i * slot), width=w - 28, height=slot,
                        shorten_ok=shorten_ok)

    def _draw_duel(self, canvas) -> None:
        view = self.duel_view
        rolls = view["rolls"]
        h = 80 + 70 * len(rolls)
        x, y, w = layout.middle(TRAY)[0] - DUEL_W / 2, TRAY[1] + (TRAY[3] - h) / 2, DUEL_W
        canvas.shade((x, y, w, h), 235, (20, 10, 30), radius=14)
        canvas.rect(theme.BAD, (x, y, w, h), width=2, radius=14)
        canvas.text("Death-ray duel: most rays wins", theme.FONT_LABEL, theme.ACCENT, (x + w / 2, y + 30),
                    anchor="center", bold=True)
        t = view["t"]
        for row, (p, rays, faces, spins) in enumerate(rolls):
            ry = y + 90 + row * 70
            seat = self.seats[p]
            _, color = theme.PLAYER_COLORS[seat.color]
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (x + 26, ry), 10)
            canvas.text(seat.name, theme.FONT_BODY, theme.TEXT, (x + 44, ry), anchor="midleft", width=160, shorten_ok=True)
            for i, face in enumerate(faces):
                speed, phase = spins[i]
                left = max(0.0, view["spin"] - t - i * 0.05)
                final = self.tray.upright(face)
                spinning = left > 0 and not motion.reduced()  # reduced motion: the die fades in on its face
                turn = mat_mul(rotation((0.6, 0.8, 0.0), left * speed + phase), final) if spinning else final
                alpha = 1.0 - left / view["spin"] if motion.reduced() else 1.0
                self.art.draw(canvas, (x + 220 + i * 52, ry - motion.sway(math.sin(left * 9) * 8)), 40, turn,
                              dim=view["done"] and face != RAY, moving=spinning, alpha=alpha)
            if view["done"]:
                canvas.text(f"{rays}", theme.FONT_HEADING, theme.GOOD, (x + w - 24, ry), anchor="midright", bold=True)
