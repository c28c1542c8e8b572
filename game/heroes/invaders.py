"""The Invader cards of Mars Needs Heroes, read from levels/heroes/invaders.toml.

The set is data: colours, how many cards of each, and the letter and shape
each colour also carries (so colour never carries meaning alone). A broken
file raises ``InvaderSetError`` naming the file, the field and the problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NoReturn

from game.core.datafile import DataFileError, read_toml
from game.paths import level_path

SET_FILE = level_path("heroes", "invaders.toml")
SHAPES = ("circle", "triangle", "square", "diamond", "hexagon", "star")
MIN_COLOURS, MAX_COLOURS = 2, 6
MAX_PER_COLOUR = 20


class InvaderSetError(DataFileError):
    """An Invader set file that cannot be played."""


@dataclass(frozen=True)
class Colour:
    id: str
    name: str
    letter: str
    shape: str
    rgb: tuple[int, int, int]
    count: int


def _colour(entry: object, where: str, path: Path) -> Colour:
    def fail(field: str, problem: str) -> NoReturn:
        raise InvaderSetError(path, f"{where}.{field}", problem)

    if not isinstance(entry, dict):
        raise InvaderSetError(path, where, "should be a table of fields")
    for field in entry:
        if field not in ("id", "name", "letter", "shape", "rgb", "count"):
            fail(field, "is not a colour field")

    def text(field: str, limit: int) -> str:
        value = entry.get(field)
        if value is None:
            fail(field, "is missing")
        if not isinstance(value, str) or not value.strip():
            fail(field, "should be text")
        if len(value) > limit:
            fail(field, f"is longer than {limit} characters")
        return value

    count = entry.get("count")
    if type(count) is not int or not 1 <= count <= MAX_PER_COLOUR:
        fail("count", f"is {count!r}, expected a whole number 1..{MAX_PER_COLOUR}")
    rgb = text("rgb", 7)
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", rgb):
        fail("rgb", f"is {rgb!r}, expected a colour like #f2c94c")
    shape = text("shape", 20)
    if shape not in SHAPES:
        fail("shape", f"is {shape!r}, expected one of {', '.join(SHAPES)}")
    letter = text("letter", 1)
    return Colour(text("id", 20), text("name", 20), letter.upper(), shape,
                  (int(rgb[1:3], 16), int(rgb[3:5], 16), int(rgb[5:7], 16)), count)


def load_invaders(path: Path = SET_FILE) -> tuple[Colour, ...]:
    """Read and check an Invader set; InvaderSetError says what is wrong."""
    data = read_toml(path, InvaderSetError)
    entries = data.get("colour")
    if not isinstance(entries, list) or not MIN_COLOURS <= len(entries) <= MAX_COLOURS:
        raise InvaderSetError(path, "colour", f"should be a list of {MIN_COLOURS} to {MAX_COLOURS} [[colour]] tables")
    colours = tuple(_colour(entry, f"colour[{i}]", path) for i, entry in enumerate(entries))
    for i, colour in enumerate(colours):
        for field in ("id", "letter", "shape"):
            if any(getattr(other, field) == getattr(colour, field) for other in colours[:i]):
                raise InvaderSetError(path, f"colour[{i}].{field}", f"{getattr(colour, field)!r} is used twice")
    return colours


@lru_cache(maxsize=1)
def standard_invaders() -> tuple[Colour, ...]:
    return load_invaders()
