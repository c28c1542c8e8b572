"""Fonts for text in any script: the game's own typeface first, then installed fonts that have the glyph.

The game's typeface is Atkinson Hyperlegible (bundled in ``assets/fonts`` with
its licence), drawn for readers with low vision: letters that are hard to
confuse read well from a sofa. A player's name may be in any script or hold
emoji, which it lacks. Text is split into runs that one font can draw; a
character the game's font lacks is looked up in the system's fonts (the ones
most likely to cover many scripts first), and the answer is remembered.
Right-to-left runs (Arabic, Hebrew) are shaped right to left; colour emoji,
which come in one large size, are scaled to the line. A character no
installed font covers is drawn by the game's font (a box), as little can be
done about it.
"""

from __future__ import annotations

import string
import unicodedata
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache

import pygame
import pygame.freetype

from game.core.steps import FRAMES
from game.paths import asset_path

# Families that cover many scripts, tried before any other installed font.
PREFERRED = (
    "notosans", "notosanscjksc", "notosanscjk", "notosanscjkjp", "notosansarabic", "notosanshebrew",
    "notosansdevanagari", "notosansthai", "notoemoji", "notocoloremoji", "notosanssymbols", "notosanssymbols2",
    "dejavusans", "freesans", "droidsansfallback", "droidsansfallbackfull", "wenquanyizenhei", "wenquanyimicrohei",
    "arialunicodems", "segoeui", "segoeuisymbol", "segoeuiemoji", "microsoftyahei", "msgothic", "malgungothic",
    "applesdgothicneo", "hiraginosans", "pingfangsc", "applecoloremoji", "symbola", "unifont",
)
MAX_SCANNED = 80  # fonts opened while looking for a glyph, at most
PRIMARY = None  # the game's own typeface (the bundled files below)
TYPEFACE = {False: "AtkinsonHyperlegible-Regular.ttf", True: "AtkinsonHyperlegible-Bold.ttf"}
PROBE_PX = 16  # size at which fonts are asked whether they have a glyph
WARM_TEXT = string.ascii_letters + string.digits + string.punctuation + " …·—’"  # what menus are written with
WORDS_KEPT = 8192  # word widths remembered for wrapping (a few hundred KB at most)
WARM_CHUNK = 12  # characters a call when warming: the worker holds the interpreter this long (~0.5 ms) at a time
SCRIPTS = {"ARABIC": "Arab", "HEBREW": "Hebr", "SYRIAC": "Syrc", "THAANA": "Thaa", "NKO": "Nkoo"}


def typeface(bold: bool = False) -> str:
    """The bundled font file of the game's typeface."""
    return str(asset_path("fonts", TYPEFACE[bold]))


_probes: dict = {}


def _probe(path: str | None):
    """(freetype face, size) used only to ask which glyphs a font has; None when it cannot be opened.

    A colour emoji font has one fixed size, so it is asked at that size."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
        _probes.clear()
    if path not in _probes:
        try:
            face = pygame.freetype.Font(path or typeface())
            size = PROBE_PX if face.scalable else face.get_sizes()[0][0]
            _probes[path] = (face, size)
        except (OSError, IndexError, pygame.error):
            _probes[path] = None
    return _probes[path]


def covers(path: str | None, char: str) -> bool:
    for _ in range(2):
        probe = _probe(path)
        if probe is None:
            return False
        try:
            return probe[0].get_metrics(char, size=probe[1])[0] is not None
        except pygame.error:  # freetype was restarted (pygame.quit then init): open the face again
            _probes.clear()
    return False


@lru_cache(maxsize=1)
def _candidates() -> tuple[str, ...]:
    """Installed font files, the wide-coverage families first."""
    try:
        names = pygame.font.get_fonts()
    except pygame.error:
        return ()
    ordered = [n for n in PREFERRED if n in names] + sorted(n for n in names if n not in PREFERRED)
    paths = []
    for name in ordered[:MAX_SCANNED]:
        path = pygame.font.match_font(name)
        if path and path not in paths:
            paths.append(path)
    return tuple(paths)


@lru_cache(maxsize=4096)
def font_for(char: str) -> str | None:
    """The font file that draws `char`: None for the game's own typeface."""
    if char.isascii() or covers(PRIMARY, char):
        return PRIMARY
    for path in _candidates():
        if covers(path, char):
            return path
    return PRIMARY


def _joins(char: str) -> bool:
    """Combining marks, joiners, variation selectors and skin tones stay with the run they follow."""
    return unicodedata.category(char) in ("Mn", "Me", "Mc", "Cf", "Sk")


def is_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def script_of(text: str) -> str | None:
    """The ISO 15924 code of a right-to-left run, for shaping (None: let the font decide)."""
    for ch in text:
        if unicodedata.bidirectional(ch) in ("R", "AL"):
            word = unicodedata.name(ch, "").split(" ")[0]
            return SCRIPTS.get(word)
    return None


def runs(text: str) -> list[tuple[str | None, str]]:
    """(font file, text) pieces, in order, each drawable by one font.

    A run stays in its font while that font covers the next letter, so a word of Arabic is shaped by
    one font; text the game's typeface can draw always goes back to it.
    """
    if text.isascii():
        return [(PRIMARY, text)]
    pieces: list[tuple[str | None, str]] = []
    for ch in text:
        wanted = font_for(ch)
        if pieces:
            path, run = pieces[-1]
            if ch == " ":  # a space belongs to the game's typeface, or inside a right-to-left phrase
                stays = path is PRIMARY or is_rtl(run)
            else:
                stays = _joins(ch) or wanted == path or (wanted is not PRIMARY and covers(path, ch))
            if stays:
                pieces[-1] = (path, run + ch)
                continue
        pieces.append((wanted if ch != " " else PRIMARY, ch))
    return _spaces_after_rtl(pieces)


def _spaces_after_rtl(pieces: list[tuple[str | None, str]]) -> list[tuple[str | None, str]]:
    """A space that ends a right-to-left phrase separates it from what follows (drawn after it, not inside)."""
    out: list[tuple[str | None, str]] = []
    for path, run in pieces:
        if out and out[-1][0] is not PRIMARY and is_rtl(out[-1][1]) and out[-1][1].endswith(" "):
            prev_path, prev = out[-1]
            trimmed = prev.rstrip(" ")
            out[-1] = (prev_path, trimmed)
            run = " " * (len(prev) - len(trimmed)) + run if path is PRIMARY else run
        out.append((path, run))
    return out


class FontCache:
    """pygame fonts by (file, pixel size, bold)."""

    def __init__(self):
        self._fonts: dict[tuple, pygame.font.Font] = {}
        self._used: set[tuple] = set()  # fonts asked for since the last ``trim``
        self._heights: dict[int, int] = {}  # pixel size -> line height (a few dozen numbers, kept for good)
        self._words: dict[tuple[str, int, bool], int] = {}  # (word, pixel size, bold) -> width, for wrapping
        self._warmer: ThreadPoolExecutor | None = None

    def close(self) -> None:
        """Wait for glyphs being loaded, drop what is still to load (the game is closing)."""
        if self._warmer is not None:
            self._warmer.shutdown(wait=True, cancel_futures=True)
            self._warmer = None

    def trim(self) -> None:
        """Let go of the fonts not asked for since the last trim (the text size or the window's scale changed:
        a font and its glyphs take about 90 KB, and every size ever used would otherwise stay)."""
        fonts = list(self._fonts.items())  # one copy: the warming thread may add a font meanwhile
        self._fonts = {key: font for key, font in fonts if key in self._used}
        self._used = set()

    def keep_only(self, sizes: set[tuple[int, bool]]) -> None:
        """Let go of every font but the game's typeface at these (pixel size, bold): the text size changed, and
        these were made ready for it (the rest are opened again if asked for)."""
        fonts = list(self._fonts.items())
        self._fonts = {key: font for key, font in fonts if key[0] is PRIMARY and key[1:] in sizes}
        self._used = set(self._fonts)

    def warm(self, sizes: set[tuple[int, bool]]) -> Future | None:
        """Load the glyphs of the game's typeface at these (pixel size, bold) on a worker thread, ahead of need:
        the first line drawn at a new size loads a glyph at a time (a millisecond a label), which made the frame
        after a text size change a long one. pygame holds the interpreter while it loads, so the worker does it
        a few characters at a time (and opens the fonts too), each between frames if it can (``FRAMES.give_way``):
        taking turns with a frame being drawn made it half as fast (17-26 ms frames after a text size change)."""
        new = [(px, bold) for px, bold in sorted(sizes) if (PRIMARY, px, bold) not in self._fonts]
        if new:
            if self._warmer is None:
                self._warmer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fonts")
            return self._warmer.submit(self._load_glyphs, new)
        return None

    def _load_glyphs(self, sizes: list[tuple[int, bool]]) -> None:
        for px, bold in sizes:
            FRAMES.give_way()
            font = self.get(PRIMARY, px, bold)
            for start in range(0, len(WARM_TEXT), WARM_CHUNK):
                FRAMES.give_way()
                font.size(WARM_TEXT[start:start + WARM_CHUNK])  # the glyphs' measures (their pixels come when drawn)

    def get(self, path: str | None, px: int, bold: bool) -> pygame.font.Font:
        key = (path, px, bold)
        self._used.add(key)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(path or typeface(bold), px)
            if path is not PRIMARY:
                font.set_bold(bold)  # a fallback font's own bold face is unknown: let the renderer embolden
            self._fonts[key] = font
        return font

    def line_height(self, px: int) -> int:
        """The height of a line at `px`: the typeface's bold and regular share it (tested), so measuring never
        opens a font that no text is drawn in."""
        height = self._heights.get(px)
        if height is None:
            font = self._fonts.get((PRIMARY, px, True)) or self.get(PRIMARY, px, False)
            height = self._heights[px] = font.get_height()
        return height

    def width(self, text: str, px: int, bold: bool) -> int:
        """Pixel width of one line, measured without drawing it."""
        return sum(self._piece(path, piece, px, bold)[1] for path, piece in runs(text))

    def wrap(self, text: str, px: int, bold: bool, limit: float) -> list[str]:
        """The text broken into lines at most `limit` pixels wide (a word longer than that gets a line of its own).

        Measuring each trial line whole made wrapping a help page's text a few thousand measures (13 ms of a first
        frame at 1920x1080). Plain text is measured a word at a time instead, a line's width estimated as its
        words' and spaces' sum; where that estimate is too near the limit to decide (rounding and kerning make it
        a pixel off per word or so), the line is measured whole. The lines are those measuring every trial gives.
        """
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line, line_px, words = "", 0.0, 0
            for word in paragraph.split(" "):
                if not word:
                    continue
                word_px = self._word_width(word, px, bold)
                if not line:
                    line, line_px, words = word, word_px, 1
                    continue
                trial = f"{line} {word}"
                estimate = line_px + self._word_width(" ", px, bold) + word_px
                trial_px = self._trial_width(trial, estimate, px, bold, limit, words)
                if trial_px > limit:
                    lines.append(line)
                    line, line_px, words = word, word_px, 1
                else:
                    line, line_px, words = trial, trial_px, words + 1
            lines.append(line)
        return lines

    def _trial_width(self, trial: str, estimate: float, px: int, bold: bool, limit: float, words: int) -> float:
        """A trial line's width: its words' estimate where that is far enough from the limit to decide."""
        if trial.isascii() and abs(estimate - limit) > px // 8 + 2 + words:
            return estimate
        return self.width(trial, px, bold)

    def _word_width(self, word: str, px: int, bold: bool) -> int:
        """A word's width, remembered: wrapping the same text at other widths measures it again."""
        key = (word, px, bold)
        width = self._words.get(key)
        if width is None:
            if len(self._words) > WORDS_KEPT:
                self._words.clear()
            width = self._words[key] = self.width(word, px, bold)
        return width

    def _piece(self, path, piece: str, px: int, bold: bool) -> tuple[pygame.font.Font, int]:
        font = self.get(path, px, bold)
        w, h = font.size(piece)
        limit = self.line_height(px)
        if h > limit * 1.3:  # a colour emoji font of one large size: drawn scaled to the line
            w = round(w * limit / h)
        return font, w

    def render(self, text: str, px: int, color, bold: bool) -> pygame.Surface:
        """One line of text, any scripts mixed; never fails on text that draws as nothing."""
        limit = self.line_height(px)
        pieces = []
        for path, piece in runs(text):
            font = self.get(path, px, bold)
            rtl = is_rtl(piece)
            if rtl:
                font.set_direction(pygame.DIRECTION_RTL)
                script = script_of(piece)
                if script:
                    font.set_script(script)
            try:
                surf = font.render(piece, True, color)
            except pygame.error:  # nothing visible ("Text has zero width")
                continue
            finally:
                if rtl:
                    font.set_direction(pygame.DIRECTION_LTR)
                    font.set_script("Zyyy")
            if surf.get_height() > limit * 1.3:
                surf = pygame.transform.smoothscale_by(surf, limit / surf.get_height())
            pieces.append(surf)
        height = max([p.get_height() for p in pieces] + [limit])
        if len(pieces) == 1 and pieces[0].get_height() == height:
            return pieces[0]
        surface = pygame.Surface((max(1, sum(p.get_width() for p in pieces)), height), pygame.SRCALPHA)
        x = 0
        for p in pieces:
            surface.blit(p, (x, (height - p.get_height()) // 2))
            x += p.get_width()
        return surface

