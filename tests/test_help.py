"""How-to pages: pictures on every page, pictures that render and are what the generator draws, and every page
laid out without clipping or overlap at every text size and window size."""

import threading

import pygame
import pytest

from game.paths import asset_path
from game.phones.smoke import RealTime
from game.registry import GAMES
from game.scenes.howto import BODY, HowToPlayScene
from game.tools.help_pictures import pictures
from game.ui.help_layout import CAPTION_SIZE, TEXT_SIZE, aspect, lay_out

PAGES = [(info.id, n) for info in GAMES.values() for n in range(len(info.help_pages))]
SHIPPED_GAMES = ("martian-dice", "takedown", "mars-attacks", "heroes")
SHIPPED = [(game, n) for game, n in PAGES if game in SHIPPED_GAMES]
SCALES = (1.0, 1.25, 1.5)
WINDOWS = ((1280, 720), (1920, 1080))
SMALLEST_PICTURE = 130  # logical px: the shorter side of every shipped page's pictures, even at 150% text


def page(game_id, n):
    return GAMES[game_id].help_pages[n]


@pytest.mark.parametrize("game_id, n", PAGES)
def test_every_page_has_pictures_that_render(game_id, n):
    pygame.init()
    shown = page(game_id, n)
    assert shown.pictures, f"{game_id} page {n + 1} has no picture"
    for name, caption in shown.pictures:
        assert caption.strip(), f"{name} has no caption"
        size = (round(120 * aspect(name)), 120)
        surface = pygame.image.load_sized_svg(str(asset_path(name)), size)
        opaque = pygame.mask.from_surface(surface).count()
        assert opaque > 0.03 * size[0] * size[1], f"{name} renders (almost) nothing"


def test_the_pictures_are_what_the_generator_draws_and_all_are_used():
    drawn = pictures()
    for name, draw in drawn.items():
        assert asset_path(name).read_text(encoding="utf-8") == draw(), \
            f"{name} is out of date: run python -m game.tools.help_pictures"
    on_disk = {f"help/{p.relative_to(asset_path('help')).as_posix()}" for p in asset_path("help").rglob("*.svg")}
    assert on_disk == set(drawn), "every file in assets/help is drawn by the generator"
    used = {name for info in GAMES.values() for shown in info.help_pages for name, _ in shown.pictures}
    assert set(drawn) <= used, f"pictures no page shows: {sorted(set(drawn) - used)}"


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("scale", SCALES)
def test_every_page_fits_its_body_without_overlap(app, scale, window):
    app.window.set_size(window)
    app.canvas.set_text_scale(scale)
    canvas = app.canvas
    x, y, w, h = BODY
    body = pygame.Rect(x, y, w, h).inflate(2, 2)
    for game_id, n in PAGES:
        where = f"{game_id} page {n + 1} at {scale:.0%} in {window}"
        layout = lay_out(canvas, page(game_id, n), BODY)
        lines = [pygame.Rect(lx, ly, canvas.text_width(line, TEXT_SIZE), canvas.line_height(TEXT_SIZE))
                 for line, lx, ly in layout.lines]
        captions = [pygame.Rect(cx - canvas.text_width(line, CAPTION_SIZE) / 2, cy,
                                canvas.text_width(line, CAPTION_SIZE), canvas.line_height(CAPTION_SIZE))
                    for line, cx, cy in layout.captions]
        images = [pygame.Rect(r) for _, r in layout.pictures]
        for rect in lines + captions + images:
            assert body.contains(rect), f"{where}: {rect} leaves the page's body {BODY}"
        for i, image in enumerate(images):
            assert image.collidelist(lines + captions) == -1, f"{where}: a picture covers text"
            assert image.collidelist(images[i + 1:]) == -1, f"{where}: pictures overlap"
        assert all(line.collidelist(captions) == -1 for line in lines), f"{where}: a caption covers text"
        if (game_id, n) in SHIPPED:
            smallest = min(min(r.w, r.h) for r in images)
            assert smallest >= SMALLEST_PICTURE, f"{where}: a picture only {smallest} px across"


@pytest.mark.parametrize("scale", SCALES)
def test_the_how_to_scene_draws_every_page_with_no_layout_problem(app, scale):
    app.settings.text_size = round(scale * 100)
    app.apply_settings()
    shipped = [GAMES[game_id] for game_id in SHIPPED_GAMES]  # as the title screen opens it (no test toy)
    scene = HowToPlayScene(app, shipped)
    app.scenes.push(scene)
    for info in shipped:
        scene._open(info)
        for n in range(len(info.help_pages)):
            scene.page = n
            scene._build()
            app.step(1 / 60, [])
            while scene.pictures_missing:  # they come a frame each
                app.step(1 / 60, [])
            problems = app.audit_layout()
            assert not problems, f"{info.id} page {n + 1} at {scale:.0%}: {problems}"


def test_a_page_s_pictures_are_rendered_off_the_frame_and_the_next_page_is_whole_when_turned_to(app, monkeypatch):
    """A page's pictures are SVG renders of a few milliseconds to 16 ms each: none is made inside a frame. A page
    shows its words at once and each picture when the pictures' worker has it; while a page is read, the next
    one is made ready (laid out, its pictures rendered), so turning to it renders nothing."""
    info = GAMES["martian-dice"]
    n = next(i for i, p in enumerate(info.help_pages) if len(p.pictures) >= 3 and i + 1 < len(info.help_pages))
    renders = []
    real = pygame.image.load_sized_svg
    monkeypatch.setattr(pygame.image, "load_sized_svg",
                        lambda *a: renders.append(threading.current_thread().name) or real(*a))
    scene = HowToPlayScene(app, info)
    scene.page = n
    scene._build()
    app.scenes.push(scene)
    app.step(1 / 60, [])
    assert scene.pictures_missing, "the words first"
    clock = RealTime(app)  # frames as the game loop makes them, with time between for the worker
    assert clock.until(lambda: not scene.pictures_missing, 10) and clock.until(lambda: scene.frame_rate() == 0, 10)
    made = len(info.help_pages[n].pictures) + len(info.help_pages[n + 1].pictures)
    assert len(renders) == made and all(name.startswith("pictures") for name in renders), renders
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_RIGHT, "mod": 0, "unicode": ""})])
    app.step(1 / 60, [])
    assert scene.page == n + 1 and not scene.pictures_missing, "the next page is whole at once"
    assert scene.frame_rate() > 0, "and makes the one after it ready"
