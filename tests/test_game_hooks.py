"""A game is its package plus one registry entry: the tests' toy game (tests/toy_bid, registered by conftest) shows
up in setup, help, controls, settings, statistics and on phones with no shared file naming it."""

import pygame
import pytest
from conftest import run_until

from game import controls, stats, storage
from game.phones.server import Intent
from game.registry import GAMES
from game.saves import Seat
from game.scenes.statistics import StatisticsScene
from game.tournament import play_game
from game.ui.bindings import groups

TOY = GAMES["toy-bid"]


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, {"key": k, "mod": 0, "unicode": "", "scancode": 0, "source": "keyboard"})


def labels(scene) -> list[str]:
    return [b.label for b in scene.buttons.buttons]


def test_setup_offers_its_option_and_bots_and_starts_its_table(app):
    app.scenes.push("title")
    app.scenes.push("setup", TOY)
    setup = app.scenes.top
    assert "3 rounds" in labels(setup) and "Random" in labels(setup)
    setup._next_option(TOY.options[0])
    assert "5 rounds" in labels(setup)
    setup._start()
    table = app.scenes.top
    assert table.info is TOY and table.game.rounds == 5 and table.keymap == "toy-bid"


def test_help_has_its_tab_and_pages(app):
    app.scenes.push("how to play", list(GAMES.values()))
    howto = app.scenes.top
    assert TOY.short in labels(howto)
    next(b for b in howto.buttons.buttons if b.label == TOY.short).on_click()
    assert howto.info is TOY and howto.pages[0].title == "Bid at once"


def test_controls_and_settings_show_its_own_keys_and_setting(app):
    assert groups()["toy-bid"].zones, "its seats keep their keyboard zones"
    app.scenes.push("title")
    app.scenes.push("settings")
    settings = app.scenes.top
    assert "A while" in labels(settings)
    app.step(1 / 60, [key(pygame.K_y)])
    assert app.settings.choice("toy_reveal") == "short" and "Briefly" in labels(settings)
    app.scenes.push("controls")
    assert "Toy bids" in labels(app.scenes.top)


def test_statistics_count_its_games_and_best_turn(app):
    state = play_game(TOY, ["random", "bold"], seed=4)
    seats = [Seat("Ana", 0), Seat("Zed", 1, "bold")]
    stats.count_finished(TOY, seats, state)
    storage.WRITER.flush()
    record = stats.load()[0].players["Ana"]["toy-bid"]
    assert record.played == 1 and record.best == max(TOY.best_turns(state)[0], 0)
    assert record.bots["bold"].won + record.bots["bold"].lost + record.bots["bold"].tied == 1
    app.scenes.push("statistics")
    shown = [cell.text for page in app.scenes.top.pages for block in page for line in block.lines for cell in line
             if hasattr(cell, "text")]  # not the charts' bars
    assert TOY.short in shown and any("vs Bold bot" in text for text in shown)
    assert isinstance(app.scenes.top, StatisticsScene)


@pytest.fixture
def loopback(monkeypatch):
    monkeypatch.setenv("MGN_PHONE_HOST", "127.0.0.1")


def test_a_phone_seat_gets_its_bids_and_a_tap_is_a_bid(app, loopback):
    table = TOY.start(app, [Seat("Ana", 0, None, controls.PHONE), Seat("Zed", 1, "random")])
    app.scenes.push(table)
    run_until(app, lambda: app.phones.server is not None)
    app.scenes.back_to(table)
    table.phones_checked = True
    panel = table.phone_panel(0)
    assert [choice["label"] for choice in panel["choices"]] == ["1", "2", "3", "4", "5"]
    assert table.phone_intent(Intent(0, 4, panel["turn"])) is None
    assert table.game.bids.get(0) == 5 or table.game.history[-1].bids[0] == 5
    app.phones.stop()
