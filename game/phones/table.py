"""The table as a browser seat sees it: a seat's view and the public record turned into JSON, and sent as
the part that changed since the last time.

A view is a frozen dataclass of tuples, mappings and smaller dataclasses; ``plain`` makes the same thing of
lists and dicts, so the page draws from exactly what the seat may know and nothing else. ``patch`` keeps
what goes over the wire small: only the keys whose values changed, nested objects key by key, the way
the page merges them (``merge`` in ``assets/phone/index.html``).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping


def plain(value: object) -> object:
    """`value` as JSON's types: dataclasses and mappings become objects (keys as text), tuples, lists and
    sets become arrays, enums their value; floats keep three decimals (positions on a table in mm)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, enum.Enum):
        return plain(value.value)
    return _plain_container(value)


def _plain_container(value: object) -> object:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(item) for item in value)  # type: ignore[type-var]
    raise TypeError(f"a table cannot show {type(value).__name__}")


class _Reshaped(Exception):
    """An object's keys changed: the page is sent the whole table instead of a patch."""


def patch(old: dict | None, new: dict) -> tuple[dict | None, bool]:
    """(what turns `old` into `new` when merged key by key, whether that is the whole table). Objects inside
    objects are patched key by key, anything else is replaced whole; None when nothing changed. When the
    keys of an object differ from last time the whole table goes, so the page never has to remove a key."""
    if old is None:
        return new, True
    if old is new:  # the scene's own table again: it makes a new one only when something changed
        return None, False
    try:
        return _changes(old, new), False
    except _Reshaped:
        return new, True


def _changes(old: dict, new: dict) -> dict | None:
    if old.keys() != new.keys():
        raise _Reshaped
    changed = {}
    for key, value in new.items():
        before = old[key]
        if before == value:
            continue
        nested = isinstance(value, dict) and isinstance(before, dict)
        changed[key] = _changes(before, value) if nested else value
    return changed or None
