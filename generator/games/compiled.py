"""The modules a wheel's build compiles (setup.py): whether one was compiled, and pickling
their frozen dataclasses.

A compiled class is unpickled by setting its fields one by one, which a frozen dataclass
refuses. Pickled as a call of its constructor with its fields instead, it is made again as
the source makes it, compiled or not.
"""

import importlib
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import generator

#: What __reduce__ returns: what to call, and with what.
Reduced = tuple[Callable[..., object], tuple]


def by_constructor(value: Any) -> Reduced:
    """The __reduce__ of a frozen dataclass: its class, and its fields in their order."""
    return type(value), tuple(getattr(value, field.name) for field in fields(value))


def runs_plain(module: str) -> bool:
    """Whether `module`, one a wheel's build compiles, runs as plain Python in an installed
    cutsheet: never true in a source checkout (setup.py beside the package), which is plain
    Python on purpose."""
    if (Path(generator.__file__).parent.parent / "setup.py").is_file():
        return False
    return str(importlib.import_module(module).__file__).endswith(".py")
