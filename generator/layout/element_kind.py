"""Kinds drawn wholly from their layout's elements: a face is its background and its
elements, filled from the item's fields and those its kind derives from them.

A kind whose look is boxes, text, icons and lines is an ElementKind: the YAML says where
and how everything is drawn, so a designer restyles it with `extends`; the Python side only
says what the item shows beyond its own fields (`fields`), e.g. a price written as money.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated

from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.elements import Computed, colour_of, draw_elements
from generator.layout.images import Card
from generator.layout.scene import Item, Rect, Scene, Style
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.items import Item as SourceItem
from generator.sources.items import Name, rule
from generator.sources.layout_model import Colour, ComputedElement, Element, Layout

#: The shape a face's background fills, drawn in the style it is given.
Ground = Callable[[Style], Item]


@dataclass(frozen=True, kw_only=True)
class ShownItem(SourceItem):
    """An item whose fields its layout's elements show, as text: its title and its copies
    (a token, a tile)."""

    extra = str

    title: Name
    #: Copies printed; 0 prints none.
    count: Annotated[int, rule(minimum=0, maximum=1000)] = 1


def element_face(
    layout: Layout,
    elements: Sequence[Element],
    background: Colour | None,
    item: LocMap,
    ctx: LayoutContext,
    name: str,
    computed: Computed | None = None,
    ground: Ground | None = None,
) -> Scene:
    """One face: the background (into the bleed, or filling the `ground` shape: a token's
    disc, a tile's hexagon), then the elements filled from the item."""
    bleed = layout.bleed
    scene = Scene(layout.width, layout.height, bleed=bleed, name=name)
    background = colour_of(background, item, ctx, name, "the background")
    if background and ground:
        scene.add(ground(Style(fill=background)))
    elif background:
        scene.add(Rect(-bleed, -bleed, layout.width + 2 * bleed, layout.height + 2 * bleed, Style(fill=background)))
    scene.add(*draw_elements(elements, item, ctx, name, Card.of(layout), computed))
    return scene


class ElementKind(ComponentKind):
    """A kind drawn from its layout's `elements` (and `back_elements`, for a back)."""

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        """The fields the elements show: the item's own, and any the kind derives."""
        return item

    def back_name(self, item: LocMap) -> str:
        """The back's name, as sheets and messages give it."""
        return self.title(item)

    def ground(self, layout: Layout) -> Ground | None:
        """The shape a face's background fills, in the style given; None: the whole face and
        its bleed."""
        return None

    def computed(self, element: ComputedElement, item: LocMap, layout: Layout, ctx: LayoutContext) -> list[Item]:
        """What a `computed` element draws: geometry only code can make (a maze, teeth)."""
        raise SourceError(element.loc, f"a {self.name} computes no {element.draw!r}")

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        shown = self.fields(item, layout, ctx)

        def computed(element: ComputedElement, entry: LocMap) -> list[Item]:
            return self.computed(element, entry, layout, ctx)

        ground = self.ground(layout)
        front = element_face(layout, layout.elements, layout.background, shown, ctx, self.title(item), computed, ground)
        back = None
        if layout.back_elements:
            back_name = self.back_name(item)
            back_background = layout.back_background
            back = element_face(layout, layout.back_elements, back_background, shown, ctx, back_name, computed, ground)
        return Faces(front, back)
