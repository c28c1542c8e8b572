"""Takedown challenges: pick a level (unlocked in order), and the result of a run."""

from __future__ import annotations

import math

import pygame

from game import saves
from game.core.words import counted
from game.saves import Seat
from game.scenes.base import FPS, Scene
from game.storage import CorruptFile, WriteFailed
from game.takedown import progress
from game.takedown.level import challenge_levels
from game.ui import audio, glyphs, layout, motion, theme
from game.ui.widgets import Button, ButtonGroup, backdrop, heading, panel

COLUMNS, CARD_W, CARD_H, GAP = 4, 288, 118, 12
GRID_W = COLUMNS * CARD_W + (COLUMNS - 1) * GAP
GRID_LEFT, GRID_TOP = layout.centre_x(GRID_W), 108
TITLE_H = 48  # the heading's room above the subtitle and the grid
STAR_RADIUS = 9  # on a level's card
STARS_W = 2 * 2.3 * STAR_RADIUS + 2 * STAR_RADIUS  # three stars side by side
RESULT = (layout.centre_x(600), 120, 600, 520)  # a run's result: its panel


def card(i: int) -> tuple[float, float, float, float]:
    """Where level i's card sits in the grid."""
    return GRID_LEFT + (i % COLUMNS) * (CARD_W + GAP), GRID_TOP + (i // COLUMNS) * (CARD_H + GAP), CARD_W, CARD_H


def star(canvas, center, radius: float, filled: bool) -> None:
    cx, cy = center
    points = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        r = radius if i % 2 == 0 else radius * 0.45
        points.append((cx + math.cos(a) * r, cy + math.sin(a) * r))
    canvas.polygon(theme.WARN if filled else theme.PANEL_EDGE, points)


def stars(canvas, x: float, y: float, count: int, radius: float = 11) -> None:
    for i in range(3):
        star(canvas, (x + i * radius * 2.3, y), radius, i < count)


def player_seat() -> Seat:
    return Seat("You", 0, None)


def slot(level) -> str:
    """Each challenge table keeps its own saved run."""
    return saves.slot_name(f"takedown-challenge-{level.id}")


def play(app, info, level, replace: bool = False) -> None:
    """Start a run on a challenge table (a fresh one: Retry and Next level)."""
    scene = info.start(app, [player_seat()], {"table": f"challenge/{level.id}"}, slot=slot(level))
    (app.scenes.replace if replace else app.scenes.push)(scene)


def open_level(app, info, level) -> None:
    """From the level list: a saved run on this table may be continued or started over."""
    try:
        saved = saves.load(slot(level))
    except CorruptFile as error:
        app.notices.add(f"A saved challenge run could not be read: {error}")
        saved = None
    if saved is None:
        play(app, info, level)
        return
    app.scenes.push("start over", saved, lambda: play(app, info, level), lambda: app.scenes.push(saved.scene(app)))


def statistics(record, notify) -> tuple[str, list[str]] | None:
    """The challenges' block on the Statistics screen, once any run was played: stars, tables, runs."""
    levels, _ = challenge_levels()  # a table that does not read is reported by the challenge list
    best, problem = progress.load()
    if problem:
        notify(problem)
    if not levels or not (record.challenge_runs or best):
        return None
    stars = sum(best[level.id]["stars"] for level in levels if level.id in best)
    cleared = sum(1 for level in levels if level.id in best)
    return "Takedown challenges", [f"Stars: {stars} of {3 * len(levels)}", f"{cleared} of {len(levels)} tables cleared",
                                   f"{counted(record.challenge_runs, 'run')} played, "
                                   f"{record.challenges_cleared} met the goal"]


def goal_words(level) -> list[str]:
    """A challenge's goal in a few words, then in fewer (its card in the grid; the whole hint is beside its table)."""
    c = level.challenge
    if c.goal == "points":
        return [f"Goal: score {counted(c.points, 'point')}", f"Score {c.points}"]
    pieces, targets = sum(t.pieces for t in level.targets), len(level.targets)
    return [f"Goal: all {counted(pieces, 'piece')} on {counted(targets, 'target')}", f"Claim all {pieces} pieces",
            f"All {pieces} pieces"]


class ChallengeScene(Scene):
    """A grid of challenge tables with the player's best results."""

    def __init__(self, app, info):
        super().__init__(app)
        self.info = info
        self.levels, self.problems = challenge_levels()
        self.best, problem = progress.load()
        self.notices = [str(p) for p in self.problems] + ([problem] if problem else [])
        self.buttons = ButtonGroup()
        self._build()

    def _build(self) -> None:
        open_ = progress.unlocked(self.levels, self.best)
        buttons = []
        for i, level in enumerate(self.levels):
            key = (pygame.K_a + i, chr(ord("A") + i)) if i < 26 else (None, "")  # letters, in the grid's order
            buttons.append(Button("", card(i), lambda lv=level: self._start(lv), *key, hint_corner=True,
                                  enabled=open_[i], reason="Reach the goal of the table before it to unlock this one."))
        buttons.append(Button("Back", *layout.button_row([200], layout.ROW_Y + 12, 50), self.app.scenes.pop,
                              pygame.K_ESCAPE, "Esc"))
        self.buttons.set(buttons)

    def _start(self, level) -> None:
        open_level(self.app, self.info, level)

    def resume(self) -> None:
        self.best, _ = progress.load()
        self._build()

    def draw(self, canvas) -> None:
        backdrop(canvas)
        title = heading(canvas, "Takedown challenges", GRID_LEFT, GRID_W, TITLE_H)
        canvas.text("Trick shots for one player: reach each table's goal within its flick limit; par earns 3 stars.",
                    theme.FONT_SMALL, theme.TEXT_DIM, (GRID_LEFT, title.bottom), width=GRID_W,
                    height=GRID_TOP - title.bottom - 4)
        self.buttons.draw(canvas)
        open_ = progress.unlocked(self.levels, self.best)
        for i, level in enumerate(self.levels):
            key = self.buttons.buttons[i].hint(canvas, self.buttons.focus == i)
            best = self.best.get(level.id)
            # a layer each: a new screen's first frame makes layers for a slice of time and leaves the rest to the
            # next frames (its 13 cards' words, measured and drawn at once, made it a 17-22 ms frame)
            look = ("challenge-card", level.id, open_[i], key, (best["stars"], best["flicks"]) if best else None)
            canvas.cached(look, card(i), lambda c, i=i, level=level, key=key, best=best:
                          self._draw_card(c, i, level, open_[i], key, best))
        for n, notice in enumerate(self.notices[:2]):
            canvas.text(notice, theme.FONT_SMALL, theme.BAD, (GRID_LEFT, layout.ROW_Y - 8 + n * 18), width=GRID_W,
                        shorten_ok=True)


    @staticmethod
    def _draw_card(canvas, i: int, level, unlocked: bool, key, best: dict | None) -> None:
        """A level's words and stars on its card, beside the key that starts it."""
        x, y, w, h = card(i)
        c = level.challenge
        color = theme.TEXT if unlocked else theme.TEXT_FAINT
        dim = theme.TEXT_DIM if unlocked else theme.TEXT_FAINT
        text_w = w - 28 - (glyphs.width(canvas, key, glyphs.height(canvas)) + 4 if key else 0)  # beside the key
        goal = canvas.first_whole(goal_words(level), theme.FONT_SMALL, text_w, None)
        canvas.stack([(f"{c.order}. {c.title}", theme.FONT_BODY, color, True), (goal, theme.FONT_SMALL, dim)],
                     (x + 14, y + 6, text_w, h - 40))  # the whole hint is beside the table
        stars(canvas, x + 24, y + h - 20, best["stars"] if best else 0, radius=STAR_RADIUS)
        info = f"best {best['flicks']}" if best else ("locked" if not unlocked else "to play")
        room = w - 12 - 24 - STARS_W
        facts = canvas.first_whole([f"par {c.par} · limit {c.flicks} · {info}", f"par {c.par} · {info}", info],
                                   theme.FONT_SMALL, room, 30)
        canvas.text(facts, theme.FONT_SMALL, color, (x + w - 12, y + h - 20), anchor="midright", width=room, height=30)


class ChallengeResultScene(Scene):
    """Stars for the run, the best so far, and where to go next."""

    def __init__(self, app, info, seats, game):
        super().__init__(app)
        self.info, self.seats, self.game = info, seats, game
        self.level = game.level
        self.stars = game.stars()
        try:
            self.best = progress.record(self.level.id, self.stars, game.flicks)
        except WriteFailed as error:
            self.best, _ = progress.load()
            app.notices.add(f"Your challenge result could not be saved ({error.reason}).")
        levels, _ = challenge_levels()
        self.levels = levels
        index = next(i for i, lv in enumerate(levels) if lv.id == self.level.id)
        self.next_level = levels[index + 1] if index + 1 < len(levels) and self.stars else None
        self.clock = 0.0
        entries = [(160, "Retry", lambda: play(app, info, self.level, replace=True), pygame.K_r, "R",
                    not self.next_level)]
        if self.next_level:
            entries.append((190, "Next level", lambda: play(app, info, self.next_level, replace=True), pygame.K_n, "N",
                            True))
        entries.append((160, "Levels", app.scenes.pop, pygame.K_ESCAPE, "Esc", False))
        rects = layout.button_row([width for width, *_ in entries], layout.bottom(RESULT) - 80, 54, gap=10)
        self.buttons = ButtonGroup([Button(label, rect, action, key, key_label, accent=accent)
                                    for (_, label, action, key, key_label, accent), rect in zip(entries, rects)])
        audio.play("win" if self.stars else "bust")

    def update(self, dt: float) -> None:
        self.clock += dt

    def frame_rate(self) -> float:
        return FPS if self.clock < 2.0 else 0  # the stars pop in

    def draw(self, canvas) -> None:
        backdrop(canvas)
        panel(canvas, RESULT)
        c = self.level.challenge
        mid, top = layout.CENTRE_X, RESULT[1]
        canvas.text(f"{c.order}. {c.title}", theme.FONT_HEADING, theme.ACCENT, (mid, top + 50), anchor="center", bold=True)
        cleared = self.stars > 0
        done = "Target score reached!" if c.goal == "points" else "Table cleared!"
        canvas.text(done if cleared else "Out of flicks", theme.FONT_LABEL,
                    theme.GOOD if cleared else theme.BAD, (mid, top + 102), anchor="center", bold=True)
        shown = min(self.stars, int(self.clock / 0.35))
        for i in range(3):
            grow = 1.0 + motion.sway(0.25 * max(0.0, 1 - (self.clock - i * 0.35) * 4)) if i < shown else 1.0
            star(canvas, (mid + (i - 1) * 80, top + 190), 30 * grow, i < shown)
        canvas.text(f"Flicks: {self.game.flicks}   Par: {c.par}   Limit: {c.flicks}", theme.FONT_BODY, theme.TEXT,
                    (mid, top + 260), anchor="center")
        best = self.best.get(self.level.id)
        if best:
            canvas.text(f"Your best: {counted(best['stars'], 'star')} in {counted(best['flicks'], 'flick')}",
                        theme.FONT_SMALL, theme.TEXT_DIM, (mid, top + 294), anchor="center")
        if not cleared:
            left = self.game.pieces_left()
            short = f"{counted(c.points - self.game.score(0), 'point')} short" if c.goal == "points" else \
                f"{counted(left, 'piece')} still standing"
            canvas.text(f"{short}. "
                        "Try another line!", theme.FONT_SMALL, theme.TEXT_DIM, (mid, top + 326), anchor="center")
        self.buttons.draw(canvas)
