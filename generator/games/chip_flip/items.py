"""Chip Flip's items, one class per printable kind: what the board, a chip and a numbered
chip say in a game folder (each read from its kind's file, validated against the schema
these classes give)."""

from dataclasses import dataclass
from typing import Annotated, Literal

from generator.sources.items import Colour, Count, Item, Length, Name, Positive, Whole, rule

#: A square of the board in chess style: column a-h, row 1-8.
SquareName = Annotated[str, rule(pattern="^[a-h][1-8]$", description="a square of the board, a1 to h8")]


@dataclass(frozen=True, kw_only=True)
class BoardItem(Item):
    """The board: `rows` x `columns` squares of `square` mm, light and dark."""

    name: str
    rows: Positive
    columns: Positive
    square: Length
    light: Colour
    dark: Colour
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class Side(Item):
    """One side of a basic chip: its icon, a built-in name or icons/<name>.svg (icons.py)."""

    icon: Name


@dataclass(frozen=True, kw_only=True)
class NumberedSide(Side):
    """One side of an advanced-play chip: its icon and its value."""

    value: Whole


@dataclass(frozen=True, kw_only=True)
class ChipItem(Item):
    """A basic chip: its owner, where it starts, and each side (front: the owner's icon)."""

    owner: Literal["south", "north"]
    square: SquareName
    front: Side
    back: Side
    diameter: Length


@dataclass(frozen=True, kw_only=True)
class NumberedChipItem(ChipItem):
    """An advanced-play chip: as a basic chip, with a value on each side."""

    front: NumberedSide
    back: NumberedSide
