"""Mars Attacks checks for ``python -m game smoke``: a person's turn by mouse and keys, the coach,
Continue, and a whole game played by keys."""

from __future__ import annotations

from game.core.rng import Rng
from game.mars_attacks.bots import BOTS
from game.mars_attacks.rules import CHOOSE_TARGET, CONTINUE, FIX, ROLL, STOP, TARGET
from game.mars_attacks.scene import CARD_H, CARD_W, CARD_Y, card_x


def extras(d, info) -> None:
    human_game(d)


def keys_for(d, game, action: str) -> int:
    if action.startswith(TARGET):
        return (d.pg.K_1, d.pg.K_2, d.pg.K_3, d.pg.K_4)[game.face_up.index(action[len(TARGET):])]
    fixes = {FIX[0]: d.pg.K_m, FIX[1]: d.pg.K_r, FIX[2]: d.pg.K_n}
    return {ROLL: d.pg.K_SPACE, STOP: d.pg.K_s, **fixes}[action]


def human_game(d) -> None:
    """Seat 0 is a person: target with a click on a card, roll with Space, read the coach, pause, Continue,
    then play the Smart bot's choices through the keys to the results."""
    d.to_title()
    d.click("Play Mars Attacks")
    d.set_seat(0, None)
    d.app.scenes.top._add()
    d.set_seat(2, "greedy")
    d.shot("mars-attacks-setup-3")
    d.click("Start game")
    scene = d.app.scenes.top
    d.until(lambda: scene.can_act(0), 4000)  # the cards are dealt first
    d.key(d.pg.K_g)  # coach on: chances on every card
    d.shot("mars-attacks-choose")
    game = scene.game
    assert game.phase == CHOOSE_TARGET
    card = game.targets(0)[0]
    stack = game.face_up.index(card.id)
    d.click_at((card_x(stack + 1) + CARD_W / 2, CARD_Y + CARD_H / 2))
    d.wait_idle()
    assert game.target == card.id, "clicking a card targets it"
    d.key(d.pg.K_SPACE)
    d.frames(5)
    d.shot("mars-attacks-tumble")
    d.wait_idle()
    d.shot("mars-attacks-rolled")
    d.key(d.pg.K_ESCAPE)
    d.expect("PauseScene")
    d.click("Quit to title")
    d.expect("TitleScene")
    d.click("Continue")
    d.expect("GameScene")
    play_to_the_end(d)


def play_to_the_end(d) -> None:
    rng = Rng(2)
    shots = {"mars-attacks-continue": False, "mars-attacks-midway": False}
    for _ in range(60000):
        scene = d.app.scenes.top
        if type(scene).__name__ == "ResultsScene":
            d.frames(60)
            d.shot("mars-attacks-results-human")
            return
        game = scene.game
        if scene.can_act(0):
            if game.phase == CONTINUE and not shots["mars-attacks-continue"]:
                d.shot("mars-attacks-continue")
                shots["mars-attacks-continue"] = True
            action = BOTS["smart"].choose(game.view(0), 0, rng)
            before = len(game.log)
            d.key(keys_for(d, game, action))
            assert len(game.log) > before, f"the key for {action!r} did nothing"
        else:
            d.frames(1)
        if not shots["mars-attacks-midway"] and sum(len(c) for c in game.claimed) >= 4 and scene.idle \
                and game.outcome() is None:  # not the claim that ends the game: its results come next
            d.shot("mars-attacks-midway")
            shots["mars-attacks-midway"] = True
            turn_log(d, scene)
    raise AssertionError("the game did not finish")


def turn_log(d, scene) -> None:
    """L opens the last turns over the table, and closes them again."""
    d.key(d.pg.K_l)
    d.expect("TurnLogScene")
    d.shot("mars-attacks-turn-log")
    d.key(d.pg.K_l)
    assert d.app.scenes.top is scene, "the log's own key closes it"
