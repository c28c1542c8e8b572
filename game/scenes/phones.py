"""Join with your phone: the QR code, the address and room code, each phone seat's state, and a way
out for a phone that cannot connect (the seat switches to keys, a pad or passing the screen). A seat
that a phone took with the room code alone says so, and its button removes that phone (the number key
of its row does too): anyone who saw the code could have taken it.

Shown before the first move of a game with phone seats (new or resumed), and from the pause menu.
"""

from __future__ import annotations

import pygame
import segno

from game import controls
from game.phones.bridge import TROUBLE
from game.scenes.base import AMBIENT_FPS, Scene
from game.ui import layout, theme
from game.ui.layout import LEFT, RIGHT
from game.ui.widgets import Button, ButtonGroup, backdrop, heading, panel

QR_RECT = (LEFT + 10, 150, 330, 330)
SEATS_X = 560  # the phone seats' column
ROW_Y, ROW_H = 170, 62
FALLBACK_W = 250
FALLBACK_X = RIGHT - 10 - FALLBACK_W  # the button that lets a seat play without its phone
STATUS_X = SEATS_X + 250
TROUBLE_AFTER = 15.0  # seconds with a seat still waiting before the tips appear
STATUS = {
    "waiting": ("waiting to join", theme.TEXT_DIM),
    "connected": ("connected", theme.GOOD),
    "lost": ("lost: reopen the page", theme.BAD),
    "by code": ("by room code", theme.WARN),
    "remote": ("far away", theme.ACCENT),
}
HTTP_WARNING = "Not https: the code is not private."


class PhoneScene(Scene):
    shows_phone_seats = True  # a seat taken with the room code needs no notice here: its row shows it

    def __init__(self, app, table, back):
        super().__init__(app)
        self.table, self.back = table, back
        self.clock = 0.0
        self.qr: tuple[tuple, pygame.Surface] | None = None  # (address, size) -> the code, scaled
        self.buttons = ButtonGroup()
        self.shown_ready = False
        self._build()

    @property
    def seats(self):
        return self.table.seats

    def phone_panel(self, seat: int) -> dict:
        return {"status": f"You are in, {self.seats[seat].name}! The game starts when every phone has joined.",
                "lines": [], "choices": [], "turn": 0}

    def _phone_rows(self) -> list[int]:
        return sorted(controls.phone_seats(self.seats))

    def _status(self, seat: int) -> str:
        server = self.app.phones.server
        return server.status(seat) if server is not None else "waiting"

    def _by_code(self, seat: int) -> bool:
        server = self.app.phones.server
        return server is not None and server.joined_by_code(seat)

    def _remote(self, seat: int) -> bool:
        server = self.app.phones.server
        return server is not None and server.joined_remotely(seat)

    def _removable(self, seat: int) -> bool:
        """A phone anyone who saw the code could be holding (room code alone, or from far away): the TV may
        remove it."""
        return self._by_code(seat) or self._remote(seat)

    def _look(self) -> tuple:
        """What the buttons depend on: redrawn when it changes."""
        return self.ready and self.app.phones.server is not None, tuple(map(self._removable, self._phone_rows()))

    @property
    def ready(self) -> bool:
        return all(self._status(seat) == "connected" for seat in self._phone_rows())

    def _build(self) -> None:
        self.look = self._look()
        self.shown_ready = self.look[0]
        buttons = []
        for row, seat in enumerate(self._phone_rows()):
            rect = (FALLBACK_X, ROW_Y + row * ROW_H + 8, FALLBACK_W, 44)
            if self._removable(seat):
                buttons.append(Button("Remove phone", rect, lambda s=seat: self._remove(s), pygame.K_1 + row, str(row + 1),
                                      size=theme.FONT_SMALL, reason="Not this player's phone? Free the seat"))
            else:
                buttons.append(Button(self._fallback_label(seat), rect, lambda s=seat: self._switch(s),
                                      size=theme.FONT_SMALL, reason="Play this seat without a phone"))
        far, play, menu = layout.button_row([260, 200, 150], layout.PANEL_ROW_Y, gap=10, right=RIGHT)
        buttons.append(Button("Friends far away", far, lambda: self.app.scenes.push("remote"), pygame.K_f, "F",
                              reason="Let friends in another town join through your own tunnel"))
        buttons.append(Button("Play", play, self._play, pygame.K_RETURN, "Enter", accent=True, enabled=self.shown_ready,
                              reason="Waiting for every phone to join"))
        buttons.append(Button("Menu", menu, self.table.pause, pygame.K_ESCAPE, "Esc"))
        self.buttons.set(buttons)

    def _fallback(self, seat: int) -> str:
        """The input a seat takes instead of its phone: a free keyboard zone in a game of secret choices,
        else any input (passing the screen)."""
        if not self.table.info.rules_class.simultaneous:
            return controls.ANY
        taken = {s.control for s in self.seats}
        return next((zone for zone in controls.KEY_ZONES if zone not in taken), controls.ANY)

    def _fallback_label(self, seat: int) -> str:
        fallback = self._fallback(seat)
        if fallback != controls.ANY:
            return f"Use {controls.label(fallback)}"
        return "Pass the screen" if self.table.info.rules_class.simultaneous else "Use the TV instead"

    def _switch(self, seat: int) -> None:
        self.seats[seat].control = self._fallback(seat)
        self.table.autosave()
        self.table.refresh()
        if not self._phone_rows():
            self._play()
            return
        self._build()

    def _remove(self, seat: int) -> None:
        """The phone that took this seat with the room code is let go; the seat waits for a phone again."""
        if self.app.phones.server is not None:
            self.app.phones.server.remove(seat)
        self._build()

    def _play(self) -> None:
        self.back()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.look != self._look():
            self._build()

    def frame_rate(self) -> float:
        return AMBIENT_FPS  # phones join without touching the keyboard

    # ----- drawing ---------------------------------------------------------------------
    def draw(self, canvas) -> None:
        backdrop(canvas)
        panel(canvas, layout.PANEL)
        heading(canvas, "Play from your phone", LEFT)
        server = self.app.phones.server
        if server is None:
            canvas.paragraph(self.app.phones.problem or "Starting the phone server…", theme.FONT_BODY, theme.BAD,
                             (LEFT + 10, 160), 760)
        else:
            self._draw_code(canvas, server)
        canvas.text("Phone seats", theme.FONT_LABEL, theme.ACCENT, (SEATS_X, 130), bold=True)
        for row, seat in enumerate(self._phone_rows()):
            y = ROW_Y + row * ROW_H + 30
            name, color = theme.PLAYER_COLORS[self.seats[seat].color]
            canvas.symbol(theme.PLAYER_SYMBOLS[self.seats[seat].color], color, (SEATS_X + 18, y), 14)
            canvas.text(self.seats[seat].name, theme.FONT_LABEL, color, (SEATS_X + 42, y), anchor="midleft", bold=True,
                        width=200, height=50, shorten_ok=True)
            status = self._status(seat)
            text, shade = STATUS[self._shown_status(seat, status)]
            canvas.text(text, theme.FONT_BODY, shade, (STATUS_X, y), anchor="midleft", width=FALLBACK_X - 10 - STATUS_X)
        self.buttons.draw(canvas)
        waiting = any(self._status(seat) != "connected" for seat in self._phone_rows())
        if waiting and self.clock > TROUBLE_AFTER:
            y = 440
            canvas.text("A phone cannot connect?", theme.FONT_BODY, theme.WARN, (SEATS_X, y), bold=True)
            for tip in TROUBLE:
                y = canvas.paragraph("• " + tip, theme.FONT_SMALL, theme.TEXT, (SEATS_X, y + 34), RIGHT - SEATS_X) - 30

    def _shown_status(self, seat: int, status: str) -> str:
        if status != "connected":
            return status
        return "remote" if self._remote(seat) else "by code" if self._by_code(seat) else status

    def _draw_code(self, canvas, server) -> None:
        target = canvas.prect(QR_RECT)
        key = (server.address, target.size)
        if self.qr is None or self.qr[0] != key:
            self.qr = key, _qr_surface(server.address, target.size)
        canvas.surface.blit(self.qr[1], target)
        x, y, w, h = QR_RECT
        lines = [("Scan with the phone's camera, or open", theme.FONT_SMALL, theme.TEXT_DIM),
                 (server.short_address, theme.FONT_LABEL, theme.TEXT, True),
                 (f"room code {server.room_shown}", theme.FONT_LABEL, theme.ACCENT, True)]
        if server.address.startswith("http://") and server.public:
            lines.append((HTTP_WARNING, theme.FONT_SMALL, theme.BAD))
        canvas.stack(lines,
                     (x - 40, y + h + 14, w + 80, layout.bottom(layout.PANEL) - 6 - y - h - 14), centre=True)


def _qr_surface(text: str, size: tuple[int, int]) -> pygame.Surface:
    """The QR code as crisp square modules on white, with the quiet border scanners need."""
    code = segno.make(text, error="m")
    rows = [list(row) for row in code.matrix]
    border = 3
    n = len(rows) + 2 * border
    small = pygame.Surface((n, n))
    small.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x + border, y + border), (0, 0, 0))
    side = min(size) // n * n  # whole pixels per module
    big = pygame.Surface(size)
    big.fill((255, 255, 255))
    big.blit(pygame.transform.scale(small, (side, side)), ((size[0] - side) // 2, (size[1] - side) // 2))
    return big
