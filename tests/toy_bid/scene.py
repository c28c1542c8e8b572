"""The table: each seat bids with its own keys or pad; the screen shows only who is ready until all cards flip."""

from __future__ import annotations

import pygame

from game import controls
from game.scenes.table import TableScene
from game.ui import theme
from game.ui.input import zone_index
from game.ui.scoreboard import Scoreboard
from toy_bid.preferences import REVEAL, REVEAL_SECONDS
from toy_bid.rules import BIDS, Revealed

PAD_BIDS = {pygame.CONTROLLER_BUTTON_A: 1, pygame.CONTROLLER_BUTTON_B: 2, pygame.CONTROLLER_BUTTON_X: 3,
            pygame.CONTROLLER_BUTTON_Y: 4, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: 5}


class GameScene(TableScene):
    BOT_THINK = 0.5

    def __init__(self, app, info, seats, game, slot):
        super().__init__(app, info, seats, game, slot)
        self.scoreboard = Scoreboard((16, 16, 300, 688), seats, info.bots)
        self.shown: Revealed | None = None
        self.message = self.prompt()

    def prompt(self) -> str:
        g = self.game
        return "" if g.is_over else f"Round {g.round + 1} of {g.rounds}: everyone bids at once."

    def bid_of(self, event) -> int | None:
        if event.type == pygame.KEYDOWN and getattr(event, "button", None) is None:
            index = zone_index(event.key)
            return None if index is None or index >= 5 else index + 1
        if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
            return PAD_BIDS.get(getattr(event, "button", None))
        return None

    def handle_input(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and getattr(event, "button", None) is None:
            self.pause()
            return
        bid = self.bid_of(event)
        if bid is None:
            return
        source = getattr(event, "source", "keyboard")
        for player in self.humans_to_act():
            if controls.accepts(self.seats[player].control, source):
                self.perform(player, bid)
                return

    def animate(self, event):
        if isinstance(event, Revealed):
            self.shown = event
            winner = "nobody" if event.winner is None else self.seats[event.winner].name
            self.message = f"Cards up! The round goes to {winner}."
            yield from self.wait_for(REVEAL_SECONDS[self.app.settings.choice(REVEAL.id)])
            self.shown = None

    # ----- phones: a seat bids from its phone ------------------------------------
    def phone_turn(self) -> int:
        return self.game.round  # the others' bids change nothing a seat can see

    def phone_choices(self, player: int) -> list[tuple[str, object, str]]:
        return [(str(bid), bid, "card") for bid in BIDS]

    def draw(self, canvas) -> None:
        canvas.clear(theme.BG)
        self.scoreboard.draw(canvas, [self.game.score(p) for p in range(self.game.players)], self.game.to_act(),
                             self.clock)
        self.draw_message(canvas, (330, 16, 934, 50))
        for p, seat in enumerate(self.seats):
            x = 340 + (p % 3) * 300
            y = 110 + (p // 3) * 260
            canvas.rect(theme.PANEL, (x, y, 280, 230), radius=14)
            canvas.text(seat.name, theme.FONT_LABEL, theme.TEXT, (x + 20, y + 16), width=240)
            if self.shown is not None:
                card = str(self.shown.bids[p])
            elif p in self.game.to_act():
                card = "..." if seat.bot is not None else controls.label(seat.control)
            else:
                card = "ready"
            canvas.text(card, theme.FONT_HEADING, theme.ACCENT, (x + 140, y + 130), anchor="center", bold=True)
        self.draw_banner(canvas, (800, 400))
