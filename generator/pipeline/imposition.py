"""A game's laid-out parts imposed onto sheets, run by run, each sheet naming the component
files it holds, with the front matter first when the options ask for it."""

from collections.abc import Sequence

from msgspec import Struct
from msgspec.structs import replace

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


class Imposition(Struct, frozen=True):
    """A game's sheets, and how many of them come before the components' sheets (the front
    matter: the cover, the rules and the checklist)."""

    sheets: list[Sheet]
    front: int


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
    return imposition(laid, paper, game, options, outline).sheets


def imposition(
    laid: Sequence[Laid], paper: Paper, game: Game, options: PrintOptions, outline: Outline = as_picture
) -> Imposition:
    """impose()'s sheets, with the number of pages of front matter among them."""
    printed, apart = _printed(laid, options)
    rules = _rules(printed, paper, game, options, outline)
    components = _components(printed, paper, game, options, _first_page(rules, options))
    sheets = _with_front_matter(printed, apart, rules, components, paper, game, options, outline)
    return Imposition(_for_printer(sheets, options), front_pages(options, len(rules)))


def front_pages(options: PrintOptions, rules: int) -> int:
    """How many pages come before the components' sheets: with options.checklist, the cover,
    `rules` pages of rules and the checklist; else none."""
    return rules + 2 if options.checklist else 0


def impose_front(
    laid: Sequence[Laid],
    paper: Paper,
    game: Game,
    options: PrintOptions,
    outline: Outline,
    components: list[Sheet],
    front: int,
) -> list[Sheet] | None:
    """What impose() makes of `laid` when its components' sheets are `components` (imposed
    from parts of the same plans, generator/pipeline/face_swap.py) with `front` pages before
    them: the front matter made again, before them. None when the front matter now takes
    another number of pages, which would number the components' pages otherwise, or for a
    printer profile's pages (each drawn anew for its scale)."""
    if options.printer is not None:
        return None
    printed, apart = _printed(laid, options)
    rules = _rules(printed, paper, game, options, outline)
    if front_pages(options, len(rules)) != front:
        return None
    return _with_front_matter(printed, apart, rules, components, paper, game, options, outline)


def part_plan(part: Laid) -> tuple[object, ...]:
    """What impose() reads of a part besides what its faces draw: its file's name and
    settings, its kind's, how it is spaced (die-cut or not), and each face's size. impose()
    places the faces of parts of the same plans in the same places, with the same marks
    around them."""
    kind = part.kind
    return (
        part.file.shown,
        bool(part.file.substitutes),
        part.row,
        part.stock,
        kind.label or kind.name,
        kind.tileable,
        kind.die_cut_gap,
        part.layout.gap,
        kind.draws_own_outline(part.layout),
        part.tessellation,
        tuple(_faces_plan(faces) for faces in part.faces),
    )


def _faces_plan(faces: Faces) -> tuple[object, ...]:
    back = faces.back  # not its pieces, which are for a print shop's files, not the sheets
    return (_scene_plan(faces.front), None if back is None else _scene_plan(back))


def _scene_plan(scene: Scene) -> tuple[object, ...]:
    return (scene.width, scene.height, scene.bleed, scene.seams)  # not its name, which no sheet shows


def _printed(laid: Sequence[Laid], options: PrintOptions) -> tuple[list[Laid], tuple[Laid, ...]]:
    """The parts printed here (die-cut as the options say), and the optional ones printed
    apart."""
    laid = [replace(p, die_cut=options.die_cut) for p in laid]  # it matters only to a kind a die may cut
    shown = [options.prints(bool(p.file.substitutes)) for p in laid]
    apart = tuple(p for p, printed in zip(laid, shown, strict=True) if not printed)
    return [p for p, printed in zip(laid, shown, strict=True) if printed], apart


def _rules(laid: list[Laid], paper: Paper, game: Game, options: PrintOptions, outline: Outline) -> list[Sheet]:
    if not options.checklist:
        return []
    pictures = rules_pictures(game, laid, game.rules, outline)
    return rules_sheets(game.name, game.rules, paper, options.booklet, 2, game.fonts, pictures, game.look)


def _first_page(rules: list[Sheet], options: PrintOptions) -> int:
    """The page number of the components' first sheet."""
    return front_pages(options, len(rules)) + 1


def _components(laid: list[Laid], paper: Paper, game: Game, options: PrintOptions, first: int) -> list[Sheet]:
    """The components' sheets, numbered from page `first`."""
    parts = sorted((p for p in laid if p.faces), key=lambda part: list(checklist.STOCKS).index(part.stock))
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
    return finish(on_recto(pending, first, paper), game.name, first)


def _with_front_matter(
    laid: list[Laid],
    apart: tuple[Laid, ...],
    rules: list[Sheet],
    components: list[Sheet],
    paper: Paper,
    game: Game,
    options: PrintOptions,
    outline: Outline,
) -> list[Sheet]:
    if not options.checklist:
        return components
    return front_matter(laid, rules, components, paper, game, options, apart, outline) + components


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
