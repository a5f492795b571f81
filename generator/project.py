"""A Project: the game folders a command works on, resolved once, and the settings it runs with.

Every default of `cutsheet build`, `export` and `serve` is written once, here (the sheets'
own in sheets/options.py PrintOptions, the checker's in check/run.py CheckOptions): the
command line takes its defaults from these frozen values, and the library, called without
settings, behaves as the command line does.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
from msgspec import Struct
from msgspec.structs import replace

from generator.cache import BuildCache
from generator.colour.settings import RGB, ColourSettings
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper, paper
from generator.sheets.printer import PrinterError
from generator.sources.discover import find_games
from generator.sources.errors import SourceError
from generator.workers import available_cores

#: The files a build can write for each game, in the order they are written.
FORMATS = ("pdf", "svg", "png")


class PrintSettings(Struct, frozen=True):
    """What a build prints: on which paper, into which formats, and how the sheets are made."""

    #: A paper preset (the game folder's own first) or a size such as 300mmx450mm.
    paper: str = "letter"
    formats: tuple[str, ...] = FORMATS
    sheets: PrintOptions = PrintOptions()
    #: Also write the print-and-play release (pipeline/release.py), which needs the PDF with
    #: its front matter and the SVG sheets.
    release: bool = False

    @property
    def outputs(self) -> tuple[str, ...]:
        """The formats to write: those asked for, and what the release is made of."""
        return tuple(dict.fromkeys((*self.formats, "pdf", "svg"))) if self.release else self.formats

    @property
    def options(self) -> PrintOptions:
        """How the sheets are made; a release always opens with its front matter."""
        return replace(self.sheets, checklist=True) if self.release else self.sheets


class OutputSettings(Struct, frozen=True):
    """Where the files go and how the work is done."""

    out_dir: Path = Path("output")
    #: Reuse unchanged work from earlier runs into the same out_dir (kept in <out_dir>/.cache).
    cache: bool = True
    #: Render sheets in this many processes: by default one for each core this process may use.
    jobs: int = msgspec.field(default_factory=lambda: min(available_cores(), 64))
    #: The colour the PDFs are written in (RGB unless `--color cmyk`), and their PDF/X standard.
    colour: ColourSettings = RGB

    @property
    def cache_dir(self) -> Path | None:
        """Where the build cache's files are: <out_dir>/.cache, or None without `cache`."""
        return self.out_dir / ".cache" if self.cache else None

    def store(self, hold: bool = False) -> BuildCache:
        """A build cache as these settings ask for (its files switched off without `cache`);
        `hold` keeps its writes in memory until it is released."""
        return BuildCache(self.cache_dir, hold)


@dataclass(frozen=True)
class Project:
    """The resolved sources (each game folder, with the component files named in it) and the
    settings; the paper of each game is resolved once too (a game may have its own presets)."""

    folders: dict[Path, list[Path]]
    papers: dict[Path, Paper]
    printing: PrintSettings = PrintSettings()
    output: OutputSettings = OutputSettings()
    #: The line to say when no sources were found and the shipped games were taken.
    note: str = field(default="", compare=False)

    @classmethod
    def find(
        cls,
        sources: Sequence[str | Path] = (),
        printing: PrintSettings = PrintSettings(),
        output: OutputSettings = OutputSettings(),
        here: Path | None = None,
    ) -> "Project":
        """The games named by `sources` (or found in `here`, see sources/discover.py) and the
        paper of each; SourceError when a source or the paper is bad."""
        found = find_games(sources, here)
        papers = {folder: _printed_on(paper(printing.paper, folder), printing.sheets) for folder in found.folders}
        return cls(found.folders, papers, printing, output, found.note)

    def paper_for(self, folder: Path) -> Paper:
        return self.papers[folder.resolve()]


def _printed_on(chosen: Paper, options: PrintOptions) -> Paper:
    """The paper as the options' printer profile prints it (its margins kept); SourceError
    when the profile cannot be applied to it."""
    printer = options.printer
    if printer is None:
        return chosen
    try:
        printer.check(chosen)
    except PrinterError as exc:
        raise SourceError(None, str(exc)) from None
    return printer.paper(chosen)
