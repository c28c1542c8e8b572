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
from functools import lru_cache

import pygame

from game.paths import asset_path
from game.ui import theme

TILT = math.radians(28)
COS_T, SIN_T = math.cos(TILT), math.sin(TILT)
VIEW = (0.0, SIN_T, COS_T)  # towards the camera
LIGHT = (-0.35, -0.45, 0.82)
CIRCLE_SEGMENTS = 12

# Body axes of the six sides: (normal, u, v); u/v span the face, icon x/y.
SIDES = [
    ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    ((0, 0, -1), (1, 0, 0), (0, -1, 0)),
    ((1, 0, 0), (0, -1, 0), (0, 0, -1)),
    ((-1, 0, 0), (0, 1, 0), (0, 0, -1)),
    ((0, 1, 0), (1, 0, 0), (0, 0, -1)),
    ((0, -1, 0), (-1, 0, 0), (0, 0, -1)),
]

Matrix = tuple  # 9 floats, row-major


def mat_mul(a: Matrix, b: Matrix) -> Matrix:
    return tuple(
        a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c] for r in range(3) for c in range(3)
    )


def transpose(m: Matrix) -> Matrix:
    return (m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8])


def rotation(axis, angle: float) -> Matrix:
    """Rotation about a unit axis (Rodrigues)."""
    x, y, z = axis
    c, s = math.cos(angle), math.sin(angle)
    t = 1 - c
    return (
        t * x * x + c, t * x * y - s * z, t * x * z + s * y,
        t * x * y + s * z, t * y * y + c, t * y * z - s * x,
        t * x * z - s * y, t * y * z + s * x, t * z * z + c,
    )


def face_up(side: int, yaw: float) -> Matrix:
    """Orientation that shows `side` on top, turned by `yaw` radians."""
    n, u, v = SIDES[side]
    # rows of the body->world matrix: world x = u, world y = v, world z = n
    body_to_world = (u[0], u[1], u[2], v[0], v[1], v[2], n[0], n[1], n[2])
    return mat_mul(rotation((0, 0, 1), yaw), body_to_world)


def _color(text: str) -> tuple[int, int, int]:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


@lru_cache(maxsize=None)
def icon_shapes(name: str) -> tuple:
    """The icon as (colour, points in 0..1) polygons, in painting order."""
    root = ElementTree.parse(asset_path("dice", f"{name}.svg")).getroot()
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


def _shade(color, light: float):
    return (min(255, int(color[0] * light)), min(255, int(color[1] * light)), min(255, int(color[2] * light)))


class DiceArt:
    """Draws cubes whose six sides show the given icon names."""

    def __init__(self, side_icons: list[str], face_color=theme.DIE_FACE, edge_color=(90, 70, 60)):
        self.side_icons = side_icons
        self.icons = [icon_shapes(name) for name in side_icons]
        self.face_color = face_color
        self.edge_color = edge_color

    def side_of(self, icon: str) -> int:
        return self.side_icons.index(icon)

    def draw(self, canvas, center, size: float, orientation: Matrix, highlight=None, dim: bool = False) -> None:
        """Draw one die; `size` is its edge length in logical pixels."""
        cx, cy = canvas.px(*center)
        k = canvas.scale * size / 2
        m = orientation
        faces = []
        for side, (n, u, v) in enumerate(SIDES):
            wn = (m[0] * n[0] + m[1] * n[1] + m[2] * n[2],
                  m[3] * n[0] + m[4] * n[1] + m[5] * n[2],
                  m[6] * n[0] + m[7] * n[1] + m[8] * n[2])
            facing = wn[1] * VIEW[1] + wn[2] * VIEW[2]
            if facing <= 0.02:
                continue
            wu = (m[0] * u[0] + m[1] * u[1] + m[2] * u[2], m[3] * u[0] + m[4] * u[1] + m[5] * u[2],
                  m[6] * u[0] + m[7] * u[1] + m[8] * u[2])
            wv = (m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
                  m[6] * v[0] + m[7] * v[1] + m[8] * v[2])
            faces.append((side, wn, wu, wv, facing))
        surface = canvas.surface
        # a convex cube's visible faces never overlap: no depth sorting needed
        for side, wn, wu, wv, facing in faces:
            # screen projection of world (x, y, z): (x, y*cos - z*sin)
            ox, oy = cx + wn[0] * k, cy + (wn[1] * COS_T - wn[2] * SIN_T) * k
            ux, uy = wu[0] * k * 2, (wu[1] * COS_T - wu[2] * SIN_T) * k * 2
            vx, vy = wv[0] * k * 2, (wv[1] * COS_T - wv[2] * SIN_T) * k * 2
            bx, by = ox - ux / 2 - vx / 2, oy - uy / 2 - vy / 2  # icon (0, 0) corner
            light = 0.55 + 0.5 * max(0.0, wn[0] * LIGHT[0] + wn[1] * LIGHT[1] + wn[2] * LIGHT[2])
            if dim:
                light *= 0.55
            quad = [(bx, by), (bx + ux, by + uy), (bx + ux + vx, by + uy + vy), (bx + vx, by + vy)]
            pygame.draw.polygon(surface, _shade(self.face_color, light), quad)
            if facing > 0.22:
                for color, pts in self.icons[side]:
                    pygame.draw.polygon(
                        surface, _shade(color, light), [(bx + px * ux + py * vx, by + px * uy + py * vy) for px, py in pts]
                    )
            pygame.draw.polygon(surface, self.edge_color, quad, max(1, round(canvas.scale * 1.5)))
        if highlight:
            canvas.circle(highlight, center, size * 0.82, 3)
