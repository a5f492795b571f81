"""Layout elements (Squib's named boxes) drawn from an item's fields.

    elements:
      title: {type: text, x: 3mm, y: 3mm, width: 57mm, height: 8mm, field: title,
              font: DejaVuSans-Bold, size: 11pt}
      band:  {type: rect, x: 0mm, y: 0mm, width: 63mm, height: 12mm, fill: "#cc3333"}

A text element shows `field` (an item key), `text` (literal, with {key} placeholders) or
`template` ("{cost} gold", every field required). Any element may say `when:` (a condition
on the item's fields, generator/sources/expressions.py) and is drawn only when it holds; a
colour may be `{field: NAME}`, taken from the item (#rrggbb or a CSS colour name). An
image element shows a picture file (generator/layout/images.py).
"""

import re

import webcolors

from generator.findings import error
from generator.layout.images import Card, draw_image
from generator.layout.kinds import LayoutContext
from generator.layout.scene import MIN_STROKE, Icon, Item, Polyline, Rect, Style, line_style
from generator.layout.text import TextStyle, fit_text
from generator.sources.errors import SourceError
from generator.sources.expressions import parse_condition, parse_template
from generator.sources.loader import LocDict
from generator.units import parse_length

DEFAULT_FONT = "DejaVuSans"


def text_style(spec: LocDict, **overrides) -> TextStyle:
    values = {
        "font": spec.get("font", DEFAULT_FONT),
        "size": parse_length(spec.get("size", "9pt")),
        "min_size": parse_length(spec.get("min_size", "6pt")),
        "leading": spec.get("leading", 1.2),
        "min_leading": spec.get("min_leading", 1.0),
        "align": spec.get("align", "left"),
        "valign": spec.get("valign", "top"),
        "colour": spec.get("colour", "#000000"),
    }
    values.update(overrides)
    values["min_size"] = min(values["min_size"], values["size"])
    values["min_leading"] = min(values["min_leading"], values["leading"])
    return TextStyle(**values)


def box(spec: LocDict) -> tuple[float, float, float, float]:
    x, y, w, h = (parse_length(spec.get(k, "0mm")) for k in ("x", "y", "width", "height"))
    return x, y, w, h


def draw_text(
    text: str, spec: LocDict, ctx: LayoutContext, component: str, what: str, loc, **style_overrides
) -> list[Item]:
    """Fit text into the element's box; overflow and unknown icons become findings."""
    x, y, w, h = box(spec)
    fitted = fit_text(text, x, y, w, h, text_style(spec, **style_overrides))
    if not fitted.fits:
        ctx.overflow(component, what, loc, fitted.overflow_x, fitted.overflow_y)
    items = []
    for item in fitted.items:
        if isinstance(item, Icon) and ctx.icon_path(item.name) is None:
            ctx.findings.append(
                error(
                    "L002",
                    f"icon :{item.name}: in {what} of {component!r} has no file {item.name}.svg in layouts/icons/",
                    loc,
                )
            )
            continue
        items.append(item)
    return items


def draw_elements(
    layout: LocDict, item: LocDict, ctx: LayoutContext, component: str, key: str = "elements"
) -> list[Item]:
    """Every element of the layout (or of its `back_elements`), filled from the item, in the
    order written (a parent layout's before those its child adds), an element's `z` moving
    it below (negative) or above (positive) the rest."""
    out: list[Item] = []
    card = Card.of(layout)
    for name, spec in sorted(layout.get(key, {}).items(), key=lambda element: element[1].get("z", 0)):
        if "when" in spec and not parse_condition(spec["when"], spec.loc_of("when")).holds(item):
            continue
        colours = _Colours(spec, item, ctx, component, name)
        kind = spec["type"]
        x, y, w, h = box(spec)
        if kind == "text":
            shown = _text_of(spec, item, ctx, component, name)
            if shown is not None:
                text, loc = shown
                colour = colours.get("colour", "#000000")
                out.extend(draw_text(text, spec, ctx, component, name, loc, colour=colour))
        elif kind == "rect":
            style = _style(spec, colours.get("stroke"), colours.get("fill"))
            out.append(Rect(x, y, w, h, style, parse_length(spec.get("radius", "0mm"))))
        elif kind == "line":
            out.append(Polyline(((x, y), (x + w, y + h)), _style(spec, colours.get("stroke", "#000000"))))
        elif kind == "icon":
            if ctx.icon_path(spec["icon"]) is None:
                raise SourceError(
                    spec.loc_of("icon"),
                    f"no icon file {spec['icon']}.svg in the game's icons/ or the shipped layouts/icons/",
                )
            out.append(Icon(spec["icon"], x, y, w, h))
        elif kind == "image":
            out.extend(draw_image(spec, item, ctx, card, (x, y, w, h)))
    return out


def _text_of(spec: LocDict, item: LocDict, ctx: LayoutContext, component: str, name: str):
    """(text, its place) for a text element, or None when there is nothing to show."""
    if "field" in spec:
        value = item.get(spec["field"])
        return None if value is None else (str(value), item.loc_of(spec["field"]))
    if "template" in spec:
        template = parse_template(spec["template"], spec.loc_of("template"))
        missing = template.missing(item)
        if missing:
            ctx.findings.append(
                error(
                    "L004",
                    f"{component!r} has no {missing[0]!r}, which element {name!r} shows "
                    f"(template {spec['template']!r} at {spec.loc_of('template')})",
                    item.loc,
                )
            )
            return None
        return template.fill(item), item.loc
    return spec.get("text", "").format_map(_Fields(item)), spec.loc


_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class _Colours:
    """An element's colours: as the layout writes them, or from the item's field
    (`fill: {field: colour}`); a field that is no colour is finding L005, and no colour."""

    def __init__(self, spec: LocDict, item: LocDict, ctx: LayoutContext, component: str, name: str):
        self.spec, self.item, self.ctx, self.component, self.name = spec, item, ctx, component, name

    def get(self, key: str, default: str | None = None) -> str | None:
        value = self.spec.get(key)
        if value is None:
            return default
        if not isinstance(value, dict):
            return value
        field = value["field"]
        given = self.item.get(field)
        if given is None:
            return default
        colour = str(given).strip()
        if _HEX.match(colour):
            return colour.lower()
        try:
            return webcolors.name_to_hex(colour.lower())
        except ValueError:
            self.ctx.findings.append(
                error(
                    "L005",
                    f"{field} {colour!r} of {self.component!r} (the {key} of element {self.name!r}) is not a colour: "
                    "expected #rrggbb or a CSS colour name such as 'darkred'",
                    self.item.loc_of(field),
                )
            )
            return default


def _style(spec: LocDict, stroke: str | None, fill: str | None = None) -> Style:
    """A line role's own look, or the element's fill and stroke (never under MIN_STROKE)."""
    role = spec.get("role", "art")
    if role != "art":
        return line_style(role)
    width = max(parse_length(spec.get("stroke_width", "0.5pt")), MIN_STROKE) if stroke else 0.0
    return Style(fill=fill, stroke=stroke, stroke_width=width)


class _Fields(dict):
    """str.format_map source: item fields, and the placeholder itself when missing."""

    def __init__(self, item: LocDict):
        super().__init__(item)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
