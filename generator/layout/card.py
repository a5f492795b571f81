"""The generic `card` kind: a layout's named elements filled from the item's fields.

Any game may list `kind: card` items with the fields its layout's elements name; an
element showing a field the item lacks is skipped, so one layout serves cards with and
without flavour text. A layout with `back_elements` gives every card a back, drawn from the
same item (e.g. a `back:` field naming the deck). An item's own `layout:` picks another of
the game's layouts for that card (a spell among units), of the same size and bleed.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from generator import shipped
from generator.findings import Finding, error, warning
from generator.layout.component import Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import ElementKind
from generator.layout.fields import layout_fields, shown_field
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.items import Item, rule
from generator.sources.layout_model import (
    CardSize,
    Layout,
    ShapeElement,
    TextElement,
)
from generator.sources.schema import NAME
from generator.sources.tables import did_you_mean, normal


@dataclass(frozen=True, kw_only=True)
class CardItem(Item):
    """A card: its title, and any other fields its layout's elements show, as text."""

    extra = str

    title: str
    #: Copies printed; 0 prints none (a card kept in the sheet for later).
    count: Annotated[int, rule(minimum=0, maximum=1000)] = 1
    #: Another of the game's layouts for this card (a spell among units).
    layout: Annotated[str, rule(pattern=NAME["pattern"], description="a layout's name such as card")] | None = None


class CardKind(ElementKind):
    name = "card"
    label = "cards"
    item = CardItem

    def draw_file(self, items: list[LocMap], layout: Layout, ctx: LayoutContext) -> list[Faces]:
        chosen = [self.layout_for(item, layout, ctx) for item in items]
        items = [matched(item, _reads(own)) for item, own in zip(items, chosen, strict=True)]
        for own in {id(own): own for own in chosen}.values():
            ctx.findings.extend(unread_findings([i for i, c in zip(items, chosen, strict=True) if c is own], own))
            ctx.findings.extend(placement_findings(own))
        ctx.findings.extend(missing_findings(list(zip(items, chosen, strict=True))))
        return super().draw_file(items, layout, ctx)

    def reads(self, layout: Layout, items: Sequence[LocMap], ctx: LayoutContext) -> frozenset[str]:
        """What the layouts its items are drawn with read (an item's own `layout:` included)."""
        return frozenset().union(*(_reads(self.layout_for(item, layout, ctx)) for item in items), _reads(layout))

    def layout_for(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Layout:
        """The item's own `layout:`, which must print at the file's layout's size and bleed:
        at the size the file's `size:` gives, when it gives one."""
        if "layout" not in item:
            return layout
        natural = ctx.layout(layout.name, self, layout.loc)
        size = None if natural.footprint == layout.footprint else CardSize(layout.width, layout.height)
        own = ctx.layout(item["layout"], self, item.loc_of("layout"), size)
        if not all(math.isclose(a, b, abs_tol=0.01) for a, b in zip(own.footprint, layout.footprint, strict=True)):
            raise SourceError(
                item.loc_of("layout"),
                f"layout {item['layout']!r} is not the size and bleed of the file's layout: "
                "every card of a file prints on one grid",
            )
        return own


def _reads(layout: Layout) -> frozenset[str]:
    return frozenset({"title", *RESERVED, *layout_fields(layout)})


#: Item keys that are not shown by an element but mean something to every card.
RESERVED = {"count", "layout"}


def matched(item: LocMap, read: frozenset[str]) -> LocMap:
    """The item with each column of its table that matches a field the layout reads, its
    case, spaces and punctuation aside (tables.normal: a `Rules Text` column for a
    `rules_text` field), under that field's name. Keys written in YAML are left as written."""
    columns = [key for key in item if key not in read and item.loc_of(key).cell]
    if not columns:  # as every item written in YAML
        return item
    by_normal = {normal(name): name for name in read}
    renamed = {key: by_normal[name] for key in columns if (name := normal(key)) in by_normal}
    if not renamed:
        return item
    return LocMap(
        {renamed.get(key, key): value for key, value in item.items()},
        item.loc,
        {renamed.get(key, key): loc for key, loc in item.key_locs.items()},
        {renamed.get(key, key): loc for key, loc in item.value_locs.items()},
    )


def field_findings(items: list[LocMap], layout: Layout) -> list[Finding]:
    """The findings about fields of items all drawn with one layout: unread_findings and
    missing_findings."""
    return unread_findings(items, layout) + missing_findings([(item, layout) for item in items])


def unread_findings(items: list[LocMap], layout: Layout) -> list[Finding]:
    """A key written in YAML that no element reads (often a misspelling) is one warning for
    the items that have it. A table's columns that nothing reads are the pipeline's
    business: one note per file (layout/columns.py)."""
    read = layout_fields(layout)
    unread: dict[str, list[LocMap]] = {}
    for item in items:
        for key in item:
            if key not in read and key not in RESERVED and not item.loc_of(key).cell:
                unread.setdefault(key, []).append(item)
    findings = []
    for key, having in unread.items():
        names = ", ".join(sorted(read)) or "none"
        many = f" (in {len(having)} items)" if len(having) > 1 else ""
        message = f"{key!r} is read by no element of this layout{many}{did_you_mean(key, sorted(read))} "
        findings.append(warning("L006", f"{message}(its elements read: {names})", having[0].key_loc(key)))
    return findings


def missing_findings(drawn: list[tuple[LocMap, Layout]]) -> list[Finding]:
    """A field an element shows that none of the items drawn with it has (often the other
    half of a misspelling): one warning at the element, naming the items' closest keys. An
    element several layouts share (through `extends`) is one element. An element of one of
    cutsheet's own base layouts (`card`, `token` and the like, which a deck draws with or
    extends) is reported only when the items have a key close to its field: it shows a
    field a deck may well go without, as a card its flavour, in a file the designer did not
    write."""
    by_layout: dict[int, tuple[Layout, list[LocMap]]] = {}
    for item, layout in drawn:
        by_layout.setdefault(id(layout), (layout, []))[1].append(item)
    showing: dict[Loc, tuple[str, str, list[LocMap]]] = {}
    for layout, items in by_layout.values():
        for element in layout.all_elements():
            shown = shown_field(element)
            if shown is not None:
                showing.setdefault(shown[1], (element.name, shown[0], []))[2].extend(items)
    findings = []
    base = shipped.layouts_dir().resolve()
    for loc, (name, field, items) in showing.items():
        if any(field in item for item in items):
            continue
        keys = sorted({key for item in items for key in item} - RESERVED)
        near = did_you_mean(field, keys)
        if near or not Path(loc.file).resolve().is_relative_to(base):
            findings.append(warning("L007", f"element {name!r} shows {field!r}, which no item here has{near}", loc))
    return findings


def placement_findings(layout: Layout) -> list[Finding]:
    """An element that leaves the card and its bleed is cut off: a warning when part of it
    is, an error when none of it is on the card. On a card with rounded corners, text or a
    shape whose box reaches past a corner's curve is a warning too: what it draws there is
    cut off with the corner."""
    width, height, bleed = layout.footprint
    r = layout.corners

    def past_the_curve(px: float, py: float) -> bool:
        """Whether the point on the card lies in a corner that its rounding cuts off."""
        dx, dy = min(px, width - px), min(py, height - py)
        return 0 <= dx < r and 0 <= dy < r and math.hypot(r - dx, r - dy) > r + 1e-6

    findings = []
    for element in layout.all_elements():
        x, y, w, h = element.box
        name, loc = element.name, element.loc
        if x + w <= 0 or y + h <= 0 or x >= width or y >= height:
            findings.append(error("L008", f"element {name!r} lies wholly off the card: it would not print", loc))
        elif x < -bleed or y < -bleed or x + w > width + bleed or y + h > height + bleed:
            findings.append(
                warning("L008", f"element {name!r} runs past the card's edge and bleed: that part is cut off", loc)
            )
        elif isinstance(element, (TextElement, ShapeElement)) and any(
            past_the_curve(px, py) for px in (x, x + w) for py in (y, y + h)
        ):
            findings.append(
                warning(
                    "L008",
                    f"element {name!r} reaches into a rounded corner of the card (corners: {r:g} mm): "
                    "what it draws there is cut off",
                    loc,
                )
            )
    return findings


#: The generic card kind, which any game may use (registered in pyproject.toml under
#: cutsheet.kinds, as a package adds a kind of its own).
CARD = CardKind()
