"""Layouts as data (after Squib): one YAML file per component kind under layouts/.

A layout may `extends:` another; mappings merge key by key (the child wins), so a layout
restates only what differs. Cycles are errors. Unknown keys are errors, not ignored.

Layouts are looked up in a list of folders (a game's own layouts/, then the shipped ones).
A layout that extends its own name extends the one further down the list: a game folder's
`register-card.yaml` saying `extends: register-card` restyles the shipped register card.

A layout's `size:` (and a component file's, which lays the file out at that size) is a width
and height or the name of a card size print shops sell, from the shipped table
(layouts/sizes.yaml).
"""

import difflib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from generator import shipped
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.expressions import parse_condition
from generator.sources.frozen import LocMap, frozen
from generator.sources.layout_model import AXES, CENTER, CardSize, Layout, layout_of
from generator.sources.loader import LocDict, load_yaml
from generator.sources.paths import file_inside
from generator.sources.schema import (
    CARD_SIZE,
    COLOUR,
    LENGTH,
    NAME,
    NONNEGATIVE_LENGTH,
    POSITIVE_LENGTH,
    closed,
    lengths_in_mm,
    validate,
)
from generator.sources.schema_formats import checked_length
from generator.sources.templates import parse_template
from generator.units import Share, UnitError, parse_share

#: A colour written in the layout, or taken from an item's field (`fill: {field: colour}`).
COLOUR_OR_FIELD = {
    "description": "a colour such as '#1a2b3c' or 'cmyk(0,100,100,0)', or {field: NAME} for each item's own",
    "anyOf": [COLOUR, closed({"field": {"type": "string"}}, ["field"])],
}

#: A text style a kind's layout gives in its params (a title's, a caption's): the font, its
#: size, the smallest size it may shrink to (its size unless given) and its leading.
#: A font's name (a family or one face's PostScript name), or a chain of them to fall back on.
FONT_CHAIN = {
    "description": "a font's name such as DejaVuSans, or a list of up to 8 to fall back on",
    "anyOf": [
        {"type": "string", "minLength": 1},
        {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1, "maxItems": 8},
    ],
}
FONT_SPEC = closed(
    {"font": FONT_CHAIN, "size": LENGTH, "min_size": LENGTH, "leading": {"type": "number"}},
    ["font", "size"],
)

TEXT_ALIGN = ("left", "center", "right", "justify")
#: Where an image sits in its box (what `cover` keeps, where `contain` places it).
IMAGE_ALIGN = ("top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right")
#: Keys that only one type of element takes, and that type.
OWN_KEYS = {
    "file": "image",
    "fit": "image",
    "step_x": "repeat",
    "step_y": "repeat",
    "elements": "repeat",
    "shape": "shape",
    "draw": "computed",
    "bullet": "text",
    "hyphenate": "text",
}

#: A key of an element's box: a length, a percentage of the card's width (x, width, right)
#: or height (y, height, bottom), and for x and y `center`. Read by _check_box, which says
#: what was expected (a number is left a number, so that a missing unit is named as such).
BOX_KEY: dict = {"description": "a length, a percentage of the card's side, or (x, y) center"}
#: The range a percentage of the card may take, by the box keys it is given for.
SIZE_PERCENT, PLACE_PERCENT = (0.0, 100.0), (-100.0, 100.0)

_ELEMENT_KEYS: dict[str, dict] = {
    "type": {"enum": ["text", "rect", "line", "icon", "image", "shape", "computed"]},
    **{key: BOX_KEY for axis in AXES for key in axis},
    "field": {"type": "string"},
    "text": {"type": "string"},
    "template": {"type": "string"},
    "bullet": {"type": "string"},
    "when": {"type": "string"},
    "icon": {
        "type": "string",
        "pattern": "^[a-z0-9][a-z0-9-]*$",
        "description": "an icon's name in lower-case letters, digits and hyphens, such as d6-1 (its file: d6-1.svg)",
    },
    "font": FONT_CHAIN,
    "hyphenate": {"type": "boolean"},
    "size": POSITIVE_LENGTH,
    "min_size": POSITIVE_LENGTH,
    "leading": {"type": "number", "minimum": 0.8, "maximum": 3},
    "min_leading": {"type": "number", "minimum": 0.8, "maximum": 3},
    "align": {"enum": [*TEXT_ALIGN, *IMAGE_ALIGN]},
    "valign": {"enum": ["top", "middle", "bottom"]},
    "colour": COLOUR_OR_FIELD,
    "fill": COLOUR_OR_FIELD,
    "stroke": COLOUR_OR_FIELD,
    "stroke_width": NONNEGATIVE_LENGTH,
    "radius": NONNEGATIVE_LENGTH,
    "file": {"type": "string", "minLength": 1},
    "fit": {"enum": ["cover", "contain", "stretch"]},
    "role": {"enum": ["art", "cut", "score", "slit", "guide"]},
    "z": {"type": "integer", "minimum": -100, "maximum": 100},
    "shape": {
        "description": "a shape's name such as hexagon, or {field: NAME} for each item's own",
        "anyOf": [NAME, closed({"field": {"type": "string"}}, ["field"])],
    },
    "draw": NAME,
}
#: An element inside a `repeat` element: any but another repeat.
ENTRY_ELEMENT_SCHEMA = closed(_ELEMENT_KEYS, ["type"])
#: A `repeat` element draws its `elements` once per entry of the item's list `field`, the
#: k-th entry `step_x` and `step_y` on from the one before.
ELEMENT_SCHEMA = closed(
    {
        **_ELEMENT_KEYS,
        "type": {"enum": [*_ELEMENT_KEYS["type"]["enum"], "repeat"]},
        "step_x": LENGTH,
        "step_y": LENGTH,
        "elements": {"type": "object", "additionalProperties": ENTRY_ELEMENT_SCHEMA},
    },
    ["type"],
)


#: The table of card sizes (layouts/sizes.yaml): each name's width and height, and the shop
#: or standard it comes from.
SIZES_SCHEMA = {
    "type": "object",
    "propertyNames": NAME,
    "additionalProperties": closed(
        {"width": POSITIVE_LENGTH, "height": POSITIVE_LENGTH, "source": {"type": "string", "minLength": 1}},
        ["width", "height", "source"],
    ),
}

LAYOUT_SCHEMA = closed(
    {
        "extends": NAME,
        "about": {"type": "string"},
        "size": CARD_SIZE,
        "corners": NONNEGATIVE_LENGTH,
        "bleed": NONNEGATIVE_LENGTH,
        "gap": NONNEGATIVE_LENGTH,
        "background": COLOUR_OR_FIELD,
        "params": {"type": "object"},
        "elements": {"type": "object", "additionalProperties": ELEMENT_SCHEMA},
        "back_background": COLOUR_OR_FIELD,
        "back_elements": {"type": "object", "additionalProperties": ELEMENT_SCHEMA},
        "colours": {"type": "object", "propertyNames": NAME, "additionalProperties": COLOUR},
    },
    ["size"],
)


#: What an element shows; a child element naming one replaces the parent's, whichever it was.
TEXT_SOURCES = ("field", "text", "template")
#: What any element shows: a child naming one replaces the parent's (an image's file or field too).
SHOWN = (*TEXT_SOURCES, "file")


#: How deep elements lie: layout -> elements -> name, and on inside a repeat -> elements -> name.
ELEMENT_DEPTHS = (2, 4)
#: The faces' element lists, the first key on the way to an element.
FACES = ("elements", "back_elements")


def merge(parent: LocDict, child: LocDict, path: tuple[str, ...] = ()) -> LocDict:
    """Child over parent, recursively for mappings (`path`: the keys down to them); positions
    kept from whichever won. In an element (depth 2: elements -> name -> spec), the child's
    field, text or template replaces the parent's: a child saying `text:` over a parent's
    `field:` shows its text; and on each axis of its box, the parent's keys give way to the
    child's (see _unplaced)."""
    out = LocDict()
    out.loc = child.loc
    out.key_locs, out.value_locs = dict(parent.key_locs), dict(parent.value_locs)
    out.update(parent)
    if _is_element(path):
        for key in _unplaced(parent, child):
            out.pop(key, None)
    if len(path) in ELEMENT_DEPTHS and any(key in child for key in SHOWN):
        for key in SHOWN:
            out.pop(key, None)
    for key, value in child.items():
        if isinstance(value, LocDict) and isinstance(out.get(key), LocDict):
            out[key] = merge(out[key], value, (*path, key))
        else:
            out[key] = value
        out.key_locs[key] = child.key_loc(key)
        out.value_locs[key] = child.loc_of(key)
    return out


def _is_element(path: tuple[str, ...]) -> bool:
    """Whether the mapping at `path` is an element: elements -> name, or a repeat's entry
    inside one (elements -> name -> elements -> name); not a kind's params that lie as deep."""
    return len(path) in ELEMENT_DEPTHS and path[0] in FACES and path[2:3] in ((), ("elements",))


def _unplaced(parent: LocDict, child: LocDict) -> list[str]:
    """The parent's box keys a child element drops, so that each axis keeps at most two of
    its start, size and end, the child's first: where the parent's would make three, a
    child's start (x, y) or size drops the parent's end (right, bottom) and a child's end
    the parent's start; a centred start drops an end either way."""
    dropped = []
    for axis in AXES:
        start, _, end = axis
        own = [key for key in axis if key in child]
        kept = [key for key in axis if key in parent and key not in child]
        if own and kept and len(own) + len(kept) == 3:
            dropped += kept if len(own) == 2 else [start if own == [end] else end]
        elif child.get(start) == CENTER and end in kept:
            dropped.append(end)
        elif end in own and start in kept and parent[start] == CENTER:
            dropped.append(start)
    return dropped


def layout_path(name: str, dirs: list[Path], loc: Loc | None) -> Path:
    for folder in dirs:
        path = folder / f"{name}.yaml"
        if file_inside(path, folder, loc, "layout file"):
            return path
    where = ", ".join(display_path(d) for d in dirs)
    raise SourceError(loc, f"no layout named {name!r} (looked for {name}.yaml in {where})")


def load_layout(
    name: str,
    dirs: list[Path] | None = None,
    loc: Loc | None = None,
    params_schema: dict | None = None,
    size: CardSize | None = None,
) -> Layout:
    """The layout with its `extends` chain resolved, validated (params by the kind's schema,
    then made immutable with every length the schema declares in mm, as an item's are),
    made for a card of `size` (a component file's), else of the layout's own size."""
    dirs = dirs or [shipped.layouts_dir()]
    data = _resolve(name, dirs, loc, [])
    data.pop("extends", None)
    validate(data, LAYOUT_SCHEMA, fallback=data.loc, what=f"layout {name!r}")
    own = card_size(data["size"], data.loc_of("size"))
    _check_elements(data)
    params = data.get("params", LocDict())
    if not hasattr(params, "loc"):
        params.loc, params.key_locs, params.value_locs = data.loc, {}, {}
    if params_schema is not None:
        validate(params, params_schema, fallback=data.loc, what=f"params of layout {name!r}")
        lengths_in_mm(params, params_schema)
    return layout_of(name, data, frozen(params), size or own)


def card_size(value: object, loc: Loc) -> CardSize:
    """A size as a layout or a component file gives it (checked against CARD_SIZE): a width and
    height, or a name from the table of card sizes (an unknown name is an error at `loc`
    naming the closest ones and listing them all)."""
    if isinstance(value, Mapping):
        return CardSize(
            checked_length(value["width"], "positive-length"), checked_length(value["height"], "positive-length")
        )
    table = card_sizes()
    if value in table:
        return table[str(value)]
    close = difflib.get_close_matches(str(value), list(table), n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(name) for name in close)}?)" if close else ""
    raise SourceError(
        loc,
        f"unknown card size {value!r}{hint}: give a width and height, or one of: {', '.join(sorted(table))}",
    )


@cache
def card_sizes() -> dict[str, CardSize]:
    """The card sizes print shops sell, by name (the shipped layouts/sizes.yaml)."""
    path = shipped.sizes_file()
    data = load_yaml(path)
    validate(data, SIZES_SCHEMA, fallback=Loc(display_path(path), 1, 1), what="the table of card sizes")
    return {name: card_size(entry, data.loc_of(name)) for name, entry in data.items()}


def _every_element(data: LocDict) -> list[tuple[str, LocDict]]:
    """(name, element) for every element of both faces, those inside a repeat included."""
    found = []
    for key in ("elements", "back_elements"):
        for name, spec in data.get(key, {}).items():
            found.append((name, spec))
            if spec["type"] == "repeat":
                found.extend(spec.get("elements", {}).items())
    return found


def _check_elements(data: LocDict) -> None:
    """Every element has what its type needs, shows one text source, and its `when` and
    `template` parse."""
    for name, spec in _every_element(data):
        _check_repeat(name, spec)
        _check_own_keys(spec)
        _check_box(name, spec)
        for kind, key in (("shape", "shape"), ("computed", "draw")):
            if spec["type"] == kind and key not in spec:
                raise SourceError(spec.loc, f"{kind} element {name!r} needs '{key}:'")
        if spec["type"] == "icon" and "icon" not in spec:
            raise SourceError(spec.loc, f"icon element {name!r} needs an 'icon:' naming the icon file")
        _check_image(name, spec)
        if spec["type"] == "text" and not any(k in spec for k in TEXT_SOURCES):
            raise SourceError(spec.loc, f"text element {name!r} needs a field, text or template to show")
        if "when" in spec:
            parse_condition(spec["when"], spec.loc_of("when"))
        if "template" in spec:
            parse_template(spec["template"], spec.loc_of("template"))
        sources = [k for k in TEXT_SOURCES if k in spec]
        if len(sources) > 1:
            raise SourceError(
                spec.key_loc(sources[1]),
                f"an element shows one of field, text or template, not {' and '.join(sources)}",
            )


def _check_box(name: str, spec: LocDict) -> None:
    """Each box key is a length, a percentage of the card in range, or for x and y `center`,
    and each axis gives at most two of its start, size and end (three contradict each other;
    a centred box has no end)."""
    for axis, side in zip(AXES, ("width", "height"), strict=True):
        for key in axis:
            if key in spec:
                _check_box_key(key, spec[key], spec.loc_of(key), side, center=key == axis[0])
        start, _, end = axis
        given = [key for key in axis if key in spec]
        if len(given) == 3:
            raise SourceError(
                spec.loc,
                f"element {name!r} gives {', '.join(given[:2])} and {given[2]}, which contradict each other: "
                f"give two of them (the third follows from the card's {side})",
            )
        if spec.get(start) == CENTER and end in spec:
            raise SourceError(
                spec.key_loc(end),
                f"element {name!r} is centred ({start}: center), so it takes no {end}: give its {side}",
            )


def _check_box_key(key: str, value: object, loc: Loc, side: str, center: bool) -> None:
    """One box key's value: what it may be, and its range."""
    if center and value == CENTER:
        return
    size = key in ("width", "height")
    try:
        parsed = parse_share(value)
        if isinstance(parsed, Share):
            low, high = SIZE_PERCENT if size else PLACE_PERCENT
            if not low <= parsed.percent <= high:
                raise UnitError(f"expected a percentage between {low:g}% and {high:g}%, got {value!r}")
        else:
            checked_length(value, "nonnegative-length" if size else "length")
    except UnitError as exc:
        options = f"a length, a percentage of the card's {side} such as '10%'" + (", or 'center'" if center else "")
        raise SourceError(loc, f"{exc} ('{key}' takes {options})") from None


def _check_own_keys(spec: LocDict) -> None:
    """A key that only one type of element takes (OWN_KEYS) is on an element of that type."""
    for key, kind in OWN_KEYS.items():
        if key in spec and spec["type"] != kind:
            raise SourceError(spec.key_loc(key), f"'{key}' belongs to {kind} elements, not to a {spec['type']} element")


def _check_repeat(name: str, spec: LocDict) -> None:
    """A repeat element names the list it repeats over and what it draws for each entry."""
    if spec["type"] == "repeat":
        if "field" not in spec or not spec.get("elements"):
            raise SourceError(spec.loc, f"repeat element {name!r} needs a 'field' (a list) and its 'elements'")
        for key in ("text", "template"):
            if key in spec:
                raise SourceError(spec.key_loc(key), f"repeat element {name!r} draws its elements, not {key}")


def _check_image(name: str, spec: LocDict) -> None:
    """An image element names one picture, by `file` or by the item's `field`; the image
    alignments belong to image elements only."""
    if spec["type"] == "image":
        if ("file" in spec) == ("field" in spec):
            raise SourceError(spec.loc, f"image element {name!r} needs 'file' (a picture) or 'field' (an item's)")
        for key in ("text", "template"):
            if key in spec:
                raise SourceError(spec.key_loc(key), f"image element {name!r} shows a picture, not {key}")
        return
    if spec.get("align") in IMAGE_ALIGN:
        raise SourceError(
            spec.loc_of("align"), f"a {spec['type']} element aligns {', '.join(TEXT_ALIGN)}, not {spec['align']!r}"
        )


def _resolve(name: str, dirs: list[Path], loc: Loc | None, chain: list[Path]) -> LocDict:
    path = layout_path(name, dirs, loc)
    if path in chain:
        cycle = " -> ".join(p.stem for p in [*chain[chain.index(path) :], path])
        raise SourceError(loc, f"layouts extend each other in a cycle: {cycle}")
    chain.append(path)
    data = load_yaml(path)
    if not isinstance(data, LocDict):
        raise SourceError(getattr(data, "loc", loc), "expected a layout mapping")
    parent_name = data.get("extends")
    if parent_name is None:
        return data
    if not isinstance(parent_name, str):
        raise SourceError(data.loc_of("extends"), "expected a layout name for 'extends'")
    below = dirs[[p.resolve() for p in dirs].index(path.parent.resolve()) + 1 :] if parent_name == name else dirs
    parent = _resolve(parent_name, below, data.loc_of("extends"), chain)
    return merge(parent, data)


PAPER_SCHEMA = closed(
    {"name": {"type": "string"}, "width": LENGTH, "height": LENGTH, "margin": LENGTH, "marks": LENGTH},
    ["name", "width", "height", "margin", "marks"],
)


def load_paper(path: Path) -> LocMap:
    """A paper preset file, validated, immutable, its lengths in mm."""
    data = load_yaml(path)
    validate(data, PAPER_SCHEMA, fallback=Loc(display_path(path), 1, 1), what="a paper preset")
    lengths_in_mm(data, PAPER_SCHEMA)
    return frozen(data)
