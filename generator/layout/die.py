"""The `die` kind: a paper die, a cube net whose six faces are drawn from data.

An item lists its six `faces`, each a mapping of the fields the layout's elements show
(`{value: "1"}`, `{icon: d6-3}`), and the cube's edge, `size` (16 mm by default). The net
is a cross, a strip of four squares with one square above and one below the second; with
the edge as the unit and x right, y down, each face sits in the square (column, row):

              [1]
         [2]  [0]  [3]  [5]
              [4]

Squares two apart in a straight line, with a square between them, fold opposite each
other, so faces[0] and faces[5], faces[1] and faces[4], and faces[2] and faces[3] end on
opposite sides: data listing 1 to 6 makes a standard die, its opposite faces summing to
7, and 1, 2 and 3 run anticlockwise round their shared corner as on a Western die.

Of the fourteen free edges of the net, seven carry a glue tab, one for each seam of the
cube: both long edges of [2], [3] and [5], and the outer end of [5]. Each tab is a
trapezoid TAB deep (less on a small die), its ends sloping in at 45 degrees so tabs meeting
inside a corner clear each other. The outline round faces and tabs is cut; the edges
between two faces and between a face and a tab are scored: twelve lines, one for each edge
of the cube. The tabs are glue areas (role `glue`).

Each face is laid out with the layout at the die's size (percentages follow the die), its
`background` filling the face and its elements reading the face's fields over the die's.
"""

from dataclasses import dataclass
from typing import Annotated, Literal

from msgspec import Struct

from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import element_face
from generator.layout.elements import with_fields
from generator.layout.glue import glue_word
from generator.layout.scene import GLUE_STYLE, Group, Icon, Item, Path, Polyline, Scene, line_style
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.items import Item as SourceItem
from generator.sources.items import Name, PositiveLength, read_item, rule
from generator.sources.layout_model import CardSize, ComputedElement, Layout
from generator.units import PT

#: How deep a glue tab is, at most: a third of the edge on a die under 15 mm.
TAB = 5.0
#: The faces of a cube.
SIDES = 6
#: The square of the net each face is drawn in, in the order the item lists the faces.
CELLS: tuple[tuple[int, int], ...] = ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2), (3, 1))
#: The net's size in squares: the strip's length, and the cross's height.
COLUMNS, ROWS = 4, 3

Side = Literal["top", "right", "bottom", "left"]


class Edge(Struct, frozen=True):
    """One side of a square of the net."""

    cell: tuple[int, int]
    side: Side


#: The net's free edges, clockwise from the top square's top, and whether each carries a
#: tab. The tabs' partners: [3] top and [1] right, [5] top and [1] top, [5] right and [2]
#: left, [5] bottom and [4] bottom, [3] bottom and [4] right, [2] bottom and [4] left, [2]
#: top and [1] left: each seam once.
PERIMETER: tuple[tuple[Edge, bool], ...] = (
    (Edge((1, 0), "top"), False),
    (Edge((1, 0), "right"), False),
    (Edge((2, 1), "top"), True),
    (Edge((3, 1), "top"), True),
    (Edge((3, 1), "right"), True),
    (Edge((3, 1), "bottom"), True),
    (Edge((2, 1), "bottom"), True),
    (Edge((1, 2), "right"), False),
    (Edge((1, 2), "bottom"), False),
    (Edge((1, 2), "left"), False),
    (Edge((0, 1), "bottom"), True),
    (Edge((0, 1), "left"), False),
    (Edge((0, 1), "top"), True),
    (Edge((1, 0), "left"), False),
)
#: The edges between two faces: the strip's three, and the two of the squares beside it.
BETWEEN: tuple[Edge, ...] = (
    Edge((0, 1), "right"),
    Edge((1, 1), "right"),
    Edge((2, 1), "right"),
    Edge((1, 0), "bottom"),
    Edge((1, 1), "bottom"),
)
#: Each side's ends, clockwise round its square, in units of the edge from its top left.
_ENDS: dict[Side, tuple[tuple[int, int], tuple[int, int]]] = {
    "top": ((0, 0), (1, 0)),
    "right": ((1, 0), (1, 1)),
    "bottom": ((1, 1), (0, 1)),
    "left": ((0, 1), (0, 0)),
}

Point = tuple[float, float]


@dataclass(frozen=True, kw_only=True)
class DieFaceItem(SourceItem):
    """One face: the fields its layout's elements show, as text."""

    extra = str


@dataclass(frozen=True, kw_only=True)
class DieItem(SourceItem):
    """A die: its title, its six faces, and its edge."""

    title: Name
    #: Six faces; faces[0] and [5], [1] and [4], [2] and [3] fold opposite each other.
    faces: tuple[DieFaceItem, ...]
    #: The cube's edge.
    size: PositiveLength = PositiveLength(16.0)
    count: Annotated[int, rule(minimum=0, maximum=100)] = 1


class DieNet(Struct, frozen=True):
    """The net of a die of edge `size` (mm), from its top left, x right and y down."""

    size: float

    @property
    def tab_depth(self) -> float:
        return min(TAB, self.size / 3)

    @property
    def width(self) -> float:
        """The strip, and the tab off its far end."""
        return COLUMNS * self.size + self.tab_depth

    @property
    def height(self) -> float:
        return ROWS * self.size

    def square(self, cell: tuple[int, int]) -> tuple[float, float, float, float]:
        """A face's square (x, y, w, h)."""
        column, row = cell
        return column * self.size, row * self.size, self.size, self.size

    def ends(self, edge: Edge) -> tuple[Point, Point]:
        """An edge's ends, clockwise round its square."""
        column, row = edge.cell
        s = self.size
        (ax, ay), (bx, by) = _ENDS[edge.side]
        return ((column + ax) * s, (row + ay) * s), ((column + bx) * s, (row + by) * s)

    def tab_corners(self, edge: Edge) -> tuple[Point, Point]:
        """The outer corners of the tab on an edge: `tab_depth` out from it, and as far in
        from each end."""
        (ax, ay), (bx, by) = self.ends(edge)
        ux, uy = (bx - ax) / self.size, (by - ay) / self.size
        nx, ny = uy, -ux  # outwards, for an edge taken clockwise (y down)
        t = self.tab_depth
        return (ax + t * (nx + ux), ay + t * (ny + uy)), (bx + t * (nx - ux), by + t * (ny - uy))

    def outline(self) -> tuple[tuple, ...]:
        """The cut round faces and tabs, one closed path, clockwise."""
        points: list[Point] = []
        for edge, tabbed in PERIMETER:
            start, _ = self.ends(edge)
            points.append(start)
            if tabbed:
                points.extend(self.tab_corners(edge))
        first, *rest = points
        return (("M", *first), *(("L", *point) for point in rest), ("Z",))

    def tabbed(self) -> list[Edge]:
        return [edge for edge, has_tab in PERIMETER if has_tab]

    def tab_path(self, edge: Edge) -> tuple[tuple, ...]:
        """The glue tab on an edge, a closed trapezoid."""
        (a, b), (c, d) = self.ends(edge), self.tab_corners(edge)
        return (("M", *a), ("L", *c), ("L", *d), ("L", *b), ("Z",))

    def tab_centre(self, edge: Edge) -> tuple[float, float, bool]:
        """The middle of the tab on an edge, and whether the tab runs up the page."""
        (ax, ay), (bx, by) = self.ends(edge)
        (cx, cy), (dx, dy) = self.tab_corners(edge)
        return (ax + bx + cx + dx) / 4, (ay + by + cy + dy) / 4, edge.side in ("left", "right")

    def folds(self) -> list[tuple[Point, Point]]:
        """The scored lines: between two faces, and where each tab folds."""
        return [self.ends(edge) for edge in (*BETWEEN, *self.tabbed())]


class DieKind(ComponentKind):
    name = "die"
    label = "dice"
    assembly = (
        "fold every scored line the same way, glue each tab inside its neighbour, close the last face on its tabs",
    )
    item = DieItem
    own_outline = True
    stock = "card"

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        net = DieNet(read_item(DieItem, item).size)
        scene = Scene(net.width, net.height, name=self.title(item))
        faces = self.faces(item, layout, ctx)
        for face, cell in zip(faces, CELLS, strict=True):
            x, y, w, h = net.square(cell)
            scene.add(Group(tuple(face.items), (1, 0, 0, 1, x, y), clip=(0, 0, w, h)))
        scene.add(*(Path(net.tab_path(edge), GLUE_STYLE) for edge in net.tabbed()))
        scene.add(*(word for edge in net.tabbed() for word in _glue_word(net, edge)))
        score = line_style("score")
        scene.add(*(Polyline(fold, score) for fold in net.folds()))
        scene.add(Path(net.outline(), line_style("cut")))
        # A shop prints each face on a die of its own (The Game Crafter's custom dice).
        return Faces(scene, pieces=tuple(Faces(face) for face in faces))

    def faces(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> list[Scene]:
        """The six faces, in the item's order, each laid out at the die's size."""
        die = read_item(DieItem, item)
        if len(die.faces) != SIDES:
            raise SourceError(
                die.loc_of("faces"), f"a die has {SIDES} faces: expected a list of {SIDES}, got {len(die.faces)}"
            )
        sized = ctx.layout(layout.name, self, layout.loc, CardSize(die.size, die.size))
        return [self._face(item, face.source, n, sized, ctx) for n, face in enumerate(die.faces, 1)]

    def _face(self, item: LocMap, face: LocMap, number: int, layout: Layout, ctx: LayoutContext) -> Scene:
        """One face: the layout's background and elements, filled from the face's fields
        over the die's."""
        fields = with_fields(item, {key: face.loc_of(key) for key in face}, **face)

        def computed(element: ComputedElement, entry: LocMap) -> list[Item]:
            return _computed(element, entry, ctx)

        name = f"{self.title(item)}, face {number}"
        return element_face(layout, layout.elements, layout.background, fields, ctx, name, computed)


def _glue_word(net: DieNet, edge: Edge) -> list[Group]:
    """GLUE along the tab on an edge, reading up a tab that runs up the page; none where the
    word does not fit (a small die's tabs are grey alone)."""
    length, depth = net.size - net.tab_depth, net.tab_depth
    shown = glue_word(length, depth, 5 * PT)
    if not shown:
        return []
    x, y, upright = net.tab_centre(edge)
    centred = Group(shown, (1, 0, 0, 1, -length / 2, -depth / 2))
    return [Group((centred,), (0, -1, 1, 0, x, y) if upright else (1, 0, 0, 1, x, y))]


def _computed(element: ComputedElement, fields: LocMap, ctx: LayoutContext) -> list[Item]:
    """What the die's layout computes: `icon`, the face's icon in the element's box (nothing
    on a face without one)."""
    if element.draw != "icon":
        raise SourceError(element.loc, f"a die computes no {element.draw!r}: only 'icon'")
    if "icon" not in fields:
        return []
    name = str(fields["icon"])
    if ctx.icon_path(name) is None:
        raise SourceError(
            fields.loc_of("icon"), f"no icon file {name}.svg in the game's icons/ or the shipped layouts/icons/"
        )
    return [Icon(name, *element.box)]


DIE = DieKind()
