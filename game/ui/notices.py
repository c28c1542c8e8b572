"""Problems that must not stop play (a save that could not be written), shown for a few seconds over any screen."""

from __future__ import annotations

from typing import Iterator

from game.ui import layout, theme

SECONDS = 6.0
KEPT = 3  # the newest notices shown at once
FADE = 0.5  # seconds a notice takes to fade out
WIDTH = 780
PAD = 16


class Notices:
    """The notices on screen, newest last: each its text and the seconds it has left."""

    def __init__(self) -> None:
        self._items: list[list] = []  # [text, seconds left]
        self.session: list[str] = []  # every notice since the game started, oldest first (read from the title)

    def add(self, text: str) -> None:
        """Tell the player something went wrong without stopping play (once, while it is on screen)."""
        if not any(item[0] == text for item in self._items):
            self._items.append([text, SECONDS])
        self.remember(text)
        del self._items[:-KEPT]

    def remember(self, text: str) -> None:
        """Keep a problem among the session's notices (one a screen shows in its own way)."""
        if text not in self.session[-1:]:
            self.session.append(text)

    def tick(self, dt: float) -> None:
        for item in self._items:
            item[1] -= dt
        self._items = [item for item in self._items if item[1] > 0]

    def clear(self) -> None:
        self._items.clear()

    def __iter__(self) -> Iterator[tuple[str, float]]:
        return ((text, left) for text, left in self._items)

    def __getitem__(self, index: int) -> tuple[str, float]:
        text, left = self._items[index]
        return text, left

    def __len__(self) -> int:
        return len(self._items)

    def draw(self, canvas) -> None:
        """Red boxes at the top of the screen, the newest lowest."""
        x = layout.centre_x(WIDTH)
        y = layout.MARGIN
        step = canvas.line_height(theme.FONT_SMALL)
        for text, left in self._items:
            lines = canvas.wrap(text, theme.FONT_SMALL, WIDTH - 2 * PAD)
            h = PAD + step * len(lines)
            alpha = int(235 * min(1.0, left / FADE))
            canvas.shade((x, y, WIDTH, h), alpha, (70, 22, 22), radius=10)
            canvas.rect(theme.BAD, (x, y, WIDTH, h), width=2, radius=10)
            for i, line in enumerate(lines):
                canvas.text(line, theme.FONT_SMALL, theme.TEXT, (x + PAD, y + PAD / 2 + step * i))
            y += h + PAD / 2
