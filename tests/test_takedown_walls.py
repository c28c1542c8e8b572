"""Solid walls: no flick, however hard, carries the die through a wall or a bumper of any table."""

import math

from game.takedown.level import LEVEL_DIR, challenge_levels, load_level
from game.takedown.physics import Layout, Simulation
from game.takedown.shot import Flick

CLEAR = 12.5  # mm from a wall's surface to the die's centre: the die touches nothing at any turn


def every_level():
    levels = [load_level(path) for path in sorted(LEVEL_DIR.glob("standard-*.toml"))]
    return levels + challenge_levels()[0]


def _distance_to_segment(p, a, b):
    ax, ay, bx, by = *a, *b
    dx, dy = bx - ax, by - ay
    k = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - k * dx, p[1] - ay - k * dy)


def _crosses(p, q, a, b):
    """The die's move p -> q crosses the wall's middle line a -> b."""
    def side(u, v, w):
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])
    return side(a, b, p) * side(a, b, q) < 0 and side(p, q, a) * side(p, q, b) < 0


def _fly(level, start, angle):
    """Every place the die's centre passes at full power from `start` (pymunk's own steps)."""
    sim = Simulation(level, Layout(saucers=(start,), targets=(), flicker=0), Flick(angle, 1.0))
    path = [start]
    while sim.step():
        path.append(tuple(sim.body.position))
    path.append(tuple(sim.body.position))
    return path


def _free(level, point):
    x, y = point
    if not (20 <= x <= level.table_w - 20 and 20 <= y <= level.table_h - 20):
        return False
    return all(_distance_to_segment(point, w.a, w.b) > w.thickness / 2 + CLEAR - 0.5 for w in level.walls) and \
        all(math.hypot(x - b.x, y - b.y) > b.radius + CLEAR - 0.5 for b in level.bumpers)


def test_full_power_from_point_blank_never_passes_a_wall():
    walls = 0
    for level in every_level():
        for wall in level.walls:
            (ax, ay), (bx, by) = wall.a, wall.b
            length = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / length, (bx - ax) / length
            for k in (0.1, 0.3, 0.5, 0.7, 0.9):
                mx, my = ax + (bx - ax) * k, ay + (by - ay) * k
                for sign in (1, -1):
                    gap = wall.thickness / 2 + CLEAR
                    start = (mx + sign * nx * gap, my + sign * ny * gap)
                    if not _free(level, start):
                        continue
                    towards = math.atan2(-sign * ny, -sign * nx)
                    for slant in (0.0, 0.6, -0.6):
                        path = _fly(level, start, towards + slant)
                        walls += 1
                        for p, q in zip(path, path[1:]):
                            assert not _crosses(p, q, wall.a, wall.b), f"{level.id}: through the wall {wall.a}-{wall.b}"
                            assert _distance_to_segment(q, wall.a, wall.b) > wall.thickness / 2, \
                                f"{level.id}: into the wall {wall.a}-{wall.b}"
    assert walls > 100


def test_full_power_from_point_blank_never_passes_a_bumper():
    shots = 0
    for level in every_level():
        for bumper in level.bumpers:
            for k in range(8):
                around = k * math.tau / 8
                gap = bumper.radius + CLEAR
                start = (bumper.x + math.cos(around) * gap, bumper.y + math.sin(around) * gap)
                if not _free(level, start):
                    continue
                for slant in (0.0, 0.3):
                    path = _fly(level, start, around + math.pi + slant)
                    shots += 1
                    for p in path:
                        assert math.hypot(p[0] - bumper.x, p[1] - bumper.y) > bumper.radius, f"{level.id}: into a bumper"
    assert shots > 20


def test_the_fortress_par_goes_in_by_the_side_entrance():
    """Every par flick that ends inside the fortress got there through the gap in its right wall."""
    from game.registry import GAMES
    from game.takedown.physics import chance_seed

    level = next(lv for lv in challenge_levels()[0] if lv.id == "09-fortress")
    inside = lambda p: 480 < p[0] < 720 and 120 < p[1] < 340  # noqa: E731
    game = GAMES["takedown"].new_state(1, level.challenge.seed, {"table": "challenge/09-fortress"})
    entered = 0
    for angle, power in level.challenge.solution:
        game.apply(0, Flick(angle, power))
        sim = Simulation(level, Layout.of(game), game.pending, chance_seed(game.chance_rng()), game.die_drop())
        path = [tuple(sim.body.position)]
        while sim.step():
            path.append(tuple(sim.body.position))
        if inside(path[-1]) and not inside(path[0]):
            entered += 1
            door = [p for p, q in zip(path, path[1:]) if p[0] >= 720 > q[0] or q[0] >= 720 > p[0]]
            assert door and all(206 < p[1] < 334 for p in door), "in through the side entrance only"
        game.apply_chance()
    assert entered == 3 and game.goal_met()


def test_every_bot_plays_every_challenge_to_the_end():
    """No endless turns: a bot whose flick did not count tries another; every run ends within its limit."""
    from game.registry import GAMES
    import zlib

    from game.tournament import play_game

    info = GAMES["takedown"]
    for level in challenge_levels()[0]:
        for bot in info.bots:
            state = play_game(info, [bot], seed=zlib.crc32(f"{level.id}/{bot}".encode()), options={"table": f"challenge/{level.id}"})
            assert state.is_over, (level.id, bot)
            assert state.flicks <= level.challenge.flicks
            assert state.attempts - state.flicks < 4 * level.challenge.flicks, (level.id, bot, "too many re-flicks")
