"""Packing a sheet run: components of several sizes (one stock, one sidedness) onto shared sheets.

Each size is a batch. A batch goes into the free room left on the run's sheets so far when
that saves it a sheet (or takes all of it); the rest goes onto new sheets laid out by
plan_grid exactly as a run of one size is, and their free room is open to the batches
after it. Every order of the batches is tried (up to MAX_ORDERS_TRIED sizes); the fewest
sheets win, then the fewest blocks, then the given order. So a run of one size, or sizes
that save nothing by sharing, is imposed as before.

The packing is guillotine packing of card grids: a block (one size, laid row by row) is
put at the top left of a free rectangle, and what it leaves of that rectangle becomes at
most three new free rectangles: right of its full rows, right of its last, partly filled
row, and below it across the rectangle's width, each `apart` (two bleeds, or the widest
gap) from it. So every cut between blocks runs straight across what is left of the sheet,
and each block keeps its own grid of cut lines. Nothing is rotated, so a block's backs
mirror it on the backs sheet as a single size's do.

A sheet that takes a second size moves its furniture (the 2 in scale bar and labels) to
the foot of the page (or its right edge, where the furniture stands sideways), so the room
below or beside the first grid is free. A sheet whose grid needs the margins (the compact
strip) offers only its grid's own empty cells. The packing depends on nothing but
the batches, in order: the same sources give the same sheets.
"""

from itertools import permutations

from msgspec import Struct, field

from generator.layout.scene import Scene
from generator.sheets import marks
from generator.sheets.hexes import hex_places
from generator.sheets.impose import (
    FURNITURE_CLEARANCE,
    Block,
    PendingSheet,
    Plan,
    Slot,
    blocks_sheet,
    fits_across,
    flips_across,
    mirror_box,
    mirror_slot,
    plan_grid,
    slot_box,
    turned,
    uncut,
)
from generator.sheets.model import Box
from generator.sheets.paper import Paper

#: Up to this many sizes in a run, every order of packing them is tried (at most 120).
MAX_ORDERS_TRIED = 5


class Batch(Struct, frozen=True):
    """Components of one size, in print order: the same-size component files of a run."""

    label: str
    fronts: tuple[Scene, ...]
    backs: tuple[Scene | None, ...]
    #: The component file (as shown in messages) of each component.
    owners: tuple[str, ...]
    gap: float
    own_outline: bool = False
    #: Hexagons packed in a hex grid, sharing edges ("flat" or "pointy"); "" for rectangles.
    hexes: str = ""

    @property
    def size(self) -> tuple[float, float]:
        return self.fronts[0].width, self.fronts[0].height

    @property
    def bleed(self) -> float:
        return self.fronts[0].bleed

    @property
    def pitch_gap(self) -> float:
        """The space between neighbours in its grid: 0 (butted), else room for both bleeds."""
        return max(self.gap, 2 * self.bleed) if self.gap > 0 else 0.0


class _Placed(Struct, frozen=True):
    """A block of a batch on a sheet: components start .. start + len(boxes) - 1."""

    batch: Batch
    start: int
    boxes: tuple[Box, ...]

    def part(self, of: tuple) -> tuple:
        """Its share of one of the batch's per-component tuples."""
        return of[self.start : self.start + len(self.boxes)]

    def block(self, scenes: tuple[Scene, ...], boxes: tuple[Box, ...], blank: tuple[Box, ...] = ()) -> Block:
        batch = self.batch
        return Block(scenes, boxes, batch.pitch_gap, batch.bleed, batch.own_outline, batch.hexes, blank)


class _Sheet(Struct):
    """A fronts sheet being filled."""

    page: Paper
    slot: Slot
    #: Where the furniture goes once the sheet holds a second block, and the free rectangles
    #: (trim boxes may go anywhere inside them).
    moved: Slot
    free: list[Box]
    placed: list[_Placed] = field(default_factory=list)


def pack(
    batches: list[Batch],
    paper: Paper,
    duplex: str = "long",
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[PendingSheet]:
    """The batches on as few sheets as this packing finds, in order: each fronts sheet then
    (two-sided, unless `duplex` is "off") its backs sheet, every back at the mirror image of
    its front's place for the printer's flip, moved by `back_offset`. Each sheet names the
    component files it holds (`sources`), in placement order."""
    apart = max(max(b.pitch_gap, 2 * b.bleed) for b in batches)
    bleed = max(b.bleed for b in batches)
    orders = permutations(batches) if len(batches) <= MAX_ORDERS_TRIED else [batches]
    best: list[_Sheet] | None = None
    for order in orders:  # the given order first: another wins only with fewer sheets or splits
        sheets = _arranged(list(order), paper, apart, bleed)
        if best is None or _cost(sheets) < _cost(best):
            best = sheets
    assert best is not None
    out: list[PendingSheet] = []
    for sheet in best:
        out += _printed(sheet, duplex, back_offset)
    return out


def _cost(sheets: list[_Sheet]) -> tuple[int, int]:
    """Fewest sheets, then fewest blocks: a size split over fewer places is easier to find."""
    return len(sheets), sum(len(sheet.placed) for sheet in sheets)


def _arranged(batches: list[Batch], paper: Paper, apart: float, bleed: float) -> list[_Sheet]:
    """The batches in this order: each into the free room of the sheets so far, first
    first, when that saves it a sheet of its own; the rest onto new sheets of its
    plan_grid plan (a size is not scattered over other sizes' sheets for nothing)."""
    sheets: list[_Sheet] = []
    for batch in batches:
        if batch.hexes:
            sheets += _hex_sheets(batch, paper)
            continue
        w, h = batch.size
        count = len(batch.fronts)
        plan = plan_grid(paper, w, h, batch.bleed, batch.gap, count)
        if plan is None:
            raise _no_room(batch, paper)
        tried = [_Sheet(s.page, s.slot, s.moved, list(s.free), list(s.placed)) for s in sheets]
        done = 0
        for sheet in tried:
            done += _fill(sheet, batch, done, apart)
        if done and -(-(count - done) // plan.per_sheet) < -(-count // plan.per_sheet):
            sheets = tried  # the free room saves the batch a sheet (or takes all of it)
        else:
            done = 0
        while done < count:
            sheet = _new_sheet(plan, batch.size, bleed)
            done += _place_grid(sheet, plan, batch, done, apart)
            sheets.append(sheet)
    return sheets


def _hex_sheets(batch: Batch, paper: Paper) -> list[_Sheet]:
    """The batch's hexagons on sheets of their own, in a hex grid (sheets/hexes.py)."""
    found = hex_places(paper, batch.size, batch.hexes)
    if found is None:
        raise _no_room(batch, paper)
    boxes, slot = found
    sheets = []
    for start in range(0, len(batch.fronts), len(boxes)):
        placed = tuple(boxes[: len(batch.fronts) - start])
        sheets.append(_Sheet(paper, slot, slot, [], [_Placed(batch, start, placed)]))
    return sheets


def _no_room(batch: Batch, paper: Paper) -> ValueError:
    w, h = batch.size
    return ValueError(f"{batch.label}: {w:.1f} x {h:.1f} mm does not fit on {paper.name}")


def _new_sheet(plan: Plan, size: tuple[float, float], bleed: float) -> _Sheet:
    """A sheet laid out by `plan` for components of `size`, its free room (once the furniture is moved) the page
    inside the margins and crop-mark bands, short of the moved furniture and its marks."""
    page, slot = plan.paper, plan.slot
    if slot.compact:  # the grid spans the margins: only its own empty cells are free
        x0, y0 = plan.origin
        w, h = size
        grid_w, grid_h = plan.cols * plan.pitch_x - (plan.pitch_x - w), plan.rows * plan.pitch_y - (plan.pitch_y - h)
        return _Sheet(page, slot, slot, [(x0, y0, grid_w, grid_h)])
    reach = FURNITURE_CLEARANCE + marks.CROP_OFFSET + marks.CROP_LENGTH + bleed
    left = top = page.inset + bleed
    right, bottom = page.width - page.inset - bleed, page.height - page.inset - bleed
    if slot.rotate:
        moved = Slot(page.width - page.margin - marks.FURNITURE_H, slot.y, True)
        right = min(right, moved.x - reach)
    else:
        moved = Slot(slot.x, page.height - page.margin - marks.FURNITURE_H, False)
        bottom = min(bottom, moved.y - reach)
    return _Sheet(page, slot, moved, [(left, top, right - left, bottom - top)])


def _place_grid(sheet: _Sheet, plan: Plan, batch: Batch, start: int, apart: float) -> int:
    """As many of the batch from `start` as the plan's grid holds, at the plan's places."""
    count = min(plan.per_sheet, len(batch.fronts) - start)
    x0, y0 = plan.origin
    w, h = batch.size
    boxes = tuple(
        (x0 + (n % plan.cols) * plan.pitch_x, y0 + (n // plan.cols) * plan.pitch_y, w, h) for n in range(count)
    )
    sheet.placed.append(_Placed(batch, start, boxes))
    if sheet.free:
        sheet.free = _left_over(sheet.free[0], (x0, y0), plan.cols, count, batch, apart)
    return count


def _fill(sheet: _Sheet, batch: Batch, start: int, apart: float) -> int:
    """Put what fits of the batch from `start` into the sheet's free rectangles, first
    first; how many went in."""
    w, h = batch.size
    gap = batch.pitch_gap
    placed = 0
    free: list[Box] = []
    for rect in sheet.free:
        left = len(batch.fronts) - start - placed
        x, y, rw, rh = rect
        cols, rows = fits_across(rw, w, gap), fits_across(rh, h, gap)
        count = min(left, cols * rows)
        if count <= 0:
            free.append(rect)
            continue
        boxes = tuple((x + (n % cols) * (w + gap), y + (n // cols) * (h + gap), w, h) for n in range(count))
        sheet.placed.append(_Placed(batch, start + placed, boxes))
        free += _left_over(rect, (x, y), cols, count, batch, apart)
        placed += count
    sheet.free = free
    return placed


def _left_over(rect: Box, origin: tuple[float, float], cols: int, count: int, batch: Batch, apart: float) -> list[Box]:
    """The free rectangles a block of `count` (rows of `cols`) at `origin` leaves in `rect`:
    right of its full rows, right of its partly filled last row, and below it across the
    rectangle; each `apart` from the block."""
    rx, ry, rw, rh = rect
    x0, y0 = origin
    w, h = batch.size
    gap = batch.pitch_gap
    rows = -(-count // cols)
    last = count - (rows - 1) * cols  # in the last row
    full_rows = rows if last == min(cols, count) else rows - 1
    block_right = x0 + min(cols, count) * (w + gap) - gap
    block_bottom = y0 + rows * (h + gap) - gap
    full_bottom = y0 + full_rows * (h + gap) - gap
    last_right = x0 + last * (w + gap) - gap
    beside_last = full_bottom + apart if full_rows else y0  # clear of the full rows above
    candidates = [
        (block_right + apart, y0, rx + rw - block_right - apart, full_bottom - y0),
        (last_right + apart, beside_last, rx + rw - last_right - apart, block_bottom - beside_last),
        (rx, block_bottom + apart, rw, ry + rh - block_bottom - apart),
    ]
    return [(x, y, bw, bh) for x, y, bw, bh in candidates if bw > 0 and bh > 0]


def _label(sheet: _Sheet) -> str:
    return " + ".join(dict.fromkeys(p.batch.label for p in sheet.placed))


def _printed(sheet: _Sheet, duplex: str, back_offset: tuple[float, float]) -> list[PendingSheet]:
    """The fronts sheet and (two-sided) its backs sheet, mirrored for the flip."""
    page, label = sheet.page, _label(sheet)
    slot = sheet.slot if len(sheet.placed) == 1 else sheet.moved
    blocks = [p.block(p.part(p.batch.fronts), p.boxes) for p in sheet.placed]
    front = blocks_sheet(page, blocks, label, furniture=slot_box(slot))
    front.sources = tuple(dict.fromkeys(owner for p in sheet.placed for owner in p.part(p.batch.owners)))
    out = [PendingSheet(front, slot, label)]
    if duplex == "off":
        return out
    across = flips_across(page, duplex)
    dx, dy = back_offset
    backs: list[Block] = []
    for p in sheet.placed:
        mirrored = [mirror_box(page, box, across) for box in p.boxes]
        behind = list(zip(p.part(p.batch.backs), [(x + dx, y + dy, w, h) for x, y, w, h in mirrored], strict=True))
        printed = [(uncut(back if across else turned(back)), box) for back, box in behind if back is not None]
        if printed:
            blank = tuple(box for back, box in behind if back is None)
            backs.append(p.block(tuple(scene for scene, _ in printed), tuple(box for _, box in printed), blank))
    if backs:
        back_slot = mirror_slot(page, slot, across)
        sheet_back = blocks_sheet(page, backs, f"{label}, backs", cut=False, furniture=slot_box(back_slot))
        sheet_back.side = "back"
        sheet_back.sources = front.sources
        out.append(PendingSheet(sheet_back, back_slot, f"{label}, backs"))
    return out
