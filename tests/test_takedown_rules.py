"""Takedown rules, scripted with placed landings: every case of the rule book."""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.takedown.level import standard_level
from game.takedown.rules import IllegalAction, Takedown
from game.takedown.shot import Landing


def landing(x=600.0, y=400.0, face="robot", fell=False, left=True, target=None, saucers=()):
    return Landing(x, y, 0.0, face, fell, left, target, tuple(saucers))


@pytest.fixture
def game():
    return Takedown(standard_level(2), 2, seed=1)  # targets: insect (300,400), robot (600,400), saucer (900,400)


def test_a_die_that_never_left_the_saucer_is_flicked_again(game):
    before = game.to_json()
    events = game.apply_landing(landing(target=1, left=False))
    assert events == [("reflick", 0)]
    assert game.current == 0 and game.flicks == 0
    assert game.pieces == before["pieces"] and game.piles == before["piles"]


def test_off_the_table_sends_the_saucer_home_and_ends_the_turn(game):
    game.saucers[0] = [500.0, 600.0]
    events = game.apply_landing(landing(fell=True))
    assert ("fell", 0) in events
    assert game.saucers[0] == list(game.base(0)) and game.current == 1


def test_hit_claims_the_lowest_piece_flipped_when_the_icon_matches(game):
    events = game.apply_landing(landing(target=1, face="robot"))
    assert ("claim", 0, 1, "outer", True, 2) in events
    assert game.pieces[1] == ["middle", "center"]
    game.apply_landing(landing(target=1, face="insect"))  # player 1, no match
    assert game.piles[1] == [[1, "middle", False]] and game.points(1) == 2
    assert game.saucers[0] == list(game.base(0)), "after a claim the saucer goes back to its Base"


def test_a_miss_drops_the_saucer_over_the_die(game):
    game.apply_landing(landing(x=450.0, y=650.0))
    assert game.saucers[0] == [450.0, 650.0] and game.current == 1


def test_an_overlapping_saucer_slides_towards_its_base_until_clear(game):
    game.apply_landing(landing(x=600.0, y=500.0))  # 100 mm below the robot target (radius 75 + saucer 45)
    x, y = game.saucers[0]
    assert x == pytest.approx(600.0) and y > 500.0
    assert math.hypot(x - 600, y - 400) >= 75 + 45
    assert math.hypot(x - 600, y - 400) < 75 + 45 + 3, "slides only as far as needed"


def test_hitting_another_saucer_sends_it_home(game):
    game.saucers[1] = [600.0, 200.0]
    game.apply_landing(landing(x=600.0, y=250.0, saucers=[1]))
    assert game.saucers[1] == list(game.base(1))
    assert game.saucers[0][1] >= 250.0, "the flicker's saucer is dropped over the die"


def test_saucer_and_target_at_once(game):
    game.saucers[1] = [600.0, 260.0]
    events = game.apply_landing(landing(x=600.0, y=330.0, target=1, saucers=[1], face="insect"))
    assert ("knocked", 1, 0) in events and ("claim", 0, 1, "outer", False, 1) in events
    assert game.saucers == [list(game.base(0)), list(game.base(1))]


def test_impossible_landings_are_rejected_and_change_nothing(game):
    before = json.dumps(game.to_json())
    for bad in (landing(target=7), landing(saucers=[0]), landing(face="cow"), landing(x=-5.0)):
        with pytest.raises(IllegalAction):
            game.apply_landing(bad)
        assert json.dumps(game.to_json()) == before


def claim_all(game, plan):
    """plan: list of (target, face) claims, alternating players."""
    for target, face in plan:
        game.apply_landing(landing(target=target, face=face))


def test_game_ends_when_all_pieces_are_claimed_and_ranks_by_points(game):
    claim_all(game, [(0, "insect"), (1, "saucer"), (0, "insect"), (1, "saucer"), (0, "insect"),
                     (1, "saucer"), (2, "robot"), (2, "robot"), (2, "robot")])
    assert game.is_over and game.winners == [0]
    with pytest.raises(IllegalAction):
        game.apply_landing(landing())


def test_tie_breaks_pieces_then_center_discs_then_shared():
    game = Takedown(standard_level(2), 2)
    # equal points (9 each)... player 0 gets more pieces
    game.piles = [[[0, "outer", False], [0, "middle", False], [1, "outer", False], [1, "middle", False], [2, "outer", False]],
                  [[0, "center", True], [1, "center", True], [2, "outer", False]]]
    assert game.points(0) == 7 and game.points(1) == 9
    game.piles[1][2] = [2, "middle", False]
    game.piles[0].append([2, "outer", False])
    game.piles[1] = [[0, "center", True], [1, "center", True]]
    assert game.points(0) == game.points(1) == 8
    assert game.ranking() == [[0], [1]], "more pieces wins"
    game.piles = [[[0, "outer", False], [1, "center", False]], [[0, "middle", False], [1, "middle", False]]]
    assert game.points(0) == game.points(1) == 4 and len(game.piles[0]) == len(game.piles[1])
    assert game.ranking() == [[0], [1]], "then more center discs"
    game.piles = [[[0, "middle", False]], [[1, "middle", False]]]
    assert game.ranking() == [[0, 1]], "then a shared result"


def test_json_round_trip_and_bad_fields(game):
    game.apply_landing(landing(target=1))
    game.apply_landing(landing(x=300.0, y=600.0))
    copy = Takedown.from_json(json.loads(json.dumps(game.to_json())))
    assert copy.to_json() == game.to_json()
    for field, value in (("level", "nowhere"), ("pieces", [["center", "outer"], [], []]), ("saucers", [[0, 0]]),
                         ("piles", [[[9, "outer", False]], []]), ("level", "../../etc/passwd")):
        data = game.to_json()
        data[field] = value
        with pytest.raises(ValueError, match=field):
            Takedown.from_json(data)


def test_challenge_counts_flicks_and_awards_stars():
    from game.takedown.level import challenge_levels

    level = challenge_levels()[0][0]
    game = Takedown(level, 1, challenge=True)
    total = sum(t.pieces for t in level.targets)
    for _ in range(total):
        target = next(i for i, left in enumerate(game.pieces) if left)
        game.apply_landing(landing(x=level.targets[target].x, y=level.targets[target].y, target=target))
    assert game.is_over and game.flicks == total
    assert game.stars() == (3 if total <= level.challenge.par else 2 if total <= level.challenge.par + 2 else 1)


@settings(max_examples=200, deadline=None)
@given(players=st.integers(2, 4), shots=st.lists(st.tuples(st.integers(-1, 5), st.booleans(), st.booleans(),
                                                           st.sampled_from(["saucer", "insect", "robot"]),
                                                           st.floats(0, 1200), st.floats(0, 800)), max_size=80))
def test_random_landings_conserve_pieces_and_games_end(players, shots):
    game = Takedown(standard_level(players), players, seed=players)
    total = game.pieces_left()
    for target, fell, left, face, x, y in shots:
        if game.is_over:
            break
        target = target if 0 <= target < len(game.pieces) and game.pieces[target] else None
        game.apply_landing(landing(x=x, y=y, face=face, fell=fell, left=left, target=target))
        assert game.pieces_left() + sum(len(p) for p in game.piles) == total, "pieces are conserved"
        for sx, sy in game.saucers:
            assert 0 <= sx <= 1200 and 0 <= sy <= 800
    while not game.is_over:  # finishing: every hit claims a piece, so it always ends
        target = next(i for i, left in enumerate(game.pieces) if left)
        game.apply_landing(landing(target=target))
    assert game.is_over and game.winners
