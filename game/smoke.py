"""Smoke run: every scene, headless, driven by synthetic input.

Plays through title, settings, rules, setup, a whole Martian Dice game (one
seat played through the keyboard and mouse like a person, the rest bots),
pause, results, Continue from a save, a corrupt save and a death-ray duel.
Any exception or failed check makes it exit 1. ``--shots DIR`` saves a PNG
of each scene.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from pathlib import Path

FRAME = 1 / 30


class Driver:
    def __init__(self, shots: str | None):
        import pygame

        from game.app import App

        self.pg = pygame
        self.shots = Path(shots) if shots else None
        if self.shots:
            self.shots.mkdir(parents=True, exist_ok=True)
        self.app = App()
        self.app.settings.animation_speed = "turbo"

    def frames(self, n: int = 1, events=()) -> None:
        for i in range(n):
            self.app.step(FRAME, list(events) if i == 0 else [])

    def shot(self, name: str) -> None:
        self.frames(1)
        if self.shots:
            self.app.screenshot(self.shots / f"{name}.png")
        print(f"smoke: {name} ok", flush=True)

    def key(self, key: int) -> None:
        self.frames(1, [self.pg.event.Event(self.pg.KEYDOWN, {"key": key, "mod": 0, "unicode": "", "scancode": 0})])

    def click_at(self, logical) -> None:
        pos = self.app.canvas.px(*logical)
        self.frames(1, [self.pg.event.Event(self.pg.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)})])
        self.frames(1, [self.pg.event.Event(self.pg.MOUSEBUTTONDOWN, {"pos": pos, "button": 1})])

    def drag(self, start, end, shot: str | None = None) -> None:
        """Press at start, pull to end, release (a slingshot flick)."""
        ev, pg = self.pg.event.Event, self.pg
        self.frames(1, [ev(pg.MOUSEBUTTONDOWN, {"pos": self.app.canvas.px(*start), "button": 1})])
        self.frames(1, [ev(pg.MOUSEMOTION, {"pos": self.app.canvas.px(*end), "rel": (0, 0), "buttons": (1, 0, 0)})])
        if shot:
            self.shot(shot)
        self.frames(1, [ev(pg.MOUSEBUTTONUP, {"pos": self.app.canvas.px(*end), "button": 1})])

    def click(self, label: str) -> None:
        for b in self.app.top.buttons.buttons:
            if b.label.startswith(label) and b.enabled:
                x, y, w, h = b.rect
                self.click_at((x + w / 2, y + h / 2))
                return
        raise AssertionError(f"no enabled button {label!r} on {type(self.app.top).__name__}")

    def expect(self, scene_name: str) -> None:
        actual = type(self.app.top).__name__
        if actual != scene_name:
            raise AssertionError(f"expected {scene_name}, on {actual}")


def run_smoke(shots: str | None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as user_dir:
        os.environ["MGN_USER_DIR"] = user_dir  # never touch the player's own saves
        try:
            _script(Driver(shots), Path(user_dir))
        except Exception:
            traceback.print_exc()
            print("smoke: FAILED", file=sys.stderr)
            return 1
    print("smoke: all scenes ok")
    return 0


def _script(d: Driver, user_dir: Path) -> None:
    from game.scenes.title import TitleScene

    pg = d.pg
    d.app.push(TitleScene(d.app))
    d.frames(10)
    d.shot("01-title")

    d.click("Settings")
    d.expect("SettingsScene")
    d.click("+")
    d.shot("02-settings")
    d.click("Back")

    d.click("How to play")
    d.expect("HowToPlayScene")
    d.shot("03-rules")
    for _ in range(4):
        d.key(pg.K_RIGHT)
    d.shot("04-rules-controls")
    d.key(pg.K_ESCAPE)

    d.click("Play Martian Dice")
    d.expect("SetupScene")
    d.click("Add player")
    d.click("Bot: Optimal")  # seat 2 becomes the next strength, "Winner"
    d.shot("05-setup")
    d.click("Start game")
    d.expect("GameScene")
    _play_human_turn(d)
    d.key(pg.K_g)  # coach on
    d.shot("08-game-coach")
    d.key(pg.K_ESCAPE)
    d.expect("PauseScene")
    d.shot("09-pause")
    d.click("Quit to title")
    d.expect("TitleScene")
    d.shot("10-title-continue")
    d.click("Continue")
    d.expect("GameScene")
    _play_to_the_end(d)
    d.frames(60)  # let the score race draw itself
    d.shot("12-results")
    d.click("Back to title")

    _corrupt_save(d, user_dir)
    _duel(d)
    _takedown(d)
    _challenge(d)


def _play_human_turn(d: Driver) -> None:
    """Roll with Space, pick with a mouse click on a die, then stop with S."""
    from game.martian_dice.rules import CHOOSE, ROLL_OR_STOP

    scene = d.app.top
    _wait_idle(d)
    d.key(d.pg.K_SPACE)
    d.frames(4)
    d.shot("06-game-tumble")
    _wait_idle(d)
    d.shot("07-game-rolled")
    if scene.game.phase == CHOOSE:
        die = next(x for x in scene.dice if not x.aside and x.face is not None and scene.game.can_take(x.face))
        before = sum(scene.game.aside)
        d.click_at((die.x, die.y))
        _wait_idle(d)
        assert sum(scene.game.aside) > before, "clicking a die did not take it"
    if scene.game.phase == ROLL_OR_STOP and scene.game.current == 0:
        d.key(d.pg.K_s)
        _wait_idle(d)


def _wait_idle(d: Driver, limit: int = 2000) -> None:
    for _ in range(limit):
        if getattr(d.app.top, "idle", True):
            return
        d.frames(1)
    raise AssertionError("animation never finished")


def _play_to_the_end(d: Driver) -> None:
    """Human seat 0 plays the optimal policy through key presses."""
    from game.core.rng import Rng
    from game.martian_dice.bots import optimal
    from game.martian_dice.rules import ROLL, STOP, TAKE_FACE

    keys = {ROLL: d.pg.K_SPACE, STOP: d.pg.K_s, "take-ray": d.pg.K_1, "take-human": d.pg.K_2,
            "take-cow": d.pg.K_3, "take-chicken": d.pg.K_4}
    rng = Rng(1)
    shot_mid = False
    for _ in range(60000):
        scene = d.app.top
        if type(scene).__name__ == "ResultsScene":
            return
        game = scene.game
        if scene.idle and scene.human_to_act:
            action = optimal(game, rng)
            assert action in keys and (action not in TAKE_FACE or game.can_take(TAKE_FACE[action]))
            d.key(keys[action])
        else:
            d.frames(1)
        if not shot_mid and max(game.scores) >= 12 and scene.idle:
            d.shot("11-game-midway")
            shot_mid = True
    raise AssertionError("the game did not finish")


def _corrupt_save(d: Driver, user_dir: Path) -> None:
    from game.scenes.title import TitleScene

    (user_dir / "autosave.json").write_text('{"format": 1, "game": "martian-dice", "seats": [', encoding="utf-8")
    d.app.reset(TitleScene(d.app))
    title = d.app.top
    assert title.notices and not title.saved, "a corrupt save must be reported"
    kept = list(user_dir.glob("autosave.json.corrupt-*"))
    assert kept, "the corrupt save must be kept aside"
    d.shot("13-title-corrupt-save")
    d.key(d.pg.K_ESCAPE)


def _duel(d: Driver) -> None:
    from game import saves
    from game.martian_dice.rules import DUEL_PENDING, HUMAN, ROLL_OR_STOP, STOP, TAKE, MartianDice
    from game.registry import GAMES

    game = MartianDice(2, seed=11)
    for points in (12, 12, 13, 13):
        game.apply_roll([0, 13 - points, points, 0, 0])
        game.apply(TAKE[HUMAN])
        if game.phase == ROLL_OR_STOP:
            game.apply(STOP)
    assert game.phase == DUEL_PENDING
    seats = [saves.Seat("Ada", 0, None), saves.Seat("Zax", 1, "winner")]
    d.app.push(GAMES["martian-dice"].scene(d.app, seats, game.to_json()))
    d.frames(30)
    for _ in range(400):
        scene = d.app.top
        if getattr(scene, "duel_view", None) and scene.duel_view["t"] > 1.7 / 4:
            break
        d.frames(1)
    d.shot("14-duel")
    for _ in range(3000):
        if type(d.app.top).__name__ == "ResultsScene":
            break
        d.frames(1)
    d.expect("ResultsScene")


def _flick_like_a_player(d: Driver, shot: str | None = None) -> None:
    """Drag back from the die the way the expert bot would aim."""
    import math

    from game.takedown.bots import STRENGTHS, plan
    from game.takedown.scene import MAX_DRAG

    scene = d.app.top
    flick = plan(scene.game, STRENGTHS["expert"])
    x, y = scene.to_screen(*scene.die)
    pull = flick.power * MAX_DRAG
    d.drag((x, y), (x - math.cos(flick.angle) * pull, y - math.sin(flick.angle) * pull), shot)


def _takedown_until(d: Driver, scene_name: str, shots: dict, limit: int = 30000) -> None:
    for _ in range(limit):
        scene = d.app.top
        if type(scene).__name__ == scene_name:
            return
        if type(scene).__name__ == "GameScene" and scene.human_to_act:
            _flick_like_a_player(d, shots.pop("aim", None))
            assert scene.sim is not None, "a drag from the die must flick it"
            if "flight" in shots:
                d.frames(2)
                d.shot(shots.pop("flight"))
        else:
            d.frames(1)
    raise AssertionError(f"never reached {scene_name}")


def _takedown(d: Driver) -> None:
    from game.scenes.title import TitleScene

    d.app.reset(TitleScene(d.app))
    d.click("Play Ten-Minute Takedown")
    d.expect("SetupScene")
    d.click("Add player")
    d.shot("15-takedown-setup")
    d.click("Start game")
    d.expect("GameScene")
    d.frames(5)
    d.shot("16-takedown-table")
    _takedown_until(d, "ResultsScene", {"aim": "17-takedown-aim", "flight": "18-takedown-flight"})
    d.frames(60)
    d.shot("19-takedown-results")


def _challenge(d: Driver) -> None:
    from game.scenes.title import TitleScene

    d.app.reset(TitleScene(d.app))
    d.click("Takedown challenges")
    d.expect("ChallengeScene")
    d.shot("20-challenges")
    first = d.app.top.buttons.buttons[0]
    x, y, w, h = first.rect
    d.click_at((x + w / 2, y + h / 2))
    d.expect("GameScene")
    d.frames(3)
    d.shot("21-challenge-level")
    _takedown_until(d, "ChallengeResultScene", {})
    d.frames(40)
    d.shot("22-challenge-result")
