"""Takedown checks for ``python -m game smoke``: a person's slingshot flick, and a challenge run that starts
with a one-button flick."""

from __future__ import annotations

import math

from game.takedown.bots import STRENGTHS, plan
from game.takedown.scene import MAX_DRAG


def extras(d, info) -> None:
    human_game(d)
    challenge(d)


def flick_like_a_player(d, shot: str | None = None) -> None:
    """Drag back from the die the way the expert bot would aim."""
    scene = d.app.scenes.top
    flick = plan(scene.game.view(scene.game.current), STRENGTHS["expert"])
    x, y = scene.to_screen(*scene.die)
    pull = flick.power * MAX_DRAG
    d.drag((x, y), (x - math.cos(flick.angle) * pull, y - math.sin(flick.angle) * pull), shot)


def until(d, scene_name: str, shots: dict, limit: int = 30000) -> None:
    for _ in range(limit):
        scene = d.app.scenes.top
        if type(scene).__name__ == scene_name:
            return
        if type(scene).__name__ == "GameScene" and scene.human_to_act:
            flick_like_a_player(d, shots.pop("aim", None))
            assert scene.sim is not None, "a drag from the die must flick it"
            if "flight" in shots:
                d.frames(2)
                d.shot(shots.pop("flight"))
        else:
            d.frames(1)
    raise AssertionError(f"never reached {scene_name}")


def human_game(d) -> None:
    d.to_title()
    d.click("Play Ten-Minute Takedown")
    d.set_seat(0, None)
    d.app.scenes.top._add()
    d.click("Start game")
    d.expect("GameScene")
    d.frames(5)
    until(d, "ResultsScene", {"aim": "takedown-aim", "flight": "takedown-flight"})
    d.frames(60)
    d.shot("takedown-results-human")


def challenge(d) -> None:
    d.to_title()
    d.click("Takedown challenges")
    d.expect("ChallengeScene")
    d.shot("takedown-challenges")
    first = d.app.scenes.top.buttons.buttons[0]
    x, y, w, h = first.rect
    d.click_at((x + w / 2, y + h / 2))
    d.expect("GameScene")
    d.frames(3)
    d.shot("takedown-challenge-level")
    one_button_flick(d)
    until(d, "ChallengeResultScene", {})
    d.frames(40)
    d.shot("takedown-challenge-result")


def one_button_flick(d) -> None:
    """Settings' one-button flick: hold Space while the aim sweeps, the power meter swings, let go."""
    pg, scene = d.pg, d.app.scenes.top
    d.app.settings.games["flick_style"] = "one-button"
    d.frames(20)
    d.key(pg.K_SPACE)
    d.frames(40)
    d.shot("takedown-one-button")
    d.frames(1, [pg.event.Event(pg.KEYUP, {"key": pg.K_SPACE, "mod": 0, "unicode": "", "scancode": 0,
                                           "source": "keyboard"})])
    assert scene.sim is not None, "letting go of the one button must flick"
    d.app.settings.games["flick_style"] = "slingshot"
