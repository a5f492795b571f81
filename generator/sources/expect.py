"""`expect:` in game.yaml: a designer's own rules for the deck, which `cutsheet check` enforces
(generator/check/expect.py), so the deck's invariants travel with it:

    expect:
      count: 60                   # the deck holds 60 cards, every copy counted
      "type == 'spell'": 20..24   # 20 to 24 of them are spells
      cost: 0..7                  # every card that has a cost costs 0 to 7

A key is `count` (the copies of every component), a field's name (the value of every
component that has the field is a number in the range) or a condition, read as a layout's
`when:` is (generator/sources/expressions.py): the copies for which it holds are counted. A
condition may read `kind`, the component's kind, besides its fields. A value is a number, or
a range `A..B`, `A..` (at least A) or `..B` (at most B), its ends included.
"""

import re
from enum import Enum

from msgspec import Struct

from generator.sources.errors import Loc, SourceError
from generator.sources.expressions import Condition, parse_condition
from generator.sources.frozen import LocMap

#: The key that counts every copy.
COUNT = "count"
_FIELD = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_NUMBER = r"-?\d{1,9}(?:\.\d+)?"
_RANGE = re.compile(rf"^\s*(?P<low>{_NUMBER})?\s*\.\.\s*(?P<high>{_NUMBER})?\s*$")

#: What a value of `expect:` is, in words.
VALUE_WANTED = "a number or a range such as 20..24, 3.. or ..7"

EXPECT_SCHEMA = {
    "type": "object",
    "minProperties": 1,
    "additionalProperties": {
        "description": VALUE_WANTED,
        "anyOf": [{"type": "number"}, {"type": "string", "minLength": 1}],
    },
}


class Span(Struct, frozen=True):
    """The numbers a figure may be: from `low` to `high`, ends included (None: no bound)."""

    low: float | None
    high: float | None

    def __contains__(self, value: float) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def __str__(self) -> str:
        if self.low == self.high:
            return _shown(self.low)
        return f"{_shown(self.low)}..{_shown(self.high)}"


def _shown(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


class Measure(Enum):
    """What an expectation measures."""

    #: The copies of every component.
    COUNT = "count"
    #: Each value of one field.
    FIELD = "field"
    #: The copies a condition holds for.
    CONDITION = "condition"


class Expectation(Struct, frozen=True):
    """One line of `expect:`: what it measures, the numbers allowed, and where it was written."""

    key: str
    measure: Measure
    span: Span
    loc: Loc
    #: The condition counted (CONDITION only).
    condition: Condition | None = None


def read_expectations(expect: LocMap | None) -> tuple[Expectation, ...]:
    """game.yaml's `expect:` (already validated against EXPECT_SCHEMA), read; SourceError at a
    key that is not a field or a condition, or a value that is not a number or a range."""
    if expect is None:
        return ()
    return tuple(_expectation(str(key), value, expect) for key, value in expect.items())


def _expectation(key: str, value: object, expect: LocMap) -> Expectation:
    loc = expect.key_loc(key)
    span = _span(value, expect.loc_of(key))
    if key == COUNT:
        return Expectation(key, Measure.COUNT, span, loc)
    if _FIELD.match(key) and key not in ("and", "or", "not", "in", "true", "false"):
        return Expectation(key, Measure.FIELD, span, loc)
    condition = parse_condition(key, loc)
    if span.low is not None and span.low < 0:
        raise SourceError(expect.loc_of(key), f"a count cannot be negative, and {span} allows it")
    return Expectation(key, Measure.CONDITION, span, loc, condition)


def _span(value: object, loc: Loc) -> Span:
    if isinstance(value, (int, float)):
        return Span(value, value)
    matched = _RANGE.match(str(value))
    if matched is None or matched["low"] is matched["high"] is None:
        raise SourceError(loc, f"expected {VALUE_WANTED}, not {value!r}")
    low, high = (float(matched[end]) if matched[end] else None for end in ("low", "high"))
    if low is not None and high is not None and low > high:
        raise SourceError(loc, f"the range {value!r} is empty: its low end is above its high end")
    return Span(low, high)
