"""A layout as frozen typed values: what generator/layout draws, read once from its YAML.

Every length is in millimetres, every element a typed value of its own kind, and every
value that a later finding may point at keeps its file:line:col. A kind's own `params`
are a frozen located mapping, validated by the kind's schema, its lengths in mm: their
meaning is the kind's business.

A layout is made for one card size, its own or the one a component file asks for: an
element's box may be written as percentages of the card, from its right or bottom edge, or
centred (docs/layouts.md, "Boxes that follow the card"), and is resolved here into
millimetres from the card's top left corner, so what draws it never sees the difference.
"""

from typing import Literal

from msgspec import Struct, field

from generator.colour.value import parse_colour
from generator.sources.errors import Loc, SourceError
from generator.sources.frozen import LocMap
from generator.sources.loader import LocDict
from generator.units import parse_length, parse_share


class FromField(Struct, frozen=True):
    """A value taken from the item's field (`fill: {field: colour}`, `shape: {field: shape}`)."""

    field: str


#: A colour as a layout writes it (#rrggbb), or taken from an item's field.
Colour = str | FromField


class CardSize(Struct, frozen=True):
    """A card's trimmed width and height, in mm."""

    width: float
    height: float


#: Each axis of an element's box, as its keys name it: where it starts, how long it is, and
#: how far its far end is from the far edge of what it is placed in.
AXES = (("x", "width", "right"), ("y", "height", "bottom"))
#: `x: center` or `y: center` centres the box on that axis.
CENTER = "center"


class Frame(Struct, frozen=True):
    """What an element's box is measured against: percentages against the card, edges and
    centring against the box it is placed in (the card's trim, or its repeat's box)."""

    card: CardSize
    width: float
    height: float
    #: What it is, for messages: "the card", "repeat 'rents'".
    what: str = "the card"


class Shown(Struct, frozen=True):
    """What a text element shows: an item's `field`, literal `text`, or a `template`."""

    how: Literal["field", "text", "template"]
    value: str
    loc: Loc


class Element(Struct, frozen=True, kw_only=True):
    """One named box of a layout, in mm from the card's top left corner."""

    name: str
    x: float
    y: float
    width: float
    height: float
    loc: Loc
    #: A condition on the item's fields, drawn only when it holds.
    when: str | None = None
    when_loc: Loc | None = None
    z: int = 0

    @property
    def box(self) -> tuple[float, float, float, float]:
        return self.x, self.y, self.width, self.height

    def colours(self) -> tuple[Colour | None, ...]:
        """The element's colours, for what reads the item's fields."""
        return ()


class TextElement(Element, frozen=True, kw_only=True):
    shown: Shown
    #: A font's name, or a chain of them: each character in the first that has it.
    font: str | tuple[str, ...] = "DejaVuSans"
    font_loc: Loc | None = None
    size: float = parse_length("9pt")
    min_size: float = parse_length("6pt")
    leading: float = 1.2
    min_leading: float = 1.0
    align: str = "left"
    valign: str = "top"
    colour: Colour = "#000000"
    #: Put before each entry of a list field, each shown as a paragraph of its own.
    bullet: str = ""
    #: Words may break at hyphenation points, in the game's language.
    hyphenate: bool = False
    #: The colours its styled text may name (`[text]{.name}`): the layout's `colours:`.
    palette: tuple[tuple[str, str], ...] = ()

    def colours(self) -> tuple[Colour | None, ...]:
        return (self.colour,)


class RectElement(Element, frozen=True, kw_only=True):
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = parse_length("0.5pt")
    radius: float = 0.0
    #: `art`, or a line role (cut, score, slit, guide) with its own look.
    role: str = "art"

    def colours(self) -> tuple[Colour | None, ...]:
        return self.fill, self.stroke


class LineElement(Element, frozen=True, kw_only=True):
    """A line from (x, y) to (x + width, y + height)."""

    stroke: Colour = "#000000"
    stroke_width: float = parse_length("0.5pt")
    role: str = "art"

    def colours(self) -> tuple[Colour | None, ...]:
        return (self.stroke,)


class IconElement(Element, frozen=True, kw_only=True):
    icon: str
    icon_loc: Loc


class ImageElement(Element, frozen=True, kw_only=True):
    """A picture: the layout's one `file`, or the file the item's `field` names."""

    file: str | None = None
    field: str | None = None
    source_loc: Loc | None = None
    fit: str = "cover"
    align: str = "center"


class ShapeElement(Element, frozen=True, kw_only=True):
    """A named shape (generator/layout/shapes.py) centred in the box, as large as its
    shorter side."""

    shape: str | FromField
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = parse_length("0.5pt")

    def colours(self) -> tuple[Colour | None, ...]:
        return self.fill, self.stroke


class ComputedElement(Element, frozen=True, kw_only=True):
    """Geometry the kind computes (a trap's teeth, a maze), drawn at this point of the
    drawing order when its `when` holds."""

    draw: str


class RepeatElement(Element, frozen=True, kw_only=True):
    """Its `elements` drawn once per entry of the item's list `field`, placed from the
    repeat's (x, y), each entry `step_x` and `step_y` on from the one before."""

    field: str
    field_loc: Loc
    step_x: float = 0.0
    step_y: float = 0.0
    elements: tuple[Element, ...] = ()


class Layout(Struct, frozen=True):
    """A layout with its `extends` chain resolved and checked."""

    name: str
    width: float
    height: float
    loc: Loc
    bleed: float = 0.0
    gap: float = 0.0
    background: Colour | None = None
    elements: tuple[Element, ...] = ()
    back_background: Colour | None = None
    back_elements: tuple[Element, ...] = ()
    #: The kind's own parameters, validated by its params schema, lengths in mm.
    params: LocMap = field(default_factory=LocMap)
    #: The radius of the card's rounded corners (0: square). Its cut outline is the last of
    #: the front's elements (and of the back's, when there is a back): see `corner_outline`.
    corners: float = 0.0

    @property
    def footprint(self) -> tuple[float, float, float]:
        """Width, height and bleed: what cards printed on one grid share."""
        return self.width, self.height, self.bleed

    def all_elements(self) -> tuple[Element, ...]:
        return self.elements + self.back_elements


def _colour(value: object) -> str | FromField:
    """A colour the schema has checked, in its canonical text (generator/colour/value.py)."""
    if isinstance(value, dict):
        return FromField(value["field"])
    return parse_colour(str(value), names=False) or str(value)


def _optional_colour(spec: LocDict, key: str) -> Colour | None:
    return _colour(spec[key]) if key in spec else None


def _length(spec: LocDict, key: str, default: str) -> float:
    return parse_length(spec.get(key, default))


def _extent(spec: LocDict, key: str, whole: float) -> float | None:
    """A box key in mm (a percentage of the card's `whole` side), or None when not given."""
    if key not in spec:
        return None
    value = parse_share(spec[key])
    return value if isinstance(value, float) else value.of(whole)


def _span(
    spec: LocDict, name: str, axis: tuple[str, str, str], whole: float, room: float, frame: Frame
) -> tuple[float, float]:
    """Where the box starts along one axis and how long it is, in mm: from at most two of
    its start, size and end (layouts.py checks that), percentages of the card's `whole`
    side, the end and `center` within the frame's `room` on this axis."""
    start_key, size_key, end_key = axis
    size, end = _extent(spec, size_key, whole), _extent(spec, end_key, whole)
    if spec.get(start_key) == CENTER or end is not None:
        edge = f"its {end_key} edge" if end is not None else "its centre"
        if room <= 0:
            raise SourceError(
                spec.loc, f"element {name!r} places {edge} in {frame.what}, which has no {size_key}: give it one"
            )
    if spec.get(start_key) == CENTER:
        return (room - (size or 0.0)) / 2, size or 0.0
    start = _extent(spec, start_key, whole)
    if end is None:
        return start or 0.0, size or 0.0
    if size is not None:
        return room - end - size, size
    size = room - end - (start or 0.0)
    if size < 0:
        raise SourceError(
            spec.loc,
            f"element {name!r} has {start_key} and {end_key} that overlap on {frame.what} "
            f"({room:g} mm): {-size:.2f} mm too much",
        )
    return start or 0.0, size


def _box(spec: LocDict, name: str, frame: Frame) -> dict[str, float]:
    """The element's x, y, width and height in mm from its frame's top left corner."""
    (x, width), (y, height) = (
        _span(spec, name, axis, whole, room, frame)
        for axis, whole, room in zip(
            AXES, (frame.card.width, frame.card.height), (frame.width, frame.height), strict=True
        )
    )
    return {"x": x, "y": y, "width": width, "height": height}


def element(name: str, spec: LocDict, frame: Frame, palette: tuple[tuple[str, str], ...] = ()) -> Element:
    """The typed element for a checked element mapping (ELEMENT_SCHEMA, _check_elements),
    its box resolved on `frame`."""
    common = {
        "name": name,
        **_box(spec, name, frame),
        "loc": spec.loc,
        "when": spec.get("when"),
        "when_loc": spec.loc_of("when") if "when" in spec else None,
        "z": spec.get("z", 0),
    }
    kind = spec["type"]
    if kind == "text":
        how: Literal["field", "text", "template"] = next(k for k in ("field", "text", "template") if k in spec)
        size = _length(spec, "size", "9pt")
        leading = spec.get("leading", 1.2)
        return TextElement(
            **common,
            shown=Shown(how, spec[how], spec.loc_of(how)),
            font=_font(spec.get("font", "DejaVuSans")),
            font_loc=spec.loc_of("font") if "font" in spec else spec.loc,
            size=size,
            min_size=min(_length(spec, "min_size", "6pt"), size),
            leading=leading,
            min_leading=min(spec.get("min_leading", 1.0), leading),
            align=spec.get("align", "left"),
            valign=spec.get("valign", "top"),
            colour=_colour(spec.get("colour", "#000000")),
            bullet=spec.get("bullet", ""),
            hyphenate=spec.get("hyphenate", False),
            palette=palette,
        )
    if kind == "rect":
        return RectElement(
            **common,
            fill=_optional_colour(spec, "fill"),
            stroke=_optional_colour(spec, "stroke"),
            stroke_width=_length(spec, "stroke_width", "0.5pt"),
            radius=_length(spec, "radius", "0mm"),
            role=spec.get("role", "art"),
        )
    if kind == "line":
        return LineElement(
            **common,
            stroke=_colour(spec.get("stroke", "#000000")),
            stroke_width=_length(spec, "stroke_width", "0.5pt"),
            role=spec.get("role", "art"),
        )
    if kind == "repeat":
        inner = Frame(frame.card, common["width"], common["height"], f"repeat {name!r}")
        return RepeatElement(
            **common,
            field=spec["field"],
            field_loc=spec.loc_of("field"),
            step_x=_length(spec, "step_x", "0mm"),
            step_y=_length(spec, "step_y", "0mm"),
            elements=tuple(element(n, s, inner, palette) for n, s in spec["elements"].items()),
        )
    if kind == "shape":
        return ShapeElement(
            **common,
            shape=_colour(spec["shape"]),
            fill=_optional_colour(spec, "fill"),
            stroke=_optional_colour(spec, "stroke"),
            stroke_width=_length(spec, "stroke_width", "0.5pt"),
        )
    if kind == "computed":
        return ComputedElement(**common, draw=spec["draw"])
    if kind == "icon":
        return IconElement(**common, icon=spec["icon"], icon_loc=spec.loc_of("icon"))
    source = "file" if "file" in spec else "field"
    return ImageElement(
        **common,
        file=spec.get("file"),
        field=spec.get("field"),
        source_loc=spec.loc_of(source),
        fit=spec.get("fit", "cover"),
        align=spec.get("align", "center"),
    )


def _font(value: str | list[str]) -> str | tuple[str, ...]:
    return value if isinstance(value, str) else tuple(value)


def corner_outline(size: CardSize, corners: float, loc: Loc) -> RectElement:
    """The cut line round a card with rounded corners: a cut-role rectangle on its trim, with
    the corners' radius. Print sheets keep their straight cuts and crop marks (a corner punch
    finishes the corners), the cutter export cuts along it, and the shop exports shape their
    faces by it (generator/export/)."""
    return RectElement(
        name="corners", x=0.0, y=0.0, width=size.width, height=size.height, loc=loc, radius=corners, role="cut", z=100
    )


def layout_of(name: str, data: LocDict, params: LocMap, size: CardSize) -> Layout:
    """The typed layout for a checked layout mapping, with the kind's checked params, made
    for a card of `size`."""
    palette = tuple(sorted((str(k), str(v).lower()) for k, v in data.get("colours", {}).items()))
    frame = Frame(size, size.width, size.height)
    front, back = (
        tuple(element(n, s, frame, palette) for n, s in data.get(key, {}).items())
        for key in ("elements", "back_elements")
    )
    corners = _corners(data, size)
    if corners:  # the cut line goes round every face: the front, and the back when there is one
        outline = (corner_outline(size, corners, data.loc_of("corners")),)
        front = front + outline
        back = back + outline if back else back
    return Layout(
        name=name,
        width=size.width,
        height=size.height,
        loc=data.loc,
        bleed=_length(data, "bleed", "0mm"),
        gap=_length(data, "gap", "0mm"),
        background=_optional_colour(data, "background"),
        elements=front,
        back_background=_optional_colour(data, "back_background"),
        back_elements=back,
        params=params,
        corners=corners,
    )


def _corners(data: LocDict, size: CardSize) -> float:
    """The corners' radius, which at most half the card's shorter side allows."""
    corners = _length(data, "corners", "0mm")
    most = min(size.width, size.height) / 2
    if corners > most:
        raise SourceError(
            data.loc_of("corners"),
            f"corners of {corners:g} mm do not fit a {size.width:g} x {size.height:g} mm card: "
            f"at most half its shorter side, {most:g} mm",
        )
    return corners
