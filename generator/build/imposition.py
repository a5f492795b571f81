"""A game's laid-out parts imposed onto sheets, run by run, each sheet naming the component
files it holds, with the front matter first when the options ask for it."""

from generator.build.front_matter import front_matter
from generator.build.parts import Laid
from generator.build.policy import sheet_runs, tiled, too_large
from generator.layout.scene import Scene
from generator.sheets import checklist
from generator.sheets.foldover import fits_fold_over, impose_fold_over
from generator.sheets.impose import PendingSheet, finish, impose_grid, impose_tiled
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sheets.rules import rules_sheets
from generator.sources.errors import SourceError
from generator.sources.game import Game
from generator.sources.rules import read_rules


def impose(laid: list[Laid], paper: Paper, game: Game, options: PrintOptions) -> list[Sheet]:
    """Every part onto sheets, grouped by stock (checklist.STOCKS order) so each stock's pages
    are one run, parts of the same size, stock and sides sharing their sheets (see
    policy.sheet_runs); with options.checklist the front matter first (see front_matter)."""
    parts = sorted((p for p in laid if p.faces), key=lambda part: list(checklist.STOCKS).index(part.stock))
    pending: list[PendingSheet] = []
    for run in sheet_runs(parts, paper, options):
        start = len(pending)
        pending.extend(_impose_run(run, paper, options))
        _attribute([p.sheet for p in pending[start:]], run)
    bookmarked: set[str] = set()
    for part in parts:  # each row's bookmark on the first page that holds one of its components
        at = next((p.sheet for p in pending if part.file.shown in p.sheet.sources), None)
        if at is not None and part.row not in bookmarked:
            at.bookmarks = (*at.bookmarks, part.row)
            bookmarked.add(part.row)
    if not options.checklist:
        return finish(pending, game.name)
    rules = rules_sheets(game.name, read_rules(game.folder), paper, options.booklet, first_page=2)
    duplex = any(p.sheet.side == "back" for p in pending)
    front = len(rules) + 2 + (len(rules) % 2 == 1 and duplex)
    sheets = finish(pending, game.name, front + 1)
    return front_matter(laid, rules, sheets, paper, game, options) + sheets


def _impose_run(run: list[Laid], paper: Paper, options: PrintOptions) -> list[PendingSheet]:
    part = run[0]
    fronts: list[Scene] = [f.front for p in run for f in p.faces]
    backs = [f.back for p in run for f in p.faces]
    label = " + ".join(dict.fromkeys(p.kind.label or p.kind.name for p in run))
    first = fronts[0]
    if tiled(part, paper):
        if not part.kind.tileable:
            raise SourceError(part.file.data.loc_of("kind"), too_large(paper, part))
        return [sheet for scene in fronts for sheet in impose_tiled(scene, paper, label)]
    if options.fold_over and any(backs) and fits_fold_over(first, paper):
        return impose_fold_over(fronts, backs, paper, label, part.kind.own_outline)
    return impose_grid(
        fronts,
        paper,
        part.gap,
        label,
        backs if any(backs) else None,
        options.duplex,
        options.back_offset,
        part.kind.own_outline,
    )


def _attribute(sheets: list[Sheet], run: list[Laid]) -> None:
    """Name on each sheet of a run the component files it holds: a fronts sheet holds the
    run's next components in order, one per placement; a backs sheet the same as its fronts."""
    if len(run) == 1:
        for sheet in sheets:
            sheet.sources = (run[0].file.shown,)
        return
    owners = [p.file.shown for p in run for _ in p.faces]
    taken = 0
    previous: tuple[str, ...] = ()
    for sheet in sheets:
        if sheet.side != "back":
            count = len(sheet.placements)
            previous = tuple(dict.fromkeys(owners[taken : taken + count]))
            taken += count
        sheet.sources = previous
