"""Results: the ranking, every score, how the race went, rematch or back to the title."""

from __future__ import annotations

import math

import pygame

from game.app import AMBIENT_FPS, FPS, Scene
from game.controls import phone_seats
from game.core.rng import Rng
from game.scenes.title import TitleScene
from game.ui import audio, theme
from game.ui.widgets import Button, ButtonGroup, panel

PLACES = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]
CHART = (680, 150, 520, 390)
CONFETTI = 40
CHART_SECONDS = 1.8  # the race draws itself in this long


def winners_line(names: list[str]) -> str:
    """"Ada wins!", or for a shared first place "Ada and Zax share the win!"."""
    if len(names) == 1:
        return f"{names[0]} wins!"
    return f"{', '.join(names[:-1])} and {names[-1]} share the win!"


class ResultsScene(Scene):
    """The `outcome` ranks the players (tied players share a place); `progress`: each
    player's running score after each of their turns; `details`: one line per player."""

    def __init__(self, app, game_info, seats, outcome, details=None, progress=None, rematch=None):
        super().__init__(app)
        self.info, self.seats, self.outcome = game_info, seats, outcome
        self.details, self.progress = details, progress
        self.clock = 0.0
        rng = Rng(int(sum(outcome.scores)) + len(seats))
        self.confetti = [(rng.random() * 1280, rng.random() * 2.5, 60 + rng.random() * 90, rng.randrange(len(seats)),
                          rng.random() * math.tau) for _ in range(CONFETTI)]
        buttons = []
        if rematch is not None:
            buttons.append(Button("Rematch", (400, 640, 230, 56), rematch, pygame.K_r, "R", accent=True))
        buttons.append(Button("Back to title", (650, 640, 230, 56), lambda: app.reset(TitleScene(app)),
                              pygame.K_ESCAPE, "Esc"))
        self.buttons = ButtonGroup(buttons)
        audio.play("win")

    def update(self, dt: float) -> None:
        self.clock += dt

    def frame_rate(self) -> float:
        return FPS if self.clock < CHART_SECONDS + 1 else AMBIENT_FPS

    def phone_lineup(self):
        """Phones stay joined for a rematch."""
        return (self.info.title, self.seats) if phone_seats(self.seats) else None

    def phone_panel(self, seat: int) -> dict:
        names = [self.seats[p].name for p in self.outcome.winners]
        won = "You win!" if seat in self.outcome.winners else winners_line(names)
        return {"status": f"Game over. {won}", "lines": [self.outcome.reason] if self.outcome.reason else [],
                "choices": [], "turn": 0, "note": "A rematch starts on the TV."}

    def draw(self, canvas) -> None:
        canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
        panel(canvas, (40, 24, 1200, 600))
        names = [self.seats[p].name for p in self.outcome.winners]
        pulse = 1 + 0.04 * math.sin(self.clock * 4)
        canvas.text(winners_line(names), theme.FONT_HEADING, theme.ACCENT, (640, 64), anchor="center", bold=True, zoom=pulse,
                    width=1100, height=50, shorten_ok=True)
        if self.outcome.reason:
            canvas.text(self.outcome.reason + ".", theme.FONT_SMALL, theme.TEXT_DIM, (640, 104), anchor="center", width=1140,
                        height=30)
        self._draw_ranking(canvas)
        if self.progress:
            self._draw_chart(canvas)
        self.buttons.draw(canvas)
        self._draw_confetti(canvas)

    def _draw_ranking(self, canvas) -> None:
        y = 140
        row_h = min(56 * canvas.text_scale, 460 / len(self.seats))
        for place, group in self._places():
            for p in group:
                seat = self.seats[p]
                _, color = theme.PLAYER_COLORS[seat.color]
                first = place == 0
                canvas.rect(theme.PANEL_LIGHT if first else theme.BG, (70, y, 580, row_h - 6), radius=10)
                mid = y + (row_h - 6) / 2
                score = self.info.score_label.format(f"{self.outcome.scores[p]:g}")
                score_w = canvas.text_width(*canvas.fitted(score, theme.FONT_LABEL, 210, row_h - 10, bold=True),
                                            bold=True)
                canvas.text(PLACES[place], theme.FONT_LABEL, theme.WARN if first else theme.TEXT_DIM, (88, mid),
                            anchor="midleft", bold=True, width=60, height=row_h - 10)
                canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (160, mid), 12)
                who = seat.name + ("  (bot)" if seat.bot else "")
                room = 630 - 14 - score_w - 184
                if self.details and row_h >= 50:
                    name = canvas.text(who, theme.FONT_BODY, theme.TEXT, (184, y + 2), width=room, height=(row_h - 6) * 0.55,
                                       shorten_ok=True)
                    canvas.text(self.details[p], theme.FONT_SMALL, theme.TEXT_DIM, (184, name.bottom - 3),
                                width=room, height=y + row_h - 8 - name.bottom, shorten_ok=True)
                else:
                    canvas.text(who, theme.FONT_BODY, theme.TEXT, (184, mid), anchor="midleft", width=room,
                                height=row_h - 8, shorten_ok=True)
                canvas.text(score, theme.FONT_LABEL, theme.TEXT, (630, mid), anchor="midright", bold=True, width=210,
                            height=row_h - 10)
                y += row_h

    def _draw_chart(self, canvas) -> None:
        """Running scores, one line per player, drawn in over the first seconds."""
        x, y, w, h = CHART
        canvas.text("The race", theme.FONT_BODY, theme.TEXT_DIM, (x, y - 16), anchor="midleft", bold=True)
        canvas.rect(theme.BG, (x, y, w, h), radius=8)
        turns = max(len(line) for line in self.progress)
        top = int(max(max(line, default=0) for line in self.progress)) or 1
        for tick in range(0, top + 1, 5 if top <= 40 else 10):
            ty = y + h - 12 - (h - 24) * tick / top
            canvas.line(theme.PANEL, (x + 30, ty), (x + w - 10, ty), 1)
            canvas.text(str(tick), theme.FONT_SMALL, theme.TEXT_FAINT, (x + 24, ty), anchor="midright", width=34)
        shown = min(1.0, self.clock / CHART_SECONDS)
        for p, line in enumerate(self.progress):
            seat = self.seats[p]
            _, color = theme.PLAYER_COLORS[seat.color]
            points = [(x + 30 + (w - 40) * i / max(1, turns), y + h - 12 - (h - 24) * v / top)
                      for i, v in enumerate([0, *line])]
            count = max(2, 1 + round((len(points) - 1) * shown))
            visible = points[:count]
            if len(visible) >= 2:
                canvas.lines(color, visible, 3)
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, visible[-1], 8)

    def _draw_confetti(self, canvas) -> None:
        for x0, delay, speed, who, phase in self.confetti:
            t = self.clock - delay
            if t < 0:
                continue
            fall = (t * speed) % 780 - 40
            sway = math.sin(t * 2 + phase) * 24
            winner = self.outcome.winners[who % len(self.outcome.winners)]
            _, color = theme.PLAYER_COLORS[self.seats[winner].color if who % 2 else self.seats[who].color]
            canvas.rect(color, (x0 + sway, fall, 8, 5 + 3 * abs(math.sin(t * 5 + phase))))

    def _places(self):
        """(place index, players) with shared places for ties."""
        for group in self.outcome.ranking:
            yield self.outcome.place(group[0]), group
