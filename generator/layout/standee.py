"""The `standee` kind: a two-sided paper figure that stands in a slotted base.

The figure is the layout's size (width W, height H). One Scene holds two pieces, each cut
out on its solid outline; the net sits centred on the base piece, sharing its cut edge:

        +-------+
        |  GLUE |   the back's flap, `flap` deep: a glue area
        +- - - -+   score
        |  back |   the back panel (`back_elements`), turned 180 degrees
        +- - - -+   score: the figure's top
        | front |   the front panel (`elements`)
        +- - - -+   score
        |       |   the front's flap, `flap` deep
    +---+-------+---+
    |   ---------   |   the base piece, W + 10 mm by `base` deep, with a slit
    +---------------+   W + 0.5 mm long across its middle

Assembly: fold at the figure's top, art outwards, so the panels lie back to back; the back,
printed upside down, then reads upright from behind. Hold the two flaps together and push
them down through the slit from the base's printed side until the panels' bottom scores
reach it; under the base, fold the front's flap forwards and the back's backwards, flat
against the base's underside, their printed sides up. The back's flap is glued there: its
grey area meets the base's unprinted underside.

Why it stands: the slit, half a millimetre longer than the figure is wide, lets both layers
through and holds them upright and back to back at their foot; the flaps spread under the
base cannot pass back through it, and the glued one fixes the figure to the base. The base
is 10 mm wider than the figure and centred under it, and a flap is at most half the base's
depth, so neither shows past its edge and the base lies flat on the table over them.

Front and back are drawn in the one Scene, so they print in register on one side of the
sheet, whatever the printer's duplex does.
"""

from collections.abc import Sequence

from msgspec import Struct

from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import ShownItem, element_face
from generator.layout.fields import layout_fields
from generator.layout.glue import glue_word
from generator.layout.scene import GLUE_STYLE, Box, Group, Item, Path, Polyline, Rect, Scene, line_style
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.layout_model import Layout
from generator.sources.schema import POSITIVE_LENGTH, closed

#: How much wider than the figure the base piece is, and how much longer its slit.
BASE_EXTRA, SLIT_EXTRA = 10.0, 0.5
#: The flaps' and the base piece's depths when the layout's params give none.
FLAP, BASE = 6.0, 15.0


class StandeeNet(Struct, frozen=True):
    """A figure's net and its base piece; lengths in mm, x right, y down, from the top left
    of the box the two pieces fill."""

    width: float
    height: float
    flap: float
    base: float

    @property
    def left(self) -> float:
        """Where the net's left edge is: centred on the base piece."""
        return BASE_EXTRA / 2

    @property
    def fold(self) -> float:
        """The score at the figure's top, between the back panel and the front."""
        return self.flap + self.height

    @property
    def foot(self) -> float:
        """The net's bottom edge, which is the base piece's top."""
        return 2 * self.fold

    @property
    def size(self) -> tuple[float, float]:
        """The width and height of both pieces together."""
        return self.width + BASE_EXTRA, self.foot + self.base

    def scores(self) -> tuple[tuple[tuple[float, float], tuple[float, float]], ...]:
        """The folds across the net: the back's flap, the figure's top, the front's flap."""
        left, right = self.left, self.left + self.width
        return tuple(((left, y), (right, y)) for y in (self.flap, self.fold, self.fold + self.height))

    def front(self) -> Box:
        return self.left, self.fold, self.width, self.height

    def back(self) -> Box:
        return self.left, self.flap, self.width, self.height

    def glue(self) -> Box:
        """The back's flap, glued under the base."""
        return self.left, 0.0, self.width, self.flap

    def outline(self) -> tuple[tuple, ...]:
        """The cut round both pieces: the net's sides and top, down onto the base piece,
        whose top edge is also the net's bottom; then round the base piece."""
        left, right, foot = self.left, self.left + self.width, self.foot
        width, bottom = self.width + BASE_EXTRA, self.foot + self.base
        net = (("M", left, foot), ("L", left, 0.0), ("L", right, 0.0), ("L", right, foot))
        base = (("M", 0.0, foot), ("L", width, foot), ("L", width, bottom), ("L", 0.0, bottom), ("Z",))
        return net + base

    def slit(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Across the middle of the base piece, centred under the figure."""
        y, half = self.foot + self.base / 2, (self.width + SLIT_EXTRA) / 2
        middle = (self.width + BASE_EXTRA) / 2
        return (middle - half, y), (middle + half, y)


def standee_net(layout: Layout) -> StandeeNet:
    """The net of a figure of the layout's size, with its params' flap and base depths: a
    flap deeper than half the base would show past its edge."""
    flap, base = float(layout.params.get("flap", FLAP)), float(layout.params.get("base", BASE))
    if flap > base / 2:
        place = layout.params.loc_of("flap") if "flap" in layout.params else layout.params.loc_of("base")
        raise SourceError(
            place,
            f"a flap {flap:g} mm deep would show past a base {base:g} mm deep: "
            f"expected a flap at most half the base's depth, {base / 2:g} mm",
        )
    return StandeeNet(layout.width, layout.height, flap, base)


class StandeeScene(Scene):
    """A standee's pieces, with its net (for the paper's fit)."""

    net: StandeeNet | None = None


class StandeeKind(ComponentKind):
    name = "standee"
    label = "standees"
    assembly = (
        "fold the panels back to back, push both flaps down through the base's slit, spread them under it "
        "and glue the grey flap to its underside",
    )
    item = ShownItem
    own_outline = True
    stock = "card"
    params_schema = closed({"flap": POSITIVE_LENGTH, "base": POSITIVE_LENGTH})

    def reads(self, layout: Layout, items: Sequence[LocMap], ctx: LayoutContext) -> frozenset[str]:
        """The title and count, and what the layout's elements show."""
        return frozenset({"title", "count", *layout_fields(layout)})

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        net = standee_net(layout)
        name = self.title(item)
        scene = StandeeScene(*net.size, name=name, net=net)
        front, back = self._sides(item, layout, ctx)
        scene.add(*self._panels(front, back, layout, net))
        x, y, w, h = net.glue()
        scene.add(Rect(x, y, w, h, GLUE_STYLE), Group(glue_word(w, h), (1, 0, 0, 1, x, y)))
        scene.add(*(Polyline(score, line_style("score")) for score in net.scores()))
        scene.add(Polyline(net.slit(), line_style("slit")))
        scene.add(Path(net.outline(), line_style("cut")))
        # A shop prints the figure as a two-sided piece of its own, its base a stand it sells.
        return Faces(scene, pieces=(Faces(front, back),))

    def _sides(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> tuple[Scene, Scene]:
        """The figure's front and back, each the layout's size with its bleed."""
        name = self.title(item)
        front = element_face(layout, layout.elements, layout.background, item, ctx, name)
        back_background = layout.back_background or layout.background
        return front, element_face(layout, layout.back_elements, back_background, item, ctx, name)

    def _panels(self, front: Scene, back: Scene, layout: Layout, net: StandeeNet) -> list[Item]:
        """The front's art and the back's, each clipped to its panel and run into the bleed
        past the net's cut sides (never over a fold); the back turned to read upright once
        folded over the figure's top."""
        clip = (-layout.bleed, 0.0, net.width + 2 * layout.bleed, net.height)
        x, y, _, _ = net.front()
        bx, by, bw, bh = net.back()
        return [
            Group(tuple(front.items), (1, 0, 0, 1, x, y), clip=clip),
            Group(tuple(back.items), (-1, 0, 0, -1, bx + bw, by + bh), clip=clip),
        ]

    def too_large(self, scene: Scene, room: tuple[float, float]) -> str:
        """The size of figure whose pieces fill the printable `room`: one that size fits."""
        if not isinstance(scene, StandeeScene) or scene.net is None:
            return ""
        net, (room_w, room_h) = scene.net, room
        widest, tallest = room_w - BASE_EXTRA, (room_h - net.base) / 2 - net.flap
        if widest <= 0 or tallest <= 0:
            return "no standee with this base fits on this paper"
        return f"a figure up to {widest:.1f} mm wide and {tallest:.1f} mm tall fits it"


STANDEE = StandeeKind()
