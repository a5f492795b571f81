"""The build: a game's sources laid out, imposed onto sheets and written as PDF, SVG, PNG."""

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from generator import shipped
from generator.cache import BuildCache, files_digest, key
from generator.check.findings import Finding, Severity
from generator.export.release import write_release
from generator.games import engines
from generator.layout.kinds import ComponentKind, Faces, LayoutContext, find_icon, game_kinds
from generator.layout.memo import fingerprint
from generator.layout.scene import Scene
from generator.output import remove_stale, scratch_file, write_atomic, write_with
from generator.render.raster import PREVIEW_DPI, PageImage, page_pngs, pixels
from generator.sheets import checklist
from generator.sheets.cover import Contents, StockPages, blank_sheet, cover_sheet
from generator.sheets.foldover import fits_fold_over, impose_fold_over
from generator.sheets.impose import PendingSheet, finish, impose_grid, impose_tiled, plan_grid
from generator.sheets.ink import save_ink
from generator.sheets.model import Sheet
from generator.sheets.options import DEFAULT as DEFAULT_PRINT
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sheets.rules import rules_sheets
from generator.sources.errors import SourceError, SourceErrors
from generator.sources.game import ComponentFile, Game
from generator.sources.loader import LocDict
from generator.sources.rules import read_rules
from generator.sources.schema import validate
from generator.units import parse_length
from generator.workers import Workers, chunks

FORMATS = ("pdf", "svg", "png")


@dataclass
class Laid:
    """One component file laid out: its kind, and the faces of every copy in order."""

    file: ComponentFile
    kind: ComponentKind
    layout: LocDict
    faces: list[Faces]

    @property
    def row(self) -> str:
        """Its checklist row and bookmark: the file's `row:`, else its kind's label."""
        return self.file.row or self.kind.label or self.kind.name

    @property
    def stock(self) -> str:
        """What it is printed on: the file's `stock:`, else its kind's, else board for a
        board (tileable) and card stock for the rest."""
        return self.file.stock or self.kind.stock or ("board" if self.kind.tileable else "card")

    @property
    def gap(self) -> float:
        """Space between neighbours on a sheet; 0 means they butt and share cut lines."""
        return parse_length(self.layout.get("gap", "0mm"))


@dataclass
class BuildResult:
    game: Game
    sheets: list[Sheet] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(f.severity is Severity.ERROR for f in self.findings)


def kind_of(component_file: ComponentFile, game: Game) -> ComponentKind:
    kinds = game_kinds(game.engine)
    if component_file.kind not in kinds:
        raise SourceError(
            component_file.data.loc_of("kind"),
            f"unknown component kind {component_file.kind!r} (expected one of: {', '.join(sorted(kinds))})",
        )
    return kinds[component_file.kind]


def lay_out(game: Game, ctx: LayoutContext) -> list[Laid]:
    """Validate every item against its kind and draw each copy's faces (with ctx.memo,
    reusing the faces of items unchanged since the last pass)."""
    laid = []
    if ctx.memo:
        ctx.memo.begin()
        files = [fingerprint(f.data) for f in game.files]
        folders = [folder for folder in [*ctx.layout_dirs, *ctx.icon_dirs] if folder.is_dir()]
        seen = files_digest([game.folder / "game.yaml", *(path for folder in folders for path in folder.iterdir())])
    for n, component_file in enumerate(game.files):
        kind = kind_of(component_file, game)
        named_by = "layout" if "layout" in component_file.data else "kind"
        layout = ctx.layout(component_file.layout, kind, component_file.data.loc_of(named_by))
        problems = []
        for item in component_file.items:
            try:
                validate(item, kind.schema, fallback=component_file.items.loc, what=f"a {kind.name}")
            except SourceError as exc:
                problems.append(exc)
        if problems:
            raise SourceErrors(problems)
        if ctx.memo:
            ctx.memo.scope = fingerprint(kind.name, layout, files[:n], files[n + 1 :], seen)
        faces = kind.draw_file(list(component_file.items), layout, ctx)
        if ctx.ink_saver:
            faces = [Faces(save_ink(f.front), f.back and save_ink(f.back)) for f in faces]
        laid.append(Laid(component_file, kind, layout, faces))
    return laid


def impose(laid: list[Laid], paper: Paper, game: Game, options: PrintOptions = DEFAULT_PRINT) -> list[Sheet]:
    """Every part onto sheets, grouped by stock (checklist.STOCKS order) so each stock's pages
    are one run, parts of the same size, stock and sides sharing their sheets (see _runs);
    with options.checklist the front matter first (see front_matter)."""
    parts = sorted((p for p in laid if p.faces), key=lambda part: list(checklist.STOCKS).index(part.stock))
    pending: list[PendingSheet] = []
    for run in _runs(parts, paper, options):
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


def _tiled(part: Laid, paper: Paper) -> bool:
    first = part.faces[0].front
    return plan_grid(paper, first.width, first.height, first.bleed, part.gap, len(part.faces)) is None


def _runs(parts: list[Laid], paper: Paper, options: PrintOptions) -> list[list[Laid]]:
    """The parts in sheet runs: parts of the same size, bleed, gap, stock, sides and outline
    are imposed together, so they fill each other's sheets (fronts and backs staying in
    register, as impose_grid keeps them). A tiled board, a part folded over, and with
    options.separate every part, has a run of its own. Runs keep the parts' order."""
    runs: dict[object, list[Laid]] = {}
    for n, part in enumerate(parts):
        first = part.faces[0].front
        two_sided = any(f.back is not None for f in part.faces)
        if options.separate or _tiled(part, paper) or (options.fold_over and two_sided):
            key: object = n
        else:
            size = (round(first.width, 3), round(first.height, 3), first.bleed, part.gap)
            key = (size, part.stock, two_sided, part.kind.own_outline)
        runs.setdefault(key, []).append(part)
    return list(runs.values())


def _impose_run(run: list[Laid], paper: Paper, options: PrintOptions) -> list[PendingSheet]:
    part = run[0]
    fronts: list[Scene] = [f.front for p in run for f in p.faces]
    backs = [f.back for p in run for f in p.faces]
    label = " + ".join(dict.fromkeys(p.kind.label or p.kind.name for p in run))
    first = fronts[0]
    if _tiled(part, paper):
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


def fits_on(paper: Paper, part: Laid) -> bool:
    """Whether impose can place the part on this paper: on one sheet, or tiled (a board)."""
    return part.kind.tileable or not _tiled(part, paper)


def too_large(paper: Paper, part: Laid) -> str:
    """Says that a part (which is not a board) does not fit on the paper."""
    scene = part.faces[0].front
    usable_w, usable_h = paper.width - 2 * paper.inset, paper.height - 2 * paper.inset
    size = f"{scene.width + 2 * scene.bleed:.1f} x {scene.height + 2 * scene.bleed:.1f} mm with bleed"
    return (
        f"{part.kind.label or part.kind.name}: {size}, too large for {paper.name} paper, whose printable "
        f"area is {usable_w:.1f} x {usable_h:.1f} mm: choose a larger --paper"
    )


def front_matter(
    laid: list[Laid], rules: list[Sheet], sheets: list[Sheet], paper: Paper, game: Game, options: PrintOptions
) -> list[Sheet]:
    """The pages before the sheets: a cover, the rules sheets, the checklist, and a page left
    blank on purpose when the sheets are printed duplex and the front matter would otherwise
    end on an odd page (fronts stay on odd pages)."""
    count = len(rules) + 2
    blank = count % 2 == 1 and any(sheet.side == "back" for sheet in sheets)
    first_page = count + blank + 1
    rows = _rows(laid, sheets, paper, options, first_page)
    page = checklist.checklist_sheet(game.name, rows, paper, options)
    contents = [Contents("Rules", tuple(range(2, 2 + len(rules))))] if rules else []
    contents.append(Contents("Checklist", (count,)))
    stocks: dict[str, list[int]] = {"plain paper (cover, rules, checklist)": list(range(1, count + 1))}
    for r in rows:
        stocks.setdefault(checklist.STOCKS[r.stock], []).extend(r.sheets)
    cover = cover_sheet(
        game.name,
        players(game),
        contents,
        [StockPages(stock, tuple(sorted(pages))) for stock, pages in stocks.items()],
        options.duplex,
        paper,
    )
    return [cover, *rules, page, *([blank_sheet(paper)] if blank else [])]


def players(game: Game) -> str:
    """ "2-6 players", from the game's engine."""
    engine = engines().get(game.engine)
    if engine is None:
        return ""
    if engine.min_players == engine.max_players:
        return f"{engine.min_players} players"
    return f"{engine.min_players}-{engine.max_players} players"


def _rows(
    laid: list[Laid], sheets: list[Sheet], paper: Paper, options: PrintOptions, first_page: int
) -> list[checklist.Row]:
    rows = []
    for part in (p for p in laid if p.faces):
        fronts = [f.front for f in part.faces]
        tiled = _tiled(part, paper)
        two_sided = any(f.back is not None for f in part.faces)
        rows.append(
            checklist.row(
                part.row,
                part.file.shown,
                fronts,
                two_sided,
                tiled,
                options.fold_over,
                part.stock,
                sheets,
                paper,
                first_page,
            )
        )
    return checklist.merged(rows)


def context_for(game: Game) -> LayoutContext:
    """Layouts and icons come from the game folder's own layouts/ and icons/ first (a
    customised deck can restyle itself), then from the shipped ones."""
    return LayoutContext(
        game,
        layout_dirs=[game.folder / "layouts", shipped.layouts_dir()],
        icon_dirs=[game.folder / "icons", shipped.icons_dir()],
    )


def build_game(
    game: Game,
    out_dir: Path,
    paper: Paper,
    formats: tuple[str, ...] = FORMATS,
    progress: Callable[[int], None] | None = None,
    options: PrintOptions = DEFAULT_PRINT,
    jobs: int = 1,
    use_cache: bool = True,
    release: bool = False,
) -> BuildResult:
    """Lay out, impose and write one game; nothing is written when layout finds errors.
    With `release`, also its print-and-play release (export/release.py) from the PDF and SVGs.

    With `use_cache`, work whose inputs are unchanged since a build into the same `out_dir`
    is taken from <out_dir>/.cache (generator/cache.py); `jobs` > 1 renders sheets in that
    many processes. Either way the files written are byte for byte the same."""
    ctx = context_for(game)
    ctx.ink_saver = options.ink_saver
    store = BuildCache(out_dir / ".cache" if use_cache else None)
    result = BuildResult(game)
    laid = _laid_out(game, ctx, store)
    result.findings.extend(ctx.findings)
    if not result.ok:
        return result
    result.sheets = impose(laid, paper, game, options)
    write_outputs(result, ctx, out_dir, formats, progress, store, jobs)
    if release:
        folder = out_dir / game.slug
        svgs = sorted(path for path in result.files if path.suffix == ".svg")
        made = write_release(
            game.slug, game.name, players(game), folder / f"{game.slug}.pdf", svgs, result.sheets, folder
        )
        result.files.extend([made.pdf, made.readme, made.zip])
    return result


def _laid_out(game: Game, ctx: LayoutContext, store: BuildCache) -> list[Laid]:
    """lay_out, or its result from the cache when nothing the game can see has changed: its
    sources, layouts and icons (in the key), and the art files the layout read (checked on a hit)."""
    sources = [game.folder / "game.yaml", *(f.path for f in game.files), *(f.table for f in game.files if f.table)]
    sources += [p for folder in ctx.layout_dirs if folder.is_dir() for p in folder.glob("*.yaml")]
    sources += [p for folder in ctx.icon_dirs if folder.is_dir() for p in folder.glob("*.svg")]
    entry = key("laid out", game.engine, [f.shown for f in game.files], ctx.ink_saver, files_digest(sources))
    cached = store.get_object(entry)
    if cached is not None:
        laid, findings, art_files, art_digest = cached
        if files_digest(art_files) == art_digest:  # the pictures it drew are unchanged too
            ctx.findings.extend(findings)
            ctx.art_files.update(art_files)
            return laid
    laid = lay_out(game, ctx)
    store.put_object(entry, (laid, ctx.findings, ctx.art_files, files_digest(ctx.art_files)))
    return laid


@dataclass(frozen=True)
class SheetFile:
    """One file to write for sheet `index` of a build (its page in the PDF), and its cache entry."""

    path: Path
    entry: str
    index: int


def write_svgs(
    files: list[SheetFile], sheets: list[Sheet], headings: list[str], icon_dirs: list[Path], store: BuildCache
) -> int:
    """Write each sheet's SVG and keep it in the cache (module level: workers run it)."""
    from generator.render.svg import render_svg

    for file, sheet, heading in zip(files, sheets, headings, strict=True):
        data = render_svg(sheet, heading, partial(find_icon, icon_dirs=icon_dirs)).encode("utf-8")
        write_atomic(file.path, data)
        store.put(file.entry, data)
    return len(files)


def write_pngs(pdf: Path, files: list[SheetFile], images: list[PageImage], store: BuildCache) -> int:
    """Write each PNG, drawn from its page of `pdf`, and keep it in the cache (module level: workers run it)."""
    for file, data in zip(files, page_pngs(pdf, images), strict=True):
        write_atomic(file.path, data)
        store.put(file.entry, data)
    return len(files)


def write_outputs(
    result: BuildResult,
    ctx: LayoutContext,
    out_dir: Path,
    formats: tuple[str, ...],
    progress: Callable[[int], None] | None,
    store: BuildCache | None = None,
    jobs: int = 1,
) -> None:
    """The PDF, then each sheet's SVG and PNG: cached ones copied, the rest drawn in `jobs`
    processes (SVGs while the PDF is written; PNGs are pages of the PDF)."""
    store = store or BuildCache(None)
    slug = result.game.slug
    folder = out_dir / slug
    icons = files_digest(p for d in ctx.icon_dirs if d.is_dir() for p in d.glob("*.svg"))
    total = len(result.sheets)
    headings = [f"{result.game.name}: {sheet.title} (sheet {n} of {total})" for n, sheet in enumerate(result.sheets, 1)]
    # Each sheet's content hashed once; its PDF, SVG and PNG are keyed by that.
    digests = [key("sheet", heading, icons, sheet) for heading, sheet in zip(headings, result.sheets, strict=True)]
    wanted = {
        fmt: [
            SheetFile(folder / fmt / f"{slug}-sheet-{n:02d}.{fmt}", key(fmt, digest), n - 1)
            for n, digest in enumerate(digests, 1)
        ]
        for fmt in ("svg", "png")
        if fmt in formats
    }
    missing = {fmt: [f for f in files if not _copy_cached(f, store)] for fmt, files in wanted.items()}
    if progress:
        progress(sum(len(files) for files in wanted.values()) - sum(len(files) for files in missing.values()))
    if jobs > 1:  # loaded before the workers fork, so that they share it
        _prepare_workers(bool(missing.get("svg")), bool(missing.get("png")))
    with Workers(jobs, progress) as workers:
        for run in chunks(missing.get("svg", []), jobs):
            sheets = [result.sheets[f.index] for f in run]
            workers.submit(write_svgs, run, sheets, [headings[f.index] for f in run], ctx.icon_dirs, store)
        pdf = folder / f"{slug}.pdf"
        if "pdf" in formats:
            _write_pdf(result, ctx, pdf, key("pdf", result.game.name, digests), store)
            result.files.append(pdf)
        if missing.get("png"):
            with ExitStack() as stack:
                if "pdf" not in formats:  # the previews still come from the print file
                    pdf = stack.enter_context(scratch_file(pdf))
                    _write_pdf(result, ctx, pdf, None, store)
                for run in chunks(missing["png"], jobs):
                    images = [PageImage(f.index, _preview_size(result.sheets[f.index]), PREVIEW_DPI) for f in run]
                    workers.submit(write_pngs, pdf, run, images, store)
                workers.wait()
        workers.wait()
    written = {f.path for files in wanted.values() for f in files}
    result.files.extend(sorted(written))
    for sub, pattern in (("svg", "*.svg"), ("png", "*.png")):
        remove_stale(folder / sub, pattern, written)
    remove_stale(folder, ".*.tmp", set())


def _prepare_workers(svg: bool, png: bool) -> None:
    from generator.render import raster
    from generator.render import svg as svg_writer

    if svg:
        svg_writer.prepare()
    if png:
        raster.prepare()


def _copy_cached(file: SheetFile, store: BuildCache) -> bool:
    """Write the file from the cache; False when the cache lacks it."""
    data = store.get(file.entry)
    if data is not None:
        write_atomic(file.path, data)
    return data is not None


def _write_pdf(result: BuildResult, ctx: LayoutContext, pdf: Path, entry: str | None, store: BuildCache) -> None:
    """The game's PDF, from the cache when `entry` is in it."""
    from generator.render.pdf import write_pdf

    data = store.get(entry) if entry else None
    if data is not None:
        write_atomic(pdf, data)
        return
    write_with(pdf, lambda tmp: write_pdf(result.sheets, tmp, result.game.name, ctx.icon_path))
    if entry:
        store.put(entry, pdf.read_bytes())


def _preview_size(sheet: Sheet) -> tuple[int, int]:
    return pixels(sheet.width, sheet.height, PREVIEW_DPI)
