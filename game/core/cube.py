"""Cube orientation maths (no drawing): rotations as 3x3 row-major tuples.

World axes: x right, y towards the viewer (down the screen), z up from the
table. Shared by the dice renderer and the flicking physics, which rolls
its die over its edges.
"""

from __future__ import annotations

import math

# Body axes of the six sides: (normal, u, v); u/v span the face, icon x/y.
SIDES = [
    ((0, 0, 1), (1, 0, 0), (0, 1, 0)),
    ((0, 0, -1), (1, 0, 0), (0, -1, 0)),
    ((1, 0, 0), (0, -1, 0), (0, 0, -1)),
    ((-1, 0, 0), (0, 1, 0), (0, 0, -1)),
    ((0, 1, 0), (1, 0, 0), (0, 0, -1)),
    ((0, -1, 0), (-1, 0, 0), (0, 0, -1)),
]

Matrix = tuple[float, ...]  # 9 floats, row-major
Vector = tuple[float, float, float]


def mat_mul(a: Matrix, b: Matrix) -> Matrix:
    """a times b, written out (a flicked die turns by it every physics step)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8 = b
    return (a0 * b0 + a1 * b3 + a2 * b6, a0 * b1 + a1 * b4 + a2 * b7, a0 * b2 + a1 * b5 + a2 * b8,
            a3 * b0 + a4 * b3 + a5 * b6, a3 * b1 + a4 * b4 + a5 * b7, a3 * b2 + a4 * b5 + a5 * b8,
            a6 * b0 + a7 * b3 + a8 * b6, a6 * b1 + a7 * b4 + a8 * b7, a6 * b2 + a7 * b5 + a8 * b8)


def transpose(m: Matrix) -> Matrix:
    return (m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8])


def rotation(axis: Vector, angle: float) -> Matrix:
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


def up_side(m: Matrix) -> int:
    """The side whose normal points most nearly up (the face a settled die shows)."""
    return max(range(6), key=lambda side: sum(m[6 + i] * SIDES[side][0][i] for i in range(3)))
