"""Whipped!'s printable kinds: bills, riders, fold-over bidding tokens, votes, rules summary.

Sizes that must agree: a bill's vote square (layout whipped-bill, `square`) holds one vote
token (layout whipped-vote, its `size`), with room to place it by hand. A bidding token is
printed as its two faces side by side, joined at a score line on their shared edge: fold
there and the faces end up back to back, each reading upright (a fold about a vertical line
followed by turning the token over is a translation, not a mirror image). Votes carry their
colour and, drawn in white or black (whichever contrasts more), their shape, so colour is
never the only cue. Every kind is drawn from its layout's elements (this package's
layouts/whipped-*.yaml), so a game folder restyles it with `extends`; code derives what the
elements show and computes the vote squares and the ink saver's hatching.
"""

import math

from msgspec.structs import replace

from generator.games.whipped.colours import hex_to_linear
from generator.games.whipped.items import BiddingToken, Bill, Rider, RulesSummary, Vote
from generator.layout.component import Faces
from generator.layout.context import LayoutContext
from generator.layout.element_kind import ElementKind
from generator.layout.elements import with_fields
from generator.layout.scene import Group, Item, Polyline, Rect, Style, Text
from generator.sources.frozen import LocMap, LocSeq
from generator.sources.layout_model import CardSize, ComputedElement, Layout
from generator.sources.schema import LENGTH, closed
from generator.units import PT

#: Square borders: heavier than any cutting line (0.4 pt), so neither eye nor test mixes them up.
SQUARE_STROKE = 1.0 * PT
#: A square the rules call "dashed" (it scores nothing) is printed shaded: grey inside a grey
#: solid border. Dashed lines on the sheet mean fold, so art never uses them.
#: A vote square that scores nothing: grey, so no dashes (which mean "fold") are needed.
SCORELESS_FILL, SCORELESS_STROKE = "#d4d4d4", "#7a7a7a"
INK = "#000000"
PAPER = "#ffffff"


def _luminance(colour: str) -> float:
    """WCAG relative luminance of '#rrggbb'."""
    r, g, b = hex_to_linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ink(colour: str) -> str:
    """White or black, whichever has the higher WCAG contrast ratio on `colour`."""
    lum = _luminance(colour)
    return INK if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else PAPER


class BillKind(ElementKind):
    """A bill (layout whipped-bill): its name, then one column per level holding that
    level's vote squares."""

    name = "bill"
    label = "bills"
    item = Bill
    params_schema = closed(
        {
            "square": LENGTH,
            "spacing": LENGTH,
            "per_row": {"type": "integer", "minimum": 1},
            "rows": {"type": "integer", "minimum": 1},
        },
        ["square", "spacing", "per_row"],
    )

    def layout_for(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Layout:
        """A bill as tall as its rows of squares: the layout is made for `params.rows` rows,
        and a bill whose longest level needs fewer is a row's pitch shorter for each (its
        boxes follow the card's height), so no bill prints an empty lower third."""
        p = layout.params
        if "rows" not in p:
            return layout
        rows = max(math.ceil(len(level) / p["per_row"]) for level in item["levels"])
        spare = max(0, p["rows"] - rows) * (p["square"] + p["spacing"])
        if not spare:
            return layout
        return ctx.layout(layout.name, self, layout.loc, CardSize(layout.width, layout.height - spare))

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        """`columns`: per level its squares and its note, placed at the level's line."""
        levels = item["levels"]
        columns = LocSeq(
            tuple(
                {"squares": squares, "note": _level_note(n, squares.count("solid"))} for n, squares in enumerate(levels)
            ),
            levels.loc,
            levels.item_locs,
        )
        return with_fields(item, {"columns": levels.loc}, columns=columns)

    def computed(self, element: ComputedElement, item: LocMap, layout: Layout, ctx: LayoutContext) -> list[Item]:
        if element.draw != "vote-squares":
            return super().computed(element, item, layout, ctx)
        squares, p = item["squares"], layout.params
        size, spacing, per_row = p["square"], p["spacing"], p["per_row"]
        cols = min(per_row, len(squares))
        left = element.x + (element.width - (cols * size + (cols - 1) * spacing)) / 2
        items: list[Item] = []
        for k, kind in enumerate(squares):
            row, col = divmod(k, per_row)
            scoreless = kind == "dashed"
            style = Style(
                fill=SCORELESS_FILL if scoreless else None,
                stroke=SCORELESS_STROKE if scoreless else INK,
                stroke_width=SQUARE_STROKE,
            )
            items.append(Rect(left + col * (size + spacing), element.y + row * (size + spacing), size, size, style))
        rows = math.ceil(len(squares) / per_row)
        end = element.y + rows * size + (rows - 1) * spacing
        bottom = element.y + element.height
        if end > bottom + 1e-6:
            ctx.overflow(item["name"], f"level {item['number']}'s squares", item.loc_of("squares"), 0.0, end - bottom)
        return items


def _level_note(n: int, points: int) -> str:
    """Whose level n is and what it scores: "sponsor · 2 pts"."""
    whose = "sponsor" if n == 0 else "auctioned"
    return f"{whose} · {points} pt{'s' if points != 1 else ''}"


class RiderKind(ElementKind):
    """A rider card: the layout's elements from the item's fields, and a common back."""

    name = "rider"
    label = "riders"
    item = Rider

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        """The rider with each gain of its effect on a line of its own ("+1 point / and +1
        vote"), rather than wherever the wrap falls."""
        return with_fields(item, effect=item["effect"].replace(" and ", "\nand "))

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        faces = super().draw(item, layout, ctx)
        if ctx.ink_saver:
            # The ink saver drops the background: light text (the back's white) would vanish.
            for face in (faces.front, faces.back):
                if face is not None:
                    face.items[:] = [_on_paper(i) for i in face.items]
        return faces


def _on_paper(item: Item) -> Item:
    """Text too pale to read on white paper turned black."""
    if isinstance(item, Text) and contrast_ink(item.colour) == INK:
        return replace(item, colour=INK)
    return item


class BiddingTokenKind(ElementKind):
    """Both faces of a bidding token side by side, the score line on their shared edge
    (layout whipped-bidding-token)."""

    name = "bidding-token"
    label = "bidding tokens (fold on the dashed line)"
    item = BiddingToken
    SIDES = ("front", "back")

    def title(self, item: LocMap) -> str:
        return f"level {item['level']} bidding token"

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        derived: dict[str, object] = {}
        for side in self.SIDES:
            colour = item[side]["colour"]
            derived[f"{side}_colour"] = colour
            derived[f"{side}_label"] = item[side]["label"]
            # The ink saver turns a face's fill into an outline on white paper: ink for paper then.
            derived[f"{side}_ink"] = contrast_ink(PAPER if ctx.ink_saver else colour)
        places = {key: item.loc_of(key.split("_")[0]) for key in derived}
        return with_fields(item, places, **derived)

    def computed(self, element: ComputedElement, item: LocMap, layout: Layout, ctx: LayoutContext) -> list[Item]:
        side = element.draw.removesuffix("-hatch")
        if side not in self.SIDES:
            return super().computed(element, item, layout, ctx)
        colour = item[side]["colour"]
        if not ctx.ink_saver or contrast_ink(colour) != PAPER:
            return []
        return hatched_bands(element.x, element.width, element.height, colour)


#: The hatched bands that keep a dark face dark under the ink saver: band width, line pitch.
HATCH_BAND, HATCH_PITCH = 4.5, 1.5


def hatched_bands(x: float, face: float, height: float, colour: str) -> list[Item]:
    """Diagonal lines in a band down each side of a face, the middle left clear for the text.

    The ink saver turns the dark fill into an outline; lines are not fills, so they stay
    and the face still reads as the dark side of the token."""
    style = Style(stroke=colour, stroke_width=0.6 * PT)
    lines = tuple(
        Polyline(((x + k * HATCH_PITCH, 0.0), (x + k * HATCH_PITCH - height, height)), style)
        for k in range(1, int((face + height) / HATCH_PITCH) + 1)
    )
    return [Group(lines, clip=(left, 0.0, HATCH_BAND, height)) for left in (x, x + face - HATCH_BAND)]


class VoteKind(ElementKind):
    """A vote (layout whipped-vote): a square of the player's colour inside a thin paper
    frame, its shape on top in `ink`, white or black, whichever contrasts more."""

    name = "vote"
    label = "votes"
    item = Vote

    def fields(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> LocMap:
        return with_fields(item, {"ink": item.loc_of("colour")}, ink=contrast_ink(item["colour"]))


class RulesSummaryKind(ElementKind):
    """The rules summary card: a title and one bullet a line (layout whipped-rules-summary)."""

    name = "rules-summary"
    label = "rules summary cards"
    item = RulesSummary


KINDS = (BillKind(), RiderKind(), BiddingTokenKind(), VoteKind(), RulesSummaryKind())
