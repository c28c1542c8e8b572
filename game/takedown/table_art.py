"""How the Takedown table looks: a board with grain, lamp light and a rim; targets as cardboard pieces with
depth; a landing pad at every Base. All procedural, and all drawn into cached layers (the board once per game
and window size, a target once per picture and pieces left), so a frame only blits them."""

from __future__ import annotations

import functools
import math
import random

import pygame

from game.core.steps import Steps, finish
from game.ui import theme

PIECE_COLOR = {"outer": (232, 220, 190), "middle": (214, 196, 160), "center": (196, 172, 130)}
PIECE_EDGE = (120, 100, 70)
TOP_DARK, TOP_LIGHT = (30, 46, 57), (42, 63, 77)  # the board's mottling, either side of the old flat slate
RIM, RIM_LIGHT, RIM_DARK = theme.FELT_EDGE, (166, 110, 76), (52, 30, 22)  # wood, as the dice games' trays
RIM_W = 7  # logical px of rim round the board
CORNER = 6
GRAIN_SEED = 24  # the same grain every time (a fixed board, not a new one each game)
LIGHT_FALLOFF = 0.3  # how much darker the corners are than the lamp's spot
WALL, WALL_LIGHT = (150, 160, 182), (206, 214, 230)
THICKNESS = 2.5  # logical px of cardboard edge shown under a piece
SHADOW_OFFSET, SHADOW_BLUR = (3, 5), 4  # a standing thing's shadow: lamp above and a little to the upper left
SHADOW_REACH = SHADOW_OFFSET[1] + 2 * SHADOW_BLUR + 1  # how far past a thing its shadow can show (logical px)
PAD_GAP = 11  # logical px from a saucer's edge to its Base pad's ring
DASHES, DASH_W = 18, 2.5  # the dashed circle round a Base pad: how many dashes, how thick (logical px)


def shade(color, k: float) -> tuple[int, int, int]:
    """A colour lighter (k > 1) or darker (k < 1), clamped."""
    return tuple(max(0, min(255, round(v * k))) for v in color)  # type: ignore[return-value]


def mix(a, b, k: float) -> tuple[int, int, int]:
    """`a` moved towards `b` by k (0 to 1)."""
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))  # type: ignore[return-value]


# ----- the board ---------------------------------------------------------------
def draw_board(canvas, rect) -> None:
    """The wooden rim, then the lit and grained board top inside it."""
    _rim(canvas, rect)
    area = canvas.prect(rect)
    canvas.surface.blit(board_top(canvas, area.size, canvas.size(CORNER)), area)


def _rim(canvas, rect) -> None:
    """A raised wooden frame: lit along its top edge, in shadow along its bottom one."""
    x, y, w, h = rect
    frame = (x - RIM_W, y - RIM_W, w + 2 * RIM_W, h + 2 * RIM_W)
    canvas.rect((8, 6, 12), (frame[0] + 2, frame[1] + 3, frame[2], frame[3]), radius=CORNER + RIM_W)
    canvas.rect(RIM_LIGHT, (frame[0], frame[1] - 1, frame[2], frame[3]), radius=CORNER + RIM_W)
    canvas.rect(RIM_DARK, (frame[0], frame[1] + 1.5, frame[2], frame[3]), radius=CORNER + RIM_W)
    canvas.rect(RIM, (frame[0] + 0.5, frame[1] + 0.5, frame[2] - 1, frame[3] - 1), radius=CORNER + RIM_W)
    canvas.rect(RIM_DARK, (x - 2, y - 2, w + 4, h + 4), width=2, radius=CORNER + 2)


def board_key(size: tuple[int, int], corner: int) -> tuple:
    """The board top's name among the canvas's pictures (kept with them, and let go like them once other screens'
    pictures need the room: 5 MB at 1920x1080)."""
    return "takedown board", size, corner


def board_top(canvas, size: tuple[int, int], corner: int) -> pygame.Surface:
    """The board top at a window's pixel size (made once while kept, then only blitted)."""
    made = canvas.picture(board_key(size, corner))
    return made if made is not None else finish(board_top_steps(canvas, size, corner))


def board_top_steps(canvas, size: tuple[int, int], corner: int) -> Steps[pygame.Surface]:
    """The board top made a stage at a time (about 10-17 ms in all at 1920x1080): mottled, grained, lit from above
    its middle, shaded under the rim. The soft light and mottling are made at an eighth of the size, the grain at
    half (each grain in a square of 2x2 pixels, so it reads on a big screen)."""
    made = canvas.picture(board_key(size, corner))
    if made is not None:
        return made
    half = (max(1, size[0] // 2), max(1, size[1] // 2))
    smooth = (max(1, size[0] // 8), max(1, size[1] // 8))
    lit = _mottled(smooth)
    lit.blit(_lamp(smooth), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    top = pygame.transform.smoothscale(lit, half)
    yield
    top.blit(_grain(half), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    yield
    top = top.convert_alpha()  # given its see-through corners' alpha at half the size
    yield
    whole = pygame.Surface(size, pygame.SRCALPHA, top)
    yield from _scaled_in_bands(top, whole)
    _under_rim(whole)
    _round_corners(whole, corner)
    canvas.keep_picture(board_key(size, corner), whole)
    return whole


def _scaled_in_bands(source: pygame.Surface, target: pygame.Surface, bands: int = 4) -> Steps[None]:
    """`source` blown up (nearest pixel) to fill `target`, a band of rows at a time: all at once was one step of
    6-12 ms at 1920x1080 here."""
    (sw, sh), (tw, th) = source.get_size(), target.get_size()
    for band in range(bands):
        top, bottom = th * band // bands, th * (band + 1) // bands
        first, last = top * sh // th, max(top * sh // th + 1, bottom * sh // th)
        rows = source.subsurface((0, first, sw, last - first))
        pygame.transform.scale(rows, (tw, bottom - top), target.subsurface((0, top, tw, bottom - top)))
        yield


def prepare_board(canvas, rect) -> Steps[None]:
    """The board for `rect` at this window's size, made ahead (by the setup screen) so the table's first frame
    only blits it."""
    yield from board_top_steps(canvas, canvas.prect(rect).size, canvas.size(CORNER))


def _noise(size: tuple[int, int], palette: list, rng: random.Random) -> pygame.Surface:
    """Random pixels coloured through a 256-entry palette (no per-pixel Python: one buffer of random bytes)."""
    surf = pygame.image.frombuffer(rng.randbytes(size[0] * size[1]), size, "P")
    surf.set_palette(palette)
    return surf.convert()


def _mottled(size: tuple[int, int]) -> pygame.Surface:
    """Two soft scales of cloudy variation between the board's dark and light tones (noise blown up smooth)."""
    rng = random.Random(GRAIN_SEED)
    ramp = [mix(TOP_DARK, TOP_LIGHT, 0.25 + 0.5 * i / 255) for i in range(256)]
    coarse = pygame.transform.smoothscale(_noise((12, 8), ramp, rng), size)
    fine = pygame.transform.smoothscale(_noise((60, 40), ramp, rng), size)
    fine.set_alpha(110)
    coarse.blit(fine, (0, 0))
    return coarse


def _grain(size: tuple[int, int]) -> pygame.Surface:
    """A fine paper-like grain: a multiply of 93-100% brightness per pixel."""
    greys = [(v, v, v) for v in (237 + i * 18 // 255 for i in range(256))]
    return _noise(size, greys, random.Random(GRAIN_SEED + 1))


def _lamp(size: tuple[int, int]) -> pygame.Surface:
    """Light from a lamp over the table: brightest a little above the middle, falling off to the corners."""
    cells = (32, 22)
    light = pygame.Surface(cells)
    for gx in range(cells[0]):
        for gy in range(cells[1]):
            dx, dy = (gx + 0.5) / cells[0] - 0.5, (gy + 0.5) / cells[1] - 0.42
            k = 1 - LIGHT_FALLOFF * min(1.0, (dx * dx + dy * dy) / 0.34)
            light.set_at((gx, gy), (round(255 * k),) * 3)
    return pygame.transform.smoothscale(light, size)


def _round_corners(top: pygame.Surface, corner: int) -> None:
    """Clear the board's corners outside a quarter circle of `corner` pixels, for the rim's rounded inside (a mask
    of the corners alone: one of the whole board was another 5 MB made and dropped at 1920x1080)."""
    w, h = top.get_size()
    c = min(corner, w // 2, h // 2)
    if c <= 0:
        return
    mask = pygame.Surface((2 * c, 2 * c), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=c)
    for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        top.blit(mask, (dx * (w - c), dy * (h - c)), (dx * c, dy * c, c, c), special_flags=pygame.BLEND_RGBA_MULT)


def _under_rim(top: pygame.Surface) -> None:
    """The rim's shadow on the board: a dark band along the edges, twice as deep along the top where the lamp throws
    it (darkened in place, strip by strip: only the edge pixels are touched)."""
    w, h = top.get_size()
    band = max(3, round(min(w, h) / 90))
    for i in range(2 * band):
        keep = 255 - round(130 * (1 - i / (2 * band)) ** 2)  # the top: darker than the band at every row, no seam
        top.fill((keep, keep, keep), (0, i, w, 1), special_flags=pygame.BLEND_RGB_MULT)
    for i in range(band):
        keep = 255 - round(110 * (1 - i / band) ** 2)
        for strip in ((i, 0, 1, h), (w - 1 - i, 0, 1, h), (0, h - 1 - i, w, 1)):  # corners darken twice, as they do
            top.fill((keep, keep, keep), strip, special_flags=pygame.BLEND_RGB_MULT)


def draw_wall(canvas, a, b, width: float) -> None:
    """A metal rail: its shadow on the board, the rail with rounded ends, a highlight along its lit side."""
    canvas.line((14, 20, 26), (a[0] + 2, a[1] + 3), (b[0] + 2, b[1] + 3), width)
    canvas.line(WALL, a, b, width)
    for end in (a, b):
        canvas.circle(WALL, end, width / 2)
    lift = width * 0.2
    canvas.line(WALL_LIGHT, (a[0] - lift, a[1] - lift), (b[0] - lift, b[1] - lift), max(1.0, width * 0.3))


# ----- the Bases -----------------------------------------------------------------
def draw_base(canvas, center, saucer_r: float, color, symbol: str) -> None:
    """A landing pad in the owner's colour, wider than the saucer so its rings show round a saucer at home, and
    with the owner's symbol in the middle, seen when the saucer is away."""
    pad = saucer_r + PAD_GAP
    see_through_disc(canvas, (*color, 64), center, pad)  # the board's grain shows through
    canvas.circle(shade(color, 0.4), center, pad + 1, 4.5)
    canvas.circle(color, center, pad, 3)
    canvas.circle(mix(color, TOP_DARK, 0.45), center, saucer_r - 2, 1.5)
    dashed_ring(canvas, color, center, pad + 6, DASHES)
    canvas.symbol(symbol, mix(color, TOP_DARK, 0.3), center, saucer_r * 0.42)


def dashed_ring(canvas, color, center, radius: float, dashes: int) -> None:
    """A landing zone's dashed circle: a smooth ring with `dashes` wedges cut out of it (as long as the dashes)."""
    outer = radius + DASH_W
    box = canvas.prect((center[0] - outer, center[1] - outer, 2 * outer, 2 * outer))
    ring = pygame.Surface(box.size, pygame.SRCALPHA)
    mx, my, reach = box.w / 2, box.h / 2, canvas.size(outer) * 1.5
    pygame.draw.aacircle(ring, color, (mx, my), canvas.size(radius + DASH_W / 2), canvas.size(DASH_W))
    for k in range(dashes):
        a, b = (k + 0.25) * math.tau / dashes, (k + 0.75) * math.tau / dashes
        wedge = [(mx, my), (mx + math.cos(a) * reach, my + math.sin(a) * reach),
                 (mx + math.cos(b) * reach, my + math.sin(b) * reach)]
        pygame.draw.polygon(ring, (0, 0, 0, 0), wedge)
    canvas.surface.blit(ring, box)


# ----- the targets ---------------------------------------------------------------
def draw_target(canvas, center, pieces: list[tuple[str, float]], icon: str) -> None:
    """A target's pieces still standing, largest first (`pieces`: name and radius in logical px): a soft shadow on
    the board, the cardboard's edge below, and on each piece a bevel (lit top left, dark bottom right) with a groove
    where it meets the next, so the pieces read as separate discs. The picture spans the pieces standing."""
    outer = pieces[0][1]
    shadow, *grooves = _target_discs(center, pieces)
    see_through_disc(canvas, *shadow)
    canvas.circle(shade(PIECE_COLOR[pieces[0][0]], 0.55), (center[0], center[1] + THICKNESS), outer)
    for k, (name, r) in enumerate(pieces):
        if k:
            see_through_disc(canvas, *grooves[k - 1])  # on the one below
        _bevelled(canvas, center, r, PIECE_COLOR[name])
    size = max(outer * 1.45, pieces[-1][1] * 1.7)
    canvas.image(f"takedown/icons/{icon}.svg", (center[0] - size / 2, center[1] - size / 2, size, size))


def _target_discs(center, pieces: list[tuple[str, float]]) -> list[tuple]:
    """The see-through discs a target is drawn with (``see_through_disc``'s arguments): its shadow on the board, then
    the groove under each piece above the largest."""
    shadow = ((0, 0, 0, 150), (center[0] + SHADOW_OFFSET[0], center[1] + SHADOW_OFFSET[1]), pieces[0][1], SHADOW_BLUR)
    return [shadow] + [((0, 0, 0, 110), (center[0] + 1, center[1] + 1.5), r + 0.5, 1.5) for _, r in pieces[1:]]


def prepare_target_discs(canvas, center, pieces: list[tuple[str, float]]) -> Steps[None]:
    """A target's blurred discs made ahead, one a step (the first target made them all in one step of 12 ms at
    1920x1080: each blur is 2-4 ms)."""
    for rgba, at, radius, blur in _target_discs(center, pieces):
        yield
        _soft_disc(rgba, _disc_box(canvas, at, radius, blur).size, canvas.size(radius), canvas.size(blur))


def _bevelled(canvas, center, r: float, color) -> None:
    """A disc with a lit upper-left edge, a shaded lower-right edge and a thin dark outline."""
    cx, cy = center
    canvas.circle(shade(color, 1.08), (cx - 0.8, cy - 0.8), r - 0.5)
    canvas.circle(shade(color, 0.78), (cx + 0.8, cy + 0.8), r - 0.5)
    canvas.circle(color, center, r - 1.8)
    canvas.circle(PIECE_EDGE, center, r, 1)


def cached_target(canvas, center, pieces: list[tuple[str, float]], icon: str, ahead: bool = False) -> None:
    """A target's sprite, cached per picture and pieces standing (the position comes from its rectangle); `ahead`:
    only made, for a table still to come."""
    rect, key = target_rect(center, pieces[0][1]), ("td-target", icon, tuple(pieces))
    (canvas.prepare_layer if ahead else canvas.cached)(key, rect, lambda c: draw_target(c, center, pieces, icon))


def target_rect(center, outer: float) -> tuple[float, float, float, float]:
    """Where a target of outer radius `outer` draws, its shadow included (its cached sprite's rectangle)."""
    reach = outer + SHADOW_REACH
    return center[0] - reach, center[1] - reach, 2 * reach, 2 * reach


def drop_shadow(canvas, center, radius: float) -> None:
    """The soft shadow a round thing standing on the board throws (a target, a bumper)."""
    shadow = (center[0] + SHADOW_OFFSET[0], center[1] + SHADOW_OFFSET[1])
    see_through_disc(canvas, (0, 0, 0, 150), shadow, radius, SHADOW_BLUR)


def see_through_disc(canvas, rgba, center, radius: float, blur: float = 0) -> None:
    """A disc blended over what is drawn (`rgba` with its alpha), its edge softened over `blur` logical px."""
    box = _disc_box(canvas, center, radius, blur)
    canvas.surface.blit(_soft_disc(tuple(rgba), box.size, canvas.size(radius), canvas.size(blur)), box)


def _disc_box(canvas, center, radius: float, blur: float) -> pygame.Rect:
    reach = radius + 2 * blur
    return canvas.prect((center[0] - reach, center[1] - reach, 2 * reach, 2 * reach))


@functools.lru_cache(maxsize=64)
def _soft_disc(rgba: tuple, size: tuple[int, int], radius: float, blur: float) -> pygame.Surface:
    """A disc on a see-through square, its edge blurred: made once per look and size (a blur costs ~2 ms at
    1920x1080, and every target of a table throws the same shadow)."""
    disc = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.circle(disc, rgba, (size[0] / 2, size[1] / 2), radius)
    return pygame.transform.gaussian_blur(disc, blur) if blur else disc
