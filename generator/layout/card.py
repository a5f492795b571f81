"""The generic `card` kind: a layout's named elements filled from the item's fields.

Any game may list `kind: card` items with the fields its layout's elements name; an
element showing a field the item lacks is skipped, so one layout serves cards with and
without flavour text. A layout with `back_elements` gives every card a back, drawn from the
same item (e.g. a `back:` field naming the deck). An item's own `layout:` picks another of
the game's layouts for that card (a spell among units), of the same size and bleed.
"""

import math

from generator.findings import Finding, error, warning
from generator.layout.elements import box, draw_elements
from generator.layout.kinds import ComponentKind, Faces, LayoutContext
from generator.layout.scene import Rect, Scene, Style
from generator.sources.errors import SourceError
from generator.sources.expressions import parse_condition, parse_template
from generator.sources.loader import LocDict
from generator.units import parse_length

TEXT_FIELD = {"type": "string"}


class CardKind(ComponentKind):
    name = "card"
    label = "cards"
    schema = {
        "type": "object",
        "properties": {
            "title": TEXT_FIELD,
            "count": {"type": "integer", "minimum": 1, "maximum": 1000},
            "layout": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
        },
        "required": ["title"],
        "additionalProperties": TEXT_FIELD,
    }

    def draw_file(self, items: list[LocDict], layout: LocDict, ctx: LayoutContext) -> list[Faces]:
        chosen = [self.layout_for(item, layout, ctx) for item in items]
        for own in {id(own): own for own in chosen}.values():
            ctx.findings.extend(field_findings([i for i, c in zip(items, chosen, strict=True) if c is own], own))
            ctx.findings.extend(placement_findings(own))
        return super().draw_file(items, layout, ctx)

    def layout_for(self, item: LocDict, layout: LocDict, ctx: LayoutContext) -> LocDict:
        """The item's own `layout:`, which must print at the file's layout's size and bleed."""
        if "layout" not in item:
            return layout
        own = ctx.layout(item["layout"], self, item.loc_of("layout"))
        if not all(math.isclose(a, b, abs_tol=0.01) for a, b in zip(_footprint(own), _footprint(layout), strict=True)):
            raise SourceError(
                item.loc_of("layout"),
                f"layout {item['layout']!r} is not the size and bleed of the file's layout: "
                "every card of a file prints on one grid",
            )
        return own

    def draw(self, item: LocDict, layout: LocDict, ctx: LayoutContext) -> Faces:
        width, height = (parse_length(layout["size"][k]) for k in ("width", "height"))
        bleed = parse_length(layout.get("bleed", "0mm"))
        front = self._face(layout, item, ctx, "elements", layout.get("background"), width, height, bleed)
        back = None
        if "back_elements" in layout:
            back = self._face(layout, item, ctx, "back_elements", layout.get("back_background"), width, height, bleed)
        return Faces(front, back)

    @staticmethod
    def _face(
        layout: LocDict,
        item: LocDict,
        ctx: LayoutContext,
        key: str,
        background: str | None,
        width: float,
        height: float,
        bleed: float,
    ) -> Scene:
        scene = Scene(width, height, bleed=bleed, name=item["title"])
        if background:
            scene.add(Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, Style(fill=background)))
        scene.add(*draw_elements(layout, item, ctx, item["title"], key))
        return scene


def _footprint(layout: LocDict) -> tuple[float, float, float]:
    """Width, height and bleed in mm: what cards printed on one grid share."""
    width, height = (parse_length(layout["size"][k]) for k in ("width", "height"))
    return width, height, parse_length(layout.get("bleed", "0mm"))


#: Item keys that are not shown by an element but mean something to every card.
RESERVED = {"count", "layout"}


def _shown_fields(spec: LocDict) -> set[str]:
    """The item fields an element reads: what it shows, its condition, its colours."""
    fields = {spec["field"]} if "field" in spec else set()
    if "template" in spec:
        fields.update(parse_template(spec["template"], spec.loc_of("template")).fields())
    if "when" in spec:
        fields.update(parse_condition(spec["when"], spec.loc_of("when")).fields())
    fields.update(v["field"] for k in ("fill", "stroke", "colour") if isinstance(v := spec.get(k), dict))
    return fields


def _elements(layout: LocDict) -> list[tuple[str, LocDict]]:
    return [(name, spec) for key in ("elements", "back_elements") for name, spec in layout.get(key, {}).items()]


def field_findings(items: list[LocDict], layout: LocDict) -> list[Finding]:
    """An item key no element reads (often a misspelling) and a field an element shows that
    no item has (often the other half of one) are warnings at their places."""
    read = set().union(*(_shown_fields(spec) for _, spec in _elements(layout)))
    findings = []
    for item in items:
        for key in item:
            if key not in read and key not in RESERVED:
                shown = ", ".join(sorted(read)) or "none"
                findings.append(
                    warning(
                        "L006",
                        f"{key!r} is read by no element of this layout (its elements read: {shown})",
                        item.key_loc(key),
                    )
                )
    for name, spec in _elements(layout):
        if "field" in spec and items and not any(spec["field"] in item for item in items):
            findings.append(
                warning(
                    "L007", f"element {name!r} shows {spec['field']!r}, which no item here has", spec.loc_of("field")
                )
            )
    return findings


def placement_findings(layout: LocDict) -> list[Finding]:
    """An element that leaves the card and its bleed is cut off: a warning when part of it
    is, an error when none of it is on the card."""
    width, height = (parse_length(layout["size"][k]) for k in ("width", "height"))
    bleed = parse_length(layout.get("bleed", "0mm"))
    findings = []
    for name, spec in _elements(layout):
        x, y, w, h = box(spec)
        if x + w <= 0 or y + h <= 0 or x >= width or y >= height:
            findings.append(error("L008", f"element {name!r} lies wholly off the card: it would not print", spec.loc))
        elif x < -bleed or y < -bleed or x + w > width + bleed or y + h > height + bleed:
            findings.append(
                warning("L008", f"element {name!r} runs past the card's edge and bleed: that part is cut off", spec.loc)
            )
    return findings


BUILTIN_KINDS = (CardKind(),)
