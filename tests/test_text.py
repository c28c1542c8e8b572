"""Type: the bundled typeface, the text-size setting, slots that text must fit, the layout audit, names in any script."""

import json
import os

import pygame
import pytest

from game import settings as settings_store
from game.registry import GAMES
from game.settings import Settings
from game.storage import WRITER, CorruptFile, read_json
from game.ui import fonts, theme
from game.ui.canvas import Canvas

SCRIPTS = {"CJK": "李小龙", "Arabic": "مرحبا", "emoji": "🚀👽"}


@pytest.fixture
def canvas():
    pygame.init()
    canvas = Canvas(pygame.display.set_mode((1280, 720)))
    yield canvas
    canvas.close()
    pygame.quit()


def test_the_bundled_typeface_draws_plain_text(canvas):
    assert os.path.exists(fonts.typeface()) and os.path.exists(fonts.typeface(bold=True))
    assert fonts.runs("Zoë and Łukasz") == [(fonts.PRIMARY, "Zoë and Łukasz")]
    assert fonts.covers(fonts.PRIMARY, "ő") and not fonts.covers(fonts.PRIMARY, "李")


def test_text_size_grows_every_font(canvas):
    normal = canvas.text_width("Roll the dice", theme.FONT_BODY)
    canvas.set_text_scale(1.5)
    assert canvas.text_width("Roll the dice", theme.FONT_BODY) == pytest.approx(normal * 1.5, rel=0.06)
    assert canvas.line_height(theme.FONT_BODY) == pytest.approx(theme.FONT_BODY * 1.5 * 1.25)


def test_text_in_a_slot_shrinks_to_fit_but_never_below_the_normal_size(canvas):
    canvas.set_text_scale(1.5)
    text, size = canvas.fitted("Death rays", theme.FONT_BODY, 200, None)
    assert (text, size) == ("Death rays", theme.FONT_BODY)  # room enough at 150%
    normal_width = canvas.text_width("Death rays", theme.FONT_BODY / 1.5)
    text, size = canvas.fitted("Death rays", theme.FONT_BODY, normal_width + 2, None)
    assert text == "Death rays" and size < theme.FONT_BODY and size * 1.5 >= theme.FONT_BODY - 0.01
    text, size = canvas.fitted("Death rays", theme.FONT_BODY, normal_width / 2, None)
    assert text.endswith("…") and size == pytest.approx(theme.FONT_BODY / 1.5)


def test_the_layout_audit_finds_overlaps_cut_text_tiny_text_and_text_off_screen(canvas):
    def messy() -> None:
        canvas.box((100, 100, 200, 50))
        canvas.text("Sticks out of its button", theme.FONT_BODY, theme.TEXT, (110, 110))
        canvas.text("First", theme.FONT_BODY, theme.TEXT, (500, 300))
        canvas.text("Second", theme.FONT_BODY, theme.TEXT, (510, 305))
        canvas.text("A label much too long for its slot", theme.FONT_BODY, theme.TEXT, (500, 500), width=80)
        canvas.text("tiny", theme.FONT_SMALL - 4, theme.TEXT, (700, 600))
        canvas.text("Off the edge", theme.FONT_BODY, theme.TEXT, (1250, 700))

    problems = "\n".join(canvas.audit_frame(messy).problems())
    for expected in ("crosses the edge of the box", "'First'", "is cut short", "smaller than the smallest",
                     "off the screen"):
        assert expected in problems

    def tidy() -> None:
        canvas.box((100, 100, 400, 50))
        canvas.text("Fits in its button", theme.FONT_BODY, theme.TEXT, (110, 110))
        canvas.stack([("One", theme.FONT_BODY, theme.TEXT), ("Two", theme.FONT_SMALL, theme.TEXT)], (600, 100, 300, 60))
        canvas.text("A very long player name indeed", theme.FONT_BODY, theme.TEXT, (600, 400), width=90, shorten_ok=True)

    assert canvas.audit_frame(tidy).problems() == []


def test_a_stack_squeezed_into_a_small_box_keeps_its_lines_apart(canvas):
    canvas.set_text_scale(1.5)
    lines = [(f"Line {n}", theme.FONT_SMALL, theme.TEXT) for n in range(4)]
    layout = canvas.audit_frame(lambda: canvas.stack(lines, (100, 100, 300, 4 * canvas.text_height(theme.FONT_SMALL / 1.5)
                                                                       + 8)))
    assert len(layout.texts) == 4 and layout.problems() == []


def _wrapped_measuring_every_trial(fonts_, text, px, bold, limit):
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and fonts_.width(trial, px, bold) > limit:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def test_wrapping_a_word_at_a_time_breaks_lines_where_measuring_every_trial_line_does(canvas):
    """The word-by-word estimate may be a few pixels off; where that could matter the line is measured whole, so
    every help text (and names in other scripts) wraps the same at every size and width."""
    texts = [text for info in GAMES.values() for page in info.help_pages
             for text in (*page.text, *(caption for _, caption in page.pictures))]
    texts += [f"{name} and {name} beam up   two cows\nthen stop" for name in SCRIPTS.values()]
    font_cache = fonts.FontCache()
    checked = 0
    for px in (12, 17, 24, 33, 48):
        for bold in (False, True):
            for limit in range(4 * px, 60 * px, 7 * px + 3):
                for text in texts:
                    assert font_cache.wrap(text, px, bold, limit) == \
                        _wrapped_measuring_every_trial(font_cache, text, px, bold, limit), (text, px, bold, limit)
                    checked += 1
    assert checked > 5000


@pytest.mark.parametrize("script", SCRIPTS)
def test_names_in_any_script_are_drawn_by_a_font_that_has_them(canvas, script):
    text = SCRIPTS[script]
    found = fonts.font_for(text[0])
    if found is fonts.PRIMARY:
        if os.environ.get("MGN_REQUIRE_FONTS"):
            pytest.fail(f"no installed font draws {script}")
        pytest.skip(f"no installed font draws {script} here")
    pieces = fonts.runs(f"Ana {text}")
    assert pieces[0] == (fonts.PRIMARY, "Ana ")
    assert [path for path, _ in pieces[1:]] == [found] and all(fonts.covers(found, ch) for ch in text)
    line = canvas.render_text(f"Ana {text}", theme.FONT_BODY, theme.TEXT)
    assert line.get_height() <= canvas.font_px(theme.FONT_BODY) * 1.6  # colour emoji come scaled to the line


def test_a_right_to_left_phrase_stays_in_one_run_so_it_is_shaped_as_words(canvas):
    if fonts.font_for("م") is fonts.PRIMARY:
        pytest.skip("no installed font draws Arabic here")
    pieces = fonts.runs("مرحبا بكم Ana")
    assert pieces[0][1] == "مرحبا بكم" and pieces[-1] == (fonts.PRIMARY, " Ana")


def test_new_settings_round_trip_and_a_bad_text_size_is_reported(user_dir):
    chosen = Settings(text_size=150, reduced_motion=True, bot_pace="slow",
                      games={"flick_style": "one-button", "freeze_window": "relaxed"})
    settings_store.save(chosen)
    WRITER.flush()
    loaded, problem = settings_store.load()
    assert loaded == chosen and problem is None
    assert loaded.text_scale == 1.5 and loaded.bot_delay > 1 and loaded.choice("freeze_window") == "relaxed"
    written = json.loads((user_dir / settings_store.FILE_NAME).read_text())
    assert written["flick_style"] == "one-button", "a game's own setting keeps its name in the file"
    (user_dir / settings_store.FILE_NAME).write_text('{"freeze_window": "forever"}')
    with pytest.raises(CorruptFile, match="freeze_window"):
        read_json(user_dir / settings_store.FILE_NAME, Settings.from_json)
    (user_dir / settings_store.FILE_NAME).write_text('{"text_size": 130}')
    with pytest.raises(CorruptFile, match="text_size"):
        read_json(user_dir / settings_store.FILE_NAME, Settings.from_json)


def test_the_text_size_setting_reaches_the_canvas(app):
    app.settings.text_size = 125
    app.apply_settings()
    assert app.canvas.text_scale == 1.25


def test_the_layout_audit_finds_text_on_a_die_unless_a_dark_plate_hides_that_part_of_it(canvas):
    def on_a_die() -> None:
        canvas.obstacle((200, 200, 50, 50), "a die")
        canvas.text("Over the die", theme.FONT_BODY, theme.TEXT, (180, 210))

    assert "touches a die" in "\n".join(canvas.audit_frame(on_a_die).problems())

    def on_a_plate() -> None:
        canvas.obstacle((200, 200, 50, 50), "a die")
        canvas.shade((150, 180, 300, 50), 200)  # covers the die's upper part
        canvas.text("On the plate", theme.FONT_BODY, theme.TEXT, (180, 190))

    assert canvas.audit_frame(on_a_plate).problems() == []

    def below_the_plate() -> None:
        canvas.obstacle((200, 200, 50, 50), "a die")
        canvas.shade((150, 180, 300, 40), 200)
        canvas.text("Under the plate", theme.FONT_BODY, theme.TEXT, (180, 228))  # on the die's part still in sight

    assert "touches a die" in "\n".join(canvas.audit_frame(below_the_plate).problems())


def test_a_fading_wash_keeps_no_layer_whatever_its_strength(canvas):
    canvas.clear((0, 0, 0))
    before = len(canvas._layers)
    for alpha in range(0, 256, 5):
        canvas.wash((0, 0, 1280, 720), (200, 100, 0), alpha)
    assert len(canvas._layers) == before, "a full-screen layer would push the table's own out of the cache"
    canvas.clear((0, 0, 0))
    canvas.wash((0, 0, 1280, 720), (200, 100, 0), 128)
    r, g, b, *_ = canvas.surface.get_at(canvas.px(640, 360))
    assert 95 <= r <= 105 and 45 <= g <= 55 and b == 0, "blended by half"


def test_the_settings_screen_readies_the_glyphs_of_the_next_text_size(app, monkeypatch):
    from game.scenes.settings import SettingsScene
    from game.scenes.title import TitleScene

    warmed = []
    real = app.canvas.warm_text_scales
    monkeypatch.setattr(app.canvas, "warm_text_scales", lambda scales: warmed.append((scales, real(scales))))
    app.scenes.push(TitleScene(app))
    app.scenes.push(SettingsScene(app))
    for _ in range(3):
        app.step(1 / 60, [])
    assert [scales for scales, _ in warmed] == [[1.25]], "once drawn, warmed for the size its key steps to"
    warmed[0][1].result(timeout=30)
    made_ready = {(fonts.PRIMARY, px, bold) for px, bold in app.canvas._warmed[1.25]}
    assert len(made_ready) <= 24, "only the sizes the screen's labels will take are made ready, not every step"
    app.canvas._fonts.get(fonts.PRIMARY, 61, False)  # a size only the old text size used
    ready = set(app.canvas._fonts._fonts)
    press_t = pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_t, "mod": 0, "unicode": "t", "scancode": 0})
    app.step(1 / 60, [press_t])
    assert app.settings.text_size == 125
    held = set(app.canvas._fonts._fonts)
    new = held - ready
    assert len(new) <= 1, f"the frame after the change loads glyphs for {sorted(new, key=str)}"
    assert held - new <= made_ready, "the old size's fonts that the new one does not use are let go"


def test_fonts_not_asked_for_since_the_last_change_of_size_are_let_go(app):
    cache = fonts.FontCache()
    small, large = cache.get(fonts.PRIMARY, 20, False), cache.get(fonts.PRIMARY, 40, True)
    cache.trim()  # both were asked for: both stay
    assert cache.get(fonts.PRIMARY, 20, False) is small
    cache.trim()  # only the small one was asked for since
    assert cache.get(fonts.PRIMARY, 20, False) is small and cache.get(fonts.PRIMARY, 40, True) is not large


def test_the_typeface_s_bold_and_regular_lines_are_equally_tall_so_one_measure_serves_both(app):
    for px in range(8, 160):
        regular = pygame.font.Font(fonts.typeface(False), px)
        bold = pygame.font.Font(fonts.typeface(True), px)
        assert regular.get_height() == bold.get_height(), f"at {px} px"
