"""The print pipeline of one game: a `PrintRun`, whose stages every command runs.

    checks()  the static rules checks, the check-then-build policy (pipeline/checks.py)
    laid()    the parts laid out, with the layout's findings (pipeline/parts.py)
    parts()   the parts of a layout without errors: nothing is printed of one with errors
    sheets()  the parts imposed onto sheets, each with its digest (pipeline/imposed.py)
    write()   the build's files: PDF, SVGs, PNGs, the release (pipeline/writers.py)
    write_pdf()  the PDF alone, as write() writes it

`cutsheet build` writes, `cutsheet serve` shows the layout and then writes the PDF alone,
`cutsheet export` hands the run to a profile, which reads its parts or sheets: the commands
choose stages and outputs, and the run does the work. Each stage is kept in the run's store
under its inputs (generator/cache.py): done once in a run however often it is asked for, and
taken from <out>/.cache when an earlier run did it with the same inputs.
"""

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from msgspec.structs import replace

from generator.cache import BuildCache
from generator.collector import tuned_for_a_build
from generator.findings import Finding, accept, strictly
from generator.layout.context import IconFinder, LayoutContext
from generator.layout.memo import DrawMemo
from generator.output import write_atomic
from generator.pipeline.checks import StaticChecks, check_first
from generator.pipeline.front_matter import about
from generator.pipeline.imposed import Imposed, imposed_sheets
from generator.pipeline.parts import Laid, LaidGame, LayoutFailed, laid_game, print_context, printable
from generator.pipeline.release import RELEASE_PAPERS, Edition, Release, release_pdf, write_release
from generator.pipeline.result import BuildResult
from generator.pipeline.writers import pdf_path, plan_sheets, record_sheets, write_outputs, write_pdf
from generator.project import OutputSettings, Project
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper, paper
from generator.sources.game import Game
from generator.staging import Stage, staged


@dataclass(frozen=True)
class PrintRun:
    """One game printed on one paper with one set of print options, into one output folder."""

    game: Game
    paper: Paper
    options: PrintOptions
    output: OutputSettings
    #: Where the stages' results are kept (<out>/.cache, and in memory for this run); a run
    #: made from this one with other settings (dataclasses.replace) shares it.
    store: BuildCache = field(compare=False, repr=False)
    #: A live preview's memo of the faces of its last layout pass (layout/memo.py), or None.
    memo: DrawMemo | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, game: Game, project: Project, memo: DrawMemo | None = None, hold: bool = False) -> "PrintRun":
        """The run of `game` with the project's settings; `hold` keeps the cache's writes in
        memory until the store is released (BuildCache)."""
        output = project.output
        return cls(game, project.paper_for(game.folder), project.printing.options, output, output.store(hold), memo)

    def context(self) -> LayoutContext:
        """A fresh layout context of the game as this run prints it."""
        return print_context(self.game, self.options)

    @cached_property
    def icon_dirs(self) -> tuple[Path, ...]:
        """Where the game's icons are looked for, in order."""
        return tuple(self.context().icon_dirs)

    @cached_property
    def icon_path(self) -> IconFinder:
        """An icon's file by its name."""
        return IconFinder(self.icon_dirs)

    def checks(self, enabled: bool = True) -> StaticChecks:
        return check_first(self.game, self.store, enabled)

    def laid(self) -> LaidGame:
        return self._laid

    @cached_property
    def _laid(self) -> LaidGame:
        """The layout, worked out once a run: every later stage of the run (and a live
        preview's second phase) reads the sources as they were when it was laid out."""
        return laid_game(self.game, self.context(), self.store, self.memo)

    def findings(self) -> list[Finding]:
        """The layout's findings as this run judges them: those the game accepts marked, and
        with --strict every other warning an error."""
        found = accept(list(self.laid().findings), self.game.accept)
        return strictly(found) if self.options.strict else found

    def parts(self) -> Sequence[Laid]:
        """The laid-out parts; LayoutFailed when the layout found errors."""
        return printable(self.laid(), self.findings())

    def sheets(self, fitting_only: bool = False) -> Imposed:
        """The parts imposed onto sheets; with `fitting_only`, those too large for the paper
        are left out (Imposed.left_out) instead of failing. LayoutFailed as parts()."""
        laid = self.laid()
        return imposed_sheets(
            printable(laid, self.findings()),
            laid.source,
            laid.drawn.drawings,
            self.paper,
            self.game,
            self.options,
            self.icon_dirs,
            self.store,
            fitting_only,
        )

    def write_pdf(self) -> Path:
        """The game's PDF, in <out>/<slug>/<slug>.pdf, byte for byte as write() writes it."""
        imposed = self.sheets()
        pdf = pdf_path(self.output.out_dir, self.game)
        write_pdf(pdf, self.game, imposed.sheets, imposed.digests, self.icon_dirs, self.store, self.output.colour)
        return pdf

    def write(
        self, formats: tuple[str, ...], release: bool = False, progress: Callable[[int], None] | None = None
    ) -> BuildResult:
        """Write the game's `formats` (and with `release`, its print-and-play release, made of
        the PDF and SVGs: PrintSettings.outputs names them) into <out>/<slug>/; nothing is
        written when the layout finds errors, which the result holds with its findings.
        `progress` is told how many files are done, as they are.

        The game's output folder is replaced as a whole (generator/staging.py): a build that
        fails or is killed leaves it as it was."""
        game, out_dir = self.game, self.output.out_dir
        result = BuildResult(game, findings=self.findings())
        try:
            imposed = self.sheets()
        except LayoutFailed:
            return result
        result.sheets, result.digests = imposed.sheets, imposed.digests
        folder = out_dir / game.slug
        plan = plan_sheets(result, formats, out_dir, self.store)
        with staged(folder) as stage:
            write_outputs(result, self.icon_dirs, formats, self.output, self.store, plan, stage, progress)
            if release:
                made = self._release(result, stage)
                result.files.extend(
                    folder / path.relative_to(stage.root) for path in (*made.pdfs, made.readme, made.zip)
                )
            stage.keep(*result.files)
        record_sheets(plan, self.store)
        return result

    def _release(self, result: BuildResult, stage: Stage) -> Release:
        """The print-and-play release in the game's staged folder, made of the PDF and SVGs
        just written there (on this run's paper), and of the game on each of RELEASE_PAPERS
        besides, imposed by a run of the same settings on that paper. A game with optional
        components (a file's `substitutes:`) has them in a file of their own on each paper,
        left out of the game's."""
        game, root = self.game, stage.root
        optional = any(f.substitutes for f in game.files)
        editions: list[Edition] = []
        for run in (self, *(dataclasses.replace(self, paper=paper(name, game.folder)) for name in RELEASE_PAPERS)):
            if any(edition.paper == run.paper.name for edition in editions):
                continue
            if run is self and not optional:
                own = release_pdf(root, game.slug, self.paper.name)
                write_atomic(own, stage.path(pdf_path(self.output.out_dir, game)).read_bytes())
                editions.append(Edition(self.paper.name, own, tuple(result.sheets)))
                continue
            editions.append(run._edition(root, "out" if optional else "in"))
            if optional:
                editions.append(run._edition(root, "only"))
        svgs = sorted(stage.path(path) for path in result.files if path.suffix == ".svg")
        return write_release(game.slug, about(game), tuple(editions), svgs, root)

    def _edition(self, root: Path, optional: str) -> Edition:
        """The release's print file on this run's paper: the game with its optional parts
        `optional` ("in" it, left "out"), or those parts alone ("only", sheets only)."""
        only = optional == "only"
        options = replace(self.options, optional=optional, checklist=self.options.checklist and not only)
        imposed = dataclasses.replace(self, options=options).sheets()
        path = release_pdf(root, self.game.slug, self.paper.name, only)
        write_pdf(path, self.game, imposed.sheets, imposed.digests, self.icon_dirs, self.store, self.output.colour)
        return Edition(self.paper.name, path, tuple(imposed.sheets), only)


def build_game(game: Game, project: Project, progress: Callable[[int], None] | None = None) -> BuildResult:
    """What `cutsheet build` writes of one game of the project (the checks left to the
    caller): the formats and release its printing settings ask for.

    With `project.output.cache`, work whose inputs are unchanged since a build into the same
    out_dir is taken from <out_dir>/.cache (generator/cache.py); `project.output.jobs` > 1
    renders sheets in that many processes. Either way the files written are byte for byte
    the same. The build runs with the collector's thresholds that `cutsheet build` sets
    (generator/collector.py), the caller's after."""
    printing = project.printing
    with tuned_for_a_build():
        return PrintRun.of(game, project).write(printing.outputs, printing.release, progress)
