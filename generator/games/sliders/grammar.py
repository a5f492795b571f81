"""The effect notation of Chance and Community Chest cards, parsed with a lark grammar.

advance to "Square name"                   move forward to the square (GO salary on the way)
advance to nearest railroad, pay 2x rent   nearest railroad ahead; owner paid twice the rent
advance to nearest utility, pay 10x dice   nearest utility ahead; owner paid 10 x a new throw
back 3                                     move back (no GO salary)
go to slidecage                            sent to the Slidecage
get out of slidecage free                  kept until used, then returned under its deck
repairs 25 per house, 100 per hotel        pay the bank per building owned
pay 15 | collect 50                        pay the bank / the bank pays you
pay 50 to each player                      you pay every other player still in
collect 50 from each player                every other player still in pays you
"""

from dataclasses import dataclass
from functools import cache
from typing import cast

from lark import Lark, Transformer, UnexpectedInput

from generator.games.grammar import EffectError

GRAMMAR = r"""
?start: advance | nearest | back | slidecage | get_out | repairs
      | pay_each | collect_each | pay | collect

advance: "advance" "to" ESCAPED_STRING
nearest: "advance" "to" "nearest" KIND "," "pay" INT "x" BASIS
back: "back" INT
slidecage: "go" "to" "slidecage"
get_out: "get" "out" "of" "slidecage" "free"
repairs: "repairs" INT "per" "house" "," INT "per" "hotel"
pay_each: "pay" INT "to" "each" "player"
collect_each: "collect" INT "from" "each" "player"
pay: "pay" INT
collect: "collect" INT

KIND: "railroad" | "utility"
BASIS: "rent" | "dice"

%import common.ESCAPED_STRING
%import common.INT
%import common.WS
%ignore WS
"""


@dataclass(frozen=True)
class Effect:
    """A parsed card effect: `op` names the rule; the other fields are its arguments."""

    op: str
    amount: int = 0
    target: str = ""
    hotel_amount: int = 0
    #: For `nearest`: "rent" multiplies the owner's rent, "dice" multiplies a new throw.
    basis: str = ""


class _ToEffect(Transformer):
    def advance(self, items):
        return Effect("advance", target=str(items[0])[1:-1])

    def nearest(self, items):
        return Effect("nearest", target=str(items[0]), amount=int(items[1]), basis=str(items[2]))

    def back(self, items):
        return Effect("back", amount=int(items[0]))

    def slidecage(self, _items):
        return Effect("slidecage")

    def get_out(self, _items):
        return Effect("get_out")

    def repairs(self, items):
        return Effect("repairs", amount=int(items[0]), hotel_amount=int(items[1]))

    def pay_each(self, items):
        return Effect("pay_each", amount=int(items[0]))

    def collect_each(self, items):
        return Effect("collect_each", amount=int(items[0]))

    def pay(self, items):
        return Effect("pay", amount=int(items[0]))

    def collect(self, items):
        return Effect("collect", amount=int(items[0]))


@cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", transformer=_ToEffect())


def parse_effect(text: str) -> Effect:
    """The Effect of a card's `effect:` text; EffectError saying where the text went wrong."""
    try:
        # Lark annotates parse() as giving a tree, but with a transformer it gives the transformer's result.
        return cast(Effect, _parser().parse(text))
    except UnexpectedInput as exc:
        raise EffectError(f"cannot read effect {text!r} at column {exc.column}") from None
