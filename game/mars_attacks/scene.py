"""The Mars Attacks table: the row of stacks, ten dice on the tray, Nukes flying onto the symbols.

The rules decide everything at once; the screen catches up event by event:
``shown`` holds what the cards, tokens and VP looked like before the
events now playing, and is set equal to the rules state when nothing moves.
"""

from __future__ import annotations

import copy

import pygame

from game.core.rng import Rng
from game.core.steps import InBackground, Steps
from game.core.words import agree, counted, does, joined, plural, whom
from game.mars_attacks import bots as ma_bots
from game.mars_attacks import odds
from game.mars_attacks.deck import EFFECTS, GREEN, ON_CLAIM, RED, Card
from game.mars_attacks.rules import (
    CHOOSE_TARGET,
    DIE_SIDES,
    DIFFICULTY,
    FACE_NAMES,
    FIX,
    MARTIAN,
    NEED_FACE,
    NUKE,
    NUM_DICE,
    RAY,
    READY,
    ROLL,
    STACKS,
    STOP,
    TARGET,
    Banked,
    Claimed,
    DieFixed,
    EndTriggered,
    ExtraTurn,
    MarsAttacksView,
    NoTarget,
    Nuked,
    ProgressWiped,
    Revealed,
    Rolled,
    Rolling,
    Targeted,
    TurnEnded,
)
from game.mars_attacks.worth import TurnWorth
from game.scenes.table import TableScene
from game.ui import audio, layout, motion, theme
from game.ui.dice3d import DiceArt
from game.ui.scoreboard import Scoreboard
from game.ui.tray import DiceTray
from game.ui.widgets import Button, ButtonGroup, panel

CARD_W, CARD_H, CARD_Y, CARD_X0, CARD_PITCH = 178, 204, 14, layout.MIDDLE_X + 9, 193
TABLE_LAYER = "ma-table"  # the room, the tray and the rows of kept dice: one full-screen layer
NUKE_COUNT_W = 62  # the difficulty card's count of Nukes in play: two digits (up to 14) at its normal size
TARGET_Y, TARGET_H = 226, 34
NUKE_PITCH = 27  # between the Nuke symbols in a card's corner
CARD_RADIUS = 12  # a card's corners (and the tray's)
ICON_SIZE = 26  # a card's kind, and its Nuke symbols
RIGHT = layout.W - layout.EDGE  # of the cards' row and the side column
MESSAGE = (layout.MIDDLE_X, 268, RIGHT - layout.MIDDLE_X, 44)  # what just happened, under the cards
TRAY = (layout.MIDDLE_X, 322, layout.MIDDLE_W, 290)
RAY_ROW = (layout.MIDDLE_X, layout.bottom(TRAY) + 10, layout.MIDDLE_W, layout.H - layout.EDGE - layout.bottom(TRAY) - 10)
SIDE = (layout.SIDE[0], TRAY[1], layout.COLUMN_W, layout.bottom(layout.SIDE) - TRAY[1])  # the turn, beside the tray
DIE, DIE_BODY, SMALL_DIE, NUKE_DIE = 48, 60, 36, 24
DICE_ICONS = [f"mars-attacks/dice/{'raygun' if f == RAY else FACE_NAMES[f]}.svg" for f in DIE_SIDES]
ICON = {"ray": "raygun", "nuke": "nuke", "martian": "martian", "nuked": "nuke"}
NEED_UNIT = {"ray": "Ray Gun", "nuke": "Nuke", "martian": "Martian"}  # what a card's spaces count, one of them
FACE_WORDS = {MARTIAN: "Martian", RAY: "Ray Gun", NUKE: "Nuke"}
RULE_COLOR = {RED: theme.BAD, GREEN: theme.GOOD}  # the rules' colours; a rule that acts once keeps a plain edge
RULE_WORD = {RED: "In play", GREEN: "Ongoing", ON_CLAIM: "When claimed"}
FIX_KEYS = {RAY: (pygame.K_r, "R"), MARTIAN: (pygame.K_m, "M"), NUKE: (pygame.K_n, "N")}
STACK_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)
FLIP_SECONDS = 0.4
NUKE_FLASH = (255, 40, 20)
RESULT = (TRAY[0] + TRAY[2] / 2 - 210, TRAY[1] + 70, 420, 120)  # where a turn's result stays: over the empty tray
FIX_W, FIX_H = 76, 40  # a Seattle button: the face a die is set to, drawn on it
COACH_TOP = SIDE[1] + 248  # the coach's lines in the side column, under Roll, Stop and Seattle's buttons
LAST_W, LAST_RISE = 46, 14  # the mark on a stack's last card, a tab rising this far above its top edge
NAME_LEFT, NAME_INSET = 38, 6  # a card's name: its left edge right of the kind icon; its margins at the card's edges


def face_name(card: Card, width_of) -> tuple[str, float, bool]:
    """How a card's name fits its top line, never cut: (text, size, with the kind icon left of it). The full name
    beside the icon, large then small; else the full name across the card without the icon; else its short name
    (``short`` in the deck), the same way. `width_of(text, size)`: the bold text's width at the player's text size.
    """
    names = [card.name] + ([card.short] if card.short else [])
    for name in names:
        for room, icon in ((CARD_W - NAME_LEFT - 2 * NAME_INSET, True), (CARD_W - 2 * NAME_INSET, False)):
            for size in (theme.FONT_BODY, theme.FONT_SMALL):
                if width_of(name, size) <= room:
                    return name, size, icon
    return names[-1], theme.FONT_SMALL, False  # the deck test keeps every card from getting here


def card_x(slot: int) -> float:
    """Slot 0 is the difficulty card, slots 1-4 the stacks."""
    return CARD_X0 + slot * CARD_PITCH


def nuke_symbol(x: float, y: float, j: int) -> tuple[float, float]:
    """The middle of the `j`th Nuke symbol in the bottom right corner of a card at (x, y)."""
    return x + CARD_W - 22 - j * NUKE_PITCH, y + CARD_H - 22


def need_text(card: Card) -> str:
    if card.need == "nuked":
        return f"Be nuked {counted(card.spaces, 'time')}"
    if card.monument:
        return f"Roll {counted(card.spaces, 'Martian')}"
    return counted(card.spaces, NEED_UNIT[card.need])


def lowered(text: str) -> str:
    """A label as the middle of a sentence ("Roll 6 Martians" -> "roll 6 Martians")."""
    return text[:1].lower() + text[1:]


class GameScene(TableScene):
    KEEPS_TURN_LOG = True

    def __init__(self, app, info, seats, game, slot):
        super().__init__(app, info, seats, game, slot)
        self.look = Rng(game.seed).fork("look")
        self.art = DiceArt(DICE_ICONS)
        self.tray = DiceTray(TRAY, NUM_DICE, DIE_SIDES, self.art, self.look, DIE, DIE_BODY)
        self.scoreboard = Scoreboard(layout.SCORES, seats, info.bots, title="Scores",
                                     extra=self._score_line)
        self.shown: dict = {}
        self.fixed_die = None  # the die set before the first roll (Seattle)
        self.flips: dict[int, float] = {}  # stack -> how far its card has turned up (0 to 1)
        self.hover_slot: int | None = None
        self.advice: tuple[int, InBackground | None] = (-1, None)  # the coach's work, by the log length it is for
        self.buttons = ButtonGroup()
        self._sync()
        self._restore_dice()
        self.message = self.prompt()
        self.refresh()

    # ----- the screen's copy of the rules state -------------------------------
    def _sync(self) -> None:
        g = self.game
        self.shown = {"cards": list(g.face_up), "hidden": list(g.hidden), "progress": copy.deepcopy(g.progress),
                      "claimed": [list(c) for c in g.claimed], "final": g.final_round,
                      **({"target": g.target} if g.target else {})}

    def shown_symbols(self) -> int:
        return self.game.difficulty + sum(self.game.cards[c].nukes for c in self.shown["cards"] if c)

    def shown_vp(self, player: int) -> int:
        return sum(self.game.cards[c].vp for c in self.shown["claimed"][player])

    def _restore_dice(self) -> None:
        """A resumed turn: Ray Guns in their row, Nukes on the symbols, Martians on the tray."""
        g = self.game
        if not g.rolls:
            return
        dice = iter(self.tray.dice)
        for i in range(g.kept[RAY]):
            self.tray.place(next(dice), self._ray_spot(i), SMALL_DIE, RAY)
        for i in range(g.kept[NUKE]):
            self.tray.place(next(dice), self._nuke_spot(i), NUKE_DIE, NUKE)
        self.tray.scatter([next(dice) for _ in range(g.kept[MARTIAN])], [MARTIAN] * g.kept[MARTIAN])

    # ----- where dice go --------------------------------------------------------
    def _ray_spot(self, i: int) -> tuple[float, float]:
        x, y, _, h = RAY_ROW
        return x + 176 + i * 50, y + h / 2 + 4

    def symbol_spots(self) -> list[tuple[float, float]]:
        """Centres of the Nuke symbols in play: the difficulty card's, then each stack's."""
        spots = [self._corner(0, j) for j in range(self.game.difficulty)]
        for stack, card in enumerate(self.shown["cards"]):
            if card:
                spots += [self._corner(stack + 1, j) for j in range(self.game.cards[card].nukes)]
        return spots

    @staticmethod
    def _corner(slot: int, j: int) -> tuple[float, float]:
        return nuke_symbol(card_x(slot), CARD_Y, j)

    def _nuke_spot(self, i: int) -> tuple[float, float]:
        spots = self.symbol_spots()
        if i < len(spots):
            return spots[i]
        extra = i - len(spots)  # more Nukes than symbols: they pile up on the difficulty card
        return card_x(0) + 26 + extra % 5 * 30, CARD_Y + 120 + extra // 5 * 30

    # ----- events to animations ---------------------------------------------------
    @property
    def animations(self) -> dict:
        return {Revealed: self._revealed, Targeted: self._targeted, DieFixed: self._die_fixed, Rolling: self._rolling,
                Rolled: self._rolled, Nuked: self._nuked, Banked: self._banked, Claimed: self._claimed,
                ProgressWiped: self._progress_wiped, ExtraTurn: self._extra_turn, EndTriggered: self._end_triggered,
                NoTarget: self._no_target, TurnEnded: self._turn_ended}

    def _revealed(self, event: Revealed):
        self.shown["cards"][event.stack] = event.card
        self.flips[event.stack] = 0.0
        audio.play("select", 0.6)
        yield from self.wait_for(motion.flight(FLIP_SECONDS) * 0.6)

    def _targeted(self, event: Targeted):
        self.shown["target"] = event.card
        card = self.game.cards[event.card]
        self.narrate(f"{does(self.seat_name(event.player), 'target')} {card.name} ({counted(card.vp, 'VP')}): "
                     f"{lowered(need_text(card))}.")
        audio.play("click")
        if not self.human(event.player):  # a person's next key (Roll) must not wait for it
            yield from self.wait_for(0.35)

    def _die_fixed(self, event: DieFixed):
        die = self.tray.dice[0]
        die.face = event.face
        die.orientation = self.tray.upright(event.face)
        self.fixed_die = die
        yield from self.tray.fly([(die, (TRAY[0] + TRAY[2] - 60, TRAY[1] + 50), DIE)], hop=20)
        die.away = False
        self.narrate(f"{does(self.seat_name(event.player), 'set')} a die to a {FACE_WORDS[event.face]} before rolling "
                     "(Seattle).")

    def _rolling(self, event: Rolling):
        """A throw; the first of a turn waits until the last turn's result has been on the table long enough."""
        yield from self.release_result()
        audio.play("roll")
        self.narrate(f"{does(self.seat_name(event.player), 'throw')} {counted(event.dice, 'die')}...")

    def _nuked(self, event: Nuked):
        audio.play("bust")
        self.flash(NUKE_FLASH, 90, 0.7)
        who = self.seat_name(event.player)
        card = self.game.cards[event.card]
        vegas = f" {card.name} counts it: {event.vegas} of {card.spaces}." if event.vegas else ""
        self.narrate(f"{does(who, 'be')} nuked and {agree('lose', who)} this turn's results.{vegas}")
        if event.vegas:
            self.shown["progress"].setdefault(event.card, {})[event.player] = event.vegas
        self.say_banner("NUKED!", theme.BAD)
        yield from self.wait_for(1.5)

    def _banked(self, event: Banked):
        audio.play("select")
        self.shown["progress"].setdefault(event.card, {})[event.player] = event.total
        self.narrate(self._banked_text(event))
        self.say_banner(f"+{event.added} banked", theme.GOOD)
        yield from self.wait_for(1.1)

    def _claimed(self, event: Claimed):
        audio.play("score")
        card = self.game.cards[event.card]
        self.shown["cards"][event.stack] = None
        self.shown["hidden"][event.stack] = self.game.hidden[event.stack]
        self.shown["progress"].pop(event.card, None)
        self.shown["claimed"][event.player].append(event.card)
        self.narrate(f"{does(self.seat_name(event.player), 'claim')} {card.name} ({counted(event.vp, 'VP')})!")
        self.say_banner(f"{card.name}!", theme.GOOD)
        yield from self.wait_for(1.4)

    def _progress_wiped(self, event: ProgressWiped):
        kept = {c: {p: n for p, n in marks.items() if p == event.player} for c, marks in self.shown["progress"].items()}
        self.shown["progress"] = {c: m for c, m in kept.items() if m}
        fallen = next((self.game.cards[e.card].name for e in self.batch if isinstance(e, Claimed)), "Washington, D.C.")
        self.narrate(f"{fallen} falls: everyone but {whom(self.seat_name(event.player))} takes their tokens back.")
        self.say_banner("Progress wiped!", theme.BAD)
        yield from self.wait_for(1.3)

    def _extra_turn(self, event: ExtraTurn):
        self.narrate(f"{does(self.seat_name(event.player), 'take')} another turn straight away (Indianapolis).")
        self.say_banner("Extra turn!", theme.ACCENT)
        yield from self.wait_for(1.1)

    def _end_triggered(self, event: EndTriggered):
        audio.play("alarm", 0.7)
        self.shown["final"] = True
        still = [self.seat_name(p) for p in event.still_to_play]
        last = f" {does(still, 'get')} one last turn." if still else ""
        self.narrate(f"{does(self.seat_name(event.player), 'empty')} a stack: final round!{last}")
        self.say_banner("FINAL ROUND!", theme.BAD)
        yield from self.wait_for(1.6)

    def _no_target(self, event: NoTarget):
        who = self.seat_name(event.player)
        self.narrate(f"{does(who, 'have')} no card to target and {agree('pass', who)}.")
        yield from self.wait_for(1.2)

    def _turn_ended(self, event: TurnEnded):
        self.shown.pop("target", None)
        self.fixed_die = None
        if event.result == "stopped":
            self.narrate(f"{does(self.seat_name(event.player), 'end')} the turn with nothing banked.")
        self.hold_result(*self._result_of(event))
        self.log_turn(self._log_line(event))
        yield from self.wait_for(0.5)
        yield from self.tray.gather()

    def _result_of(self, event: TurnEnded) -> tuple[str, str, tuple]:
        """What the turn came to, as it stays on the table: a headline, the details, a colour."""
        who = self.seat_name(event.player)
        card = self.game.cards.get(event.card)
        where = card.name if card else ""
        if event.result == "claimed":
            return "Claimed!", f"{does(who, 'claim')} {where} ({counted(card.vp, 'VP')}).", theme.GOOD
        if event.result == "nuked":
            return "Nuked!", f"{does(who, 'lose')} this turn on {where}.", theme.BAD
        if event.result == "banked":
            return f"+{event.banked} banked", f"{who}: {event.on_card} of {card.spaces} on {where}.", theme.GOOD
        if event.result == "passed":
            return "Passed", f"{does(who, 'have')} no card to target.", theme.TEXT_DIM
        return "Nothing banked", f"{does(who, 'stop')} on {where} with nothing to bank.", theme.TEXT_DIM

    def _log_line(self, event: TurnEnded) -> str:
        """The turn in the log: who, what came of it, on which card (as played, or from a resumed game's record)."""
        who = self.seat_name(event.player)
        card = self.game.cards.get(event.card)
        if event.result == "claimed":
            return f"{does(who, 'claim')} {card.name} ({counted(card.vp, 'VP')})"
        if event.result == "banked":
            return f"{does(who, 'bank')} {event.banked} on {card.name} ({event.on_card} of {card.spaces})"
        if event.result == "nuked":
            return f"{does(who, 'be')} nuked on {card.name}"
        if event.result == "passed":
            return f"{does(who, 'pass')}: no card to target"
        return f"{does(who, 'stop')} on {card.name}, nothing banked"

    def past_turns(self) -> list[str]:
        """A resumed game's turns, from the rules' record, in the words they had when played."""
        return [self._log_line(turn) for turn in self.game.history]

    def _banked_text(self, event: Banked) -> str:
        """Who banked what where: after a Stop, or on its own (a monument's one roll, no Martians left)."""
        who = self.seats[event.player].name
        card = self.game.cards[event.card]
        bonus = f" (+{event.bonus} from {self._bonus_source(event.player)})" if event.bonus else ""
        what = f"{counted(event.added - event.bonus, NEED_UNIT[card.need])}{bonus} on {card.name}: " \
               f"{event.total} of {card.spaces}."
        if self.batch[:1] == [event]:
            return f"{does(who, 'stop')} and {agree('bank', who)} {what}"
        if card.monument:
            return f"{does(who, 'bank')} {what[:-1]} (one roll only)."
        return f"{does(who, 'have')} no Martians left and {agree('bank', who)} {what}"

    def _bonus_source(self, player: int) -> str:
        """The claimed card whose rule added to a bank (its name, for the narration)."""
        owned = [self.game.cards[c] for c in self.shown["claimed"][player]]
        return next((c.name for c in owned if c.effect == "bank-bonus"), "a card's rule")

    def _rolled(self, event: Rolled):
        """The Martians (and a die set before the roll) are thrown; Ray Guns fly to their row, Nukes onto the
        symbols."""
        dice, counts = self._to_throw(event)
        faces = [f for f in (MARTIAN, RAY, NUKE) for _ in range(counts[f])]
        self.look.shuffle(faces)
        yield from self.tray.throw(dice[:len(faces)], faces)
        parts = [counted(event.counts[face], FACE_WORDS[face]) for face in (MARTIAN, RAY, NUKE) if event.counts[face]]
        self.narrate(f"{does(self.seat_name(event.player), 'roll')} {joined(parts)}. "
                     f"Nukes: {event.nukes} of {event.symbols}.")
        moves = self._kept_moves()
        if moves:
            if any(die.face == NUKE for die, _, _ in moves):
                audio.play("tank", 0.6)
            yield from self.tray.fly(moves, hop=60)

    def _to_throw(self, event: Rolled) -> tuple[list, list[int]]:
        """The dice to throw and the faces they land on: a die set before the roll (Seattle) already shows its
        face and stays where it is."""
        counts = list(event.counts)
        fixed = self.fixed_die
        if fixed is None:
            return [d for d in self.tray.on_tray() if d.face in (None, MARTIAN)], counts
        counts[fixed.face] -= 1
        self.fixed_die = None
        return [d for d in self.tray.on_tray() if d is not fixed and d.face is None], counts

    def _kept_moves(self) -> list:
        """Flights of the Ray Guns just rolled to their row and of the Nukes onto the next symbols."""
        landed = [d for d in self.tray.on_tray() if d.face is not None]
        away = [d.face for d in self.tray.dice if d.away]
        new_rays = [d for d in landed if d.face == RAY]
        new_nukes = [d for d in landed if d.face == NUKE]
        moves = [(d, self._ray_spot(away.count(RAY) + i), SMALL_DIE) for i, d in enumerate(new_rays)]
        return moves + [(d, self._nuke_spot(away.count(NUKE) + i), NUKE_DIE) for i, d in enumerate(new_nukes)]

    def settled(self) -> None:
        self._sync()
        super().settled()
        self.refresh()

    def tick(self, dt: float) -> None:
        for stack in list(self.flips):
            self.flips[stack] += dt / motion.flight(FLIP_SECONDS)
            if self.flips[stack] >= 1:
                del self.flips[stack]

    @property
    def busy(self) -> bool:
        return super().busy or bool(self.flips)

    def prompt(self) -> str:
        g = self.game
        if g.is_over or g.is_chance():
            return ""
        seat = self.seats[g.current]
        if g.phase == CHOOSE_TARGET:
            return f"{seat.name}: choose a card to attack." if seat.bot is None else f"{does(seat.name, 'pick')} a target."
        card = g.target_card
        if g.phase == READY:
            targets = f"{does(seat.name, 'target')} {card.name}"
            if g.fixed is not None:  # Seattle: the die set before the roll
                targets += f" with a die set to a {FACE_WORDS[g.fixed]}"
            return f"{targets}: roll the dice!" if seat.bot is None else f"{targets}."
        count = g.banked(g.current, card.id) + g.count()
        return f"{seat.name}: {count} of {card.spaces} on {card.name}. Throw the Martians again, or stop and bank?"

    # ----- buttons -------------------------------------------------------------------
    def refresh(self) -> None:
        g = self.game
        mine = self.can_act(g.current)
        legal = g.legal_actions(g.current) if mine else []
        buttons = []
        for stack in range(STACKS):
            card_id = g.face_up[stack]
            action = TARGET + card_id if card_id else ""
            why = ""
            if not card_id:
                why = "No card here now."
            elif action not in legal:
                why = self._why_target(g.cards[card_id])
            buttons.append(Button("Target", (card_x(stack + 1), TARGET_Y, CARD_W, TARGET_H),
                                  lambda a=action: self.act(a), STACK_KEYS[stack], str(stack + 1),
                                  enabled=bool(action) and action in legal, reason=why, size=theme.FONT_BODY))
        x, y = SIDE[0] + 12, SIDE[1] + 150
        buttons.append(Button("Roll", (x, y, 132, 50), lambda: self.act(ROLL), pygame.K_SPACE, "Space",
                              enabled=ROLL in legal, accent=ROLL in legal, reason=self._why(ROLL)))
        buttons.append(Button("Stop", (x + 136, y, 106, 50), lambda: self.act(STOP), pygame.K_s, "S",
                              enabled=STOP in legal, reason=self._why(STOP)))
        for face, rect in zip((RAY, MARTIAN, NUKE), self._fix_row()):
            if FIX[face] in legal:  # Seattle: the face a die is set to is drawn on its button (_draw_fix_faces)
                key, label = FIX_KEYS[face]
                buttons.append(Button("", rect, lambda a=FIX[face]: self.act(a), key, label, hint_corner=True,
                                      reason=f"Set a die to a {FACE_WORDS[face]} before rolling"))
        buttons += self.turn_log_buttons()
        bottom = SIDE[1] + SIDE[3] - 46
        buttons.append(Button("Coach", (x, bottom, 112, 36), self._toggle_coach, pygame.K_g, "G", size=theme.FONT_BODY))
        buttons.append(Button("Menu", (x + 118, bottom, 122, 36), self.pause, pygame.K_ESCAPE, "Esc",
                              size=theme.FONT_BODY))
        self.buttons.set(buttons)

    @staticmethod
    def _fix_row() -> list[tuple[float, float, float, float]]:
        """Seattle's three buttons in one row under Roll and Stop, clear of the coach below."""
        return layout.button_row([FIX_W] * 3, SIDE[1] + 206, FIX_H, 6, left=SIDE[0] + 12)

    def phone_table_facts(self, view) -> dict:
        return {"nukes": view.symbols(view.current), "count": view.count(), "dice_to_roll": view.dice_to_roll,
                "tokens": [view.free_tokens(p) for p in range(view.players)],
                "rules": {card.id: card.rule_kind for card in view.cards.values() if card.rule_kind}}

    def phone_choices(self, player: int) -> list[tuple[str, object, str]]:
        g = self.game
        legal = g.legal_actions(player)
        choices = []
        for stack in range(STACKS):
            card_id = g.face_up[stack]
            if card_id and TARGET + card_id in legal:
                card = g.cards[card_id]
                need = lowered(need_text(card))
                choices.append((f"Target {card.name}: {need}, {card.vp} VP", TARGET + card_id, ""))
        for face in (RAY, MARTIAN, NUKE):
            if FIX[face] in legal:
                choices.append((f"Set a die to a {FACE_WORDS[face]}", FIX[face], ""))
        if ROLL in legal:
            choices.append(("Roll", ROLL, "main"))
        if STOP in legal:
            choices.append(("Stop", STOP, ""))
        return choices

    def act(self, action: str) -> None:
        if action and self.can_act(self.game.current):
            self.perform(self.game.current, action)
            self.refresh()

    def _why_target(self, card: Card) -> str:
        g = self.game
        waiting = self.why_waiting(g.current)
        if waiting:
            return waiting
        if g.phase != CHOOSE_TARGET:
            return "The target is chosen for this turn."
        return g.why_not_target(g.current, card) or ""

    def _why(self, action: str) -> str:
        g = self.game
        waiting = self.why_waiting(g.current)
        if waiting:
            return waiting
        if g.phase == CHOOSE_TARGET:
            return f"Choose a target first ({'/'.join(self.key_name(key) for key in STACK_KEYS)})."
        if action == STOP and g.phase == READY:
            return "Roll first: a turn starts with a roll."
        return ""

    def _toggle_coach(self) -> None:
        self.app.settings.coach = not self.app.settings.coach
        self.app.apply_settings()

    # ----- input --------------------------------------------------------------------
    def handle_input(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_slot = self._slot_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            slot = self._slot_at(event.pos)
            if slot and self.game.face_up[slot - 1] and self.can_act(self.game.current):
                action = TARGET + str(self.game.face_up[slot - 1])
                if action in self.game.legal_actions(self.game.current):
                    self.act(action)
                    return
        self.buttons.handle(event)

    @staticmethod
    def _slot_at(pos) -> int | None:
        for slot in range(STACKS + 1):
            x = card_x(slot)
            if x <= pos[0] < x + CARD_W and CARD_Y <= pos[1] < CARD_Y + CARD_H:
                return slot
        return None

    def _focused_card(self) -> Card | None:
        """The card whose rule to show: under the pointer, or behind the focused Target button."""
        slot = self.hover_slot
        focus = self.buttons.focus
        if focus is not None and focus < STACKS:
            slot = focus + 1
        if slot:
            card = self.shown["cards"][slot - 1]
            return self.game.cards[card] if card else None
        return None

    # ----- drawing --------------------------------------------------------------------
    def moving_area(self, canvas) -> list:
        return self.tray.moving_area(canvas)

    def draw(self, canvas) -> None:
        canvas.cached(TABLE_LAYER, layout.SCREEN, self._draw_static, opaque=True)
        self._draw_scores(canvas)
        self._draw_difficulty(canvas)
        self._draw_stacks(canvas)
        self.draw_message(canvas, MESSAGE)
        self.tray.draw(canvas)
        self.tray.draw(canvas, away=True)
        self.draw_result(canvas, RESULT, CARD_RADIUS)
        self._draw_side(canvas)
        self.draw_turn_log(canvas)
        self.buttons.draw(canvas)
        self._draw_fix_faces(canvas)
        focused = self._focused_card()
        if focused is not None and (focused.text or focused.effect):
            self._draw_rule(canvas, focused)
        self.draw_flash(canvas, TRAY)
        self.draw_banner(canvas, (TRAY[0] + TRAY[2] / 2, TRAY[1] + TRAY[3] / 2))

    def _draw_fix_faces(self, canvas) -> None:
        """Seattle's buttons show the face a die would be set to."""
        faces = {FIX_KEYS[face][0]: face for face in (RAY, MARTIAN, NUKE)}
        for button in self.buttons.buttons:
            face = faces.get(button.key) if not button.label and button.hint_corner else None
            if face is not None:
                x, y, w, h = button.rect
                size = h - 10
                name = "raygun" if face == RAY else FACE_NAMES[face]
                canvas.image(f"mars-attacks/dice/{name}.svg", (x + 8, y + 5, size, size))

    def _draw_scores(self, canvas) -> None:
        """Each seat's VP, and their tokens and claimed cards."""
        g = self.game
        active = self.highlighted()
        scores = [self.shown_vp(p) for p in range(g.players)]
        tokens = tuple((g.free_tokens(p) if self.idle else -1, tuple(self.shown["claimed"][p])) for p in range(g.players))
        self.scoreboard.draw(canvas, scores, active, self.clock, "Final round!" if self.shown["final"] else "",
                             extra_key=tokens, over=TABLE_LAYER)

    def _draw_stacks(self, canvas) -> None:
        """The four stacks; while a person chooses a target with the coach on, each card's chance to claim it."""
        g = self.game
        target = self.shown.get("target")
        coach = self.app.settings.coach and self.can_act(g.current) and g.phase == CHOOSE_TARGET
        for stack in range(STACKS):
            self._draw_stack(canvas, stack, target, coach)

    def _draw_static(self, canvas) -> None:
        canvas.clear(theme.BG)
        x, y, w, h = TRAY
        canvas.rect(theme.FELT_EDGE, (x - 6, y - 6, w + 12, h + 12), radius=16)
        canvas.rect(theme.FELT, TRAY, radius=CARD_RADIUS)
        rx, ry, rw, rh = RAY_ROW
        canvas.rect(theme.PANEL, RAY_ROW, radius=10)
        canvas.rect(theme.PANEL_EDGE, RAY_ROW, width=2, radius=10)
        canvas.image("mars-attacks/icons/raygun.svg", (rx + 12, ry + 12, 28, 28))
        label_w = self._ray_spot(0)[0] - 24 - rx  # left of the first kept die
        canvas.text("Ray Guns", theme.FONT_BODY, theme.TEXT, (rx + 46, ry + 26), anchor="midleft", bold=True,
                    width=label_w - 46, height=30)
        canvas.text("kept all turn", theme.FONT_SMALL, theme.TEXT_DIM, (rx + 14, ry + 44), width=label_w - 14, height=rh - 48)
        panel(canvas, SIDE)

    def _draw_difficulty(self, canvas) -> None:
        g = self.game
        symbols = self.shown_symbols()
        nukes = sum(1 for d in self.tray.dice if d.away and d.face == NUKE)
        shield = g.owns(g.current, "nuke-shield") and not g.is_over
        key = ("ma-difficulty", symbols, nukes, shield, g.options[DIFFICULTY])

        def paint(c) -> None:
            x, y = card_x(0), CARD_Y
            c.rect((52, 24, 30), (x, y, CARD_W, CARD_H), radius=CARD_RADIUS)
            c.rect(theme.BAD, (x, y, CARD_W, CARD_H), width=3, radius=CARD_RADIUS)
            c.stack([("Difficulty", theme.FONT_BODY, theme.TEXT, True),
                     (f"{g.options[DIFFICULTY].capitalize()} side", theme.FONT_SMALL, theme.TEXT_DIM),
                     ("Nukes in play", theme.FONT_SMALL, theme.TEXT)], (x + 12, y + 8, CARD_W - 20, 80))
            c.text(str(symbols + shield), theme.FONT_TITLE - 20, theme.WARN, (x + 12, y + 90), bold=True,
                   width=NUKE_COUNT_W, height=60)
            note = f"{nukes} rolled" if nukes else "none yet"
            c.stack([(note, theme.FONT_SMALL, theme.BAD if nukes else theme.TEXT_DIM)]
                    + ([("+1 shield", theme.FONT_SMALL, theme.GOOD)] if shield else []),
                    (x + 16 + NUKE_COUNT_W, y + 96, CARD_W - 22 - NUKE_COUNT_W, 60))
            for j in range(g.difficulty):
                cx, cy = self._corner(0, j)
                c.image("mars-attacks/icons/nuke-symbol.svg", (cx - ICON_SIZE / 2, cy - ICON_SIZE / 2, ICON_SIZE, ICON_SIZE))

        canvas.cached(key, (card_x(0) - 2, CARD_Y - 2, CARD_W + 4, CARD_H + 4), paint, over=TABLE_LAYER)

    def _draw_stack(self, canvas, stack: int, target, coach: bool) -> None:
        x, y = card_x(stack + 1), CARD_Y
        card_id = self.shown["cards"][stack]
        hidden = self.shown["hidden"][stack]
        flip = self.flips.get(stack)
        for i in range(min(hidden, 3), 0, -1):  # the face-down cards below
            canvas.rect((30, 22, 44), (x + 3 * i, y + 3 * i, CARD_W, CARD_H), radius=CARD_RADIUS)
            canvas.rect(theme.PANEL_EDGE, (x + 3 * i, y + 3 * i, CARD_W, CARD_H), width=1, radius=CARD_RADIUS)
        alpha = motion.glide(flip)[1] if flip is not None else 1.0  # below 1 only with reduced motion: a fade
        area = (x - 4, y - LAST_RISE, CARD_W + 8, CARD_H + 4 + LAST_RISE)  # with the last card's tab
        if card_id is None or (flip is not None and flip < 0.5):
            turned = 0.0 if flip is not None and motion.reduced() else flip  # reduced motion: no turning over
            canvas.faded(area, alpha, lambda c: self._draw_back(c, x, y, hidden, turned))
            return
        canvas.faded(area, alpha, lambda c: self._draw_face(c, stack, card_id, target, coach))

    def _draw_face(self, canvas, stack: int, card_id: int, target, coach: bool) -> None:
        """A stack's face-up card, cached while nothing on it changes."""
        g = self.game
        x, y = card_x(stack + 1), CARD_Y
        hidden = self.shown["hidden"][stack]
        card = g.cards[card_id]
        progress = tuple(sorted(self.shown["progress"].get(card_id, {}).items()))
        claim = ""
        if coach:
            symbols = g.symbols(g.current)
            chance = odds.claim_chance(ma_bots.odds_card(g.view(g.current), g.current, card), symbols)
            claim = f"{chance:.0%}"
        last = not hidden  # claiming it empties the stack: the final round begins
        key = ("ma-card", card_id, progress, card_id == target, claim, hidden)
        canvas.cached(key, (x - 4, y - LAST_RISE, CARD_W + 8, CARD_H + 4 + LAST_RISE),
                      lambda c: self._paint_card(c, card, x, y, progress, card_id == target, claim, last))

    def _draw_back(self, canvas, x: float, y: float, hidden: int, flip: float | None) -> None:
        w = CARD_W if flip is None else CARD_W * max(0.05, 1 - flip / 0.5)
        left = x + (CARD_W - w) / 2
        if flip is None and not hidden:
            canvas.rect(theme.PANEL_EDGE, (x, y, CARD_W, CARD_H), width=1, radius=CARD_RADIUS)
            canvas.text("Stack empty", theme.FONT_SMALL, theme.TEXT_FAINT, (x + CARD_W / 2, y + CARD_H / 2),
                        anchor="center")
            return
        canvas.rect((44, 30, 64), (left, y, w, CARD_H), radius=CARD_RADIUS)
        canvas.rect(theme.ACCENT_DARK, (left, y, w, CARD_H), width=3, radius=CARD_RADIUS)
        if flip is None:
            canvas.text(f"{hidden} left", theme.FONT_SMALL, theme.TEXT_DIM, (x + CARD_W / 2, y + CARD_H / 2),
                        anchor="center")

    def _paint_card(self, c, card: Card, x: float, y: float, progress, targeted: bool, claim: str,
                    last: bool = False) -> None:
        kind = card.rule_kind
        edge = theme.WARN if targeted else RULE_COLOR.get(kind, theme.PANEL_EDGE)
        fill = (58, 40, 86) if card.monument else (44, 40, 74)
        c.rect(fill, (x, y, CARD_W, CARD_H), radius=CARD_RADIUS)
        c.rect(edge, (x, y, CARD_W, CARD_H), width=4 if targeted else 3, radius=CARD_RADIUS)
        c.box((x, y, CARD_W, CARD_H))  # its text stays on it; no other text crosses it
        # the full name is also in the card's rule panel (point at the card) and in the side panel when targeted
        name, size, icon = face_name(card, lambda text, size: c.text_width(text, size, bold=True))
        if icon:
            c.image(f"mars-attacks/icons/{card.kind}.svg", (x + 8, y + 8, ICON_SIZE, ICON_SIZE))
        left = x + (NAME_LEFT if icon else NAME_INSET)
        c.text(name, size, theme.TEXT, (left, y + 21), anchor="midleft", bold=True, width=x + CARD_W - NAME_INSET - left)
        if last:  # the stack's last card: claiming it starts the final round
            self._paint_last_mark(c, x, y)
        c.image(f"mars-attacks/icons/{ICON[card.need]}.svg", (x + 8, y + 42, 20, 20))
        c.text(need_text(card), theme.FONT_SMALL, theme.TEXT_DIM, (x + 31, y + 52), anchor="midleft", width=CARD_W - 33,
               height=24)
        per_row = 6
        for n in range(1, card.spaces + 1):
            cx = x + 20 + ((n - 1) % per_row) * 27
            cy = y + 82 + ((n - 1) // per_row) * 28
            c.circle((24, 18, 36), (cx, cy), 12)
            c.circle(theme.PANEL_EDGE, (cx, cy), 12, 1)
            c.text(str(n), theme.FONT_SMALL, theme.TEXT_FAINT, (cx, cy), anchor="center", width=24, height=22)
        for i, (player, count) in enumerate(progress):
            n = min(count, card.spaces)
            cx = x + 20 + ((n - 1) % per_row) * 27 + (i % 2) * 6 - 3
            cy = y + 82 + ((n - 1) // per_row) * 28 + (i // 2) * 6 - 3
            seat = self.seats[player]
            c.symbol(theme.PLAYER_SYMBOLS[seat.color], (0, 0, 0), (cx, cy), 11)
            c.symbol(theme.PLAYER_SYMBOLS[seat.color], theme.PLAYER_COLORS[seat.color][1], (cx, cy), 9)
        if kind:
            label = EFFECTS[card.effect].label if card.effect else "nukings count"
            c.stack([(RULE_WORD[kind], theme.FONT_SMALL, RULE_COLOR.get(kind, theme.TEXT_DIM), True),
                     (label, theme.FONT_SMALL, theme.TEXT)],
                    (x + 10, y + 124, CARD_W - 20, 44))
        self._paint_card_foot(c, card, x, y, claim)

    @staticmethod
    def _paint_last_mark(c, x: float, y: float) -> None:
        """A tab standing on the card's top edge, right: its word above the card (clear of the name and of the
        card's frame at any text size), the tab's foot over the edge."""
        c.rect(theme.WARN, (x + CARD_W - LAST_W - 10, y - LAST_RISE, LAST_W, LAST_RISE + 5), radius=6)
        c.text("Last", theme.FONT_SMALL, (30, 16, 10), (x + CARD_W - LAST_W / 2 - 10, y - LAST_RISE / 2), anchor="center",
               bold=True, width=LAST_W - 4, height=LAST_RISE)

    @staticmethod
    def _paint_card_foot(c, card: Card, x: float, y: float, claim: str) -> None:
        """The card's VP, the coach's chance beside it, and its Nuke symbols in the corner."""
        vp = f"{card.vp} VP"
        vp_w = c.text_width(vp, theme.FONT_LABEL / c.text_scale, bold=True)  # its normal size: it shrinks back to it
        if claim:  # the coach's chance, right of the VP and clear of it at any text size
            left = x + 10 + vp_w + 10
            room = x + CARD_W - NUKE_PITCH * card.nukes - 8 - left
            lines = [(claim, theme.FONT_SMALL, theme.WARN, True)]
            if c.text_width("this turn", theme.FONT_SMALL / c.text_scale) <= room:  # else the number alone
                lines.append(("this turn", theme.FONT_SMALL, theme.TEXT_DIM))
            c.stack(lines, (left, y + CARD_H - 42, room + 2, 40))
        c.text(vp, theme.FONT_LABEL, theme.WARN, (x + 10, y + CARD_H - 20), anchor="midleft", bold=True,
               width=vp_w + 2, height=32)
        for j in range(card.nukes):
            cx, cy = nuke_symbol(x, y, j)
            c.image("mars-attacks/icons/nuke-symbol.svg", (cx - ICON_SIZE / 2, cy - ICON_SIZE / 2, ICON_SIZE, ICON_SIZE))

    def _draw_rule(self, canvas, card: Card) -> None:
        slot = self.shown["cards"].index(card.id) + 1
        w, h = 330, 118
        x = min(max(card_x(slot) + CARD_W / 2 - w / 2, layout.MIDDLE_X), RIGHT - w)
        y = TARGET_Y + TARGET_H + 8
        kind = card.rule_kind
        color = RULE_COLOR.get(kind, theme.PANEL_EDGE)

        def paint(c) -> None:
            c.rect((16, 10, 24), (x, y, w, h), radius=10)
            c.rect(color, (x, y, w, h), width=2, radius=10)
            top = c.text(f"{card.name}: {RULE_WORD.get(kind, '')}", theme.FONT_SMALL, color, (x + 12, y + 6), bold=True,
                         width=w - 24)
            c.paragraph(card.text, theme.FONT_SMALL, theme.TEXT, (x + 12, top.bottom + 2), w - 24, 1.15)

        lines = 1 + len(canvas.wrap(card.text, theme.FONT_SMALL, w - 24))
        h = max(h, 14 + lines * canvas.line_height(theme.FONT_SMALL, 1.15))
        canvas.popup((x, y, w, h))
        canvas.cached(("ma-rule", card.id), (x, y, w, h), paint)

    def _score_line(self, canvas, player: int, rect) -> None:
        x, y, w, h = rect
        g = self.game
        free = g.free_tokens(player)
        _, color = theme.PLAYER_COLORS[self.seats[player].color]
        for i in range(g.tokens(player)):
            if i < free:
                canvas.circle(color, (x + 6 + i * 16, y + h / 2), 6)
            else:  # a token out on a card: an empty ring, not only a grey one
                canvas.circle(theme.PANEL_EDGE, (x + 6 + i * 16, y + h / 2), 6, 2)
        left = x + 10 + g.tokens(player) * 16
        names = self._claimed_words(canvas, player, x + w - left)
        canvas.text(names, theme.FONT_SMALL, theme.TEXT_DIM, (left, y + h / 2), anchor="midleft", width=x + w - left, height=h)

    def _claimed_words(self, canvas, player: int, width: float) -> str:
        """The cards a player has claimed, as much of it as fits whole: every name, else the count and the
        latest, else the count."""
        names = [self.game.cards[c].name for c in self.shown["claimed"][player]]
        if not names:
            return "no cards yet"
        count = counted(len(names), "card")
        for words in (", ".join(names), f"{count}, last {names[-1]}", count):
            if canvas.text_width(words, theme.FONT_SMALL) <= width:
                return words
        return count

    def _draw_side(self, canvas) -> None:
        g = self.game
        coach = self.app.settings.coach
        live = self.idle and not g.is_over and not g.is_chance()
        advice = tuple(self._coach_lines()) if coach and live and self.human(g.current) else ()
        key = ("ma-side", self.shown_turn, self.shown.get("target"), self._shown_kept(),
               tuple(sorted(self.shown["progress"].get(self.shown.get("target"), {}).items())),
               len(g.log) if live else -1, coach, advice, self.key_name(pygame.K_g))
        canvas.cached(key, SIDE, lambda c: self._paint_side(c, coach, advice))

    def _shown_kept(self) -> tuple[int, int, int]:
        """Martians, Ray Guns and Nukes as the dice on screen show them (the rules may be a turn ahead)."""
        kept = [0, 0, 0]
        for die in self.tray.showing():
            kept[die.face] += 1
        return kept[0], kept[1], kept[2]

    def _paint_side(self, c, coach: bool, advice: tuple[str, ...]) -> None:
        """The turn on screen: whose it is, its target, the count and the Nukes (as the animation has reached)."""
        g = self.game
        x, y = SIDE[0] + 14, SIDE[1] + 12
        if g.is_over or self.shown_turn is None:
            return
        player = self.shown_turn
        seat = self.seats[player]
        _, color = theme.PLAYER_COLORS[seat.color]
        c.symbol(theme.PLAYER_SYMBOLS[seat.color], color, (x + 8, y + 14), 10)
        c.text(seat.name, theme.FONT_LABEL, theme.TEXT, (x + 26, y + 14), anchor="midleft", bold=True, width=210, height=34,
               shorten_ok=True)
        c.stack(self._turn_lines(player), (x, y + 36, 236, 84))
        if not coach:
            c.text(f"Coach off ({self.key_name(pygame.K_g)})", theme.FONT_SMALL, theme.TEXT_FAINT, (x, y + 292), width=236, height=30)
            return
        c.stack([("Coach", theme.FONT_BODY, theme.ACCENT, True)] + [(line, theme.FONT_SMALL, theme.TEXT) for line in advice],
                (x, COACH_TOP, 236, 84))

    def _turn_lines(self, player: int) -> list[tuple]:
        """The target, the count toward it and the Nukes, from what is on screen."""
        target = self.shown.get("target")
        if not target:
            return [("Choosing a target", theme.FONT_SMALL, theme.TEXT_DIM)]
        card = self.game.cards[target]
        kept = self._shown_kept()
        banked = self.shown["progress"].get(target, {}).get(player, 0)
        if card.need == "nuked":
            line = f"Nuked {banked} of {card.spaces} times"
        else:
            line = f"{plural(NEED_UNIT[card.need])}: {kept[NEED_FACE[card.need]] + banked} of {card.spaces}"
            if banked:
                line += f" ({banked} banked)"
        symbols = self.shown_symbols() + self.game.owns(player, "nuke-shield")
        danger = kept[NUKE] >= symbols - 1
        return [(f"Target: {card.name}", theme.FONT_SMALL, theme.TEXT), (line, theme.FONT_SMALL, theme.GOOD),
                (f"Nuked at {symbols}: {kept[NUKE]} so far", theme.FONT_SMALL, theme.BAD if danger else theme.TEXT)]

    def _coach_lines(self) -> list[str]:
        """The coach's lines for the player about to decide, once worked out: the Smart bot's own search, in a
        thread of its own as the bot thinks (a chore keeps the frames coming until it is done)."""
        moves, (asked, work) = len(self.game.log), self.advice
        if asked != moves:
            if work is not None:
                work.cancel()
            work = InBackground(self._advice_steps(self.game.view(self.game.current)))
            self.advice = (moves, work)
            self.chores.append(work)
        return (work.result or []) if work is not None and work.done else []

    def _advice_steps(self, view: MarsAttacksView) -> Steps[list[str]]:
        """The exact numbers the Smart bot plays by, for the player about to decide (the coach knows what the
        player knows, as the bots do)."""
        p = view.current
        if view.phase == CHOOSE_TARGET:
            best = yield from ma_bots.smart_target_steps(view, p)
            return ["Smart bot's target:", best.name]  # a line of its own, so a long name fits
        card = view.target_card
        symbols = view.symbols(p)
        if view.phase == READY:
            face, plan = yield from ma_bots.best_fix_steps(view, p, card)
            nuke = odds.nuked_next(int(face == NUKE), symbols, NUM_DICE - (face is not None))
            lines = [f"Claim this turn: {plan.claim:.0%}", f"Nuked by this roll: {nuke:.0%}"]
            if face is not None:
                lines.append(f"Advice: set a {('Martian', 'Ray Gun', 'Nuke')[face]}")
            return lines
        values = yield from TurnWorth.of(view, p).values_steps(card)
        plan = odds.plan(ma_bots.odds_card(view, p, card), symbols, values, view.kept[RAY], view.kept[NUKE])
        nuke = odds.nuked_next(view.kept[NUKE], symbols, view.kept[MARTIAN])
        advice = "Roll on" if plan.roll else "Stop and bank"
        return [f"Claim this turn: {plan.claim:.0%}", f"Nuked by next roll: {nuke:.0%}", f"Advice: {advice}"]
