"""Twisty Passages' printable kinds: the maze cards and the goal cards (win thresholds).

A maze card's face says what kind of card it is in more ways than colour: Items sit on a
grey background, cards that change the rules while held get a solid double border (dashed
lines mean fold), discard-for-effect cards carry the star mark, Traps a row of teeth along
the top and bottom edges, and every Zone card a band in its zone's colour with the zone's
shape and name on it. Every maze card shares one back: the game's name over a maze drawn
from a seeded generator, so the back is the same on every build. The cards' look is their
layouts' elements (this package's layouts/twisty-*.yaml), which a game folder restyles
with `extends`; code only derives what the elements show and computes the teeth and the
maze.
"""

import random

from generator.games.twisty_passages.items import ZONES, MazeCard, WinThreshold
from generator.layout.context import LayoutContext
from generator.layout.element_kind import ElementKind
from generator.layout.elements import with_fields
from generator.layout.scene import Item, Polyline, Rect, Style
from generator.sources.frozen import LocMap
from generator.sources.layout_model import ComputedElement, Layout
from generator.sources.schema import COLOUR, LENGTH, TEXT, closed
from generator.units import PT

STROKE = closed({"colour": COLOUR, "width": LENGTH}, ["colour", "width"])
ZONE_STYLE = closed(
    {"colour": COLOUR, "shape": {"enum": ["circle", "triangle", "square", "pentagon", "hexagon"]}, "name": TEXT},
    ["colour", "shape", "name"],
)

#: What the kind line at the top of a card says, by the card's `kind`.
KIND_NAMES = {"passage": "PASSAGE", "item": "ITEM", "rule": "RULE", "trap": "TRAP", "zone": "ZONE"}


class MazeCardKind(ElementKind):
    """A maze card (layout twisty-maze-card): its elements say how each kind of card looks;
    this kind derives the kind line and the zone's look, and computes the trap's teeth and
    the back's maze."""

    name = "maze-card"
    label = "maze cards"
    item = MazeCard
    params_schema = closed(
        {
            "trap_teeth": closed(
                {"depth": LENGTH, "count": {"type": "integer", "minimum": 2}, "colour": COLOUR, "inset": LENGTH},
                ["depth", "count", "colour", "inset"],
            ),
            "zones": closed({zone: ZONE_STYLE for zone in ZONES}, ZONES),
            "maze": closed(
                {
                    "walls": STROKE,
                    "cells": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": {"type": "integer", "minimum": 2},
                    },
                    "seed": {"type": "integer"},
                },
                ["walls", "cells", "seed"],
            ),
        },
        ["trap_teeth", "zones", "maze"],
    )

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        derived: dict[str, object] = {"kind_line": kind_line(item), "game": ctx.game.name}
        if item["kind"] == "zone":
            zone = layout.params["zones"][item["zone"]]
            derived.update(zone_colour=zone["colour"], zone_shape=zone["shape"], zone_name=zone["name"].upper())
        places = {key: item.loc_of(own) for key, own in (("kind_line", "kind"), ("zone_name", "zone"))}
        return with_fields(item, places, **derived)

    def back_name(self, item: LocMap) -> str:
        return f"{item['title']} (back)"

    def computed(self, element: ComputedElement, item: LocMap, layout: Layout, ctx: LayoutContext) -> list[Item]:
        if element.draw == "trap-teeth":
            return trap_teeth(layout.params["trap_teeth"], layout.width, layout.height)
        if element.draw == "maze":
            return maze(layout.params["maze"], layout.width, layout.height, layout.bleed)
        return super().computed(element, item, layout, ctx)


def kind_line(item: LocMap) -> str:
    """The small caps line naming the card's kind, e.g. "ITEM · CHANGES THE RULES"."""
    words = [KIND_NAMES[item["kind"]]]
    if item.get("rule") and item["kind"] != "rule":
        words.append("CHANGES THE RULES")
    if item.get("discard_effect"):
        words.append("DISCARD FOR EFFECT")
    return " · ".join(words)


def trap_teeth(spec: LocMap, w: float, h: float) -> list[Item]:
    """Jaws: a row of teeth hanging from a bar across the top and a row rising from one
    across the bottom, all `inset` inside the trim on every side (the safe zone), so a cut
    that wanders by less than that leaves whole teeth and none on the neighbouring card."""
    depth, count, inset = spec["depth"], spec["count"], spec["inset"]
    bar = min(0.6, depth / 4)
    pitch = (w - 2 * inset) / count
    style = Style(fill=spec["colour"])
    items: list[Item] = []
    for base, tip in ((inset, inset + depth), (h - inset, h - inset - depth)):
        inner = base + bar if tip > base else base - bar
        items.append(Rect(inset, min(base, inner), w - 2 * inset, bar, style))
        for k in range(count):
            left = inset + k * pitch
            items.append(Polyline(((left, inner), (left + pitch, inner), (left + pitch / 2, tip)), style, closed=True))
    return items


def maze(spec: LocMap, w: float, h: float, bleed: float) -> list[Item]:
    """The back's maze over the whole card, into the bleed: the same on every build."""
    cols, rows = spec["cells"]
    walls = Style(stroke=spec["walls"]["colour"], stroke_width=max(spec["walls"]["width"], 0.25 * PT))
    cell_w, cell_h = (w + 2 * bleed) / cols, (h + 2 * bleed) / rows
    return [
        Polyline(((-bleed + c0 * cell_w, -bleed + r0 * cell_h), (-bleed + c1 * cell_w, -bleed + r1 * cell_h)), walls)
        for (c0, r0), (c1, r1) in maze_walls(cols, rows, random.Random(spec["seed"]))
    ]


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
    item = WinThreshold

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        return with_fields(item, game=ctx.game.name)

    def title(self, item: LocMap) -> str:
        return f"goal for {item['players']} players"


KINDS = (MazeCardKind(), WinThresholdKind())
