"""Twisty Passages' printable kinds: the maze cards and the goal cards (win thresholds).

A maze card's face says what kind of card it is in more ways than colour: Items sit on a
grey background, cards that change the rules while held get a solid double border (dashed
lines mean fold), discard-for-effect cards carry the star mark, Traps a row of teeth along the top
and bottom edges, and every Zone card a band in its zone's colour with the zone's shape and
name on it. Every maze card shares one back: the game's name over a maze drawn from a
seeded generator, so the back is the same on every build.
"""

import random

from generator.check.findings import error
from generator.layout.element_kind import ElementKind
from generator.layout.elements import draw_elements, draw_text, with_fields
from generator.layout.images import Card
from generator.layout.kinds import ComponentKind, Faces, LayoutContext
from generator.layout.scene import Icon, Item, Polyline, Rect, Scene, Style
from generator.layout.shapes import shape
from generator.sources.layout_model import Layout, params_text
from generator.sources.loader import LocDict
from generator.sources.schema import COLOUR, LENGTH, closed
from generator.units import PT, parse_length

from .schemas import MAZE_CARD, WIN_THRESHOLD, ZONES

TEXT_BOX = closed(
    {
        "x": LENGTH,
        "y": LENGTH,
        "width": LENGTH,
        "height": LENGTH,
        "font": {"type": "string"},
        "size": LENGTH,
        "min_size": LENGTH,
        "leading": {"type": "number", "minimum": 0.8, "maximum": 3},
        "min_leading": {"type": "number", "minimum": 0.8, "maximum": 3},
        "align": {"enum": ["left", "center", "right"]},
        "valign": {"enum": ["top", "middle", "bottom"]},
        "colour": COLOUR,
    },
    ["x", "y", "width", "height"],
)
BOX = closed({"x": LENGTH, "y": LENGTH, "width": LENGTH, "height": LENGTH}, ["x", "y", "width", "height"])
STROKE = closed({"colour": COLOUR, "width": LENGTH}, ["colour", "width"])
FACE_PLAN = closed({"title": TEXT_BOX, "divider_y": LENGTH, "effect": TEXT_BOX}, ["title", "divider_y", "effect"])
ZONE_STYLE = closed(
    {
        "colour": COLOUR,
        "shape": {"enum": ["circle", "triangle", "square", "pentagon", "hexagon"]},
        "name": {"type": "string"},
    },
    ["colour", "shape", "name"],
)

#: What the kind line at the top of a card says, by the card's `kind`.
KIND_NAMES = {"passage": "PASSAGE", "item": "ITEM", "rule": "RULE", "trap": "TRAP"}


class MazeCardKind(ComponentKind):
    name = "maze-card"
    label = "maze cards"
    schema = MAZE_CARD
    params_schema = closed(
        {
            "plain": FACE_PLAN,
            "zone": FACE_PLAN,
            "kind_line": TEXT_BOX,
            "mark": BOX,
            "flavour": TEXT_BOX,
            "divider": STROKE,
            "item_background": COLOUR,
            "rule_border": closed(
                {
                    "inset": LENGTH,
                    "colour": COLOUR,
                    "width": LENGTH,
                    "spacing": LENGTH,
                },
                ["inset", "colour", "width", "spacing"],
            ),
            "trap_teeth": closed(
                {"depth": LENGTH, "count": {"type": "integer", "minimum": 2}, "colour": COLOUR},
                ["depth", "count", "colour"],
            ),
            "zone_band": closed(
                {"height": LENGTH, "shape_size": LENGTH, "name": TEXT_BOX}, ["height", "shape_size", "name"]
            ),
            "zones": closed({zone: ZONE_STYLE for zone in ZONES}, ZONES),
            "back": closed(
                {
                    "background": COLOUR,
                    "walls": STROKE,
                    "cells": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": {"type": "integer", "minimum": 2},
                    },
                    "seed": {"type": "integer"},
                    "panel": BOX,
                    "panel_fill": COLOUR,
                    "name": TEXT_BOX,
                },
                ["background", "walls", "cells", "seed", "panel", "panel_fill", "name"],
            ),
        },
        [
            "plain",
            "zone",
            "kind_line",
            "mark",
            "flavour",
            "divider",
            "item_background",
            "rule_border",
            "trap_teeth",
            "zone_band",
            "zones",
            "back",
        ],
    )

    def draw(self, item: LocDict, layout: Layout, ctx: LayoutContext) -> Faces:
        w, h = layout.width, layout.height
        bleed = layout.bleed
        params = layout.params
        title = item["title"]
        scene = Scene(w, h, bleed=bleed, name=title)
        if item["kind"] == "item":
            scene.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=params["item_background"])))
        if item["kind"] == "zone":
            plan = params["zone"]
            scene.add(*zone_band(params, item["zone"], w, bleed, ctx, item))
        else:
            plan = params["plain"]
            scene.add(
                *draw_text(
                    kind_line(item),
                    params_text("kind line", params["kind_line"]),
                    ctx,
                    title,
                    "kind line",
                    item.loc_of("kind"),
                )
            )
        if item["kind"] == "trap":
            scene.add(*trap_teeth(params["trap_teeth"], w, h, bleed))
        if item["kind"] == "rule" or item.get("rule"):
            scene.add(*rule_border(params["rule_border"], w, h))
        if item.get("discard_effect"):
            scene.add(*mark_icon("star", params["mark"], ctx, title, item.loc_of("discard_effect")))
        scene.add(*draw_text(title, params_text("title", plan["title"]), ctx, title, "title", item.loc_of("title")))
        scene.add(divider_line(params["divider"], plan, w))
        scene.add(
            *draw_text(
                item["effect"], params_text("effect", plan["effect"]), ctx, title, "effect", item.loc_of("effect")
            )
        )
        if "flavour" in item:
            scene.add(
                *draw_text(
                    item["flavour"],
                    params_text("flavour", params["flavour"]),
                    ctx,
                    title,
                    "flavour",
                    item.loc_of("flavour"),
                )
            )
        scene.add(*draw_elements(layout.elements, item, ctx, title, Card.of(layout)))
        return Faces(scene, card_back(layout, item, ctx, w, h, bleed))


def divider_line(spec: LocDict, plan: LocDict, w: float) -> Polyline:
    """The thin rule under the title, as wide as the title box and centred like it."""
    y, margin = parse_length(plan["divider_y"]), parse_length(plan["title"]["x"])
    style = Style(stroke=spec["colour"], stroke_width=max(parse_length(spec["width"]), 0.25 * PT))
    return Polyline(((margin, y), (w - margin, y)), style)


def kind_line(item: LocDict) -> str:
    """The small caps line naming the card's kind, e.g. "ITEM · CHANGES THE RULES"."""
    words = [KIND_NAMES[item["kind"]]]
    if item.get("rule") and item["kind"] != "rule":
        words.append("CHANGES THE RULES")
    if item.get("discard_effect"):
        words.append("DISCARD FOR EFFECT")
    return " · ".join(words)


def mark_icon(name: str, spec: LocDict, ctx: LayoutContext, component: str, loc) -> list[Item]:
    """A corner mark drawn from an icon file; a missing file is an L002 finding."""
    if ctx.icon_path(name) is None:
        ctx.findings.append(
            error("L002", f"mark :{name}: of {component!r} has no file {name}.svg in layouts/icons/", loc)
        )
        return []
    x, y, w, h = (parse_length(spec[k]) for k in ("x", "y", "width", "height"))
    return [Icon(name, x, y, w, h)]


def zone_band(params: LocDict, zone: str, w: float, bleed: float, ctx: LayoutContext, item: LocDict) -> list[Item]:
    """The zone's colour band across the top (into the bleed), its shape at both ends on a
    white ground and its name, so colour is never the only signal."""
    band, style = params["zone_band"], params["zones"][zone]
    height = parse_length(band["height"])
    size = parse_length(band["shape_size"])
    items: list[Item] = [Rect(-bleed, -bleed, w + 2 * bleed, height + bleed, Style(fill=style["colour"]))]
    outline = Style(fill="#ffffff", stroke="#000000", stroke_width=0.5 * PT)
    for cx in (4 + size / 2, w - 4 - size / 2):
        items.append(shape(style["shape"], cx, height / 2, size, outline))
    items += draw_text(
        style["name"].upper(),
        params_text("zone name", band["name"]),
        ctx,
        item["title"],
        "zone name",
        item.loc_of("zone"),
    )
    return items


def trap_teeth(spec: LocDict, w: float, h: float, bleed: float) -> list[Item]:
    """Jaws: teeth hanging from the top edge and rising from the bottom one, each based on
    the trim edge with a solid strip behind it in the bleed, so the cut leaves whole teeth."""
    depth, count = parse_length(spec["depth"]), spec["count"]
    pitch = w / count
    style = Style(fill=spec["colour"])
    items: list[Item] = [Rect(-bleed, y, w + 2 * bleed, bleed, style) for y in (-bleed, h)]
    for k in range(count):
        left = k * pitch
        items.append(Polyline(((left, 0), (left + pitch, 0), (left + pitch / 2, depth)), style, closed=True))
        items.append(Polyline(((left, h), (left + pitch, h), (left + pitch / 2, h - depth)), style, closed=True))
    return items


def rule_border(spec: LocDict, w: float, h: float) -> list[Rect]:
    """The border of a card that changes the rules: two solid grey rounded frames
    `spacing` apart, a look of its own (dashed lines mean fold, solid black ones cut)."""
    inset, spacing = parse_length(spec["inset"]), parse_length(spec["spacing"])
    style = Style(stroke=spec["colour"], stroke_width=max(parse_length(spec["width"]), 0.25 * PT))
    return [Rect(d, d, w - 2 * d, h - 2 * d, style, radius=d) for d in (inset, inset + spacing)]


def card_back(layout: Layout, item: LocDict, ctx: LayoutContext, w: float, h: float, bleed: float) -> Scene:
    """The deck's one back: a maze over the whole card (into the bleed) and the game's name."""
    spec = layout.params["back"]
    scene = Scene(w, h, bleed=bleed, name=f"{item['title']} (back)")
    scene.add(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=spec["background"])))
    cols, rows = spec["cells"]
    walls = Style(stroke=spec["walls"]["colour"], stroke_width=max(parse_length(spec["walls"]["width"]), 0.25 * PT))
    cell_w, cell_h = (w + 2 * bleed) / cols, (h + 2 * bleed) / rows
    for (c0, r0), (c1, r1) in maze_walls(cols, rows, random.Random(spec["seed"])):
        scene.add(
            Polyline(
                ((-bleed + c0 * cell_w, -bleed + r0 * cell_h), (-bleed + c1 * cell_w, -bleed + r1 * cell_h)), walls
            )
        )
    x, y, pw, ph = (parse_length(spec["panel"][k]) for k in ("x", "y", "width", "height"))
    scene.add(
        Rect(
            x,
            y,
            pw,
            ph,
            Style(fill=spec["panel_fill"], stroke=spec["walls"]["colour"], stroke_width=walls.stroke_width),
            radius=2.0,
        )
    )
    scene.add(
        *draw_text(ctx.game.name, params_text("back name", spec["name"]), ctx, item["title"], "back name", spec.loc)
    )
    scene.add(*draw_elements(layout.back_elements, item, ctx, item["title"], Card.of(layout)))
    return scene


Corner = tuple[int, int]


def maze_walls(cols: int, rows: int, rng: random.Random) -> list[tuple[Corner, Corner]]:
    """The wall segments (grid corners, (col, row)) of a perfect maze on a cols x rows grid,
    carved by a depth-first search from the top-left cell. The outer walls are left out:
    they would lie in the bleed, which is cut away."""
    open_edges: set[frozenset[Corner]] = set()
    seen = {(0, 0)}
    stack = [(0, 0)]
    while stack:
        c, r = stack[-1]
        nexts = [
            (c + dc, r + dr)
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= c + dc < cols and 0 <= r + dr < rows and (c + dc, r + dr) not in seen
        ]
        if not nexts:
            stack.pop()
            continue
        cell = rng.choice(nexts)
        open_edges.add(frozenset(((c, r), cell)))
        seen.add(cell)
        stack.append(cell)
    walls: list[tuple[Corner, Corner]] = []
    for c in range(cols):
        for r in range(rows):
            if c + 1 < cols and frozenset(((c, r), (c + 1, r))) not in open_edges:
                walls.append(((c + 1, r), (c + 1, r + 1)))
            if r + 1 < rows and frozenset(((c, r), (c, r + 1))) not in open_edges:
                walls.append(((c, r + 1), (c + 1, r + 1)))
    return walls


class WinThresholdKind(ElementKind):
    """One goal card per player count (layout twisty-win-threshold): put the one for your
    table in the middle."""

    name = "win-threshold"
    label = "goal cards"
    schema = WIN_THRESHOLD

    def fields(self, item: LocDict, layout: Layout, ctx: LayoutContext) -> LocDict:
        return with_fields(item, game=ctx.game.name)

    def title(self, item: LocDict) -> str:
        return f"goal for {item['players']} players"


KINDS = (MazeCardKind(), WinThresholdKind())
