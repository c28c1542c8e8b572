"""Mars Attacks rules, scripted: every step of a turn, every ruling and every special rule of the deck."""

import json
from pathlib import Path

import pytest

from game.core.protocol import CHANCE, IllegalAction
from game.core.rng import Rng
from game.mars_attacks import odds
from game.mars_attacks.deck import DECK_FILE, DeckError, load_deck, standard_deck
from game.mars_attacks.rules import (
    CHOOSE_TARGET,
    CONTINUE,
    FIX,
    RAY,
    REVEAL,
    ROLL,
    STOP,
    Banked,
    Claimed,
    EndTriggered,
    ExtraTurn,
    MarsAttacks,
    Nuked,
    ProgressWiped,
    sample_roll,
)


SCRIPTED = load_deck(Path(__file__).with_name("mars_attacks_scripted_deck.toml"))  # the numbers these turns need


def table(cards, players=2, side="easy", first=0) -> MarsAttacks:
    """A game whose four face-up cards are `cards` (stack 0 to 3), from the scripted turns' deck."""
    g = MarsAttacks(players, seed=3, options={"difficulty": side}, first=first, deck=SCRIPTED)
    for card in cards:
        g.apply(CHANCE, card)
    assert g.phase == CHOOSE_TARGET
    return g


def turn(g, card, *rolls, stop=False):
    """Target `card` and roll each (Martians, Ray Guns, Nukes) in turn; stop at the end if asked."""
    events = g.apply(g.current, "target:" + card)
    events += g.apply(g.current, ROLL)
    for i, counts in enumerate(rolls):
        if i:
            events += g.apply(g.current, ROLL)
        events += g.apply(CHANCE, counts)
    if stop:
        events += g.apply(g.current, STOP)
    return events


CALM = ["boise", "omaha", "atlanta", "oak-ridge"]  # 1 + 1 + 0 + 0 symbols: 4 Nukes with the easy side


def test_setup_deals_four_stacks_of_one_card_per_player_and_counts_the_symbols():
    g = MarsAttacks(4, seed=1)
    assert g.phase == REVEAL and g.is_chance() and g.to_act() == ()
    while g.is_chance():
        g.apply_chance()
    assert len(set(g.face_up)) == 4 and g.hidden == [3, 3, 3, 3]
    cards = standard_deck().cards
    assert g.symbols(0) == 2 + sum(cards[c].nukes for c in g.face_up)
    assert MarsAttacks(4, seed=1, options={"difficulty": "hard"}).difficulty == 1


def test_the_published_odds_of_being_nuked_on_the_first_roll():
    assert [round(odds.first_roll_nuked(n), 2) for n in range(1, 8)] == [0.98, 0.9, 0.7, 0.44, 0.21, 0.08, 0.02]
    assert odds.claim_chance(odds.Card("ray", 8), 6) == pytest.approx(0.0547, abs=0.001)


def test_nukes_pile_up_rays_stay_and_only_martians_are_thrown_again():
    g = table(CALM)
    turn(g, "atlanta", (5, 3, 2))
    assert g.phase == CONTINUE and g.kept == [5, 3, 2] and g.dice_to_roll == 5
    with pytest.raises(IllegalAction):
        g.apply(CHANCE, (1, 1, 1))  # no roll is due
    g.apply(0, ROLL)
    with pytest.raises(IllegalAction):
        g.apply(CHANCE, (5, 3, 2))  # only the 5 Martians are thrown
    g.apply(CHANCE, (3, 2, 0))
    assert g.kept == [3, 5, 2] and g.count() == 5


def test_nuked_ends_the_turn_and_loses_its_results_but_banked_progress_stays():
    g = table(CALM)
    turn(g, "atlanta", (4, 4, 2), stop=True)
    assert g.banked(0, "atlanta") == 4
    turn(g, "boise", (10, 0, 0), stop=True)  # nothing to bank
    events = turn(g, "atlanta", (2, 4, 4))
    assert any(isinstance(e, Nuked) for e in events)
    assert g.banked(0, "atlanta") == 4 and g.current == 1 and not g.claimed[0]


def test_stopping_banks_and_the_next_turn_adds_to_the_same_token_until_the_claim():
    g = table(CALM)
    turn(g, "atlanta", (6, 3, 1), stop=True)  # 3 of 8
    g.apply(1, "target:omaha")
    g.apply(1, ROLL)
    g.apply(CHANCE, (8, 1, 1))
    g.apply(1, STOP)
    assert g.free_tokens(0) == 3 and g.progress["atlanta"] == {0: 3}
    events = turn(g, "atlanta", (4, 5, 1))  # 3 banked + 5 = 8: claimed at once
    claimed = [e for e in events if isinstance(e, Claimed)]
    assert claimed and claimed[0].vp == 4 and g.claimed[0] == ["atlanta"]
    assert "atlanta" not in g.progress and g.free_tokens(0) == 4, "every token on a claimed card goes home"
    assert g.phase == REVEAL and g.face_up[2] is None, "the next card of that stack turns up"
    g.apply(CHANCE, "dallas")
    assert g.face_up[2] == "dallas" and g.hidden[2] == 0 and g.current == 1


def test_a_claim_sends_home_the_opponents_tokens_too():
    g = table(CALM)
    turn(g, "omaha", (7, 2, 1), stop=True)
    turn(g, "omaha", (0, 7, 3))
    assert g.claimed[1] == ["omaha"] and "omaha" not in g.progress and g.free_tokens(0) == 4


def test_a_monument_counts_martians_and_allows_one_roll():
    g = table(["liberty-bell", "omaha", "atlanta", "oak-ridge"])
    events = turn(g, "liberty-bell", (4, 3, 3))
    assert isinstance(events[-3], Banked) and g.banked(0, "liberty-bell") == 4 and g.current == 1
    turn(g, "omaha", (10, 0, 0), stop=True)
    turn(g, "liberty-bell", (3, 4, 3))  # 4 banked + 3 = 7
    assert g.claimed[0] == ["liberty-bell"]


def test_no_martians_left_ends_the_turn_and_banks():
    g = table(CALM)
    turn(g, "atlanta", (0, 7, 3))  # 8 needed, nothing left to throw
    assert g.banked(0, "atlanta") == 7 and g.current == 1


def test_ruling_without_a_free_token_a_player_attacks_but_cannot_bank():
    g = table(["boise", "omaha", "atlanta", "new-york"], players=2)
    g.progress = {"omaha": {0: 1}, "atlanta": {0: 1}, "new-york": {0: 1}, "dallas": {0: 1}}  # all four in use
    assert g.free_tokens(0) == 0 and g.can_bank(0, "omaha") and not g.can_bank(0, "boise")
    assert "target:boise" in g.legal_actions(0), "a player without a free token may still attack"
    events = turn(g, "boise", (6, 2, 2), stop=True)
    assert "boise" not in g.progress and not any(isinstance(e, Banked) for e in events)


def test_los_alamos_counts_nukes_without_being_nuked():
    g = table(["los-alamos", "tulsa", "memphis", "washington"])  # 2 + 1 + 1 + 2 + 1 = 7 symbols
    turn(g, "los-alamos", (5, 3, 2))
    assert g.phase == CONTINUE and g.count() == 2
    g.apply(0, STOP)
    assert g.banked(0, "los-alamos") == 2
    turn(g, "tulsa", (10, 0, 0), stop=True)
    turn(g, "los-alamos", (4, 2, 4))  # 2 banked + 4 = 6, and 4 Nukes of 7 do not nuke
    assert g.claimed[0] == ["los-alamos"]


def test_las_vegas_is_claimed_by_being_nuked_while_targeting_it():
    g = table(["las-vegas", "portland", "denver", "atlanta"])  # 2 + 1 + 1 = 4 symbols
    events = turn(g, "las-vegas", (2, 4, 4))
    assert any(isinstance(e, Nuked) and e.vegas == 1 for e in events) and g.banked(0, "las-vegas") == 1
    turn(g, "portland", (10, 0, 0), stop=True)
    assert MarsAttacks.legal_actions(g, 0) == ["target:las-vegas", "target:portland", "target:denver",
                                               "target:atlanta"]
    turn(g, "las-vegas", (6, 0, 4))
    assert g.claimed[0] == ["las-vegas"]


def test_seattle_sets_one_die_before_the_first_roll_and_it_counts():
    g = table(["seattle", "portland", "denver", "atlanta"])
    g.claimed[0].append("seattle")  # the owner of Seattle's ongoing rule
    g.face_up[0] = "boise"
    g.apply(0, "target:atlanta")
    assert FIX[RAY] in g.legal_actions(0)
    g.apply(0, FIX[RAY])
    assert FIX[RAY] not in g.legal_actions(0), "once per turn"
    g.apply(0, ROLL)
    with pytest.raises(IllegalAction):
        g.apply(CHANCE, (4, 3, 3))  # ten dice: one is already set
    g.apply(CHANCE, (4, 3, 2))
    assert g.kept == [4, 4, 2]
    with pytest.raises(IllegalAction):
        g.apply(1, FIX[RAY])


def test_indianapolis_gives_another_turn_at_once():
    g = table(["indianapolis", "portland", "denver", "atlanta"])
    events = turn(g, "indianapolis", (0, 8, 2))  # 3 symbols in play
    assert any(isinstance(e, ExtraTurn) for e in events)
    g.apply(CHANCE, "boise")
    assert g.current == 0 and g.phase == CHOOSE_TARGET


def test_chicago_adds_one_whenever_its_owner_banks_but_never_reaches_the_card():
    g = table(CALM)
    g.claimed[0].append("chicago")
    turn(g, "atlanta", (6, 3, 1), stop=True)
    assert g.banked(0, "atlanta") == 4
    turn(g, "omaha", (10, 0, 0), stop=True)
    turn(g, "atlanta", (5, 3, 2), stop=True)  # 4 + 3 = 7 of 8: the bonus stops one short
    assert g.banked(0, "atlanta") == 7


def test_philadelphia_gives_a_fifth_token_and_colorado_springs_a_shield():
    g = table(CALM)
    assert g.tokens(0) == 4 and g.symbols(0) == 4
    g.claimed[0] += ["philadelphia", "colorado-springs"]
    assert g.tokens(0) == 5 and g.symbols(0) == 5 and g.symbols(1) == 4
    events = turn(g, "atlanta", (2, 4, 4))
    assert not any(isinstance(e, Nuked) for e in events), "four Nukes do not nuke the shielded player"


def test_washington_wipes_everyone_elses_progress():
    g = table(["washington", "omaha", "atlanta", "oak-ridge"])
    g.progress = {"omaha": {0: 2, 1: 3}, "atlanta": {1: 2}}
    events = turn(g, "washington", (0, 9, 1))
    assert any(isinstance(e, ProgressWiped) for e in events)
    assert g.progress == {"omaha": {0: 2}}


def test_fort_knox_only_for_players_with_a_claimed_card_and_miami_never_banks():
    g = table(["fort-knox", "miami", "atlanta", "oak-ridge"])
    assert "target:fort-knox" not in g.legal_actions(0)
    with pytest.raises(IllegalAction, match="claimed a card"):
        g.apply(0, "target:fort-knox")
    g.claimed[0].append("boise")
    assert "target:fort-knox" in g.legal_actions(0)
    turn(g, "miami", (6, 3, 1), stop=True)
    assert "miami" not in g.progress and g.history[-1].result == "stopped"


def test_denver_forbids_monuments_while_in_play():
    g = table(["denver", "liberty-bell", "atlanta", "oak-ridge"])
    assert "target:liberty-bell" not in g.legal_actions(0)
    with pytest.raises(IllegalAction, match="Denver"):
        g.apply(0, "target:liberty-bell")


def test_one_claim_per_turn_and_the_end_after_a_stack_runs_out():
    g = table(CALM, players=3, first=1)
    g.hidden = [0, 2, 2, 2]
    g.current = 1
    events = turn(g, "boise", (0, 7, 3))
    assert any(isinstance(e, EndTriggered) and e.still_to_play == (2, 0) for e in events)
    assert g.current == 2 and not g.is_over
    turn(g, "omaha", (10, 0, 0), stop=True)
    turn(g, "omaha", (10, 0, 0), stop=True)
    assert g.is_over, "the game ends before the first player would play again"
    outcome = g.outcome()
    assert outcome.winners == (1,) and outcome.scores == (0, 3, 0)


def test_ties_go_to_more_cards_then_to_the_latest_in_turn_order():
    g = table(CALM, players=3, first=1)
    g.phase = "over"
    g.claimed = [["new-york"], ["tulsa", "omaha"], ["atlanta"]]  # 6, 6 and 4 VP
    assert g.outcome().winners == (1,) and "cards" in g.outcome().reason
    g.claimed = [["dallas"], ["atlanta"], ["fort-knox"]]  # 4 VP and one card each; order from seat 1: 1, 2, 0
    assert g.outcome().winners == (0,) and "turn order" in g.outcome().reason


def test_illegal_actions_are_refused_and_change_nothing():
    g = table(CALM)
    before = json.dumps(g.to_json())
    for bad in ("roll", "stop", "target:new-york", "target:nowhere", FIX[RAY], 3, None):
        with pytest.raises(IllegalAction):
            g.apply(0, bad)
    with pytest.raises(IllegalAction):
        g.apply(1, "target:boise")
    assert json.dumps(g.to_json()) == before


def test_a_revealed_card_must_be_unseen():
    g = MarsAttacks(2, seed=1)
    g.apply(CHANCE, "boise")
    for bad in ("boise", "nowhere", 5):
        with pytest.raises(IllegalAction):
            g.apply(CHANCE, bad)


def test_dice_are_fair():
    rng = Rng(9)
    totals = [0, 0, 0]
    for _ in range(3000):
        for face, n in enumerate(sample_roll(rng, 10)):
            totals[face] += n
    assert all(abs(t / 30000 - 1 / 3) < 0.01 for t in totals)


def test_deck_errors_name_file_field_and_reason(tmp_path):
    text = DECK_FILE.read_text(encoding="utf-8")
    bad = tmp_path / "cards.toml"
    bad.write_text(text.replace('effect = "extra-turn"', 'effect = "moon-landing"'), encoding="utf-8")
    with pytest.raises(DeckError, match=r"cards.toml: field 'card\[\d+\].effect': names an unknown special rule"):
        load_deck(bad)
    bad.write_text(text.replace("spaces = 12", "spaces = 13", 1), encoding="utf-8")
    with pytest.raises(DeckError, match="spaces"):
        load_deck(bad)
    bad.write_text("[difficulty\n", encoding="utf-8")
    with pytest.raises(DeckError, match="not valid TOML"):
        load_deck(bad)
    with pytest.raises(DeckError, match="cannot be read"):
        load_deck(tmp_path / "missing.toml")


def test_the_deck_is_as_designed():
    cards = list(standard_deck().cards.values())
    cities = [c for c in cards if not c.monument]
    assert len(cities) == 22 and len(cards) - len(cities) == 7
    assert sum(1 for c in cards if c.effect or c.need == "nuked") == 10
    assert sum(1 for c in cities if 3 <= c.spaces <= 7) > len(cities) / 2
    assert all(c.vp > 0 and 0 <= c.nukes <= 2 for c in cards)
    assert {"seattle", "las-vegas", "indianapolis"} <= {c.id for c in cards}
