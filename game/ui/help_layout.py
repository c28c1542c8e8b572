"""Where a how-to page's text and pictures go, at any text size, without clipping or overlap.

Arrangements tried: pictures in a column on the right with the text flowing beside it (and under
it, full width, once the column ends), or pictures in one or two rows under the text. For each, the
largest picture size that still fits the page's body is found; the arrangement with the larger
pictures wins. Captions sit under their picture. Computed once per page and text size.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cache

from game.paths import asset_path
from game.registry import GAMES
from game.ui import theme

TEXT_SIZE = theme.FONT_BODY
CAPTION_SIZE = theme.FONT_SMALL
GAP = 24  # between the text and the pictures, and between pictures
CAPTION_GAP = 6  # between a picture and its caption
CAPTION_WIDTH = 220  # a picture's caption gets at least this width (or its share of the page)
COLUMN = (260, 440)  # narrowest and widest picture column beside the text
TALLEST = 250  # a picture is never drawn taller than this (logical px)
SMALLEST = 24  # below this a picture is no longer worth drawing smaller; the layout search stops there


@dataclass
class PageLayout:
    lines: list[tuple[str, float, float]] = field(default_factory=list)  # text lines: (line, x, y)
    pictures: list[tuple[str, tuple[float, float, float, float]]] = field(default_factory=list)  # (asset, rect)
    captions: list[tuple[str, float, float]] = field(default_factory=list)  # caption lines: (line, centre x, y)
    bottom: float = 0.0  # the lowest point drawn

    @property
    def picture_area(self) -> float:
        return sum(w * h for _, (_, _, w, h) in self.pictures)


def read_shapes() -> None:
    """Every game's help pictures' shapes, read ahead (``game.warm_up``): kept by ``aspect``."""
    for info in GAMES.values():
        for page in info.help_pages:
            for name, _ in page.pictures:
                aspect(name)


@cache
def aspect(name: str) -> float:
    """Width over height of an SVG asset, from its viewBox."""
    source = asset_path(name).read_text(encoding="utf-8")
    _, _, w, h = (float(v) for v in re.search(r'viewBox="([^"]+)"', source).group(1).split())
    return w / h


def lay_out(canvas, page, body) -> PageLayout:
    """The page laid out inside `body` (x, y, w, h): the arrangement giving the largest pictures that fit."""
    if not page.pictures:
        layout = PageLayout()
        layout.bottom = _flow(canvas, page.text, body[0], body[1], body[2], body[2], body[1], layout)
        return layout
    best = None
    arrangements = (_beside, _below, _in_two_rows) if len(page.pictures) > 1 else (_beside, _below)
    for arrange in arrangements:
        layout = _largest(lambda h, arrange=arrange: arrange(canvas, page, body, h), body)
        if best is None or layout.picture_area > best.picture_area + 1:
            best = layout
    return best


def _largest(build, body) -> PageLayout:
    """The layout with the tallest pictures that fits the body's height (a binary search on the height)."""
    bottom = body[1] + body[3]
    low, high = SMALLEST, TALLEST
    best = build(low)
    if best.bottom > bottom:
        return best  # does not fit even with small pictures; the tests keep every shipped page from this
    while high - low > 2:
        mid = (low + high) / 2
        trial = build(mid)
        if trial.bottom <= bottom:
            low, best = mid, trial
        else:
            high = mid
    return best


def _beside(canvas, page, body, tallest: float) -> PageLayout:
    """Pictures in a column on the right; the text flows beside it and, below it, across the page."""
    x, y, w, _ = body
    column = min(COLUMN[1], max(COLUMN[0], max(tallest * aspect(name) for name, _ in page.pictures)))
    layout = PageLayout()
    left = x + w - column
    top = y
    for name, caption in page.pictures:
        pw = min(column, tallest * aspect(name))
        ph = pw / aspect(name)
        layout.pictures.append((name, (left + (column - pw) / 2, top, pw, ph)))
        top = _caption(canvas, caption, left + column / 2, top + ph + CAPTION_GAP, column, layout) + GAP
    column_bottom = top - GAP
    text_bottom = _flow(canvas, page.text, x, y, w - column - GAP, w, column_bottom, layout)
    layout.bottom = max(column_bottom, text_bottom)
    return layout


def _below(canvas, page, body, tallest: float, rows: int = 1) -> PageLayout:
    """The text across the page, then the pictures under it in `rows` rows; in a row all are as tall (a wide
    picture gets a wide slot) and centred as a group."""
    x, y, w, _ = body
    layout = PageLayout()
    top = _flow(canvas, page.text, x, y, w, w, y, layout) + GAP / 2
    per_row = math.ceil(len(page.pictures) / rows)
    for first in range(0, len(page.pictures), per_row):
        top = _row(canvas, page.pictures[first:first + per_row], x, top, w, tallest, layout) + GAP / 2
    layout.bottom = top - GAP / 2
    return layout


def _in_two_rows(canvas, page, body, tallest: float) -> PageLayout:
    return _below(canvas, page, body, tallest, rows=2)


def _row(canvas, pictures, x: float, top: float, w: float, tallest: float, layout: PageLayout) -> float:
    """One row of pictures with their captions from `top`; returns the y under it (infinite if too wide)."""
    n = len(pictures)
    widths = [min(w, tallest * aspect(name)) for name, _ in pictures]
    sizes = [(pw, pw / aspect(name)) for pw, (name, _) in zip(widths, pictures)]
    slots = [max(pw, min(CAPTION_WIDTH, (w - GAP * (n - 1)) / n)) for pw, _ in sizes]
    spare = w - sum(slots)
    if spare < GAP * (n - 1):
        return float("inf")  # too wide: smaller pictures
    gap = min(spare / (n - 1), 2 * GAP) if n > 1 else 0  # spread a little, then centred as a group
    left = x + (spare - gap * (n - 1)) / 2
    row = max(ph for _, ph in sizes)
    bottom = top
    for (name, caption), (pw, ph), slot in zip(pictures, sizes, slots):
        centre = left + slot / 2
        layout.pictures.append((name, (centre - pw / 2, top + row - ph, pw, ph)))  # standing on one line
        bottom = max(bottom, _caption(canvas, caption, centre, top + row + CAPTION_GAP, slot, layout))
        left += slot + gap
    return bottom


def _caption(canvas, caption: str, centre: float, top: float, width: float, layout: PageLayout) -> float:
    step = canvas.line_height(CAPTION_SIZE)
    for line in canvas.wrap(caption, CAPTION_SIZE, width):
        layout.captions.append((line, centre, top))
        top += step
    return top


def _flow(canvas, paragraphs, x, y, narrow: float, wide: float, narrow_until: float, layout: PageLayout) -> float:
    """Wrap the paragraphs from y: `narrow` wide while a line starts above `narrow_until`, then `wide`.
    Returns the y under the last line."""
    step = canvas.line_height(TEXT_SIZE)
    for paragraph in paragraphs:
        words = paragraph
        while words:
            width = narrow if y < narrow_until else wide
            lines = canvas.wrap(words, TEXT_SIZE, width)
            if width == wide:
                taken = lines
            else:  # narrow lines until the column ends; the rest is wrapped again, wide
                room = max(1, math.ceil((narrow_until - y) / step))
                taken = lines[:room]
            for line in taken:
                layout.lines.append((line, x, y))
                y += step
            words = " ".join(words.split()[sum(len(line.split()) for line in taken):])
        y += step * 0.4
    return y - step * 0.4 if paragraphs else y
