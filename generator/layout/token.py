"""The `token` kind: punchboard tokens, round, square or hexagonal, one- or two-sided.

A token is its layout's size (a round token's diameter is the smaller side; a hexagonal one
stands on a point, as wide as the layout allows). Its face is the layout's `elements` on its
`background`, which fills the shape and its bleed; a layout with `back_elements` gives it a
back, printed in register. The shape is the layout's `params.shape`.

How tokens are cut is chosen per run (`cutsheet build --die-cut`): butted in a grid whose
straight cuts they share, for a paper trimmer (a round or hexagonal token's own outline is
then cut by hand inside its cell), or spaced DIE_CUT_GAP apart, each cut on its own
outline alone, as a die cuts a punchboard. A square token's outline is its cell's, cut by
the sheet's lines either way.
"""

import math

from msgspec import Struct

from generator.layout.component import Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import ElementKind, Ground, ShownItem
from generator.layout.hex_tile import hexagon_in
from generator.layout.scene import Circle, Item, Polyline, Rect, Style, line_style
from generator.sources.frozen import LocMap
from generator.sources.layout_model import Layout
from generator.sources.schema import closed

SHAPES = ("round", "square", "hex")
#: Between die-cut tokens: room for the die's blades and the board between them (1/8 in).
DIE_CUT_GAP = 25.4 / 8


class Outline(Struct, frozen=True):
    """A token's shape in its box (w x h, mm): where it is cut, and its fill grown by `grow`."""

    shape: str
    width: float
    height: float

    def drawn(self, style: Style, grow: float = 0.0) -> Item:
        w, h = self.width, self.height
        if self.shape == "round":
            return Circle(w / 2, h / 2, min(w, h) / 2 + grow, style)
        if self.shape == "hex":
            point = 2 * grow / math.sqrt(3)  # a pointy hexagon grown `grow` past each side reaches this past its points
            return Polyline(hexagon_in((-grow, -point, w + 2 * grow, h + 2 * point), "pointy"), style, closed=True)
        return Rect(-grow, -grow, w + 2 * grow, h + 2 * grow, style)


class TokenKind(ElementKind):
    name = "token"
    label = "tokens"
    item = ShownItem
    params_schema = closed({"shape": {"enum": list(SHAPES)}}, ["shape"])
    die_cut_gap = DIE_CUT_GAP

    def draws_own_outline(self, layout: Layout) -> bool:
        """A round or hexagonal token draws its outline; a square one is its cell."""
        return _outline(layout).shape != "square"

    def ground(self, layout: Layout) -> Ground:
        """The background fills the token's shape and its bleed."""
        outline = _outline(layout)
        return lambda style: outline.drawn(style, layout.bleed)

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        faces = super().draw(item, layout, ctx)
        if self.draws_own_outline(layout):
            faces.front.add(_outline(layout).drawn(line_style("cut")))
        return faces


def _outline(layout: Layout) -> Outline:
    return Outline(str(layout.params["shape"]), layout.width, layout.height)


TOKEN = TokenKind()
