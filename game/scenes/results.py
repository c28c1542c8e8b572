"""Results: the ranking, every score, how the race went, luck and skill, rematch or back to the title."""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass

import pygame

from game.controls import phone_seats
from game.core.luck import apart_line, decisions_line, dice_line, expected_line, signed
from game.core.race import turning_points
from game.core.rng import Rng
from game.core.steps import InBackground, advance
from game.core.words import counted, does
from game.scenes.base import AMBIENT_FPS, FPS, Scene
from game.ui import audio, layout, motion, theme
from game.ui.layout import LEFT, RIGHT
from game.ui.widgets import Button, ButtonGroup, backdrop, heading, panel

PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]
CHART = (RIGHT - 20 - 520, 150, 520, 390)
RANKING_TOP, RANKING_H = 140, 460  # the ranking's rows
REASON_Y = 104  # the middle of the line under the winners
NAME_X = LEFT + 114  # a ranked player's name (their place and symbol left of it)
CONFETTI = 40
CHART_SECONDS = 1.8  # the race draws itself in this long
CHART_FADE = 0.5  # with reduced motion it fades in over this long instead
CHART_CAPTION_H = 64  # the lines under the race
LUCK_COLUMNS = ("Perfect play", "+ Dice", "+ Decisions", "= Scored")
APART_COLUMNS = ("Dice", "Decisions", "Scored")  # when the figures are estimates that do not sum to the score
LUCK_NAME_WIDTH = 340  # a longer name ends with an ellipsis
LUCK_AREA = (LEFT, REASON_Y, layout.WIDTH, 508)  # the luck-and-skill page, inside the panel below the winners' line


def _luck_figures(luck, adds_up: bool) -> tuple[str, ...]:
    """A player's row: perfect play + dice + decisions = scored, or dice, decisions and the score apart."""
    figures = signed(luck.dice), signed(-luck.decisions), f"{luck.scored:g}"
    return (f"{luck.expected:.1f}", *figures) if adds_up else figures


def winners_line(names: list[str]) -> str:
    """"Ada wins!", "You win!", or for a shared first place "Ada and Zax share the win!"."""
    if len(names) == 1:
        return f"{does(names[0], 'win')}!"
    return f"{does(names, 'share')} the win!"


@dataclass(frozen=True)
class LuckTable:
    """The luck-and-skill table's columns: place, symbol and name, then the figures right-aligned, each as wide
    as its heading or its widest figure; the whole table centred in its area."""

    size: float  # of the rows' text
    columns: tuple[str, ...]
    figures: list[tuple[str, ...]]  # per player
    widths: list[float]  # of the figures' columns
    place_w: float
    left: float
    width: float

    @classmethod
    def measure(cls, canvas, report, seats, places: list[int], size: float, area) -> LuckTable:
        x, _, w, _ = area
        figures = [_luck_figures(luck, report.adds_up) for luck in report.players]
        columns = LUCK_COLUMNS if report.adds_up else APART_COLUMNS
        widths = [max(canvas.text_width(title, theme.FONT_SMALL), *(canvas.text_width(row[i], size, bold=True)
                                                                    for row in figures)) + 36
                  for i, title in enumerate(columns)]
        place_w = max(canvas.text_width(PLACES[place], size, bold=True) for place in places) + 50
        name_w = min(max(canvas.text_width(seat.name + "  (bot)", size) for seat in seats) + 24, LUCK_NAME_WIDTH)
        width = min(w, 28 + place_w + name_w + sum(widths))
        return cls(size, columns, figures, widths, place_w, x + (w - width) / 2, width)

    @property
    def edges(self) -> list[float]:
        """The right edge of each figures' column."""
        return [self.left + self.width - 14 - sum(self.widths[i + 1:]) for i in range(len(self.widths))]


class ResultsScene(Scene):
    """The `outcome` ranks the players (tied players share a place); `progress`: each
    player's running score after each of their turns; `details`: one line per player;
    `report`: luck and skill (``game.core.luck.LuckReport``), a second page; or its steps, run in a thread of
    its own that gives way to frames (replaying a long game takes tens of milliseconds: no frame waits)."""

    def __init__(self, app, game_info, seats, outcome, details=None, progress=None, rematch=None, report=None,
                 decider=None):
        super().__init__(app)
        self.info, self.seats, self.outcome = game_info, seats, outcome
        # each player's details line, with shorter forms for less room (longest first)
        self.details = [(line,) if isinstance(line, str) else tuple(line) for line in details] if details else None
        self.progress = progress
        working_out = isinstance(report, Generator)  # the report's steps (``GameInfo.report_steps``), or a report
        self.report = None if working_out else report
        self._reporting = InBackground(report) if working_out else None
        self.rematch = rematch
        self.decider = decider  # a game whose rules settle a full tie by playing again: starts the deciding game
        self.showing_luck = False
        self.clock = 0.0
        rng = Rng(int(sum(outcome.scores)) + len(seats))
        self.confetti = [(rng.random() * layout.W, rng.random() * 2.5, 60 + rng.random() * 90, rng.randrange(len(seats)),
                          rng.random() * math.tau) for _ in range(CONFETTI)]
        self.buttons = ButtonGroup()
        self._set_buttons()
        audio.play("win")

    def _set_buttons(self) -> None:
        app = self.app
        entries = []  # (width, label, action, key, key label, the main action)
        if self.decider is not None:
            entries.append((260, "Deciding game", self.decider, pygame.K_d, "D", True))
        if self.rematch is not None:
            entries.append((230, "Rematch", self.rematch, pygame.K_r, "R", self.decider is None))
        if self.report is not None or self._reporting is not None:
            label = "Ranking" if self.showing_luck else "Luck and skill"
            entries.append((260, label, self._flip_page, pygame.K_l, "L", False))
        entries.append((230, "Back to title", lambda: app.scenes.reset("title"), pygame.K_ESCAPE, "Esc", False))
        rects = layout.button_row([width for width, *_ in entries])
        buttons = [Button(label, rect, action, key, key_label, accent=accent)
                   for (_, label, action, key, key_label, accent), rect in zip(entries, rects)]
        focus = self.buttons.focus
        self.buttons.set(buttons)
        self.buttons.focus = focus  # the page's button keeps the keyboard's focus as its label changes

    def _flip_page(self) -> None:
        """Between the ranking with the race and the luck-and-skill page."""
        self.showing_luck = not self.showing_luck
        self._set_buttons()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self._reporting is not None:
            done, report = advance(self._reporting, 0.0)
            if done:
                self.report, self._reporting = report, None

    def frame_rate(self) -> float:
        if self.clock < CHART_SECONDS + 1:
            return FPS  # the race draws itself
        return 0 if motion.reduced() else AMBIENT_FPS  # the winner's line pulses and confetti falls, unless motion is reduced

    def phone_lineup(self):
        """Phones stay joined for a rematch."""
        return (self.info.title, self.seats) if phone_seats(self.seats) else None

    def phone_panel(self, seat: int) -> dict:
        names = [self.seats[p].name for p in self.outcome.winners]
        won = "You win!" if seat in self.outcome.winners else winners_line(names)
        return {"status": f"Game over. {won}", "lines": [self.outcome.reason] if self.outcome.reason else [],
                "choices": [], "turn": 0, "note": "A rematch starts on the TV."}

    def draw(self, canvas) -> None:
        backdrop(canvas)
        self._draw_confetti(canvas)  # behind the sheet: it never covers a score
        panel(canvas, layout.SHEET)
        names = [self.seats[p].name for p in self.outcome.winners]
        line = f"{does(names, 'tie')}: one more game decides!" if self.decider is not None else winners_line(names)
        heading(canvas, line, zoom=1 + motion.sway(0.04 * math.sin(self.clock * 4)), shorten_ok=True)
        if self.showing_luck:
            self._draw_luck(canvas)
        else:
            if self.outcome.reason:
                canvas.text(self.outcome.reason + ".", theme.FONT_SMALL, theme.TEXT_DIM, (layout.CENTRE_X, REASON_Y),
                            anchor="center", width=layout.WIDTH, height=30)
            self._draw_ranking(canvas)
            if self.progress:
                self._draw_chart(canvas)
        self.buttons.draw(canvas)

    def _draw_ranking(self, canvas) -> None:
        y = RANKING_TOP
        right = CHART[0] - 30 if self.progress else RIGHT  # the whole panel when there is no race to chart
        row_h = min(56 * canvas.text_scale, RANKING_H / len(self.seats))
        for place, group in self._places():
            for p in group:
                seat = self.seats[p]
                _, color = theme.PLAYER_COLORS[seat.color]
                first = place == 0
                canvas.rect(theme.PANEL_LIGHT if first else theme.BG, (LEFT, y, right - LEFT, row_h - 6), radius=10)
                mid = y + (row_h - 6) / 2
                score = counted(self.outcome.scores[p], *self.info.score_unit)
                # the score grows with the text size only as far as the details line beside it leaves room
                details_w = canvas.text_width(self.details[p][-1], theme.FONT_SMALL / canvas.text_scale) \
                    if self.details else 0
                score_room = max(canvas.text_width(score, theme.FONT_LABEL / canvas.text_scale, bold=True),
                                 min(210, right - 20 - 14 - NAME_X - details_w))
                score_w = canvas.text_width(*canvas.fitted(score, theme.FONT_LABEL, score_room, row_h - 10, bold=True),
                                            bold=True)
                canvas.text(PLACES[place], theme.FONT_LABEL, theme.WARN if first else theme.TEXT_DIM, (LEFT + 18, mid),
                            anchor="midleft", bold=True, width=60, height=row_h - 10)
                canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (NAME_X - 24, mid), 12)
                who = seat.name + ("  (bot)" if seat.bot else "")
                room = right - 20 - 14 - score_w - NAME_X
                if self.details and row_h >= 50:
                    name = canvas.text(who, theme.FONT_BODY, theme.TEXT, (NAME_X, y + 2), width=room,
                                       height=(row_h - 6) * 0.55, shorten_ok=True)
                    height = y + row_h - 8 - name.bottom
                    canvas.text(canvas.first_whole(list(self.details[p]), theme.FONT_SMALL, room, height), theme.FONT_SMALL,
                                theme.TEXT_DIM, (NAME_X, name.bottom - 3), width=room, height=height)
                else:
                    canvas.text(who, theme.FONT_BODY, theme.TEXT, (NAME_X, mid), anchor="midleft", width=room,
                                height=row_h - 8, shorten_ok=True)
                canvas.text(score, theme.FONT_LABEL, theme.TEXT, (right - 20, mid), anchor="midright", bold=True,
                            width=score_room, height=row_h - 10)
                y += row_h

    def _draw_chart(self, canvas) -> None:
        """Running scores, one line per player, drawn in over the first seconds (with reduced motion: faded in);
        a ring where the lead changed hands, and under the chart who led for good from when."""
        x, y, w, h = CHART
        canvas.text("The race", theme.FONT_BODY, theme.TEXT_DIM, (x, y - 16), anchor="midleft", bold=True)
        turns = turning_points(self.progress)
        canvas.stack([(line, theme.FONT_SMALL, theme.TEXT_DIM) for line in canvas.wrap(self._race_caption(turns),
                                                                                      theme.FONT_SMALL, w)],
                     (x, y + h + 6, w, CHART_CAPTION_H))
        if motion.reduced():
            canvas.faded((x, y, w, h), self.clock / CHART_FADE, lambda c: self._paint_chart(c, 1.0, turns))
        else:
            self._paint_chart(canvas, min(1.0, self.clock / CHART_SECONDS), turns)

    def _race_caption(self, turns: list[tuple[int, int]]) -> str:
        """What the rings mean, and who led for good (only a winner: a tie-break may decide against the chart)."""
        if not turns:
            return "The lead never changed hands"
        said = f"Rings: the lead changed hands ({counted(len(turns), 'time')})"
        turn, p = turns[-1]
        if p in self.outcome.winners:
            said += f"; {self.seats[p].name} led from {self.info.round_word} {turn} on"
        return said

    def _paint_chart(self, canvas, shown: float, turns: list[tuple[int, int]]) -> None:
        """The chart with its lines drawn as far as `shown` (0 to 1) of the game."""
        x, y, w, h = CHART
        canvas.rect(theme.BG, (x, y, w, h), radius=8)
        length = max(len(line) for line in self.progress)
        top = int(max(max(line, default=0) for line in self.progress)) or 1
        for tick in range(0, top + 1, 1 if top <= 8 else 5 if top <= 40 else 10):
            ty = y + h - 12 - (h - 24) * tick / top
            canvas.line(theme.PANEL, (x + 30, ty), (x + w - 10, ty), 1)
            canvas.text(str(tick), theme.FONT_SMALL, theme.TEXT_FAINT, (x + 24, ty), anchor="midright", width=34)
        lines = [points[:max(2, 1 + round((len(points) - 1) * shown))]
                 for points in ([(x + 30 + (w - 40) * i / max(1, length), y + h - 12 - (h - 24) * v / top)
                                 for i, v in enumerate([0, *line])] for line in self.progress)]
        self._paint_lines(canvas, lines, turns)

    def _paint_lines(self, canvas, lines: list[list[tuple[float, float]]], turns: list[tuple[int, int]]) -> None:
        """Each player's line as far as it is drawn, with a ring on each turning point it has reached."""
        for turn, p in turns:
            if turn < len(lines[p]):  # the line has reached it
                _, color = theme.PLAYER_COLORS[self.seats[p].color]
                canvas.circle(color, lines[p][turn], 11, 2)
        for p, visible in enumerate(lines):
            seat = self.seats[p]
            _, color = theme.PLAYER_COLORS[seat.color]
            if len(visible) >= 2:
                canvas.lines(color, visible, 3)
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, visible[-1], 8)

    def _draw_luck(self, canvas) -> None:
        """Each player's points from the dice and from their decisions, then what the figures mean."""
        if self.report is None:
            x, top, w, _ = LUCK_AREA
            canvas.text("Working out each player's luck and skill…", theme.FONT_BODY, theme.TEXT_DIM,
                        (x + w / 2, top + 40), anchor="midtop", width=w)
            return
        canvas.cached(("luck", self.report, tuple((s.name, s.color) for s in self.seats)), LUCK_AREA,
                      self._paint_luck)

    def _paint_luck(self, canvas) -> None:
        report, explained = self.report, self._explained()
        x, top, w, h = LUCK_AREA
        small = canvas.line_height(theme.FONT_SMALL)
        canvas.text(f"Measured against {report.reference}: {report.benchmark}.", theme.FONT_SMALL, theme.TEXT_DIM,
                    (x + w / 2, top), anchor="midtop", width=w)
        legend = self._legend(canvas, explained, w)
        rows_top = top + 2 * small + 12
        room = top + h - rows_top - 24 - len(legend) * small  # for the rows
        size = theme.FONT_LABEL if room / len(self.seats) >= canvas.line_height(theme.FONT_LABEL) + 8 else theme.FONT_BODY
        row_h = min(canvas.line_height(size) + 16, room / len(self.seats))
        table = LuckTable.measure(canvas, report, self.seats, [place for place, _ in self._places()], size, LUCK_AREA)
        for title, edge in zip(table.columns, table.edges):
            canvas.text(title, theme.FONT_SMALL, theme.TEXT_DIM, (edge, rows_top - small), anchor="topright")
        y = rows_top
        for place, group in self._places():
            for p in group:
                self._paint_luck_row(canvas, table, place, p, (table.left, y, table.width, row_h), p == explained)
                y += row_h
        legend_w = max(canvas.text_width(line, theme.FONT_SMALL) for line in legend)
        for i, line in enumerate(legend):
            canvas.text(line, theme.FONT_SMALL, theme.TEXT, (x + (w - legend_w) / 2, y + 24 + i * small))

    def _legend(self, canvas, explained: int, width: float) -> list[str]:
        """What the figures mean, in the words of one player's own figures, wrapped to `width`."""
        report = self.report
        name, luck = self.seats[explained].name, report.players[explained]
        last = expected_line(name, luck, report.unit) if report.adds_up else apart_line(report.unit)
        decisions = decisions_line(name, luck, report.unit, report.reference)
        return [line for text in (dice_line(name, luck, report.unit), decisions, last)
                for line in canvas.wrap(text, theme.FONT_SMALL, width)]

    def _paint_luck_row(self, canvas, table: LuckTable, place: int, p: int, rect, lit: bool) -> None:
        """A player's place, symbol, name and figures (the player the sentences explain lit)."""
        left, y, width, row_h = rect
        size, mid = table.size, y + row_h / 2
        if lit:
            canvas.rect(theme.PANEL_LIGHT, (left, y + 2, width, row_h - 4), radius=10)
        seat = self.seats[p]
        _, color = theme.PLAYER_COLORS[seat.color]
        canvas.text(PLACES[place], size, theme.WARN if place == 0 else theme.TEXT_DIM, (left + 14, mid),
                    anchor="midleft", bold=True, height=row_h - 4)
        canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (left + table.place_w - 10, mid), 11)
        name_x = left + 14 + table.place_w
        canvas.text(seat.name + ("  (bot)" if seat.bot else ""), size, theme.TEXT, (name_x, mid), anchor="midleft",
                    width=table.edges[0] - table.widths[0] + 12 - name_x, height=row_h - 4, shorten_ok=True)
        for text, edge in zip(table.figures[p], table.edges):
            canvas.text(text, size, theme.TEXT, (edge, mid), anchor="midright", bold=True, height=row_h - 4)

    def _explained(self) -> int:
        """The player whose figures the sentences explain: the first person in the ranking, else the winner."""
        ranked = [p for group in self.outcome.ranking for p in group]
        return next((p for p in ranked if self.seats[p].bot is None), ranked[0])

    def _draw_confetti(self, canvas) -> None:
        if motion.reduced():
            return  # falling, swaying confetti is all motion
        for x0, delay, speed, who, phase in self.confetti:
            t = self.clock - delay
            if t < 0:
                continue
            fall = (t * speed) % (layout.H + 60) - 40
            sway = math.sin(t * 2 + phase) * 24
            winner = self.outcome.winners[who % len(self.outcome.winners)]
            _, color = theme.PLAYER_COLORS[self.seats[winner].color if who % 2 else self.seats[who].color]
            canvas.rect(color, (x0 + sway, fall, 8, 5 + 3 * abs(math.sin(t * 5 + phase))))

    def _places(self):
        """(place index, players) with shared places for ties."""
        for group in self.outcome.ranking:
            yield self.outcome.place(group[0]), group

