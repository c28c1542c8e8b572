"""Takedown rules, scripted with placed landings: every case of the rule book."""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.protocol import CHANCE, IllegalAction, TurnStarted
from game.takedown.rules import OVER, Claimed, FellOff, Knocked, Reflick, Takedown
from game.takedown.shot import Flick, Landing

FLICK = Flick(-math.pi / 2, 0.5)


def landing(x=600.0, y=400.0, face="robot", fell=False, left=True, target=None, saucers=()):
    return Landing(x, y, face, fell, left, target, tuple(saucers))


def land(game, result):
    """The current player flicks; chance answers with this landing (a scripted physics result)."""
    game.apply(game.current, FLICK)
    return game.apply(CHANCE, result)


@pytest.fixture
def game():
    return Takedown(2, seed=1)  # targets: insect (300,400), robot (600,400), saucer (900,400)


def test_a_die_that_never_left_the_saucer_is_flicked_again(game):
    pieces = [list(p) for p in game.pieces]
    events = land(game, landing(target=1, left=False))
    assert events == [Reflick(0)]
    assert game.current == 0 and game.flicks == 0 and game.attempts == 1
    assert game.pieces == pieces and game.piles == [[], []]


def test_off_the_table_sends_the_saucer_home_and_ends_the_turn(game):
    game.saucers[0] = [500.0, 600.0]
    events = land(game, landing(fell=True))
    assert FellOff(0) in events and TurnStarted(1) in events
    assert game.saucers[0] == list(game.base(0)) and game.current == 1


def test_hit_claims_the_lowest_piece_flipped_when_the_icon_matches(game):
    events = land(game, landing(target=1, face="robot"))
    assert Claimed(0, 1, "outer", True, 2) in events
    assert game.pieces[1] == ["middle", "center"]
    land(game, landing(target=1, face="insect"))  # player 1, no match
    assert game.piles[1] == [(1, "middle", False)] and game.score(1) == 2
    assert game.saucers[0] == list(game.base(0)), "after a claim the saucer goes back to its Base"


def test_a_miss_drops_the_saucer_over_the_die(game):
    land(game, landing(x=450.0, y=650.0))
    assert game.saucers[0] == [450.0, 650.0] and game.current == 1


def test_an_overlapping_saucer_slides_towards_its_base_until_clear(game):
    land(game, landing(x=600.0, y=500.0))  # 100 mm below the robot target (radius 75 + saucer 45)
    x, y = game.saucers[0]
    assert x == pytest.approx(600.0) and y > 500.0
    assert math.hypot(x - 600, y - 400) >= 75 + 45
    assert math.hypot(x - 600, y - 400) < 75 + 45 + 3, "slides only as far as needed"


def test_hitting_another_saucer_sends_it_home(game):
    game.saucers[1] = [600.0, 200.0]
    land(game, landing(x=600.0, y=250.0, saucers=[1]))
    assert game.saucers[1] == list(game.base(1))
    assert game.shots[-1].knocked == (1,), "the record keeps whose saucer went home"
    assert game.saucers[0][1] >= 250.0, "the flicker's saucer is dropped over the die"


def test_saucer_and_target_at_once(game):
    game.saucers[1] = [600.0, 260.0]
    events = land(game, landing(x=600.0, y=330.0, target=1, saucers=[1], face="insect"))
    assert Knocked(0, 1) in events and Claimed(0, 1, "outer", False, 1) in events
    assert game.saucers == [list(game.base(0)), list(game.base(1))]


def test_impossible_landings_and_flicks_are_rejected_and_change_nothing(game):
    before = json.dumps(game.to_json())
    for bad in (Flick(0.0, 0.0), Flick(0.0, 1.5), Flick(math.nan, 0.5), Flick(0.0, 0.5, 500.0), None, "flick", 3,
                landing()):
        with pytest.raises(IllegalAction):
            game.apply(0, bad)
        assert json.dumps(game.to_json()) == before
    with pytest.raises(IllegalAction):
        game.apply(CHANCE, landing())  # no flick is waiting
    game.apply(0, FLICK)
    before = json.dumps(game.to_json())
    for bad in (landing(target=7), landing(saucers=[0]), landing(face="cow"), landing(x=-5.0), landing(x=math.inf),
                landing(fell=True, target=1), landing(target=True), FLICK, {"x": 1}, None):
        with pytest.raises(IllegalAction):
            game.apply(CHANCE, bad)
        assert json.dumps(game.to_json()) == before
    with pytest.raises(IllegalAction):
        game.apply(1, FLICK)  # not player 1's flick, and chance must answer first


def claim_all(game, plan):
    """plan: list of (target, face) claims, alternating players."""
    for target, face in plan:
        land(game, landing(target=target, face=face))


def test_game_ends_when_all_pieces_are_claimed_and_ranks_by_points(game):
    claim_all(game, [(0, "insect"), (1, "saucer"), (0, "insect"), (1, "saucer"), (0, "insect"),
                     (1, "saucer"), (2, "robot"), (2, "robot"), (2, "robot")])
    assert game.is_over and game.outcome().winners == (0,)
    assert game.outcome().ranking == ((0,), (1,)) and game.outcome().reason == "Most points"
    with pytest.raises(IllegalAction):
        game.apply(game.current, FLICK)


def ranking(game, piles):
    game.piles = piles
    game.phase = OVER
    return game.outcome()


def test_tie_breaks_pieces_then_center_discs_then_shared():
    game = Takedown(2)
    outcome = ranking(game, [[(0, "outer", False), (0, "middle", False), (1, "outer", False), (1, "middle", False),
                              (2, "outer", False), (2, "outer", False)], [(0, "center", True), (1, "center", True)]])
    assert outcome.scores == (8, 8)
    assert outcome.ranking == ((0,), (1,)) and "pieces" in outcome.reason, "more pieces wins"
    outcome = ranking(game, [[(0, "outer", False), (1, "center", False)], [(0, "middle", False), (1, "middle", False)]])
    assert outcome.scores == (4, 4)
    assert outcome.ranking == ((0,), (1,)) and "center" in outcome.reason, "then more center discs"
    outcome = ranking(game, [[(0, "middle", False)], [(1, "middle", False)]])
    assert outcome.ranking == ((0, 1),) and "deciding game" in outcome.reason, "then a deciding game (not a shared win)"


def test_json_round_trip_replays_the_log_and_bad_records_name_the_problem(game):
    land(game, landing(target=1))
    land(game, landing(x=300.0, y=600.0))
    copy = Takedown.from_json(json.loads(json.dumps(game.to_json())))
    assert copy.to_json() == game.to_json()
    assert copy.saucers == game.saucers and copy.piles == game.piles and copy.pieces == game.pieces
    for field, value, message in (
        ("options", {"table": "nowhere"}, "table"),
        ("options", {"table": "../../etc/passwd"}, "table"),
        ("options", {"table": "challenge/01-first-contact"}, "players"),
        ("players", 9, "players"),
        ("log", [[0, {"angle": 0, "power": 0.5, "spin": 0}], [1, {"angle": 0, "power": 0.5, "spin": 0}]], "action 2"),
        ("log", [[0, {"angle": 0, "power": 2, "spin": 0}]], "action 1"),
        ("log", [[-1, {"x": 1}]], "action 1"),
    ):
        data = game.to_json()
        data[field] = value
        with pytest.raises(ValueError, match=message):
            Takedown.from_json(data)


def test_challenge_counts_flicks_and_awards_stars():
    from game.takedown.level import challenge_levels

    level = challenge_levels()[0][0]
    game = Takedown(1, options={"table": f"challenge/{level.id}"})
    assert game.challenge and game.level == level
    total = sum(t.pieces for t in level.targets)
    for _ in range(total):
        target = next(i for i, left in enumerate(game.pieces) if left)
        land(game, landing(x=level.targets[target].x, y=level.targets[target].y, target=target))
    assert game.is_over and game.flicks == total
    assert game.stars() == (3 if total <= level.challenge.par else 2 if total <= level.challenge.par + 2 else 1)
    assert "star" in game.outcome().reason
    with pytest.raises(ValueError):
        Takedown(2, options={"table": f"challenge/{level.id}"})
    with pytest.raises(ValueError):
        Takedown(1)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(2, 4), shots=st.lists(st.tuples(st.integers(-1, 5), st.booleans(), st.booleans(),
                                                           st.sampled_from(["saucer", "insect", "robot"]),
                                                           st.floats(0, 1200), st.floats(0, 800)), max_size=80))
def test_random_landings_conserve_pieces_and_games_end(players, shots):
    game = Takedown(players, seed=players)
    total = game.pieces_left()
    for target, fell, left, face, x, y in shots:
        if game.is_over:
            break
        target = target if 0 <= target < len(game.pieces) and game.pieces[target] else None
        land(game, landing(x=x, y=y, face=face, fell=fell and target is None, left=left, target=target))
        assert game.pieces_left() + sum(len(p) for p in game.piles) == total, "pieces are conserved"
        for sx, sy in game.saucers:
            assert 0 <= sx <= 1200 and 0 <= sy <= 800
    while not game.is_over:  # finishing: every hit claims a piece, so it always ends
        target = next(i for i, left in enumerate(game.pieces) if left)
        land(game, landing(target=target))
    assert game.is_over and game.outcome().winners
    assert Takedown.from_json(game.to_json()).to_json() == game.to_json()


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 4), shots=st.lists(st.tuples(st.floats(0, 1200), st.floats(0, 800),
                                                           st.lists(st.integers(0, 3), max_size=2)), max_size=40))
def test_saucers_never_end_up_overlapping(players, shots):
    game = Takedown(players, seed=1)
    r = game.level.saucer_diameter / 2
    for x, y, hit in shots:
        hit = tuple(sorted({p for p in hit if p < players and p != game.current}))
        land(game, landing(x=x, y=y, saucers=hit))
        for a in range(players):
            for b in range(a):
                assert math.hypot(game.saucers[a][0] - game.saucers[b][0],
                                  game.saucers[a][1] - game.saucers[b][1]) >= 2 * r - 1e-6


def test_a_backward_flick_off_the_near_edge_counts_as_off_the_table(game):
    from game.takedown.physics import Layout, resolve

    backwards = resolve(game.level, Layout.of(game), Flick(math.pi / 2, 0.5))
    assert backwards.fell
    events = land(game, backwards)
    assert FellOff(0) in events and game.flicks == 1 and game.current == 1


def _clear_table(game):
    """Claim every piece, each player in turn, with placed landings (up to the end of a round)."""
    from game.takedown.rules import RoundStarted

    while not game.is_over:
        target = next(i for i, left in enumerate(game.pieces) if left)
        events = land(game, landing(target=target, face="saucer"))
        if any(isinstance(e, RoundStarted) for e in events):
            break
    return events


def test_a_new_game_draws_its_first_player_and_a_match_lets_everyone_start_once():
    from game.takedown.rules import RoundStarted

    assert {Takedown.pick_first(3, seed) for seed in range(40)} == {0, 1, 2}, "anyone may be closest to Mars"
    match = Takedown(3, seed=4, options={"table": "standard-3p", "format": "match"}, first=2)
    assert match.rounds == 3 and match.current == 2
    bases = match.level.bases
    starters, seats_at = [match.current], [[match.base(p) for p in range(3)]]
    assert seats_at[0] == list(bases), "a single game's (and a match's first round's) Bases are the table's own"
    for n in range(1, 3):
        events = _clear_table(match)
        assert RoundStarted(n, (2 + n) % 3) in events and not match.is_over
        assert all(len(p) == 3 for p in match.pieces) and match.saucers == [list(match.base(p)) for p in range(3)]
        assert match.base(match.current) == bases[2], "each round's first player flicks from the same Base"
        assert match.view(1).base(1) == match.base(1), "the seats' views agree"
        starters.append(match.current)
        seats_at.append([match.base(p) for p in range(3)])
    _clear_table(match)
    assert match.is_over and sorted(starters) == [0, 1, 2]
    for p in range(3):
        assert sorted(at[p] for at in seats_at) == sorted(bases), "everyone plays from every Base once"
    assert sum(len(p) for p in match.piles) == 3 * 4 * 3, "the pieces of every round count"
    assert Takedown(2, seed=1).rounds == 1
    with pytest.raises(ValueError):
        Takedown(2, options={"table": "standard-2p", "format": "league"})
    assert Takedown.from_json(match.to_json()).to_json() == match.to_json()


def test_a_full_tie_is_settled_by_a_deciding_game_among_the_tied_players():
    game = Takedown(3, seed=2)
    game.piles = [[(0, "outer", False), (1, "center", False)], [(2, "outer", False)],
                  [(3, "center", False), (0, "outer", False)]]
    game.phase = OVER
    assert game.deciding_players() == (0, 2) and "deciding game" in game.outcome().reason
    game.piles[2] = [(3, "center", True), (0, "outer", False)]  # 5 points: a win, nothing to decide
    assert game.deciding_players() == ()
