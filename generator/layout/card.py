"""The generic `card` kind: a layout's named elements filled from the item's fields.

Any game may list `kind: card` items with the fields its layout's elements name; an
element showing a field the item lacks is skipped, so one layout serves cards with and
without flavour text. A layout with `back_elements` gives every card a back, drawn from the
same item (e.g. a `back:` field naming the deck).
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


BUILTIN_KINDS = (CardKind(),)
