"""Martian Dice checks for ``python -m game smoke``: a person's turn, Continue, a bad save, the duel."""

from __future__ import annotations

from game import saves
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.martian_dice.bots import BOTS
from game.martian_dice.rules import CHOOSE, DUEL, HUMAN, ROLL, ROLL_OR_STOP, STOP, TAKE, TAKE_FACE, MartianDice
from game.saves import Seat


def extras(d, info) -> None:
    human_game(d)
    corrupt_save(d)
    duel(d, info)


def human_game(d) -> None:
    """Seat 0 is a person: roll with Space, pick with a click on a die, stop with S, then play to the end by keys."""
    d.to_title()
    d.click("Play Martian Dice")
    setup = d.app.scenes.top
    d.set_seat(0, None)
    setup._add()
    d.set_seat(2, "winner")
    d.shot("martian-dice-setup-3")
    d.click("Player 1")  # typing a name: the hint to finish it
    d.shot("martian-dice-setup-typing")
    d.key(d.pg.K_RETURN)
    d.click("Start game")
    scene = d.app.scenes.top
    d.wait_idle()
    d.key(d.pg.K_SPACE)
    d.frames(4)
    d.shot("martian-dice-tumble")
    d.wait_idle()
    d.shot("martian-dice-rolled")
    d.key(d.pg.K_DOWN, "pad-1")  # a pad's D-pad: the buttons show pad glyphs
    d.shot("martian-dice-pad")
    if scene.game.phase == CHOOSE:
        die = next(x for x in scene.tray.on_tray() if x.face is not None and scene.game.can_take(x.face))
        before = sum(scene.game.aside)
        d.click_at((die.x, die.y))
        d.wait_idle()
        assert sum(scene.game.aside) > before or scene.game.current != 0, "clicking a die did not take it"
    if scene.game.phase == ROLL_OR_STOP and scene.game.current == 0:
        d.key(d.pg.K_s)
        d.wait_idle()
    d.key(d.pg.K_g)  # coach on
    d.shot("martian-dice-coach")
    d.key(d.pg.K_ESCAPE)
    d.expect("PauseScene")
    d.shot("martian-dice-pause")
    d.click("Quit to title")
    d.expect("TitleScene")
    d.shot("title-continue")
    d.click("Continue")
    d.expect("GameScene")
    play_to_the_end(d)


def play_to_the_end(d) -> None:
    """The person in seat 0 plays the optimal policy through key presses (the coach's table shown once); at the
    end, the luck-and-skill page of the results."""
    keys = {ROLL: d.pg.K_SPACE, STOP: d.pg.K_s, "take-ray": d.pg.K_1, "take-human": d.pg.K_2,
            "take-cow": d.pg.K_3, "take-chicken": d.pg.K_4}
    rng = Rng(1)
    shots: set[str] = set()
    for _ in range(60000):
        scene = d.app.scenes.top
        if type(scene).__name__ == "ResultsScene":
            results(d, scene)
            return
        game = scene.game
        if scene.can_act(0):
            if game.phase == ROLL_OR_STOP and d.app.settings.coach:
                once(d, shots, "martian-dice-coach-table", frames=2)
            action = BOTS["optimal"].choose(game.view(0), 0, rng)
            assert action in keys and (action not in TAKE_FACE or game.can_take(TAKE_FACE[action]))
            d.key(keys[action])
        else:
            d.frames(1)
        if max(game.totals) >= 12 and scene.idle:
            once(d, shots, "martian-dice-midway")
    raise AssertionError("the game did not finish")


def once(d, shots: set[str], name: str, frames: int = 0) -> None:
    """A screenshot taken the first time only (after `frames` more frames)."""
    if name not in shots:
        shots.add(name)
        d.frames(frames)
        d.shot(name)


def results(d, scene) -> None:
    """The results of a person's game, then its luck-and-skill page."""
    d.frames(60)
    d.shot("martian-dice-results-human")
    d.key(d.pg.K_l)
    assert scene.showing_luck, "L shows luck and skill"
    d.until(lambda: scene.report is not None)  # worked out off the frame
    d.shot("martian-dice-luck")


def corrupt_save(d) -> None:
    folder = d.user_dir / saves.SAVE_DIR
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "martian-dice.json").write_text('{"format": 2, "game": "martian-dice", "seats": [', encoding="utf-8")
    title = d.to_title()
    assert title.notices and not title.saved, "a corrupt save must be reported"
    assert list(folder.glob("martian-dice.json.corrupt-*")), "the corrupt save must be kept aside"
    d.shot("title-corrupt-save")
    d.key(d.pg.K_ESCAPE)


def tied_game() -> MartianDice:
    """Two players tied on 25 at the end of the round: a death-ray duel is next (scripted dice)."""
    game = MartianDice(2, seed=11)
    for points in (12, 12, 13, 13):
        game.apply(game.current, ROLL)
        game.apply(CHANCE, (0, 13 - points, points, 0, 0))
        game.apply(game.current, TAKE[HUMAN])
        if game.phase == ROLL_OR_STOP:
            game.apply(game.current, STOP)
    assert game.phase == DUEL
    return game


def duel(d, info) -> None:
    """Two players tied at the end: the death-ray duel plays out to the results."""
    seats = [Seat("Ada", 0, None), Seat("Zax", 1, "winner")]
    d.app.scenes.push(info.scene(d.app, seats, tied_game()))
    d.until(lambda: d.app.scenes.top.duel_view is not None and d.app.scenes.top.duel_view["t"] > 1.7 / 4, 4000)
    d.shot("martian-dice-duel")
    d.until(lambda: type(d.app.scenes.top).__name__ == "ResultsScene", 4000)
