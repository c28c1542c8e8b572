"""Mars Needs Heroes checks for ``python -m game smoke``: secret bids from a key zone, a seat that passes
the screen, a Freeze Ray fired from the keyboard, the final count and the results."""

from __future__ import annotations

from game import controls
from game.heroes.rules import BID, FREEZE_WINDOW


def extras(d, info) -> None:
    d.to_title()
    d.click(f"Play {info.title}")
    setup = d.app.scenes.top
    d.set_seat(0, None)
    setup._add()
    d.set_seat(2, None)
    while setup.seats[2].control != controls.ANY:  # the third player shares the screen
        setup._next_control(2)
    setup.seats[0].control = "keys-1"
    setup._build()
    d.shot("heroes-setup-people")
    d.click("Start game")
    d.expect("GameScene")
    play_to_the_end(d)


def zone_key(d, zone: str, index: int) -> int:
    return d.pg.key.key_code(controls.KEY_ZONES[zone][index])


def play_to_the_end(d) -> None:
    shots: set[str] = set()

    def once(name: str) -> None:
        if name not in shots:
            shots.add(name)
            d.shot(name)

    for _ in range(60000):
        scene = d.app.scenes.top
        if type(scene).__name__ == "ResultsScene":
            d.frames(60)
            d.shot("heroes-results-people")
            assert {"heroes-privacy", "heroes-ready", "heroes-freeze-window", "heroes-frozen", "heroes-final-count"} <= shots, shots
            return
        game = scene.game
        if scene.finale_step >= 0:
            once("heroes-final-count")
        if game.phase == BID and 0 in scene.humans_to_act():
            before = len(game.log)
            d.key(zone_key(d, "keys-1", game.hands[0][len(game.hands[0]) // 2] - 1), "keys-1")
            assert len(game.log) == before + 1, "a key of the seat's zone bids"
            once("heroes-ready")
        elif game.phase == BID and scene.next_to_pass() == 2 and scene.uncovered is None:
            once("heroes-privacy")
            d.click("I am")
            once("heroes-private-cards")
            d.click(str(game.hands[2][-1]))
        elif game.phase == FREEZE_WINDOW and scene.window is not None and 0 in scene.humans_to_act():
            once("heroes-freeze-window")
            if "heroes-frozen" not in shots and len(game.pot) >= 2:
                d.key(zone_key(d, "keys-1", controls.CHOICE_KEYS), "keys-1")
                assert not game.rays[0], "the Freeze key fires the ray"
                d.frames(4)
                once("heroes-frozen")
            else:
                d.frames(1)
        else:
            d.frames(1)
    raise AssertionError("the game did not finish")
