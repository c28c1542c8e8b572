"""Fonts for text in any script: the game's font first, then installed fonts that have the glyph.

A player's name may be in any script or hold emoji. Text is split into runs
that one font can draw; a character the game's font lacks is looked up in
the system's fonts (the ones most likely to cover many scripts first), and
the answer is remembered. Right-to-left runs (Arabic, Hebrew) are shaped
right to left. A character no installed font covers is drawn by the game's
font (a box), as little can be done about it.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame
import pygame.freetype

# Families that cover many scripts, tried before any other installed font.
PREFERRED = (
    "notosans", "notosanscjksc", "notosanscjk", "notosanscjkjp", "notosansarabic", "notosanshebrew",
    "notosansdevanagari", "notosansthai", "notoemoji", "notocoloremoji", "notosanssymbols", "notosanssymbols2",
    "dejavusans", "freesans", "droidsansfallback", "droidsansfallbackfull", "wenquanyizenhei", "wenquanyimicrohei",
    "arialunicodems", "segoeui", "segoeuisymbol", "segoeuiemoji", "microsoftyahei", "msgothic", "malgungothic",
    "applesdgothicneo", "hiraginosans", "pingfangsc", "applecoloremoji", "symbola", "unifont",
)
MAX_SCANNED = 80  # fonts opened while looking for a glyph, at most
PRIMARY = None  # pygame's own font


def _covers(path: str | None, char: str) -> bool:
    for _ in range(2):
        font = _face(path)
        try:
            return font is not None and font.get_metrics(char)[0] is not None
        except pygame.error:  # freetype was restarted (pygame.quit then init): open the face again
            _faces.clear()
    return False


_faces: dict = {}


def _face(path: str | None):
    """A freetype face used only to ask which glyphs a font has (kept while freetype stays up)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
        _faces.clear()
    if path not in _faces:
        try:
            _faces[path] = pygame.freetype.Font(path, 16)
        except (OSError, pygame.error):
            _faces[path] = None
    return _faces[path]


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
    """The font file that draws `char`: None for the game's own font."""
    if ord(char) < 0x250 or _covers(PRIMARY, char):
        return PRIMARY
    for path in _candidates():
        if _covers(path, char):
            return path
    return PRIMARY


def is_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in text)


def runs(text: str) -> list[tuple[str | None, str]]:
    """(font file, text) pieces, in order, each drawable by one font."""
    if text.isascii():
        return [(PRIMARY, text)]
    pieces: list[tuple[str | None, str]] = []
    for ch in text:
        # spaces and marks stay with the run they are in
        path = pieces[-1][0] if pieces and (ch == " " or unicodedata.category(ch).startswith("M")) else font_for(ch)
        if pieces and pieces[-1][0] == path:
            pieces[-1] = (path, pieces[-1][1] + ch)
        else:
            pieces.append((path, ch))
    return pieces


class FontCache:
    """pygame fonts by (file, pixel size, bold)."""

    def __init__(self):
        self._fonts: dict[tuple, pygame.font.Font] = {}

    def get(self, path: str | None, px: int, bold: bool) -> pygame.font.Font:
        key = (path, px, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(path, px)
            font.set_bold(bold)
            self._fonts[key] = font
        return font

    def width(self, text: str, px: int, bold: bool) -> int:
        """Pixel width of one line, measured without drawing it."""
        return sum(self.get(path, px, bold).size(piece)[0] for path, piece in runs(text))

    def render(self, text: str, px: int, color, bold: bool) -> pygame.Surface:
        """One line of text, any scripts mixed; never fails on text that draws as nothing."""
        pieces = []
        for path, piece in runs(text):
            font = self.get(path, px, bold)
            rtl = is_rtl(piece)
            if rtl:
                font.set_direction(pygame.DIRECTION_RTL)
            try:
                pieces.append(font.render(piece, True, color))
            except pygame.error:  # nothing visible ("Text has zero width")
                pass
            finally:
                if rtl:
                    font.set_direction(pygame.DIRECTION_LTR)
        height = max([p.get_height() for p in pieces] + [self.get(PRIMARY, px, bold).get_height()])
        if len(pieces) == 1 and pieces[0].get_height() == height:
            return pieces[0]
        surface = pygame.Surface((max(1, sum(p.get_width() for p in pieces)), height), pygame.SRCALPHA)
        x = 0
        for p in pieces:
            surface.blit(p, (x, (height - p.get_height()) // 2))
            x += p.get_width()
        return surface
