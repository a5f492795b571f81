"""The build: a game's sources laid out, imposed onto sheets and written as PDF, SVG, PNG."""

import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from generator.cache import BuildCache, files_digest, key
from generator.check.findings import Finding, Severity
from generator.layout.kinds import ComponentKind, Faces, LayoutContext, game_kinds
from generator.layout.scene import Scene
from generator.output import remove_stale, write_atomic, write_with
from generator.render.pdf import write_pdf
from generator.render.png import svg_to_png
from generator.render.svg import render_svg
from generator.sheets import checklist
from generator.sheets.foldover import fits_fold_over, impose_fold_over
from generator.sheets.impose import PendingSheet, finish, impose_grid, impose_tiled, plan_grid
from generator.sheets.ink import save_ink
from generator.sheets.model import Sheet
from generator.sheets.options import DEFAULT as DEFAULT_PRINT
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sources.errors import SourceError
from generator.sources.game import ComponentFile, Game
from generator.sources.layouts import ICONS_DIR, LAYOUTS_DIR
from generator.sources.loader import LocDict
from generator.sources.schema import validate
from generator.units import parse_length

FORMATS = ("pdf", "svg", "png")


@dataclass
class Laid:
    """One component file laid out: its kind, and the faces of every copy in order."""

    file: ComponentFile
    kind: ComponentKind
    layout: LocDict
    faces: list[Faces]

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
    """Validate every item against its kind and draw each copy's faces."""
    laid = []
    for component_file in game.files:
        kind = kind_of(component_file, game)
        named_by = "layout" if "layout" in component_file.data else "kind"
        layout = ctx.layout(component_file.layout, kind, component_file.data.loc_of(named_by))
        for item in component_file.items:
            validate(item, kind.schema, fallback=component_file.items.loc, what=f"a {kind.name}")
        faces = kind.draw_file(list(component_file.items), layout, ctx)
        if ctx.ink_saver:
            faces = [Faces(save_ink(f.front), f.back and save_ink(f.back)) for f in faces]
        laid.append(Laid(component_file, kind, layout, faces))
    return laid


def impose(laid: list[Laid], paper: Paper, game: Game, options: PrintOptions = DEFAULT_PRINT) -> list[Sheet]:
    """Every part onto sheets; with options.checklist a checklist page first (and a blank
    page after it when sheets are printed duplex, so fronts stay on odd pages)."""
    pending: list[PendingSheet] = []
    for part in laid:
        if not part.faces:  # a file of data other kinds draw from (e.g. the backs of a deck)
            continue
        fronts: list[Scene] = [f.front for f in part.faces]
        label = part.kind.label or part.kind.name
        first = fronts[0]
        backs = [f.back for f in part.faces]
        start = len(pending)
        if plan_grid(paper, first.width, first.height, first.bleed, part.gap, len(fronts)) is None:
            for scene in fronts:
                pending.extend(impose_tiled(scene, paper, label))
        elif options.fold_over and any(backs) and fits_fold_over(first, paper):
            pending.extend(impose_fold_over(fronts, backs, paper, label, part.kind.own_outline))
        else:
            pending.extend(
                impose_grid(
                    fronts,
                    paper,
                    part.gap,
                    label,
                    backs if any(backs) else None,
                    options.duplex,
                    options.back_offset,
                    part.kind.own_outline,
                )
            )
        for p in pending[start:]:
            p.sheet.source = part.file.shown
    sheets = finish(pending, game.name)
    if options.checklist:
        sheets = _checklist(laid, sheets, paper, game, options) + sheets
    return sheets


def _checklist(laid: list[Laid], sheets: list[Sheet], paper: Paper, game: Game, options: PrintOptions) -> list[Sheet]:
    rows = []
    for part in (p for p in laid if p.faces):
        fronts = [f.front for f in part.faces]
        first = fronts[0]
        tiled = plan_grid(paper, first.width, first.height, first.bleed, part.gap, len(fronts)) is None
        two_sided = any(f.back is not None for f in part.faces)
        rows.append(
            checklist.row(
                part.kind.label or part.kind.name,
                part.file.shown,
                fronts,
                two_sided,
                tiled,
                options.fold_over,
                getattr(part.kind, "stock", None),
                sheets,
                paper,
            )
        )
    page = checklist.checklist_sheet(game.name, rows, paper, options.duplex, options.fold_over)
    duplex = any(sheet.side == "back" for sheet in sheets)
    return [page, Sheet(paper.width, paper.height, side="")] if duplex else [page]


def context_for(game: Game) -> LayoutContext:
    """Layouts and icons come from the game folder's own layouts/ and icons/ first (a
    customised deck can restyle itself), then from the shipped ones."""
    return LayoutContext(
        game, layout_dirs=[game.folder / "layouts", LAYOUTS_DIR], icon_dirs=[game.folder / "icons", ICONS_DIR]
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
) -> BuildResult:
    """Lay out, impose and write one game; nothing is written when layout finds errors.

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
    return result


def _laid_out(game: Game, ctx: LayoutContext, store: BuildCache) -> list[Laid]:
    """lay_out, or its result from the cache when nothing the game can see has changed."""
    sources = [game.folder / "game.yaml", *(f.path for f in game.files)]
    sources += [p for folder in ctx.layout_dirs if folder.is_dir() for p in folder.glob("*.yaml")]
    sources += [p for folder in ctx.icon_dirs if folder.is_dir() for p in folder.glob("*.svg")]
    entry = key("laid out", game.engine, [f.shown for f in game.files], ctx.ink_saver, files_digest(sources))
    cached = store.get_object(entry)
    if cached is not None:
        laid, findings = cached
        ctx.findings.extend(findings)
        return laid
    laid = lay_out(game, ctx)
    store.put_object(entry, (laid, ctx.findings))
    return laid


def render_sheet(sheet: Sheet, heading: str, icon_dirs: list[Path], fmt: str) -> bytes:
    """One sheet as SVG or PNG bytes (module level, so worker processes can run it)."""
    icon_path = LayoutContext(None, icon_dirs=icon_dirs).icon_path
    if fmt == "svg":
        return render_svg(sheet, heading, icon_path).encode("utf-8")
    return svg_to_png(render_svg(sheet, heading, icon_path, outline_text=True))


def write_outputs(
    result: BuildResult,
    ctx: LayoutContext,
    out_dir: Path,
    formats: tuple[str, ...],
    progress: Callable[[int], None] | None,
    store: BuildCache | None = None,
    jobs: int = 1,
) -> None:
    store = store or BuildCache(None)
    slug = result.game.slug
    title = result.game.name
    folder = out_dir / slug
    icons = files_digest(p for d in ctx.icon_dirs if d.is_dir() for p in d.glob("*.svg"))
    total = len(result.sheets)
    headings = [f"{title}: {sheet.title} (sheet {n} of {total})" for n, sheet in enumerate(result.sheets, 1)]
    # Each sheet's content hashed once; its PDF, SVG and PNG are keyed by that.
    digests = [key("sheet", heading, icons, sheet) for heading, sheet in zip(headings, result.sheets, strict=True)]
    if "pdf" in formats:
        pdf = folder / f"{slug}.pdf"
        entry = key("pdf", title, digests)
        data = store.get(entry)
        if data is None:
            write_with(pdf, lambda tmp: write_pdf(result.sheets, tmp, title, ctx.icon_path))
            store.put(entry, pdf.read_bytes())
        else:
            write_atomic(pdf, data)
        result.files.append(pdf)
    tasks = []
    for n, (sheet, heading, digest) in enumerate(zip(result.sheets, headings, digests, strict=True), 1):
        for fmt in ("svg", "png"):
            if fmt in formats:
                path = folder / fmt / f"{slug}-sheet-{n:02d}.{fmt}"
                tasks.append((path, key(fmt, digest), sheet, heading, fmt))
    cached = {task[1]: store.get(task[1]) for task in tasks}
    rendered = _render_all([task for task in tasks if cached[task[1]] is None], ctx.icon_dirs, jobs)
    for entry, data in rendered.items():
        store.put(entry, data)
    written: set[Path] = set()
    for path, entry, *_ in tasks:
        write_atomic(path, cached[entry] if cached[entry] is not None else rendered[entry])
        written.add(path)
        if progress:
            progress(1)
    result.files.extend(sorted(written))
    for sub, pattern in (("svg", "*.svg"), ("png", "*.png")):
        remove_stale(folder / sub, pattern, written)
    remove_stale(folder, ".*.tmp", set())


def _render_all(tasks: list[tuple], icon_dirs: list[Path], jobs: int) -> dict[str, bytes]:
    """Render the sheets the cache lacks: here, or in `jobs` worker processes."""
    work = [(sheet, heading, icon_dirs, fmt) for _, _, sheet, heading, fmt in tasks]
    if jobs > 1 and len(work) > 1:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            results = list(pool.map(render_sheet, *zip(*work, strict=True), chunksize=1))
    else:
        results = [render_sheet(*args) for args in work]
    return {task[1]: data for task, data in zip(tasks, results, strict=True)}
