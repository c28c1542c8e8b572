"""3D-looking dice: cubes with shaded sides and icons projected onto every face.

Orientation is a 3x3 rotation matrix (body -> world, z towards the sky).
The camera looks down at a tilt, so a die at rest shows its top face
(readable) plus a sliver of the sides. Face icons come from the dice SVGs
(a subset: polygon, rect, circle, ellipse), kept as polygons so they can be
projected onto a slanted face while the die tumbles.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ElementTree
from collections import OrderedDict
from functools import lru_cache

import pygame

from game.core.cube import SIDES, Matrix
from game.paths import asset_path
from game.ui import theme

TILT = math.radians(28)
COS_T, SIN_T = math.cos(TILT), math.sin(TILT)
VIEW = (0.0, SIN_T, COS_T)  # towards the camera
LIGHT = (-0.35, -0.45, 0.82)
CIRCLE_SEGMENTS = 12
COARSE_MIN_AREA = 0.012  # of the face
COARSE_TOLERANCE = 0.01  # of the face's side: under a pixel on a die at 1920x1080
SUPERSAMPLE = 2

def _color(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


@lru_cache(maxsize=None)
def icon_shapes(asset: str) -> tuple:
    """The icon SVG (path under assets/) as (colour, points in 0..1) polygons, in painting order."""
    root = ElementTree.parse(asset_path(asset)).getroot()
    shapes = []
    for el in root:
        tag = el.tag.rsplit("}", 1)[-1]
        a = {k: el.get(k) for k in ("points", "x", "y", "width", "height", "cx", "cy", "r", "rx", "ry")}
        if tag == "polygon":
            nums = [float(n) for n in a["points"].replace(",", " ").split()]
            pts = list(zip(nums[0::2], nums[1::2]))
        elif tag == "rect":
            x, y, w, h = (float(a[k]) for k in ("x", "y", "width", "height"))
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif tag in ("circle", "ellipse"):
            cx, cy = float(a["cx"]), float(a["cy"])
            rx = float(a["r"] if tag == "circle" else a["rx"])
            ry = float(a["r"] if tag == "circle" else a["ry"])
            pts = [
                (cx + rx * math.cos(2 * math.pi * i / CIRCLE_SEGMENTS), cy + ry * math.sin(2 * math.pi * i / CIRCLE_SEGMENTS))
                for i in range(CIRCLE_SEGMENTS)
            ]
        else:
            continue
        shapes.append((_color(el.get("fill", "#000000")), tuple((px / 100.0, py / 100.0) for px, py in pts)))
    return tuple(shapes)


def _area(points) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


@lru_cache(maxsize=None)
def coarse_icon_shapes(asset: str) -> tuple:
    """The icon without its small details, its outlines with fewer corners: for dice in fast motion (blurred
    anyway), each of whose corners is projected in Python every frame."""
    return tuple((color, _fewer_corners(pts, COARSE_TOLERANCE)) for color, pts in icon_shapes(asset)
                 if _area(list(pts)) >= COARSE_MIN_AREA)


def _fewer_corners(points: tuple, tolerance: float) -> tuple:
    """A closed outline with the corners left out that lie within `tolerance` of the line past them
    (Ramer-Douglas-Peucker, from the corner farthest from the first)."""
    if len(points) <= 4:
        return points
    far = max(range(len(points)), key=lambda i: math.dist(points[0], points[i]))
    ring = list(points) + [points[0]]
    return tuple(_kept(ring[:far + 1], tolerance)[:-1] + _kept(ring[far:], tolerance)[:-1])


def _kept(line: list, tolerance: float) -> list:
    """The corners of an open line that stay, both ends included."""
    keep = [False] * len(line)
    keep[0] = keep[-1] = True
    spans = [(0, len(line) - 1)]
    while spans:
        first, last = spans.pop()
        (ax, ay), (bx, by) = line[first], line[last]
        length = math.hypot(bx - ax, by - ay) or 1e-9
        worst, at = 0.0, None
        for i in range(first + 1, last):
            px, py = line[i]
            off = abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
            if off > worst:
                worst, at = off, i
        if at is not None and worst > tolerance:
            keep[at] = True
            spans += [(first, at), (at, last)]
    return [p for p, k in zip(line, keep) if k]


def read_outlines(side_icons: list[str]) -> None:
    """Read the icons' outlines at both levels of detail ahead of the first die drawn with them (a kind of die's
    took 3-6 ms of a lesson's or a table's first frame); see ``prepare.AHEAD``."""
    for icon in side_icons:
        coarse_icon_shapes(icon)  # reads ``icon_shapes`` too


_SPRITES: dict[tuple, OrderedDict] = {}  # one kind of die's (its icons and colours): resting dice's sprites


def _shared_sprites(kind: tuple) -> OrderedDict:
    """The sprite cache of this kind of die, by pose and size, least recently drawn first: a game's screens share
    it (its setup makes the waiting dice's, its lesson and table draw them), and another game's dice let it go
    (up to 5 MB at 1920x1080)."""
    if kind not in _SPRITES:
        _SPRITES.clear()
        _SPRITES[kind] = OrderedDict()
    return _SPRITES[kind]


def _half(k: float) -> int:
    """Half a sprite's side, in pixels, for a die `2 k` pixels wide: room for its shadow and any pose."""
    return int(k * 1.9) + 2


class DiceArt:
    """Draws cubes whose six sides show the given icons (SVG paths under assets/).

    A die that has not moved since the last frame is blitted from a small
    sprite cache, so only tumbling dice cost polygon work.
    """

    ICON_MIN_FACING = 0.45  # faces seen more edge-on than this show no icon
    SPRITE_CACHE = 64
    MOVING_CACHE = 16  # a frame's dice in motion (13 at most), each a new pose every frame

    def __init__(self, side_icons: list[str], face_color=theme.DIE_FACE, edge_color=(90, 70, 60)):
        self.side_icons = side_icons
        self.icons = [icon_shapes(name) for name in side_icons]
        self.coarse_icons = [coarse_icon_shapes(name) for name in side_icons]
        self.face_color = face_color
        self.edge_color = edge_color
        self._shades: dict = {}
        self._sprites = _shared_sprites((tuple(side_icons), face_color, edge_color))
        self._moving: dict = {}  # this frame's dice in motion, for a second painting of it (``App``)

    def draw(self, canvas, center, size: float, orientation: Matrix, highlight=None, dim: bool = False,
             moving: bool = False, alpha: float = 1.0, loose: bool = False) -> None:
        """Draw one die; `size` is its edge length in logical pixels.

        `moving` dice get simpler icons, kept only a frame (they change every frame); `alpha` below 1
        draws it see-through (fading out or in). A die at rest is something no text may touch (the layout
        audit), unless it is `loose`: a die that physics may leave anywhere on the table.
        """
        if alpha <= 0:
            return
        sprite = self.sprite(canvas.scale, size, orientation, dim, moving)
        if alpha >= 0.5 and not (moving or loose):
            canvas.obstacle((center[0] - size / 2, center[1] - size / 2, size, size), "a die")
        shade = round(255 * min(1.0, alpha))
        sprite.set_alpha(shade)  # 255 keeps the sprite's own transparency
        at = self.footprint(canvas, center, size)
        if moving:
            canvas.moved(at)
        else:
            canvas.noted(at, "die", sprite, shade)
        canvas.surface.blit(sprite, at)
        if highlight:
            canvas.circle(highlight, center, size * 0.82, 3)

    @staticmethod
    def footprint(canvas, center, size: float) -> pygame.Rect:
        """The window rectangle a die's sprite covers (its shadow, and a highlight's ring, inside it)."""
        half = _half(canvas.scale * size / 2)
        cx, cy = canvas.px(*center)
        return pygame.Rect(cx - half, cy - half, 2 * half, 2 * half)

    def sprite(self, scale: float, size: float, orientation: Matrix, dim: bool = False,
               moving: bool = False) -> pygame.Surface:
        """The die's picture at the canvas's `scale`: made now, or for a resting die from the sprite cache (a
        table's setup makes its waiting dice's ahead: each is a millisecond of a table's first frame)."""
        k = scale * size / 2
        key = (orientation, round(k, 2), dim, moving)
        if moving:
            sprite = self._moving.get(key)
            if sprite is None:
                if len(self._moving) >= self.MOVING_CACHE:
                    self._moving.clear()
                sprite = self._moving[key] = self._make_sprite(k, orientation, dim, moving)
            return sprite
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) >= self.SPRITE_CACHE:
                self._sprites.popitem(last=False)  # only the least recently drawn: the dice on the table stay
            sprite = self._sprites[key] = self._make_sprite(k, orientation, dim, moving)
        else:
            self._sprites.move_to_end(key)
        return sprite

    def _make_sprite(self, k: float, orientation: Matrix, dim: bool, moving: bool) -> pygame.Surface:
        """A die `2 k` pixels wide; a resting die's is drawn at twice the size and scaled down (smooth edges)."""
        zoom = 1 if moving else SUPERSAMPLE
        half = _half(k)
        sprite = pygame.Surface((2 * half * zoom, 2 * half * zoom), pygame.SRCALPHA)
        kz, hz = k * zoom, half * zoom
        pygame.draw.ellipse(sprite, (0, 0, 0, 70), (hz - kz * 0.95, hz - kz * 0.35, kz * 2.3, kz * 2.0))
        self._render(sprite, hz, hz, kz, orientation, dim, self.coarse_icons if moving else self.icons)
        if moving:
            return sprite
        return pygame.transform.smoothscale(sprite, (2 * half, 2 * half)).convert_alpha()

    def _shade(self, color, light: float):
        level = int(light * 32)
        key = (color, level)
        shaded = self._shades.get(key)
        if shaded is None:
            f = level / 32
            shaded = self._shades[key] = (min(255, int(color[0] * f)), min(255, int(color[1] * f)), min(255, int(color[2] * f)))
        return shaded

    def _render(self, surface, cx: float, cy: float, k: float, m: Matrix, dim: bool, icons) -> None:
        for side, (n, u, v) in enumerate(SIDES):
            wn = (m[0] * n[0] + m[1] * n[1] + m[2] * n[2],
                  m[3] * n[0] + m[4] * n[1] + m[5] * n[2],
                  m[6] * n[0] + m[7] * n[1] + m[8] * n[2])
            facing = wn[1] * VIEW[1] + wn[2] * VIEW[2]
            if facing <= 0.02:
                continue  # a convex cube's visible faces never overlap: no sorting needed
            wu = (m[0] * u[0] + m[1] * u[1] + m[2] * u[2], m[3] * u[0] + m[4] * u[1] + m[5] * u[2],
                  m[6] * u[0] + m[7] * u[1] + m[8] * u[2])
            wv = (m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
                  m[6] * v[0] + m[7] * v[1] + m[8] * v[2])
            # screen projection of world (x, y, z): (x, y*cos - z*sin)
            ox, oy = cx + wn[0] * k, cy + (wn[1] * COS_T - wn[2] * SIN_T) * k
            ux, uy = wu[0] * k * 2, (wu[1] * COS_T - wu[2] * SIN_T) * k * 2
            vx, vy = wv[0] * k * 2, (wv[1] * COS_T - wv[2] * SIN_T) * k * 2
            bx, by = ox - ux / 2 - vx / 2, oy - uy / 2 - vy / 2  # icon (0, 0) corner
            light = 0.55 + 0.5 * max(0.0, wn[0] * LIGHT[0] + wn[1] * LIGHT[1] + wn[2] * LIGHT[2])
            if dim:
                light *= 0.55
            quad = [(bx, by), (bx + ux, by + uy), (bx + ux + vx, by + uy + vy), (bx + vx, by + vy)]
            pygame.draw.polygon(surface, self._shade(self.face_color, light), quad)
            if facing > self.ICON_MIN_FACING:
                for color, pts in icons[side]:
                    pygame.draw.polygon(
                        surface, self._shade(color, light), [(bx + px * ux + py * vx, by + px * uy + py * vy) for px, py in pts]
                    )
            pygame.draw.polygon(surface, self.edge_color, quad, max(1, round(k / 16)))
