"""The rider-effect grammar: a rider's printed text parsed by a lark grammar into gains.

    +2 points
    +1 vote
    +1 point and +1 vote
    +1 point for each solid square on your level
    +1 point for each other rider on the bill

A rider pays whoever played it, once the bill it rides on passes. Points go to the score;
votes go to the player's supply for the rest of the round.
"""

from functools import cache
from typing import cast

from lark import Lark, Transformer, UnexpectedInput
from msgspec import Struct

from generator.games.grammar import EffectError

GRAMMAR = r"""
    start: gain ("and" gain)*
    gain: "+" INT unit [per]
    unit: POINT | VOTE
    POINT: /points?/
    VOTE: /votes?/
    per: "for each" counted
    counted: SOLID_SQUARE | OTHER_RIDER
    SOLID_SQUARE: /solid squares? on your level/
    OTHER_RIDER: /other riders? on the bill/

    %import common.INT
    %import common.WS
    %ignore WS
"""

#: What a `per` clause counts.
PER_SOLID_SQUARE = "solid square on your level"
PER_OTHER_RIDER = "other rider on the bill"


class Gain(Struct, frozen=True):
    """`amount` points or votes, multiplied by the count of `per` when there is one."""

    amount: int
    unit: str  # "point" or "vote"
    per: str | None = None

    def value(self, solid_squares: int, other_riders: int) -> int:
        """What this gain pays on a bill, given the player's solid squares and other riders."""
        if self.per == PER_SOLID_SQUARE:
            return self.amount * solid_squares
        if self.per == PER_OTHER_RIDER:
            return self.amount * other_riders
        return self.amount


class _ToGains(Transformer):
    def start(self, gains: list[Gain]) -> tuple[Gain, ...]:
        return tuple(gains)

    def gain(self, children: list) -> Gain:
        amount, unit, per = children
        return Gain(int(amount), unit, per)

    def unit(self, children: list) -> str:
        return "point" if children[0].type == "POINT" else "vote"

    def per(self, children: list) -> str:
        return children[0]

    def counted(self, children: list) -> str:
        return PER_SOLID_SQUARE if children[0].type == "SOLID_SQUARE" else PER_OTHER_RIDER


@cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", transformer=_ToGains())


@cache
def parse_effect(text: str) -> tuple[Gain, ...]:
    """The gains printed on a rider; EffectError saying where the text stops making sense."""
    try:
        # Lark annotates parse() as giving a tree, but with a transformer it gives the transformer's result.
        return cast(tuple[Gain, ...], _parser().parse(text))
    except UnexpectedInput as exc:
        column = getattr(exc, "column", 1) or 1
        raise EffectError(
            f"cannot read rider effect {text!r} at character {column} "
            "(expected e.g. '+2 points', '+1 vote', '+1 point and +1 vote', "
            "'+1 point for each solid square on your level')",
            column=column,
        ) from None
