"""Takedown physics and level files: determinism, tumbling, bumps, walls, validation."""

import math

import pytest

from game.core.cube import up_side
from game.registry import GAMES
from game.takedown.bots import BOTS
from game.takedown.level import LevelError, challenge_levels, load_level, standard_level
from game.takedown.physics import MAX_TUMBLE_RATE, Layout, Simulation, resolve
from game.takedown.rules import DIE_SIDES, Takedown
from game.takedown.shot import Flick
from game.tournament import tournament

INFO = GAMES["takedown"]
LEVEL = standard_level(2)
OPEN = Layout(saucers=((600.0, 745.0), (600.0, 55.0)), targets=(), flicker=0)
TARGETS = Layout.of(Takedown(2))
UP = -math.pi / 2


def test_the_same_flick_always_lands_the_same():
    flick = Flick(UP + 0.1, 0.62, 3.0)
    assert resolve(LEVEL, TARGETS, flick) == resolve(LEVEL, TARGETS, flick)


def test_the_scene_steps_the_very_same_simulation():
    flick = Flick(UP - 0.2, 0.8)
    sim = Simulation(LEVEL, TARGETS, flick)
    frames = 0
    while sim.step():
        frames += 1
    assert sim.landing() == resolve(LEVEL, TARGETS, flick) and frames > 30


def test_the_die_is_fair_and_no_flick_chooses_its_face():
    from collections import Counter

    from game.core.rng import Rng

    rng = Rng(2)
    faces, sides = Counter(), Counter()
    for _ in range(1200):
        flick = Flick(rng.random() * math.tau, 0.05 + 0.95 * rng.random(), (rng.random() - 0.5) * 8)
        sim = Simulation(LEVEL, TARGETS, flick, rng.next_u64())
        while sim.step():
            pass
        faces[sim.landing().face] += 1
        sides[up_side(sim.orientation)] += 1
    assert all(0.29 < faces[icon] / 1200 < 0.38 for icon in ("saucer", "insect", "robot")), faces
    assert all(150 < sides[side] < 250 for side in range(6)), "every side of the cube comes up, the sides too"
    for power in (0.2, 0.25, 0.3, 0.6, 1.0):
        repeated = Counter(resolve(LEVEL, OPEN, Flick(UP, power), seed).face for seed in range(120))
        assert max(repeated.values()) <= 60, f"the same flick at power {power} picks its face: {repeated}"


def test_a_flicked_die_tumbles_at_a_pace_the_eye_can_follow():
    sim = Simulation(LEVEL, OPEN, Flick(UP, 1.0), 5)
    top, changes, turns = up_side(sim.orientation), 0, []
    while sim.step():
        if up_side(sim.orientation) != top:
            top, changes = up_side(sim.orientation), changes + 1
        turns.append(sim.omega)
    assert changes < 40
    assert max(math.sqrt(sum(w * w for w in omega)) for omega in turns) <= MAX_TUMBLE_RATE + 1e-6


def test_a_die_stops_spinning_soon_after_a_wall_or_bumper():
    from game.core.rng import Rng

    rng = Rng(3)
    for level in [lv for lv in challenge_levels()[0] if lv.walls or lv.bumpers]:
        layout = Layout(saucers=(level.bases[0],), targets=(), flicker=0)
        for _ in range(20):
            sim = Simulation(level, layout, Flick(rng.random() * math.tau, 0.4 + 0.6 * rng.random()), rng.next_u64())
            slow = None
            while sim.step():
                if slow is None and sim.body.velocity.length < 12:
                    slow = sim.time
            assert sim.fell or slow is None or sim.time - slow < 1.0, level.id


def test_bumpers_give_back_what_their_file_says():
    level = next(lv for lv in challenge_levels()[0] if lv.bumpers)
    bumper = level.bumpers[0]
    layout = Layout(saucers=((bumper.x, bumper.y + 150),), targets=(), flicker=0)
    sim = Simulation(level, layout, Flick(UP, 0.6))
    before = None
    while sim.step():
        vy = sim.body.velocity.y
        if before is not None and before < 0 < vy:
            assert vy >= -before * bumper.restitution * 0.85, "the bumper kicks the die back hard"
            return
        before = vy
    raise AssertionError("the die never met the bumper")


def test_a_soft_flick_never_leaves_the_saucer():
    landing = resolve(LEVEL, OPEN, Flick(UP, 0.12))
    assert not landing.left_saucer
    assert resolve(LEVEL, OPEN, Flick(UP, 0.5)).left_saucer


def test_a_hard_flick_towards_the_near_edge_falls_off():
    landing = resolve(LEVEL, OPEN, Flick(math.pi / 2, 0.6))
    assert landing.fell


def test_crossing_cardboard_and_raised_edges_slows_the_die():
    bare = resolve(LEVEL, OPEN, Flick(UP, 0.9))
    over_target = resolve(LEVEL, TARGETS, Flick(UP, 0.9))
    assert 745 - over_target.y < 745 - bare.y


def test_hits_report_the_target_and_other_saucers():
    landing = resolve(LEVEL, TARGETS, Flick(UP, 0.62))
    assert landing.target == 1
    saucer_hit = resolve(LEVEL, TARGETS, Flick(UP + 0.05, 0.95))
    assert saucer_hit.saucers == (1,)


def test_walls_bounce_the_die_back():
    level = next(lv for lv in challenge_levels()[0] if lv.id == "05-bank-shot")
    layout = Layout(saucers=(level.bases[0],), targets=(), flicker=0)
    landing = resolve(level, layout, Flick(UP, 0.8))
    assert landing.y > 430, "the wall across the table stops it"


def test_every_challenge_ships_a_par_solution_that_reaches_its_goal_at_par():
    """A level whose par cannot be reached cannot ship: its own solution is replayed with the game's rules."""
    levels, problems = challenge_levels()
    assert not problems and len(levels) >= 12
    assert [lv.challenge.order for lv in levels] == sorted(lv.challenge.order for lv in levels)
    assert {lv.challenge.goal for lv in levels} == {"clear", "points"}, "some tables count the die's face"
    for level in levels:
        c = level.challenge
        assert len(c.solution) <= c.par < c.flicks, level.id
        game = INFO.new_state(1, c.seed, {"table": f"challenge/{level.id}"})
        for angle, power in c.solution:
            assert not game.is_over, f"{level.id}: done before its par solution ends"
            game.apply(0, Flick(angle, power))
            game.apply_chance()
        assert game.goal_met() and game.stars() == 3, level.id


LEVELS = standard_level.__globals__["LEVEL_DIR"]
# a whole level file: the standard table with the shared defaults written out in it
GOOD = (LEVELS / "standard-2p.toml").read_text() + "\n" + "\n".join(
    line for line in (LEVELS / "defaults.toml").read_text().splitlines() if not line.startswith("name"))


@pytest.mark.parametrize(
    "change, field, problem",
    [
        (lambda t: t.replace('icon = "robot"', 'icon = "robbot"'), "targets[1].icon", "not one of"),
        (lambda t: t.replace("x = 900.0", "x = 1900.0"), "targets[2].x", "outside"),
        (lambda t: t.replace("[die]", "[dice]"), "die", "missing section"),
        (lambda t: t.replace("friction = 0.12", 'friction = "slippery"'), "table.friction", "number"),
        (lambda t: t.replace("middle_diameter = 100.0", "middle_diameter = 200.0"), "pieces.outer_diameter", "smaller"),
        (lambda t: t.replace("art_points = [1, 2, 3]", "art_points = [1, 2]"), "pieces.art_points", "three"),
        (lambda t: t + "\n[[walls]]\nfrom = [1, 2]\n", "walls[0].to", "pair"),
        (lambda t: t.replace("[table]", "[table"), "(file)", "TOML"),
    ],
)
def test_broken_level_files_name_file_field_and_problem(tmp_path, change, field, problem):
    path = tmp_path / "broken.toml"
    path.write_text(change(GOOD))
    with pytest.raises(LevelError) as info:
        load_level(path)
    assert info.value.where == field and problem in info.value.problem
    assert str(info.value).startswith("broken.toml: field")


def test_a_broken_challenge_file_is_reported_and_the_rest_load(tmp_path, monkeypatch):
    import game.takedown.level as level_module

    (tmp_path / "challenge").mkdir()
    (tmp_path / "defaults.toml").write_text((level_module.LEVEL_DIR / "defaults.toml").read_text())
    for lv in challenge_levels()[0][:2]:
        src = level_module.LEVEL_DIR / "challenge" / f"{lv.id}.toml"
        (tmp_path / "challenge" / src.name).write_text(src.read_text())
    (tmp_path / "challenge" / "99-bad.toml").write_text("name = 'x'\n")
    monkeypatch.setattr(level_module, "LEVEL_DIR", tmp_path)
    levels, problems = level_module.challenge_levels()
    assert len(levels) == 2 and len(problems) == 1 and "99-bad.toml" in str(problems[0])


def test_bots_flick_and_the_game_always_ends():
    summary = tournament(INFO, ["normal", "easy", "expert"], 3, seed=5)
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(3)
    assert all(s["mean_pieces"] >= 0 for s in summary["seats"])
    assert set(BOTS) == {"easy", "normal", "expert"}


def test_random_flicks_conserve_pieces_and_the_game_always_ends():
    from game.core.rng import Rng
    from game.takedown.bots import STRENGTHS, plan

    for players in (2, 3, 4):
        game = INFO.new_state(players, players)
        total = game.pieces_left()
        rng = Rng(players)
        for n in range(400):
            if game.is_over:
                break
            # wild flicks first, then aimed ones so every game finishes
            flick = Flick(rng.random() * math.tau, rng.random(), (rng.random() - 0.5) * 8) if n < 40 else \
                plan(game.view(game.current), STRENGTHS["expert"])
            game.apply(game.current, flick)
            game.apply_chance()
            assert game.pieces_left() + sum(len(p) for p in game.piles) == total
            assert all(0 <= x <= 1200 and 0 <= y <= 800 for x, y in game.saucers)
        assert game.is_over


def test_bots_judge_power_by_feel_over_the_whole_table():
    from game.core.steps import finish
    from game.takedown.bots import feel
    from game.takedown.reach import guess_power, reach, reach_steps
    from game.takedown.rules import Shot

    rows = finish(reach_steps(LEVEL))
    assert reach(rows, 1.0) > 900, "a full flick's reach is measured past the table's width"
    assert 0.7 < guess_power(rows, 700) < 0.85
    game = Takedown(2)
    assert feel(game.view(0), 0, rows) == 1.0, "no shots yet: no correction"
    short = reach(rows, 0.5) * 0.85
    game.shots = [Shot(0, (600.0, 750.0), Flick(UP, 0.5), (600.0, 750.0 - short), False)] * 3
    assert feel(game.view(0), 0, rows) == pytest.approx(0.85, abs=0.01), "its shots fell short: it will flick harder"
    assert feel(game.view(1), 1, rows) == 1.0, "only its own shots count"


def test_bots_errors_grow_with_distance_and_power():
    from game.core.rng import Rng
    from game.takedown.bots import STRENGTHS, shake

    strength = STRENGTHS["normal"]

    def spread(distance, power):
        rng = Rng(4)
        flicks = [shake(Flick(UP, power), distance, strength, rng) for _ in range(400)]
        angles = [f.angle - UP for f in flicks]
        powers = [f.power - power for f in flicks]
        return (sum(a * a for a in angles) / 400) ** 0.5, (sum(p * p for p in powers) / 400) ** 0.5

    near, far = spread(200, 0.4), spread(600, 0.8)
    assert far[0] > near[0] * 1.3 and far[1] > near[1] * 1.5


# ----- the game as registered: the rules on the physical table -------------------------------------
def test_the_registered_game_is_the_rules_on_the_physical_table_and_replays_as_such():
    from game.core.protocol import CHANCE, IllegalAction
    from game.takedown.physical import PhysicalTakedown

    assert INFO.rules_class is PhysicalTakedown and issubclass(PhysicalTakedown, Takedown)
    game = INFO.new_state(2, 4)
    with pytest.raises(IllegalAction):
        game.sample_chance(game.chance_rng())  # nothing flicked yet
    game.apply(0, Flick(UP, 0.5))
    events = game.apply_chance()  # chance is the physics, asked through the protocol
    assert events and game.log[-1][0] == CHANCE and not game.is_chance()
    assert type(game.copy()) is PhysicalTakedown and type(INFO.load_state(game.to_json())) is PhysicalTakedown
    pure = Takedown(2, 4)
    pure.apply(0, Flick(UP, 0.5))
    with pytest.raises(IllegalAction):
        pure.apply_chance()  # the rules alone cannot tell where a flick lands: a test scripts it


def test_the_menu_of_flicks_is_finite_distinct_and_every_one_is_accepted():
    from game.core.rng import Rng

    game = INFO.new_state(4, 7)
    rng = Rng(7)
    while not game.is_over:
        me = game.current
        menu = game.legal_actions(me)
        standing = sum(1 for left in game.pieces if left)
        away = sum(1 for p, s in enumerate(game.saucers) if p != me and tuple(s) != game.base(p))
        assert len(menu) == standing + away == len(set(menu)), "one flick per standing target and rival saucer away"
        assert all(game.legal_actions(p) == [] for p in range(game.players) if p != me)
        for flick in menu:
            game.copy().apply(me, flick)  # every listed flick is accepted
        game.apply(me, rng.choice(menu))
        game.apply_chance()


def _passes_over(start, end, point, radius) -> bool:
    """The straight path from `start` to `end` comes within `radius` of `point`."""
    (sx, sy), (ex, ey), (px, py) = start, end, point
    dx, dy = ex - sx, ey - sy
    k = max(0.0, min(1.0, ((px - sx) * dx + (py - sy) * dy) / (dx * dx + dy * dy)))
    return math.hypot(sx + k * dx - px, sy + k * dy - py) < radius


def test_a_menu_flick_from_the_base_stops_on_the_target_it_aims_at_when_nothing_is_in_the_way():
    from game.takedown.rules import Claimed

    for players in (2, 3, 4):
        game = INFO.new_state(players, players)
        start = game.base(game.current)
        menu = game.legal_actions(game.current)
        assert len(menu) == len(game.level.targets), "at the start every saucer is home: the targets alone"
        reach_over = game.level.piece_radius("outer") + game.level.die_size
        clear = [i for i, t in enumerate(game.level.targets)
                 if not any(_passes_over(start, (t.x, t.y), (o.x, o.y), reach_over)
                            for j, o in enumerate(game.level.targets) if j != i)]
        assert len(clear) >= 3
        for target in clear:
            trial = game.copy()
            trial.apply(game.current, menu[target])
            claims = [e for e in trial.apply_chance() if isinstance(e, Claimed)]
            assert [c.target for c in claims] == [target], f"{players} players, target {target}"


def test_the_die_in_the_saucer_shows_the_face_it_really_starts_with():
    """The preview is drawn from the same drop the flight starts from (drawn before the flick); a soft flick that
    never tumbles keeps that face, so what the player saw is what lands."""
    from game.core.rng import Rng
    from game.takedown.physics import chance_seed, lying_die

    rng, kept, soft = Rng(5), 0, 0
    faces = set()
    for seed in range(60):
        game = INFO.new_state(2, seed)
        preview = up_side(lying_die(game.die_drop()))
        faces.add(preview)
        game.apply(game.current, Flick(UP + (rng.random() - 0.5), 0.2 + 0.05 * rng.random()))
        assert up_side(lying_die(game.die_drop())) == preview, "the pending flick keeps the die it was shown with"
        sim = Simulation(game.level, Layout.of(game), game.pending, chance_seed(game.chance_rng()), game.die_drop())
        assert up_side(sim.orientation) == preview
        landing = game.sample_chance(game.chance_rng())
        if not sim.tumbling:
            soft += 1
            kept += landing.face == DIE_SIDES[preview]
    assert soft > 30 and kept == soft
    assert len(faces) >= 4, "the die lies any way up, not always on one face"


def test_a_bumper_kicks_straight_out_and_adds_no_spin():
    """The kick is along the line from the bumper's centre: the speed towards it comes back times its restitution,
    the speed along it stays, and the die's spin is what it was."""
    from game.takedown.bench import bumper_hits

    level = next(lv for lv in challenge_levels()[0] if lv.bumpers)
    bumper = level.bumpers[0]
    start = (bumper.x - 40, bumper.y + 150)
    aim = math.atan2(bumper.y - start[1], bumper.x + 10 - start[0])  # off centre: a glancing hit
    sim = Simulation(level, Layout(saucers=(start,), targets=(), flicker=0), Flick(aim, 0.5))
    spins = []
    while sim.step() and sim.time < 0.6:
        spins.append(abs(sim.body.angular_velocity))
    assert max(spins) <= spins[0] + 1e-6, "no spin from the bumper"
    hits = bumper_hits(60)
    kept = [out / into for into, out, _ in hits]
    assert len(kept) > 30 and sorted(kept)[len(kept) // 2] >= 0.9, "lively: most hits keep their speed"


def test_challenge_figures_give_star_shares_per_file_and_player():
    from game.takedown.trials import PAR, challenge_figures, stars_for

    figures = challenge_figures(3, 1, who=("easy", PAR), only=("01-first-contact",))
    row = figures["challenges"]["01-first-contact.toml"]
    for who in ("easy", PAR):
        shares = [row[who][k] for k in ("1", "2", "3")]
        assert all(0 <= s <= 1 for s in shares) and shares == sorted(shares, reverse=True)
    assert [stars_for(f, 4, 8) for f in (None, 3, 4, 6, 8, 9)] == [0, 3, 3, 2, 1, 0]
