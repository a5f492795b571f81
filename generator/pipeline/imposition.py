"""A game's laid-out parts imposed onto sheets, run by run, each sheet naming the component
files it holds, with the front matter first when the options ask for it."""

from collections.abc import Sequence
from dataclasses import replace

from generator.layout.component import Faces
from generator.layout.scene import Scene
from generator.pipeline.figures import Outline, as_picture, rules_pictures
from generator.pipeline.front_matter import front_matter
from generator.pipeline.parts import Laid
from generator.pipeline.policy import sheet_runs, tiled, too_large
from generator.sheets import checklist
from generator.sheets.foldover import fits_fold_over, impose_fold_over
from generator.sheets.impose import PendingSheet, finish, impose_tiled
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.pack import Batch, pack
from generator.sheets.paper import Paper
from generator.sheets.recto import blanks_before, on_recto
from generator.sheets.rules import rules_sheets
from generator.sources.errors import SourceError
from generator.sources.game import Game


def impose(
    laid: Sequence[Laid], paper: Paper, game: Game, options: PrintOptions, outline: Outline = as_picture
) -> list[Sheet]:
    """Every part onto sheets, grouped by stock (checklist.STOCKS order) so each stock's pages
    are one run, parts of the same stock sharing their sheets (see policy.sheet_runs), each
    run's one-sided sheets before or after its two-sided ones, whichever needs fewer blank
    pages; with options.checklist the front matter first (see front_matter), the rules'
    figures and the cover's pictures drawn from the parts by `outline` (pipeline/figures.py).
    The optional parts are left out or printed alone as options.optional says; with a
    printer profile, every page is drawn for its scale (sheets/printer.py)."""
    laid = [replace(p, die_cut=options.die_cut) for p in laid]  # it matters only to a kind a die may cut
    printed = [options.prints(bool(p.file.substitutes)) for p in laid]
    apart = tuple(p for p, shown in zip(laid, printed, strict=True) if not shown)
    laid = [p for p, shown in zip(laid, printed, strict=True) if shown]
    parts = sorted((p for p in laid if p.faces), key=lambda part: list(checklist.STOCKS).index(part.stock))
    pictures = rules_pictures(game, laid, game.rules, outline) if options.checklist else {}
    rules = (
        rules_sheets(game.name, game.rules, paper, options.booklet, 2, game.fonts, pictures, game.look)
        if options.checklist
        else []
    )
    first = len(rules) + 3 if options.checklist else 1
    pending: list[PendingSheet] = []
    for run in sheet_runs(parts, paper, options):
        start = first + len(pending) + len(blanks_before(pending, first))
        orders = _print_orders(_impose_run(run, paper, options))
        blanks = [len(blanks_before(order, start)) for order in orders]
        pending.extend(orders[blanks.index(min(blanks))])
    bookmarked: set[str] = set()
    for part in parts:  # each row's bookmark on the first page that holds one of its components
        at = next((p.sheet for p in pending if part.file.shown in p.sheet.sources), None)
        if at is not None and part.row not in bookmarked:
            at.bookmarks = (*at.bookmarks, part.row)
            bookmarked.add(part.row)
    if not options.checklist:
        return _for_printer(finish(on_recto(pending, 1, paper), game.name), options)
    sheets = finish(on_recto(pending, first, paper), game.name, first)
    return _for_printer(front_matter(laid, rules, sheets, paper, game, options, apart, outline) + sheets, options)


def _for_printer(sheets: list[Sheet], options: PrintOptions) -> list[Sheet]:
    """Every page drawn for the printer profile's scale, when the options name one."""
    printer = options.printer
    return [printer.corrected(sheet) for sheet in sheets] if printer else sheets


def _impose_run(run: list[Laid], paper: Paper, options: PrintOptions) -> list[PendingSheet]:
    part = run[0]
    if tiled(part, paper) or (options.fold_over and any(f.back for f in part.faces)):
        return _impose_alone(part, paper, options)
    return pack(_batches(run), paper, options.duplex, options.back_offset)


def _print_orders(pending: list[PendingSheet]) -> tuple[list[PendingSheet], list[PendingSheet]]:
    """A run's sheets in the two orders that keep its one-sided pages (sheets with no backs
    sheet after them) one print job and its two-sided pages another: one-sided first, and
    two-sided first; each group in its packed order. The caller takes the one that needs
    fewer blank pages to keep each fronts sheet on an odd page where it starts."""
    one_sided: list[PendingSheet] = []
    pairs: list[PendingSheet] = []
    for n, p in enumerate(pending):
        if p.sheet.side == "back":
            continue
        if n + 1 < len(pending) and pending[n + 1].sheet.side == "back":
            pairs += [p, pending[n + 1]]
        else:
            one_sided.append(p)
    return one_sided + pairs, pairs + one_sided


def _impose_alone(part: Laid, paper: Paper, options: PrintOptions) -> list[PendingSheet]:
    """A tiled board, or a part folded over (or a two-sided part that cannot fold over)."""
    fronts: list[Scene] = [f.front for f in part.faces]
    backs = [f.back for f in part.faces]
    label = part.kind.label or part.kind.name
    out: list[PendingSheet]
    if tiled(part, paper):
        if not part.kind.tileable:
            raise SourceError(part.file.data.loc_of("kind"), too_large(paper, part))
        out = [sheet for scene in fronts for sheet in impose_tiled(scene, paper, label)]
    elif fits_fold_over(fronts[0], paper):
        out = impose_fold_over(fronts, backs, paper, label, part.own_outline)
    else:
        return pack(_batches([part]), paper, options.duplex, options.back_offset)
    for pending in out:
        pending.sheet.sources = (part.file.shown,)
    return out


def _batches(run: list[Laid]) -> list[Batch]:
    """The run's components by size (with bleed, gap and outline), each size's components in
    file order. A file's components may differ in size (a bill as tall as its rows): each size
    is a batch of its own."""
    sizes: dict[object, list[tuple[Laid, Faces]]] = {}
    for part in run:
        for faces in part.faces:
            front = faces.front
            size = (
                round(front.width, 3),
                round(front.height, 3),
                front.bleed,
                part.gap,
                part.own_outline,
                part.tessellation,
            )
            sizes.setdefault(size, []).append((part, faces))
    return [
        Batch(
            " + ".join(dict.fromkeys(p.kind.label or p.kind.name for p, _ in same)),
            tuple(f.front for _, f in same),
            tuple(f.back for _, f in same),
            tuple(p.file.shown for p, _ in same),
            same[0][0].gap,
            same[0][0].own_outline,
            same[0][0].tessellation,
        )
        for same in sizes.values()
    ]
