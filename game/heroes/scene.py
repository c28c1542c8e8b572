"""The Mars Needs Heroes table: secret bids from each seat's own keys or pad, the flip, the Freeze race.

Each human seat bids with the input bound to it in setup (a zone of five keys
plus a Freeze key, or a pad's five buttons plus LB); the TV only ever shows
"ready" until everyone is, then every card flips at once. Seats set to "pass
the screen" share one keyboard, mouse or pad: a privacy screen asks the others
to look away while each of them picks. After the flip the Freeze window
opens for its set length; the first press in event order fires. Bots bid
after a moment's thought (longer or shorter with Settings' bot pace) and fire
with human-like reflexes, the same at every pace: the Freeze is a race, and a
calmer table should not hand it to people.

What the table shows catches up from the rules' events (``Shown``), so the
flip, cancelled bids and the pot flying to its taker play in order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

import pygame

from game import controls
from game.core.steps import FRAMES, advance, drop
from game.core.words import agree, counted, does, joined, whom, whose
from game.heroes.preferences import FREEZE_SECONDS, FREEZE_TIME
from game.heroes.rules import (
    BID,
    FREEZE,
    FREEZE_WINDOW,
    HERO_CARDS,
    PASS,
    BiddingTie,
    BidPlaced,
    EndlessTieReset,
    Frozen,
    HandsBack,
    InvaderDrawn,
    PotTaken,
    Revealed,
    ranking_key,
)
from game.paths import asset_path
from game.scenes.base import FPS
from game.scenes.table import TableScene
from game.tournament import bot_steps
from game.ui import audio, layout, motion, theme
from game.ui.input import zone_index
from game.ui.widgets import Button, ButtonGroup

PAD_BIDS = {pygame.CONTROLLER_BUTTON_A: 1, pygame.CONTROLLER_BUTTON_B: 2, pygame.CONTROLLER_BUTTON_X: 3,
            pygame.CONTROLLER_BUTTON_Y: 4, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: 5}
PAD_FREEZE = pygame.CONTROLLER_BUTTON_LEFTSHOULDER
PAD_LABELS = ("A", "B", "X", "Y", "RB")
SHARED_FREEZE_KEYS = (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4)  # seats that pass the screen
ICE = (143, 227, 255)
POT_TOP, POT_H = 84, 150
POT = (layout.centre_x(900), POT_TOP - 6, 900, POT_H + 12)
WINDOW_BAR = (layout.centre_x(700), POT_TOP + POT_H + 8, 700, 14)  # the Freeze window's time left, under the pot
PANEL_TOP = 300  # the seats' panels, side by side to the bottom
PANEL_GAP = 12
MENU = (layout.W - layout.EDGE - 120, 14, 120, 44)
RESULT = (POT[0] + POT[2] + 8, POT[1], layout.W - layout.EDGE - POT[0] - POT[2] - 8, POT[3])  # the last pot's
# result, right of the pot
MESSAGE = (layout.EDGE, 14, MENU[0] - PANEL_GAP - layout.EDGE, 44)  # what just happened, left of Menu
HAND_Y, HAND_H, HAND_W, HAND_GAP = 330, 190, 140, 20  # the cards a seat passing the screen picks from
FREEZE_Y, FREEZE_W = 236, 280  # the Freeze buttons of the seats passing the screen, one row
FINALE_W, FINALE_PITCH = 680, 80  # the final count's rows
FLIP_SECONDS = 0.45
FLY_SECONDS = 0.35
CLASH_SECONDS = 0.9  # cancelled bids shake, then drop away under their cross
CLASH_SHAKE, CLASH_DROP = 7, 14  # how far (logical pixels) a cancelled card shakes and then drops


@dataclass
class Shown:
    """The table as the player has seen it so far (the rules are ahead while animations play)."""

    pile: int
    pot: list[int]
    hands: list[list[int]]
    played: list[list[int]]
    captured: list[list[int]]
    rays: list[bool]
    ready: set[int] = field(default_factory=set)
    bids: tuple[int, ...] | None = None  # face up after the flip
    cancelled: tuple[int, ...] = ()
    winner: int | None = None

    @classmethod
    def of(cls, game) -> "Shown":
        return cls(sum(game.pile), list(game.pot), [list(h) for h in game.hands], [list(p) for p in game.played],
                   [list(c) for c in game.captured], list(game.rays), set(game.bids))


@cache
def invader_art(colour: str) -> str | None:
    """A colour's Invader picture, if the game has one (else its symbol is drawn): looked for once, not by every
    card in the pot every frame."""
    art = f"heroes/invader-{colour}.svg"
    return art if asset_path(art).exists() else None


class GameScene(TableScene):
    TURN_SOUND = False
    KEEPS_TURN_LOG = True
    REMOTE_VIEW_LEAVES_OUT = ("bidding",)  # the rounds gone by (the turn log tells them)

    def __init__(self, app, info, seats, game, slot):
        super().__init__(app, info, seats, game, slot)
        self.shown = Shown.of(game)
        self.flip = 1.0  # 0..1 while the bids turn over
        self.clash = 1.0  # 0..1 while cancelled bids shake and drop away
        self.flying: tuple[list[int], float, int | None] | None = None  # cards, progress, to whom (None: the pot)
        self.plans: dict[int, tuple[object, float]] = {}  # bot -> (action, seconds into the step)
        self.pondering: dict[int, tuple] = {}  # bot -> (its stepwise decision, its random stream) while it thinks
        self.step: tuple | None = None  # the bidding round or Freeze window the plans are for
        self.step_clock = 0.0
        self.window: float | None = None  # seconds the Freeze window has been open
        self.uncovered: int | None = None  # a seat passing the screen who is looking at their cards
        self.finale_step = -1  # colours compared so far in the final comparison
        self.buttons = ButtonGroup()
        self.refresh()
        self.message = self.prompt()

    # ----- who plays how -----------------------------------------------------------
    def shares_screen(self, player: int) -> bool:
        return self.human(player) and self.seats[player].control == controls.ANY

    def next_to_pass(self) -> int | None:
        """The next seat that shares the screen and still has to bid (they pick in seat order)."""
        if self.game.phase != BID or not self.idle:
            return None
        return next((p for p in self.game.to_act() if self.shares_screen(p)), None)

    def chooser(self) -> int | None:
        """The seat passing the screen whose cards are on it now, picking a bid in private."""
        return self.uncovered if self.uncovered is not None and self.uncovered in self.humans_to_act() else None

    def input_label(self, player: int) -> str:
        seat = self.seats[player]
        if seat.bot is not None:
            return f"Bot: {self.info.bots[seat.bot].label}"
        if seat.control == controls.ANY:
            return f"Pass the screen · Freeze {self.key_name(SHARED_FREEZE_KEYS[player])}"
        if seat.control in controls.KEY_ZONES:
            return f"{controls.label(seat.control)} · Freeze {controls.action_key(seat.control)}"
        if seat.control == controls.PHONE:
            return "Phone · bids and Freeze on the phone"
        return f"{controls.label(seat.control)}: A B X Y RB · Freeze LB"

    def card_keys(self, player: int) -> tuple[str, ...]:
        control = self.seats[player].control
        if control in controls.KEY_ZONES:
            return tuple(controls.key_name(k) for k in controls.KEY_ZONES[control][:controls.CHOICE_KEYS])
        if control in controls.PADS:
            return PAD_LABELS
        return ("", "", "", "", "")

    # ----- input -------------------------------------------------------------------
    def refresh(self) -> None:
        buttons = [Button("Menu", MENU, self.pause, pygame.K_ESCAPE, "Esc", size=theme.FONT_BODY)]
        chooser = self.chooser()
        cover = self.next_to_pass()
        if chooser is not None:
            hand = self.game.hands[chooser]
            for card, rect in zip(hand, layout.button_row([HAND_W] * len(hand), HAND_Y, HAND_H, HAND_GAP)):
                buttons.append(Button(str(card), rect, lambda c=card, p=chooser: self._bid(p, c),
                                      pygame.K_1 + card - 1, str(card), size=theme.FONT_TITLE))
        elif cover is not None:
            buttons.append(Button(f"I am {self.seats[cover].name}: show my cards", (layout.centre_x(500), 420, 500, 64),
                                  lambda p=cover: self._uncover(p), pygame.K_RETURN, "Enter", accent=True,
                                  shorten_ok=True))
        elif self.window is not None:
            shared = [p for p in self.game.to_act() if self.shares_screen(p)]
            for p, rect in zip(shared, layout.button_row([FREEZE_W] * len(shared), FREEZE_Y, 52, 12)):
                buttons.append(Button(f"FREEZE! {self.seats[p].name}", rect, lambda p=p: self._freeze(p),
                                      SHARED_FREEZE_KEYS[p], f"F{p + 1}", size=theme.FONT_BODY, shorten_ok=True))
        self.buttons.set(buttons)

    def _uncover(self, player: int) -> None:
        self.uncovered = player
        self.refresh()

    def _bid(self, player: int, card: int) -> None:
        if self.uncovered == player:
            self.uncovered = None
        self.perform(player, card)
        self.refresh()

    def _freeze(self, player: int) -> None:
        if self.window is not None and player in self.game.to_act():
            self.perform(player, FREEZE)

    def handle_input(self, event) -> None:
        source = getattr(event, "source", "keyboard")
        button = getattr(event, "button", None)
        # While one seat's cards are on the screen, a key goes to that seat's cards (its number picks one) or
        # nowhere: never to the keyboard zone it belongs to, whose player may be looking away.
        if event.type == pygame.KEYDOWN and source.startswith("keys-") and self.chooser() is None:
            index = zone_index(event.key)
            if index is not None and self._press(source, index):
                return
        if event.type in (pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN) and source.startswith("pad-"):
            if button in PAD_BIDS and self._press(source, PAD_BIDS[button] - 1):
                return
            if button == PAD_FREEZE and self._press(source, controls.CHOICE_KEYS):
                return
        self.buttons.handle(event)

    def _press(self, source: str, index: int) -> bool:
        """A key of a zone or a pad button: the bound seat bids (0..4) or fires its Freeze Ray (5)."""
        for player in self.humans_to_act():
            if self.seats[player].control != source:
                continue
            if index == controls.CHOICE_KEYS:
                if self.window is not None:
                    self._freeze(player)
                return True
            if self.game.phase == BID:
                card = HERO_CARDS[index]
                if card in self.game.hands[player]:
                    self.perform(player, card)
                    audio.play("click")
                    self.app.input.rumble(source, 0.08 * card)
                else:
                    self.message = f"{self.seats[player].name}: your {card} is already on the table."
                return True
        return False

    # ----- phones ---------------------------------------------------------------------
    def phone_table_facts(self, view) -> dict:
        arts = {c.id: invader_art(c.id) for c in view.colours}
        return {"icons": {colour: art for colour, art in arts.items() if art is not None}}

    def phone_turn(self) -> int:
        """Each bidding round and each Freeze window is one decision (others' bids change nothing)."""
        return 2 * len(self.game.bidding) + (self.game.phase == FREEZE_WINDOW)

    def phone_choices(self, player: int) -> list[tuple[str, object, str]]:
        g = self.game
        if g.phase == BID:
            return [(str(card), card, "card") for card in g.hands[player]]
        return [("FREEZE!", FREEZE, "big")] if self.window is not None else []

    def phone_lines(self, player: int) -> list[str]:
        """The others' hands, and the player's own Invaders and Freeze Ray."""
        g = self.game
        haul = " · ".join(f"{c.name} {n}" for c, n in zip(g.colours, g.captured[player]) if n) or "none yet"
        return [*(f"{s.name} holds {' '.join(map(str, g.hands[p])) or '-'}"
                  for p, s in enumerate(self.seats) if p != player),
                f"Your Invaders: {haul}",
                f"Your Freeze Ray: {'ready' if g.rays[player] else 'used'}"]

    def phone_panel(self, player: int) -> dict:
        panel = super().phone_panel(player)
        g = self.game
        if g.phase == BID and (player in g.bids or panel["choices"]):
            self._phone_bid_note(panel, player)
        elif self.window is not None:
            self._phone_freeze_note(panel, player)
        return panel

    def _phone_bid_note(self, panel: dict, player: int) -> None:
        if player in self.game.bids:
            panel["note"] = f"You bid {self.game.bids[player]}. Waiting for the others…"
        else:
            panel["note"] = "Tap a card to bid. Only you can see it."

    def _phone_freeze_note(self, panel: dict, player: int) -> None:
        """While the Freeze window is open: fire now (with the time left), or the pot is about to be yours."""
        reveal = self.game.reveal
        mine = reveal is not None and reveal.winner == player
        if panel["choices"]:
            panel["note"] = "Your bid takes the pot. Fire your Freeze Ray first to keep it safe!" if mine \
                else "Fire your Freeze Ray to take this pot!"
            left = max(0.0, self.window_length() - self.window)
            panel["timer"] = {"left": round(left * 2) / 2, "total": self.window_length()}
        elif mine:
            panel["note"] = "Your bid takes the pot, unless a Freeze Ray fires!"

    def phone_act(self, player: int, action) -> None:
        if action == FREEZE:
            self._freeze(player)
        else:
            self._bid(player, action)
            audio.play("click")

    # ----- bots and the Freeze window -------------------------------------------------
    def drive_bots(self, bots: list[int]) -> None:
        """Each bot acts on its own clock: a bid after a moment's thought, the Freeze Ray by reflex."""
        if self.game.phase == FREEZE_WINDOW and self.window is None:
            return  # the window opens once the flip has been seen
        step = (self.game.phase, len(self.game.bidding))  # bids placed meanwhile change nothing a bot can see
        if step != self.step:
            self._stop_pondering()
            self.step, self.step_clock, self.plans = step, 0.0, {}
        unplanned = [p for p in bots if p not in self.plans]
        if unplanned:
            self._plan(unplanned[0])  # one bot thinks at a time (a long thinker in a thread): no frame waits for it
            return
        for player in bots:
            plan = self.plans.get(player)
            if plan is not None and self.step_clock >= plan[1] and player in self.game.to_act():
                del self.plans[player]
                self.perform(player, plan[0])
                return

    def _stop_pondering(self) -> None:
        """Thinking for a step gone by is dropped (a bot thinking in a thread stops at its next step)."""
        for steps, _ in self.pondering.values():
            drop(steps)
        self.pondering = {}

    def _plan(self, player: int) -> None:
        """The bot's thinking, a slice of this frame's or a look at its thread's; once it has decided, when in the
        step it acts."""
        if player not in self.pondering:
            rng = self.game.rng_for(f"bot/{player}")
            self.pondering[player] = bot_steps(self.info, self.game, player, self.seats[player].bot, rng), rng
        steps, rng = self.pondering[player]
        done, action = advance(steps, FRAMES.work_left())
        if not done:
            return
        del self.pondering[player]
        bot = self.info.bots[self.seats[player].bot]
        delay = bot.delay(self.game.view(player), player, action, rng) if bot.delay else self.BOT_THINK
        if self.game.phase == BID:  # the bot pace stretches a bid's thought, never a Freeze reflex (a race)
            delay *= self.bot_pace / self.speed
        self.plans[player] = (action, delay)

    def tick(self, dt: float) -> None:
        real = dt / self.speed  # the Freeze window and reflexes run in real time
        self.step_clock += real
        if self.window is None:
            return
        self.window += real
        if self.game.phase != FREEZE_WINDOW:
            self.window = None
            self.refresh()
        elif self.window >= self.window_length():
            self.window = None
            for player in self.game.to_act():
                if player in self.game.to_act():
                    self.perform(player, PASS)
            self.refresh()

    def window_length(self) -> float:
        """The set length when a person may fire; a short beat when only bots may."""
        people = any(self.human(p) for p in self.game.freezers())
        return FREEZE_SECONDS[self.app.settings.choice(FREEZE_TIME.id)] if people else 0.8

    def settled(self) -> None:
        self.shown = Shown.of(self.game) if self.game.phase != FREEZE_WINDOW else self.shown
        if self.game.phase == FREEZE_WINDOW and self.window is None:
            self.window = 0.0
            audio.play("alarm", 0.4)
        super().settled()
        self.refresh()

    def frame_rate(self) -> float:
        return FPS if self.window is not None or self.flying else super().frame_rate()

    # ----- animating the events ---------------------------------------------------------
    @property
    def animations(self) -> dict:
        return {InvaderDrawn: self._invader_drawn, BidPlaced: self._bid_placed, Revealed: self._reveal,
                Frozen: self._frozen, PotTaken: self._pot_taken, BiddingTie: self._bidding_tie,
                HandsBack: self._hands_back, EndlessTieReset: self._endless_tie_reset}

    def _invader_drawn(self, event: InvaderDrawn):
        shown = self.shown
        if shown.bids is not None and not shown.pot:
            shown.bids, shown.cancelled, shown.winner = None, (), None
        audio.play("select", 0.6)
        yield from self._fly([event.colour], None)
        shown.pot.append(event.colour)
        shown.pile = event.left

    def _bid_placed(self, event: BidPlaced) -> None:
        if self.shown.bids is not None:  # a new round of bids: the last reveal must not hide anyone's READY
            self.shown.bids, self.shown.cancelled, self.shown.winner = None, (), None
        self.shown.ready.add(event.player)
        if not self.human(event.player):
            audio.play("click", 0.7)

    def _frozen(self, event: Frozen):
        self.flash(ICE, 110, 1.2)
        self.shown.rays[event.player] = False
        who = self.seat_name(event.player)
        self.say_banner(f"FREEZE! {who}", ICE)
        pot = _count(len(self.shown.pot))
        if event.instead_of == event.player:
            self.narrate(f"{does(who, 'fire')} the Freeze Ray and {agree('keep', who)} the pot of {pot} safe!")
        else:
            took = f"{does(who, 'fire')} the Freeze Ray and {agree('take', who)} the pot of {pot}"
            beaten = self.seat_name(event.instead_of) if event.instead_of is not None else None
            self.narrate(f"{took} from {whom(beaten)}!" if beaten else f"{took}!")
        audio.play("freeze")
        self.app.input.rumble(self.seats[event.player].control, 0.5, 1.0)
        yield from self.wait_for(1.1)

    def _pot_taken(self, event: PotTaken):
        shown = self.shown
        cards = list(shown.pot)
        shown.pot = []
        if not event.frozen:  # a Freeze has just said who takes it
            self.narrate(f"{does(self.seat_name(event.player), 'take')} the pot of {_count(len(cards))}: "
                         f"{self.colours_of(cards)}.")
        audio.play("score")
        name = self.seat_name(event.player)
        self.hold_result(name, f"{'froze' if event.frozen else 'took'} {len(cards)}", theme.GOOD)
        self.log_turn(pot_line(name, len(cards), self.colours_of(cards), event.frozen))
        yield from self._fly(cards, event.player)
        for colour in cards:
            shown.captured[event.player][colour] += 1
        yield from self.wait_for(0.5)

    def _bidding_tie(self, event: BiddingTie):
        self.say_banner("Bidding tie!", theme.WARN)
        adding = f"{_count(event.adding)} {agree('join', event.adding)} the pot." if event.adding \
            else "No Invaders left to add: bid again!"
        self.narrate(f"A bidding tie: {adding}")
        self.hold_result("Tie", f"pot of {event.pot + event.adding}", theme.WARN)
        self.log_turn(f"A bidding tie: the pot grows to {_count(event.pot + event.adding)}" if event.adding
                      else f"A bidding tie: the pot of {_count(event.pot)} is bid again")
        yield from self.wait_for(1.0)
        self.shown.bids, self.shown.cancelled = None, ()

    def _hands_back(self, event: HandsBack):
        self._refill_hands()
        self.narrate("Everyone picks up their Hero cards: every hand is full again.")
        audio.play("turn")
        yield from self.wait_for(0.8)

    def _endless_tie_reset(self, event: EndlessTieReset):
        self._refill_hands()
        self.shown.rays = [True] * len(self.shown.rays)
        self.say_banner("Endless tie: reset!", theme.WARN)
        self.narrate("The last pot keeps tying: full hands again, and every Freeze Ray is armed once more.")
        yield from self.wait_for(1.4)

    def _refill_hands(self) -> None:
        self.shown.hands = [list(HERO_CARDS) for _ in self.shown.hands]
        self.shown.played = [[] for _ in self.shown.played]

    def _reveal(self, event: Revealed):
        yield from self.release_result()  # the last pot's result has had its time on screen
        shown = self.shown
        shown.ready = set()
        shown.bids, shown.cancelled, shown.winner = event.bids, (), event.winner
        for p, card in enumerate(event.bids):
            shown.hands[p].remove(card)
            shown.played[p].append(card)
        audio.play("reveal")
        self.message = "Cards up!"  # not a narration (those name who acted): every bid is in and turning over
        self.flip = 0.0
        while self.flip < 1.0:
            self.flip = min(1.0, self.flip + (yield) / motion.flight(FLIP_SECONDS))
        if event.cancelled:
            yield from self.wait_for(0.3)
            shown.cancelled = event.cancelled
            self.say_banner(f"The {joined([f'{n}s' for n in event.cancelled])} cancel!", theme.BAD)
            audio.play("cancel")
            self.clash = 0.0
            while self.clash < 1.0:
                self.clash = min(1.0, self.clash + (yield) / motion.flight(CLASH_SECONDS))
        self.narrate(reveal_text([s.name for s in self.seats], event))
        yield from self.wait_for(0.5)

    def colours_of(self, cards: list[int]) -> str:
        """"2 yellow and 1 blue": a pot's Invaders by colour, most first."""
        counts = {colour: cards.count(colour) for colour in sorted(set(cards), key=lambda c: (-cards.count(c), c))}
        return joined([f"{n} {self.game.colours[colour].name.lower()}" for colour, n in counts.items()])

    def _fly(self, cards: list[int], to: int | None):
        self.flying = (cards, 0.0, to)
        seconds = motion.flight(FLY_SECONDS)
        t = 0.0
        while t < seconds:
            t += yield
            self.flying = (cards, min(1.0, t / seconds), to)
        self.flying = None

    def finale(self, outcome):
        """The final comparison, colour by colour: who is still level after each."""
        self.finale_step = 0
        colours = len(self.game.colours)
        keys = [ranking_key(c) for c in self.game.captured]
        self.narrate("Final count: the most Invaders of one colour wins.")
        for step in range(colours):
            self.finale_step = step
            audio.play("select")
            yield from self.wait_for(0.9)
            if len(self._still_level(keys, step)) == 1:
                break
        yield from self.wait_for(1.2)

    @staticmethod
    def _still_level(keys, step: int) -> list[int]:
        """Players who match the best collection on every colour compared so far."""
        best = max(keys)
        return [p for p, key in enumerate(keys) if key[:step + 1] == best[:step + 1]]

    # ----- results ---------------------------------------------------------------------
    def prompt(self) -> str:
        g = self.game
        if g.is_over:
            return ""
        if g.phase == BID:
            pot = len(g.pot)
            waiting = [whom(self.seats[p].name) for p in g.to_act() if self.human(p)]
            lead = f"Bid for {_count(pot)}" + (" (the pot after a tie)" if g.bid_rounds else "")
            return f"{lead}: everyone picks a Hero card at once." + (
                f" Waiting for {joined(waiting)}." if waiting else "")
        if g.phase == FREEZE_WINDOW:
            return freeze_text([s.name for s in self.seats], g.reveal)
        return ""

    # ----- drawing -----------------------------------------------------------------------
    def ambient_area(self) -> list:
        return [self._panel_rect(p) for p in self.game.to_act()]

    def ambient_look(self, canvas) -> object:
        if self.window is not None:  # the Freeze Rays' rings pulse in step with the clock
            return None
        return tuple(self.game.to_act()), canvas.size(self._edge())

    def _edge(self) -> float:
        """The pulsing edge's width round the panels of those still to bid."""
        return 2 + 2 * motion.pulse(self.clock * 4)

    def draw(self, canvas) -> None:
        canvas.clear(theme.BG)
        self.draw_message(canvas, MESSAGE)
        self._draw_pile(canvas)
        self._draw_pot(canvas)
        for p in range(self.game.players):
            self._draw_seat(canvas, p)
        self._draw_window(canvas)
        self.draw_result(canvas, RESULT, headline_size=theme.FONT_LABEL, by_name=True)  # a narrow box, headed by a name
        self._draw_flying(canvas)
        self.draw_flash(canvas, POT)
        if self.finale_step >= 0:
            self._draw_finale(canvas)
        self._draw_privacy(canvas)
        self.buttons.draw(canvas)
        self.draw_banner(canvas, (layout.CENTRE_X, 200))

    def past_turns(self) -> list[str]:
        """A resumed game's pots, from the rules' record."""
        colours = self.game.colours
        return [pot_line(self.seats[pot.player].name, len(pot.cards),
                         joined([colours[c].name.lower() for c in sorted(set(pot.cards))]), pot.frozen)
                for pot in self.game.history]

    def _draw_pile(self, canvas) -> None:
        x, y = 40, POT_TOP + 10
        for i in range(min(4, max(1, self.shown.pile // 8))):
            canvas.image("heroes/hero-back.svg", (x + i * 3, y - i * 3, 110, 130))
        canvas.text(f"Pile: {self.shown.pile}", theme.FONT_BODY, theme.TEXT, (x + 55, y + 142), anchor="midtop")

    def pot_slots(self, n: int) -> list[tuple[float, float, float, float]]:
        width = min(96.0, 760 / max(1, n) - 8)
        height = width * 1.3
        start = layout.centre_x(n * (width + 8) - 8)
        return [(start + i * (width + 8), POT_TOP + (POT_H - height) / 2, width, height) for i in range(n)]

    def _draw_pot(self, canvas) -> None:
        if canvas.clipped_away(POT):
            return
        canvas.rect(theme.PANEL, POT, radius=16)
        if not self.shown.pot:
            canvas.text("The pot", theme.FONT_BODY, theme.TEXT_FAINT, layout.middle(POT), anchor="center")
        for colour, rect in zip(self.shown.pot, self.pot_slots(len(self.shown.pot))):
            self._draw_invader(canvas, colour, rect)

    def _draw_invader(self, canvas, colour: int, rect) -> None:
        c = self.game.colours[colour]
        x, y, w, h = rect
        canvas.box(rect)
        canvas.rect((24, 18, 36), (x, y, w, h), radius=w * 0.12)
        canvas.rect(c.rgb, (x, y, w, h), width=max(2, w * 0.05), radius=w * 0.12)
        art = invader_art(c.id)
        if art is not None:
            canvas.image(art, (x + w * 0.1, y + h * 0.18, w * 0.8, w * 0.8))
        else:
            canvas.symbol(c.shape, c.rgb, (x + w / 2, y + h * 0.5), w * 0.32)
        canvas.text(c.letter, max(14, w * 0.24), c.rgb, (x + w * 0.08, y + h * 0.02), bold=True)

    def _panel_rect(self, p: int) -> tuple[float, float, float, float]:
        n = self.game.players
        x, width = layout.shares(n, layout.EDGE, layout.W - 2 * layout.EDGE, PANEL_GAP)[p]
        return x, PANEL_TOP, width, layout.H - PANEL_TOP - PANEL_GAP

    def _draw_seat(self, canvas, p: int) -> None:
        """A seat's panel: its name, its hand and its captured Invaders are a layer each, made again only when they
        change (the table drawn call by call took 11-12 ms a frame at 1920x1080; one layer for the whole panel
        made a reveal, which changes every hand, a frame of 12-22 ms); the pulsing edge, the Freeze Ray and the
        bid, which move, are drawn over them."""
        x, y, w, h = rect = self._panel_rect(p)
        if canvas.clipped_away(rect):
            return  # only the pulsing edge of another seat's panel is being redrawn
        seat = self.seats[p]
        color = theme.PLAYER_COLORS[seat.color][1]
        canvas.rect(theme.PANEL, rect, radius=14)
        if p in self.game.to_act() and not self.game.is_over:
            canvas.rect(color, rect, width=self._edge(), radius=14)
        label = self.input_label(p)
        canvas.cached(("heroes seat", seat.name, seat.color, label, w), (x, y, w, 76),
                      lambda c: self._draw_name(c, p, x, y, w, label))
        keys = self.card_keys(p) if self.human(p) else ()
        canvas.cached(("heroes hand", keys, tuple(self.shown.hands[p]), w), (x + 8, y + 222, w - 16, 106),
                      lambda c: self._draw_hand(c, p, x + 12, y + 232, w - 24, keys))
        captured = tuple(self.shown.captured[p]), tuple(c.id for c in self.game.colours)
        canvas.cached(("heroes captured", captured, w), (x + 8, y + 326, w - 16, h - 330),
                      lambda c: self._draw_captured(c, p, x + 12, y + 334, w - 24))
        self._draw_ray(canvas, p, (x + w - 64, y + 6, 54, 54))
        self._draw_bid(canvas, p, (x + w / 2 - 48, y + 74, 96, 124))

    def _draw_name(self, canvas, p: int, x: float, y: float, w: float, label: str) -> None:
        seat = self.seats[p]
        color = theme.PLAYER_COLORS[seat.color][1]
        canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (x + 24, y + 24), 11)
        canvas.text(seat.name, theme.FONT_LABEL, color, (x + 42, y + 8), bold=True, width=w - 110, height=36,
                    shorten_ok=True)
        canvas.text(label, theme.FONT_SMALL, theme.TEXT_DIM, (x + 16, y + 44), width=w - 90, height=28)

    def _draw_ray(self, canvas, p: int, rect) -> None:
        """The seat's Freeze Ray token; while the window is open, a ring and the key that fires it."""
        x, y, w, h = rect
        canvas.image("heroes/freeze-ray.svg" if self.shown.rays[p] else "heroes/freeze-used.svg", rect)
        if self.window is None or p not in self.game.to_act():
            return
        canvas.circle(ICE, (x + w / 2, y + h / 2), w / 2 + 3 + 3 * motion.pulse(self.clock * 10), 3)
        if self.human(p):
            seat = self.seats[p]
            key = self.key_name(SHARED_FREEZE_KEYS[p]) if self.shares_screen(p) else controls.action_key(seat.control)
            canvas.text(key, theme.FONT_BODY, ICE, (x + w / 2, y + h + 4), anchor="midtop", bold=True)

    def _draw_bid(self, canvas, p: int, rect) -> None:
        """A seat's bid: face down and READY, turning over at the flip, or an empty slot while they choose."""
        x, y, w, h = rect
        canvas.box(rect)  # a card: text stays on it or off it
        if p in self.shown.ready:
            canvas.image("heroes/hero-back.svg", rect)
            canvas.text("READY", theme.FONT_LABEL, theme.GOOD, (x + w / 2, y + h + 2), anchor="midtop", bold=True)
        elif self.shown.bids is not None:
            self._draw_turned_bid(canvas, p, rect)
        else:
            canvas.rect(theme.PANEL_LIGHT, rect, width=2, radius=10)
            waiting = self.game.phase == BID and p in self.game.to_act()
            label = ("thinking…" if not self.human(p) else "choose!") if waiting else ""
            canvas.text(label, theme.FONT_SMALL, theme.TEXT_DIM, (x + w / 2, y + h / 2), anchor="center", width=w - 8)

    def _draw_turned_bid(self, canvas, p: int, rect) -> None:
        """The bid turning edge-on and over (with reduced motion: the back fading out, the card in); once up,
        crossed out if it cancelled, framed if it wins."""
        x, y, w, h = rect
        if motion.reduced():
            side, alpha = motion.glide(self.flip)
            cw = w
        else:
            side, alpha = (0.0 if self.flip < 0.5 else 1.0), 1.0
            cw = w * abs(math.cos(self.flip * math.pi))  # the card turns edge-on half way
        if side < 1:
            if cw > 4:
                canvas.faded(rect, alpha, lambda c: c.turned("heroes/hero-back.svg", rect, cw / w))
            return
        canvas.faded((x - 8, y - 8, w + 16, h + CLASH_DROP + 16), alpha, lambda c: self._draw_face_up(c, p, rect, cw))

    def _draw_face_up(self, canvas, p: int, rect, cw: float) -> None:
        x, y, w, h = rect
        shown = self.shown
        color = theme.PLAYER_COLORS[self.seats[p].color][1]
        cx = x + (w - cw) / 2
        card = shown.bids[p]
        out = card in shown.cancelled
        if out:  # it clashes with its equal: a shake, then it drops a little under its cross
            shake = math.sin(self.clash * math.pi * 7) * CLASH_SHAKE * max(0.0, 1 - 2 * self.clash)
            cx += motion.sway(shake)
            y += motion.sway(CLASH_DROP * max(0.0, 2 * self.clash - 1))
        canvas.rect((250, 246, 240) if not out else (120, 112, 130), (cx, y, cw, h), radius=10)
        canvas.rect(color, (cx, y, cw, h), width=4, radius=10)
        if cw > 20:
            canvas.text(str(card), theme.FONT_TITLE, color if not out else theme.TEXT_DIM,
                        (cx + cw / 2, y + h / 2), anchor="center", bold=True)
        if out:
            canvas.line(theme.BAD, (cx + 8, y + 8), (cx + cw - 8, y + h - 8), 6)
            canvas.line(theme.BAD, (cx + cw - 8, y + 8), (cx + 8, y + h - 8), 6)
        elif shown.winner == p and self.flip >= 1:
            canvas.rect(theme.WARN, (x - 6, y - 6, w + 12, h + 12), width=4, radius=14)

    def _draw_hand(self, canvas, p: int, x: float, y: float, width: float, keys: tuple[str, ...]) -> None:
        keys = keys or ("",) * 5
        size = min(54.0, (width - 4 * 8) / 5)
        for i, card in enumerate(HERO_CARDS):
            cx = x + i * (size + 8) + (width - 5 * size - 32) / 2
            held = card in self.shown.hands[p]
            fill = theme.PANEL_LIGHT if held else theme.BG
            canvas.rect(fill, (cx, y, size, size * 1.15), radius=7)
            canvas.rect(theme.PANEL_EDGE if held else theme.PANEL, (cx, y, size, size * 1.15), width=2, radius=7)
            canvas.text(str(card), theme.FONT_HEADING, theme.TEXT if held else theme.TEXT_FAINT,
                        (cx + size / 2, y + size * 0.58), anchor="center", bold=held)
            if held and keys[i]:
                canvas.text(keys[i], theme.FONT_SMALL, theme.ACCENT, (cx + size / 2, y + size * 1.15 + 3),
                            anchor="midtop", bold=True)

    def _draw_captured(self, canvas, p: int, x: float, y: float, width: float) -> None:
        counts = sorted(enumerate(self.shown.captured[p]), key=lambda item: (-item[1], item[0]))
        step = width / len(counts)
        for i, (colour, n) in enumerate(counts):
            c = self.game.colours[colour]
            cx = x + i * step + step / 2
            canvas.symbol(c.shape, c.rgb if n else theme.PANEL_LIGHT, (cx - 16, y + 24), 18)
            canvas.text(c.letter, theme.FONT_SMALL, (20, 14, 30), (cx - 16, y + 26), anchor="center", bold=True)
            canvas.text(str(n), theme.FONT_HEADING, theme.TEXT if n else theme.TEXT_FAINT, (cx + 6, y + 24),
                        anchor="midleft", bold=True)

    def _draw_window(self, canvas) -> None:
        if self.window is None:
            return
        left = max(0.0, 1 - self.window / self.window_length())
        x, y, w, h = WINDOW_BAR
        canvas.rect(theme.PANEL, WINDOW_BAR, radius=h / 2)
        canvas.rect(ICE, (x, y, w * left, h), radius=h / 2)

    def _draw_flying(self, canvas) -> None:
        """Cards on their way to the pot or to the pot's winner (with reduced motion: gone, then there)."""
        if self.flying is None:
            return
        cards, t, to = self.flying
        along, alpha = motion.glide(t)
        ease = 1 - (1 - along) ** 3
        slots = self.pot_slots(len(self.shown.pot) + (1 if to is None else 0))
        rects = []
        for i in range(len(cards)):
            if to is None:
                sx, sy, ex, ey = 95, POT_TOP + 75, *slots[-1][:2]
                w = slots[-1][2]
            else:
                px, py, pw, _ = self._panel_rect(to)
                sx, sy = self.pot_slots(len(cards))[i][:2]
                ex, ey, w = px + pw / 2, py + 290, 60
            rects.append((sx + (ex - sx) * ease, sy + (ey - sy) * ease, w, w * 1.3))

        def paint(c) -> None:
            for colour, rect in zip(cards, rects):
                self._draw_invader(c, colour, rect)

        if rects:
            canvas.faded(layout.around(rects, 2), alpha, paint)  # a layer round the cards, not the whole screen

    def _draw_finale(self, canvas) -> None:
        keys = [ranking_key(c) for c in self.game.captured]
        level = self._still_level(keys, self.finale_step)
        canvas.shade(layout.SCREEN, 160)
        top = layout.CENTRE_Y - len(keys) * FINALE_PITCH / 2
        canvas.text("Colour by colour", theme.FONT_HEADING, theme.ACCENT, (layout.CENTRE_X, top - 50), anchor="center",
                    bold=True)
        x = layout.centre_x(FINALE_W)
        for p, key in enumerate(keys):
            y = top + p * FINALE_PITCH
            out = p not in level
            _, color = theme.PLAYER_COLORS[self.seats[p].color]
            canvas.rect(theme.PANEL, (x, y, FINALE_W, 66), radius=12)
            canvas.text(self.seats[p].name, theme.FONT_LABEL, theme.TEXT_FAINT if out else color, (x + 20, y + 33),
                        anchor="midleft", bold=True, width=230, height=60, shorten_ok=True)
            for i, n in enumerate(key):
                if i > self.finale_step:
                    break
                lit = i == self.finale_step
                canvas.text(str(n), theme.FONT_HEADING, theme.WARN if lit and not out else theme.TEXT_DIM,
                            (x + 300 + i * 90, y + 33), anchor="center", bold=lit)

    def _draw_privacy(self, canvas) -> None:
        chooser = self.chooser()
        cover = self.next_to_pass()
        if chooser is None and cover is None:
            return
        canvas.shade(layout.SCREEN, 235 if chooser is not None else 170)
        if chooser is not None:
            canvas.text(f"{self.seats[chooser].name}, pick your Hero card", theme.FONT_HEADING, theme.ACCENT,
                        (layout.CENTRE_X, 270), anchor="center", bold=True)
            canvas.text("Click a card or press its number. Nobody else sees this.", theme.FONT_BODY, theme.TEXT,
                        (layout.CENTRE_X, 560), anchor="center")
        else:
            name = self.seats[cover].name
            canvas.text(f"Pass to {name}", theme.FONT_TITLE, theme.ACCENT, (layout.CENTRE_X, 300), anchor="center",
                        bold=True)
            canvas.text("Everyone else, look away while they bid.", theme.FONT_LABEL, theme.TEXT, (layout.CENTRE_X, 370),
                        anchor="center")


def _count(n: int) -> str:
    return counted(n, "Invader")


def reveal_text(names: list[str], reveal: Revealed) -> str:
    """Every bid, what cancelled and who wins: "Bids: Ana (3), Zax (4), Kree (3). The 3s cancel: Zax's 4 wins."."""
    bids = "Bids: " + joined([f"{name} ({bid})" for name, bid in zip(names, reveal.bids)]) + "."
    cancel = f" The {joined([f'{n}s' for n in reveal.cancelled])} cancel" if reveal.cancelled else ""
    if reveal.winner is None:
        return f"{bids}{cancel or ' They cancel'}: a bidding tie!"
    winner, bid = names[reveal.winner], reveal.bids[reveal.winner]
    if cancel:
        return f"{bids}{cancel}: {whose(winner, start=False)} {bid} wins."
    return f"{bids} {whose(winner)} {bid} wins."


def pot_line(name: str, count: int, colours: str, frozen: bool) -> str:
    """A pot in the turn log: "Zax takes 2 Invaders (yellow)", "Ana freezes 4 Invaders (blue and green)"."""
    return f"{does(name, 'freeze' if frozen else 'take')} {_count(count)} ({colours})"


def freeze_text(names: list[str], reveal: Revealed | None) -> str:
    """While the Freeze window is open: what the bid decided, and who may still take the pot."""
    if reveal is None:
        return ""
    decided = "A bidding tie" if reveal.winner is None else \
        f"{whose(names[reveal.winner])} {reveal.bids[reveal.winner]} takes the pot"
    others = [p for p in reveal.freezers if p != reveal.winner]  # the winner may fire too, only to keep it
    if not others:
        return f"{decided}."
    rivals = [whom(names[p]) for p in others]
    return f"{decided}, unless {joined(rivals, 'or')} {agree('fire', rivals[-1])} a Freeze Ray first!"

