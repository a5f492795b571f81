"""Layout elements (Squib's named boxes) drawn from an item's fields.

    elements:
      title: {type: text, x: 3mm, y: 3mm, width: 57mm, height: 8mm, field: title,
              font: DejaVuSans-Bold, size: 11pt}
      band:  {type: rect, x: 0mm, y: 0mm, width: 63mm, height: 12mm, fill: "#cc3333"}

A text element shows `field` (an item key), `text` (literal, with {key} placeholders) or
`template` ("{cost} gold", every field required). Both kinds of placeholder are read by
parse_template, never by str.format: a placeholder names a field and nothing else, so no
text can reach into an object or pad to a width, and a bad one is an error at its line.
The text is styled (generator/sources/markup.py: **bold**, *italic*, `[words]{.name}` in a
colour the layout's `colours:` names, inline icons), set in the element's font or chain of
fonts; a character no font of the chain has is finding L011 at the place it was written,
never a silent empty box.

Any element may say `when:` (a condition on the item's fields,
generator/sources/expressions.py) and is drawn only when it holds; a colour may be
`{field: NAME}`, taken from the item (#rrggbb or a CSS colour name). An image element shows
a picture file (generator/layout/images.py). The elements arrive typed, lengths in mm
(generator/sources/layout_model.py).
"""

from collections.abc import Callable, Mapping, Sequence

from msgspec import Struct
from msgspec.structs import replace

from generator.colour.value import EXPECTED, parse_colour
from generator.findings import error
from generator.layout.context import LayoutContext
from generator.layout.images import Card, draw_image
from generator.layout.scene import MIN_STROKE, Icon, Item, Polyline, Rect, Style, line_style
from generator.layout.shapes import MARKS, SHAPES, shape
from generator.layout.text import TextStyle
from generator.sources.errors import Loc, SourceError
from generator.sources.expressions import parse_condition
from generator.sources.fonts import FontBook, shipped_book
from generator.sources.frozen import LocMap, LocSeq
from generator.sources.layout_model import (
    Colour,
    ComputedElement,
    Element,
    FromField,
    IconElement,
    ImageElement,
    LineElement,
    RectElement,
    RepeatElement,
    ShapeElement,
    TextElement,
)
from generator.sources.markup import loc_at, parse_markup
from generator.sources.templates import Placeholder, Template, parse_template


def text_style(
    element: TextElement, colour: str | None = None, book: FontBook | None = None, language: str = ""
) -> TextStyle:
    """How a text element's text is set; `colour` replaces the element's own. Its fonts are
    looked up in `book` (a game's: SourceError at the element's `font:` for a name no font
    has); it hyphenates in `language` when the element asks to."""
    own = element.colour if isinstance(element.colour, str) else "#000000"
    fonts = book or shipped_book()
    for name in (element.font,) if isinstance(element.font, str) else element.font:
        fonts.face(name, element.font_loc)
    return TextStyle(
        font=element.font,
        size=element.size,
        min_size=element.min_size,
        leading=element.leading,
        min_leading=element.min_leading,
        align=element.align,
        valign=element.valign,
        colour=own if colour is None else colour,
        hyphenate=language if element.hyphenate else "",
        book=fonts,
    )


#: What draws a kind's computed elements: the element and the item to the items it draws.
Computed = Callable[[ComputedElement, LocMap], list[Item]]


def draw_elements(
    elements: Sequence[Element],
    item: LocMap,
    ctx: LayoutContext,
    component: str,
    card: Card,
    computed: Computed | None = None,
) -> list[Item]:
    """Every element, filled from the item, in the order written (a parent layout's before
    those its child adds), an element's `z` moving it below (negative) or above (positive)
    the rest; `computed` draws the kind's computed elements."""
    out: list[Item] = []
    for element in sorted(elements, key=lambda e: e.z):
        if element.when is not None and not parse_condition(element.when, element.when_loc).holds(item):
            continue
        colours = _Colours(element, item, ctx, component)
        x, y, w, h = element.box
        if isinstance(element, TextElement):
            shown = _text_of(element, item, ctx, component)
            if shown is not None:
                colour = colours.get("colour", element.colour, "#000000")
                setting = text_style(element, colour, ctx.game.fonts, ctx.game.language)
                styled = parse_markup(shown.pieces, dict(element.palette))
                out.extend(ctx.fit(styled, element.box, setting, component, f"element {element.name!r}", shown.loc))
        elif isinstance(element, RectElement):
            stroke, fill = colours.get("stroke", element.stroke), colours.get("fill", element.fill)
            style = _style(element.role, element.stroke_width, stroke, fill)
            out.append(Rect(x, y, w, h, style, element.radius))
        elif isinstance(element, LineElement):
            style = _style(element.role, element.stroke_width, colours.get("stroke", element.stroke, "#000000"))
            out.append(Polyline(((x, y), (x + w, y + h)), style))
        elif isinstance(element, IconElement):
            if ctx.icon_path(element.icon) is None:
                raise SourceError(
                    element.icon_loc,
                    f"no icon file {element.icon}.svg in the game's icons/ or the shipped layouts/icons/",
                )
            out.append(Icon(element.icon, x, y, w, h))
        elif isinstance(element, ImageElement):
            out.extend(draw_image(element, item, ctx, card, element.box))
        elif isinstance(element, ShapeElement):
            stroke, fill = colours.get("stroke", element.stroke), colours.get("fill", element.fill)
            shaped = _shape_of(element, item)
            if shaped is not None:
                size = min(w, h)
                out.append(shape(shaped, x + w / 2, y + h / 2, size, _style("art", element.stroke_width, stroke, fill)))
        elif isinstance(element, ComputedElement):
            if computed is None:
                raise SourceError(element.loc, f"this kind computes nothing: no {element.draw!r} to draw")
            out.extend(computed(element, item))
        elif isinstance(element, RepeatElement):
            out.extend(_draw_repeat(element, item, ctx, component, card, computed))
    return out


def _shape_of(element: ShapeElement, item: LocMap) -> str | None:
    """The shape's name, as written or from the item's field (None when the item lacks it)."""
    if isinstance(element.shape, FromField):
        name = item.get(element.shape.field)
        if name is None:
            return None
        loc = item.loc_of(element.shape.field)
    else:
        name, loc = element.shape, element.loc
    if name not in SHAPES + MARKS:
        known = ", ".join(SHAPES + MARKS)
        raise SourceError(loc, f"unknown shape {name!r} for element {element.name!r} (expected one of: {known})")
    return str(name)


def _draw_repeat(
    repeat: RepeatElement, item: LocMap, ctx: LayoutContext, component: str, card: Card, computed: Computed | None
) -> list[Item]:
    """The repeat's elements for each entry of its list, each entry's fields (a scalar entry
    is `value`) over the item's, with `number` counting entries from 1."""
    entries = item.get(repeat.field)
    if entries is None:
        return []
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        raise SourceError(item.loc_of(repeat.field), f"element {repeat.name!r} repeats over a list, not {entries!r}")
    out: list[Item] = []
    for k, entry in enumerate(entries):
        dx, dy = k * repeat.step_x, k * repeat.step_y
        fields = dict(entry) if isinstance(entry, Mapping) else {"value": entry}
        place = entries.loc_of(k) if isinstance(entries, LocSeq) else item.loc_of(repeat.field)
        own = with_fields(item, dict.fromkeys(fields, place), number=k + 1, **fields)
        placed = [replace(e, x=repeat.x + dx + e.x, y=repeat.y + dy + e.y) for e in repeat.elements]
        out.extend(draw_elements(placed, own, ctx, component, card, computed))
    return out


def with_fields(item: LocMap, places: Mapping[str, Loc] | None = None, **fields: object) -> LocMap:
    """The item with more fields (what a kind derives from it, a repeated entry's), its places
    kept for findings: a new field points at the place `places` gives it, else at the item."""
    return item.with_values(places, **fields)


class _Shown(Struct, frozen=True):
    """A text element's text, its place (for findings about the whole text), and each
    stretch of it with the place that stretch was written (the layout, an item's field)."""

    text: str
    loc: Loc
    pieces: tuple[tuple[str, Loc], ...]


def _text_of(element: TextElement, item: LocMap, ctx: LayoutContext, component: str) -> _Shown | None:
    """The text a text element shows, or None when there is nothing to show."""
    shown = element.shown
    if shown.how == "field":
        return _field_text(element, item)
    template = parse_template(shown.value, shown.loc)
    if shown.how == "template":
        missing = template.missing(item)
        if missing:
            ctx.findings.append(
                error(
                    "L004",
                    f"{component!r} has no {missing[0]!r}, which element {element.name!r} shows "
                    f"(template {shown.value!r} at {shown.loc})",
                    item.loc,
                )
            )
            return None
        return _filled(template, element, item, item.loc)
    return _filled(template, element, item, shown.loc)


def _field_text(element: TextElement, item: LocMap) -> _Shown | None:
    """The item's field as text: a list's entries each a paragraph after the bullet."""
    field = element.shown.value
    value = item.get(field)
    if value is None:
        return None
    place = item.loc_of(field)
    if not isinstance(value, (list, LocSeq)):
        return _Shown(str(value), place, ((str(value), place),))
    entries = [str(entry) for entry in value]
    places = [value.loc_of(k) if isinstance(value, LocSeq) else place for k in range(len(entries))]
    pieces: list[tuple[str, Loc]] = []
    for n, (entry, at) in enumerate(zip(entries, places, strict=True)):
        if n:
            pieces.append(("\n", at))
        if element.bullet:
            pieces.append((element.bullet, element.loc))
        pieces.append((entry, at))
    return _Shown("".join(text for text, _ in pieces), place, tuple(pieces))


def _filled(template: Template, element: TextElement, item: LocMap, loc: Loc) -> _Shown:
    """The template with the item's fields put in; a field the item lacks (only a literal
    `text:` may lack one) keeps its placeholder as written."""
    written, source = element.shown.loc, element.shown.value
    pieces: list[tuple[str, Loc]] = []
    at = 0  # where in the template as written the part starts (a brace is written twice)
    for literal, placeholder in template.parts:
        pieces.append((literal, loc_at(written, source, at)))
        at += len(literal.replace("{", "{{").replace("}", "}}"))
        if placeholder is not None and item.get(placeholder.name) is None:
            pieces.append((placeholder.written, loc_at(written, source, at)))
        elif placeholder is not None:
            pieces.append((_placeholder_value(item, placeholder, element), item.loc_of(placeholder.name)))
        at += len(placeholder.written) if placeholder is not None else 0
    return _Shown("".join(text for text, _ in pieces), loc, tuple(p for p in pieces if p[0]))


def _placeholder_value(item: LocMap, placeholder: Placeholder, element: TextElement) -> str:
    """A field's value as its placeholder shows it (Placeholder.show, which refuses a value its
    format cannot show); a list or a mapping has no one way to read as text, so it is an
    error at the item's field naming the element."""
    name = placeholder.name
    value = item[name]
    if isinstance(value, (str, int, float)):
        return placeholder.show(value, item.loc_of(name))
    kind = "a list" if isinstance(value, Sequence) else "a mapping" if isinstance(value, Mapping) else "neither"
    raise SourceError(
        item.loc_of(name),
        f"{placeholder.written} in element {element.name!r} shows text or a number, and the item's {name!r} is {kind}",
    )


def colour_of(
    value: Colour | None, item: LocMap, ctx: LayoutContext, component: str, what: str, default: str | None = None
) -> str | None:
    """A colour as the layout writes it, or from the item's field (`fill: {field: colour}`);
    a field that is no colour is finding L005 (`what` says whose colour it is), and no colour."""
    if value is None:
        return default
    if not isinstance(value, FromField):
        return value
    given = item.get(value.field)
    if given is None:
        return default
    colour = str(given).strip()
    parsed = parse_colour(colour)
    if parsed is None:
        ctx.findings.append(
            error(
                "L005",
                f"{value.field} {colour!r} of {component!r} ({what}) is not a colour: expected {EXPECTED}",
                item.loc_of(value.field),
            )
        )
        return default
    return parsed


class _Colours:
    """An element's colours, as colour_of reads them."""

    def __init__(self, element: Element, item: LocMap, ctx: LayoutContext, component: str):
        self.element, self.item, self.ctx, self.component = element, item, ctx, component

    def get(self, key: str, value: Colour | None, default: str | None = None) -> str | None:
        what = f"the {key} of element {self.element.name!r}"
        return colour_of(value, self.item, self.ctx, self.component, what, default)


def _style(role: str, stroke_width: float, stroke: str | None, fill: str | None = None) -> Style:
    """A line role's own look, or the element's fill and stroke (never under MIN_STROKE)."""
    if role != "art":
        return line_style(role)
    width = max(stroke_width, MIN_STROKE) if stroke else 0.0
    return Style(fill=fill, stroke=stroke, stroke_width=width)
