"""The Takedown table: aim with a slingshot drag (or a swipe, keys, a pad, one button), watch the die fly.

The flight on screen is chance's answer to the flick: the scene steps the
very ``Simulation`` that decides the landing, at a fixed rate fed by real
time, and hands the landing to the rules. What follows (claims, saucers
sent home, a dropped saucer sliding clear) is animated from the rules'
events; the pieces and piles on screen catch up as they play.
"""

from __future__ import annotations

import math

import pygame

from game.controls import PHONE, phone_seats
from game.core.cube import face_up, up_side
from game.core.words import agree, counted, does, joined, whose
from game.scenes.base import AMBIENT_FPS, FPS
from game.scenes.table import LOG_BUTTON_H, RESULT_SECONDS, TableScene
from game.takedown.bots import known_line
from game.takedown.challenges import ChallengeResultScene
from game.takedown.one_button import SWEEP_RANGE, OneButton
from game.takedown.physics import STEP, Layout, Simulation, chance_seed, lying_die
from game.takedown.preferences import FLICK_STYLE, ONE_BUTTON, SWIPE
from game.takedown.remote import flight, swipe_aim
from game.takedown.rules import (DIE_SIDES, FORMAT, ONE_GAME, Claimed, FellOff, Flicked, Knocked, Reflick, RoundStarted,
                                 SaucerMoved, base_of)
from game.takedown.shot import Flick, person_hand
from game.takedown.table_art import PIECE_COLOR, cached_target, draw_base, draw_board, draw_wall, drop_shadow
from game.ui import audio, glyphs, layout, motion, theme
from game.ui.bindings import Hints, pad_text
from game.ui.dice3d import DiceArt
from game.ui.scoreboard import Scoreboard
from game.ui.widgets import Button, ButtonGroup

TABLE_W = 960
TABLE = (20, 62, TABLE_W, TABLE_W * 2 / 3)  # where the table is drawn (logical px): 3:2, as the tables are
MESSAGE = (TABLE[0], 12, TABLE[2], 42)  # what just happened, over the table
SIDE_W = 268
SIDE_X = layout.W - layout.EDGE - SIDE_W  # the side column: scores, power, buttons, the die up close
SCORES = (SIDE_X, 12, SIDE_W, 436)
POWER_Y = 430  # the middle of the power bar's line, at the foot of the scores
BUTTONS_Y = layout.bottom(SCORES) + 10  # Flick and Menu
INSET = (SIDE_X, 520, SIDE_W, 150)
REPLAY = (SIDE_X, layout.H - 44, SIDE_W, 36)
LIGHT_STEPS = 3  # a second: the current saucer's lights chase round, the bumpers glow, in steps
TAG_CLEARANCE = 80  # logical px a table-corner note keeps from the table's middle (a Base's saucer sits there)
HELD = (TABLE[0] + 10, TABLE[1] + 10, 340, 96)  # a flick's result stays here, in the table's corner, until the next flick
DIE_DRAWN = 22  # px: drawn a little larger than true scale so it reads
MAX_DRAG = 190  # px of pull for a full-power flick
START_POWER = 0.55  # where the power bar starts for a player who has not flicked yet
GRAB = 46  # px around the die where a drag may start
BOT_AIM = 0.8  # seconds (at normal speed) a bot takes to aim
REPLAY_REST = 1.5  # s: with reduced motion a replay shows where the die rested this long
TRAIL_EVERY = round(1 / 30 / STEP)  # physics steps between the trail's dots: a dot every 1/30 s of the flight
POPUP_SECONDS = 1.1  # how long a "+2" floats up from a claimed piece
FACE_LABEL = {"saucer": "Flying saucer", "insect": "Giant insect", "robot": "Giant robot"}
HOW_TO_FLICK = {  # by the input the player touched last and the flick style in Settings ("": any other)
    ("mouse", "slingshot"): "drag back from your die like a slingshot and let go",
    ("mouse", "swipe"): "press on your die and swipe towards where it should go",
    ("keyboard", ""): "{left}/{right} aim, {up}/{down} set the power, {flick} flicks",  # the keys as bound
    ("pad", ""): "left stick aims, squeeze the right trigger for power and let go to flick",
    ("mouse", "one-button"): "hold the mouse button when the arrow points your way, let go at the power you want",
    ("keyboard", "one-button"): "hold {flick} when the arrow points your way, let go at the power you want",
    ("pad", "one-button"): "hold {pad} when the arrow points your way, let go at the power you want",
}
HOW_TO_FLICK_REMOTELY = "on your phone, swipe from your saucer towards where the die should go"
REPLAY_LAST = "replay"  # a browser seat's choice: the last flick again
AIM_KEYS = {pygame.K_LEFT: (-math.radians(2), 0), pygame.K_RIGHT: (math.radians(2), 0),  # (turn, power)
            pygame.K_UP: (0, 0.02), pygame.K_DOWN: (0, -0.02)}
ONE_BUTTONS = {pygame.K_SPACE: "Space", pygame.K_RETURN: "Enter"}  # a pad's Flick and A buttons arrive as these
PAD_BUTTONS = {pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_X: "X"}
SWEEP_RADIUS = 120  # px: the one-button aim's arc around the die
SWEEP_STEP = math.radians(2)  # how finely the sweep's ends are found
METER = (34, 180)  # px: the one-button power meter beside the die
ICON_COLOR = {"saucer": (72, 182, 200), "insect": (110, 190, 70), "robot": (226, 86, 60)}
PIECE_SIZE = {"outer": 8, "middle": 6.5, "center": 5}
PIECE_NAMES = {"outer": "outer ring", "middle": "middle ring", "center": "center disc"}

DIE_ICONS = [f"takedown/die/{icon}.svg" for icon in DIE_SIDES]


def claim_text(name: str, icon: str, claim: Claimed) -> str:
    """"Zax claims the robot's middle ring: 2 points.", flipped when the die's top face shows the target's picture."""
    points, piece = counted(claim.points, "point"), PIECE_NAMES[claim.piece]
    if claim.flipped:
        return f"{does(name, 'claim')} the {icon}'s {piece}, flipped by the {icon} on the die: {points}!"
    return f"{does(name, 'claim')} the {icon}'s {piece}: {points}."


FELL_OFF_WORDS = "off the table; the saucer goes back to Base"
MISSED_WORDS = "missed; the saucer lands where the die stopped"


def claim_words(icon: str, piece: str, flipped: bool, points: int, total: int) -> str:
    """A claim as the turn log says it: "the robot's outer ring, flipped, +2 (total 5)"."""
    return f"the {icon}'s {PIECE_NAMES[piece]}{', flipped' if flipped else ''}, +{points} (total {total})"


def turn_line(name: str, what: str, knocked: list[str]) -> str:
    """A flick in the turn log: "Ada: the robot's outer ring, +1 (total 4); knocked Bo's saucer home"."""
    knocks = f"; knocked {joined([whose(n, start=False) for n in knocked])} saucer home" if knocked else ""
    return f"{name}: {what}{knocks}"


class GameScene(TableScene):
    raw_stick = True  # the left stick aims directly (not as menu arrows)
    BOT_THINK = 0.35
    KEEPS_TURN_LOG = True

    def __init__(self, app, info, seats, game, slot):
        super().__init__(app, info, seats, game, slot)
        self.level = game.level
        self.scale = TABLE[2] / self.level.table_w
        self.art = DiceArt(DIE_ICONS, face_color=(237, 230, 245))
        self.scoreboard = Scoreboard(SCORES, seats, info.bots,
                                     self.level.challenge.title if game.challenge else "Scores", 84, self._pile,
                                     extra_height=18, extra_text=False)
        self.sim: Simulation | None = None
        self.sim_time = 0.0
        self.bumps = 0
        self.aim = 0.0
        self.power = START_POWER
        self.powers_set: dict[int, float] = {}  # each person's power as they set it (before the hand's shake)
        self.aiming = False  # the aim line is shown (keyboard, pad or drag)
        self.pull: list[float] | None = None  # the drag from the die (logical px) while a mouse pulls or swipes
        self.pointer = (0.0, 0.0)
        self.trigger_peak = 0.0
        self.one_button = OneButton()  # the sweep and swing of one-button flicking
        self.holding: tuple | None = None  # which one button is held down (a key, a pad's button, the mouse)
        self.pressed: set[tuple] = set()  # one-button keys down now, so a key's repeats are told from a fresh press
        self.repeat = False  # the event being handled is a held key repeating
        self.bot_aim: tuple[int, Flick, float, float, float] | None = None  # player, flick, from angle/power, time
        self.flying_pieces: list = []  # [start, end, t, colour] pieces flying to a pile
        self.popups: list = []  # [text, (x, y), seconds shown]: "+2" where a piece was claimed
        self.ghosts: dict[int, list] = {}  # each player's last flight (screen points), shown faintly when they aim
        self.flight: dict | None = None  # the flight in the air, recorded for the ghost and the replay
        self.last_flight: dict | None = None
        self.replay: Simulation | None = None
        self.replay_rest = 0.0  # seconds a finished replay has shown where the die rested
        self.knocks: list[str] = []  # whose saucers the flick being shown knocked home (for its turn log line)
        self.remote_flight: dict | None = None  # the last flight as browser seats animate it (game.takedown.remote)
        self.buttons = ButtonGroup()
        self._show_rules_state()
        self.message = self.prompt()
        if game.is_chance():  # saved mid-flight: fly it again (it lands the same)
            self.start_chance()
        self.refresh()

    # ----- coordinates ---------------------------------------------------
    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return TABLE[0] + x * self.scale, TABLE[1] + y * self.scale

    def mm(self, v: float) -> float:
        return v * self.scale

    # ----- state helpers -------------------------------------------------
    @property
    def busy(self) -> bool:
        return bool(self.scripts) or self.sim is not None or self.bot_aim is not None or self.replay is not None

    @property
    def human_to_act(self) -> bool:
        return self.can_act(self.game.current)

    def _show_rules_state(self) -> None:
        """The screen shows the rules state (start, resume, after every animation)."""
        g = self.game
        self.shown_pieces = [list(p) for p in g.pieces]
        self.shown_piles = [list(p) for p in g.piles]
        self.saucer_pos = [list(s) for s in g.saucers]
        self.shown_round = g.round
        self.die = list(g.saucers[g.current])
        self.die_orientation = lying_die(g.die_drop())  # the face the die really starts with
        self.die_scale = 1.0
        self.aim = self._default_aim()
        self.power = self._own_power(g.current)
        self.one_button.restart(self.aim, *self._sweep_range(self.aim))
        self.holding = None

    def base(self, player: int) -> tuple[float, float]:
        """The Base `player` flicks from in the round on screen (a match's next round may already have begun in
        the rules while the last one's flight is still shown)."""
        return self.level.bases[base_of(player, self.shown_round, self.game.players)]

    def _own_power(self, player: int) -> float:
        """Where the power bar starts for `player`: at the power they last flicked with (so each person at the
        table finds their own, not a bot's, and a continued game finds it as it was), else the middle."""
        if player in self.powers_set:
            return self.powers_set[player]
        return next((shot.flick.power for shot in reversed(self.game.shots) if shot.player == player), START_POWER)

    def _default_aim(self) -> float:
        """Point at the nearest target that still has pieces."""
        g = self.game
        sx, sy = g.saucers[g.current]
        open_targets = [t for i, t in enumerate(self.level.targets) if g.pieces[i]]
        if not open_targets:
            return -math.pi / 2
        t = min(open_targets, key=lambda t: math.hypot(t.x - sx, t.y - sy))
        return math.atan2(t.y - sy, t.x - sx)

    def prompt(self) -> str:
        g = self.game
        if g.is_over:
            return ""
        seat = self.seats[g.current]
        if seat.bot is not None:
            return f"{does(seat.name, 'take')} aim..."
        how = self.how_to_flick()
        if g.challenge:
            left = g.flicks_left()
            return f"{self.level.challenge.title}: {counted(left, 'flick')} left. {how[0].upper()}{how[1:]}."
        return f"{seat.name}: {how}."

    def opening(self) -> str:
        """Before a game's first flick: who starts, in the rules' joke (a new game draws them; a rematch passes
        the start on)."""
        g = self.game
        if g.challenge or g.attempts or g.round:
            return ""
        name = self.seats[g.current].name
        return f"{does(name, 'sit')} closest to Mars tonight and {agree('go', name)} first."

    def how_to_flick(self) -> str:
        if self.seats[self.game.current].control == PHONE:
            return HOW_TO_FLICK_REMOTELY
        used = self.app.input.last
        how = HOW_TO_FLICK.get((used, self.app.settings.choice(FLICK_STYLE.id))) or HOW_TO_FLICK[(used, "")]
        return self._with_keys(how)

    def _with_keys(self, how: str) -> str:
        """A way to flick with the keys (and the pad's flick button) filled in as the player bound them."""
        keys, pad = Hints(self.app.bindings, self.keymap), Hints(self.app.bindings, self.keymap, pad=True)
        return how.format(left=keys.name(pygame.K_LEFT), right=keys.name(pygame.K_RIGHT), up=keys.name(pygame.K_UP),
                          down=keys.name(pygame.K_DOWN), flick=keys.name(pygame.K_SPACE), pad=pad.name(pygame.K_SPACE))

    # ----- flicking ------------------------------------------------------
    def human_flick(self, angle: float, power: float) -> None:
        """A person's flick: the hand shakes more the harder it flicks."""
        if not self.human_to_act:
            return
        self.powers_set[self.game.current] = power
        rng = self.game.rng_for("hand")
        shaky = person_hand(angle, power, rng)
        self.aiming = False
        self.pull = None
        self.perform(self.game.current, shaky)
        self.refresh()

    def start_chance(self) -> list:
        """The landing is found by flying the die on screen: the same simulation the bots and sim run."""
        audio.play("flick")
        layout, seed = Layout.of(self.game), chance_seed(self.game.chance_rng())
        drop = self.game.die_drop()
        self.sim = Simulation(self.level, layout, self.game.pending, seed, drop)
        self.flight = {"player": self.game.current, "layout": layout, "flick": self.game.pending, "seed": seed,
                       "drop": drop,
                       "pieces": [list(p) for p in self.shown_pieces], "saucers": [list(p) for p in self.saucer_pos],
                       "path": []}
        # the last flick's result has its time on screen before this flight moves (and goes when it does)
        self.sim_time = -max(0.0, RESULT_SECONDS - self.result_age) if self.result is not None else 0.0
        if phone_seats(self.seats):
            self.remote_flight = {**flight(self.game.attempts, self.game.current, self.level, layout, self.game.pending,
                                           seed, drop),
                                  "delay": -self.sim_time / self.speed, "speed": 1e6 if motion.reduced() else self.speed}
        self.bumps = 0
        return []

    def tick(self, dt: float) -> None:
        self._keep_prompt_in_step()
        if self.one_button_style and self.human_to_act:
            self._sweep(dt / self.speed)
        self._age_pieces_and_popups(dt)
        if self.sim is not None:
            self._fly(dt)
        elif self.replay is not None:
            self._play_replay(dt)
        elif self.bot_aim is not None:
            self._aim_bot(dt)

    def _keep_prompt_in_step(self) -> None:
        """The player took up another input: the header says how to flick with it."""
        if self.human_to_act and self.message != self.prompt() and self.message.endswith(tuple(
                self._with_keys(how) + "." for how in HOW_TO_FLICK.values())):
            self.message = self.prompt()

    def _age_pieces_and_popups(self, dt: float) -> None:
        for piece in self.flying_pieces:
            piece[2] = min(1.0, piece[2] + dt / motion.flight(0.6))
        for popup in self.popups:
            popup[2] += dt
        self.popups = [p for p in self.popups if p[2] < POPUP_SECONDS]

    def _fly(self, dt: float) -> None:
        """Step the physics at its fixed rate, as much as real time allows; with reduced motion the die goes
        straight to where it comes to rest (no tumbling flight)."""
        self.sim_time += dt
        if self.sim_time < 0:
            return  # the last result is still being read
        self.result = None
        if motion.reduced():
            self.sim_time = 1e9
        sim = self.sim
        moving = True
        while self.sim_time >= STEP and moving:
            self.sim_time -= STEP
            moving = sim.step()
            if self.flight is not None:  # the trail is kept per physics step: the same at any frame rate
                self.flight["path"].append(self.to_screen(*sim.body.position))
        if sim.bumps > self.bumps:
            audio.play("bump", 0.5)
            self.bumps = sim.bumps
        self.die = list(sim.body.position)
        self.die_orientation = sim.orientation
        if not moving:
            landing = sim.landing()
            self.sim = None
            if self.flight is not None:
                self.ghosts[self.flight["player"]] = self.flight["path"]
                self.last_flight, self.flight = self.flight, None
            if not landing.fell:
                audio.play("land")
            self.perform_chance(landing)

    # ----- the instant replay --------------------------------------------
    def start_replay(self) -> None:
        """Fly the last flick again, over the table as it was (the physics repeats it exactly)."""
        shot = self.last_flight
        if shot is None or self.busy:
            return
        self.replay = Simulation(self.level, shot["layout"], shot["flick"], shot["seed"], shot["drop"])
        self.replay_rest = 0.0
        self.shown_pieces = [list(p) for p in shot["pieces"]]
        self.saucer_pos = [list(p) for p in shot["saucers"]]
        self.sim_time = 0.0
        self.message = f"Replay: {whose(self.seats[shot['player']].name, start=False)} last flick."
        self.say_banner("Replay", theme.TEXT_DIM)  # in place of the next turn's banner; a tag stays while it plays
        self.refresh()

    def _play_replay(self, dt: float) -> None:
        # reduced motion: straight to where it rested, no tumbling flight
        self.sim_time = 1e9 if motion.reduced() else self.sim_time + dt
        moving = True
        while self.sim_time >= STEP and moving:
            self.sim_time -= STEP
            moving = self.replay.step()
        self.die = list(self.replay.body.position)
        self.die_orientation = self.replay.orientation
        if not moving:
            self.replay_rest += dt
            if not motion.reduced() or self.replay_rest >= REPLAY_REST:  # reduced motion: the result shows a while
                self.end_replay()

    def end_replay(self) -> None:
        self.replay = None
        self.banner = None
        self._show_rules_state()
        self.show_prompt()
        self.refresh()

    @property
    def can_skip(self) -> bool:
        return self.bot_aim is not None or (self.sim is not None and self._mover_is_bot()) or super().can_skip

    def skip(self) -> None:
        """A bot's aim, flight and what follows, all at once."""
        with audio.muted():
            if self.bot_aim is not None:
                self._aim_bot(BOT_AIM)
            if self.sim is not None:
                self._fly(1e9)
        super().skip()

    def bot_move(self, player: int, action) -> None:
        """Show the bot aiming (the arrow swings to its choice), then flick."""
        self.bot_aim = (player, action, self.aim, self.power, 0.0)

    def _aim_bot(self, dt: float) -> None:
        player, flick, a0, p0, t = self.bot_aim
        t += dt
        k = min(1.0, t / motion.flight(BOT_AIM))
        self.aim = a0 + ((flick.angle - a0 + math.pi) % math.tau - math.pi) * k
        self.power = p0 + (flick.power - p0) * k
        self.aiming = True
        self.bot_aim = (player, flick, a0, p0, t)
        if k >= 1.0:
            self.bot_aim = None
            self.aiming = False
            self.perform(player, flick)

    # ----- events to animations ------------------------------------------
    @property
    def animations(self) -> dict:
        return {Flicked: self._flicked, Reflick: self._reflick, FellOff: self._fell_off, Knocked: self._knocked,
                Claimed: self._claimed, SaucerMoved: self._saucer_moved, RoundStarted: self._round_started}

    def _flicked(self, event: Flicked) -> None:
        self.narrate(f"{does(self.seat_name(event.player), 'flick')}!")

    def _reflick(self, event: Reflick):
        self.narrate(f"{whose(self.seat_name(event.player))} die never left the saucer: that flick does not count.")
        self.say_banner("Flick again!", theme.WARN)
        yield from self.wait_for(1.0)
        yield from self._glide_die(self.game.saucers[event.player])

    def _fell_off(self, event: FellOff):
        audio.play("fall")
        name = self.seat_name(event.player)
        self.narrate(f"{whose(name)} die falls off the table, and the saucer goes back to Base.")
        self.hold_result("Off the table", f"{whose(name)} saucer goes back to Base.", theme.BAD)
        self.log_turn(self._turn_line(event.player, FELL_OFF_WORDS))
        self.say_banner("Off the table!", theme.BAD)
        yield from self._fall_off()
        yield from self._glide_saucer(event.player, self.base(event.player))

    def _knocked(self, event: Knocked):
        audio.play("knock")
        self.knocks.append(self.seat_name(event.victim))
        self.narrate(f"{does(self.seat_name(event.player), 'knock')} {whose(self.seat_name(event.victim), start=False)} "
                     "saucer back to Base!")
        yield from self._glide_saucer(event.victim, self.base(event.victim), 0.5)

    def _claimed(self, event: Claimed):
        yield from self._claim(event)
        yield from self._glide_saucer(event.player, self.base(event.player))

    def _saucer_moved(self, event: SaucerMoved):
        name = self.seat_name(event.player)
        self.narrate(f"{does(name, 'miss')}, and the saucer lands where the die stopped.")
        self.hold_result("Missed", f"{whose(name)} saucer lands where the die stopped.", theme.WARN)
        self.log_turn(self._turn_line(event.player, MISSED_WORDS))
        yield from self._glide_saucer(event.player, event.to, 0.5)

    def game_score_after(self, claim: Claimed) -> int:
        """The claimer's total once this claim is on the pile (the screen's piles catch up as they play)."""
        pile = self.shown_piles[claim.player]
        return sum(self.level.points(piece, flipped) for _, piece, flipped in pile) + claim.points

    def _turn_line(self, player: int, what: str) -> str:
        """A flick in the turn log, with whose saucers it knocked home (``knocks``, noted as they were shown)."""
        line = turn_line(self.seat_name(player), what, self.knocks)
        self.knocks = []
        return line

    def past_turns(self) -> list[str]:
        """A resumed game's flicks in the words they had when played, from the rules' record: each counted flick's
        points, shot (off the table or not) and knocks, and each player's pile, in the order it was won."""
        g = self.game
        totals = [0] * g.players
        claims = [iter(pile) for pile in g.piles]
        lines = []
        for (player, earned), shot in zip(g.history, g.shots):
            totals[player] += earned
            if earned:
                target, piece, flipped = next(claims[player])
                what = claim_words(g.level.targets[target].icon, piece, flipped, earned, totals[player])
            else:
                what = FELL_OFF_WORDS if shot.fell else MISSED_WORDS
            lines.append(turn_line(self.seat_name(player), what, [self.seat_name(p) for p in shot.knocked]))
        return lines

    def turn_log_rect(self):
        """The latest flicks under the scores, above the power bar, where they fit (L opens them all anyway)."""
        rect = super().turn_log_rect() if not self.game.challenge else None
        if rect is None:
            return None
        x, y, w, _ = rect
        bottom = POWER_Y - 24
        if bottom - y < LOG_BUTTON_H + 6 + 2 * self.app.canvas.line_height(theme.FONT_SMALL):
            return None
        return x, y, w, bottom - y

    def _round_started(self, event: RoundStarted):
        """A match's next round: the pieces go back on their targets and the saucers home."""
        yield from self.wait_for(0.8)
        name = self.seat_name(event.player)
        self.narrate(f"Round {event.round + 1} of {self.game.rounds}: every piece is back, everyone moves on one "
                     f"Base, and {name} starts.")
        self.say_banner(f"Round {event.round + 1} of {self.game.rounds}", theme.ACCENT)
        self.shown_pieces = [list(p) for p in self.game.pieces] if not self.game.is_over else self.shown_pieces
        self.shown_round = event.round  # everyone moves one Base along
        for p in range(self.game.players):
            if list(self.saucer_pos[p]) != list(self.base(p)):
                yield from self._glide_saucer(p, self.base(p), 0.4)
        yield from self.wait_for(0.8)

    def turn_started(self, player: int):
        yield from self.wait_for(0.4)
        self.shown_turn = self.animating = player  # the table moves on to the next flicker now, with the banner
        self.say_banner(f"{whose(self.seats[player].name)} turn", theme.ACCENT)
        if self.human(player):
            audio.play("turn")
        yield from self.wait_for(0.5)

    def _glide_die(self, to, seconds: float = 0.35):
        start = list(self.die)
        seconds = motion.flight(seconds)
        t = 0.0
        while t < seconds:
            t += yield
            k = min(1.0, t / seconds)
            self.die = [start[0] + (to[0] - start[0]) * k, start[1] + (to[1] - start[1]) * k]

    def _glide_saucer(self, player: int, to, seconds: float = 0.6):
        start = list(self.saucer_pos[player])
        seconds = motion.flight(seconds)
        t = 0.0
        while t < seconds:
            t += yield
            k = min(1.0, t / seconds)
            ease = k * k * (3 - 2 * k)
            hop = motion.sway(math.sin(k * math.pi) * 18 / self.scale)
            self.saucer_pos[player] = [start[0] + (to[0] - start[0]) * ease, start[1] + (to[1] - start[1]) * ease - hop]
        self.saucer_pos[player] = list(to)

    def _fall_off(self):
        seconds = motion.flight(0.6)
        t = 0.0
        while t < seconds:
            t += yield
            self.die_scale = max(0.0, 1.0 - t / seconds)
        self.die_scale = 0.0

    def _claim(self, claim: Claimed):
        audio.play("score")
        name = self.seats[claim.player].name
        target = self.level.targets[claim.target]
        self.narrate(claim_text(name, target.icon, claim))
        self.say_banner(f"Flipped! +{claim.points}" if claim.flipped else f"+{claim.points}", theme.GOOD)
        total = self.game_score_after(claim)
        self.hold_result(f"{'Flipped! ' if claim.flipped else ''}+{counted(claim.points, 'point')}",
                         f"{whose(name)} total: {total}.", theme.GOOD)
        words = claim_words(target.icon, claim.piece, claim.flipped, claim.points, total)
        self.log_turn(self._turn_line(claim.player, words))
        self.shown_pieces[claim.target] = self.shown_pieces[claim.target][1:]
        self.popups.append([f"+{claim.points}", self.to_screen(target.x, target.y), 0.0])
        color = ICON_COLOR[target.icon] if claim.flipped else PIECE_COLOR[claim.piece]
        end = self.scoreboard.row(claim.player)
        self.flying_pieces.append([self.to_screen(target.x, target.y), (end[0] + end[2] - 30, end[1] + 50), 0.0, color])
        yield from self.wait_for(0.7)
        self.flying_pieces.clear()
        self.shown_piles[claim.player].append((claim.target, claim.piece, claim.flipped))

    def settled(self) -> None:
        self._show_rules_state()
        super().settled()
        self.refresh()

    def show_results(self) -> None:
        if self.game.challenge:
            self.app.scenes.replace(ChallengeResultScene(self.app, self.info, self.seats, self.game))
            return
        tied = self.game.deciding_players()
        if not tied:
            super().show_results()
            return
        outcome = self.game.outcome()
        self.app.scenes.replace("results", self.info, self.seats, outcome, self.info.details(self.game),
                                self.info.progress(self.game), self.rematch, self.info.report_steps(self.game),
                                lambda: self.deciding_game(tied))

    def deciding_game(self, tied: tuple[int, ...]) -> None:
        """A full tie: the tied players (only they) play one more game on the table for their number."""
        seats = [self.seats[p] for p in tied]
        self.app.scenes.replace(self.info.start(self.app, seats, {FORMAT: ONE_GAME}, None, self.slot))

    # ----- buttons -------------------------------------------------------
    def refresh(self) -> None:
        ready = self.human_to_act
        replay = (self.idle and self.last_flight is not None) or self.replay is not None
        flick, menu = layout.button_row([144, 120], BUTTONS_Y, 46, gap=4, left=SIDE_X)
        self.flick_button = Button("Flick", flick, lambda: self.human_flick(self.aim, self.power),
                                   pygame.K_SPACE, "Space", enabled=ready, accent=ready,
                                   reason="Wait for your turn." if not ready else "")
        self.buttons.set([
            self.flick_button,
            Button("Menu", menu, self.pause, pygame.K_ESCAPE, "Esc", size=theme.FONT_BODY),
            Button("Stop replay" if self.replay else "Replay last flick", REPLAY,
                   self.end_replay if self.replay else self.start_replay, pygame.K_r, "R", enabled=replay,
                   size=theme.FONT_SMALL, reason="No flick to replay yet." if not replay else ""),
        ] + self.turn_log_buttons())

    # ----- input ---------------------------------------------------------
    def handle(self, event) -> None:
        """Notes which one-button keys are down (whoever's turn it is), so a key still held from skipping a
        bot's move does not start a hold when the turn comes round."""
        self.repeat = False
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.CONTROLLERBUTTONUP):
            button = self._which_button(event)
            if button is not None and event.type == pygame.KEYDOWN:
                self.repeat = button in self.pressed
                self.pressed.add(button)
            elif button is not None:
                self.pressed.discard(button)
        super().handle(event)

    def handle_input(self, event) -> None:
        if self.human_to_act and self._aim_input(event):
            return
        self.buttons.handle(event)

    def _aim_input(self, event) -> bool:
        if self.one_button_style:
            return self._one_button_input(event)
        handler = {pygame.MOUSEBUTTONDOWN: self._press_die, pygame.MOUSEMOTION: self._pull_die,
                   pygame.MOUSEBUTTONUP: self._let_go, pygame.KEYDOWN: self._aim_key,
                   pygame.CONTROLLERAXISMOTION: self._pad}.get(event.type)
        return handler(event) if handler is not None else False

    def _press_die(self, event) -> bool:
        """A press on the die starts a pull (or a swipe)."""
        die_screen = self.to_screen(*self.die)
        if event.button != 1 or math.hypot(event.pos[0] - die_screen[0], event.pos[1] - die_screen[1]) > GRAB:
            return False
        self._grab(event.pos)
        return True

    def _pull_die(self, event) -> bool:
        if self.pull is None:
            return False
        rel = getattr(event, "rel", (0, 0))
        step = rel if rel[0] or rel[1] else (event.pos[0] - self.pointer[0], event.pos[1] - self.pointer[1])
        self.pointer = event.pos
        self._drag(self.pull[0] + step[0], self.pull[1] + step[1])
        return True

    def _let_go(self, event) -> bool:
        """Letting go of a pull flicks; a mere click does not."""
        if event.button != 1 or self.pull is None:
            return False
        pulled = math.hypot(*self.pull)
        self._release()
        if pulled < 12:
            self.aiming = False  # a click, not a flick
            return True
        self.human_flick(self.aim, self.power)
        return True

    def _aim_key(self, event) -> bool:
        """The arrows turn the aim and set the power."""
        if event.key not in AIM_KEYS:
            return False
        turn, more = AIM_KEYS[event.key]
        self.aim += turn
        self.power = min(1.0, max(0.05, self.power + more))
        self.aiming = True
        return True

    def _grab(self, pos) -> None:
        """The pointer is held by the game while pulling, so the screen's edge never limits the power."""
        self.pull, self.pointer, self.aiming = [0.0, 0.0], pos, True
        try:
            pygame.mouse.set_relative_mode(True)
        except pygame.error:
            pass  # no capture here: the pull still works within the window

    def _release(self) -> None:
        self.pull = None
        try:
            if pygame.mouse.get_relative_mode():
                pygame.mouse.set_relative_mode(False)
                pygame.mouse.set_pos(self.app.canvas.px(*self.to_screen(*self.die)))
        except pygame.error:
            pass

    def _drag(self, dx: float, dy: float) -> None:
        """Slingshot: pull back and the flick goes the other way. Swipe: push towards where it should go.
        Either way the drag's length is the power."""
        self.pull = [dx, dy]
        length = math.hypot(dx, dy)
        if length > 1:
            self.aim = math.atan2(dy, dx) if self.swipe else math.atan2(-dy, -dx)
        self.power = min(1.0, length / MAX_DRAG)

    @property
    def swipe(self) -> bool:
        return self.app.settings.choice(FLICK_STYLE.id) == SWIPE

    # ----- one-button flicking ---------------------------------------------
    @property
    def one_button_style(self) -> bool:
        return self.app.settings.choice(FLICK_STYLE.id) == ONE_BUTTON

    def _sweep_range(self, middle: float) -> tuple[float, float]:
        """The ends of the one-button sweep: up to SWEEP_RANGE either side of `middle`, short of the directions
        where the table's edge is near (the die could not go that way, and its arc would leave the table)."""
        need = min(SWEEP_RADIUS / self.scale, self._reach(middle))
        ends = []
        for sign in (-1, 1):
            turn = 0.0
            while turn < SWEEP_RANGE and self._reach(middle + sign * (turn + SWEEP_STEP)) >= need:
                turn += SWEEP_STEP
            ends.append(middle + sign * turn)
        return ends[0], ends[1]

    def _reach(self, angle: float) -> float:
        """How far (mm) the table goes from the die in this direction."""
        x, y = self.die
        dx, dy = math.cos(angle), math.sin(angle)
        ways = [(self.level.table_w - x) / dx if dx > 1e-9 else -x / dx if dx < -1e-9 else math.inf,
                (self.level.table_h - y) / dy if dy > 1e-9 else -y / dy if dy < -1e-9 else math.inf]
        return min(ways)

    def _sweep(self, seconds: float) -> None:
        """The aim sweeps, or while the button is held the power swings (in real time, at any animation speed)."""
        self.one_button.tick(seconds)
        self.aim = self.one_button.aim
        self.aiming = self.holding is not None  # the power is shown once it is being chosen
        if self.holding is not None:
            self.power = self.one_button.power

    def _one_button_input(self, event) -> bool:
        """Space, Enter, a pad's A or X, or the left mouse button: hold it to stop the aim and swing the power,
        let go to flick at the power shown."""
        button = self._which_button(event)
        if button is None:
            return False
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if self.holding is None and not self.repeat:  # a held key repeats: no new hold
                self.holding = button
                self.one_button.press()
                self.power = self.one_button.power
                self.message = (f"{self.seats[self.game.current].name}: let go of {self._button_name(button)} "
                                f"to flick at the power shown.")
            return True
        if button != self.holding:
            return False
        self.holding = None
        self.human_flick(self.aim, self.one_button.release())
        return True

    def _which_button(self, event) -> tuple | None:
        """(source, button) of a press or release of the one button, the same for both; None for anything else."""
        kind = event.type
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse_button(event)
        if kind in (pygame.KEYDOWN, pygame.KEYUP) and event.key in ONE_BUTTONS:
            pad_button = getattr(event, "button", None)  # a pad's button, pressed: it arrives as a key
            return (event.source, event.key if pad_button is None else pad_button)
        if kind == pygame.CONTROLLERBUTTONUP and event.button in PAD_BUTTONS:
            return (event.source, event.button)
        return None

    def _mouse_button(self, event) -> tuple | None:
        """The left mouse button, unless it presses Menu or Replay (they keep their clicks)."""
        if event.button != 1:
            return None
        others = [b for b in self.buttons.buttons if b is not self.flick_button and b.enabled]
        if event.type == pygame.MOUSEBUTTONDOWN and any(b.contains(event.pos) for b in others):
            return None
        return ("mouse", 1)

    def _button_name(self, button: tuple) -> str:
        """How the player's one button is written: "Space" (as bound), "A", "the mouse button"."""
        source, code = button
        if source == "mouse":
            return "the mouse button"
        return pad_text(code) if source.startswith("pad") else Hints(self.app.bindings, self.keymap).name(code)

    def resume(self) -> None:
        """Back from the pause menu: a button held when it opened was let go there, so no flick."""
        self.pressed.clear()
        if self.holding is not None:
            self.holding = None
            self.one_button.cancel()
            self.message = self.prompt()
        super().resume()

    # ----- a browser seat -------------------------------------------------
    def phone_table_motion(self, seat: int) -> dict:
        return {"flight": self.remote_flight}

    def phone_table_facts(self, view) -> dict:
        return {"full_drag": MAX_DRAG / self.scale, "grab": GRAB / self.scale,
                "icons": {icon: f"takedown/icons/{icon}.svg" for icon in DIE_SIDES}}

    def phone_choices(self, player: int) -> list[tuple[str, object, str]]:
        return [("Replay the last flick", REPLAY_LAST, "")] if self.last_flight is not None else []

    def phone_act(self, player: int, action) -> None:
        self.start_replay()

    def phone_swipe(self, player: int, drag: tuple[float, float], let_go: bool) -> str | None:
        """A swipe from the seat's saucer on its browser's table: the TV shows the aim while the finger moves,
        and letting go flicks (with a person's hand shake, as every flick of a person)."""
        if not self.can_act(player) or player != self.game.current:
            return self.why_waiting(player) or "Wait for your turn."
        angle, power, long_enough = swipe_aim(drag, self.scale, MAX_DRAG)
        self.aim, self.power, self.aiming = angle, power, not let_go
        if let_go and long_enough:
            self.human_flick(angle, power)
        return None

    def frame_rate(self) -> float:
        if self.one_button_style and self.human_to_act:
            return FPS  # the aim sweeps
        rate = super().frame_rate()
        return 2 * LIGHT_STEPS if rate == AMBIENT_FPS else rate  # only the lights move, in steps

    def _pad(self, event) -> bool:
        """Left stick points the flick; squeeze the right trigger for power, release to flick."""
        pad = self.app.input.pads.get(event.instance_id)
        value = event.value / 32767
        if event.axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY) and pad is not None:
            x = pad.get_axis(pygame.CONTROLLER_AXIS_LEFTX) / 32767
            y = pad.get_axis(pygame.CONTROLLER_AXIS_LEFTY) / 32767
            if math.hypot(x, y) > 0.5:
                self.aim = math.atan2(y, x)
                self.aiming = True
            return True
        if event.axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
            if value > 0.08:
                self.trigger_peak = max(self.trigger_peak, value)
                self.power = self.trigger_peak
                self.aiming = True
            elif self.trigger_peak > 0.15:
                power, self.trigger_peak = self.trigger_peak, 0.0
                self.human_flick(self.aim, power)
            return True
        return False

    # ----- drawing -------------------------------------------------------
    def _table_key(self) -> tuple:
        """The key of the table's own layer: the field, its walls and the seats' colours, for this round."""
        return "td-table", self.level.id, tuple(s.color for s in self.seats), self.shown_round

    def draw(self, canvas) -> None:
        canvas.cached(self._table_key(), layout.SCREEN, self._draw_static, opaque=True)
        for i in range(len(self.level.targets)):
            self._draw_target(canvas, i)
        self._draw_bumpers(canvas)
        for p in range(self.game.players):
            self._draw_saucer(canvas, p)
        self._draw_aiming(canvas)
        self._draw_labels(canvas)
        self._draw_held_meter(canvas)
        self._draw_die(canvas)
        if self.human_to_act and self.pull is None and not self.one_button_style:
            self._draw_aim_keys(canvas)
        self._draw_claims(canvas)
        if self.replay is not None:
            self._draw_replay_tag(canvas)
        elif self.sim is None:
            self.draw_result(canvas, HELD)
            if self.result is None and self.opening():
                self._draw_tag(canvas, self.opening(), theme.TEXT)
        self.draw_message(canvas, MESSAGE, theme.FONT_SMALL + 1)
        self._draw_side(canvas)
        self.draw_turn_log(canvas)
        self.buttons.draw(canvas)
        self.draw_banner(canvas, (TABLE[0] + TABLE[2] / 2, TABLE[1] + TABLE[3] / 2))

    def _draw_par_line(self, canvas) -> None:
        """On a challenge table, where the saucer stands where a step of the par plan starts: that step's flick as a
        faint hollow arrow with its power, a plan to copy (the hand still shakes)."""
        if not (self.game.challenge and self.human_to_act and self.idle and self.replay is None):
            return
        if self.holding is not None or self.pull is not None:
            return  # a flick under way: the meter and the arrow have the room
        flick = known_line(self.game.view(self.game.current))
        if flick is None:
            return
        x, y = self.to_screen(*self.die)
        length = 30 + 150 * flick.power
        ex, ey = x + math.cos(flick.angle) * length, y + math.sin(flick.angle) * length
        canvas.line((200, 210, 230), (x, y), (ex, ey), 2)
        canvas.circle((200, 210, 230), (ex, ey), 6, 2)
        canvas.text(f"par line {round(flick.power * 100)}%", theme.FONT_SMALL, (200, 210, 230),
                    (ex + math.cos(flick.angle) * 14, ey + math.sin(flick.angle) * 14 - 10), anchor="center")

    def _draw_aiming(self, canvas) -> None:
        """The aim (the one-button sweep, or the arrow of a person or a bot taking aim) over the last flight."""
        self._draw_par_line(canvas)
        if self.one_button_style and self.human_to_act:
            self._draw_ghost(canvas)
            self._draw_one_button(canvas)
        elif self.aiming and (self.human_to_act or self.bot_aim is not None):
            self._draw_ghost(canvas)
            self._draw_aim(canvas)

    def _draw_replay_tag(self, canvas) -> None:
        """While a replay plays: whose flick it is, in the table's corner (the turn banner never shows over it)."""
        shot = self.last_flight
        name = whose(self.seats[shot["player"]].name) if shot else "The last"
        self._draw_tag(canvas, f"Replay: {name} flick", theme.WARN)

    def _draw_tag(self, canvas, text: str, color) -> None:
        """A light note in the table's top left corner (who starts; a replay), on as many lines as it takes to stay
        clear of the Base at the middle of the top edge."""
        most = TABLE[2] / 2 - TAG_CLEARANCE
        text = self.names_fitted(canvas, text, theme.FONT_SMALL, 2 * most, bold=True)
        lines = canvas.wrap(text, theme.FONT_SMALL, most, bold=True)
        w = max(canvas.text_width(line, theme.FONT_SMALL, bold=True) for line in lines) + 24
        step = canvas.line_height(theme.FONT_SMALL)
        rect = (TABLE[0] + 10, TABLE[1] + 10, min(w, most + 24), step * len(lines) + 12)
        canvas.shade(rect, 190, radius=8)
        canvas.rect(color, rect, width=2, radius=8)
        for i, line in enumerate(lines):
            canvas.text(line, theme.FONT_SMALL, color, (rect[0] + 12, rect[1] + 6 + step * (i + 0.5)), anchor="midleft",
                        bold=True, width=rect[2] - 20)

    def _draw_claims(self, canvas) -> None:
        """The points rising from a claimed piece, and the piece flying to its pile."""
        for text, (x, y), t in self.popups:
            rise, zoom = motion.sway(30 * t / POPUP_SECONDS), 1 + motion.sway(0.3 * (1 - t / POPUP_SECONDS))
            canvas.text(text, theme.FONT_HEADING, (0, 0, 0), (x + 2, y - rise + 3), anchor="center", bold=True, zoom=zoom)
            canvas.text(text, theme.FONT_HEADING, theme.GOOD, (x, y - rise), anchor="center", bold=True, zoom=zoom)
        for start, end, t, color in self.flying_pieces:
            x = start[0] + (end[0] - start[0]) * t
            y = start[1] + (end[1] - start[1]) * t - motion.sway(math.sin(t * math.pi) * 80)
            canvas.circle(color, (x, y), 16 * (1 - 0.4 * t))

    def _draw_static(self, canvas) -> None:
        """The board with its Bases and walls: drawn once per game and window size (the pieces are sprites)."""
        canvas.clear(theme.BG)
        draw_board(canvas, TABLE)
        canvas.surface.set_clip(canvas.prect(TABLE))  # a Base by the edge: its pad stays on the board
        for p in range(self.game.players):
            seat = self.seats[p]
            draw_base(canvas, self.to_screen(*self.base(p)), self.mm(self.level.saucer_diameter / 2),
                      theme.PLAYER_COLORS[seat.color][1], theme.PLAYER_SYMBOLS[seat.color])
        canvas.surface.set_clip(None)
        for bumper in self.level.bumpers:
            drop_shadow(canvas, self.to_screen(bumper.x, bumper.y), self.mm(bumper.radius) + 4)
        for wall in self.level.walls:
            draw_wall(canvas, self.to_screen(*wall.a), self.to_screen(*wall.b), self.mm(wall.thickness))

    def pulse_clock(self) -> float:
        """The clock of the saucer's lights, the bumpers' glow and the scoreboard's pulse: they change in steps,
        LIGHT_STEPS a second (a chase of lights), so a table waiting for a flick is drawn only that often."""
        return int(self.clock * LIGHT_STEPS) / LIGHT_STEPS

    def decoration_look(self, canvas) -> object:
        return self.pulse_clock()  # the lights' step

    def decoration_area(self) -> list:
        """The lights of the saucer whose turn it is, and the glowing bumpers."""
        area = []
        if not self.game.is_over:
            x, y = self.to_screen(*self.saucer_pos[self.shown_turn])
            r = self.mm(self.level.saucer_diameter / 2) + 8
            area.append((x - r, y - r, 2 * r, 2 * r + 4))
        for bumper in self.level.bumpers:
            x, y = self.to_screen(bumper.x, bumper.y)
            r = self.mm(bumper.radius) + 8
            area.append((x - r, y - r, 2 * r, 2 * r))
        return area

    def _draw_bumpers(self, canvas) -> None:
        """Glowing bumpers, each with a lit spot on its cap (their shadows are on the board)."""
        for bumper in self.level.bumpers:
            c = self.to_screen(bumper.x, bumper.y)
            r = self.mm(bumper.radius)
            glow = motion.pulse(self.pulse_clock() * 3 + bumper.x)
            canvas.circle((255, 140, 66), c, r + 3 + 2 * glow)
            canvas.circle((120, 50, 30), c, r)
            canvas.circle(theme.WARN, c, r * 0.45)
            canvas.circle((255, 244, 200), (c[0] - r * 0.15, c[1] - r * 0.15), r * 0.14)

    def _draw_target(self, canvas, i: int) -> None:
        """A target's pieces still standing, from a sprite cached per picture and pieces left."""
        target = self.level.targets[i]
        pieces = [(piece, self.mm(self.level.piece_radius(piece))) for piece in self.shown_pieces[i]]
        if not pieces:
            return
        cached_target(canvas, self.to_screen(target.x, target.y), pieces, target.icon)

    def _draw_labels(self, canvas) -> None:
        """What each target's top piece is worth, on a dark plate over the trail and the aim (never under them)."""
        for i, target in enumerate(self.level.targets):
            left = self.shown_pieces[i]
            if not left:
                continue
            c = self.to_screen(target.x, target.y)
            top = left[0]
            label = f"{counted(self.level.points(top, False), 'point')} · {self.level.points(top, True)} if {target.icon}"
            half = canvas.text_width(label, theme.FONT_SMALL) / 2 + 4
            x = min(max(c[0], TABLE[0] + half), TABLE[0] + TABLE[2] - half)  # by the edge: the label stays on the table
            y = c[1] + self.mm(self.level.piece_radius(top)) + 9
            height = canvas.text_height(theme.FONT_SMALL)
            canvas.shade((x - half, y - height / 2 - 1, 2 * half, height + 2), 150, radius=5)
            canvas.text(label, theme.FONT_SMALL, theme.TEXT, (x, y), anchor="center")

    def _draw_saucer(self, canvas, p: int) -> None:
        """The saucer from a cached sprite; the lights of the one whose turn it is chase round."""
        c = self.to_screen(*self.saucer_pos[p])
        r = self.mm(self.level.saucer_diameter / 2)
        seat = self.seats[p]
        _, color = theme.PLAYER_COLORS[seat.color]
        dark = tuple(int(v * 0.55) for v in color)
        box = r + 6

        def paint(canvas) -> None:
            canvas.circle((8, 10, 14), (c[0] + 3, c[1] + 5), r)
            canvas.circle(dark, c, r)
            canvas.circle(color, c, r * 0.86)
            canvas.circle((12, 12, 20), c, self.mm(self.level.saucer_hole / 2))
            canvas.symbol(theme.PLAYER_SYMBOLS[seat.color], dark, (c[0], c[1] - r * 0.42), 5)

        canvas.cached(("saucer", seat.color, round(r, 2)), (c[0] - box, c[1] - box, 2 * box, 2 * box + 4), paint)
        current = p in self.highlighted()
        lights = self.pulse_clock()
        for k in range(8):
            a = k * math.tau / 8 + (motion.sway(lights * 1.5) if current else 0)
            lit = current and motion.blink(lights * LIGHT_STEPS + k)
            canvas.circle(theme.WARN if lit else (250, 250, 240),
                          (c[0] + math.cos(a) * r * 0.72, c[1] + math.sin(a) * r * 0.72), 2.6)

    def _draw_ghost(self, canvas) -> None:
        """Where this player's last flick went: a faint trail to learn from."""
        path = self.ghosts.get(self.shown_turn)
        if path:
            for point in path[::TRAIL_EVERY]:
                canvas.circle((120, 140, 160), point, 1.6)
            canvas.circle((150, 170, 190), path[-1], 4, 1)

    def _draw_aim(self, canvas) -> None:
        x, y = self.to_screen(*self.die)
        length = 30 + 150 * self.power
        ex, ey = x + math.cos(self.aim) * length, y + math.sin(self.aim) * length
        color = power_color(self.power)
        for k in range(10):
            a, b = k / 10, (k + 0.6) / 10
            canvas.line(color, (x + (ex - x) * a, y + (ey - y) * a), (x + (ex - x) * b, y + (ey - y) * b), 3)
        left, right = self.aim + 2.6, self.aim - 2.6
        canvas.polygon(color, [(ex + math.cos(self.aim) * 8, ey + math.sin(self.aim) * 8),
                               (ex + math.cos(left) * 12, ey + math.sin(left) * 12),
                               (ex + math.cos(right) * 12, ey + math.sin(right) * 12)])
        if self.pull is not None:  # the hand on the die: where the pointer would be
            hand = (x + self.pull[0], y + self.pull[1])
            canvas.line((200, 200, 220), (x, y), hand, 2)
            canvas.circle((200, 200, 220), hand, 6)

    def _draw_aim_keys(self, canvas) -> None:
        """The keys that turn the aim, beside the die on the side each turns it to."""
        x, y = self.to_screen(*self.die)
        tall = glyphs.height(canvas, 30)
        for key, side in ((pygame.K_LEFT, -math.pi / 2), (pygame.K_RIGHT, math.pi / 2)):
            hint = canvas.hints.button(key) if canvas.hints else None
            if hint is not None:
                w = glyphs.width(canvas, hint, tall)
                cx, cy = x + math.cos(self.aim + side) * 40, y + math.sin(self.aim + side) * 40
                canvas.circle((12, 8, 18), (cx, cy), max(w, tall) / 2 + 4)  # readable over any table
                glyphs.draw(canvas, hint, cx - w / 2, cy, tall)

    def _draw_one_button(self, canvas) -> None:
        """The arc the aim sweeps over and the aim on it (yellow once held); the power meter is drawn over the
        labels (``_draw_held_meter``)."""
        x, y = self.to_screen(*self.die)
        low, high = self.one_button.low, self.one_button.high
        dots = max(1, round((high - low) / SWEEP_STEP / 2))
        for k in range(dots + 1):
            a = low + (high - low) * k / dots
            end = k in (0, dots)
            canvas.circle((150, 170, 190), (x + math.cos(a) * SWEEP_RADIUS, y + math.sin(a) * SWEEP_RADIUS),
                          5 if end else 2.5)
        color = theme.WARN if self.holding is not None else theme.ACCENT
        ex, ey = x + math.cos(self.aim) * SWEEP_RADIUS, y + math.sin(self.aim) * SWEEP_RADIUS
        canvas.line(color, (x, y), (ex, ey), 5)
        left, right = self.aim + 2.5, self.aim - 2.5
        canvas.polygon(color, [(ex + math.cos(self.aim) * 14, ey + math.sin(self.aim) * 14),
                               (ex + math.cos(left) * 16, ey + math.sin(left) * 16),
                               (ex + math.cos(right) * 16, ey + math.sin(right) * 16)])

    def _draw_held_meter(self, canvas) -> None:
        """While the one button is held: the power meter beside the die, over any label near it."""
        if self.one_button_style and self.human_to_act and self.holding is not None:
            self._draw_meter(canvas, *self.to_screen(*self.die))

    def _draw_meter(self, canvas, x: float, y: float) -> None:
        """A tall power meter beside the die, on the side away from the aim where it fits, the power above it."""
        w, h = METER
        tx, ty, tw, th = TABLE
        sides = (x + 44, x - 44 - w) if math.cos(self.aim) < 0 else (x - 44 - w, x + 44)
        mx = next((sx for sx in sides if tx + 8 <= sx <= tx + tw - w - 8), sides[0])
        label = canvas.line_height(theme.FONT_LABEL)
        my = min(max(y - h / 2, ty + label + 12), ty + th - h - 8)
        canvas.rect((12, 12, 20), (mx - 5, my - 5, w + 10, h + 10), radius=9)
        canvas.rect(power_color(self.power), (mx, my + h * (1 - self.power), w, h * self.power), radius=5)
        for k in (1, 2, 3):
            canvas.line(theme.TEXT_DIM, (mx, my + h * k / 4), (mx + 8, my + h * k / 4), 2)
        canvas.rect(theme.TEXT, (mx, my, w, h), width=2, radius=5)
        power = f"{round(self.power * 100)}%"
        pw, ph = canvas.text_width(power, theme.FONT_LABEL, bold=True) + 12, canvas.text_height(theme.FONT_LABEL)
        plate = (mx + w / 2 - pw / 2, my - 8 - ph, pw, ph)
        canvas.popup(plate)  # over whatever label is there (the meter follows the saucer)
        canvas.shade(plate, 220, radius=6)
        canvas.text(power, theme.FONT_LABEL, theme.TEXT, (mx + w / 2, my - 8), anchor="midbottom", bold=True)

    def _draw_die(self, canvas) -> None:
        if self.die_scale <= 0:
            return
        moving = self.sim is not None and self.sim.tumbling
        self.art.draw(canvas, self.to_screen(*self.die), DIE_DRAWN * self.die_scale, self.die_orientation, moving=moving,
                      loose=True)

    def _pile(self, canvas, player: int, rect) -> None:
        x, y, _, _ = rect
        for k, (target, piece, flipped) in enumerate(self.shown_piles[player][:12]):
            icon = self.level.targets[target].icon
            fill = ICON_COLOR[icon] if flipped else PIECE_COLOR[piece]
            centre = (x - 14 + k * 19, y + 4)
            canvas.circle(fill, centre, PIECE_SIZE[piece])
            canvas.circle((60, 50, 40), centre, PIECE_SIZE[piece], 1)
            if flipped:  # a solid side shows a star, not only another colour
                canvas.symbol("star", (250, 250, 240), centre, PIECE_SIZE[piece] * 0.8)

    def _draw_side(self, canvas) -> None:
        g = self.game
        scores = [sum(self.level.points(piece, flipped) for _, piece, flipped in pile) for pile in self.shown_piles]
        active = self.highlighted()
        if g.match:
            self.scoreboard.title = f"Round {min(g.round + 1, g.rounds)} of {g.rounds}"
        self.scoreboard.draw(canvas, scores, active, self.pulse_clock(), extra_key=tuple(map(tuple, self.shown_piles)),
                             over=self._table_key())
        if g.challenge:
            _, ry, _, rh = self.scoreboard.row(0)
            top = ry + rh + 6  # under the one player's row, which grows with the text size
            canvas.cached(("challenge-side", g.flicks), (SIDE_X, top, SIDE_W, POWER_Y - 14 - top),
                          lambda c: self._draw_challenge(c, top))
        self._draw_inset(canvas)
        if self.aiming or self.sim is not None or (self.human_to_act and not self.one_button_style):
            self._draw_power(canvas)

    def _draw_power(self, canvas) -> None:
        """The power bar, between the keys that lower and raise it (when the arrows set the power)."""
        label = canvas.text("Power", theme.FONT_SMALL, theme.TEXT_DIM, (SIDE_X + 12, POWER_Y), anchor="midleft", width=76,
                            height=28)
        tall = glyphs.height(canvas, 26)
        keys = canvas.hints is not None and not self.one_button_style
        less, more = (canvas.hints.button(key) if keys else None for key in (pygame.K_DOWN, pygame.K_UP))
        left, right = label.right + 8, SIDE_X + SIDE_W - 12
        if less is not None:
            left += glyphs.draw(canvas, less, left, POWER_Y, tall) + 4
        if more is not None:
            right -= glyphs.width(canvas, more, tall)
            glyphs.draw(canvas, more, right, POWER_Y, tall)
            right -= 4
        width = right - left
        canvas.rect(theme.BG, (left, POWER_Y - 8, width, 16), radius=6)
        canvas.rect(power_color(self.power), (left, POWER_Y - 8, width * self.power, 16), radius=6)

    def _draw_challenge(self, canvas, y: float) -> None:
        c = self.level.challenge
        goal = f"Goal: {c.points} points" if c.goal == "points" else "Goal: clear every piece"
        lines = [(f"Flicks used: {self.game.flicks} of {c.flicks}", theme.FONT_BODY, theme.TEXT),
                 (goal, theme.FONT_SMALL, theme.TEXT_DIM), (f"Par: {c.par} flicks", theme.FONT_SMALL, theme.TEXT_DIM)]
        x, w = SIDE_X + 18, SIDE_W - 32
        lines += [(line, theme.FONT_SMALL, theme.TEXT_DIM) for line in canvas.wrap(c.hint, theme.FONT_SMALL, w)]
        canvas.stack(lines, (x, y, w, POWER_Y - 16 - y))

    def _draw_inset(self, canvas) -> None:
        """The die up close, so its face is readable at a glance."""
        x, y, w, h = INSET
        tumbling = self.sim is not None and self.sim.tumbling
        side = up_side(self.die_orientation)

        def frame(canvas) -> None:
            canvas.rect(theme.PANEL, INSET, radius=12)
            canvas.rect(theme.PANEL_EDGE, INSET, width=2, radius=12)
            canvas.text("The die", theme.FONT_SMALL, theme.TEXT_DIM, (x + 12, y + 8), width=w - 24, height=26)
            if tumbling:
                canvas.text("tumbling...", theme.FONT_BODY, theme.TEXT_DIM, (x + 116, y + 78), width=w - 124)
                return
            face = DIE_SIDES[side]
            canvas.stack([(FACE_LABEL[face], theme.FONT_BODY, theme.TEXT, True),
                          ("flips matching", theme.FONT_SMALL, theme.TEXT_DIM),
                          (f"{face} targets", theme.FONT_SMALL, theme.TEXT_DIM)], (x + 116, y + 48, w - 124, h - 54))

        canvas.cached(("inset", tumbling, DIE_SIDES[side]), INSET, frame)
        shown = self.die_orientation if tumbling else face_up(side, 0.0)  # upright, to read the face
        self.art.draw(canvas, (x + 70, y + 84), 64, shown, moving=tumbling)


def power_color(power: float) -> tuple[int, int, int]:
    """Green for a gentle flick to red for a full one."""
    return int(120 + 135 * power), int(220 - 150 * power), 80
