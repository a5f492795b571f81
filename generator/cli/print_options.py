"""The options of what a build prints (PrintSettings) and where it goes (OutputSettings),
handed to a command as one value each; `cutsheet build` takes them all."""

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from msgspec.structs import replace

from generator.cli.common import OUTPUT, PAPER_HELP, PRINTING, SHEETS, fail, out_option, switch, with_options
from generator.project import FORMATS, OutputSettings, PrintSettings
from generator.sheets.options import DUPLEX_MODES, PrintOptions, parse_offset
from generator.sheets.printer import PrinterProfile
from generator.sources.errors import SourceError


def _formats(value: str) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"expected a comma-separated list of {', '.join(FORMATS)}")
    return chosen


#: The options of PrintSettings, each with its default from the settings Structs.
PRINT_OPTIONS = [
    click.option("--paper", "paper_name", default=PRINTING.paper, show_default=True, help=PAPER_HELP),
    click.option(
        "--format", "formats", default=",".join(PRINTING.formats), show_default=True, help="Outputs to write."
    ),
    click.option(
        "--duplex",
        type=click.Choice(DUPLEX_MODES),
        default=SHEETS.duplex,
        show_default=True,
        help="The edge your printer flips sheets over for backs; off: print no backs.",
    ),
    click.option(
        "--back-offset",
        default=",".join(f"{v:g}mm" for v in SHEETS.back_offset),
        show_default=True,
        help="Move backs by X,Y (e.g. 0.5mm,-0.3mm; x right, y down) as the alignment test shows.",
    ),
    click.option(
        "--printer",
        "printer_name",
        metavar="NAME",
        default=None,
        help="Print for a printer profile (`cutsheet printer`): its scale corrected, its back offset and margins.",
    ),
    switch("fold-over", SHEETS.fold_over, "Backs beside their fronts, to fold over (no duplex printer)."),
    switch("ink-saver", SHEETS.ink_saver, "White backgrounds and outlines instead of large fills."),
    switch(
        "checklist",
        SHEETS.checklist,
        "Start each game's PDF with a cover, the rules (from the game's rules.md) and a checklist page: "
        "what to print on what, and the cutting order.",
    ),
    switch(
        "pnp",
        PRINTING.release,
        "Also write each game's print-and-play release: the PDF (cover, rules, checklist, sheets) on "
        "Letter and on A4, README.txt and a zip of them with the SVG sheets, in <out>/<game>/print-and-play/.",
    ),
    switch(
        "separate",
        SHEETS.separate,
        "Each component file on sheets of its own, instead of sharing sheets with same-size components.",
    ),
    switch("booklet", SHEETS.booklet, "The rules as a half-size booklet: print duplex (short edge), fold, staple."),
    switch(
        "die-cut",
        SHEETS.die_cut,
        "Tokens spaced for a die, each cut on its own outline, instead of butted for a paper trimmer.",
    ),
    switch(
        "strict",
        SHEETS.strict,
        "Warnings stop a game as errors do (a character no font has, say): nothing of it is printed.",
    ),
    click.option(
        "--players",
        type=click.IntRange(1, 99),
        default=None,
        help="Print what is dealt by the player (Sliders' play money) for this many players "
        "[default: the most the game takes].",
    ),
]

#: The options of OutputSettings, each with its default from the settings Struct.
OUTPUT_OPTIONS = [
    out_option("Folder to write into; each game gets a subfolder."),
    click.option(
        "--jobs",
        type=click.IntRange(1, 64),
        default=OUTPUT.jobs,
        show_default="the cores available",
        help="Render sheets in this many processes.",
    ),
    click.option(
        "--cache/--no-cache",
        "use_cache",
        default=OUTPUT.cache,
        show_default=True,
        help="Reuse unchanged work from earlier builds into the same --out (kept in <out>/.cache).",
    ),
]


def print_settings(command: Callable[..., None]) -> Callable[..., None]:
    """The PRINT_OPTIONS, handed to the command as one PrintSettings, `printing`."""

    @functools.wraps(command)
    def gathered(
        *args: Any,
        paper_name: str,
        formats: str,
        duplex: str,
        back_offset: str,
        fold_over: bool,
        ink_saver: bool,
        checklist: bool,
        pnp: bool,
        separate: bool,
        booklet: bool,
        die_cut: bool,
        strict: bool,
        players: int | None,
        printer_name: str | None,
        **kwargs: Any,
    ) -> None:
        try:
            offset = parse_offset(back_offset)
        except ValueError as exc:
            fail(f"error: --back-offset: {exc}")
        try:
            chosen = _formats(formats)
        except click.BadParameter as exc:
            fail(f"error: --format: {exc.message}")
        printer = _printer(printer_name, offset)
        if printer and pnp:
            fail("error: a print-and-play release (--pnp) is for anyone's printer: build it without --printer")
        offset = printer.back_offset if printer else offset
        sheets = PrintOptions(duplex, offset, fold_over, ink_saver, checklist, separate, booklet, strict, players or 0)
        sheets = replace(sheets, printer=printer, die_cut=die_cut)
        command(*args, printing=PrintSettings(paper_name, chosen, sheets, pnp), **kwargs)

    return with_options(gathered, PRINT_OPTIONS)


def _printer(name: str | None, offset: tuple[float, float]) -> PrinterProfile | None:
    """The printer profile --printer names (None without it); it brings its own back offset,
    so a --back-offset beside it is a usage error."""
    if name is None:
        return None
    if offset != SHEETS.back_offset:
        fail("error: --printer brings the printer's own back offset: leave out --back-offset")
    from generator.printers import find_profile

    try:
        return find_profile(name)
    except SourceError as exc:
        fail(str(exc))


def output_settings(command: Callable[..., None]) -> Callable[..., None]:
    """The OUTPUT_OPTIONS, handed to the command as one OutputSettings, `output`."""

    @functools.wraps(command)
    def gathered(*args: Any, out_dir: Path, jobs: int, use_cache: bool, **kwargs: Any) -> None:
        command(*args, output=OutputSettings(out_dir, use_cache, jobs), **kwargs)

    return with_options(gathered, OUTPUT_OPTIONS)
