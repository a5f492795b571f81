"""The generic `card` kind: a layout's named elements filled from the item's fields.

Any game may list `kind: card` items with the fields its layout's elements name; an
element showing a field the item lacks is skipped, so one layout serves cards with and
without flavour text. A `back:` (text) prints a matching back when the layout has a `back`
element set.
"""

from generator.layout.elements import draw_elements
from generator.layout.kinds import ComponentKind, Faces, LayoutContext
from generator.layout.scene import Rect, Scene, Style
from generator.sources.loader import LocDict
from generator.units import parse_length

TEXT_FIELD = {"type": "string"}


class CardKind(ComponentKind):
    name = "card"
    label = "cards"
    schema = {
        "type": "object",
        "properties": {"title": TEXT_FIELD, "count": {"type": "integer", "minimum": 1, "maximum": 1000}},
        "required": ["title"],
        "additionalProperties": TEXT_FIELD,
    }

    def draw(self, item: LocDict, layout: LocDict, ctx: LayoutContext) -> Faces:
        width, height = (parse_length(layout["size"][k]) for k in ("width", "height"))
        bleed = parse_length(layout.get("bleed", "0mm"))
        scene = Scene(width, height, bleed=bleed, name=item["title"])
        if "background" in layout:
            scene.add(Rect(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, Style(fill=layout["background"])))
        scene.add(*draw_elements(layout, item, ctx, item["title"]))
        return Faces(scene)


BUILTIN_KINDS = (CardKind(),)
