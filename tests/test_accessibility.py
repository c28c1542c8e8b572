"""Accessibility settings through the real scenes: reduced motion, bot pace, one-button flicking."""

import math

import pygame
import pytest
from conftest import run_until

from game.core.protocol import Outcome
from game.heroes.rules import BID, FREEZE, FREEZE_WINDOW
from game.registry import GAMES
from game.saves import Seat
from game.scenes.results import ResultsScene
from game.scenes.title import TitleScene
from game.takedown.level import challenge_levels
from game.takedown.one_button import LEAST_POWER, POWER_SECONDS
from game.takedown.shot import Flick
from game.ui import motion, tray

PEOPLE = [Seat("Ada", 0, None, "keys-1"), Seat("Bo", 1, None, "keys-2")]
# two moments a pulse shows at its weakest and strongest (a 4 rad/s pulse), both after the results' chart is drawn
CALM, BRIGHT = 3 * math.pi / 8, 5 * math.pi / 8


@pytest.fixture
def reduced(app):
    app.settings.reduced_motion = True
    app.apply_settings()
    yield app
    motion.set_reduced(False)


def table(app, game_id, seats, seed=7):
    info = GAMES[game_id]
    scene = info.scene(app, seats, info.new_state(len(seats), seed))
    app.scenes.push(scene)
    app.step(1 / 60, [])
    return scene


def picture(app, scene, clock) -> bytes:
    scene.clock = clock
    scene.draw(app.canvas)
    return pygame.image.tobytes(app.canvas.surface, "RGB")


def elapsed(animation, dt=1 / 60, each=None) -> float:
    """Seconds an animation (a generator fed the time) runs; `each()` is called after every frame."""
    next(animation)
    t = 0.0
    while True:
        t += dt
        try:
            animation.send(dt)
        except StopIteration:
            return t
        if each:
            each()


def still_screens(app):
    results = ResultsScene(app, GAMES["martian-dice"], PEOPLE, Outcome(((0,), (1,)), (25, 19)), None,
                           [[5, 12, 25], [7, 19]])
    tables = [table(app, game_id, PEOPLE) for game_id in GAMES if game_id != "toy-bid"]
    for scene in tables:
        app.scenes.reset(scene)
        run_until(app, lambda: scene.humans_to_act())  # Mars Attacks turns its cards up first
    return [*tables, TitleScene(app), results]


@pytest.mark.parametrize("reduce", [False, True])
def test_reduced_motion_keeps_every_waiting_screen_still(app, reduce):
    """Whose turn it is pulses, Takedown's saucer lights chase and blink, the title's saucer bobs, the results'
    confetti falls: with reduced motion each screen draws the same picture at any moment."""
    app.settings.reduced_motion = reduce
    app.apply_settings()
    try:
        for scene in still_screens(app):
            same = picture(app, scene, CALM) == picture(app, scene, BRIGHT)
            assert same == reduce, f"{type(scene).__module__}: {'moves' if reduce else 'never moves'}"
    finally:
        motion.set_reduced(False)


def test_with_reduced_motion_the_title_and_the_results_stop_drawing_once_still(app):
    """Nothing moves on them then, so the loop sleeps until input instead of drawing 15 frames a second."""
    title, results = still_screens(app)[-2:]
    results.update(5.0)  # the race chart has drawn itself
    assert title.frame_rate() > 0 and results.frame_rate() > 0
    app.settings.reduced_motion = True
    app.apply_settings()
    try:
        assert title.frame_rate() == 0 and results.frame_rate() == 0
    finally:
        motion.set_reduced(False)


@pytest.mark.parametrize("reduce", [False, True])
def test_a_flash_becomes_a_steady_frame_round_what_it_is_about(app, reduce):
    app.settings.reduced_motion = reduce
    app.apply_settings()
    try:
        scene = table(app, "mars-attacks", PEOPLE)
        before = picture(app, scene, 1.0)
        scene.flash((255, 40, 20), 90, 0.7)
        start = picture(app, scene, 1.0)
        app.step(0.3 / scene.speed, [])
        later = picture(app, scene, 1.0)
        middle = app.canvas.px(640, 467)  # the middle of the tray, inside the frame
        at = lambda shot: shot[3 * (middle[1] * app.canvas.surface.get_width() + middle[0]):][:3]  # noqa: E731
        if reduce:
            assert start == later != before, "steady while it lasts"
            assert at(start) == at(before), "the screen is not tinted"
        else:
            assert at(start) != at(later) != at(before), "the whole screen flashes and fades"
    finally:
        motion.set_reduced(False)


def throw_positions(app, monkeypatch):
    """Every (x, y) each die of a Martian Dice roll shows while it is thrown, and how long the throw takes."""
    monkeypatch.setattr(tray.FRAMES, "work_left", lambda: 60.0)  # the throw's physics in one frame: durations do not depend on the machine
    scene = table(app, "martian-dice", PEOPLE)
    dice = scene.tray.dice
    seen = [set() for _ in dice]
    alphas = set()

    def record():
        for die, spots in zip(dice, seen):
            spots.add((round(die.x, 3), round(die.y, 3)))
            alphas.add(die.alpha)

    faces = [i % 5 for i in range(len(dice))]
    return elapsed(scene.tray.throw(dice, faces), each=record), seen, alphas


def test_reduced_motion_fades_a_throw_in_where_the_dice_land(app, monkeypatch):
    normal, paths, alphas = throw_positions(app, monkeypatch)
    assert normal > 0.5 and max(len(p) for p in paths) > 10 and alphas == {1.0}, "scooped, shaken and thrown"
    app.settings.reduced_motion = True
    app.apply_settings()
    try:
        short, paths, alphas = throw_positions(app, monkeypatch)
    finally:
        motion.set_reduced(False)
    assert short <= tray.FADE_SECONDS + 2 / 60 and short < normal / 2
    assert all(len(p) <= 2 for p in paths), "each die is where it waited or where it lands: no path, no shaking"
    assert min(alphas) == 0.0 and max(alphas) == 1.0, "faded out, then in"


def flights(app):
    """How long, and how far off the straight line, some flights go: dice to a row, a saucer home, Invaders."""
    md = table(app, "martian-dice", PEOPLE)
    die = md.tray.dice[0]
    die.face = 1
    start, end = (die.x, die.y), (die.x + 300, die.y + 100)
    off = []

    def off_line():
        (x0, y0), (x1, y1) = start, end
        off.append(abs((x1 - x0) * (die.y - y0) - (y1 - y0) * (die.x - x0)) / math.hypot(x1 - x0, y1 - y0))

    spots = set()
    dice_flight = elapsed(md.tray.fly([(die, end, 26)], hop=40),
                          each=lambda: (off_line(), spots.add((round(die.x), round(die.y)))))
    takedown = table(app, "takedown", PEOPLE)
    base = takedown.level.bases[0]
    saucer = elapsed(takedown._glide_saucer(0, (base[0] + 200, base[1] - 200)))
    heroes = table(app, "heroes", PEOPLE)
    invaders = elapsed(heroes._fly([0, 1], 0))
    return {"dice": dice_flight, "saucer": saucer, "invaders": invaders}, max(off), len(spots)


def test_reduced_motion_turns_flights_into_short_fades(app):
    normal, hop, spots = flights(app)
    assert hop > 20 and spots > 5, "a die flies in an arc"
    app.settings.reduced_motion = True
    app.apply_settings()
    try:
        short, hop, spots = flights(app)
    finally:
        motion.set_reduced(False)
    assert hop < 0.01 and spots <= 2, "the die is where it was or where it goes: it fades out, then in"
    for name, seconds in short.items():
        assert seconds <= normal[name] * motion.REDUCED_FLIGHT + 2 / 60, name


def test_reduced_motion_leaves_a_banner_unzoomed(reduced):
    scene = table(reduced, "martian-dice", PEOPLE)
    scene.say_banner("+3 points")
    popped = picture(reduced, scene, 1.0)
    reduced.step(0.15 / scene.speed, [])
    assert picture(reduced, scene, 1.0) == popped, "no pop: the banner stands still"


# ----- bot pace ------------------------------------------------------------------------------------------------
def seconds_to_first_move(app, pace: str) -> float:
    app.settings.bot_pace, app.settings.animation_speed = pace, "normal"
    scene = table(app, "martian-dice", [Seat("Zax", 0, "random"), Seat("Kree", 1, "random")])
    frames = 1
    while not scene.game.log:
        app.step(1 / 60, [])
        frames += 1
    return frames / 60


def test_bot_pace_stretches_a_bots_wait_before_its_move(app):
    normal, slow, quick = (seconds_to_first_move(app, pace) for pace in ("normal", "slow", "quick"))
    think = GAMES["martian-dice"].module("scene").GameScene.BOT_THINK
    assert normal == pytest.approx(think, abs=3 / 60)
    assert slow == pytest.approx(think * 2.5, abs=3 / 60) and quick == pytest.approx(think * 0.5, abs=3 / 60)


def test_bot_pace_slows_heroes_bids_but_not_freeze_reflexes(app):
    bots = [Seat("Zax", 0, "random"), Seat("Kree", 1, "random"), Seat("Vol", 2, "random")]
    scene = table(app, "heroes", bots, seed=3)
    run_until(app, lambda: scene.game.phase == BID and scene.idle)

    def delays(player):
        found = {}
        for pace in ("normal", "slow"):
            app.settings.bot_pace = pace
            scene._plan(player)
            found[pace] = scene.plans.pop(player)
        return found

    bid = delays(1)
    assert bid["slow"][0] == bid["normal"][0] and bid["slow"][1] == pytest.approx(bid["normal"][1] * 2.5)
    app.settings.bot_pace = "normal"
    for _ in range(40):  # Freeze windows until one bot fires (a random bot fires a quarter of the time)
        run_until(app, lambda: scene.game.phase == FREEZE_WINDOW and scene.window is not None, dt=1 / 60)
        reflex = next((d for d in map(delays, scene.game.to_act()) if d["normal"][0] == FREEZE), None)
        if reflex:
            break
        run_until(app, lambda: scene.game.phase != FREEZE_WINDOW, dt=1 / 60)
    assert reflex is not None
    assert reflex["slow"] == reflex["normal"] and reflex["normal"][1] < 1, "a reflex is a reflex at any pace"


# ----- one-button flicking ----------------------------------------------------------------------------------------
def one_button_flick(app, held: float, press, release) -> Flick:
    app.settings.games["flick_style"] = "one-button"
    scene = table(app, "takedown", [Seat("Ada", 0, None), Seat("Bo", 1, None)], seed=11)
    app.step(1 / 60, [press])
    assert scene.holding is not None and not scene.game.log
    for _ in range(round(held * 60)):
        app.step(1 / 60, [])
    aim, power = scene.aim, scene.power
    app.step(1 / 60, [release])
    assert scene.sim is not None, "let go: the die flies, the physics decides"
    flick = scene.sim.flick
    assert flick.angle == pytest.approx(aim, abs=0.2) and flick.power == pytest.approx(power, abs=0.1)
    return flick


def key(kind, k, source="keyboard", **extra):
    return pygame.event.Event(kind, {"key": k, "mod": 0, "unicode": "", "scancode": 0, "source": source, **extra})


def test_one_button_flick_power_follows_how_long_it_was_held(app):
    short, long = (one_button_flick(app, held, key(pygame.KEYDOWN, pygame.K_SPACE), key(pygame.KEYUP, pygame.K_SPACE))
                   for held in (0.5, 1.2))
    for flick, held in ((short, 0.5), (long, 1.2)):
        assert flick.power == pytest.approx(LEAST_POWER + (1 - LEAST_POWER) * held / POWER_SECONDS, abs=0.1)
    assert long.power > short.power + 0.3


def test_one_button_works_with_a_pad_and_the_mouse(app):
    pad = one_button_flick(app, 0.8, key(pygame.KEYDOWN, pygame.K_RETURN, "pad-1", button=pygame.CONTROLLER_BUTTON_A),
                           pygame.event.Event(pygame.CONTROLLERBUTTONUP, {"button": pygame.CONTROLLER_BUTTON_A,
                                                                          "instance_id": 0, "source": "pad-1"}))
    mouse = one_button_flick(app, 0.8, pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": (400, 300), "button": 1}),
                             pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": (400, 300), "button": 1}))
    assert pad.power == pytest.approx(mouse.power, abs=0.1)


def test_one_button_aim_sweeps_and_the_header_says_how(app):
    app.settings.games["flick_style"] = "one-button"
    scene = table(app, "takedown", [Seat("Ada", 0, None), Seat("Bo", 1, None)])
    app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_LEFT)])
    assert "hold Space" in scene.message
    first = scene.aim
    for _ in range(30):
        app.step(1 / 60, [])
    assert abs(scene.aim - first) > 0.2, "the aim sweeps by itself"
    app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_SPACE)])
    assert "let go of Space" in scene.message
    locked = scene.aim
    for _ in range(30):
        app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_SPACE)] if _ % 5 == 0 else [])  # a held key repeats
    assert scene.aim == locked and not scene.game.log, "held: the aim stays and nothing flies yet"
    app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_ESCAPE)])  # the pause menu takes the key's release
    app.scenes.pop()
    assert scene.holding is None and not scene.game.log and "hold Space" in scene.message
    app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_SPACE)])
    assert scene.holding is not None, "a fresh press after the menu holds again"


def test_every_challenges_par_shot_can_be_aimed_with_one_button(app):
    """The sweep stops short of a near table edge, yet reaches every direction a par solution flicks."""
    info = GAMES["takedown"]
    levels, _ = challenge_levels()
    for level in levels:
        game = info.new_state(1, level.challenge.seed, {"table": f"challenge/{level.id}"})
        scene = info.scene(app, [Seat("Ada", 0, None)], game)
        for angle, power in level.challenge.solution:
            scene._show_rules_state()  # as at the start of each flick
            sweep = scene.one_button
            assert sweep.low <= sweep.middle <= sweep.high
            assert sweep.low <= (angle - sweep.low) % math.tau + sweep.low <= sweep.high, level.id
            game.apply(0, Flick(angle, power))
            game.apply_chance()


def test_a_key_still_held_from_skipping_a_bot_does_not_flick(app):
    app.settings.games["flick_style"] = "one-button"
    scene = table(app, "takedown", [Seat("Zax", 0, "easy"), Seat("Ada", 1, None)])
    run_until(app, lambda: scene.can_skip, dt=1 / 60)
    app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_SPACE)])  # skips the bot's flick
    run_until(app, lambda: scene.human_to_act, dt=1 / 60)
    for _ in range(20):
        app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_SPACE)])  # the key repeats
    assert scene.holding is None
    app.step(1 / 60, [key(pygame.KEYUP, pygame.K_SPACE)])
    assert scene.sim is None and len(scene.game.log) == 2, "only the bot's flick and its landing"
    app.step(1 / 60, [key(pygame.KEYDOWN, pygame.K_SPACE)])
    assert scene.holding is not None, "a fresh press holds"


def test_reduced_motion_puts_the_takedown_die_where_it_rests_without_a_flight(reduced):
    scene = table(reduced, "takedown", PEOPLE)
    scene.human_flick(-math.pi / 2, 0.6)
    assert scene.sim is not None
    reduced.step(1 / 60, [])
    assert scene.sim is None, "the flight is over in one frame: no tumbling on screen"
    assert not scene.game.is_chance()


def test_a_button_too_narrow_for_its_label_and_key_shows_the_label_whole(app):
    """At 720 px wide, Mars Attacks' "Roll" read "R..." beside its "Space" badge."""
    from game.ui.widgets import Button

    def drawn(width, label="Roll"):
        button = Button(label, (100, 100, width, 44), lambda: None, key_label="Space")
        layout = app.canvas.audit_frame(lambda: button.draw(app.canvas, False))
        return [text for text, _ in layout.texts], layout.problems()

    app.canvas.hints = None
    texts, problems = drawn(220)
    assert "Roll" in texts and "Space" in texts and problems == [], "room for both: the key is shown"
    texts, problems = drawn(90)
    assert texts == ["Roll"] and problems == [], "room for the label only: the label, whole"
    texts, _ = drawn(40, label="")
    assert texts == ["Space"], "a button without a label keeps its key however narrow (a colour swatch's)"


def test_the_scoreboards_note_fits_beside_its_title_as_drawn(app):
    """At 150% in 1366x768 and 720x1280, Mars Attacks' "Final round!" was cut: its room was reckoned from the
    title at full size, which the panel had shrunk."""
    app.settings.text_size = 150
    app.apply_settings()
    for size in ((1366, 768), (720, 1280)):
        app.window.set_size(size)
        scene = GAMES["mars-attacks"].start(app, [Seat("Ada", 0, None), Seat("Zax", 1, "smart")], first=0)
        app.scenes.reset(scene)
        app.step(1 / 60, [])
        scene.shown["final"] = True
        layout = app.canvas.audit_frame(lambda: scene.draw(app.canvas))
        assert layout.problems() == [], size
        assert "Final round!" in [text for text, _ in layout.texts]
