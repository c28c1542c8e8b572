"""Statistics: each person's games and wins, results against each bot, best turns; challenge stars.

First, per game, a chart of each person's wins out of their games and their best turn; then the lists.
What is shown is laid out as lines measured at the player's text size and shared out over pages,
so nothing is cut at 150%: a person's block may go on over the next page (under their name again),
a game's lines never split.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game import stats
from game.core.words import counted
from game.registry import GAMES
from game.scenes.base import Scene
from game.ui import layout, theme
from game.ui.widgets import Button, ButtonGroup, backdrop, heading, reading_sheet

LEFT, RIGHT = layout.LIST[0] + layout.LIST_PAD, layout.LIST[0] + layout.LIST[2] - layout.LIST_PAD  # the lines' edges
BOTTOM = layout.bottom(layout.LIST) - 8  # of the lines
INDENT = 30  # a game's lines under its person
GAP = 10  # between blocks
PERSON_GAP = 20  # before a person's name (a rule is drawn in it)
SEP = "  ·  "


@dataclass(frozen=True)
class Cell:
    """A piece of text on a line: `x` from the content's left edge (its right edge when `right`), cut with an
    ellipsis to `width`."""

    x: float
    text: str
    size: float
    color: tuple
    width: float
    bold: bool = False
    right: bool = False
    name: bool = False  # a person's name: may be cut short


@dataclass(frozen=True)
class Bar:
    """A bar on a line: `part` of `whole` filled in `color`, the rest an outline; `width` is the whole's length.
    `size` is the text size whose line it sits on."""

    x: float
    part: float
    whole: float
    width: float
    color: tuple
    size: float = theme.FONT_BODY


Line = tuple  # of Cells and Bars, side by side
CHARTED = 8  # people per game chart (most games first)


@dataclass(frozen=True)
class Block:
    """Lines that stay on one page, of one person (`person`) or of nobody. A `heading` is a person's name and
    totals; its `again` is the same marked "(continued)", for a page that their games go on to."""

    lines: tuple
    person: str = ""
    heading: bool = False  # the person's name and totals
    again: Block | None = None


def pack(canvas, items: list[str], size: float, width: float) -> list[str]:
    """Items joined with dots into lines that fit `width`; an item is never split over two lines."""
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]}{SEP}{item}" if lines else item
        if lines and canvas.text_width(trial, size) <= width:
            lines[-1] = trial
        else:
            lines.append(item)
    return lines


def bot_name(info, bot: str) -> str:
    known = info.bots.get(bot)
    return f"{known.label if known else bot.capitalize()} bot"


def game_items(info, record: stats.Record) -> tuple[list[str], list[str]]:
    """What a person's record of one game says: results, best turn and run of wins; then each bot met."""
    items = [f"{record.played} played, {record.won} won"]
    if record.best is not None:
        items.append(f"{info.best_label}: {counted(record.best, *info.best_unit)}")
    if record.best_streak >= 2:
        items.append(f"Best run: {record.best_streak} wins in a row")
    order = [*info.bots, *sorted(b for b in record.bots if b not in info.bots)]
    bots = []
    for bot in order:
        m = record.bots.get(bot)
        if m is not None:
            bots.append(f"vs {bot_name(info, bot)}: {m.won} won, {m.lost} lost" + (f", {m.tied} tied" if m.tied else ""))
    return items, bots


def blocks(canvas, record: stats.Statistics, modes: list[tuple[str, list[str]]]) -> list[Block]:
    """Everything to show, in order: a chart per game played, the games' other modes (once played), then each
    person, most games first."""
    out = chart_blocks(canvas, record)
    out += [mode_block(canvas, title, items) for title, items in modes]
    people = sorted(record.players.items(), key=lambda kv: (-sum(r.played for r in kv[1].values()), kv[0].casefold()))
    for name, records in people:
        out += person_blocks(canvas, name, records)
    if not any(block.heading for block in out):
        out.append(nothing_yet(canvas))
    return out


@dataclass(frozen=True)
class ChartColumns:
    """Where a game chart's parts go, measured at the player's text size: names, the games bar and its figure,
    the best-turn bar and its figure (no best column: `best_len` 0)."""

    name_w: float
    played_x: float
    played_len: float
    wins_w: float
    best_x: float
    best_len: float
    best_w: float
    label_gap: float = 12  # a bar to its figure


def chart_columns(canvas, names: list[str], wins: list[str], bests: list[str]) -> ChartColumns:
    width, label_gap, column_gap = RIGHT - LEFT, 12, 32  # a figure to the next bar: column_gap
    name_w = min(0.24 * width, max(canvas.text_width(name, theme.FONT_BODY) for name in names))
    wins_w = max(canvas.text_width(text, theme.FONT_SMALL) for text in wins)
    best_w = max(canvas.text_width(text, theme.FONT_SMALL) for text in bests) if any(bests) else 0
    played_x = INDENT + name_w + 16
    bars = width - played_x - label_gap - wins_w - (column_gap + label_gap + best_w if best_w else 0)
    played_len = bars * (0.6 if best_w else 1.0)
    return ChartColumns(name_w, played_x, played_len, wins_w, played_x + played_len + label_gap + wins_w + column_gap,
                        bars - played_len, best_w, label_gap)


def chart_blocks(canvas, record: stats.Statistics) -> list[Block]:
    """A chart per game that someone has finished, their columns lined up with each other's."""
    charted = [(info, people) for info in GAMES.values() if (people := charted_people(info, record))]
    everyone = [r for _, people in charted for _, r in people]
    if not everyone:
        return []
    at = chart_columns(canvas, [name for _, people in charted for name, _ in people], list(map(won_words, everyone)),
                       list(map(best_words, everyone)))
    return [chart_block(info, people, at) for info, people in charted]


def won_words(r: stats.Record) -> str:
    return f"{r.won} of {r.played} won"


def best_words(r: stats.Record) -> str:
    return "" if r.best is None else str(r.best)


def chart_block(info, people: list[tuple[str, stats.Record]], at: ChartColumns) -> Block:
    """A game's chart: per person (most games first), a bar of their games with the won part filled, and a bar
    of their best turn against the best of anyone."""
    head = (Cell(0, info.title, theme.FONT_LABEL, theme.ACCENT, at.played_x + at.played_len - 8, bold=True),
            *((Cell(at.best_x, info.best_label, theme.FONT_SMALL, theme.TEXT_DIM, at.best_len + at.label_gap + at.best_w),)
              * bool(at.best_len)))
    most_played = max(r.played for _, r in people)
    best_of_all = max(r.best or 0 for _, r in people) or 1
    rows = [chart_row(at, name, r, won_words(r), best_words(r), r.played / most_played, (r.best or 0) / best_of_all)
            for name, r in people]
    return Block((head, *rows))


def charted_people(info, record: stats.Statistics) -> list[tuple[str, stats.Record]]:
    """Who a game's chart shows: the people with the most games of it, at most CHARTED."""
    return sorted(((name, games[info.id]) for name, games in record.players.items() if info.id in games),
                  key=lambda kv: (-kv[1].played, kv[0].casefold()))[:CHARTED]


def chart_row(at: ChartColumns, name: str, r: stats.Record, won: str, best: str, played_share: float,
              best_share: float) -> Line:
    played = at.played_len * played_share
    line = [Cell(INDENT, name, theme.FONT_BODY, theme.TEXT, at.name_w, name=True),
            Bar(at.played_x, r.won, r.played, played, theme.ACCENT),
            Cell(at.played_x + played + at.label_gap, won, theme.FONT_SMALL, theme.TEXT_DIM, at.wins_w)]
    if best and at.best_len:
        length = at.best_len * best_share
        line += [Bar(at.best_x, 1, 1, length, theme.WARN),
                 Cell(at.best_x + length + at.label_gap, best, theme.FONT_SMALL, theme.TEXT_DIM, at.best_w)]
    return tuple(line)


def mode_block(canvas, title: str, items: list[str]) -> Block:
    """A game's other mode: its title, then its figures joined into lines."""
    width, label, body = RIGHT - LEFT, theme.FONT_LABEL, theme.FONT_BODY
    return Block((
        (Cell(0, title, label, theme.ACCENT, width, bold=True),),
        *((Cell(INDENT, line, body, theme.TEXT, width - INDENT),) for line in pack(canvas, items, body, width - INDENT)),
    ))


def person_blocks(canvas, name: str, records: dict) -> list[Block]:
    """A person's name and totals, then a block per game they played (their title beside the figures)."""
    games = list(GAMES.values())
    shown = [(info, records[info.id]) for info in games if info.id in records]
    if not shown:
        return []
    width, body = RIGHT - LEFT, theme.FONT_BODY
    title_w = min(0.38 * width, max(canvas.text_width(info.short, body, bold=True) for info in games))
    detail_x = INDENT + title_w + 24
    detail_w = width - detail_x
    played, won = sum(r.played for _, r in shown), sum(r.won for _, r in shown)
    out = [replace(person_block(canvas, name, played, won), again=person_block(canvas, name, played, won, going_on=True))]
    for info, rec in shown:
        items, bots = game_items(info, rec)
        details = pack(canvas, items, body, detail_w)
        lines = [(Cell(INDENT, info.short, body, theme.TEXT, title_w, bold=True),
                  Cell(detail_x, details[0], body, theme.TEXT, detail_w))]
        lines += [(Cell(detail_x, line, body, theme.TEXT, detail_w),) for line in details[1:]]
        lines += [(Cell(detail_x, line, body, theme.TEXT_DIM, detail_w),) for line in pack(canvas, bots, body, detail_w)]
        out.append(Block(tuple(lines), name))
    return out


def nothing_yet(canvas) -> Block:
    """What the screen says before anyone has finished a game."""
    width, body = RIGHT - LEFT, theme.FONT_BODY
    note = ("Finish a game with at least one person at the table: the games, wins, best turns and results "
            "against each bot of every name typed in setup are kept here.")
    return Block((
        (Cell(0, "No games finished yet…", theme.FONT_LABEL, theme.TEXT, width, bold=True),),
        *((Cell(0, line, body, theme.TEXT_DIM, width),) for line in canvas.wrap(note, body, width)),
    ))


def person_block(canvas, name: str, played: int, won: int, going_on: bool = False) -> Block:
    """A person's name (cut with an ellipsis to the room their totals leave) and their games played and won."""
    width = RIGHT - LEFT
    totals = f"{counted(played, 'game')}, {won} won"
    room = width - canvas.text_width(totals, theme.FONT_BODY) - 30
    suffix = " (continued)" if going_on else ""
    shown = canvas.fit(name, theme.FONT_LABEL, room - canvas.text_width(suffix, theme.FONT_LABEL, bold=True),
                       bold=True) + suffix
    return Block(((Cell(0, shown, theme.FONT_LABEL, theme.ACCENT, room, bold=True, name=True),
                   Cell(width, totals, theme.FONT_BODY, theme.TEXT_DIM, width, right=True)),), name, heading=True)


def draw_bar(canvas, bar: Bar, rect) -> None:
    x, y, w, h = rect
    if w <= 0:
        return
    canvas.rect(theme.PANEL, rect, radius=h / 3)
    if bar.part:
        canvas.rect(bar.color, (x, y, max(h * 0.7, w * bar.part / bar.whole), h), radius=h / 3)
    canvas.rect(theme.PANEL_EDGE, rect, width=1, radius=h / 3)


def block_height(canvas, block: Block) -> float:
    return sum(max(canvas.line_height(cell.size) for cell in line) for line in block.lines)


def gap_before(block: Block) -> float:
    return PERSON_GAP if block.heading else GAP


def paginate(canvas, items: list[Block], room: float) -> list[list[Block]]:
    """Blocks shared out over pages of `room` logical pixels: a name is never last on a page, and a person's
    games that go on over a page are headed by their name again."""
    pages: list[list[Block]] = [[]]
    used = 0.0
    header: Block | None = None
    for i, block in enumerate(items):
        if block.again is not None:
            header = block
        need = block_height(canvas, block) + (gap_before(block) if pages[-1] else 0)
        if block.heading and i + 1 < len(items):
            need += gap_before(items[i + 1]) + block_height(canvas, items[i + 1])  # a name stays with its first game
        if pages[-1] and used + need > room:
            pages.append([])
            used = 0.0
            if not block.heading and header is not None and block.person == header.person:
                pages[-1].append(header.again)
                used = block_height(canvas, header.again)
        used += block_height(canvas, block) + (gap_before(block) if pages[-1] else 0)
        pages[-1].append(block)
    return pages


class StatisticsScene(Scene):
    """Every person's statistics, page by page; reached from the title screen."""

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.buttons = ButtonGroup()
        self.record, problem = stats.load()
        if problem:
            app.notices.add(problem)
        self.modes = [block for info in GAMES.values() for mode in info.modes
                      if (block := info.mode_statistics(mode, self.record, app.notices.add))]
        self._layout()

    def _layout(self) -> None:
        canvas = self.app.canvas
        top = layout.bottom(layout.heading_line(canvas)) + 14
        self.top = top
        self.pages = paginate(canvas, blocks(canvas, self.record, self.modes), BOTTOM - top)
        self.page = min(self.page, len(self.pages) - 1)
        self._build()

    def _build(self) -> None:
        last = len(self.pages) - 1
        if not last:
            self.buttons.set([Button("Back", *layout.button_row([200]), self.app.scenes.pop, pygame.K_ESCAPE, "Esc",
                                     accent=True)])
            return
        previous, back, following = layout.button_row([220, 200, 220])
        buttons = [
            Button("Previous", previous, lambda: self._turn(-1), pygame.K_LEFT, "<", enabled=self.page > 0),
            Button("Back", back, self.app.scenes.pop, pygame.K_ESCAPE, "Esc", accent=self.page == last),
            Button("Next", following, lambda: self._turn(1), pygame.K_RIGHT, ">", enabled=self.page < last,
                   accent=self.page < last),
        ]
        self.buttons.set(buttons)

    def _turn(self, step: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + step))
        self._build()

    def resume(self) -> None:
        self._layout()  # the text size may have changed meanwhile

    def draw(self, canvas) -> None:
        backdrop(canvas)
        reading_sheet(canvas)
        counter = f"Page {self.page + 1} of {len(self.pages)}" if len(self.pages) > 1 else ""
        counter_w = canvas.text_width(counter, theme.FONT_BODY) if counter else 0
        heading(canvas, "Statistics", LEFT, RIGHT - LEFT - counter_w - 30)
        if counter:
            canvas.text(counter, theme.FONT_BODY, theme.TEXT_DIM, (RIGHT, layout.HEADING_Y), anchor="midright")
        y = self.top
        for i, block in enumerate(self.pages[self.page]):
            if i:
                y += gap_before(block)
                if block.heading:
                    canvas.line(theme.PANEL_EDGE, (LEFT, y - PERSON_GAP / 2), (RIGHT, y - PERSON_GAP / 2), 1)
            for line in block.lines:
                h = max(canvas.line_height(cell.size) for cell in line)
                for cell in line:
                    if isinstance(cell, Bar):
                        draw_bar(canvas, cell, (LEFT + cell.x, y + h * 0.2, cell.width, h * 0.6))
                        continue
                    canvas.text(cell.text, cell.size, cell.color, (LEFT + cell.x, y + h / 2),
                                anchor="midright" if cell.right else "midleft", bold=cell.bold, width=cell.width,
                                shorten_ok=cell.name)
                y += h
        self.buttons.draw(canvas)
