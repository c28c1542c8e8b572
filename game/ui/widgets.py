"""Buttons and a focusable button group: mouse, keyboard and controller alike.

Controller input reaches scenes as key presses (see ``game.app``), so a
group only needs keys: arrows/Tab move the focus, Enter activates, and
every button may have its own shortcut key, shown on the button as the key
or pad button it is bound to (``game.ui.bindings``, through the canvas's
``hints``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.ui import audio, glyphs, layout, theme
from game.ui.bindings import Hint
from game.ui.canvas import Canvas

RADIUS = 10  # a button's corners
PANEL_RADIUS = 14  # a panel's corners
PAD, GAP = 6, 6  # inside a button's edge; between its label and its key's badge
FOCUS_STEPS = {pygame.K_DOWN: 1, pygame.K_RIGHT: 1, pygame.K_TAB: 1, pygame.K_UP: -1, pygame.K_LEFT: -1}


@dataclass
class Button:
    label: str
    rect: tuple[float, float, float, float]
    on_click: Callable[[], None]
    key: int | None = None  # shortcut
    key_label: str = ""  # how the shortcut is shown when it is a screen's own (not a remappable action)
    enabled: bool = True
    reason: str = ""  # why it is disabled (shown on hover)
    accent: bool = False  # the main action of a screen
    size: float = theme.FONT_LABEL
    shorten_ok: bool = False  # a label that may end in an ellipsis (a player's long name)
    hint_corner: bool = False  # the key's badge goes in the top right corner (a card with its own drawing)
    selected: bool = False  # the label shows as selected text (a name the next key types over)
    hovered: bool = field(default=False, init=False)

    def contains(self, pos) -> bool:
        x, y, w, h = self.rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h

    def draw(self, canvas: Canvas, focused: bool) -> None:
        """Drawn once per look (label, state, size) and blitted from then on."""
        x, y, w, h = self.rect
        if canvas.clipped_away((x - 6, y - 6, w + 12, h + 12)):
            return
        lit = self.hovered or focused
        hint = self.hint(canvas, focused)
        key = ("button", self.label, hint, self.enabled, self.accent, lit, focused, self.size, w, h, self.hint_corner,
               self.selected)
        canvas.cached(key, (x - 6, y - 6, w + 12, h + 12), lambda c: self._paint(c, lit, focused, hint))

    def hint(self, canvas: Canvas, focused: bool = False) -> Hint | None:
        """The key or pad button shown on the button (as bound now, for the input in hand)."""
        if canvas.hints is not None:
            return canvas.hints.button(self.key, self.key_label, focused)
        return Hint("key", self.key_label) if self.key_label else None

    def _paint(self, canvas: Canvas, lit: bool, focused: bool, hint: Hint | None) -> None:
        x, y, w, h = self.rect
        fill, edge, color = self._colours(lit)
        canvas.box(self.rect)
        canvas.rect((0, 0, 0), (x + 2, y + 4, w, h), radius=RADIUS)
        canvas.rect(fill, self.rect, radius=RADIUS)
        canvas.rect(edge, self.rect, width=2, radius=RADIUS)
        if focused:
            canvas.rect(theme.WARN, (x - 4, y - 4, w + 8, h + 8), width=3, radius=RADIUS + 3)
        if hint is not None and self.hint_corner:  # top right, over the button's own drawing
            self._paint_corner_hint(canvas, hint)
            hint = None
        if hint is not None and self.label and not self.shorten_ok and not self._badge_fits(canvas, hint):
            hint = None  # a small window: the label whole rather than cut for its key (a name may be cut)
        self._paint_label(canvas, color, hint)

    def _colours(self, lit: bool) -> tuple[tuple, tuple, tuple]:
        """Fill, edge and label colour: greyed out, the screen's main action, or any other."""
        if not self.enabled:
            return theme.PANEL, theme.PANEL_LIGHT, theme.TEXT_FAINT
        if self.accent:
            return (255, 160, 90) if lit else theme.ACCENT, theme.ACCENT_DARK, (30, 16, 10)
        return theme.PANEL_EDGE if lit else theme.PANEL_LIGHT, theme.PANEL_EDGE, theme.TEXT

    def _paint_corner_hint(self, canvas: Canvas, hint: Hint) -> None:
        x, y, w, h = self.rect
        size, tall = glyphs.fit(canvas, hint, w / 2, h - 8)
        hint_w = glyphs.width(canvas, hint, tall, size)
        cy = y + PAD + tall / 2 if h > 3 * tall else y + h / 2
        glyphs.draw(canvas, hint, x + w - PAD - hint_w, cy, tall, not self.enabled, self.accent, size)

    def _normal_widths(self, canvas: Canvas, hint: Hint) -> tuple[float, float]:
        """How wide the key's badge and the label are at the normal text size."""
        normal = glyphs.SIZE / canvas.text_scale
        normal_hint = glyphs.width(canvas, hint, glyphs.height(canvas, self.rect[3] - 8, normal), normal)
        return normal_hint, canvas.text_width(self.label, self.size / canvas.text_scale, bold=True) if self.label else 0

    def _badge_fits(self, canvas: Canvas, hint: Hint) -> bool:
        """Whether the label and the key's badge both fit beside each other at the normal text size (a button
        made narrow by a small window may have room for its label only)."""
        normal_hint, normal_label = self._normal_widths(canvas, hint)
        return normal_hint + GAP + normal_label <= self.rect[2] - 2 * PAD

    def _hint_fit(self, canvas: Canvas, hint: Hint | None) -> tuple[float, float, float]:
        """(text size, height, width with its gap) of the badge beside the label: the label and the badge share
        the width, each at least at the normal text size."""
        if hint is None:
            return theme.FONT_SMALL, 0.0, 0.0
        x, y, w, h = self.rect
        normal_hint, normal_label = self._normal_widths(canvas, hint)
        size, tall = glyphs.fit(canvas, hint, max(normal_hint + 1, w - 2 * PAD - GAP - normal_label), h - 8)
        return size, tall, glyphs.width(canvas, hint, tall, size) + (GAP if self.label else 0)

    def _paint_label(self, canvas: Canvas, color, hint: Hint | None) -> None:
        """The label and the key's badge beside it, centred together."""
        x, y, w, h = self.rect
        size, tall, hint_w = self._hint_fit(canvas, hint)
        room = w - 2 * PAD - hint_w
        start = x + (w - hint_w) / 2
        if self.label:
            label, label_size = canvas.fitted(self.label, self.size, room, h - 6, bold=True)
            label_w = canvas.text_width(label, label_size, bold=True)
            start = x + (w - label_w - hint_w) / 2
            if self.selected:
                tall_text = canvas.text_height(label_size)
                canvas.rect(theme.ACCENT_DARK, (start - 4, y + (h - tall_text) / 2 - 2, label_w + 8, tall_text + 4),
                            radius=4)
            canvas.text(self.label, self.size, color, (start, y + h / 2), anchor="midleft", bold=True, width=room,
                        height=h - 6, shorten_ok=self.shorten_ok)
            start += label_w + GAP
        if hint is not None:
            glyphs.draw(canvas, hint, start, y + h / 2, tall, not self.enabled, self.accent, size)


class ButtonGroup:
    """Buttons of one screen: hover, focus, click, shortcuts and tooltips."""

    def __init__(self, buttons: list[Button] | None = None):
        self.buttons: list[Button] = buttons or []
        self.focus: int | None = None  # shown once the keyboard or a pad is used
        self.mouse = (-1.0, -1.0)

    def set(self, buttons: list[Button]) -> None:
        labels = [b.label for b in self.buttons]
        focused = labels[self.focus] if self.focus is not None and self.focus < len(labels) else None
        self.buttons = buttons
        self.focus = next((i for i, b in enumerate(buttons) if b.label == focused), None) if focused else None
        self._hover()

    def handle(self, event) -> bool:
        """True when the event was used."""
        handler = self._handlers.get(event.type)
        return handler(self, event) if handler is not None else False

    def _pointer_moved(self, event) -> bool:
        self.mouse = event.pos
        self._hover()
        return False

    def _clicked(self, event) -> bool:
        if event.button != 1:
            return False
        button = next((b for b in self.buttons if b.contains(event.pos) and b.enabled), None)
        if button is not None:
            self._activate(button)
        return button is not None

    def _key(self, event) -> bool:
        """A button's shortcut, a move of the focus, or Enter on the focused button."""
        button = next((b for b in self.buttons if b.key is not None and event.key == b.key and b.enabled), None)
        if button is not None:
            self._activate(button)
            return True
        if event.key in FOCUS_STEPS:
            self._move(FOCUS_STEPS[event.key])
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None:
            if self.buttons[self.focus].enabled:
                self._activate(self.buttons[self.focus])
            return True
        return False

    _handlers = {pygame.MOUSEMOTION: _pointer_moved, pygame.MOUSEBUTTONDOWN: _clicked, pygame.KEYDOWN: _key}

    def draw(self, canvas: Canvas) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(canvas, i == self.focus)
        for b in self.buttons:
            if b.hovered and not b.enabled and b.reason:
                tooltip(canvas, b.reason, self.mouse)

    def _hover(self) -> None:
        for b in self.buttons:
            b.hovered = b.contains(self.mouse)

    def _move(self, step: int) -> None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return
        if self.focus not in enabled:
            self.focus = enabled[0] if step > 0 else enabled[-1]
            return
        self.focus = enabled[(enabled.index(self.focus) + step) % len(enabled)]

    def _activate(self, button: Button) -> None:
        audio.play("click")
        button.on_click()


def tooltip(canvas: Canvas, text: str, pos) -> None:
    """A small dark label next to the pointer (wrapped when long), kept inside the screen."""
    lines = canvas.wrap(text, theme.FONT_SMALL, 560)
    step = canvas.text_height(theme.FONT_SMALL)
    w = max(canvas.text_width(line, theme.FONT_SMALL) for line in lines) + 20
    h = step * len(lines) + 8
    x = min(pos[0] + 16, layout.W - w - 4)
    y = min(pos[1] + 20, layout.H - h - 4)
    canvas.popup((x, y, w, h))
    canvas.rect((12, 8, 18), (x, y, w, h), radius=6)
    canvas.rect(theme.WARN, (x, y, w, h), width=1, radius=6)
    for i, line in enumerate(lines):
        canvas.text(line, theme.FONT_SMALL, theme.TEXT, (x + 10, y + 4 + step * i))


def panel(canvas: Canvas, rect, title: str | None = None) -> pygame.Rect | None:
    """A rounded panel, drawn straight on the window: two fills cost less than blitting a see-through layer
    of it (a menu's panel was a 7 MB layer at 1920x1080). Returns where its title went, if it has one."""
    x, y, w, h = rect
    canvas.box(rect)
    canvas.rect(theme.PANEL, rect, radius=PANEL_RADIUS)
    canvas.rect(theme.PANEL_EDGE, rect, width=2, radius=PANEL_RADIUS)
    if title:
        return canvas.text(title, theme.FONT_LABEL, theme.ACCENT, (x + 16, y + 10), bold=True, width=w - 32, height=40)
    return None


def heading(canvas: Canvas, text: str, x: float | None = None, width: float | None = None,
            height: float | None = None, **options):
    """A screen's heading on the heading line: centred on the screen, or from `x` (at most `width` wide, and
    `height` tall where the screen has less room above its content than a heading line)."""
    _, y, full, h = layout.heading_line(canvas)
    height = min(h, height) if height is not None else h
    if x is None:
        return canvas.text(text, theme.FONT_HEADING, theme.ACCENT, (layout.CENTRE_X, y + h / 2), anchor="center",
                           bold=True, width=width or full, height=height, **options)
    return canvas.text(text, theme.FONT_HEADING, theme.ACCENT, (x, y + h / 2), anchor="midleft", bold=True,
                       width=width or layout.RIGHT - x, height=height, **options)


def reading_sheet(canvas: Canvas) -> None:
    """The dark see-through sheet that a list is read on over the backdrop (``layout.LIST``)."""
    canvas.shade(layout.LIST, 200, radius=PANEL_RADIUS)


BACKDROP = ("backdrop.svg", layout.SCREEN)  # the picture behind the menu screens, where it is drawn


def backdrop(canvas: Canvas) -> None:
    """The Martian landscape behind the menu screens."""
    canvas.image(*BACKDROP, opaque=True)
