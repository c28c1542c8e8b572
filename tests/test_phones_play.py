"""Phones playing real games on loopback.

With a simulated phone (a real WebSocket client): a move for a turn that is not the seat's, a stale or
unknown choice are refused and the game does not change; the join screen comes first and a seat can
switch to keys. In a real headless browser (Debian's chromium through Selenium; CI installs it): two
phones join by their links, bid in Mars Needs Heroes and one fires the Freeze Ray; a Martian Dice turn
from a phone; a closed page opened again takes its seat back.
"""

from __future__ import annotations

import os
import shutil
import time
from concurrent.futures import ThreadPoolExecutor

import pygame
import pytest
from conftest import run_until

from game import controls
from game.heroes.rules import BID, FREEZE_WINDOW
from game.phones import door
from game.phones.smoke import RealTime, SimulatedPhone
from game.registry import GAMES
from game.saves import Seat
from game.tools import browser_seat


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setenv("MGN_PHONE_HOST", "127.0.0.1")


def open_table(app, game: str, seats):
    scene = GAMES[game].start(app, seats)
    app.scenes.push(scene)
    run_until(app, lambda: app.phones.server is not None and type(app.scenes.top).__name__ == "PhoneScene")
    return scene


def frames(app, condition, seconds: float = 10.0) -> None:
    """Step the game in real time until `condition()` (a Freeze window lasts as long as for a player)."""
    assert RealTime(app, pause=0.005).until(condition, seconds), "timed out"


def test_the_join_screen_waits_for_phones_and_a_seat_can_switch_to_keys(app):
    scene = open_table(app, "heroes", [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None, controls.PHONE)])
    lobby = app.scenes.top
    assert not lobby.shown_ready
    phone = SimulatedPhone(app.phones.server.link(0))
    frames(app, lambda: lobby.shown_ready is False and app.phones.server.status(0) == "connected")
    lobby._switch(1)
    assert scene.seats[1].control == "keys-1"
    frames(app, lambda: app.phones.server.seats() == {0: "Ada"} and lobby.shown_ready)
    phone.close()


def test_a_seat_taken_with_the_room_code_shows_on_the_tv_and_its_key_removes_the_phone(app):
    scene = open_table(app, "heroes", [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None, controls.PHONE)])
    lobby, server = app.scenes.top, app.phones.server
    stranger = SimulatedPhone(server.address, seat=1)
    frames(app, lambda: server.status(1) == "connected" and "Remove phone" in labels(lobby))
    assert not any("room code" in text for text, _ in app.notices), "the join screen shows it: no notice"
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2", scancode=0)])
    frames(app, lambda: stranger.closed and server.status(1) == "waiting" and "Remove phone" not in labels(lobby))
    assert any("removed" in text for text in stranger.said)
    assert scene.seats[1].control == controls.PHONE  # the seat still waits for its phone
    stranger.close()


def test_a_seat_taken_with_the_room_code_during_play_is_a_notice(app):
    scene = open_table(app, "martian-dice", [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None)])
    server = app.phones.server
    ada = SimulatedPhone(server.link(0))
    frames(app, lambda: app.scenes.top.shown_ready)
    app.scenes.top.back()
    frames(app, lambda: app.scenes.top is scene)
    server.remove(0)  # as if its phone had gone for good and the seat were free again
    stranger = SimulatedPhone(server.address, seat=0)
    frames(app, lambda: any("A phone took Ada's seat with the room code" in text for text, _ in app.notices))
    ada.close()
    stranger.close()


def labels(scene) -> list[str]:
    return [button.label for button in scene.buttons.buttons]


def test_refused_phone_moves_leave_the_game_untouched(app):
    scene = open_table(app, "martian-dice", [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None)])
    phone = SimulatedPhone(app.phones.server.link(0))
    frames(app, lambda: app.scenes.top.shown_ready)
    app.scenes.top.back()
    frames(app, lambda: scene.can_act(0) and phone.panel and phone.panel["choices"])
    turn = phone.panel["turn"]
    log = list(scene.game.log)
    for intent, why in (({"choice": 9, "turn": turn}, "not on offer"), ({"choice": 0, "turn": turn + 5}, "Too late")):
        phone.send({"type": "intent", **intent})
        frames(app, lambda: any(why in s for s in phone.said))
        assert scene.game.log == log
    phone.choose("Roll")
    frames(app, lambda: len(scene.game.log) > len(log))
    phone.close()


def test_a_phone_cannot_act_for_a_seat_whose_turn_it_is_not(app):
    scene = open_table(app, "martian-dice", [Seat("Bo", 0, None), Seat("Ada", 1, None, controls.PHONE)])
    phone = SimulatedPhone(app.phones.server.link(1))
    frames(app, lambda: app.scenes.top.shown_ready)
    app.scenes.top.back()
    frames(app, lambda: scene.can_act(0) and "Bo" in (phone.panel or {}).get("status", ""))
    assert phone.panel["choices"] == []
    log = list(scene.game.log)
    phone.send({"type": "intent", "choice": 0, "turn": phone.panel["turn"]})
    frames(app, lambda: phone.said)
    assert "Bo's turn" in phone.said[-1] and scene.game.log == log
    phone.close()


def test_heroes_bids_from_two_phones_and_the_first_freeze(app):
    seats = [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None, controls.PHONE), Seat("Cy", 2, None, "keys-1")]
    scene = open_table(app, "heroes", seats)
    ada, bo = (SimulatedPhone(app.phones.server.link(p)) for p in (0, 1))
    frames(app, lambda: app.scenes.top.shown_ready)
    app.scenes.top.back()
    frames(app, lambda: scene.game.phase == BID and all(phone.panel and len(phone.panel["choices"]) == 5
                                                        for phone in (ada, bo)))  # each phone's panel in its own time
    assert [c["label"] for c in ada.panel["choices"]] == ["1", "2", "3", "4", "5"]
    ada.choose("5")
    bo.choose("1")
    frames(app, lambda: scene.game.bids == {0: 5, 1: 1} and "You bid 5" in ada.panel.get("note", ""))
    assert "Ada holds 1 2 3 4 5" in bo.panel["lines"], "a bid stays secret until the reveal"
    scene._press("keys-1", 1)  # Cy bids 2: Ada's 5 wins the bid
    frames(app, lambda: scene.window is not None and bo.panel and bo.panel["choices"])
    assert bo.panel["choices"][0]["label"] == "FREEZE!" and bo.panel.get("timer")
    bo.choose("FREEZE")
    frames(app, lambda: scene.game.history)
    assert scene.game.history[-1].player == 1 and scene.game.history[-1].frozen and not scene.game.rays[1]
    ada.close()
    bo.close()


# ----- a real browser ---------------------------------------------------------------------------------
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
CHROMEDRIVER = shutil.which("chromedriver")
needs_browser = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER) and not os.environ.get("MGN_REQUIRE_BROWSER"),
    reason="needs chromium and chromedriver (CI installs Debian's and sets MGN_REQUIRE_BROWSER)")


@pytest.fixture
def browser():
    """Headless Chromium pages, each a phone; their calls run in a worker thread so the game keeps
    stepping in this one."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers = []

    def new_phone():
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=420,860"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        drivers.append(driver)
        return driver

    with ThreadPoolExecutor(1) as worker:
        yield new_phone, worker
        for driver in drivers:
            driver.quit()


def in_browser(app, worker, action, seconds: float = 30.0):
    """Run a browser action in the worker while the game steps; its result."""
    return browser_seat.in_browser(worker, RealTime(app, pause=0.005).step, action, seconds)


def tap(driver, label: str) -> None:
    """Click the page's button for `label` (again if the page redrew it meanwhile)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(20):
        try:
            for button in driver.find_elements(By.CSS_SELECTOR, "#choices button"):
                if button.text.strip().startswith(label) and button.is_enabled():
                    button.click()
                    return
        except StaleElementReferenceException:
            continue
        time.sleep(0.05)
    raise AssertionError(f"no {label!r} on the page: {page_text(driver)!r}")


def page_text(driver) -> str:
    return driver.find_element("tag name", "body").text


def wait_page(app, worker, driver, text: str, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while text not in in_browser(app, worker, lambda: page_text(driver)):
        assert time.monotonic() < deadline, f"{text!r} never showed: {page_text(driver)!r}"
        frames(app, lambda: True)


@needs_browser
def test_browser_phones_bid_and_freeze_in_heroes(app, browser):
    new_phone, worker = browser
    app.settings.games["freeze_window"] = "relaxed"  # 6 s: a browser busy beside the tests took 2.5 s to tap
    seats = [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, None, controls.PHONE), Seat("Cy", 2, None, "keys-1")]
    scene = open_table(app, "heroes", seats)
    ada, bo = in_browser(app, worker, new_phone), in_browser(app, worker, new_phone)
    in_browser(app, worker, lambda: ada.get(app.phones.server.link(0)))
    in_browser(app, worker, lambda: bo.get(app.phones.server.link(1)))
    frames(app, lambda: app.scenes.top.shown_ready)
    app.scenes.top.back()
    frames(app, lambda: scene.game.phase == BID and scene.idle)
    wait_page(app, worker, ada, "Tap a card")
    in_browser(app, worker, lambda: tap(ada, "5"))
    in_browser(app, worker, lambda: tap(bo, "1"))
    frames(app, lambda: scene.game.bids == {0: 5, 1: 1})
    wait_page(app, worker, ada, "You bid 5")
    assert "5" not in in_browser(app, worker, lambda: bo.find_element("id", "note").text), "a bid stays private"
    scene._press("keys-1", 1)
    frames(app, lambda: scene.game.phase == FREEZE_WINDOW and scene.window is not None)
    wait_page(app, worker, bo, "FREEZE!")
    in_browser(app, worker, lambda: tap(bo, "FREEZE"))
    frames(app, lambda: scene.game.history)
    assert scene.game.history[-1].player == 1 and scene.game.history[-1].frozen


@needs_browser
def test_browser_martian_dice_turn_and_reconnect(app, browser):
    new_phone, worker = browser
    scene = open_table(app, "martian-dice", [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, "optimal")])
    phone = in_browser(app, worker, new_phone)
    link = app.phones.server.link(0)
    in_browser(app, worker, lambda: phone.get(link))
    frames(app, lambda: app.scenes.top.shown_ready)
    app.scenes.top.back()
    wait_page(app, worker, phone, "Roll")
    in_browser(app, worker, lambda: tap(phone, "Roll"))
    frames(app, lambda: scene.game.log and scene.idle and scene.can_act(0))
    wait_page(app, worker, phone, "Set aside")
    in_browser(app, worker, lambda: tap(phone, "Set aside"))
    frames(app, lambda: scene.idle and scene.game.phase != "choose")
    in_browser(app, worker, lambda: phone.get("about:blank"))  # the page is closed (a locked phone)
    frames(app, lambda: app.phones.server.status(0) == "lost")
    in_browser(app, worker, lambda: phone.get(link))
    frames(app, lambda: app.phones.server.status(0) == "connected")
    wait_page(app, worker, phone, "Ada")
    assert scene.seats[0].control == controls.PHONE


@needs_browser
def test_browser_phone_joins_with_the_typed_room_code(app, browser, monkeypatch):
    """A wrong code brings the code box back with a word; the right one typed in lower case with its
    dashes; the seat list stays usable after the server closed the seatless socket behind it (1 s here
    instead of 5)."""
    monkeypatch.setattr(door, "JOIN_TIMEOUT", 1.0)
    new_phone, worker = browser
    open_table(app, "martian-dice", [Seat("Ada", 0, None, controls.PHONE), Seat("Bo", 1, "optimal")])
    server = app.phones.server
    phone = in_browser(app, worker, new_phone)
    in_browser(app, worker, lambda: phone.get(f"http://{server.short_address}/"))
    wait_page(app, worker, phone, "Type the room code")

    def type_code(code: str):
        box = phone.find_element("id", "code")
        box.clear()
        box.send_keys(code)
        phone.find_element("id", "go").click()
    wrong = "ABCDEFGHJ" if server.room != "ABCDEFGHJ" else "ABCDEFGHK"
    in_browser(app, worker, lambda: type_code(wrong))
    wait_page(app, worker, phone, "No game with that code")
    assert "Type the room code" in in_browser(app, worker, lambda: page_text(phone))
    in_browser(app, worker, lambda: type_code(server.room_shown.lower()))
    wait_page(app, worker, phone, "Which seat is yours?")
    later = time.monotonic() + 2
    frames(app, lambda: time.monotonic() > later)
    assert "Which seat is yours?" in in_browser(app, worker, lambda: page_text(phone))
    in_browser(app, worker, lambda: tap(phone, "Ada"))
    frames(app, lambda: server.status(0) == "connected" and server.joined_by_code(0))
    wait_page(app, worker, phone, "You are in")
