"""What goes where: whether a part fits on the paper or is tiled, what is left out as too
large, and which parts share their sheets."""

from collections.abc import Sequence

from generator.pipeline.parts import Laid
from generator.sheets.impose import plan_grid
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper


def tiled(part: Laid, paper: Paper) -> bool:
    """Whether the part is too large for one sheet of the paper, so it is tiled across several."""
    first = part.faces[0].front
    return plan_grid(paper, first.width, first.height, first.bleed, part.gap, len(part.faces)) is None


def fits_on(paper: Paper, part: Laid) -> bool:
    """Whether impose can place the part on this paper: on one sheet, or tiled (a board)."""
    return part.kind.tileable or not tiled(part, paper)


def too_large(paper: Paper, part: Laid) -> str:
    """Says that a part (which is not a board) does not fit on the paper."""
    scene = part.faces[0].front
    usable_w, usable_h = paper.width - 2 * paper.inset, paper.height - 2 * paper.inset
    size = f"{scene.width + 2 * scene.bleed:.1f} x {scene.height + 2 * scene.bleed:.1f} mm with bleed"
    advice = part.kind.too_large(scene, (usable_w, usable_h))
    return (
        f"{part.kind.label or part.kind.name}: {size}, too large for {paper.name} paper, whose printable "
        f"area is {usable_w:.1f} x {usable_h:.1f} mm: " + (f"{advice}; " if advice else "") + "choose a larger --paper"
    )


def fitting(parts: Sequence[Laid], paper: Paper) -> tuple[list[Laid], list[str]]:
    """The parts that fit on the paper (or are tiled across it), and what is said of each of
    the others (too_large)."""
    fit = [part for part in parts if not part.faces or fits_on(paper, part)]
    return fit, [too_large(paper, part) for part in parts if part.faces and not fits_on(paper, part)]


def sheet_runs(parts: Sequence[Laid], paper: Paper, options: PrintOptions) -> list[list[Laid]]:
    """The parts in sheet runs: parts of the same stock are imposed together, so they fill
    each other's sheets whatever their sizes (fronts and backs staying in register, as
    sheets/pack.py keeps them). One-sided parts join the two-sided ones of their stock when
    backs are printed: in an empty place of a two-sided sheet a one-sided component's back is
    left blank, which harms nothing, and a sheet of one-sided components alone gets no backs
    sheet. A tiled board, a part folded over, and with options.separate every part, has a run
    of its own. Runs keep the parts' order."""
    sides = [any(f.back is not None for f in part.faces) for part in parts]
    duplex = options.duplex != "off" and not options.fold_over
    two_sided_stocks = {part.stock for part, two in zip(parts, sides, strict=True) if two} if duplex else set()
    runs: dict[object, list[Laid]] = {}
    for n, (part, two_sided) in enumerate(zip(parts, sides, strict=True)):
        if options.separate or tiled(part, paper) or (options.fold_over and two_sided):
            key: object = n
        else:
            key = (part.stock, two_sided or part.stock in two_sided_stocks)
        runs.setdefault(key, []).append(part)
    return list(runs.values())
