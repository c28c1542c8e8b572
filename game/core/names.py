"""Player names: cleaned where they enter the game (typed in setup, read from a file).

A name keeps letters, marks, digits, punctuation, symbols (emoji) and plain
spaces, in any script. Control and format characters (NUL, zero-width
joiners, direction marks), lone surrogates, private-use and unassigned code
points are dropped; runs of spaces become one.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 16  # characters, as typed
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def clean_name(text: str, limit: int = NAME_LIMIT) -> str:
    """The name as it will be shown: printable, single-spaced, at most `limit` characters."""
    kept: list[str] = []
    for ch in unicodedata.normalize("NFC", text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")):
        category = unicodedata.category(ch)
        if category == "Zs":
            kept.append(" ")
        elif category in _DROPPED or ch == "\ufffd" or _is_variation_selector(ch):
            continue
        elif category.startswith("M") and (not kept or kept[-1] == " "):
            continue  # a mark with nothing to sit on would draw as nothing (or a box)
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())[:limit].strip()


def typeable(ch: str) -> bool:
    """A character a name may hold (what typing in setup accepts)."""
    return ch == " " or (unicodedata.category(ch) not in _DROPPED and ch != "\ufffd" and not _is_variation_selector(ch))


def _is_variation_selector(ch: str) -> bool:
    code = ord(ch)
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def check_name(text: object) -> str:
    """A name read from a file: its cleaned form, or ValueError when nothing visible is left."""
    if not isinstance(text, str):
        raise ValueError(f"should be text, got {type(text).__name__}")
    name = clean_name(text)
    if not name:
        raise ValueError("has no visible characters")
    return name
