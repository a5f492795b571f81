"""Slipmax's items, one class per printable kind: what a strip, the shape board and the
register card say in a game folder (each read from its kind's file, validated against the
schema these classes give)."""

from dataclasses import dataclass
from typing import Annotated, Literal, get_args

from generator.sources.items import Count, Item, Length, Name, Whole, rule

#: A register shape (each shape on the board has one register).
Shape = Literal["circle", "semicircle", "triangle", "square", "pentagon", "hexagon"]
#: The six register shapes, in the order a centre space's two registers are obeyed.
SHAPES: tuple[str, ...] = get_args(Shape)


@dataclass(frozen=True, kw_only=True)
class StepItem(Item):
    """One numbered statement printed on a strip."""

    step: Whole
    text: Name
    #: An explicit effect in the notation documented in grammar.py, for free wording.
    effect: Name | None = None


@dataclass(frozen=True, kw_only=True)
class StripItem(Item):
    """A register strip: its title, an optional note of strip-wide rules, its steps."""

    title: Name
    note: Name | None = None
    steps: Annotated[tuple[StepItem, ...], rule(minItems=1)]
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class ShapeBoardItem(Item):
    """The spiral board: `grid` x `grid` squares of `space` mm, the ordinary spaces' shapes
    in spiral order, then the two shapes of each centre (end) space."""

    name: Name
    grid: Annotated[int, rule(minimum=2)]
    space: Length
    spaces: Annotated[tuple[Shape, ...], rule(minItems=1)]
    centre: Annotated[tuple[Annotated[tuple[Shape, ...], rule(minItems=2, maxItems=2)], ...], rule(minItems=1)]
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class RegisterCardItem(Item):
    """The register card: the shape of each register, left to right."""

    name: Name
    registers: Annotated[tuple[Shape, ...], rule(minItems=1)]
    count: Count = 1
