"""Imposition: how many components fit a sheet, where they go, and their cut lines.

Components of one kind are laid in a grid in the page orientation that fits the most of
them. The sheet furniture (the 2 in scale bar and the labels) goes below or right of the grid
when there is room; when the grid needs the margins (poker cards 9-up on Letter or A4 leave
about 6 mm), the grid is centred, crop marks shrink to the room left, and the furniture
becomes a compact strip in the widest free margin: the same bar and one label line. With no
gap and no bleed, neighbours butt and share their cut lines (one long scissor cut per
row/column); otherwise each component has its own outline. A component larger than a sheet
is tiled, its tiles meeting on the lines the component names as its seams (a board's lines
between spaces) where the paper allows, else spread evenly.
"""

import math
from functools import cache

from msgspec import Struct

from generator.layout.hex_tile import hex_edges
from generator.layout.scene import Group, Item, Polyline, Rect, Scene, Style, Text, line_style, without_roles
from generator.layout.text import set_line
from generator.sheets import marks
from generator.sheets.model import Box, Sheet
from generator.sheets.paper import Paper
from generator.units import PT

FURNITURE_CLEARANCE = 2.0
TILE_OVERLAP = 12.0
COMPACT_MIN_LENGTH = 60.0  # the 2 in bar, and under it its shortest label at 7 pt


class Slot(Struct):
    """Where the furniture goes on a sheet, filled in once every sheet is numbered.
    `rotate` stands it along a side margin; `compact` is the ruler strip of `length` mm."""

    x: float
    y: float
    rotate: bool
    compact: bool = False
    length: float = 0.0


class Plan(Struct):
    paper: Paper
    cols: int
    rows: int
    pitch_x: float
    pitch_y: float
    slot: Slot
    origin: tuple[float, float]

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows


def furniture_slot(paper: Paper, used_w: float, used_h: float, bleed: float) -> Slot | None:
    """Room for the full furniture below or right of a top-left grid of used_w x used_h."""
    inset = paper.inset
    below = inset + used_h + bleed + marks.CROP_OFFSET + marks.CROP_LENGTH + FURNITURE_CLEARANCE
    if paper.height - paper.margin - below >= marks.FURNITURE_H and (
        paper.width - 2 * paper.margin >= marks.FURNITURE_W
    ):
        return Slot(paper.margin, below, False)
    right = inset + used_w + bleed + marks.CROP_OFFSET + marks.CROP_LENGTH + FURNITURE_CLEARANCE
    if paper.width - paper.margin - right >= marks.FURNITURE_H and (
        paper.height - 2 * paper.margin >= marks.FURNITURE_W
    ):
        return Slot(right, paper.margin, True)
    return None


def _free_spans(low: float, high: float, cuts: list[float]) -> list[tuple[float, float]]:
    """Stretches of [low, high] clear of the crop marks at `cuts` (1 mm either side)."""
    spans, start = [], low
    for cut in sorted(cuts):
        if cut - 1.0 > start:
            spans.append((start, cut - 1.0))
        start = max(start, cut + 1.0)
    if high > start:
        spans.append((start, high))
    return spans


def _compact_slot(
    page: Paper, box: tuple[float, float, float, float], bleed: float, xs: list[float], ys: list[float]
) -> Slot | None:
    """The longest clear stretch of margin that holds the compact furniture strip."""
    x, y, w, h = box
    need = marks.COMPACT_H
    mark_zone = bleed + marks.CROP_OFFSET + marks.CROP_LENGTH
    options = []
    # (thickness of the band, thickness outside the crop marks, along-edge range, crossing marks, place)
    bands = (
        ("top", y - bleed - page.margin, (page.margin, page.width - page.margin), xs),
        ("bottom", page.height - page.margin - (y + h + bleed), (page.margin, page.width - page.margin), xs),
        ("left", x - bleed - page.margin, (page.margin, page.height - page.margin), ys),
        ("right", page.width - page.margin - (x + w + bleed), (page.margin, page.height - page.margin), ys),
    )
    for side, depth, (low, high), cuts in bands:
        if depth - 0.3 < need:
            continue
        clear_outside = depth - mark_zone >= need
        spans = [(low, high)] if clear_outside else _free_spans(low, high, cuts)
        for a, b in spans:
            if b - a >= COMPACT_MIN_LENGTH:
                options.append((b - a, side, a, b))
    if not options:
        return None
    length, side, a, _ = max(options)
    if side == "top":
        return Slot(a, page.margin, False, True, length)
    if side == "bottom":
        return Slot(a, page.height - page.margin - need, False, True, length)
    if side == "left":
        return Slot(page.margin, a, True, True, length)
    return Slot(page.width - page.margin - need, a, True, True, length)


def fits_across(room: float, size: float, gap: float) -> int:
    """How many components of `size`, `gap` apart, fit in `room` mm."""
    return int((room + gap + 1e-9) // (size + gap))


def plan_grid(paper: Paper, w: float, h: float, bleed: float, gap: float, count: int = 0) -> Plan | None:
    """The best grid over both orientations for `count` components: fewest sheets; then
    full furniture over the compact strip; then most per sheet; then portrait."""
    if gap > 0:
        gap = max(gap, 2 * bleed)  # apart: each component keeps its whole bleed
    best: tuple | None = None
    for rank, page in enumerate((paper, paper.rotated()) if not paper.landscape else (paper.rotated(), paper)):
        for plan in _plans(page, w, h, bleed, gap):
            sheets = -(-count // plan.per_sheet) if count else 0
            key = (-sheets, not plan.slot.compact, plan.per_sheet, -rank)
            if best is None or key > best[0]:
                best = (key, plan)
    return best[1] if best else None


def _plans(page: Paper, w: float, h: float, bleed: float, gap: float):
    """Candidate grids on one page: top-left with the full furniture below or to the right,
    or centred and tight with the compact strip in a margin (fewer rows until it fits)."""
    room_w = page.width - 2 * page.inset - 2 * bleed
    room_h = page.height - 2 * page.inset - 2 * bleed
    band = marks.FURNITURE_H + marks.CROP_OFFSET + marks.CROP_LENGTH + FURNITURE_CLEARANCE - page.marks
    origin = (page.inset + bleed, page.inset + bleed)
    for c, r in (
        (fits_across(room_w, w, gap), fits_across(room_h - band, h, gap)),
        (fits_across(room_w - band, w, gap), fits_across(room_h, h, gap)),
    ):
        if c >= 1 and r >= 1:
            slot = furniture_slot(page, c * w + (c - 1) * gap, r * h + (r - 1) * gap, bleed)
            if slot:
                yield Plan(page, c, r, w + gap, h + gap, slot, origin)
    tight = page.margin + (bleed if gap > 0 else 0.0)
    cols, rows = fits_across(page.width - 2 * tight, w, gap), fits_across(page.height - 2 * tight, h, gap)
    for c, r in [(cols, r) for r in range(rows, 0, -1)] + [(c, rows) for c in range(cols - 1, 0, -1)]:
        if c < 1 or r < 1:
            continue
        gw, gh = c * w + (c - 1) * gap, r * h + (r - 1) * gap
        x0, y0 = round((page.width - gw) / 2, 4), round((page.height - gh) / 2, 4)
        xs = [x0 + i * (w + gap) + d for i in range(c) for d in (0, w)]
        ys = [y0 + j * (h + gap) + d for j in range(r) for d in (0, h)]
        slot = _compact_slot(page, (x0, y0, gw, gh), bleed, xs, ys)
        if slot:
            yield Plan(page, c, r, w + gap, h + gap, slot, (x0, y0))
            return


class PendingSheet(Struct):
    sheet: Sheet
    #: Where its furniture goes; None for a page without (a page left blank on purpose).
    slot: Slot | None
    label: str


def _placed(scene: Scene, x: float, y: float, outer: tuple[bool, bool, bool, bool] = (True,) * 4) -> Group:
    """The scene at (x, y), clipped to its trim plus its bleed on the `outer` sides
    (left, top, right, bottom): butted neighbours share a cut line, so the bleed between
    them is cut away rather than printed over the neighbour."""
    b = scene.bleed
    left, top, right, bottom = (b if side else 0.0 for side in outer)
    return Group(
        tuple(scene.items),
        (1, 0, 0, 1, x, y),
        clip=(-left, -top, scene.width + left + right, scene.height + top + bottom),
    )


def uncut(scene: Scene) -> Scene:
    """A back without cut or slit lines of its own: printed duplex, a back drifts a little
    against its front, and a line drawn inside it would show on the finished back."""
    return Scene(
        scene.width, scene.height, list(without_roles(tuple(scene.items), ("cut", "slit"))), scene.bleed, scene.name
    )


def turned(scene: Scene) -> Scene:
    """The scene turned 180 degrees in its place. A sheet turned over its top edge shows
    its backs upside down: turned, each back reads the same way up as its front."""
    transform = (-1, 0, 0, -1, scene.width, scene.height)
    return Scene(scene.width, scene.height, [Group(tuple(scene.items), transform)], scene.bleed, scene.name)


def flips_across(page: Paper, duplex: str) -> bool:
    """True when the sheet turns over a vertical axis (backs mirrored left-right), False
    when over a horizontal one (mirrored top-bottom). A long-edge flip turns a portrait
    sheet over its side, a landscape one over its top; a short-edge flip the other way."""
    return (duplex == "long") != page.landscape


def mirror_box(page: Paper, box: tuple[float, float, float, float], across: bool) -> tuple[float, float, float, float]:
    """Where the back of the component at `box` lands on the other side of the sheet."""
    x, y, w, h = box
    return (page.width - x - w, y, w, h) if across else (x, page.height - y - h, w, h)


def slot_box(slot: Slot) -> Box:
    """The box the furniture takes at its slot."""
    thick = marks.COMPACT_H if slot.compact else marks.FURNITURE_H
    long = slot.length if slot.compact else marks.FURNITURE_W
    return (slot.x, slot.y, thick, long) if slot.rotate else (slot.x, slot.y, long, thick)


def mirror_slot(page: Paper, slot: Slot, across: bool = True) -> Slot:
    """The furniture's place on a backs sheet: where the fronts sheet leaves room, mirrored."""
    x, y, w, h = slot_box(slot)
    if across:
        return Slot(page.width - x - w, y, slot.rotate, slot.compact, slot.length)
    return Slot(x, page.height - y - h, slot.rotate, slot.compact, slot.length)


class Block(Struct, frozen=True):
    """Components of one size laid as a grid on a sheet, at their boxes; a sheet holds one
    block or, packed with other sizes, several."""

    scenes: tuple[Scene, ...]
    boxes: tuple[Box, ...]
    gap: float
    bleed: float
    #: The scenes draw their own cut outline: no rectangles or crop marks are added.
    own_outline: bool = False
    #: Hexagons sharing their edges ("flat" or "pointy", sheets/hexes.py), which the sheet
    #: cuts once each; "" for rectangles.
    hexes: str = ""
    #: Boxes of components cut out with the block that print nothing on this side (a card
    #: with no back, on a backs sheet): a neighbour's bleed stops at their edges, as at a
    #: printed neighbour's, rather than printing a strip onto the blank side.
    blank: tuple[Box, ...] = ()


def _grid_sheet(
    page: Paper,
    scenes: list[Scene],
    boxes: list[Box],
    gap: float,
    bleed: float,
    label: str,
    own_outline: bool = False,
    cut: bool = True,
) -> Sheet:
    """One block of scenes at their boxes (see blocks_sheet)."""
    return blocks_sheet(page, [Block(tuple(scenes), tuple(boxes), gap, bleed, own_outline)], label, cut)


def blocks_sheet(page: Paper, blocks: list[Block], label: str, cut: bool = True, furniture: Box | None = None) -> Sheet:
    """The blocks' scenes at their boxes, with cut lines (unless the scenes draw their own,
    or `cut` is off: a duplex backs sheet is cut from its front) and crop marks in the
    margins. Butted components of every block share their cut lines; each block's crop
    marks continue its edges only where they reach the margin past all the components,
    clear of the `furniture`'s box."""
    sheet = Sheet(page.width, page.height, title=label)
    for block in blocks:
        taken = {(round(x, 3), round(y, 3)) for x, y, _, _ in block.boxes + block.blank}
        for scene, (x, y, w, h) in zip(block.scenes, block.boxes, strict=True):
            neighbours = ((x - w, y), (x, y - h), (x + w, y), (x, y + h))
            left, top, right, bottom = (
                block.gap > 0 or (round(nx, 3), round(ny, 3)) not in taken for nx, ny in neighbours
            )
            sheet.items.append(_placed(scene, x, y, (left, top, right, bottom)))
    outlined = [block for block in blocks if not block.own_outline]
    if cut:
        butted = [box for block in outlined if block.gap <= 0 for box in block.boxes]
        if butted:
            sheet.items += marks.cut_lines(marks.merge_segments(marks.cell_edges(butted)))
        apart = [box for block in outlined if block.gap > 0 for box in block.boxes]
        sheet.items += [Rect(x, y, bw, bh, line_style("cut")) for x, y, bw, bh in apart]
        for block in blocks:
            if block.hexes:
                sheet.items += hex_edges(list(block.boxes), block.hexes)
    boxes = [box for block in blocks for box in block.boxes]
    sheet.trim = _union(boxes)
    for block in outlined:
        clear_of = (sheet.trim,) if furniture is None else (sheet.trim, furniture)
        sheet.items += marks.crop_marks(list(block.boxes), block.bleed, page, clear_of)
    sheet.placements = boxes
    bleed = max(block.bleed for block in blocks)
    if bleed:
        x, y, bw, bh = sheet.trim
        sheet.bleed = (x - bleed, y - bleed, bw + 2 * bleed, bh + 2 * bleed)
    return sheet


def _union(boxes):
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[0] + b[2] for b in boxes)
    bottom = max(b[1] + b[3] for b in boxes)
    return (left, top, right - left, bottom - top)


class TileLayout(Struct, frozen=True):
    page: Paper
    across: int
    down: int
    #: The largest tile (content) the page holds, in mm.
    width: float
    height: float
    #: The furniture under each tile is the compact strip, not the full block.
    compact: bool


def _tile_layout(paper: Paper, w: float, h: float) -> TileLayout:
    """The fewest tiles the overlap allows: each orientation of the paper, with the full
    furniture under the tile or, where that saves tiles, the compact strip (ties keep the
    full furniture, then the paper as given)."""
    best: TileLayout | None = None
    for compact in (False, True):
        furniture = marks.COMPACT_H if compact else marks.FURNITURE_H
        for page in (paper, paper.rotated()):
            tw = page.width - 2 * page.inset
            th = page.height - 2 * page.inset - furniture - FURNITURE_CLEARANCE - marks.CROP_LENGTH
            nx = max(1, math.ceil((w - TILE_OVERLAP) / (tw - TILE_OVERLAP))) if w > tw else 1
            ny = max(1, math.ceil((h - TILE_OVERLAP) / (th - TILE_OVERLAP))) if h > th else 1
            if best is None or nx * ny < best.across * best.down:
                best = TileLayout(page, nx, ny, tw, th, compact)
    assert best is not None
    return best


def _spans(total: float, count: int, size: float, seams: tuple[float, ...] = ()) -> list[tuple[float, float]]:
    """Tile spans over [0, total], each at most `size` long and overlapping the next by
    TILE_OVERLAP, the strip where the next tile's trimmed edge is laid on its guide. Where the
    component names its `seams` and they allow it, each tile after the first starts on one
    (its trimmed edge is where the tiles meet on the table), the seams nearest an even
    spread; otherwise the tiles are spread evenly."""
    if count == 1:
        return [(0.0, total)]
    length = min(size, (total + (count - 1) * TILE_OVERLAP) / count)
    step = (total - length) / (count - 1)
    even = [(round(i * step, 4), round(i * step + length, 4)) for i in range(count)]
    starts = _seam_starts(total, count, size, seams, [start for start, _ in even[1:]])
    if starts is None:
        return even
    ends = [round(start + TILE_OVERLAP, 4) for start in starts]
    return list(zip((0.0, *starts), (*ends, total), strict=True))


#: A tile may start on one of this many seams nearest its even start (bounds the search).
SEAMS_TRIED = 16


def _seam_starts(
    total: float, count: int, size: float, seams: tuple[float, ...], even: list[float]
) -> tuple[float, ...] | None:
    """The starts of tiles 2 .. count, each on a seam, every tile at most `size` long and
    reaching TILE_OVERLAP past the next tile's start: of the choices that fit, the one whose
    starts stray least from the even ones (the largest stray counted). Each tile tries the
    SEAMS_TRIED seams nearest its even start, by dynamic programming, so the search stays
    small however many seams a component names; None when no choice fits."""
    inside = sorted({x for x in seams if 0.0 < x < total})
    # The seams the tile so far may start on -> (the worst stray so far, the starts so far).
    reached: dict[float, tuple[float, tuple[float, ...]]] = {0.0: (0.0, ())}
    for target in even:
        nearest = sorted(inside, key=lambda x: (abs(x - target), x))[:SEAMS_TRIED]
        ahead: dict[float, tuple[float, tuple[float, ...]]] = {}
        for start, (stray, chosen) in reached.items():
            for seam in nearest:
                if seam <= start or seam + TILE_OVERLAP > start + size + 1e-9:
                    continue
                worse = max(stray, abs(seam - target))
                if seam not in ahead or worse < ahead[seam][0]:
                    ahead[seam] = (worse, (*chosen, seam))
        reached = ahead
    ends = [(stray, chosen) for start, (stray, chosen) in reached.items() if total - start <= size + 1e-9]
    return min(ends)[1] if ends else None


def impose_tiled(scene: Scene, paper: Paper, label: str) -> list[PendingSheet]:
    """A component too large for one sheet, split into overlapping tiles.

    Every tile repeats the overlap strip of its neighbours and shows the same alignment
    targets there; trim a tile along its solid edge line and lay it over the neighbour's
    dotted overlap guide, targets on targets. Tiles are named by column letter and row number."""
    layout = _tile_layout(paper, scene.width, scene.height)
    page, nx, ny = layout.page, layout.across, layout.down
    xs = _spans(scene.width, nx, layout.width, scene.seams[0])
    ys = _spans(scene.height, ny, layout.height, scene.seams[1])
    out = []
    for j, (y0, y1) in enumerate(ys):
        for i, (x0, x1) in enumerate(xs):
            name = f"{chr(65 + i)}{j + 1}"
            sheet = Sheet(page.width, page.height, title=label)
            ox, oy = page.inset - x0, page.inset - y0
            clip = (x0, y0, x1 - x0, y1 - y0)
            content: list[Item] = list(scene.items)
            content += _tile_marks(scene, xs, ys, i, j)
            sheet.items.append(Group(tuple(content), (1, 0, 0, 1, ox, oy), clip=clip))
            tile_box = (page.inset, page.inset, x1 - x0, y1 - y0)
            outline = Rect(ox, oy, scene.width, scene.height, line_style("cut"))
            sheet.items.append(Group((outline,), clip=tile_box))
            sheet.items += _tile_edges(tile_box, i, j, nx, ny)
            caption = f"tile {name} of {nx * ny} ({nx} across, {ny} down)"
            sheet.items += set_line(page.inset, page.inset - 1.5, caption, "DejaVuSans-Bold", 7 * PT)
            sheet.trim = tile_box
            sheet.placements = [tile_box]
            below = page.inset + (y1 - y0) + marks.CROP_LENGTH + FURNITURE_CLEARANCE
            slot = Slot(page.margin, below, False, layout.compact, page.width - 2 * page.margin)
            out.append(PendingSheet(sheet, slot, f"{label}, tile {name}"))
    return out


def _tile_marks(scene: Scene, xs, ys, i: int, j: int) -> list[Item]:
    """Alignment targets in every overlap strip, in board coordinates, placed near the
    board's edges (where a board keeps its plain border) so art never hides them."""
    inset = min(6.0, scene.width / 10, scene.height / 10)
    items: list[Item] = []
    for k in range(len(xs) - 1):
        cx = (xs[k + 1][0] + xs[k][1]) / 2
        for cy in (max(ys[j][0], 0) + inset, min(ys[j][1], scene.height) - inset):
            items += marks.target(cx, cy)
    for k in range(len(ys) - 1):
        cy = (ys[k + 1][0] + ys[k][1]) / 2
        for cx in (max(xs[i][0], 0) + inset, min(xs[i][1], scene.width) - inset):
            items += marks.target(cx, cy)
    return items


#: The overlap guide: dark and dotted, unlike a fold's dashes, so it shows printed in grey too.
OVERLAP_GUIDE = Style(stroke="#333333", stroke_width=0.5 * PT, dash=(0.6, 1.2), role="guide")
#: What the overlap guide's label says, beside it in the strip the next tile covers.
OVERLAP_LABEL = "overlap: lay the next tile's trimmed edge on this dotted line, targets on targets"


def _tile_edges(box, i: int, j: int, nx: int, ny: int) -> list[Item]:
    """Solid trim edges where this tile is laid over a neighbour (its left/top), dotted guides
    where a neighbour is laid over it (its right/bottom overlap), each labelled."""
    x, y, w, h = box
    items: list[Item] = []
    if i > 0:
        items.append(Polyline(((x, y), (x, y + h)), line_style("cut")))
    if j > 0:
        items.append(Polyline(((x, y), (x + w, y)), line_style("cut")))
    if i < nx - 1:
        gx = x + w - TILE_OVERLAP
        items.append(Polyline(((gx, y), (gx, y + h)), OVERLAP_GUIDE))
        items.append(Group(_guide_label(), (0, 1, -1, 0, gx + 1.2, y + 20.0)))  # read downwards, right of it
    if j < ny - 1:
        gy = y + h - TILE_OVERLAP
        items.append(Polyline(((x, gy), (x + w, gy)), OVERLAP_GUIDE))
        items.append(Group(_guide_label(), (1, 0, 0, 1, x + 20.0, gy + 1.2)))
    return items


@cache
def _guide_label() -> tuple[Item, ...]:
    """OVERLAP_LABEL at 7 pt on a white band, its top left at (0, 0): set once a process."""
    text = set_line(0.6, 2.6, OVERLAP_LABEL, "DejaVuSans", 7 * PT, "#333333")
    width = sum(item.width for item in text if isinstance(item, Text)) + 1.2
    return (Rect(0, 0, width, 3.4, Style(fill="#ffffff")), *text)


def finish(pending: list[PendingSheet], game: str, first_page: int = 1, total: int | None = None) -> list[Sheet]:
    """Number the sheets and add the furniture: game and component, page x of y, 100%. The
    numbers are the PDF's own: the first sheet is page `first_page` of `total` (pages of
    front matter come before it)."""
    total = total if total is not None else first_page - 1 + len(pending)
    for n, p in enumerate(pending, first_page):
        if p.slot is not None:
            p.sheet.items.append(_furniture(p, p.slot, game, n, total))
    return [p.sheet for p in pending]


def _furniture(p: PendingSheet, slot: Slot, game: str, n: int, total: int) -> Group:
    if slot.compact:
        lines = [
            f"the bar above is 2 in: print at 100% · {game}: {p.label} · page {n} of {total}",
            f"the bar above is 2 in: print at 100% · page {n} of {total}",
            f"bar: 2 in at 100% · page {n} of {total}",
        ]
        return marks.compact_furniture(slot.x, slot.y, lines, slot.length, slot.rotate)
    lines = [f"{game}: {p.label}", f"page {n} of {total}", "print at 100% (no scaling): the bar must measure 2 in"]
    return marks.furniture(slot.x, slot.y, lines, slot.rotate)
