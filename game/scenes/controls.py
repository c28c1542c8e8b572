"""Controls: every action's key and pad button, group by group; choose one and press the new key or button.

A key or button another action of the same group had is swapped: that action takes this one's old
key, so no action is ever left without one and nothing has to be freed first. Saved at every change.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.registry import MENUS
from game.scenes.base import Scene
from game.ui import glyphs, layout, theme
from game.ui.bindings import PAD_NAMES, Hint, Refused, actions, groups, key_name, pad_text
from game.ui.layout import LEFT, WIDTH
from game.ui.widgets import Button, ButtonGroup, heading, panel

LISTEN_SECONDS = 6.0  # how long a cell waits for the new key before giving up
CELL_W, CELL_GAP = 250, 10
PAD_X = layout.RIGHT - CELL_GAP - CELL_W  # the pad buttons' column, and the keys' left of it
KEY_X = PAD_X - CELL_GAP - CELL_W
TABS_Y, TAB_H, ROWS_Y = 92, 46, 160  # the tabs' top; the column titles' top
BOTTOM_Y = layout.PANEL_ROW_Y
ROW_GAP = 12  # between the bottom row's buttons
TAB_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
            pygame.K_9)
TAB_GAP = 12
HEADING_W = 240  # the heading's room; the line beside it takes the rest


@dataclass
class Cell(Button):
    """A binding's cell: it shows the bound key or pad button itself, not a shortcut."""

    shows: Hint | None = None

    def hint(self, canvas, focused: bool = False) -> Hint | None:
        return self.shows


class ControlsScene(Scene):
    opaque = False  # over the settings

    def __init__(self, app):
        super().__init__(app)
        self.group = MENUS
        self.page = 0
        self.listening: tuple[str, str] | None = None  # (action id, "key" or "pad") waiting for a press
        self.left = 0.0  # seconds the listening cell still waits
        self.held: int | None = None  # the key that opened the cell, until it is let go (not taken as the new key)
        self.pressed: int | None = None  # the physical key of the press being handled
        self.status = ""
        self.status_bad = False
        self.touched: set[str] = set()  # actions the last change moved (shown lit)
        self.buttons = ButtonGroup()
        self._build()

    # ----- layout --------------------------------------------------------
    def pitch(self) -> float:
        return max(52.0, glyphs.height(self.app.canvas) + 16, self.app.canvas.text_height(theme.FONT_BODY) + 14)

    def per_page(self) -> int:
        """Rows that fit between the column titles and the note and status lines at this text size."""
        canvas = self.app.canvas
        small = canvas.line_height(theme.FONT_SMALL)
        note = len(canvas.wrap(groups()[self.group].note, theme.FONT_SMALL, WIDTH)) * small
        bottom = BOTTOM_Y - 12 - 2 * small - note - 8
        return max(1, int((bottom - self.rows_top()) // self.pitch()))

    def rows_top(self) -> float:
        return ROWS_Y + self.app.canvas.line_height(theme.FONT_SMALL) + 4

    def pages(self) -> int:
        per = self.per_page()
        return (len(groups()[self.group].actions) + per - 1) // per

    def shown(self) -> list:
        per = self.per_page()
        return list(groups()[self.group].actions[self.page * per:(self.page + 1) * per])

    def _build(self) -> None:
        self.buttons.set(self._tabs() + self._cells() + self._bottom_row())

    def _tabs(self) -> list[Button]:
        """A tab per group of actions, sharing the width."""
        tabs = groups()
        return [Button(group.title, (x, TABS_Y, w, TAB_H), lambda g=gid: self._open(g),
                       *((TAB_KEYS[i], str(i + 1)) if i < len(TAB_KEYS) else (None, "")), accent=gid == self.group,
                       size=theme.FONT_BODY)
                for i, ((gid, group), (x, w)) in enumerate(zip(tabs.items(), layout.shares(len(tabs), gap=TAB_GAP)))]

    def _cells(self) -> list[Button]:
        """Each shown action's key cell and pad cell."""
        pitch, top = self.pitch(), self.rows_top()
        return [self._cell(action.id, kind, (x, top + row * pitch + 4, CELL_W, pitch - 8))
                for row, action in enumerate(self.shown()) for kind, x in (("key", KEY_X), ("pad", PAD_X))]

    def _cell(self, action_id: str, kind: str, rect) -> Cell:
        b = self.app.bindings
        listening = self.listening == (action_id, kind)
        value = b.keys[action_id] if kind == "key" else b.pads[action_id]
        shows = None if listening or value is None else Hint(kind, key_name(value) if kind == "key"
                                                             else PAD_NAMES[value])
        label = ("Press a key" if kind == "key" else "Press a button") if listening else ("" if shows else "not set")
        return Cell(label, rect, lambda: self._listen(action_id, kind), accent=listening, size=theme.FONT_SMALL,
                    shows=shows)

    def _bottom_row(self) -> list[Button]:
        """The pages on the left (when there are several), Reset and Back on the right."""
        buttons = []
        if self.pages() > 1:
            previous, following = layout.button_row([270, 270], BOTTOM_Y, gap=ROW_GAP, left=LEFT)
            buttons += [
                Button("Previous page", previous, lambda: self._turn(-1), pygame.K_PAGEUP, "PgUp",
                       enabled=self.page > 0, size=theme.FONT_BODY),
                Button("Next page", following, lambda: self._turn(1), pygame.K_PAGEDOWN, "PgDn",
                       enabled=self.page < self.pages() - 1, size=theme.FONT_BODY),
            ]
        reset, back = layout.button_row([290, 274], BOTTOM_Y, gap=ROW_GAP, right=layout.RIGHT)
        return buttons + [
            Button("Reset to defaults", reset, self._reset, pygame.K_r, "R", enabled=self.app.bindings.changed,
                   reason="Every key and button is at its default.", size=theme.FONT_BODY),
            Button("Back", back, self.app.scenes.pop, pygame.K_ESCAPE, "Esc", accent=True),
        ]

    # ----- actions -------------------------------------------------------
    def _open(self, group: str) -> None:
        self.group, self.page, self.listening, self.touched = group, 0, None, set()
        self._say("")
        self._build()

    def _turn(self, step: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + step))
        self.listening = None
        self._build()

    def _listen(self, action_id: str, kind: str) -> None:
        self.listening, self.left = (action_id, kind), LISTEN_SECONDS
        self.held = self.pressed
        what = "key" if kind == "key" else "pad button"
        self._say(f"Press the new {what} for “{actions()[action_id].label}”, or wait to leave it as it is.")
        self._build()

    def _bind(self, value: int) -> None:
        action_id, kind = self.listening
        self.listening = None
        b = self.app.bindings
        try:
            other = b.bind_key(action_id, value) if kind == "key" else b.bind_pad(action_id, value)
        except Refused as refusal:
            self._say(str(refusal), bad=True)
            self._build()
            return
        self.app.save_bindings()
        action = actions()[action_id]
        name = self._name(kind, value)
        said = f"“{action.label}” is now {name}."
        self.touched = {action_id}
        if other is not None:
            old = b.keys[other.id] if kind == "key" else b.pads[other.id]
            said += f" “{other.label}” had {name}, so it takes {self._name(kind, old)}."
            self.touched.add(other.id)
        if kind == "key" and self.group != MENUS:
            shadowed = next((m for m in groups()[MENUS].actions if b.keys[m.id] == value), None)
            if shadowed is not None:
                said += f" In this game it no longer does “{shadowed.label.lower()}”."
        self._say(said)
        self._build()

    @staticmethod
    def _name(kind: str, value: int | None) -> str:
        if value is None:
            return "no button"
        return key_name(value) if kind == "key" else pad_text(value)

    def _reset(self) -> None:
        self.app.bindings.reset()
        self.app.save_bindings()
        self.listening, self.touched = None, set()
        self._say("Every key and pad button is back to its default.")
        self._build()

    def _say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad

    # ----- input ---------------------------------------------------------
    def typing(self) -> bool:
        return self.listening is not None and self.listening[1] == "key"  # the key itself, not what it does

    def handle(self, event) -> None:
        if self.listening is None:
            self.pressed = getattr(event, "physical", None) if event.type == pygame.KEYDOWN else None
            self.buttons.handle(event)
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == self.held:
            self.held = None if event.type == pygame.KEYUP else self.held  # the opening key repeating, or let go
        else:
            self._listen_to(event)

    def _listen_to(self, event) -> None:
        """While a cell listens: the key (from a keyboard) or the pad button it waits for becomes the binding;
        a click, or the other kind of input, leaves it as it is."""
        wants_pad = self.listening[1] == "pad"
        from_pad = getattr(event, "source", "").startswith("pad")
        button = getattr(event, "button", None)
        pressed = event.type == pygame.KEYDOWN or (from_pad and event.type == pygame.CONTROLLERBUTTONDOWN)
        if pressed and from_pad == wants_pad and (not wants_pad or button is not None):
            self._bind(button if wants_pad else event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN or (event.type == pygame.KEYDOWN and from_pad != wants_pad):
            self._cancel()

    def _cancel(self) -> None:
        self.listening = None
        self._say("Nothing changed.")
        self._build()

    def update(self, dt: float) -> None:
        if self.listening is not None:
            self.left -= dt
            if self.left <= 0:
                self._cancel()

    def frame_rate(self) -> float:
        return 4 if self.listening is not None else 0  # the countdown

    # ----- drawing -------------------------------------------------------
    def draw(self, canvas) -> None:
        canvas.shade(layout.SCREEN, 200)
        panel(canvas, layout.PANEL)
        heading(canvas, "Controls", LEFT, HEADING_W)
        canvas.text("Your own keys and pad buttons, saved for you", theme.FONT_SMALL, theme.TEXT_DIM,
                    (layout.RIGHT, layout.HEADING_Y), anchor="midright", width=WIDTH - HEADING_W - 20, height=34)
        small = canvas.line_height(theme.FONT_SMALL)
        pages = self.pages()
        title = "Action" + (f"  ·  page {self.page + 1} of {pages}" if pages > 1 else "")
        canvas.text(title, theme.FONT_SMALL, theme.TEXT_DIM, (LEFT, ROWS_Y), width=KEY_X - LEFT - 20, height=small)
        for x, word in ((KEY_X, "Key"), (PAD_X, "Pad")):
            canvas.text(word, theme.FONT_SMALL, theme.TEXT_DIM, (x + CELL_W / 2, ROWS_Y), anchor="midtop",
                        width=CELL_W, height=small)
        pitch, top = self.pitch(), self.rows_top()
        for row, action in enumerate(self.shown()):
            color = theme.WARN if action.id in self.touched else theme.TEXT
            canvas.text(action.label, theme.FONT_BODY, color, (LEFT, top + row * pitch + pitch / 2), anchor="midleft",
                        width=KEY_X - LEFT - 20, height=pitch - 8)
        y = top + len(self.shown()) * pitch + 8
        for line in canvas.wrap(groups()[self.group].note, theme.FONT_SMALL, WIDTH):
            canvas.text(line, theme.FONT_SMALL, theme.TEXT_DIM, (LEFT, y))
            y += small
        status = self.status or "Choose a key or pad button, then press the new one."
        if self.listening is not None:
            status += f" ({max(0, round(self.left))} s)"
        color = theme.BAD if self.status_bad else theme.TEXT if self.status else theme.TEXT_DIM
        for i, line in enumerate(canvas.wrap(status, theme.FONT_SMALL, WIDTH)[:2]):
            canvas.text(line, theme.FONT_SMALL, color, (LEFT, BOTTOM_Y - 10 - 2 * small + i * small))
        self.buttons.draw(canvas)
