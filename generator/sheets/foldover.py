"""Fold-over (gutter fold) sheets for printers without duplex.

Fronts fill the half of the sheet above the fold line, backs the half below; each back sits
at the mirror image of its front across the fold and is turned half a revolution, so when
the sheet is folded back along the score line (and glued) every back lies behind its own
front, upright when the card is turned over sideways. Fold and glue first, then cut both
layers at once along the fronts' cut lines.
"""

from generator.layout.scene import Group, Polyline, Scene, line_style
from generator.sheets import impose
from generator.sheets.impose import PendingSheet, Slot
from generator.sheets.paper import Paper

#: The least gap between a front and its back across the fold: room for a fold that is not
#: quite on the line.
MIN_GUTTER = 4.0


def turned(scene: Scene) -> Scene:
    """The scene rotated 180 degrees about its centre, same size and bleed."""
    w, h = scene.width, scene.height
    return Scene(w, h, [Group(tuple(scene.items), (-1, 0, 0, -1, w, h))], scene.bleed, scene.name)


def _grid(page: Paper, w: float, h: float, bleed: float, gutter: float) -> tuple[int, int]:
    """Columns, and rows in each half, of a fold-over grid on `page` (fold across the middle)."""
    room_w = page.width - 2 * page.inset - 2 * bleed
    half = page.height / 2 - gutter / 2 - page.inset - bleed - impose.marks.COMPACT_H - 1.0
    return max(0, int(room_w // w)), max(0, int(half // h))


def _best(paper: Paper, scene: Scene) -> tuple[int, Paper, int, int]:
    """(per sheet, page, columns, rows a half) of the orientation that holds the most."""
    w, h, bleed = scene.width, scene.height, scene.bleed
    gutter = max(MIN_GUTTER, 2 * bleed + 2.0)
    options = [(c * r, page, c, r) for page in (paper, paper.rotated()) for c, r in [_grid(page, w, h, bleed, gutter)]]
    return max(options, key=lambda o: (o[0], not o[1].landscape))


def fits_fold_over(scene: Scene, paper: Paper) -> bool:
    """Whether a face and its back fit either side of a fold on one sheet."""
    return _best(paper, scene)[0] > 0


def impose_fold_over(
    fronts: list[Scene], backs: list[Scene | None], paper: Paper, label: str, own_outline: bool = False
) -> list[PendingSheet]:
    """Sheets holding fronts and their turned backs on one side, the fold line scored;
    with `own_outline` the faces draw their own cut lines (no grid is drawn round them)."""
    first = fronts[0]
    w, h, bleed = first.width, first.height, first.bleed
    gutter = max(MIN_GUTTER, 2 * bleed + 2.0)
    per_sheet, page, cols, rows = _best(paper, first)
    if per_sheet == 0:
        raise ValueError(f"{label}: {w:.1f} x {h:.1f} mm is too large to fold over on {paper.name}")
    fold = page.height / 2
    x0 = round((page.width - cols * w) / 2, 4)
    out = []
    for start in range(0, len(fronts), per_sheet):
        chunk = list(range(start, min(start + per_sheet, len(fronts))))
        scenes, boxes = [], []
        for n, index in enumerate(chunk):
            col, row = n % cols, n // cols
            box = (x0 + col * w, fold - gutter / 2 - (row + 1) * h, w, h)
            scenes.append(fronts[index])
            boxes.append(box)
            if backs[index] is not None:
                scenes.append(turned(backs[index]))
                boxes.append((box[0], 2 * fold - box[1] - h, w, h))
        sheet = impose._grid_sheet(page, scenes, boxes, 0.0, bleed, f"{label}, fold-over", own_outline)
        sheet.items.append(Polyline(((page.margin, fold), (page.width - page.margin, fold)), line_style("score")))
        sheet.side = "both"
        slot = Slot(
            page.margin, page.height - page.margin - impose.marks.COMPACT_H, False, True, page.width - 2 * page.margin
        )
        out.append(PendingSheet(sheet, slot, f"{label}, fold-over: fold on the dashed line, then cut"))
    return out
