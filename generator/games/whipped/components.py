"""Whipped!'s printable kinds: bills, riders, fold-over bidding tokens, votes, rules summary.

Sizes that must agree: a bill's vote square (layout whipped-bill, `square`) holds one vote
token (layout whipped-vote, its `size`), with room to place it by hand. A bidding token is
printed as its two faces side by side, joined at a score line on their shared edge: fold
there and the faces end up back to back, each reading upright (a fold about a vertical line
followed by turning the token over is a translation, not a mirror image). Votes carry their
colour and, drawn in white or black (whichever contrasts more), their shape, so colour is
never the only cue.
"""

import math
from dataclasses import replace

from generator.layout.element_kind import ElementKind
from generator.layout.elements import with_fields
from generator.layout.kinds import ComponentKind, Faces, LayoutContext
from generator.layout.scene import Group, Item, Polyline, Rect, Scene, Style, Text, line_style
from generator.layout.text import TextStyle
from generator.sources.errors import Loc
from generator.sources.layout_model import ComputedElement, Layout
from generator.sources.loader import LocDict, LocList
from generator.sources.schema import LENGTH, closed
from generator.units import PT, parse_length

from .colours import hex_to_linear
from .schemas import BIDDING_TOKEN, BILL, RIDER, RULES_SUMMARY, VOTE

FONT_SPEC = closed(
    {"font": {"type": "string"}, "size": LENGTH, "min_size": LENGTH, "leading": {"type": "number"}},
    ["font", "size"],
)
#: Square borders: heavier than any cutting line (0.4 pt), so neither eye nor test mixes them up.
SQUARE_STROKE = 1.0 * PT
#: A square the rules call "dashed" (it scores nothing) is printed shaded: grey inside a grey
#: solid border. Dashed lines on the sheet mean fold, so art never uses them.
#: A vote square that scores nothing: grey, so no dashes (which mean "fold") are needed.
SCORELESS_FILL, SCORELESS_STROKE = "#d4d4d4", "#7a7a7a"
INK = "#000000"
PAPER = "#ffffff"


def _size(layout: Layout) -> tuple[float, float]:
    return layout.width, layout.height


def _style(spec: LocDict, **overrides) -> TextStyle:
    values = {
        "font": spec["font"],
        "size": parse_length(spec["size"]),
        "min_size": parse_length(spec.get("min_size", spec["size"])),
        "leading": spec.get("leading", 1.2),
    }
    values["min_leading"] = min(1.0, values["leading"])
    return TextStyle(**values, **overrides)


def _text(
    ctx: LayoutContext,
    component: str,
    what: str,
    loc: Loc | None,
    text: str,
    box: tuple[float, float, float, float],
    style: TextStyle,
) -> list[Item]:
    """Fitted text; what does not fit even at the smallest size is an L001 finding."""
    return ctx.fit(text, box, style, component, what, loc)


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
    schema = BILL
    params_schema = closed(
        {"square": LENGTH, "spacing": LENGTH, "per_row": {"type": "integer", "minimum": 1}},
        ["square", "spacing", "per_row"],
    )

    def fields(self, item: LocDict, layout: Layout, ctx: LayoutContext) -> LocDict:
        """`columns`: per level its squares and its note, placed at the level's line."""
        levels = item["levels"]
        columns = LocList(
            {"squares": squares, "note": _level_note(n, squares.count("solid"))} for n, squares in enumerate(levels)
        )
        columns.loc, columns.item_locs = levels.loc, levels.item_locs
        return with_fields(item, {"columns": levels.loc}, columns=columns)

    def computed(self, element: ComputedElement, item: LocDict, layout: Layout, ctx: LayoutContext) -> list[Item]:
        if element.draw != "vote-squares":
            return super().computed(element, item, layout, ctx)
        squares, p = item["squares"], layout.params
        size, spacing, per_row = parse_length(p["square"]), parse_length(p["spacing"]), p["per_row"]
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
    schema = RIDER

    def fields(self, item: LocDict, layout: Layout, ctx: LayoutContext) -> LocDict:
        """The rider with each gain of its effect on a line of its own ("+1 point / and +1
        vote"), rather than wherever the wrap falls."""
        return with_fields(item, effect=item["effect"].replace(" and ", "\nand "))

    def draw(self, item: LocDict, layout: Layout, ctx: LayoutContext) -> Faces:
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


class BiddingTokenKind(ComponentKind):
    """Both faces of a bidding token side by side, the score line on their shared edge."""

    name = "bidding-token"
    label = "bidding tokens (fold on the dashed line)"
    schema = BIDDING_TOKEN
    params_schema = closed({"numeral": FONT_SPEC, "caption": FONT_SPEC}, ["numeral", "caption"])

    def draw(self, item: LocDict, layout: Layout, ctx: LayoutContext) -> Faces:
        width, height = _size(layout)
        bleed = layout.bleed
        face = width / 2
        name = f"level {item['level']} bidding token"
        scene = Scene(width, height, bleed=bleed, name=name)
        for n, side in enumerate(("front", "back")):
            x = n * face
            colour = item[side]["colour"]
            # Fill into the bleed on the outer edges only: the fold edge is exact.
            fill_x = x - bleed if n == 0 else x
            scene.add(Rect(fill_x, -bleed, face + bleed, height + 2 * bleed, Style(fill=colour)))
            if ctx.ink_saver and contrast_ink(colour) == PAPER:
                scene.add(*hatched_bands(x, face, height, colour))
            scene.add(*self._face_text(item, side, (x, face, height), layout.params, ctx, name))
        scene.add(Polyline(((face, 0.0), (face, height)), line_style("score")))
        return Faces(scene)

    @staticmethod
    def _face_text(
        item: LocDict, side: str, where: tuple[float, float, float], p: LocDict, ctx: LayoutContext, name: str
    ) -> list[Item]:
        x, face, height = where
        # The ink saver turns a face's fill into an outline on white paper: ink for paper then.
        ink = contrast_ink(PAPER if ctx.ink_saver else item[side]["colour"])
        loc = item.loc_of(side)
        pad = face * 0.08
        items = _text(
            ctx,
            name,
            f"{side} level",
            loc,
            "LEVEL",
            (x + pad, pad, face - 2 * pad, height * 0.2),
            _style(p["caption"], align="center", colour=ink),
        )
        items += _text(
            ctx,
            name,
            f"{side} numeral",
            loc,
            str(item["level"]),
            (x + pad, height * 0.22, face - 2 * pad, height * 0.5),
            _style(p["numeral"], align="center", valign="middle", colour=ink),
        )
        items += _text(
            ctx,
            name,
            f"{side} label",
            loc,
            item[side]["label"],
            (x + pad, height * 0.74, face - 2 * pad, height * 0.26 - pad),
            _style(p["caption"], align="center", valign="bottom", colour=ink),
        )
        return items


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
    schema = VOTE

    def fields(self, item: LocDict, layout: Layout, ctx: LayoutContext) -> LocDict:
        return with_fields(item, {"ink": item.loc_of("colour")}, ink=contrast_ink(item["colour"]))


class RulesSummaryKind(ElementKind):
    """The rules summary card: a title and one bullet a line (layout whipped-rules-summary)."""

    name = "rules-summary"
    label = "rules summary cards"
    schema = RULES_SUMMARY


KINDS = (BillKind(), RiderKind(), BiddingTokenKind(), VoteKind(), RulesSummaryKind())
