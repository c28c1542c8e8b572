"""Light frames: the presentation path, a loop that sleeps on a still screen, work spread over frames,
bounded caches. (Frame times themselves are figures of `python -m game bench`, not asserts.)"""

import sys
import time
from pathlib import Path

import pygame
import pytest
from conftest import loop_until, run_until

from game.core.steps import FRAMES, advance
from game.registry import GAMES
from game.saves import Seat
from game.scenes.base import AMBIENT_FPS
from game.scenes.title import TitleScene
from game.ui import theme
from game.ui import window as window_module


@pytest.mark.parametrize("setting, env, platform, expected", [
    ("auto", "", "linux", "framebuffer"),
    ("auto", "", "win32", "gpu"),
    ("gpu", "", "linux", "gpu"),
    ("auto", "gpu", "linux", "gpu"),
    ("gpu", "framebuffer", "darwin", "framebuffer"),
])
def test_the_presentation_path_is_chosen_on_purpose(monkeypatch, setting, env, platform, expected):
    monkeypatch.setenv("MGN_PRESENT", env)
    monkeypatch.setattr(window_module.sys, "platform", platform)
    assert window_module.choose_presentation(setting) == expected
    assert window_module.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == ("0" if expected == "framebuffer" else "1")


def count_frames(app, seconds):
    drawn = []
    real = app.draw
    app.draw = lambda area=None, started=None: (real(area, started), app.held or drawn.append(area))  # shown ones
    app.run(seconds=seconds)
    app.draw = real
    return drawn


def test_a_still_screen_sleeps_and_decoration_redraws_only_its_corner(app):
    from game.scenes.setup import SetupScene

    app.scenes.reset(SetupScene(app, GAMES["heroes"]))  # (a setup making its table ahead draws while it works)
    still = count_frames(app, 1.2)
    assert len(still) == 1, "nothing moves: drawn once, then the loop waits for input (and looks again unseen)"
    app.scenes.reset(TitleScene(app))
    title = count_frames(app, 1.0)
    assert 5 <= len(title) <= AMBIENT_FPS + 3, "the bobbing saucer needs only a few frames a second"
    assert title[0] is None and all(area for area in title[2:]), "after the first, only the saucer's corner"


def test_a_table_waiting_for_a_person_only_pulses(app):
    info = GAMES["martian-dice"]
    app.settings.animation_speed = "normal"
    scene = info.start(app, [Seat("Me", 0, None), Seat("Bot", 1, "optimal")])
    app.scenes.reset(scene)
    frames = count_frames(app, 1.0)
    assert len(frames) <= AMBIENT_FPS + 3
    assert frames[-1] == [scene.scoreboard.row(0)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_waiting_table_is_drawn_only_when_its_pulse_looks_different(app, game_id):
    """A pulse one or two pixels wide, or lights that step, look the same for most of the 15 ambient frames
    a second: those frames are not drawn (idle CPU), the others are (the table stays alive)."""
    from game.bench import bot_seats

    info = GAMES[game_id]
    app.settings.animation_speed = "normal"
    scene = info.start(app, bot_seats(info, humans=1), first=0)
    app.scenes.reset(scene)
    run_until(app, lambda: 0 < scene.frame_rate() <= AMBIENT_FPS and scene.can_act(0))
    steps, looks = [], []
    real_step = app.step
    app.step = lambda dt, events, area=None: (steps.append(area), real_step(dt, events, area),
                                              looks.append(app.ambient_look))
    drawn = count_frames(app, 2.0)
    app.step = real_step
    assert 2 <= len(drawn) <= 0.6 * len(steps), (len(drawn), len(steps))
    changes = sum(1 for before, now in zip(looks, looks[1:]) if now != before)
    assert len(drawn) <= changes + 1, "only a new look is drawn"


def test_input_still_wakes_a_sleeping_loop_at_once(app):
    from game.scenes.setup import SetupScene

    setup = SetupScene(app, GAMES["martian-dice"])
    app.scenes.reset(setup)
    app.run(seconds=0.2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_INSERT, "mod": 0, "unicode": ""}))
    frames = count_frames(app, 0.3)
    assert len(setup.seats) == 3 and frames and frames[0] is None, "the key press is handled and drawn in full"


@pytest.mark.parametrize("game_id, bot", [("takedown", "expert"), ("martian-dice", "winner"),
                                          ("martian-dice", "optimal")])
def test_slow_bots_think_in_slices(game_id, bot):
    from game.tournament import bot_steps

    info = GAMES[game_id]
    state = info.new_state(2, 9)
    if game_id == "martian-dice":
        state.apply(0, "roll")
        state.apply_chance()
        while state.phase != "choose":
            state = info.new_state(2, state.seed + 1)
            state.apply(0, "roll")
            state.apply_chance()
        from game.martian_dice import policy, winning

        policy._expected.clear()
        winning._solutions.clear()
    done, _ = advance(bot_steps(info, state, state.to_act()[0], bot), 0.0)
    assert not done, "a first slice does not finish the thinking"


def test_work_spread_over_frames_begins_no_step_that_would_end_past_its_slice(monkeypatch):
    from game.core import steps as steps_module

    clock = [0.0]
    monkeypatch.setattr(steps_module.time, "perf_counter", lambda: clock[0])
    taken = []

    def work():
        for n in range(10):
            clock[0] += 0.003  # each step takes 3 ms
            taken.append(n)
            yield

    assert advance(work(), 0.007) == (False, None)
    assert taken == [0, 1], "a third 3 ms step would end at 9 ms, past the 7 ms slice"
    taken.clear()
    assert advance(work(), 0.0) == (False, None) and taken == [0], "the first step is always taken"


def test_thinking_dropped_stops_at_its_next_step_in_the_loop_or_in_its_thread():
    from game.core.steps import InBackground, drop

    done_steps = []

    def work():
        try:
            for n in range(10_000):
                done_steps.append(n)
                yield
        finally:
            done_steps.append("closed")

    stepwise = work()
    advance(stepwise, 0.0)
    drop(stepwise)
    assert done_steps == [0, "closed"], "a generator dropped is closed (what it holds is let go at once)"
    done_steps.clear()
    thinking = InBackground(work())
    drop(thinking)
    advance(thinking, None)
    assert done_steps[-1] == "closed" and len(done_steps) < 10_000, "a thread dropped stops early"


def test_the_winner_keeps_a_bounded_number_of_small_policies():
    from game.martian_dice import winning
    from game.tournament import tournament

    tournament(GAMES["martian-dice"], ["winner", "winner"], 30, 4)
    assert 0 < len(winning._solutions) <= winning.KEPT_SOLUTIONS
    solution = next(iter(winning._solutions.values()))
    assert len(solution._value) == len(solution._roll) < 1300, "only the valid positions are kept"


def test_cached_layers_stay_within_their_budget(app):
    from game.ui import canvas as canvas_module

    for n in range(40):
        app.canvas.cached(("test", n), (0, 0, 1280, 720), lambda c: c.clear(), opaque=True)
    assert app.canvas._layer_bytes <= canvas_module.LAYER_BYTES
    for n in range(400):
        app.canvas.render_text(f"line {n} " * 20, 40, (255, 255, 255))
    assert app.canvas._text_bytes <= canvas_module.TEXT_BYTES + 200_000


def test_a_panel_on_the_table_is_made_over_it_and_copied_not_blended_and_looks_the_same(app):
    canvas = app.canvas
    table = lambda c: [c.clear((40, 30, 60)), c.rect((200, 120, 40), (100, 80, 300, 200), radius=30)]
    panel = lambda c: [c.rect((70, 60, 90), (120, 100, 240, 160), radius=24), c.text("Scores", 30, (255, 255, 255), (140, 110))]
    looks = []
    for over in (None, "room"):
        canvas.drop_layers()
        canvas.cached("room", (0, 0, 1280, 720), table, opaque=True)
        canvas.cached("scores", (110, 90, 260, 180), panel, over=over)
        looks.append(canvas.surface.copy())
        made = canvas._layers[next(reversed(canvas._layers))]
        assert bool(made.get_flags() & pygame.SRCALPHA) is (over is None), "over the table: an opaque layer"
    box = canvas.prect((100, 80, 300, 220))
    assert all(looks[0].get_at((x, y)) == looks[1].get_at((x, y))
               for x in range(box.left, box.right, 3) for y in range(box.top, box.bottom, 3)), "the same pixels"
    canvas.drop_layers()
    canvas.cached("scores", (110, 90, 260, 180), panel, over="room")
    assert canvas._layers[next(reversed(canvas._layers))].get_flags() & pygame.SRCALPHA, \
        "the table's layer not made: the panel is blended as before"


def test_a_window_sized_layer_is_drawn_in_a_surface_kept_or_reserved_ahead(app):
    """A new window-sized surface costs a first frame its memory's first touch: the next screen's full-screen layer
    is drawn in the one a closed screen let go, or in one its setup reserved, cleared first."""
    canvas = app.canvas
    canvas.cached("before", (0, 0, 1280, 720), lambda c: c.clear((200, 0, 0)), opaque=True)
    first = canvas._layers[next(iter(canvas._layers))]
    canvas.drop_layers()
    canvas.cached("after", (0, 0, 1280, 720), lambda c: None, opaque=True)
    assert canvas._layers[next(iter(canvas._layers))] is first
    assert first.get_at((5, 5))[:3] == (0, 0, 0), "cleared before it is drawn again"
    canvas.drop_layers()
    assert list(canvas._spares.values()) == [first]
    canvas.cached("a small one", (0, 0, 100, 100), lambda c: None)
    canvas.drop_layers()
    assert canvas._spares == {}, "a spare the next screen did not use goes, and a small layer is never kept"
    canvas.reserve_layer((0, 0, 1280, 720))
    reserved = canvas._spares[(canvas.prect((0, 0, 1280, 720)).size, False)]
    canvas.cached("see-through", (0, 0, 1280, 720), lambda c: None)
    assert canvas._layers[next(reversed(canvas._layers))] is reserved


def test_a_large_layer_let_go_for_room_is_drawn_in_again_by_the_next_of_its_size(app, monkeypatch):
    """A side panel's state changes with each move, and its new layer came in a surface mapped afresh (1.2 ms of
    the frame at 1920x1080): the layer the cache lets go for it is drawn in again by the next of its size."""
    from game.ui import canvas as canvas_module

    canvas = app.canvas
    side = (0, 0, 400, 700)  # a megabyte or more at any window size the tests use
    monkeypatch.setattr(canvas_module, "LAYER_BYTES", 1)  # room for one layer: each new one lets the last go
    canvas.cached(("side", 1), side, lambda c: c.clear((200, 0, 0)))
    first = canvas._layers[next(iter(canvas._layers))]
    canvas.cached(("side", 2), side, lambda c: None)
    assert list(canvas._layers) != [(("side", 1), first.get_size())], "let go for room"
    canvas.cached(("side", 3), side, lambda c: None)
    assert canvas._layers[next(iter(canvas._layers))] is first, "drawn in again"
    assert first.get_at((5, 5)) == (0, 0, 0, 0), "cleared before it is drawn again"
    canvas.cached("small", (0, 0, 40, 40), lambda c: None)
    canvas.cached("small too", (0, 0, 40, 40), lambda c: None)
    assert all(canvas_module._bytes(spare) >= canvas_module.SPARE_BYTES for spare in canvas._spares.values()), \
        "a small layer is never kept"


def test_saving_never_waits_for_the_disk_on_the_frame(user_dir, monkeypatch):
    """A save is in the operating system's hands at once (a kill loses nothing); syncing it to the disk, which
    can take tens of milliseconds, happens on the writer's thread."""
    import threading

    from game import journal, saves, storage

    release, synced_on = threading.Event(), []
    real = storage.os.fsync

    def slow(fd):
        synced_on.append(threading.current_thread().name)
        release.wait(5)
        real(fd)

    monkeypatch.setattr(storage.os, "fsync", slow)
    info = GAMES["martian-dice"]
    state = info.new_state(2, 3)
    seats = [Seat("A", 0), Seat("B", 1, "greedy")]
    saves.save(saves.SavedGame(info.id, info.id, seats, state))
    state.apply(0, state.legal_actions(0)[0])
    saves.save(saves.SavedGame(info.id, info.id, seats, state))
    path = user_dir / "saves" / "martian-dice.json"
    kept = journal.path_for(path).read_text()
    assert journal.newest_start(kept) is not None and '"n":0' in kept, "the game and its move are in the journal"
    release.set()
    storage.WRITER.flush()
    assert path.exists(), "the save file followed on the writer's thread"
    assert synced_on and threading.main_thread().name not in synced_on
    assert saves.load(info.id).state.to_json() == state.to_json()


def test_a_bot_whose_steps_can_be_long_thinks_in_a_thread_and_decides_as_headless():
    from game.core.steps import InBackground
    from game.tournament import bot_action, bot_steps

    info = GAMES["mars-attacks"]
    state = info.new_state(2, 11)
    while state.is_chance():
        state.apply_chance()
    player = state.to_act()[0]
    work = bot_steps(info, state, player, "smart")
    assert isinstance(work, InBackground), "its rival's exact reply can take 100 ms in one step"
    done, action = advance(work, None)
    assert done and action == bot_action(info, state, player, "smart")
    assert not isinstance(bot_steps(info, state, player, "greedy"), InBackground)


@pytest.mark.parametrize("game_id, made_ahead", [("takedown", ("td-target",)), ("martian-dice", ("md-table",))])
def test_the_table_s_first_frame_finds_what_setup_made_ahead(app, game_id, made_ahead):
    """The slow parts setup makes ahead (Takedown's targets, Martian Dice's full-screen layer) are not made again
    in the table's first frame."""
    from game.bench import bot_seats
    from game.registry import GAMES

    info = GAMES[game_id]
    app.scenes.reset("setup", info)
    setup = app.scenes.top
    loop_until(app, lambda: setup.preparing is None)
    made, real = [], app.canvas._drawn_apart
    app.canvas._drawn_apart = lambda target, draw, opaque=False: (made.append(target), real(target, draw, opaque))[1]
    keys_before = {key for key, _ in app.canvas._layers}
    app.scenes.reset(info.start(app, bot_seats(info, humans=1), first=0))
    app.step(1 / 60, [])
    new_keys = {key for key, _ in app.canvas._layers} - keys_before
    assert made and not [k for k in new_keys if (k[0] if isinstance(k, tuple) else k) in made_ahead], new_keys


@pytest.mark.parametrize("game_id", ["martian-dice", "mars-attacks"])
def test_a_dice_table_s_first_frame_draws_its_waiting_dice_from_what_setup_made(app, monkeypatch, game_id):
    from game.bench import bot_seats
    from game.registry import GAMES
    from game.ui.dice3d import DiceArt

    info = GAMES[game_id]
    app.scenes.reset("setup", info)
    setup = app.scenes.top
    loop_until(app, lambda: setup.preparing is None)
    rendered = []
    real = DiceArt._render
    monkeypatch.setattr(DiceArt, "_render", lambda self, *args: (rendered.append(args[3]), real(self, *args))[1])
    app.scenes.reset(info.start(app, bot_seats(info, humans=1), first=0))
    app.step(1 / 60, [])
    assert not rendered, f"{len(rendered)} dice drawn afresh"


def test_after_the_window_scale_changes_pictures_are_made_off_the_frame_and_shown_when_ready(app):
    from game.ui.canvas import Canvas

    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
    canvas.attach(pygame.Surface((1920, 1080)))  # F11: the scale changes
    stand_in, _ = canvas._rendered("backdrop.svg", (0, 0, 1280, 720), True)
    assert stand_in.get_size() == (1920, 1080) and canvas.stand_ins.pending, "the old picture, scaled, at once"
    for _ in range(500):
        crisp, _ = canvas._rendered("backdrop.svg", (0, 0, 1280, 720), True)
        if crisp is not stand_in:
            break
        pygame.time.wait(10)
    assert crisp is not stand_in and crisp.get_size() == (1920, 1080) and not canvas.stand_ins.pending
    assert canvas.picture(("backdrop.svg", (1920, 1080))) is crisp, "kept: the next frames blit it"
    canvas.image("icon.svg", (0, 0, 300, 300))  # never shown at the old size: rendered at once, as before
    assert not canvas.stand_ins.pending


def test_after_the_scale_changes_the_worker_renders_only_once_the_new_size_s_first_frames_are_shown(app, monkeypatch):
    from game.ui import stand_ins as stand_ins_module
    from game.ui.canvas import Canvas

    rendered = []
    real_render = stand_ins_module.render_svg
    monkeypatch.setattr(stand_ins_module, "render_svg", lambda *key: rendered.append(key) or real_render(*key))
    monkeypatch.setattr(stand_ins_module, "SETTLING_LIMIT", 30.0)  # no frames: it would wait this long
    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
    canvas.attach(pygame.Surface((1920, 1080)))
    stand_in, _ = canvas._rendered("backdrop.svg", (0, 0, 1280, 720), True)
    time.sleep(0.2)
    assert not rendered, "the window system is still busy with the new window: the worker waits"
    for _ in range(stand_ins_module.SETTLING_FRAMES):
        canvas.stand_ins.whole_frame_drawn(held=False)
    assert canvas.stand_ins.wait(("backdrop.svg", (1920, 1080))).get_size() == (1920, 1080)
    assert rendered == [("backdrop.svg", (1920, 1080))]


def test_f11_twice_in_quick_succession_shows_the_stand_in_again_rather_than_waiting_for_a_render(app, monkeypatch):
    from game.ui import stand_ins as stand_ins_module
    from game.ui.canvas import Canvas

    monkeypatch.setattr(stand_ins_module, "SETTLING_LIMIT", 30.0)  # the first switch's render has not begun
    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
    canvas.attach(pygame.Surface((1920, 1080)))
    canvas._rendered("backdrop.svg", (0, 0, 1280, 720), True)
    canvas.attach(pygame.Surface((1280, 720)))  # back before the crisp 1920x1080 picture was made
    monkeypatch.setattr(canvas.stand_ins, "wait", lambda key: pytest.fail(f"the frame waited for {key}"))
    stand_in, _ = canvas._rendered("backdrop.svg", (0, 0, 1280, 720), True)
    assert stand_in.get_size() == (1280, 720) and canvas.stand_ins.pending


def test_the_old_size_s_pictures_are_kept_until_a_frame_not_held_needed_none_made(app):
    from game.ui.stand_ins import StandIns

    stand_ins = StandIns()
    stand_ins.scale_changed({("icon.svg", (30, 30)): pygame.Surface((30, 30)),
                             ("backdrop.svg", (64, 36)): pygame.Surface((64, 36))})
    stand_ins.stand_in(("icon.svg", (60, 60)))
    assert stand_ins.wait(("icon.svg", (60, 60))) is not None and not stand_ins.pending, "the first one made"
    stand_ins.whole_frame_drawn(held=True)  # the backdrop's scaling was left for the next frame
    assert stand_ins.stand_in(("backdrop.svg", (128, 72))).get_size() == (128, 72)
    stand_ins.wait(("backdrop.svg", (128, 72)))
    stand_ins.whole_frame_drawn(held=False)
    assert stand_ins.stand_in(("backdrop.svg", (96, 54))) is None, "every picture made: the old ones let go"
    stand_ins.close()


def test_a_size_set_exactly_draws_every_picture_crisp_at_once(app):
    from game.ui.canvas import Canvas

    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
    canvas.attach(pygame.Surface((1920, 1080)), stand_ins=False)  # smoke's sizes: screenshots show crisp pictures
    canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
    assert not canvas.stand_ins.pending and canvas.picture(("backdrop.svg", (1920, 1080))) is not None


def test_the_loop_draws_every_frame_until_the_new_pictures_are_shown(app):
    app.scenes.push(TitleScene(app))
    app.run(seconds=0.2)
    app.window.surface = pygame.Surface((1920, 1080))
    app.canvas.attach(app.window.surface)
    app.step(1 / 60, [])
    assert app.canvas.stand_ins.pending and app.frame_rate() == 60
    run_until(app, lambda: not app.canvas.stand_ins.pending)
    assert app.frame_rate() < 60


def test_a_new_screen_s_first_frame_leaves_its_slow_layers_to_the_next_and_only_a_whole_frame_is_shown(
        app, monkeypatch, tmp_path):
    import game.app as app_module
    from game.scenes.setup import SetupScene

    monkeypatch.setattr(app_module, "LAYER_BUDGET", -1.0)  # every new layer or line of text but the frame's first waits
    shown = []
    real_show = app.window.show
    monkeypatch.setattr(app.window, "show", lambda clip=None: (shown.append(clip), real_show(clip)))
    app.scenes.reset(TitleScene(app))
    app.step(1 / 60, [])  # the very first frame makes all at once: nothing is on screen yet
    assert app.held is None
    shown.clear()
    texts = len(app.canvas._texts)
    app.scenes.reset(SetupScene(app, GAMES["martian-dice"]))
    app.step(1 / 60, [])
    assert app.held is not None and shown == [] and app.frame_rate() >= 60, "held, and the next frame comes at once"
    made = len(app.canvas._layers) + len(app.canvas._texts)
    assert len(app.canvas._texts) <= texts + 1, "new lines of text are left for the next frames too"
    app.step(1 / 60, [])
    assert len(app.canvas._layers) + len(app.canvas._texts) > made, "each frame makes at least one layer or line"
    while app.held is not None:
        assert time.perf_counter() - app.held <= app_module.MOST_HELD + 0.1
        app.step(1 / 60, [])
    assert shown == [None], "shown once whole"
    whole = pygame.image.tobytes(app.window.surface, "RGB")
    app.scenes.reset(SetupScene(app, GAMES["martian-dice"]))
    app.step(1 / 60, [])
    assert app.held is not None
    app.screenshot(tmp_path / "held.png")
    assert pygame.image.tobytes(app.window.surface, "RGB") == whole, "a screenshot is of the whole frame"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_on_linux_one_heap_serves_every_thread_and_large_surfaces_go_back_to_the_system_when_freed():
    from game import heap

    def resident_mb():
        status = Path("/proc/self/status").read_text(encoding="ascii")
        return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) / 1024

    assert heap.tune(), "glibc took both settings"
    before = resident_mb()
    for size in ((2048, 2048), (1920, 1080)):  # glibc alone keeps the second in its heap after the first is freed
        surface = pygame.Surface(size)
        surface.fill((1, 2, 3))
        del surface
    assert resident_mb() - before < 4, "an 8 MB surface freed is memory the system has back"


def test_the_heap_gives_its_free_pages_back_every_30_frames_drawn_in_the_room_a_frame_leaves():
    from game import heap

    trims: list[int] = []
    trimmer = heap.Trimmer(trim=trims.append)
    room = 2 * heap.TRIM_ROOM
    for _ in range(heap.TRIM_EVERY - 1):
        trimmer.after_frame(room)
    assert trims == [], "not every frame"
    trimmer.after_frame(room)
    assert trims == [0], "after 30 frames, everything free goes back"
    for _ in range(heap.TRIM_EVERY):
        trimmer.after_frame(heap.TRIM_ROOM / 2)
    assert trims == [0], "not where the next frame is almost due"
    trimmer.after_frame(room)
    assert trims == [0, 0], "after the first frame with room"


def test_the_loop_trims_the_heap_after_a_frame_is_drawn_not_inside_it(app):
    from game import heap

    calls = []
    step = app.step

    def traced_step(*args):
        calls.append("frame")
        step(*args)
        calls.append("drawn")

    app.step = traced_step
    app.heap = heap.Trimmer(trim=lambda pad: calls.append("trim"))
    app.heap.frames = heap.TRIM_EVERY - 1  # due after the loop's first frame (run's own first one has none after it)
    app.scenes.reset("title")
    app.run(seconds=0.3)
    assert calls.count("trim") == 1, calls
    assert calls[:5] == ["frame", "drawn", "frame", "drawn", "trim"], "after the frame, before the next starts"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_on_linux_free_pages_in_the_middle_of_the_heap_go_back_to_the_system_when_trimmed():
    from game import heap

    def resident_mb():
        status = Path("/proc/self/status").read_text(encoding="ascii")
        return int(next(line for line in status.splitlines() if line.startswith("VmRSS:")).split()[1]) / 1024

    heap.tune()
    blocks = [bytes(range(256)) * 4 + bytes([i % 256]) for i in range(40_000)]  # 40 MB of 1 KB blocks: malloc's
    kept = blocks[::50]  # a few kept all through the heap: it cannot shrink from its top
    del blocks
    trimmer = heap.Trimmer()
    before = resident_mb()
    for _ in range(heap.TRIM_EVERY):
        trimmer.after_frame(room=1.0)
    assert before - resident_mb() > 20, "most of the 40 MB freed is the system's again"
    assert len(kept) == 800


def test_a_thinking_thread_gives_way_to_a_frame_being_drawn_but_is_not_starved_by_frames_back_to_back():
    from game.core.steps import GIVE_WAY, THINKING_SLICE, InBackground

    step, frame = 0.00005, 0.1
    busy = []  # seconds each step worked

    def thinking():
        while len(busy) < 2000:
            started = time.perf_counter()
            while time.perf_counter() - started < step:
                pass
            busy.append(time.perf_counter() - started)
            yield

    FRAMES.started()
    try:
        work = InBackground(thinking())
        time.sleep(frame)
        during = sum(busy)
    finally:
        FRAMES.ended()
    while not work.done:
        time.sleep(0.001)
    most = (frame / GIVE_WAY + 2) * (THINKING_SLICE + 2 * step)
    assert during <= most, f"it thought {during * 1000:.1f} ms of a {frame * 1000:.0f} ms frame: a slice per wait at most"
    assert during >= frame * 0.05, "a frame that never ends still leaves it a share (one step per wait was 2%)"
    assert len(busy) == 2000, "and it goes on freely between frames"


def test_frames_back_to_back_rest_while_a_bot_thinks_so_a_headless_smart_game_ends(app, user_dir):
    """The interpreter gives a waiting thread its turn only when the holder keeps it 5 ms, and drawing lets it go
    and takes it back sooner: with frames back to back a smart bot's thread hardly ran (a smoke run's Mars Attacks
    game took 18,000 frames, or did not end in 60,000). Headless runs rest between frames while a thread thinks."""
    from game.smoke import Driver, play_bot_game

    driver, rests = Driver(None, user_dir, app), []
    driver.app.settings.animation_speed = "turbo"
    resting = FRAMES.rest

    def rest(rested=0.0):
        rests.append(bool(FRAMES.thinking))
        resting(rested)

    FRAMES.rest = rest
    try:
        play_bot_game(driver, GAMES["mars-attacks"])  # smart bots in every seat
    finally:
        del FRAMES.rest
    assert any(rests), "its bots thought in threads"
    assert len(rests) < 5000, f"{len(rests)} frames for a whole game at the fastest speed (1,300 at most here)"
    assert not FRAMES.thinking, "a thread that ended is no longer counted as thinking"


class Cycle:
    """Garbage only the cycle collector can free: it refers to itself."""

    def __init__(self):
        self.me = self


def test_a_sweep_frees_old_garbage_and_freezes_the_rest_so_play_s_collections_skip_it():
    import gc
    import weakref

    from game.collector import Collector

    collector = Collector()
    kept, dropped = Cycle(), Cycle()
    gone = weakref.ref(dropped)
    collector.sweep()
    assert gc.get_freeze_count() > 0, "what lives on is frozen"
    del dropped
    gc.collect()
    assert gone() is not None, "a frozen cycle is not walked by the collections play triggers"
    collector.sweep()
    assert gone() is None and kept.me is kept, "the next sweep thaws it first and frees it"


def test_a_sweep_waits_for_room_before_the_next_frame_for_its_time_and_for_a_quarter_more_frozen(small_thresholds):
    import gc

    from game.collector import SWEEP_EVERY, SWEEP_GROWTH, SWEEP_ROOM, Collector

    def play_freezes(share):
        """Frames whose middle collections freeze objects that last: `share` of what the last sweep left."""
        goal = collector.frozen_since_sweep + collector.frozen_at_sweep * share
        with collector.running_the_loop():
            while collector.frozen_since_sweep <= goal:
                lasting.append([[] for _ in range(60)])
                collector.after_frame()

    collector, lasting = Collector(), []
    assert not collector.sweep_if_due(SWEEP_ROOM / 2), "no room: a frame is due soon"
    assert collector.sweep_if_due(SWEEP_ROOM * 2), "never swept, room enough"
    play_freezes(2 * SWEEP_GROWTH)
    assert not collector.sweep_if_due(1.0), "swept just now"
    assert collector.owes_a_sweep(), "owed, made once it is time (the bench's idle figures wait for it)"
    collector.swept_at -= SWEEP_EVERY
    assert collector.sweep_if_due(1.0), "time, and half as much again frozen since"
    assert not collector.owes_a_sweep()
    collector.swept_at -= SWEEP_EVERY
    assert not collector.sweep_if_due(1.0), "nothing has lasted since (an idle screen): nothing to walk"
    play_freezes(SWEEP_GROWTH / 2)
    assert not collector.sweep_if_due(1.0), "a bot's turn froze a little: not worth walking everything"
    play_freezes(SWEEP_GROWTH / 2)
    assert collector.sweep_if_due(1.0), "more than a quarter since the last sweep"
    assert collector.frozen_at_sweep >= len(lasting) * 61, "all that lasted is frozen"
    gc.unfreeze()


@pytest.fixture
def small_thresholds():
    """Python collects after few objects (restored after the test)."""
    import gc

    before = gc.get_threshold()
    gc.set_threshold(50, 2, 2)
    yield
    gc.set_threshold(*before)


def test_while_the_loop_runs_python_never_collects_by_itself_the_loop_does_after_a_frame(small_thresholds):
    import gc

    from game.collector import Collector

    collector = Collector()
    enabled = gc.isenabled()
    with collector.running_the_loop():
        assert not gc.isenabled(), "no collection starts inside a frame or a bot's step"
        kept = [[] for _ in range(500)]
        assert gc.get_count()[0] > 50
        collector.after_frame()
        assert gc.get_count()[0] < 50, "the young collection due was made after the frame"
    assert gc.isenabled() == enabled and kept


def test_what_lasts_a_middle_collection_is_frozen_so_play_never_walks_it_again_until_a_sweep(small_thresholds):
    import gc
    import weakref

    from game.collector import Collector

    def fulls():
        return gc.get_stats()[2]["collections"]

    collector = Collector()
    with collector.running_the_loop():
        gc.collect()
        frozen, before = gc.get_freeze_count(), fulls()
        kept, lasting = Cycle(), []
        for _ in range(3 * 3):  # a young collection each frame, a middle one every third
            lasting.append([[] for _ in range(60)])
            collector.after_frame()
        assert fulls() == before, "no full collection during play: it walked a bot's tables for 13-40 ms"
        assert gc.get_freeze_count() > frozen, "what lasted a middle collection is frozen"
        gone = weakref.ref(kept)
        del kept
        for _ in range(3 * 3):
            lasting.append([[] for _ in range(60)])
            collector.after_frame()
        assert gone() is not None, "a frozen cycle is not walked by play's collections"
        collector.sweep()
        assert gone() is None, "the sweep frees it"


def test_a_bot_thinking_in_its_thread_collects_its_garbage_only_between_frames(app):
    import gc
    import threading

    from game.core.steps import InBackground

    def thinking():
        made = []
        for _ in range(300):
            made.append([{"i": i} for i in range(200)])  # objects that last: they count towards a collection
            yield
        return "done"

    collected = []  # (thread, a frame being drawn)
    watch = lambda phase, info: phase == "start" and collected.append(
        (threading.current_thread().name, not FRAMES._between.is_set()))
    gc.callbacks.append(watch)
    try:
        with app.collector.running_the_loop():
            work = InBackground(thinking())
            while not work.done:
                app.step(1 / 60, [])
                time.sleep(0.002)  # the refresh's rest, as the loop leaves it
    finally:
        gc.callbacks.remove(watch)
    assert work.result == "done"
    assert ("thinking", False) in collected, "the thinking thread collects what it makes, between frames"
    assert ("thinking", True) not in collected, "never while a frame is drawn"
    assert {thread for thread, _ in collected} <= {"MainThread", "thinking"}


def test_a_thinking_thread_collects_every_few_milliseconds_whatever_python_s_count_says(monkeypatch):
    """Python's count misses the tuples a bot's tables are made of (a count of 700 stood for 23,000 objects)."""
    import gc

    from game import collector as collector_module
    from game.collector import YOUNG_EVERY, Collector

    def young_collections():
        return gc.get_stats()[0]["collections"]

    clock = [100.0]  # a clock of its own: the machine's host may stop the test for longer than YOUNG_EVERY
    monkeypatch.setattr(collector_module.time, "perf_counter", lambda: clock[0])
    collector = Collector()
    was_enabled = gc.isenabled()
    gc.disable()  # only the collector's own collections are counted
    try:
        gc.collect()  # the count from zero: far below Python's threshold
        before = young_collections()
        collector.young_between_frames()
        assert young_collections() == before + 1, "none made yet: one now"
        clock[0] += YOUNG_EVERY / 2
        collector.young_between_frames()
        assert young_collections() == before + 1, "not again so soon while the count is low"
        clock[0] += YOUNG_EVERY
        collector.young_between_frames()
        assert young_collections() == before + 2, "but once YOUNG_EVERY has passed"
    finally:
        if was_enabled:
            gc.enable()


def test_a_tray_keeps_its_physics_so_throws_leave_no_garbage_and_the_same_throws_land_the_same():
    import gc

    from game.ui.throw import Table, throw

    def evening(table):
        return [[path.points for path in throw(table, count, seed)] for count, seed in ((13, 1), (6, 2), (13, 3))]

    gc.collect()
    table = Table((0, 0, 800, 500), 60)
    paths = evening(table)
    assert gc.collect() == 0, "pymunk's objects refer to themselves: a space per throw was garbage"
    assert len(table.space.bodies) == 13, "the dice of the biggest throw, kept"
    assert paths == evening(Table((0, 0, 800, 500), 60))
    assert all(0 < x < 800 and 0 < y < 500 for throw_paths in paths for path in throw_paths for x, y, _ in path)


def test_the_loop_sweeps_only_while_it_waits_for_a_person(app):
    import gc

    from game.collector import SWEEP_EVERY

    app.scenes.reset(TitleScene(app))
    app.run(seconds=0.3)
    assert gc.get_freeze_count() > 0, "start-up swept and froze its own objects"
    app.collector.swept_at -= SWEEP_EVERY
    waited = app.collector.swept_at
    app.collector.frozen_since_sweep = app.collector.frozen_at_sweep  # as play froze as much again as was left
    app.run(seconds=0.5)
    assert app.collector.swept_at > waited, "the title waits for a person: the loop swept while it slept"


def test_leaving_fullscreen_asks_again_for_the_window_s_size_when_the_system_kept_the_desktop_s(monkeypatch):
    """SDL's X11 code gives a window back from fullscreen at the desktop's size (the resize is not done yet when
    it looks): F11 twice left a 1920x1080 window hanging off the screen. The window then asks again."""
    asked = []
    real = pygame.display.set_mode

    def as_x11_does(size, flags=0):
        asked.append(size)
        shown = real(size, flags)
        return pygame.Surface((1920, 1080)) if len(asked) == 1 else shown

    monkeypatch.setattr(pygame.display, "set_mode", as_x11_does)
    surface = window_module.Window._open(fullscreen=False)
    assert asked == [theme.LOGICAL_SIZE, theme.LOGICAL_SIZE] and surface.get_size() == theme.LOGICAL_SIZE


def test_the_bench_times_each_step_of_every_bot_that_thinks_in_the_frame_loop(monkeypatch):
    from game import bench
    from game.registry import GAMES

    info = GAMES["mars-attacks"]
    timed_bots = bench.bot_steps_ms(info, games=1)
    assert set(timed_bots) == {name for name, bot in info.bots.items() if not bot.background}, \
        "a bot thinking in its own thread takes nothing from a frame"
    assert all(ms > 0 for ms in timed_bots.values()), "every step of the second game is timed"


def test_the_font_warmer_loads_between_frames_not_during_one(monkeypatch):
    from game.core.steps import GIVE_WAY
    from game.ui import fonts

    measured = []

    class Font:
        def size(self, text):
            measured.append(text)
            return (len(text), 10)

    cache = fonts.FontCache()
    monkeypatch.setattr(cache, "get", lambda path, px, bold: Font())
    FRAMES.started()
    try:
        warming = cache.warm({(px, False) for px in range(31, 37)})  # 60 chunks: at once, if it did not wait
        time.sleep(0.05)
        during = len(measured)
    finally:
        FRAMES.ended()
    warming.result(timeout=5)
    cache.close()
    assert during <= 0.05 / GIVE_WAY + 2, "a chunk at most every GIVE_WAY while the frame lasts"
    assert "".join(measured) == fonts.WARM_TEXT * 6, "and all of it once frames leave room"


def test_a_die_flying_to_its_row_keeps_no_sprites_and_lands_in_text_s_way_only_once_at_rest(app):
    """A flight changes the die's size every frame: a sprite kept per frame would push the resting dice's out
    of the shared cache. Its arc passes over the row's label, which only a die at rest may not touch."""
    from game.martian_dice.scene import row_slots

    info = GAMES["martian-dice"]
    scene = info.start(app, [Seat("Ada", 0, None), Seat("Bo", 1, None)], first=0)
    app.scenes.reset(scene)
    app.step(1 / 60, [])
    die, face = scene.tray.dice[0], 1
    die.face = face
    flight = scene.tray.fly([(die, row_slots(face, 1)[0], 26)], hop=40)
    next(flight)
    sprites = len(scene.art._sprites)
    dice_in_the_way = []
    while True:
        try:
            flight.send(1 / 60)
        except StopIteration:
            break
        layout = app.canvas.audit_frame(lambda: scene.draw(app.canvas))
        dice_in_the_way.append(sum(1 for what, rect in layout.obstacles if what == "a die" and rect.w < 40))
    assert len(dice_in_the_way) > 10 and not any(dice_in_the_way), "a die in flight is drawn as moving"
    assert len(scene.art._sprites) <= sprites + 1, "no sprite kept for a size it has for one frame (one: at rest)"
    layout = app.canvas.audit_frame(lambda: scene.draw(app.canvas))
    assert sum(1 for what, rect in layout.obstacles if what == "a die" and rect.w < 40) == 1, "landed: at rest"


def test_a_full_sprite_cache_lets_go_only_of_the_dice_least_recently_drawn(app):
    """The dice on the table are drawn every frame; a full cache emptied at once made all 13 again in one frame
    (about 6.5 ms at 1920x1080: 0.5 ms each)."""
    from game.core.cube import face_up
    from game.martian_dice.scene import DICE_ICONS
    from game.ui.dice3d import DiceArt

    art = DiceArt(DICE_ICONS)
    on_table = [face_up(i % 6, i * 0.4) for i in range(13)]
    made = []
    real_make = art._make_sprite
    art._make_sprite = lambda *args: made.append(args) or real_make(*args)
    for frame in range(3 * DiceArt.SPRITE_CACHE):
        art.sprite(1.5, 40, face_up(frame % 6, 2.0 + frame * 0.01))  # a die landing elsewhere
        for pose in on_table:
            art.sprite(1.5, 40, pose)
    assert len(made) == 3 * DiceArt.SPRITE_CACHE + 13, "the table's dice made once each, every other once"
    assert len(art._sprites) == DiceArt.SPRITE_CACHE


@pytest.mark.parametrize("game_id", ["martian-dice", "mars-attacks"])
def test_dice_pictures_at_rest_are_made_while_they_tumble_not_in_the_frame_they_land(app, monkeypatch, game_id):
    from game.ui.dice3d import DiceArt

    made_at_rest = []
    real_render = DiceArt._render
    monkeypatch.setattr(DiceArt, "_render", lambda self, surface, cx, cy, k, m, dim, icons: (
        made_at_rest.append(icons is self.icons), real_render(self, surface, cx, cy, k, m, dim, icons)))
    info = GAMES[game_id]
    app.settings.animation_speed = "normal"
    scene = info.start(app, [Seat("Ada", 0, info.default_bot), Seat("Bo", 1, info.default_bot)], first=0)
    app.scenes.reset(scene)
    stopped, made_as_they_stopped, most_in_a_frame = 0, 0, 0
    for _ in range(5000):
        moving = [d for d in scene.tray.dice if d.moving]
        made_at_rest.clear()
        app.step(1 / 60, [])
        FRAMES.rest()  # frames back to back: a bot thinking in its thread works in the rest
        if moving:
            most_in_a_frame = max(most_in_a_frame, sum(made_at_rest))
        now_at_rest = sum(1 for d in moving if not d.moving)
        if now_at_rest:
            stopped += now_at_rest
            made_as_they_stopped += sum(made_at_rest)
        if stopped >= 10:
            break
    assert stopped >= 10 and made_as_they_stopped == 0, "each die came to rest drawn from a picture made ahead"
    assert most_in_a_frame <= 2, "spread over the tumble's frames, not made all at once in its first"


@pytest.mark.parametrize("reduced", [False, True])
def test_the_dice_a_person_may_not_take_are_drawn_dim_from_pictures_made_while_they_moved(app, monkeypatch, reduced):
    """A person choosing sees the dice they may not take dimmed: those pictures too are made during the throw (up
    to 13 of them, half a millisecond each at 1920x1080, in the frame the choosing began)."""
    from game.martian_dice.rules import CHOOSE, TAKE_FACE
    from game.ui import motion
    from game.ui.dice3d import DiceArt
    from game.ui.tray import DiceTray

    ahead, dim_made_then, dim_drawn = [False], [], []
    real_make, real_ahead, real_draw = DiceArt._make_sprite, DiceTray._make_ahead, DiceArt.draw
    monkeypatch.setattr(DiceArt, "_make_sprite", lambda self, k, m, dim, moving: (
        dim_made_then.append(ahead[0]) if dim else None, real_make(self, k, m, dim, moving))[1])
    monkeypatch.setattr(DiceTray, "_make_ahead", lambda self, pictures, *rest: (
        ahead.__setitem__(0, True), real_ahead(self, pictures, *rest), ahead.__setitem__(0, False)))
    monkeypatch.setattr(DiceArt, "draw", lambda self, canvas, center, size, orientation, highlight=None, dim=False,
                        *rest, **kw: (dim_drawn.append(dim), real_draw(self, canvas, center, size, orientation,
                                                                       highlight, dim, *rest, **kw)))
    motion.set_reduced(reduced)
    try:
        info = GAMES["martian-dice"]
        app.settings.animation_speed = "normal"
        scene = info.scene(app, [Seat("Ada", 0, None), Seat("Bo", 1, info.default_bot)], info.new_state(2, 11))
        app.scenes.reset(scene)
        for _ in range(20000):
            g = scene.game
            if scene.can_act(0):
                takeable = [a for a, face in TAKE_FACE.items() if g.can_take(face)]
                scene.act(takeable[-1] if g.phase == CHOOSE and takeable else "roll")  # Earthlings first
            app.step(1 / 60, [])
            if sum(dim_drawn) > 20:
                break
    finally:
        motion.set_reduced(False)
    assert sum(dim_drawn) > 20, "dice were drawn dimmed for a person choosing"
    assert dim_made_then and all(dim_made_then), "every dimmed picture was made while the dice moved"


@pytest.mark.parametrize("fullscreen", [False, True])
def test_the_title_s_pictures_are_rendered_while_the_window_opens_not_in_its_first_frame(monkeypatch, fullscreen):
    """The backdrop alone was 45-50 ms of the first frame at 1280x720: it is begun before pygame starts (in a
    window), or once the display says its size (fullscreen)."""
    import threading

    import json

    from game.app import App
    from game.paths import user_data_dir
    from game.scenes.stack import scene_class
    from game.ui import canvas as canvas_module
    from game.ui import stand_ins

    rendered = []
    real_render = stand_ins.render_svg
    noted = lambda name, size: (  # noqa: E731
        rendered.append((name, size, threading.current_thread().name)), real_render(name, size))[1]
    monkeypatch.setattr(stand_ins, "render_svg", noted)
    monkeypatch.setattr(canvas_module, "render_svg", noted)
    user_data_dir().mkdir(parents=True, exist_ok=True)
    (user_data_dir() / "settings.json").write_text(json.dumps({"fullscreen": fullscreen}), encoding="utf-8")
    app = App(scene_class("title").first_pictures)
    try:
        assert app.settings.fullscreen == fullscreen
        app.scenes.push("title")
        app.step(1 / 60, [])
    finally:
        app.close()
    assert {name for name, _, _ in rendered} == {"backdrop.svg", "icon.svg"}, "the title's pictures were rendered"
    assert all(thread.startswith("pictures") for _, _, thread in rendered), "on the pictures' worker, each once"
    assert len(rendered) == 2


def test_a_picture_asked_for_by_a_screen_left_at_once_does_not_keep_the_loop_drawing(app):
    """A screen whose picture is rendered on the worker, left before it is shown: the finished picture, kept for a
    screen that is gone, kept the loop at its full rate on the next screen, and a dice table from redrawing only
    its dice (a whole bot game of Mars Attacks after a results screen left in its first frame)."""
    from game.scenes.base import Scene

    app.scenes.reset("title")
    for _ in range(3):
        app.step(1 / 60, [])
    app.canvas._images.clear()  # the backdrop let go (as the pictures' budget does)
    app.scenes.push("statistics")
    app.step(1 / 60, [])
    assert app.canvas.stand_ins.pending, "the statistics screen's backdrop is being rendered"
    app.scenes.reset(Scene(app))  # a still screen that shows no picture
    for _ in range(50):
        time.sleep(0.02)
        app.step(1 / 60, [])
        if not app.canvas.stand_ins.pending:
            break
    assert not app.canvas.stand_ins.pending and app.frame_rate() == 0, "at rest: no frames but for input"


def test_a_thread_that_waits_for_a_frame_to_end_is_seen_so_the_tour_leaves_it_the_loop_s_sleep():
    import threading

    from game.core.steps import Frames

    frames = Frames()
    frames.ended()
    frames.give_way()  # between frames: nothing waited on
    frames.started()
    assert not frames.waited_on
    waiting = threading.Thread(target=frames.give_way)
    waiting.start()
    waiting.join()
    assert frames.waited_on, "a thread waited on this frame"
    frames.ended()
    frames.started()
    assert not frames.waited_on, "the next frame starts with no one waiting yet"


def test_a_frame_has_one_slice_for_all_work_spread_over_frames():
    from game.core.steps import FRAME_BUDGET, FRAMES

    FRAMES.started()
    try:
        assert 0 < FRAMES.work_left() <= FRAME_BUDGET
        time.sleep(FRAME_BUDGET * 1.5)  # one piece of work used it up: the next piece in this frame gets none
        assert FRAMES.work_left() == 0
    finally:
        FRAMES.ended()


@pytest.mark.parametrize("game_id", ["martian-dice", "mars-attacks"])
def test_while_dice_tumble_only_their_area_is_redrawn_and_shown_and_the_screen_is_as_if_all_were(app, game_id):
    from game.bench import bot_seats

    info = GAMES[game_id]
    app.settings.animation_speed = "normal"
    app.scenes.reset(info.start(app, bot_seats(info), first=0))
    shown = []
    real_show = app.window.show
    app.window.show = lambda clip=None: (shown.append(clip), real_show(clip))
    in_part = apart = 0
    for _ in range(900):
        shown.clear()
        app.step(1 / 60, [])
        time.sleep(0.002)  # the refresh's rest: a bot thinking in its thread works then
        if shown and shown[-1] is not None:
            in_part += 1
            assert sum(area.width * area.height for area in shown[-1]) < \
                0.5 * app.window.surface.get_width() * app.window.surface.get_height()
            apart += len(shown[-1]) > 1
            if in_part % 4 and len(shown[-1]) == 1:
                continue  # several such frames in a row, then one looked at; each with a change apart looked at
            frame = pygame.image.tobytes(app.window.surface, "RGB")
            app.draw()  # the whole frame, drawn afresh
            assert pygame.image.tobytes(app.window.surface, "RGB") == frame, "the screen is what it shows"
    assert in_part > 30, "frames while dice tumble redraw only where they move"
    assert apart, "a change apart from the dice (a count, a message) is redrawn in a rectangle of its own"


def test_a_frame_record_finds_the_area_outside_which_two_frames_drew_the_same_in_the_same_order():
    from game.ui.canvas import FrameRecord

    clip = pygame.Rect(100, 100, 200, 200)
    label, other_label = (pygame.Rect(0, 0, 50, 50), "text", "Tanks"), (pygame.Rect(0, 0, 50, 50), "text", "Cows")
    inside = [(pygame.Rect(120 + i, 120, 20, 20), "die", i) for i in range(3)]
    straddling = (pygame.Rect(90, 120, 20, 20), "die", 0)
    most = 1920 * 1080 // 2

    def areas(mine, theirs):
        changed = mine.changed_area(theirs, clip, most)
        return None if changed is None else {tuple(area) for area in changed}

    last = FrameRecord([label, inside[0]])
    assert areas(last, FrameRecord([label, inside[1], inside[2]])) == {tuple(clip)}, "inside: drawn anyway"
    assert areas(last, FrameRecord([other_label, inside[0]])) == {tuple(clip), tuple(label[0])}, "apart: its own"
    assert areas(last, FrameRecord([label, straddling])) == {tuple(clip.union(straddling[0]))}, "partly out"
    assert areas(FrameRecord([label, straddling]), FrameRecord([straddling, label])) == \
        {tuple(clip.union(straddling[0])), tuple(label[0])}, "the order counts"
    bridging = (pygame.Rect(40, 40, 70, 70), "text", "Rays")
    assert areas(FrameRecord([label, bridging]), FrameRecord([other_label])) == \
        {tuple(clip.union(bridging[0]).union(label[0]))}, "overlapping rectangles are one"
    assert areas(last, FrameRecord([(pygame.Rect(0, 0, 1920, 1080), "layer", "a new screen")])) is None


def test_a_frame_record_finds_the_same_areas_as_looking_at_every_call_against_every_area_each_round():
    import random

    from game.ui.canvas import FrameRecord, _merged

    def plain(mine, theirs, clip, most):  # the definition: all calls looked at against all areas, round by round
        areas = [clip]
        while True:
            a = [c for c in mine.calls if not any(area.contains(c[0]) for area in areas)]
            b = [c for c in theirs.calls if not any(area.contains(c[0]) for area in areas)]
            if a == b:
                return areas
            first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            areas = _merged(areas, [call[0] for call in a[first:first + 1] + b[first:first + 1]])
            if sum(area.width * area.height for area in areas) > most:
                return None

    rng = random.Random(5)
    for _ in range(400):
        looks = [(pygame.Rect(rng.randrange(0, 1800, 40), rng.randrange(0, 1000, 40), rng.choice((20, 60, 200)),
                              rng.choice((20, 60, 120))), "text", rng.randrange(3)) for _ in range(rng.randrange(1, 60))]
        mine = FrameRecord(looks)
        theirs = FrameRecord([(call[0], call[1], rng.randrange(3)) if rng.random() < 0.15 else call for call in looks
                              if rng.random() > 0.05])
        clip = pygame.Rect(rng.randrange(0, 1500), rng.randrange(0, 800), 300, 200)
        most = rng.choice((1920 * 1080 // 2, 1920 * 1080 // 20))
        assert mine.changed_area(theirs, clip, most) == plain(mine, theirs, clip, most)


def test_what_a_see_through_layer_draws_is_noted_where_it_shows_in_the_window(app):
    from game.ui.canvas import FrameRecord

    canvas = app.canvas
    canvas.record = FrameRecord()
    try:
        canvas.faded((400, 300, 200, 100), 0.5, lambda c: c.rect((255, 0, 0), (410, 310, 20, 20)))
        calls = canvas.record.calls
    finally:
        canvas.record = None
    window_area = canvas.prect((400, 300, 200, 100))
    assert [call[0] for call in calls] == [window_area, window_area], "not the layer's own corner"


def test_the_mixer_runs_at_the_sounds_own_rate_so_its_thread_wakes_half_as_often(app):
    import wave

    from game.paths import asset_path
    from game.ui import audio

    with wave.open(str(asset_path("sounds", "click.wav"))) as sound:
        rate = sound.getframerate()
    assert audio.MIXER["frequency"] == rate
    assert pygame.mixer.get_init() in (None, (rate, -16, 2)), "opened as asked, not at pygame.init's 44.1 kHz"


def test_on_x11_fullscreen_is_the_window_without_its_frame_as_big_as_the_screen(monkeypatch):
    """SDL 2's X11 fullscreen waits up to 100 ms on the window manager: F11 held the screen 130-145 ms. There the
    window loses its frame and covers the screen instead; it opens so too, and gets its own size back."""
    monkeypatch.setattr(window_module, "covers_the_screen_itself", lambda: True)
    window = window_module.Window(fullscreen=False, display="auto")
    screen = pygame.display.get_desktop_sizes()[0]
    assert window.borderless and not window.fullscreen and window.surface.get_size() == theme.LOGICAL_SIZE
    assert window.set_fullscreen(True)
    assert window.fullscreen and window.surface.get_size() == screen
    assert pygame.display.get_window_position() == (0, 0) and not window.surface.get_flags() & pygame.FULLSCREEN
    assert not window.set_fullscreen(True), "already"
    assert window.set_fullscreen(False) and not window.fullscreen and window.surface.get_size() == theme.LOGICAL_SIZE
    opened = window_module.Window(fullscreen=True, display="auto")
    assert opened.fullscreen and opened.surface.get_size() == screen


def test_the_frame_that_switches_the_window_is_not_shown_the_next_draws_the_new_size(app, monkeypatch):
    """The switch, the first drawing on the new window's memory and the scaling of its pictures took 19-32 ms in
    one frame: the frame with F11 only switches, and the next frames draw (their pictures scaled one a frame at most
    past the frame's budget)."""
    shown = []
    monkeypatch.setattr(window_module, "covers_the_screen_itself", lambda: True)
    app.window.borderless = True
    monkeypatch.setattr(app.window, "show", lambda areas=None: shown.append(app.window.surface.get_size()))
    app.scenes.reset(TitleScene(app))
    app.step(1 / 60, [])
    shown.clear()
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)])
    assert app.window.fullscreen and not shown, "switched, nothing drawn"
    for _ in range(10):
        app.step(1 / 60, [])
        if shown:
            break
    assert shown and shown[0] == app.window.surface.get_size() != theme.LOGICAL_SIZE


def test_past_a_frame_s_budget_a_new_scale_s_second_picture_is_scaled_in_the_next_frame(app):
    import time as clock

    from game.ui.canvas import Canvas

    canvas = Canvas(pygame.Surface((1280, 720)))
    canvas.image("backdrop.svg", (0, 0, 1280, 720), opaque=True)
    canvas.image("icon.svg", (100, 100, 300, 300))
    canvas.attach(pygame.Surface((1920, 1080)))  # F11
    canvas.hold_layers_after(clock.perf_counter() - 1)  # a frame already past its budget
    first, _ = canvas._rendered("backdrop.svg", (0, 0, 1280, 720), True)
    second, _ = canvas._rendered("icon.svg", (100, 100, 300, 300), False)
    assert first is not None and second is None and canvas.held, "the first is always made; then the frame holds"
    canvas.hold_layers_after(clock.perf_counter() - 1)  # the next frame
    second, _ = canvas._rendered("icon.svg", (100, 100, 300, 300), False)
    assert second is not None and second.get_size() == (450, 450)
    canvas.stand_ins.close()

