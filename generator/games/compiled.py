"""Pickling the frozen dataclasses of the modules a wheel's build compiles (setup.py).

A compiled class is unpickled by setting its fields one by one, which a frozen dataclass
refuses. Pickled as a call of its constructor with its fields instead, it is made again as
the source makes it, compiled or not.
"""

from collections.abc import Callable
from dataclasses import fields
from typing import Any

#: What __reduce__ returns: what to call, and with what.
Reduced = tuple[Callable[..., object], tuple]


def by_constructor(value: Any) -> Reduced:
    """The __reduce__ of a frozen dataclass: its class, and its fields in their order."""
    return type(value), tuple(getattr(value, field.name) for field in fields(value))
