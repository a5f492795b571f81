"""`when:`, a layout element's condition on the item's fields, parsed once when the layout is
read and never by Python's eval (templates are generator/sources/templates.py):

    when: "type == 'spell' and cost >= 3"
    when: "not flavour"                       # the item has no flavour (or it is empty)
    when: "rarity in ('rare', 'mythic')"

Field names, text in quotes, numbers, true/false, parentheses, comparisons (== != < <= > >=
and `in` a parenthesised list), `and`, `or`, `not`. A field the item lacks is nothing: it
equals nothing, is false, and no ordering holds for it. A condition nests at most
MAX_NESTING deep (generator/sources/condition_tree.py, which reads them) and its numbers have
at most MAX_DIGITS digits.
"""

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.sources.errors import Loc

if TYPE_CHECKING:
    from lark import Tree


class Condition(Struct, frozen=True):
    """A parsed `when:`; holds(item) tells whether the element is drawn for that item."""

    source: str
    tree: "Tree"

    def holds(self, item: Mapping[str, object]) -> bool:
        from generator.sources import condition_tree

        return condition_tree.holds(self.tree, item)

    def fields(self) -> set[str]:
        """The fields the condition reads."""
        from generator.sources import condition_tree

        return condition_tree.field_names(self.tree)


@cache
def parse_condition(text: str, loc: Loc) -> Condition:
    """The condition `text`; SourceError at `loc` saying where it stopped making sense."""
    from generator.sources import condition_tree  # lark is loaded by the first condition read

    return Condition(text, condition_tree.parse_tree(text, loc))
