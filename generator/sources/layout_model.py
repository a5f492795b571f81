"""A layout as frozen typed values: what generator/layout draws, read once from its YAML.

Every length is in millimetres, every element a typed value of its own kind, and every
value that a later finding may point at keeps its file:line:col. A kind's own `params`
are a frozen located mapping, validated by the kind's schema, its lengths in mm: their
meaning is the kind's business.
"""

from dataclasses import dataclass, field
from typing import Literal

from generator.sources.errors import Loc
from generator.sources.frozen import LocMap
from generator.sources.loader import LocDict
from generator.units import parse_length


@dataclass(frozen=True)
class FromField:
    """A value taken from the item's field (`fill: {field: colour}`, `shape: {field: shape}`)."""

    field: str


#: A colour as a layout writes it (#rrggbb), or taken from an item's field.
Colour = str | FromField


@dataclass(frozen=True)
class Shown:
    """What a text element shows: an item's `field`, literal `text`, or a `template`."""

    how: Literal["field", "text", "template"]
    value: str
    loc: Loc


@dataclass(frozen=True, kw_only=True)
class Element:
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


@dataclass(frozen=True, kw_only=True)
class TextElement(Element):
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


@dataclass(frozen=True, kw_only=True)
class RectElement(Element):
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = parse_length("0.5pt")
    radius: float = 0.0
    #: `art`, or a line role (cut, score, slit, guide) with its own look.
    role: str = "art"

    def colours(self) -> tuple[Colour | None, ...]:
        return self.fill, self.stroke


@dataclass(frozen=True, kw_only=True)
class LineElement(Element):
    """A line from (x, y) to (x + width, y + height)."""

    stroke: Colour = "#000000"
    stroke_width: float = parse_length("0.5pt")
    role: str = "art"

    def colours(self) -> tuple[Colour | None, ...]:
        return (self.stroke,)


@dataclass(frozen=True, kw_only=True)
class IconElement(Element):
    icon: str
    icon_loc: Loc


@dataclass(frozen=True, kw_only=True)
class ImageElement(Element):
    """A picture: the layout's one `file`, or the file the item's `field` names."""

    file: str | None = None
    field: str | None = None
    source_loc: Loc | None = None
    fit: str = "cover"
    align: str = "center"


@dataclass(frozen=True, kw_only=True)
class ShapeElement(Element):
    """A named shape (generator/layout/shapes.py) centred in the box, as large as its
    shorter side."""

    shape: str | FromField
    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_width: float = parse_length("0.5pt")

    def colours(self) -> tuple[Colour | None, ...]:
        return self.fill, self.stroke


@dataclass(frozen=True, kw_only=True)
class ComputedElement(Element):
    """Geometry the kind computes (a trap's teeth, a maze), drawn at this point of the
    drawing order when its `when` holds."""

    draw: str


@dataclass(frozen=True, kw_only=True)
class RepeatElement(Element):
    """Its `elements` drawn once per entry of the item's list `field`, placed from the
    repeat's (x, y), each entry `step_x` and `step_y` on from the one before."""

    field: str
    field_loc: Loc
    step_x: float = 0.0
    step_y: float = 0.0
    elements: tuple[Element, ...] = ()


@dataclass(frozen=True)
class Layout:
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

    @property
    def footprint(self) -> tuple[float, float, float]:
        """Width, height and bleed: what cards printed on one grid share."""
        return self.width, self.height, self.bleed

    def all_elements(self) -> tuple[Element, ...]:
        return self.elements + self.back_elements


def _colour(value: object) -> str | FromField:
    return FromField(value["field"]) if isinstance(value, dict) else str(value)


def _optional_colour(spec: LocDict, key: str) -> Colour | None:
    return _colour(spec[key]) if key in spec else None


def _length(spec: LocDict, key: str, default: str) -> float:
    return parse_length(spec.get(key, default))


def element(name: str, spec: LocDict, palette: tuple[tuple[str, str], ...] = ()) -> Element:
    """The typed element for a checked element mapping (ELEMENT_SCHEMA, _check_elements)."""
    common = {
        "name": name,
        "x": _length(spec, "x", "0mm"),
        "y": _length(spec, "y", "0mm"),
        "width": _length(spec, "width", "0mm"),
        "height": _length(spec, "height", "0mm"),
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
        return RepeatElement(
            **common,
            field=spec["field"],
            field_loc=spec.loc_of("field"),
            step_x=_length(spec, "step_x", "0mm"),
            step_y=_length(spec, "step_y", "0mm"),
            elements=tuple(element(n, s, palette) for n, s in spec["elements"].items()),
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


def layout_of(name: str, data: LocDict, params: LocMap) -> Layout:
    """The typed layout for a checked layout mapping, with the kind's checked params."""
    palette = tuple(sorted((str(k), str(v).lower()) for k, v in data.get("colours", {}).items()))
    return Layout(
        name=name,
        width=parse_length(data["size"]["width"]),
        height=parse_length(data["size"]["height"]),
        loc=data.loc,
        bleed=_length(data, "bleed", "0mm"),
        gap=_length(data, "gap", "0mm"),
        background=_optional_colour(data, "background"),
        elements=tuple(element(n, s, palette) for n, s in data.get("elements", {}).items()),
        back_background=_optional_colour(data, "back_background"),
        back_elements=tuple(element(n, s, palette) for n, s in data.get("back_elements", {}).items()),
        params=params,
    )
