"""Scenes: plain data, positioned primitives in millimetres, y growing downwards.

Geometry is decided once, here and in sheets/; the writers only write. A primitive that is
a line carries a role (`cut`, `score`, `slit`, `crop`, `guide`), an area to glue the role
`glue`; everything else is `art`.
"""

import hashlib
import struct
from collections.abc import Iterator, Sequence
from operator import attrgetter

from msgspec import Struct, field
from msgspec.structs import replace

from generator.text.shaping import Shaped
from generator.units import PT

#: Drawing order, and one SVG layer each. "halo" holds the white under-strokes of the lines
#: that are cut or folded along (see HALO_ROLES), between the art and the lines, so hiding
#: the art and the halos leaves the lines alone, each drawn once. "glue" marks the areas
#: glued in assembly (a box's side seam, a die's tabs), over the art.
ROLES = ("art", "glue", "halo", "guide", "score", "slit", "cut", "crop")
#: Roles whose SVG layer is written only on a sheet that has some: most sheets glue nothing.
OPTIONAL_ROLES = frozenset({"glue"})

#: No stroke is thinner than 0.25 pt; cutting lines are a little heavier to find with a blade.
MIN_STROKE = 0.25 * PT
LINE_WIDTH = {"cut": 0.4 * PT, "slit": 0.4 * PT, "score": 0.4 * PT, "crop": MIN_STROKE, "guide": MIN_STROKE}
LINE_DASH = {"score": (3.0, 2.0), "guide": (1.0, 1.0)}
LINE_COLOUR = {"cut": "#000000", "slit": "#000000", "score": "#000000", "crop": "#000000", "guide": "#00a0e0"}
#: Lines that are cut or folded along run over art, dark fills included: each is drawn over a
#: white halo this much wider on either side, so it shows on black as well as on white.
HALO_ROLES = ("cut", "slit", "score")
HALO_COLOUR = "#ffffff"
HALO_WIDTH = 0.45 * PT


class Style(Struct, frozen=True):
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    dash: tuple[float, ...] | None = None
    role: str = "art"
    #: The colour of a solid under-stroke HALO_WIDTH wider on each side, drawn under the line (halo layer).
    halo: str | None = None

    @property
    def halo_style(self) -> "Style":
        """The under-stroke of a haloed line: solid, no fill, in the halo layer."""
        return Style(stroke=self.halo, stroke_width=self.stroke_width + 2 * HALO_WIDTH, role="halo")


#: An area glued in assembly: light grey under a dotted edge, the same wherever it is (the
#: checklist says "glue each grey area").
GLUE_STYLE = Style(fill="#d9d9d9", stroke="#7a7a7a", stroke_width=MIN_STROKE, dash=(1.0, 1.0), role="glue")


def line_style(role: str) -> Style:
    """The look of a cutting/folding line of that role."""
    halo = HALO_COLOUR if role in HALO_ROLES else None
    return Style(
        stroke=LINE_COLOUR[role], stroke_width=LINE_WIDTH[role], dash=LINE_DASH.get(role), role=role, halo=halo
    )


class Rect(Struct, frozen=True):
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


class Circle(Struct, frozen=True):
    cx: float
    cy: float
    r: float
    style: Style


class Polyline(Struct, frozen=True):
    points: tuple[tuple[float, float], ...]
    style: Style
    closed: bool = False


class Path(Struct, frozen=True):
    """Commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)."""

    commands: tuple[tuple, ...]
    style: Style


#: A shaped run's tag (Shaped.tag), as Text.packed reads it of each run.
_TAG = attrgetter("tag")


class Text(Struct, frozen=True):
    """A stretch of one line in one colour: shaped runs (generator/text/shaping.py), each
    drawn with its pen starting at its offset in mm from x, on the baseline at y. `text` is
    what the stretch reads, in reading order: what a viewer copies and searches."""

    x: float
    y: float
    text: str
    size: float
    runs: tuple[tuple[float, Shaped], ...]
    colour: str = "#000000"
    role: str = "art"

    @property
    def style(self) -> Style:
        return Style(fill=self.colour, role=self.role)

    def __repr__(self) -> str:
        """Everything the text is, written compactly: a sheet's digest reads it, run by run."""
        runs = " ".join(f"{offset!r}{shaped.tag}" for offset, shaped in self.runs)
        return f"Text({self.x!r}, {self.y!r}, {self.size!r}, {self.colour!r}, {self.role!r}, [{runs}])"

    def packed(self) -> bytes:
        """Everything the repr says, as bytes: the numbers in binary (by value: 3 and 3.0
        alike, as every writer writes them), each run's tag after them. What a face's digest
        reads of its texts (items_digest), in half the time of the repr, which spends it
        writing out the digits of every run's offset."""
        offsets, shaped = zip(*self.runs, strict=True) if self.runs else ((), ())
        numbers = struct.pack(f"<I{len(offsets) + 3}d", len(offsets), self.x, self.y, self.size, *offsets)
        return b"Text" + numbers + f"{self.colour!r}{self.role!r}{' '.join(map(_TAG, shaped))}".encode()

    @property
    def width(self) -> float:
        """From x to the end of the last run's advance, in mm."""
        offset, shaped = self.runs[-1]
        return offset + shaped.width * self.size

    def glyphs(self) -> Iterator[tuple[str, int, float, float]]:
        """Every glyph as (face key, glyph id, x, y) in mm, its origin on the page (y down)."""
        for offset, shaped in self.runs:
            pen = self.x + offset
            moves = shaped.offsets or ((0.0, 0.0),) * len(shaped.glyphs)
            for glyph, advance, (dx, dy) in zip(shaped.glyphs, shaped.advances, moves, strict=True):
                yield shaped.face, glyph, pen + dx * self.size, self.y - dy * self.size
                pen += advance * self.size


class Icon(Struct, frozen=True):
    """An SVG icon file drawn into the box (x, y, w, h)."""

    name: str
    x: float
    y: float
    w: float
    h: float
    role: str = "art"

    @property
    def style(self) -> Style:
        return Style(role=self.role)


class Image(Struct, frozen=True):
    """An art file (generator/sources/art.py) stretched over the box (x, y, w, h); a crop is
    a Group's clip around it. `digest` hashes the file's content, so a sheet holding it
    changes (and is drawn again) when the picture does."""

    path: str
    digest: str
    vector: bool
    x: float
    y: float
    w: float
    h: float
    role: str = "art"

    @property
    def style(self) -> Style:
        return Style(role=self.role)


class Group(Struct, frozen=True):
    """Children under an affine transform (a, b, c, d, e, f) and an optional clip rectangle
    (x, y, w, h, in the children's coordinates)."""

    items: tuple["Item", ...]
    transform: tuple[float, float, float, float, float, float] = (1, 0, 0, 1, 0, 0)
    clip: tuple[float, float, float, float] | None = None


#: A box (x, y, width, height) in mm, y downwards.
Box = tuple[float, float, float, float]

#: What a scene draws: the primitives, and groups of them.
Drawn = Rect | Circle | Polyline | Path | Text | Icon | Image
Item = Drawn | Group


def items_digest(items: Sequence[Item]) -> bytes:
    """The items hashed by their reprs, which say everything they draw (a text by its packed
    form, which says the same): what a sheet's digest reads for a face it places whole
    (pipeline/digests.py)."""
    digest = hashlib.sha256()
    for item in items:
        digest.update(item.packed() if isinstance(item, Text) else repr(item).encode())
        digest.update(b"\0")
    return digest.digest()


def translate(items: list[Item] | tuple[Item, ...], dx: float, dy: float) -> Group:
    return Group(tuple(items), (1, 0, 0, 1, dx, dy))


def item_role(item: Drawn) -> str:
    # Text, icons and art carry their role themselves: their `style` is built on each call.
    return item.role if isinstance(item, (Text, Icon, Image)) else item.style.role


def by_role(items: tuple[Item, ...]) -> dict[str, tuple[Item, ...]]:
    """For each of the ROLES in order, the subtree of `items` that it draws, from one walk over
    them: the items of that role in their groups (a group is kept where it holds any); for
    "halo", the under-strokes of the haloed lines. Items of other roles are left out."""
    found: dict[str, list[Item]] = {role: [] for role in ROLES}
    for item in items:
        if isinstance(item, Group):
            for role, children in by_role(item.items).items():
                if children:
                    found[role].append(replace(item, items=children))
            continue
        role = item_role(item)
        if role in found and role != "halo":
            found[role].append(item)
        if isinstance(item, (Rect, Circle, Polyline, Path)) and item.style.halo and item.style.stroke:
            found["halo"].append(replace(item, style=item.style.halo_style))
    return {role: tuple(subtree) for role, subtree in found.items()}


def without_roles(items: tuple[Item, ...], roles: tuple[str, ...]) -> tuple[Item, ...]:
    """The subtree without the items of those roles (groups kept, even when emptied)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            out.append(replace(item, items=without_roles(item.items, roles)))
        elif item_role(item) not in roles:
            out.append(item)
    return tuple(out)


class Scene(Struct):
    """One face of one component: its trim size, its bleed, and what is drawn on it.

    Coordinates run from the top-left corner of the trim box; art may extend into the bleed
    (negative coordinates down to -bleed, and up to width + bleed)."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    bleed: float = 0.0
    name: str = ""
    #: Where a component too large for a sheet had best be split into tiles: the x and the y
    #: (mm) of lines between its parts (a board's spaces), so no seam cuts through one.
    seams: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())

    def add(self, *items: Item) -> None:
        self.items.extend(items)
