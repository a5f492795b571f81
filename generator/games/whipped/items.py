"""The items of Whipped!'s component kinds, one typed class per kind (kinds.py draws them,
deck.py builds the engine's deck from them).

Counts that are rules (three levels a bill, at most ten squares a level) are left to the
static checks, so a deck that breaks them gets a finding at its line rather than a schema
error; the items hold the structure.
"""

from dataclasses import dataclass
from typing import Annotated, Literal

from generator.sources.items import Colour, Count, Item, Name, rule

#: A vote square: a solid one scores a point, a dashed one (printed shaded) nothing.
Square = Literal["solid", "dashed"]
#: A level of a bill: its row of vote squares, filled by one player's votes.
Level = Annotated[tuple[Square, ...], rule(minItems=1)]
Shape = Literal["circle", "square", "triangle", "diamond", "hexagon", "star", "cross"]


@dataclass(frozen=True, kw_only=True)
class Bill(Item):
    """A bill: its name and its levels, the sponsor's first."""

    name: Name
    levels: Annotated[tuple[Level, ...], rule(minItems=1)]
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class Rider(Item):
    """A rider card: what it pays whoever played it (grammar.py reads `effect`), and its back."""

    name: Name
    effect: str
    back: Name
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class Side(Item):
    """One face of a bidding token."""

    label: Name
    colour: Colour


@dataclass(frozen=True, kw_only=True)
class BiddingToken(Item):
    """A fold-over bidding token of one level (each player holds one of each level)."""

    level: Literal[1, 2, 3]
    front: Side
    back: Side
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class Vote(Item):
    """A player's votes: their colour and shape, and how many are printed (no default: the
    supply of each colour is a number the designer states)."""

    name: Name
    colour: Colour
    shape: Shape
    count: Count


@dataclass(frozen=True, kw_only=True)
class RulesSummary(Item):
    """The rules summary card: a title and one bullet a line."""

    title: Name
    lines: Annotated[tuple[Name, ...], rule(minItems=1)]
    count: Count = 1
