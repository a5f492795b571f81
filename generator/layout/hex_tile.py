"""The `hex-tile` kind: hexagonal tiles, flat-top or pointy-top, one- or two-sided.

A tile is the largest regular hexagon centred in its layout's size (`params.orientation`:
flat, two sides level, or pointy, standing on a point): a shop's hex tile is sold by such a
box (The Game Crafter's small one, 2 x 1.75 in). Its face is the layout's `elements`
on its `background`, which fills the hexagon; a layout with `back_elements` gives it a back.

Tiles are packed in a hex grid, neighbours sharing their edges (sheets/hexes.py): the
sheet, not the tile, draws the cuts, each edge once, and no rectangle is cut round a tile.
So a tile has no bleed (a neighbour lies past every edge): keep its art inside the hexagon.
"""

import math

from msgspec import Struct

from generator.layout.component import Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import ElementKind, Ground, ShownItem
from generator.layout.scene import Item, Polyline, line_style
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.layout_model import Layout
from generator.sources.schema import closed

ORIENTATIONS = ("flat", "pointy")


class Hexagon(Struct, frozen=True):
    """A regular hexagon of circumradius `r`: `flat` (two sides level) or pointy."""

    r: float
    orientation: str

    @classmethod
    def within(cls, width: float, height: float, orientation: str) -> "Hexagon":
        """The largest hexagon of the orientation in a box of width x height."""
        root3 = math.sqrt(3)
        r = min(width / 2, height / root3) if orientation == "flat" else min(height / 2, width / root3)
        return cls(r, orientation)

    @property
    def size(self) -> tuple[float, float]:
        """Its bounding box's width and height."""
        across = math.sqrt(3) * self.r
        return (2 * self.r, across) if self.orientation == "flat" else (across, 2 * self.r)

    def inside(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """Its bounding box, centred in `box`."""
        x, y, w, h = box
        hw, hh = self.size
        return (x + (w - hw) / 2, y + (h - hh) / 2, hw, hh)


def hexagon_in(box: tuple[float, float, float, float], orientation: str) -> tuple[tuple[float, float], ...]:
    """The corners, clockwise, of the largest hexagon of `orientation` centred in `box`,
    rounded to a thousandth of a mm (so neighbours' shared corners are the same points)."""
    x, y, w, h = Hexagon.within(box[2], box[3], orientation).inside(box)
    points: tuple[tuple[float, float], ...]
    if orientation == "flat":
        points = ((0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h))
    else:
        points = ((w / 2, 0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0, 3 * h / 4), (0, h / 4))
    return tuple((round(x + px, 3), round(y + py, 3)) for px, py in points)


class HexTileKind(ElementKind):
    name = "hex-tile"
    label = "hex tiles"
    item = ShownItem
    own_outline = True  # the sheet cuts the shared edges
    params_schema = closed({"orientation": {"enum": list(ORIENTATIONS)}}, ["orientation"])

    def tessellation(self, layout: Layout) -> str:
        return str(layout.params["orientation"])

    def ground(self, layout: Layout) -> Ground:
        """The background fills the largest hexagon centred in the layout's box."""
        corners = hexagon_in((0.0, 0.0, layout.width, layout.height), self.tessellation(layout))
        return lambda style: Polyline(corners, style, closed=True)

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        if layout.bleed:
            raise SourceError(layout.loc, "a hex tile's neighbours lie past each edge: its layout's bleed must be 0mm")
        return super().draw(item, layout, ctx)


HEX_TILE = HexTileKind()


def hex_edges(boxes: list[tuple[float, float, float, float]], orientation: str) -> list[Item]:
    """The cut lines of the hexagons centred in `boxes`: every edge once, however many share it."""
    seen: set[frozenset[tuple[float, float]]] = set()
    out: list[Item] = []
    style = line_style("cut")
    for box in boxes:
        points = hexagon_in(box, orientation)
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            edge = frozenset((a, b))
            if edge not in seen:
                seen.add(edge)
                out.append(Polyline((a, b), style))
    return out
