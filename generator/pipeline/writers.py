"""Writing a game's sheets: the PDF (from the build cache when a PDF of the same content was
written before), and each sheet's SVG and PNG (kept when the last build into the folder wrote
it with the same content, pipeline/written.py), the rest drawn in worker processes (or in
this one, for a few: _jobs)."""

from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import ClassVar

from msgspec import Struct
from msgspec.structs import replace

from generator.cache import BuildCache, Inputs, key
from generator.colour.settings import RGB, ColourSettings
from generator.layout.context import IconFinder
from generator.output import scratch_file, write_atomic, write_with
from generator.pickles import Pieces
from generator.pipeline.imposed import headings
from generator.pipeline.result import BuildResult
from generator.pipeline.written import SheetFile, read_written, record_written
from generator.project import OutputSettings
from generator.render.pdf_streams import ZLIB_VERSION
from generator.render.raster import PREVIEW_DPI, PageImage, page_pngs, pixels
from generator.render.raster import prepare as prepare_raster
from generator.sheets.model import Sheet
from generator.sources.game import Game
from generator.staging import Stage
from generator.workers import Workers, chunks, inherited, shares


class PdfInputs(Inputs, frozen=True):
    """What a game's PDF is made from: its name (the document's title), its sheets and its
    colour settings (ColourSettings.key)."""

    stage: ClassVar[str] = "pdf"
    name: str
    sheets: tuple[str, ...]
    colour: str


class LatestPages(Inputs, frozen=True):
    """Where what a game's latest PDF in RGB drew is kept (render/pdf.py's DrawnPages): the
    next PDF of the game writes each page that comes again as it stands, and takes each of
    its streams compressed as they were (by the zlib that compressed them)."""

    stage: ClassVar[str] = "latest pages"
    latest: ClassVar[bool] = True
    folder: str
    icon_dirs: tuple[str, ...]
    #: The document's file name: a print-and-play release's edition on other paper keeps
    #: its own pages, beside the game's PDF.
    document: str
    zlib: str = ZLIB_VERSION


def pdf_path(out_dir: Path, game: Game) -> Path:
    """Where a game's PDF goes: <out_dir>/<slug>/<slug>.pdf."""
    return out_dir / game.slug / f"{game.slug}.pdf"


def write_svgs(files: list[SheetFile], heads: list[str], icon_dirs: list[Path]) -> int:
    """Write each sheet's SVG (module level: workers run it). The sheets are the build's,
    shared with the workers (write_outputs)."""
    from generator.render.svg import svg_file

    sheets: list[Sheet] = inherited(list)
    icons = IconFinder(icon_dirs)
    for file, heading in zip(files, heads, strict=True):
        write_atomic(file.path, svg_file(sheets[file.index], heading, icons))
    return len(files)


def write_pngs(pdf: Path, files: list[SheetFile], images: list[PageImage]) -> int:
    """Write each PNG, drawn from its page of `pdf` (module level: workers run it)."""
    for file, data in zip(files, page_pngs(pdf, images), strict=True):
        write_atomic(file.path, data)
    return len(files)


class SheetPlan(Struct, frozen=True):
    """The SVG and PNG files a build wants in its game's folder (by format), and those among
    them that the last build did not leave as wanted: what must be drawn."""

    folder: Path
    wanted: dict[str, list[SheetFile]]
    missing: dict[str, list[SheetFile]]

    @property
    def files(self) -> list[SheetFile]:
        return [f for files in self.wanted.values() for f in files]

    @property
    def kept(self) -> int:
        return len(self.files) - sum(len(files) for files in self.missing.values())


def plan_sheets(result: BuildResult, formats: tuple[str, ...], out_dir: Path, store: BuildCache) -> SheetPlan:
    """What `write_outputs` must draw: read before the folder is staged, as staging links
    its files and so changes their signatures (pipeline/written.py)."""
    game, digests = result.game, result.digests
    folder = out_dir / game.slug
    wanted: dict[str, list[SheetFile]] = {
        fmt: [
            SheetFile(folder / fmt / f"{game.slug}-sheet-{n:02d}.{fmt}", _entry(fmt, digests, n - 1), n - 1)
            for n in range(1, len(result.sheets) + 1)
        ]
        for fmt in ("svg", "png")
        if fmt in formats
    }
    last = read_written(store, folder)
    return SheetPlan(folder, wanted, {fmt: [f for f in files if not last.holds(f)] for fmt, files in wanted.items()})


def _entry(fmt: str, digests: list[str] | None, index: int) -> str:
    """The cache key of sheet `index`'s file in `fmt`: none without digests (no cache), so no
    record holds it."""
    return key(fmt, digests[index]) if digests is not None else ""


def write_outputs(
    result: BuildResult,
    icon_dirs: Sequence[Path],
    formats: tuple[str, ...],
    output: OutputSettings,
    store: BuildCache,
    plan: SheetPlan,
    stage: Stage,
    progress: Callable[[int], None] | None = None,
) -> None:
    """The PDF, then each sheet's SVG and PNG, into the stage: those the plan keeps stay
    as they are, the rest are drawn in `output.jobs` processes, or in this one when they
    are a few (_jobs); SVGs while the PDF is written, PNGs (pages of the PDF) after it.
    The files are added to `result.files` by their place in the game's folder."""
    jobs, game = _jobs(plan, output.jobs), result.game
    heads = headings(game, result.sheets)
    missing = {fmt: [replace(f, path=stage.path(f.path)) for f in files] for fmt, files in plan.missing.items()}
    if progress:
        progress(plan.kept)
    if jobs > 1:  # loaded before the workers fork, so that they share it
        _prepare_workers(bool(missing.get("svg")), bool(missing.get("png")))
    with Workers(jobs, progress, shared=result.sheets) as workers:
        for run in _svg_runs(missing.get("svg", []), jobs, "pdf" in formats or bool(missing.get("png"))):
            workers.submit(write_svgs, run, [heads[f.index] for f in run], list(icon_dirs))
        pdf = stage.path(pdf_path(output.out_dir, game))
        if "pdf" in formats:
            write_pdf(pdf, game, result.sheets, result.digests, icon_dirs, store, output.colour)
            result.files.append(pdf_path(output.out_dir, game))
        if missing.get("png"):
            with ExitStack() as stack:
                # The previews come from the print file, or from one in RGB (as screens show
                # colour) when it is in inks or not written.
                if "pdf" not in formats or output.colour.profile is not None:
                    pdf = stack.enter_context(scratch_file(pdf))
                    write_pdf(pdf, game, result.sheets, None, icon_dirs, store, RGB)
                for run in _png_runs(missing["png"], jobs):
                    images = [PageImage(f.index, _preview_size(result.sheets[f.index]), PREVIEW_DPI) for f in run]
                    workers.submit(write_pngs, pdf, run, images)
                workers.wait()
        workers.wait()
    result.files.extend(sorted(f.path for f in plan.files))


#: The most SVGs and PNGs a build draws in its own process, rather than in workers, when it
#: keeps the rest from the last build. A rebuild after one card's edit draws one sheet's SVG
#: and PNG: forking workers for them took more CPU than drawing them (0.05-0.07 s of a 0.7 s
#: rebuild at 1000 cards) and the rebuild ended no sooner, as the PDF that the SVG would be
#: drawn beside takes its other pages as they were. A first build draws its one sheet's
#: files in workers: beside the PDF drawn whole, that ends sooner.
FEW_FILES = 2


def _jobs(plan: SheetPlan, jobs: int) -> int:
    """The processes to draw the plan's missing files in: this one alone for a few files of
    a build that keeps the others (FEW_FILES), else `jobs`."""
    drawn = sum(len(files) for files in plan.missing.values())
    return 1 if plan.kept and drawn <= FEW_FILES else jobs


def record_sheets(plan: SheetPlan, store: BuildCache) -> None:
    """Record the plan's files as they stand in the game's folder, once it is in place."""
    record_written(store, plan.folder, plan.files)


def _svg_runs(files: list[SheetFile], jobs: int, pdf_meanwhile: bool) -> list[list[SheetFile]]:
    """The SVGs in runs for the workers. While this process writes the PDF, they go to one
    worker fewer than there are, in one run each: the PDF, which the previews wait for,
    keeps a core to itself."""
    if pdf_meanwhile and jobs > 1:
        return shares(files, jobs - 1)
    return chunks(files, jobs)


def _png_runs(files: list[SheetFile], jobs: int) -> list[list[SheetFile]]:
    """The previews in runs for the workers: two a worker, as each run opens the PDF anew
    and pdfium loads its fonts and draws their glyphs again. With four runs a worker, the
    default build of benchmarks/build.py's 1000 cards took 2-4% longer."""
    return chunks(files, jobs, most=32, per_job=2)


def _prepare_workers(svg: bool, png: bool) -> None:
    if svg:
        from generator.render import svg as svg_writer  # imports jinja2: only when SVGs are written

        svg_writer.prepare()
    if png:
        prepare_raster()


def write_pdf(
    pdf: Path,
    game: Game,
    sheets: list[Sheet],
    digests: list[str] | None,
    icon_dirs: Sequence[Path],
    store: BuildCache,
    colour: ColourSettings,
) -> None:
    """The game's PDF in `colour`, kept in `store` under its sheets' `digests` (None: neither
    looked up nor kept, a scratch PDF). reportlab is imported only to write one: a tenth of a
    second of a rebuild that changed nothing. Written, it takes over the pages of the game's
    latest PDF that come again (LatestPages), and leaves its own for the next; with a store
    that keeps nothing (--no-cache), it draws every page and records none."""
    inputs = PdfInputs(game.name, tuple(digests), colour.key) if digests is not None else None
    data = store.lookup(inputs, bytes) if inputs else None
    latest = LatestPages(str(game.folder), tuple(map(str, icon_dirs)), pdf.name)
    if data is not None:
        write_atomic(pdf, data)
        store.touch(latest)  # the PDF after the next edit takes its pages from them
        return
    from generator.render.pdf import DrawnPages, PageReuse
    from generator.render.pdf import write_pdf as render_pdf

    reuse = None
    if inputs and store.root is not None:
        reuse = PageReuse(inputs.sheets, store.lookup(latest, DrawnPages) or DrawnPages({}, {}))
    icons = IconFinder(icon_dirs)
    drawn = write_with(pdf, lambda tmp: render_pdf(sheets, tmp, game.name, icons, colour, reuse))
    if inputs:
        store.put(inputs, pdf.read_bytes())
        if drawn.pages:  # in pieces: after an edit, only those holding a page drawn anew are written
            store.put(latest, DrawnPages(Pieces.split(drawn.pages), Pieces.split(drawn.streams)))


def _preview_size(sheet: Sheet) -> tuple[int, int]:
    return pixels(sheet.width, sheet.height, PREVIEW_DPI)
