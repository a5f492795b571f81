"""Which item fields a layout's elements read: what they show, their conditions, their
colours and shapes, and the lists a repeat runs over. Kinds use it to know what an item
must or may give (the generic card), and whether a layout shows the derived `index`; the deck
review, which of them print as text."""

from generator.sources.errors import Loc
from generator.sources.expressions import parse_condition
from generator.sources.layout_model import (
    Element,
    FromField,
    ImageElement,
    Layout,
    RepeatElement,
    ShapeElement,
    TextElement,
)
from generator.sources.templates import parse_template


def shown_field(element: Element) -> tuple[str, Loc] | None:
    """The item field an element shows, if it shows one, and the place naming it."""
    if isinstance(element, TextElement) and element.shown.how == "field":
        return element.shown.value, element.shown.loc
    if isinstance(element, ImageElement) and element.field is not None and element.source_loc is not None:
        return element.field, element.source_loc
    return None


def _read_fields(element: Element) -> set[str]:
    """The item fields an element reads: what it shows, its condition, its colours."""
    shown = shown_field(element)
    fields = {shown[0]} if shown is not None else set()
    if isinstance(element, TextElement) and element.shown.how == "template":
        fields.update(parse_template(element.shown.value, element.shown.loc).fields())
    if element.when is not None:
        fields.update(parse_condition(element.when, element.when_loc).fields())
    fields.update(c.field for c in element.colours() if isinstance(c, FromField))
    if isinstance(element, ShapeElement) and isinstance(element.shape, FromField):
        fields.add(element.shape.field)
    if isinstance(element, RepeatElement):
        fields.add(element.field)
        fields.update(*(_read_fields(inner) for inner in element.elements))
    return fields


#: layout_fields' answers by layout, held by identity with the layout itself (a Layout is
#: immutable, and hashing one walks it whole): a kind asks for each item of a file, of the
#: same layout each time. Emptied when it holds READ_KEPT layouts.
_READ: dict[int, tuple[Layout, frozenset[str]]] = {}
READ_KEPT = 256


def layout_fields(layout: Layout) -> frozenset[str]:
    """Every item field an element of the layout reads."""
    known = _READ.get(id(layout))
    if known is None:
        if len(_READ) >= READ_KEPT:
            _READ.clear()
        known = layout, frozenset().union(*(_read_fields(element) for element in layout.all_elements()))
        _READ[id(layout)] = known
    return known[1]


def printed_fields(layout: Layout) -> set[str]:
    """The item fields the layout prints as text: those its text elements show, whole or
    in a template (not those only its conditions, colours or shapes read)."""
    return set().union(*(_printed(element) for element in layout.all_elements()))


def _printed(element: Element) -> set[str]:
    if isinstance(element, RepeatElement):
        return set().union(*(_printed(inner) for inner in element.elements))
    if not isinstance(element, TextElement):
        return set()
    if element.shown.how == "template":
        return set(parse_template(element.shown.value, element.shown.loc).fields())
    return {element.shown.value} if element.shown.how == "field" else set()
