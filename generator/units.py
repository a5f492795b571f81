"""Lengths as written in sources ("63mm", "2.5in", "9pt") converted to millimetres.

Every length in a source carries its unit: a bare number is ambiguous (points? millimetres?)
and is rejected rather than guessed. A layout's element may also give a length as a share of
the card ("25%"), which means millimetres only once the card's size is known.
"""

import math
import re

from msgspec import Struct

MM_PER_UNIT = {
    "mm": 1.0,
    "cm": 10.0,
    "in": 25.4,
    "pt": 25.4 / 72,
    "px": 25.4 / 96,
}
PT = MM_PER_UNIT["pt"]

_LENGTH = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-z]+)\s*$")
_PERCENT = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*%\s*$")


class UnitError(ValueError):
    """A length that cannot be read: no unit, an unknown unit, or not a number."""


def parse_length(text: object) -> float:
    """Return the length in millimetres; raise UnitError saying what was expected."""
    if isinstance(text, bool) or not isinstance(text, (str, int, float)):
        raise UnitError(f"expected a length such as '63mm', got {type(text).__name__}")
    if isinstance(text, (int, float)):
        raise UnitError(f"length {text!r} has no unit: write e.g. '{text}mm', '{text}pt' or '{text}in'")
    match = _LENGTH.match(text)
    if not match:
        raise UnitError(f"expected a length such as '63mm', '2.5in' or '9pt', got {text!r}")
    value, unit = match.groups()
    if unit not in MM_PER_UNIT:
        units = ", ".join(MM_PER_UNIT)
        raise UnitError(f"unknown unit {unit!r} in {text!r} (expected one of: {units})")
    mm = float(value) * MM_PER_UNIT[unit]
    if not math.isfinite(mm):
        raise UnitError(f"length {text!r} is not a finite number")
    return mm


def mm_to_pt(mm: float) -> float:
    return mm / PT


class Share(Struct, frozen=True):
    """A length written as a percentage of the card's width or height ("25%")."""

    percent: float

    def of(self, whole: float) -> float:
        """The length in millimetres on a card `whole` mm wide (or high)."""
        return whole * self.percent / 100


def parse_share(text: object) -> float | Share:
    """A percentage as its Share of the card, anything else as parse_length reads it (mm);
    UnitError saying what was expected."""
    match = _PERCENT.match(text) if isinstance(text, str) else None
    if match is None:
        return parse_length(text)
    percent = float(match.group(1))
    if not math.isfinite(percent):
        raise UnitError(f"percentage {text!r} is not a finite number")
    return Share(percent)
