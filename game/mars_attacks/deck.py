"""The Mars Attacks deck: location cards and the difficulty card, read from levels/mars-attacks/.

A card is data (name, what its spaces count, how many, VP, Nuke symbols);
a special rule is a named effect declared here with its kind, so a card
file can only name rules the code knows. A broken file raises ``DeckError``
naming the file, the field and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, NoReturn

from game.core.datafile import DataFileError, read_toml
from game.paths import level_path

DECK_FILE = level_path("mars-attacks", "cards.toml")
KINDS = ("city", "monument")
NEEDS = ("ray", "nuke", "martian", "nuked")  # Ray Guns, Nukes rolled, Martians, times nuked
MIN_SPACES, MAX_SPACES = 2, 12  # cities and monuments 3..12; Las Vegas counts nukings, and 2 is "several"
MAX_NUKES = 2
LOCATION_CARDS = 29

# The kinds of special rule: red while the card is in play, green ongoing for its owner, or once on claim.
RED, GREEN, ON_CLAIM = "red", "green", "claim"


@dataclass(frozen=True)
class Effect:
    kind: str
    label: str  # a few words for badges and the coach


EFFECTS = {
    "fixed-die": Effect(GREEN, "set a die first"),
    "bank-bonus": Effect(GREEN, "+1 when you bank"),
    "fifth-token": Effect(GREEN, "a fifth token"),
    "nuke-shield": Effect(GREEN, "Nuke shield +1"),
    "extra-turn": Effect(ON_CLAIM, "another turn"),
    "wipe-progress": Effect(ON_CLAIM, "rivals' tokens go"),
    "veterans-only": Effect(RED, "veterans only"),
    "no-banking": Effect(RED, "no banking here"),
    "no-monuments": Effect(RED, "no monuments"),
}


class DeckError(DataFileError):
    """A Mars Attacks deck file that cannot be played."""


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    need: str
    spaces: int
    vp: int
    nukes: int
    effect: str = ""
    text: str = ""
    short: str = ""  # shown on the card when the full name does not fit its width (at a large text size)

    @property
    def monument(self) -> bool:
        return self.kind == "monument"

    @property
    def rule_kind(self) -> str:
        """red, green or claim; "" for a card without a special rule (Las Vegas's need is red too)."""
        if self.effect:
            return EFFECTS[self.effect].kind
        return RED if self.text else ""


@dataclass(frozen=True)
class Deck:
    cards: dict[str, Card]  # by id, in file order
    difficulty: dict[str, int]  # side -> Nuke symbols ("easy": 2, "hard": 1)


class _Entry:
    """A card's table in the file, read field by field; a bad field raises DeckError naming it."""

    FIELDS = {"id", "name", "short", "kind", "need", "spaces", "vp", "nukes", "effect", "text"}

    def __init__(self, entry: object, where: str, path: Path):
        if not isinstance(entry, dict):
            raise DeckError(path, where, "should be a table of fields")
        self.entry, self.where, self.path = entry, where, path
        for field in entry:
            if field not in self.FIELDS:
                self.fail(field, "is not a card field")

    def fail(self, field: str, problem: str) -> NoReturn:
        raise DeckError(self.path, f"{self.where}.{field}", problem)

    def text(self, field: str, required: bool = True, limit: int = 200) -> str:
        value = self.entry.get(field, None if required else "")
        if value is None:
            self.fail(field, "is missing")
        if not isinstance(value, str) or (required and not value.strip()):
            self.fail(field, "should be text")
        if len(value) > limit:
            self.fail(field, f"is longer than {limit} characters")
        return value

    def number(self, field: str, lo: int, hi: int) -> int:
        value = self.entry.get(field)
        if value is None:
            self.fail(field, "is missing")
        if type(value) is not int or not lo <= value <= hi:
            self.fail(field, f"is {value!r}, expected a whole number {lo}..{hi}")
        return value


def _card(entry: object, where: str, path: Path) -> Card:
    read = _Entry(entry, where, path)
    card = Card(
        id=read.text("id", limit=40), name=read.text("name", limit=40), kind=read.text("kind"),
        need=read.text("need"), spaces=read.number("spaces", MIN_SPACES, MAX_SPACES), vp=read.number("vp", 1, 12),
        nukes=read.number("nukes", 0, MAX_NUKES), effect=read.text("effect", required=False),
        text=read.text("text", required=False), short=read.text("short", required=False, limit=20),
    )
    _check_rules(card, read.fail)
    return card


def _check_rules(card: Card, fail: Callable[[str, str], NoReturn]) -> None:
    """What the fields say together: a known kind, need and rule; only monuments count Martians; a rule in words."""
    if card.kind not in KINDS:
        fail("kind", f"is {card.kind!r}, expected one of {', '.join(KINDS)}")
    if card.need not in NEEDS:
        fail("need", f"is {card.need!r}, expected one of {', '.join(NEEDS)}")
    if (card.need == "martian") != card.monument:
        fail("need", "monuments, and only monuments, count Martians")
    if card.effect and card.effect not in EFFECTS:
        fail("effect", f"names an unknown special rule {card.effect!r} (known: {', '.join(EFFECTS)})")
    if card.need != "nuked" and card.spaces < 3:
        fail("spaces", f"is {card.spaces}, a card has 3 to {MAX_SPACES} spaces")
    if (card.effect or card.need == "nuked") and not card.text:
        fail("text", "a card with a special rule says it in words")


def load_deck(path: Path = DECK_FILE) -> Deck:
    """Read and check a deck file; DeckError says what is wrong."""
    data = read_toml(path, DeckError)
    side = data.get("difficulty")
    if not isinstance(side, dict) or set(side) != {"easy", "hard"}:
        raise DeckError(path, "difficulty", "should give the Nuke symbols of its easy and hard sides")
    for name, value in side.items():
        if type(value) is not int or not 1 <= value <= MAX_NUKES:
            raise DeckError(path, f"difficulty.{name}", f"is {value!r}, expected 1..{MAX_NUKES}")
    entries = data.get("card")
    if not isinstance(entries, list):
        raise DeckError(path, "card", "is missing: a deck is a list of [[card]] tables")
    cards: dict[str, Card] = {}
    for i, entry in enumerate(entries):
        card = _card(entry, f"card[{i}]", path)
        if card.id in cards:
            raise DeckError(path, f"card[{i}].id", f"{card.id!r} is used twice")
        cards[card.id] = card
    if len(cards) != LOCATION_CARDS:
        raise DeckError(path, "card", f"has {len(cards)} cards, a deck has {LOCATION_CARDS}")
    return Deck(cards, dict(side))


@lru_cache(maxsize=1)
def standard_deck() -> Deck:
    return load_deck()
