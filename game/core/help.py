"""A page of a game's in-game rules help (each game's help.py is a list of these)."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Page:
    title: str
    text: list[str]
    pictures: list[tuple[str, str]] = field(default_factory=list)  # (asset path, caption)
