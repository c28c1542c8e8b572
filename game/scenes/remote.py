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

FIELD = (layout.LEFT + 10, 330, layout.RIGHT - layout.LEFT - 20, 60)
NOTE_Y = 410
HOW = ("Friends far away play through a tunnel or overlay network that you run on this computer, such as "
       "Cloudflare Tunnel or Tailscale Funnel: it gives you an https address that reaches the game. Type or paste "
       "that address here. The game puts it in the invite link and QR code and lets in browsers that come "
       "through it, with the room code or a seat's own link; the join screen lists every remote seat and can "
       "remove it. The game itself still listens only on this computer's network, so point the tunnel at {local}.")
HTTP_WARNING = "This address is not https: the room code and seat links would cross the internet unprotected."


class RemoteScene(Scene):
    opaque = False  # over the settings or the join screen it was opened from

    def __init__(self, app):
        super().__init__(app)
        self.typed = app.settings.public_address
        self.local = f"http://{lan_address() or 'this computer'}:{REMOTE_PORT}"  # where the tunnel points
        self.note, self.note_colour = self._warning(self.typed), theme.WARN
        self.buttons = ButtonGroup()
        self._build()
        pygame.key.start_text_input()

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
        canvas.paragraph(HOW.format(local=self.local), theme.FONT_BODY, theme.TEXT, (FIELD[0], 120), FIELD[2])
        canvas.text("Public address", theme.FONT_LABEL, theme.ACCENT, (FIELD[0], FIELD[1] - 36), bold=True)
        canvas.rect(theme.BG, FIELD, radius=10)
        canvas.rect(theme.ACCENT, FIELD, width=2, radius=10)
        shown = self.typed + "_" if self.typed else "https://…  (empty: remote play is off)"
        canvas.text(shown, theme.FONT_LABEL, theme.TEXT if self.typed else theme.TEXT_DIM,
                    (FIELD[0] + 16, FIELD[1] + FIELD[3] / 2), anchor="midleft", width=FIELD[2] - 32, shorten_ok=True)
        if self.note:
            canvas.paragraph(self.note, theme.FONT_BODY, self.note_colour, (FIELD[0], NOTE_Y), FIELD[2])
        self.buttons.draw(canvas)

