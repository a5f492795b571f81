"""The grammar of `when:` conditions (generator/sources/expressions.py says what they may
hold), read with lark into a tree and evaluated against an item. A module of its own so that
lark is loaded by the first condition read, not by every build.
"""

import operator
import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError, UnexpectedInput

from generator.sources.errors import Loc, SourceError
from generator.sources.loader import MAX_DIGITS, TOO_MANY_DIGITS

_GRAMMAR = r"""
?start: or_
?or_: and_ ("or" and_)*
?and_: not_ ("and" not_)*
?not_: "not" not_ -> negate
     | comparison
?comparison: value (OP value)?
           | value "in" "(" [value ("," value)*] ")" -> member
?value: FIELD -> field
      | STRING -> text
      | NUMBER -> number
      | "true" -> true
      | "false" -> false
      | "(" or_ ")"
OP: "==" | "!=" | "<=" | ">=" | "<" | ">"
FIELD: /(?!(and|or|not|in|true|false)\b)[A-Za-z_][A-Za-z0-9_-]*/
STRING: /'[^']*'/ | /"[^"]*"/
NUMBER: /-?\d+(\.\d+)?/
%ignore /\s+/
"""
#: Bound on not, and, or and comparisons inside one another: a condition is read and
#: evaluated level by level (lark's transformer recurses), and a real one is a few deep.
MAX_NESTING = 32


@cache
def _parser() -> Lark:
    return Lark(_GRAMMAR, parser="lalr", maybe_placeholders=False)


def parse_tree(text: str, loc: Loc) -> Tree:
    """The condition's tree; SourceError at `loc` saying where it stopped making sense."""
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        near = text[max(exc.pos_in_stream or 0, 0) :][:12] or "the end"
        raise SourceError(
            loc,
            f"cannot read the condition {text!r} at {near!r}: expected fields, 'text', numbers, "
            "comparisons (== != < <= > >= in), and, or, not",
        ) from None
    except LarkError as exc:
        raise SourceError(loc, f"cannot read the condition {text!r}: {exc}") from None
    _check_nesting(tree, loc)
    _check_numbers(tree, loc)
    return tree


def holds(tree: Tree, item: Mapping[str, object]) -> bool:
    return bool(_Evaluate(item).transform(tree))


def field_names(tree: Tree) -> set[str]:
    """The fields the condition reads."""
    return {str(t) for t in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "FIELD")}


def _check_nesting(tree: Tree, loc: Loc) -> None:
    """SourceError when the parsed condition nests deeper than MAX_NESTING; measured with a
    stack of its own, since the parser builds any depth without recursing."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            raise SourceError(
                loc, f"the condition nests more than {MAX_NESTING} deep (not, and, or inside one another)"
            )
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))


def _check_numbers(tree: Tree, loc: Loc) -> None:
    for token in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "NUMBER"):
        if len(token.lstrip("-").split(".")[0]) > MAX_DIGITS:
            raise SourceError(loc, f"in the condition, {TOO_MANY_DIGITS}")


class _Evaluate(Transformer):
    """Evaluates a condition tree bottom-up against one item."""

    def __init__(self, item: Mapping[str, object]):
        super().__init__()
        self.item = item

    def field(self, children: list[Token]) -> object:
        return self.item.get(str(children[0]))

    def text(self, children: list[Token]) -> str:
        return str(children[0])[1:-1]

    def number(self, children: list[Token]) -> float:
        return float(children[0]) if "." in children[0] else int(children[0])

    def true(self, _: list) -> bool:
        return True

    def false(self, _: list) -> bool:
        return False

    def negate(self, children: list) -> bool:
        return not children[0]

    def and_(self, children: list) -> bool:
        return all(children)

    def or_(self, children: list) -> bool:
        return any(children)

    def member(self, children: list) -> bool:
        value, *options = children
        return value is not None and any(a == b for a, b in (_comparable(value, o) for o in options))

    def comparison(self, children: list) -> bool:
        left, right = _comparable(children[0], children[2])
        op = str(children[1])
        if op == "==":
            return left == right
        if op == "!=":
            return left != right
        try:
            return bool(_ORDER[op](left, right))
        except TypeError:  # nothing, or text against a number: no ordering holds
            return False


_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_NUMBER = re.compile(r"^\s*-?\d+(\.\d+)?\s*$")


def _comparable(left: Any, right: Any) -> tuple[Any, Any]:
    """A field's text that reads as a number compares with a number as that number: fields
    of generic cards are text, and `cost >= 3` means what it says for `cost: 3`."""
    if isinstance(left, str) and isinstance(right, (int, float)) and _NUMBER.match(left):
        return float(left), right
    if isinstance(right, str) and isinstance(left, (int, float)) and _NUMBER.match(right):
        return left, float(right)
    return left, right
