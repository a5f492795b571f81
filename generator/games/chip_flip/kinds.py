"""Chip Flip's printable kinds: the board, and two-sided chips (plain and numbered).

The board is drawn as South sees it: row 1 (South's home row) at the bottom, column a on
the left, so a1 is the dark bottom-left square and the dark squares, (row + column) even,
are where the engine puts chips. It is far larger than a sheet: imposition tiles it.

A chip's sides are its layout's elements (chip-flip-chip.yaml, in this package's layouts/
with the board's and the built-in icons), placed from the disc's centre and filled from
each side's icon and value, so a game folder restyles them with `extends`; the ring, the
icon drawn and the underline of a 6 or 9 are computed elements. A chip is printed one of
two ways, chosen by its layout's `style`:
- fold-over: one component holding both faces, two discs one above the other, joined by a
  narrow bridge at the point where they touch; the score line crosses the bridge there, as
  the common tangent of the two circles. Cut round the outline, fold, glue. The lower disc is
  printed turned 180 degrees so it reads upright once folded and the chip turned over.
- duplex: the front face on a fronts sheet, the back face on the backs sheet that follows
  it (imposition mirrors the backs' places for a long-edge flip); both faces' colour runs
  past the cut circle so a slightly misregistered back still fills the disc.
"""

import math
from pathlib import Path as FilePath

from generator.findings import error
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.elements import draw_elements, text_style, with_fields
from generator.layout.images import Card
from generator.layout.scene import Box, Circle, Group, Icon, Item, Path, Polyline, Rect, Scene, Style, Text, line_style
from generator.layout.text import fit_text, font_style, line_width
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.layout_model import ComputedElement, Layout, TextElement
from generator.sources.layouts import FONT_SPEC
from generator.sources.schema import COLOUR, LENGTH, closed
from generator.units import PT

from .icons import USER_ICON
from .items import BoardItem, ChipItem, NumberedChipItem

#: A user icon is drawn by its file name under the game folder's icons/ (a plain name).
#: Digits as they read turned 180 degrees.
_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}

#: Ink-saver hatching of the dark squares: line pitch and width (mm).
HATCH_PITCH = 1.4
HATCH_WIDTH = 0.5


class BoardKind(ComponentKind):
    name = "board"
    tileable = True
    label = "board"
    item = BoardItem
    params_schema = closed(
        {"border": LENGTH, "border_fill": COLOUR, "frame": COLOUR, "label": FONT_SPEC},
        ["border", "border_fill", "frame", "label"],
    )

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        params = layout.params
        s = positive_length(item, "square")
        border = params["border"]
        rows, cols = item["rows"], item["columns"]
        width, height = cols * s + 2 * border, rows * s + 2 * border
        scene = Scene(width, height, name=item["name"])
        if not ctx.ink_saver:
            scene.add(Rect(0, 0, width, height, Style(fill=params["border_fill"])))
        scene.add(*_squares(item, s, border, ctx.ink_saver))
        scene.add(Rect(border, border, cols * s, rows * s, Style(stroke=params["frame"], stroke_width=1.0 * PT)))
        scene.add(*_board_labels(rows, cols, s, border, width, height, params["label"]))
        scene.seams = (tuple(border + k * s for k in range(cols + 1)), tuple(border + k * s for k in range(rows + 1)))
        return Faces(scene)


def _squares(item: LocMap, s: float, border: float, ink_saver: bool) -> list[Item]:
    """The squares, dark where (row + column) is even; for the ink saver the light ones are
    left white and the dark ones hatched."""
    rows, cols = item["rows"], item["columns"]
    items: list[Item] = []
    for row in range(rows):
        for col in range(cols):
            x, y = square_box(row, col, rows, s, border)
            dark = (row + col) % 2 == 0
            if ink_saver and dark:
                items.append(hatch(x, y, s, item["dark"]))
            elif not ink_saver:
                items.append(Rect(x, y, s, s, Style(fill=item["dark"] if dark else item["light"])))
    return items


def hatch(x: float, y: float, s: float, colour: str) -> Group:
    """A dark square for the ink saver (light squares and the border are left white):
    diagonal lines inking about half the square, clearly darker than the white beside it."""
    style = Style(stroke=colour, stroke_width=HATCH_WIDTH)
    lines = tuple(
        Polyline(((x + t, y), (x + t - s, y + s)), style) for t in _steps(HATCH_PITCH / 2, 2 * s, HATCH_PITCH)
    )
    return Group(lines, clip=(x, y, s, s))


def _steps(start: float, stop: float, step: float) -> list[float]:
    return [start + n * step for n in range(int((stop - start) / step) + 1)]


def square_box(row: int, col: int, rows: int, s: float, border: float) -> tuple[float, float]:
    """Top-left corner of a square: row 0 at the bottom (South's side), column 0 at the left."""
    return border + col * s, border + (rows - 1 - row) * s


def positive_length(values: LocMap, key: str) -> float:
    """A length (in mm, as an item's and a layout's params are read) that must be more than
    nothing to draw with; SourceError at it if not."""
    value = float(values[key])
    if value <= 0:
        raise SourceError(values.loc_of(key), f"{key} must be longer than 0mm, not {value:g}mm")
    return value


def column_name(col: int) -> str:
    """a, b, ... z, then aa, ab, ... as spreadsheets count (a board is normally 8 wide)."""
    name, col = "", col + 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(ord("a") + rest) + name
    return name


def _board_labels(
    rows: int, cols: int, s: float, border: float, width: float, height: float, spec: LocMap
) -> list[Item]:
    """Column letters and row numbers in the border: upright for South (below and left of
    the squares) and, for North, the same labels turned 180 degrees above and right of them,
    each still beside its own column or row."""
    style = font_style(spec, align="center", valign="middle")
    boxes: list[tuple[str, Box, Box]] = []  # (text, South's box, North's box)
    for col in range(cols):
        x = border + col * s
        boxes.append((column_name(col), (x, height - border, s, border), (x, 0, s, border)))
    for row in range(rows):
        _, y = square_box(row, 0, rows, s, border)
        boxes.append((str(row + 1), (0, y, border, s), (width - border, y, border, s)))
    items: list[Item] = []
    for text, south, (x, y, w, h) in boxes:
        items += fit_text(text, *south, style).items
        turned = fit_text(text, x, y, w, h, style).items
        items.append(Group(tuple(turned), (-1, 0, 0, -1, 2 * x + w, 2 * y + h)))
    return items


class ChipKind(ComponentKind):
    """A basic chip: the owner's icon on the front, the opponent's on the back. Each side is
    the layout's elements (chip-flip-chip), placed from the disc's centre on a disc
    `art_diameter` wide and scaled to the chip's own; the disc, the ring, the icon drawn and
    the underline of a 6 or 9 are computed."""

    name = "chip"
    own_outline = True  # a disc, or two discs at a hinge: their round cut lines are drawn
    label = "chips"
    #: NumberedChipKind's is NumberedChipItem, whose sides must be numbered ones.
    item: type[ChipItem] | type[NumberedChipItem] = ChipItem
    params_schema = closed(
        {
            "style": {"enum": ["fold-over", "duplex"]},
            "margin": LENGTH,
            "hinge": LENGTH,
            "bleed": LENGTH,
            "face": COLOUR,
            "ring": COLOUR,
            "art_diameter": LENGTH,
        },
        ["style", "margin", "hinge", "bleed", "face", "ring", "art_diameter"],
    )

    def title(self, item: LocMap) -> str:
        return f"{item['owner']} chip on {item['square']}"

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        params = layout.params
        look = ChipLook(params, positive_length(item, "diameter"))
        front, back = (self._side(item, side, look, layout, ctx) for side in ("front", "back"))
        name = self.title(item)
        if params["style"] == "duplex":
            return Faces(look.duplex_face(front, name, cut=True), look.duplex_face(back, name, cut=False))
        return Faces(look.fold_over(front, back, name))

    def _side(self, item: LocMap, side: str, look: "ChipLook", layout: Layout, ctx: LayoutContext) -> list[Item]:
        """What one side shows, centred on (0, 0) at the chip's size: the layout's elements
        filled from the side's fields (`icon`, `value`, `numbered`) over the item's."""
        face = item[side]
        places = {key: face.loc_of(key) for key in face}
        fields = with_fields(item, places, side=side, numbered="value" in face, **face)

        def computed(element: ComputedElement, entry: LocMap) -> list[Item]:
            return self._computed(element, entry, face, look, layout, ctx)

        art = draw_elements(layout.elements, fields, ctx, self.title(item), Card.of(layout), computed)
        return look.at_size(art)

    def _computed(
        self,
        element: ComputedElement,
        fields: LocMap,
        face: LocMap,
        look: "ChipLook",
        layout: Layout,
        ctx: LayoutContext,
    ) -> list[Item]:
        if element.draw == "ring":
            return [look.ring()]
        if element.draw == "icon":
            icon = resolve_icon(face, ctx, self.title(fields), fields["side"])
            return [Icon(icon, *element.box)] if icon else []
        if element.draw == "underline":
            return underline(element, fields, layout)
        raise SourceError(element.loc, f"a {self.name} computes no {element.draw!r}")


class NumberedChipKind(ChipKind):
    """An advanced-play chip: each side shows its icon and its value."""

    name = "numbered-chip"
    label = "numbered chips"
    item = NumberedChipItem


def underline(element: ComputedElement, fields: LocMap, layout: Layout) -> list[Item]:
    """A line under the value when it reads as another number turned upside down (6 and 9),
    as wide as the layout's text element `value` draws it and in its colour: the element's
    `y` below the value's baseline, `height` thick."""
    text = str(fields.get("value", ""))
    if not text or not reads_otherwise_turned(text):
        return []
    shown = [e for e in layout.elements if isinstance(e, TextElement) and e.name == "value"]
    if not shown:
        raise SourceError(element.loc, "an underline goes under a text element named 'value', and the layout has none")
    value = shown[0]
    fitted = fit_text(text, *value.box, text_style(value))
    half = line_width(text, value.font, fitted.size) / 2
    centre = value.x + value.width / 2
    y = max(item.y for item in fitted.items if isinstance(item, Text)) + element.y
    style = Style(stroke=text_style(value).colour, stroke_width=element.height)
    return [Polyline(((centre - half, y), (centre + half, y)), style)]


def reads_otherwise_turned(text: str) -> bool:
    """True when the digits turned 180 degrees read as a different number (6 as 9, 16 as 91)."""
    if not all(digit in _TURNED for digit in text):
        return False
    turned = "".join(_TURNED[digit] for digit in reversed(text))
    return turned != text and not turned.startswith("0")


def resolve_icon(face: LocMap, ctx: LayoutContext, component: str, side: str) -> str | None:
    """The Icon name a side's icon draws with: a built-in name, or the file name of an SVG
    in the game folder's icons/ (the build looks there first). None, with an L002 finding,
    when it does not resolve."""
    icon = face["icon"]
    match = USER_ICON.match(FilePath(icon).as_posix())
    name = match.group(1) if match else icon
    if not icon.endswith(".svg") or match:
        if ctx.icon_path(name) is not None:
            return name
    where = "icons/ of the game folder" if icon.endswith(".svg") else "the built-in icons"
    ctx.findings.append(
        error(
            "L002",
            f"icon {icon!r} on the {side} of {component!r} has no file "
            f"to draw (looked in {where}; a chip's own SVG goes in the game "
            "folder's icons/, e.g. icons/boots.svg)",
            face.loc_of("icon"),
        )
    )
    return None


class ChipLook:
    """The measurements and colours of one chip, from its layout params and diameter."""

    def __init__(self, params: LocMap, diameter: float):
        self.r = diameter / 2
        self.margin = params["margin"]
        #: The bridge is never wider than the radius, so it always meets both circles.
        self.hinge = min(params["hinge"], self.r)
        self.bleed = params["bleed"]
        self.face = params["face"]
        self.ring_colour = params["ring"]
        #: How much larger this chip is than the disc the layout's elements are placed on.
        self.scale = diameter / positive_length(params, "art_diameter")

    @property
    def cell(self) -> float:
        """Width of the component: the disc and its margin on both sides."""
        return 2 * (self.r + self.margin)

    def ring(self) -> Circle:
        """The ring 2 mm inside the chip's edge, in the elements' frame (before scaling)."""
        return Circle(
            0, 0, (self.r - 2.0) / self.scale, Style(stroke=self.ring_colour, stroke_width=0.6 * PT / self.scale)
        )

    def at_size(self, art: list[Item]) -> list[Item]:
        """A side's elements scaled from the layout's disc to this chip's."""
        if self.scale == 1:
            return art
        return [Group(tuple(art), (self.scale, 0, 0, self.scale, 0, 0))]

    def duplex_face(self, art: list[Item], name: str, cut: bool) -> Scene:
        """One side in its own square cell; the front carries the cut circle."""
        c = self.cell / 2
        scene = Scene(self.cell, self.cell, name=name)
        scene.add(Circle(c, c, self.r + self.bleed, Style(fill=self.face)))
        scene.add(Group(tuple(art), (1, 0, 0, 1, c, c)))
        if cut:
            scene.add(Circle(c, c, self.r, line_style("cut")))
        return scene

    def fold_over(self, front: list[Item], back: list[Item], name: str) -> Scene:
        """Both sides in one tall cell: front disc above, back disc below (turned 180
        degrees), the discs touching at the hinge point on the score line."""
        r, cx = self.r, self.cell / 2
        top, bottom = self.margin + r, self.margin + 3 * r
        hinge_y = self.margin + 2 * r
        half = self.hinge / 2
        scene = Scene(self.cell, self.cell + 2 * r, name=name)
        fill = Style(fill=self.face)
        scene.add(
            Circle(cx, top, r + self.bleed, fill),
            Circle(cx, bottom, r + self.bleed, fill),
            Rect(cx - half - self.bleed, top, self.hinge + 2 * self.bleed, 2 * r, fill),
        )
        scene.add(Group(tuple(front), (1, 0, 0, 1, cx, top)))
        scene.add(Group(tuple(back), (-1, 0, 0, -1, cx, bottom)))
        scene.add(Path(fold_outline(cx, top, bottom, r, half), line_style("cut")))
        scene.add(Polyline(((cx - half, hinge_y), (cx + half, hinge_y)), line_style("score")))
        return scene


def fold_outline(cx: float, top: float, bottom: float, r: float, half: float) -> tuple[tuple, ...]:
    """The cut outline of a fold-over chip: the upper circle from the bridge's right edge
    round over the top to its left edge, down the bridge's left edge, the lower circle round
    under the bottom, and up the bridge's right edge. The circles touch at the hinge."""
    alpha = math.atan2(math.sqrt(r * r - half * half), half)
    sweep = -math.pi - 2 * alpha
    upper = arc(cx, top, r, alpha, sweep)
    lower = arc(cx, bottom, r, alpha - math.pi, sweep)
    return (*upper, ("L", *lower[0][1:]), *lower[1:], ("Z",))


def arc(cx: float, cy: float, r: float, start: float, sweep: float) -> list[tuple]:
    """A circular arc as ("M", ...) and cubic Bezier ("C", ...) commands, at most 90 degrees
    a segment; angles in radians, y down (a positive sweep turns clockwise on the page)."""
    n = max(1, math.ceil(abs(sweep) / (math.pi / 2) - 1e-9))
    step = sweep / n
    k = 4 / 3 * math.tan(step / 4)

    def point(a: float) -> tuple[float, float]:
        return cx + r * math.cos(a), cy + r * math.sin(a)

    commands: list[tuple] = [("M", *point(start))]
    for i in range(n):
        a0, a1 = start + i * step, start + (i + 1) * step
        (x0, y0), (x1, y1) = point(a0), point(a1)
        c1 = (x0 - k * r * math.sin(a0), y0 + k * r * math.cos(a0))
        c2 = (x1 + k * r * math.sin(a1), y1 - k * r * math.cos(a1))
        commands.append(("C", *c1, *c2, x1, y1))
    return commands


KINDS = (BoardKind(), ChipKind(), NumberedChipKind())
