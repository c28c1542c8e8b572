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


SEEN = {"heroes-privacy", "heroes-ready", "heroes-freeze-window", "heroes-frozen", "heroes-final-count"}


def play_to_the_end(d) -> None:
    people = People(d)
    for _ in range(60000):
        scene = d.app.scenes.top
        if type(scene).__name__ == "ResultsScene":
            d.frames(60)
            d.shot("heroes-results-people")
            assert SEEN <= people.shots, people.shots
            return
        people.step(scene)
    raise AssertionError("the game did not finish")


class People:
    """The people's moves at the table, frame by frame: seat 0 on its key zone, seat 2 passing the screen;
    each screen is photographed the first time it shows."""

    def __init__(self, d):
        self.d = d
        self.shots: set[str] = set()

    def once(self, name: str) -> None:
        if name not in self.shots:
            self.shots.add(name)
            self.d.shot(name)

    def step(self, scene) -> None:
        game = scene.game
        if scene.finale_step >= 0:
            self.once("heroes-final-count")
        if game.phase == BID and 0 in scene.humans_to_act():
            self.bid_by_keys(game)
        elif game.phase == BID and scene.next_to_pass() == 2 and scene.uncovered is None:
            self.pass_the_screen(game)
        elif game.phase == FREEZE_WINDOW and scene.window is not None and 0 in scene.humans_to_act():
            self.freeze_window(game)
        else:
            self.d.frames(1)

    def bid_by_keys(self, game) -> None:
        before = len(game.log)
        self.d.key(zone_key(self.d, "keys-1", game.hands[0][len(game.hands[0]) // 2] - 1), "keys-1")
        assert len(game.log) == before + 1, "a key of the seat's zone bids"
        self.once("heroes-ready")

    def pass_the_screen(self, game) -> None:
        self.once("heroes-privacy")
        self.d.click("I am")
        self.once("heroes-private-cards")
        self.d.click(str(game.hands[2][-1]))

    def freeze_window(self, game) -> None:
        """The first time a pot of two or more is up, seat 0 fires its Freeze Ray."""
        self.once("heroes-freeze-window")
        if "heroes-frozen" in self.shots or len(game.pot) < 2:
            self.d.frames(1)
            return
        self.d.key(zone_key(self.d, "keys-1", controls.CHOICE_KEYS), "keys-1")
        assert not game.rays[0], "the Freeze key fires the ray"
        self.d.frames(4)
        self.once("heroes-frozen")
