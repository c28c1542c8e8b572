"""The Mars Needs Heroes table headless: each seat's keys act only for that seat, the Freeze race goes to
the first press, bots bid on their own clocks, and a seat that passes the screen bids in private."""

import pygame
from conftest import run_until

from game import controls
from game.core.steps import InBackground
from game.heroes.rules import BID, FREEZE_WINDOW
from game.registry import GAMES
from game.saves import Seat

INFO = GAMES["heroes"]


def press(zone: str, index: int):
    name = controls.KEY_ZONES[zone][index]
    return pygame.event.Event(pygame.KEYDOWN, {"key": pygame.key.key_code(name), "mod": 0, "unicode": "",
                                               "scancode": 0, "source": zone})


def table(app, seats):
    scene = INFO.start(app, seats)
    app.scenes.push(scene)
    run_until(app, lambda: scene.game.phase == BID and scene.idle)
    return scene


def test_a_zone_bids_only_for_its_own_seat_and_the_tv_shows_ready(app):
    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2")])
    app.step(1 / 30, [press("keys-2", 3)])
    assert scene.game.bids == {1: 4} and 1 in scene.shown.ready and scene.shown.bids is None
    app.step(1 / 30, [press("keys-2", 0)])
    assert scene.game.bids == {1: 4}, "a bid is final"
    app.step(1 / 30, [press("keys-1", 1)])
    assert scene.game.phase == FREEZE_WINDOW and scene.game.played == [[2], [4]]


def test_the_first_freeze_press_in_event_order_takes_the_pot(app):
    seats = [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2"), Seat("Cy", 2, None, "keys-3")]
    scene = table(app, seats)
    app.step(1 / 30, [press("keys-1", 4), press("keys-2", 0), press("keys-3", 1)])
    run_until(app, lambda: scene.window is not None)
    app.step(1 / 30, [press("keys-3", controls.CHOICE_KEYS), press("keys-2", controls.CHOICE_KEYS)])
    assert scene.game.rays == [True, True, False], "Cy pressed first; Bo's press came too late"
    assert scene.game.history[-1].player == 2 and scene.game.history[-1].frozen


def test_the_window_closes_by_itself_and_the_bid_winner_takes_the_pot(app):
    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2")])
    app.step(1 / 30, [press("keys-1", 4), press("keys-2", 0)])
    run_until(app, lambda: scene.game.history)
    assert scene.game.history[-1].player == 0 and scene.game.rays == [True, True]


def test_bots_bid_one_by_one_on_their_own_clocks(app):
    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Zax", 1, "smart"), Seat("Kree", 2, "greedy")])
    run_until(app, lambda: len(scene.game.bids) == 2)
    assert 0 not in scene.game.bids and scene.game.phase == BID, "bots never wait for people, nor bid for them"


def test_a_smart_bot_thinks_in_a_thread_of_its_own_and_drops_thinking_for_a_step_gone_by(app, monkeypatch):
    import threading

    from game import tournament

    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Zax", 1, "smart")])
    scene.plans, scene.pondering = {}, {}
    thought_on = threading.Event()  # held until the test has looked: a quick thought may end before it looks
    real_decide = tournament._decide

    def held(*args):
        thought_on.wait(10)
        return (yield from real_decide(*args))
    monkeypatch.setattr(tournament, "_decide", held)
    scene._plan(1)
    thinking = scene.pondering[1][0]
    assert isinstance(thinking, InBackground), "a step of its odds can take longer than a frame's slice"
    scene.step = None  # as when the round has moved on
    scene.drive_bots([1])
    thought_on.set()
    assert thinking._cancelled and scene.pondering.get(1, (None,))[0] is not thinking


def test_a_seat_that_passes_the_screen_bids_behind_a_privacy_screen(app):
    scene = table(app, [Seat("Ada", 0, None, controls.ANY), Seat("Bo", 1, None, controls.ANY)])
    assert scene.next_to_pass() == 0 and scene.uncovered is None
    assert not any(b.label.isdigit() for b in scene.buttons.buttons), "no cards before Ada says it is her"
    app.step(1 / 30, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RETURN, "mod": 0, "unicode": "",
                                                         "scancode": 0, "source": "keyboard"})])
    assert scene.uncovered == 0
    app.step(1 / 30, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_3, "mod": 0, "unicode": "",
                                                         "scancode": 0, "source": "keys-1"})])
    assert scene.game.bids == {0: 3} and scene.next_to_pass() == 1 and scene.uncovered is None


def test_a_key_pressed_while_one_seats_cards_are_on_screen_goes_to_that_seat_or_nowhere(app):
    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, controls.ANY)])
    next(b for b in scene.buttons.buttons if b.label.startswith("I am Bo")).on_click()
    assert scene.chooser() == 1
    app.step(1 / 30, [press("keys-1", 5)])  # Q: Ada's Freeze key, nothing to do with Bo's cards
    app.step(1 / 30, [press("keys-1", 1)])  # 2: Ada's zone, but Bo's cards are up
    assert scene.game.bids == {1: 2}, "the 2 was Bo's pick, not a bid of Ada's"
    app.step(1 / 30, [press("keys-1", 3)])
    assert scene.game.bids == {1: 2, 0: 4} or scene.game.phase != BID, "with the screen covered again, Ada's keys bid"


def test_a_new_bid_is_shown_ready_even_while_the_last_reveal_is_on_the_table(app):
    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2")])
    scene.shown.bids, scene.shown.cancelled = (3, 3), (3,)  # a tie just revealed, still on the table
    app.step(1 / 30, [press("keys-1", 1)])
    assert scene.shown.bids is None and 0 in scene.shown.ready, "the crossed-out cards make way for READY"


def test_a_cancel_is_shown_to_everyone_and_never_covers_the_next_ready(app):
    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2")])
    app.step(1 / 30, [press("keys-1", 2), press("keys-2", 2)])
    run_until(app, lambda: scene.shown.cancelled, frames=200, dt=1 / 60)  # once the cards have flipped
    assert scene.shown.cancelled == (3,) and scene.banner is not None, "both 3s cancel, under a banner"
    run_until(app, lambda: scene.game.phase == BID and scene.idle)
    app.step(1 / 30, [press("keys-2", 4)])
    assert scene.game.bids == {1: 5} and 1 in scene.shown.ready and scene.shown.bids is None and scene.shown.cancelled == (), \
        "Bo's READY stands alone: the crossed-out 3s are gone"


def test_a_card_turning_over_is_scaled_not_rendered_anew_each_frame(app, monkeypatch):
    """The back of a bid turning edge-on was rendered at each new width: a few milliseconds a frame for each card
    at 1920x1080, and every width kept among the pictures (where it pushed out the ones screens reuse)."""
    from game.ui import canvas as canvas_module

    rendered = []
    real_render = canvas_module.render_svg
    monkeypatch.setattr(canvas_module, "render_svg", lambda name, size: (rendered.append(name),
                                                                         real_render(name, size))[1])
    app.settings.animation_speed = "normal"
    scene = table(app, [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2")])
    app.step(1 / 30, [press("keys-1", 2), press("keys-2", 4)])
    rendered.clear()
    turning = 0
    for _ in range(200):
        app.step(1 / 60, [])
        if scene.shown.bids is not None and 0 < scene.flip < 1:
            turning += 1
            assert "Waiting" not in scene.message, "the header says what happens: every bid is in"
        if scene.flip >= 1:
            break
    assert turning >= 10, "the cards were seen turning"
    assert rendered.count("heroes/hero-back.svg") <= 1, "the card's back rendered once at most, then scaled"


def test_the_last_pot_s_taker_is_named_whole_in_the_narrow_box_beside_the_pot(app):
    from game.ui import theme

    scene = table(app, [Seat("Samantha", 0, None, "keys-1"), Seat("Player 3", 1, None, "keys-2")])
    for name in ("Samantha", "Player 3"):
        scene.hold_result(name, "took 4", theme.GOOD)  # a name wider than the box's heading size allows
        scene.banner = None
        problems = app.audit_layout()
        assert not problems, problems
        assert name in [text for text, _ in app.canvas.audit_frame(lambda: scene.draw(app.canvas)).texts]
