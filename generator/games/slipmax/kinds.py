"""Slipmax's printable kinds: strips, the register card, the spiral shape board, each drawn
from its item and its layout (layouts/strip.yaml, register-card.yaml, shape-board.yaml).

The three are designed together: a strip is title_height + pocket depth long; the register
card's pocket (slit to fold) is that depth, and each slit is the strip's width plus the
clearance, so a strip threads through its register, shows only its title when pushed home,
and reveals one step per step_height pulled.
"""

from msgspec import Struct

from generator.findings import error
from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.scene import Group, Path, Polyline, Rect, Scene, Style, line_style
from generator.layout.shapes import shape
from generator.layout.text import TextStyle, fit_text
from generator.sources.frozen import LocMap
from generator.sources.layout_model import Layout
from generator.sources.layouts import FONT_SPEC
from generator.sources.schema import LENGTH, closed
from generator.units import PT

from .items import RegisterCardItem, ShapeBoardItem, StripItem

GREY = "#777777"
#: A step's text keeps this clear of the rules above and below it (three lines of 7 pt
#: fit a 9.5 mm step).
STEP_INSET = 0.3


class StripKind(ComponentKind):
    name = "strip"
    label = "strips"
    item = StripItem
    params_schema = closed(
        {
            "title_height": LENGTH,
            "step_height": LENGTH,
            "padding": LENGTH,
            "title": FONT_SPEC,
            "note": FONT_SPEC,
            "step": FONT_SPEC,
        },
        ["title_height", "step_height", "padding", "title", "note", "step"],
    )

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        params = layout.params
        w, h = layout.width, layout.height
        pad = params["padding"]
        title_h = params["title_height"]
        step_h = params["step_height"]
        scene = Scene(w, h, name=item["title"])
        component = item["title"]
        title = (pad, pad, w - 2 * pad, 4.0)
        scene.add(*ctx.fit(item["title"], title, _font(params["title"]), component, "title", item.loc_of("title")))
        if "note" in item:
            note = (pad, pad + 4, w - 2 * pad, title_h - 4 - 2 * pad)
            scene.add(*ctx.fit(item["note"], note, _font(params["note"]), component, "note", item.loc_of("note")))
        thin = Style(stroke=GREY, stroke_width=0.25 * PT)
        for n, step in enumerate(item["steps"]):
            top = title_h + n * step_h
            scene.add(Polyline(((0, top), (w, top)), thin))
            box = (pad, top + STEP_INSET, w - 2 * pad, step_h - 2 * STEP_INSET)
            text = f"{step['step']}) {step['text']}"
            loc = item["steps"].loc_of(n)
            scene.add(*ctx.fit(text, box, _font(params["step"]), component, f"step ({step['step']})", loc))
        end = title_h + len(item["steps"]) * step_h
        if end > h + 1e-6:
            ctx.overflow(component, "steps", item.loc_of("steps"), 0.0, end - h)
        else:
            scene.add(Polyline(((0, end), (w, end)), thin))
        return Faces(scene)


def _font(spec: LocMap) -> TextStyle:
    """A params font setting (FONT_SPEC): shrinking to `min_size` (6 pt unless given) and
    tightening to a leading of 1.0."""
    size, leading = spec["size"], spec.get("leading", 1.2)
    return TextStyle(spec["font"], size, min(spec.get("min_size", 6 * PT), size), leading, min(1.0, leading))


class RegisterGeometry(Struct, frozen=True):
    """Register card measurements derived from the strip layout, in mm."""

    strip_width: float
    strip_length: float
    pocket_depth: float
    slit_length: float
    slit_y: float
    front_height: float
    flap_height: float
    pitch: float
    width: float


def register_geometry(layout: Layout, strip_layout: Layout, registers: int = 6) -> RegisterGeometry:
    params, strip = layout.params, strip_layout.params
    strip_w = strip_layout.width
    strip_l = strip_layout.height
    depth = strip_l - strip["title_height"]
    slit_y = params["slit_from_top"]
    slit = strip_w + params["clearance"]
    front = slit_y + depth + params["slack"]
    width = layout.width
    flap = params["flap_height"]
    return RegisterGeometry(strip_w, strip_l, depth, slit, slit_y, front, flap, width / max(registers, 1), width)


class RegisterCardKind(ComponentKind):
    name = "register-card"
    label = "register card"
    item = RegisterCardItem
    params_schema = closed(
        {
            "strip_layout": {"type": "string"},
            "slit_from_top": LENGTH,
            "clearance": LENGTH,
            "slack": LENGTH,
            "shape_size": LENGTH,
            "flap_height": LENGTH,
        },
        ["strip_layout", "slit_from_top", "clearance", "slack", "shape_size", "flap_height"],
    )

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        params = layout.params
        strip_layout = ctx.layout(params["strip_layout"], STRIP_KIND, layout.params.loc)
        g = register_geometry(layout, strip_layout, len(item["registers"]))
        scene = Scene(g.width, g.front_height + g.flap_height, name=item["name"])
        shape_size = params["shape_size"]
        ink = Style(fill="#000000")
        label = TextStyle("DejaVuSans", 7 * PT, align="center")
        for i, register in enumerate(item["registers"]):
            cx = (i + 0.5) * g.pitch
            half = g.slit_length / 2
            scene.add(Polyline(((cx - half, g.slit_y), (cx + half, g.slit_y)), line_style("slit")))
            cy = g.slit_y + 8 + shape_size / 2
            scene.add(shape(register, cx, cy, shape_size, ink))
            scene.add(
                *fit_text(f"{register} register", cx - g.pitch / 2, cy + shape_size / 2 + 3, g.pitch, 4, label).items
            )
        scene.add(Polyline(((0, g.front_height), (g.width, g.front_height)), line_style("score")))
        how = (
            "Cut the six slits. Fold the lower flap back on the long dashed line to make a pocket. "
            "Push each strip down through its slit until only its title shows. On landing, pull "
            "the strip up one step and obey the newly revealed step."
        )
        scene.add(
            *fit_text(
                how, 6, g.front_height - 16, g.width - 12, 13, TextStyle("DejaVuSans", 7 * PT, align="center")
            ).items
        )
        scene.add(_flap(g, ctx))
        return Faces(scene)


def _flap(g: RegisterGeometry, ctx: LayoutContext):
    """The back half carries the strip shorthand, printed upside down so it reads upright
    on the back of the card once folded."""
    text = (
        "Slipmax strip shorthand\n"
        "Flip n [heads]; [tails]: take n cents from your stash and flip them; take the heads "
        "result for every head and the tails result for every tail.\n"
        "nd: roll n dice.\n"
        "nd > x [win] [lose]: roll n dice; if the result is greater than x take the win "
        "effect, otherwise the lose effect.\n"
        "Locking: after taking a space's effect you may spend 2 cents a lock on its register."
    )
    items = fit_text(
        text, 8, 5, g.width - 16, g.flap_height - 10, TextStyle("DejaVuSans", 8 * PT, min_size=6 * PT, align="left")
    ).items
    # Rotate 180 degrees about the flap's centre.
    return Group(tuple(items), (-1, 0, 0, -1, g.width, g.front_height + g.flap_height))


class ShapeBoardKind(ComponentKind):
    name = "shape-board"
    tileable = True
    label = "board"
    item = ShapeBoardItem
    params_schema = closed({"border": LENGTH, "wall": LENGTH}, ["border", "wall"])

    def draw(self, item: LocMap, layout: Layout, ctx: LayoutContext) -> Faces:
        n, s = item["grid"], item["space"]
        border = layout.params["border"]
        wall = layout.params["wall"]
        cells = spiral_cells(n)
        expected = n * n - len(item["centre"])
        if len(item["spaces"]) != expected:
            ctx.findings.append(
                error(
                    "L003",
                    f"a {n}x{n} spiral with {len(item['centre'])} centre spaces has "
                    f"{expected} ordinary spaces; 'spaces' lists {len(item['spaces'])}",
                    item.loc_of("spaces"),
                )
            )
        size = n * s + 2 * border
        scene = Scene(size, size, name=item["name"])
        scene.add(Rect(0, 0, size, size, Style(fill="#f4f1e8")))
        scene.add(*_start_stripes(border, s))
        shapes = [[name] for name in item["spaces"]] + [list(pair) for pair in item["centre"]]
        ink = Style(fill="#000000")
        small = TextStyle("DejaVuSans", 7 * PT)
        for index, (row, col) in enumerate(cells):
            x, y = border + col * s, border + row * s
            names = shapes[index] if index < len(shapes) else []
            if len(names) == 1:
                scene.add(shape(names[0], x + s / 2, y + s / 2, s * 0.5, ink))
            elif names:
                scene.add(shape(names[0], x + s * 0.3, y + s / 2, s * 0.34, ink))
                scene.add(shape(names[1], x + s * 0.7, y + s / 2, s * 0.34, ink))
                end = TextStyle("DejaVuSans-Bold", 7 * PT, align="center")
                scene.add(*fit_text("END", x, y + s - 6, s, 4, end).items)
            scene.add(*fit_text(str(index + 1), x + 1.5, y + 1.2, 9, 3.5, small).items)
            if index + 1 < len(cells):
                scene.add(_arrow(cells[index], cells[index + 1], border, s))
        scene.add(*_walls(cells, border, s, wall))
        scene.add(Rect(border, border, n * s, n * s, Style(stroke="#000000", stroke_width=wall)))
        scene.add(
            *fit_text(
                "START: the first space is the one by the striped corner; go clockwise",
                border + s + 2,
                1.5,
                n * s - s - 4,
                border - 3,
                TextStyle("DejaVuSans-Bold", 9 * PT, min_size=6 * PT),
            ).items
        )
        lines = tuple(border + k * s for k in range(n + 1))
        scene.seams = (lines, lines)  # a board in tiles is split between spaces, never through one
        return Faces(scene)


def spiral_cells(n: int) -> list[tuple[int, int]]:
    """(row, col) of every square of an n x n grid in clockwise spiral order from top left."""
    top, left, bottom, right = 0, 0, n - 1, n - 1
    out: list[tuple[int, int]] = []
    while top <= bottom and left <= right:
        out += [(top, c) for c in range(left, right + 1)]
        out += [(r, right) for r in range(top + 1, bottom + 1)]
        if top < bottom:
            out += [(bottom, c) for c in range(right - 1, left - 1, -1)]
        if left < right:
            out += [(r, left) for r in range(bottom - 1, top, -1)]
        top, left, bottom, right = top + 1, left + 1, bottom - 1, right - 1
    return out


def _walls(cells, border: float, s: float, wall: float):
    """A wall on every edge between grid neighbours that are not consecutive on the track."""
    order = {cell: i for i, cell in enumerate(cells)}
    style = Style(stroke="#000000", stroke_width=wall)
    items = []
    for (r, c), i in order.items():
        for dr, dc in ((0, 1), (1, 0)):
            other = (r + dr, c + dc)
            if other in order and abs(order[other] - i) != 1:
                x, y = border + (c + dc) * s, border + (r + dr) * s
                end = (x, y + s) if dc else (x + s, y)
                items.append(Polyline(((x, y), end), style))
            elif other in order:
                x, y = border + (c + dc) * s, border + (r + dr) * s
                end = (x, y + s) if dc else (x + s, y)
                items.append(Polyline(((x, y), end), Style(stroke=GREY, stroke_width=0.25 * PT)))
    return items


def _arrow(a, b, border: float, s: float):
    """A small chevron on the edge from space a to the next space b: the way round."""
    (r1, c1), (r2, c2) = a, b
    dx, dy = c2 - c1, r2 - r1
    cx = border + (c1 + 0.5 + dx * 0.5) * s
    cy = border + (r1 + 0.5 + dy * 0.5) * s
    k = 1.6
    tip = (cx + dx * k, cy + dy * k)
    left = (cx - dx * k - dy * k, cy - dy * k + dx * k)
    right = (cx - dx * k + dy * k, cy - dy * k - dx * k)
    return Polyline((left, tip, right), Style(fill="#555555"), closed=True)


def _start_stripes(border: float, s: float):
    """Diagonal stripes along the border at the START corner (top left)."""
    style = Style(fill="#000000")
    items = []
    length = s + border
    for k in range(0, int(length // 3)):
        x = k * 3.0
        if x + 1.5 > length:
            break
        items.append(Path((("M", x, 0), ("L", x + 1.5, 0), ("L", 0, x + 1.5), ("L", 0, x), ("Z",)), style))
    return [Group(tuple(items), clip=(0, 0, length, border)), Group(tuple(items), clip=(0, 0, border, length))]


STRIP_KIND = StripKind()
REGISTER_CARD_KIND = RegisterCardKind()
KINDS = (STRIP_KIND, REGISTER_CARD_KIND, ShapeBoardKind())
