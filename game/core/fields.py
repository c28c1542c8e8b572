"""Typed reads of JSON objects (saves, settings, line-ups) with messages that name the field."""

from __future__ import annotations

import builtins
from collections.abc import Collection
from typing import Any, NoReturn, TypeGuard

Kind = type | tuple[type, ...]


def type_name(kind: Kind) -> str:
    """'int', or 'int or float' for a tuple of types."""
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def is_int(value: object) -> TypeGuard[int]:
    """A whole number from JSON (true and false are not numbers)."""
    return type(value) is int


class Fields:
    """Reads typed fields out of a JSON dict with precise error messages."""

    def __init__(self, data: object, where: str = ""):
        if not isinstance(data, dict):
            raise ValueError(f"{where + ': ' if where else ''}expected a JSON object, got {type(data).__name__}")
        self.data: dict[Any, Any] = data  # parsed JSON: every read below checks what it takes
        self.where = where

    def name(self, field: str) -> str:
        return f"{self.where}.{field}" if self.where else field

    def fail(self, field: str, problem: str) -> NoReturn:
        raise ValueError(f"field '{self.name(field)}' {problem}")

    def get(self, field: str, kind: Kind) -> Any:
        if field not in self.data:
            self.fail(field, "is missing")
        value = self.data[field]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            self.fail(field, f"should be {type_name(kind)}, got {type(value).__name__}")
        return value

    def int(self, field: str, lo: int, hi: int) -> int:
        value: int = self.get(field, int)
        if not lo <= value <= hi:
            self.fail(field, f"is {value}, expected {lo}..{hi}")
        return value

    def number(self, field: str, lo: float, hi: float) -> float:
        value = self.get(field, (int, float))
        if not lo <= value <= hi:  # also false for NaN
            self.fail(field, f"is {value}, expected {lo}..{hi}")
        return float(value)

    def bool(self, field: str) -> bool:
        value: bool = self.get(field, bool)
        return value

    def text(self, field: str, limit: builtins.int = 200) -> str:
        value: str = self.get(field, str)
        if len(value) > limit:
            self.fail(field, f"is longer than {limit} characters")
        return value

    def choice(self, field: str, options: Collection[str]) -> str:
        value: str = self.get(field, str)
        if value not in options:
            self.fail(field, f"is {value[:40]!r}, expected one of {', '.join(options)}")
        return value

    def int_list(self, field: str, length: builtins.int | None, lo: builtins.int, hi: builtins.int) -> list[builtins.int]:
        value = self.get(field, list)
        if length is not None and len(value) != length:
            self.fail(field, f"should have {length} entries, has {len(value)}")
        for item in value:
            if not is_int(item) or not lo <= item <= hi:
                self.fail(field, f"has a bad entry {str(item)[:20]!r} (expected {lo}..{hi})")
        return list(value)

    def objects(self, field: str) -> list["Fields"]:
        """A list of JSON objects, each read with its own position in messages."""
        return [Fields(item, f"{self.name(field)}[{i}]") for i, item in enumerate(self.get(field, list))]
