"""Friends far away: the public address at which the host's own tunnel or overlay network reaches the
phone server. Empty, remote play is off; set, it goes into the invite link and QR code, and browsers that
come through it are let in (with the room code or a seat's link, like any phone). Typed or pasted here;
an http address is taken with a warning (the room code would cross the internet unprotected).
"""

from __future__ import annotations

import pygame

from game.phones.server import REMOTE_PORT, lan_address
from game.scenes.base import Scene
from game.settings import ADDRESS_LIMIT, public_address
from game.ui import layout, theme
from game.ui.widgets import Button, ButtonGroup, heading, panel

LEFT, WIDTH = layout.LEFT + 10, layout.RIGHT - layout.LEFT - 20
TEXT_Y, FIELD_H = 112, 56
HOW = ("Friends far away join through a tunnel that you run on this computer, such as Cloudflare Tunnel or "
       "Tailscale Funnel. Point it at {local} and paste the https address it gives you here: the invite link and "
       "QR code then use it. Only the room code or a seat's own link lets anyone in, and the join screen lists "
       "every remote seat with a button to remove it.")
HTTP_WARNING = "This address is not https: the room code and seat links would cross the internet unprotected."


class RemoteScene(Scene):
    opaque = False  # over the settings or the join screen it was opened from

    def __init__(self, app):
        super().__init__(app)
        self.typed = app.settings.public_address
        self.local = f"http://{lan_address() or 'this computer'}:{REMOTE_PORT}"  # where the tunnel points
        self.note, self.note_colour = self._warning(self.typed), theme.WARN
        self.buttons = ButtonGroup()
        self.listening = False  # text typed in the frame that opened this screen was the key that opened it
        self._build()
        pygame.key.start_text_input()

    def update(self, dt: float) -> None:
        self.listening = True

    def typing(self) -> bool:
        return True

    def _build(self) -> None:
        labels = [("Save", pygame.K_RETURN, "Enter", self._save), ("Paste", pygame.K_v, "Ctrl+V", self._paste),
                  ("Turn off", pygame.K_DELETE, "Del", self._turn_off), ("Back", pygame.K_ESCAPE, "Esc", self._back)]
        rects = layout.button_row([210] * len(labels), y=layout.PANEL_ROW_Y, gap=14)
        self.buttons.set([Button(label, rect, act, key, key_label, accent=i == 0, size=theme.FONT_BODY)
                          for i, ((label, key, key_label, act), rect) in enumerate(zip(labels, rects))])

    @staticmethod
    def _warning(address: str) -> str:
        return HTTP_WARNING if address.startswith("http://") else ""

    def _save(self) -> None:
        try:
            address = public_address(self.typed)
        except ValueError as problem:
            self.note, self.note_colour = f"Not saved: {problem}.", theme.BAD
            return
        self.typed = self.app.settings.public_address = address
        self.app.apply_settings()
        saved = f"Saved: {address}. It is used from the next game with phone seats." if address else \
            "Remote play is off: only phones on this network can join."
        self.note, self.note_colour = " ".join(filter(None, [saved, self._warning(address)])), \
            theme.WARN if self._warning(address) else theme.GOOD

    def _paste(self) -> None:
        try:
            text = pygame.scrap.get_text()  # SDL's clipboard: no setup needed
        except pygame.error:
            text = ""
        if not text:
            self.note, self.note_colour = "Nothing to paste: copy the address first.", theme.WARN
            return
        self.typed = (self.typed + text.strip())[:ADDRESS_LIMIT]

    def _turn_off(self) -> None:
        self.typed = ""
        self._save()

    def _back(self) -> None:
        pygame.key.stop_text_input()
        self.app.scenes.pop()

    def handle(self, event) -> None:
        if event.type == pygame.TEXTINPUT:
            if not self.listening:
                return
            self.typed = (self.typed + "".join(ch for ch in event.text if ch.isprintable()))[:ADDRESS_LIMIT]
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and not event.mod & pygame.KMOD_CTRL:
            return  # a plain V is typed text (it came as TEXTINPUT); Ctrl+V pastes
        self.buttons.handle(event)

    def draw(self, canvas) -> None:
        canvas.shade(layout.SCREEN, 170)
        panel(canvas, layout.PANEL)
        heading(canvas, "Friends far away")
        y = canvas.paragraph(HOW.format(local=self.local), theme.FONT_BODY, theme.TEXT, (LEFT, TEXT_Y), WIDTH) + 14
        label = canvas.text("Public address", theme.FONT_LABEL, theme.ACCENT, (LEFT, y), bold=True)
        field = (LEFT, y + label.height + 8, WIDTH, FIELD_H)  # under its label, at any text size
        canvas.rect(theme.BG, field, radius=10)
        canvas.rect(theme.ACCENT, field, width=2, radius=10)
        shown = self.typed + "_" if self.typed else "https://…  (empty: remote play is off)"
        canvas.text(shown, theme.FONT_LABEL, theme.TEXT if self.typed else theme.TEXT_DIM,
                    (LEFT + 16, field[1] + FIELD_H / 2), anchor="midleft", width=WIDTH - 32, shorten_ok=True)
        if self.note:
            canvas.paragraph(self.note, theme.FONT_BODY, self.note_colour, (LEFT, field[1] + FIELD_H + 14), WIDTH)
        self.buttons.draw(canvas)

