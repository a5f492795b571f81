"""Fold-over (gutter fold) sheets for printers without duplex.

Fronts fill one side of a fold line, backs the other; each back sits at the mirror image of
its front across the fold, so when the sheet is folded back along the score line (and glued)
every back lies behind its own front. The fold runs across the sheet (fronts above, backs
below: each back is turned half a revolution, to read upright when the card is turned over
sideways) or down it (fronts left, backs right: backs print upright). Of both folds on both
orientations, the one holding the most parts wins. Fold and glue first, then cut both layers
at once along the fronts' cut lines: the backs carry no cut lines of their own, which would
show on the finished backs wherever the fold is off by a hair.
"""

from msgspec import Struct

from generator.layout.scene import Polyline, Scene, line_style
from generator.sheets import impose, marks
from generator.sheets.impose import PendingSheet, Slot, turned, uncut
from generator.sheets.paper import Paper

#: The least gap between a front and its back across the fold: room for a fold that is not
#: quite on the line.
MIN_GUTTER = 4.0

Box = tuple[float, float, float, float]


class FoldPlan(Struct, frozen=True):
    """Where the parts of a fold-over sheet go: `cols` x `rows` fronts on one side of the
    fold, their backs mirrored on the other; `down` when the fold line runs down the page."""

    page: Paper
    down: bool
    cols: int
    rows: int
    fronts: tuple[Box, ...]
    fold: float  # x of the fold when `down`, else its y
    slot: Slot

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def back_box(self, box: Box) -> Box:
        return _mirrored(box, self.fold, self.down)

    def fold_line(self, bleed: float) -> Polyline:
        """The score line, as long as the block of parts and its crop marks."""
        left, top, right, bottom = _extent(self.fronts + tuple(self.back_box(b) for b in self.fronts))
        reach = bleed + marks.CROP_OFFSET + marks.CROP_LENGTH
        m = self.page.margin
        if self.down:
            ends = ((self.fold, max(m, top - reach)), (self.fold, min(self.page.height - m, bottom + reach)))
        else:
            ends = ((max(m, left - reach), self.fold), (min(self.page.width - m, right + reach), self.fold))
        return Polyline(ends, line_style("score"))


def _mirrored(box: Box, fold: float, down: bool) -> Box:
    """Where the back of the part at `box` goes: its mirror image across the fold."""
    x, y, w, h = box
    return (2 * fold - x - w, y, w, h) if down else (x, 2 * fold - y - h, w, h)


def _extent(boxes: tuple[Box, ...]) -> tuple[float, float, float, float]:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[0] + b[2] for b in boxes),
        max(b[1] + b[3] for b in boxes),
    )


def _gutter(bleed: float) -> float:
    return max(MIN_GUTTER, 2 * bleed + 2.0)


def _plan(page: Paper, down: bool, cols: int, rows: int, w: float, h: float, bleed: float) -> FoldPlan | None:
    """The block of fronts, gutter and backs centred on the page, if the furniture strip
    still finds a clear margin beside it."""
    gutter = _gutter(bleed)
    block_w = 2 * cols * w + gutter if down else cols * w
    block_h = rows * h if down else 2 * rows * h + gutter
    x0, y0 = round((page.width - block_w) / 2, 4), round((page.height - block_h) / 2, 4)
    fold = x0 + cols * w + gutter / 2 if down else y0 + rows * h + gutter / 2
    fronts = tuple((x0 + c * w, y0 + r * h, w, h) for r in range(rows) for c in range(cols))
    every = fronts + tuple(_mirrored(b, fold, down) for b in fronts)
    xs = sorted({round(v, 4) for b in every for v in (b[0], b[0] + b[2])} | ({fold} if down else set()))
    ys = sorted({round(v, 4) for b in every for v in (b[1], b[1] + b[3])} | (set() if down else {fold}))
    slot = impose._compact_slot(page, (x0, y0, block_w, block_h), bleed, xs, ys)
    return FoldPlan(page, down, cols, rows, fronts, fold, slot) if slot else None


def _candidates(page: Paper, down: bool, w: float, h: float, bleed: float):
    """Plans for one fold on one page, largest first: the most columns and rows that fit
    inside the printer's margins, then fewer rows or columns until the furniture fits."""
    room_w = page.width - 2 * page.margin - 2 * bleed
    room_h = page.height - 2 * page.margin - 2 * bleed
    gutter = _gutter(bleed)
    cols = int((room_w - gutter) / 2 // w) if down else int(room_w // w)
    rows = int(room_h // h) if down else int((room_h - gutter) / 2 // h)
    for c, r in [(cols, r) for r in range(rows, 0, -1)] + [(c, rows) for c in range(cols - 1, 0, -1)]:
        if c >= 1 and r >= 1:
            plan = _plan(page, down, c, r, w, h, bleed)
            if plan:
                yield plan
                return


def best_plan(paper: Paper, scene: Scene) -> FoldPlan | None:
    """The plan holding the most parts a sheet; ties go to portrait, then to a fold across."""
    best: tuple | None = None
    for rank, page in enumerate((paper, paper.rotated())):
        for down in (False, True):
            for plan in _candidates(page, down, scene.width, scene.height, scene.bleed):
                key = (plan.per_sheet, -rank, not down)
                if best is None or key > best[0]:
                    best = (key, plan)
    return best[1] if best else None


def fits_fold_over(scene: Scene, paper: Paper) -> bool:
    """Whether a face and its back fit either side of a fold on one sheet."""
    return best_plan(paper, scene) is not None


def impose_fold_over(
    fronts: list[Scene], backs: list[Scene | None], paper: Paper, label: str, own_outline: bool = False
) -> list[PendingSheet]:
    """Sheets holding fronts and their backs on one side, the fold line scored; cut lines
    round the fronts only (with `own_outline` the fronts draw their own)."""
    first = fronts[0]
    plan = best_plan(paper, first)
    if plan is None:
        raise ValueError(
            f"{label}: {first.width:.1f} x {first.height:.1f} mm is too large to fold over on {paper.name}"
        )
    out = []
    for start in range(0, len(fronts), plan.per_sheet):
        chunk = range(start, min(start + plan.per_sheet, len(fronts)))
        scenes, boxes = [], []
        for index, box in zip(chunk, plan.fronts, strict=False):
            scenes.append(fronts[index])
            boxes.append(box)
            back = backs[index]
            if back is not None:
                scenes.append(uncut(back if plan.down else turned(back)))
                boxes.append(plan.back_box(box))
        sheet = impose._grid_sheet(
            plan.page, scenes, boxes, 0.0, first.bleed, f"{label}, fold-over", own_outline, cut=False
        )
        if not own_outline:
            front_boxes = list(plan.fronts[: len(chunk)])
            sheet.items += marks.cut_lines(marks.merge_segments(marks.cell_edges(front_boxes)))
        sheet.items.append(plan.fold_line(first.bleed))
        sheet.side = "both"
        out.append(PendingSheet(sheet, plan.slot, f"{label}, fold-over: fold on the dashed line, then cut"))
    return out
