"""Views: what one seat may know, as frozen dataclasses that are cheap to make.

A view is made for every decision a bot takes (a sim of a dice game makes a few hundred thousand),
and a frozen dataclass's own ``__init__`` sets its fields one ``object.__setattr__`` at a time, which
made views the largest cost of a bot game. ``@view_class`` is ``@dataclass(frozen=True)`` with an
``__init__`` that fills the instance in one step; equality, hashing, ``repr``, ``replace`` and the
refusal of any assignment stay the dataclass's own, and the type checker sees a frozen dataclass.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, TypeVar, cast, dataclass_transform

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def view_class(cls: type[T]) -> type[T]:
    """A frozen dataclass whose fields are all given (no defaults) and set at once."""
    made = dataclass(frozen=True)(cls)
    spec = fields(cast("type[DataclassInstance]", made))
    if any(f.default is not MISSING or f.default_factory is not MISSING for f in spec):
        raise TypeError(f"{cls.__name__}: a view's fields have no defaults")
    names = [f.name for f in spec]
    source = (f"def __init__(self, {', '.join(names)}):\n"
              f"    _fill(self, '__dict__', {{{', '.join(f'{name!r}: {name}' for name in names)}}})\n")
    namespace: dict[str, object] = {"_fill": object.__setattr__}
    exec(source, namespace)  # as dataclasses builds its own __init__
    setattr(made, "__init__", namespace["__init__"])
    return made
