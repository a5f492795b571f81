"""`cutsheet build`: lay out the games into print sheets."""

import dataclasses
import functools
import sys
from typing import TYPE_CHECKING

import click

from generator.cli.common import checked, fail, find_project, say, unwritable
from generator.cli.print_options import output_settings, print_settings
from generator.colour.profile import DEFAULT as DEFAULT_PROFILE
from generator.colour.profile import ProfileError, output_profile
from generator.colour.profile import shipped as shipped_profiles
from generator.colour.settings import PDFX_VERSIONS, RGB, ColourSettings
from generator.games import engine_of
from generator.project import OutputSettings, PrintSettings
from generator.sheets.paper import paper
from generator.sources.errors import SourceError, display_path
from generator.sources.game import Game
from generator.staging import OutputError

if TYPE_CHECKING:
    from generator.pipeline import BuildResult, PrintRun


@click.command()
@click.argument("sources", nargs=-1)
@print_settings
@output_settings
@click.option(
    "--color",
    "colour_mode",
    type=click.Choice(["rgb", "cmyk"]),
    default="rgb",
    show_default=True,
    help="The PDF's colour: RGB for screens and home printers; CMYK (inks separated for --icc) for print shops.",
)
@click.option(
    "--icc",
    default=DEFAULT_PROFILE,
    show_default=True,
    metavar="PROFILE",
    help=f"The CMYK output profile: {' or '.join(shipped_profiles())} (shipped), or an ICC file's path.",
)
@click.option(
    "--pdfx",
    type=click.Choice(sorted(PDFX_VERSIONS)),
    help="Make the PDF to PDF/X-1a:2003 (x1a) or PDF/X-4 (x4): CMYK, with the profile as its output intent.",
)
@click.option("--no-check", is_flag=True, help="Build even when the rules checker finds errors.")
@click.option(
    "--alignment-test",
    is_flag=True,
    help="Also write duplex-alignment.pdf: one sheet to print duplex and read the back offset from.",
)
def build(
    sources: tuple[str, ...],
    printing: PrintSettings,
    output: OutputSettings,
    colour_mode: str,
    icc: str,
    pdfx: str | None,
    no_check: bool,
    alignment_test: bool,
) -> None:
    """Lay out SOURCES into print sheets: a PDF, SVG sheets and PNG previews per game.

    \b
    SOURCES are game folders (holding game.yaml) or YAML files in one. Without any, in
    this order: the game folders under ./components/, else ./game.yaml, else the five
    shipped games.

    The static rules checks run first: their errors stop that game's build (unless
    --no-check); warnings are printed and the build goes on."""
    from generator.pipeline import PrintRun, read_game

    output = dataclasses.replace(output, colour=_colour_settings(colour_mode, icc, pdfx))
    try:
        project = find_project(sources, printing, output, (("--out", output.out_dir),))
    except SourceError as exc:
        fail(str(exc))
    code = 0
    for folder in project.folders:
        try:
            reading = output.store(hold=True)  # the game's reading is kept once the build goes on
            game = read_game(folder, reading)
            _check_players(game, printing.options.players)
            reading.release()
            run = PrintRun.of(game, project)
            checks = run.checks(enabled=not no_check)
        except SourceError as exc:
            fail(str(exc))
        stopped = f"{run.game.name}: not built: the checker found errors (--no-check builds anyway)"
        result = checked(checks, stopped, functools.partial(_build_one, run, printing))
        if result is None:
            code = max(code, 1)
        elif not result.ok:
            code = 2
    if alignment_test:
        from generator.render.alignment import write_alignment_test

        try:
            alignment_paper = paper(printing.paper)
        except SourceError as exc:
            fail(str(exc))
        try:
            path = write_alignment_test(output.out_dir, alignment_paper, printing.options)
        except OSError as exc:
            fail(unwritable(output.out_dir, exc))
        click.echo(f"duplex alignment test -> {display_path(path)}")
    sys.exit(code)


def _colour_settings(mode: str, icc: str, pdfx: str | None) -> ColourSettings:
    """The colour --color, --icc and --pdfx ask for: PDF/X is CMYK whatever --color says."""
    if mode == "rgb" and pdfx is None:
        if icc != DEFAULT_PROFILE:
            fail("error: --icc is the profile of a CMYK file: give it with --color cmyk or --pdfx")
        return RGB
    try:
        return ColourSettings(output_profile(icc), pdfx)
    except ProfileError as exc:
        fail(f"error: --icc: {exc}")


def _check_players(game: Game, players: int) -> None:
    """--players must be a number of players the game's engine takes."""
    engine = engine_of(game.engine)
    if players and engine is not None and not engine.seats(players):
        fail(f"error: --players {players}: {game.name} is for {engine.min_players}-{engine.max_players} players")


def _build_one(run: "PrintRun", printing: PrintSettings) -> "BuildResult":
    """Build one game; its result is not ok when its sources cannot be laid out (its findings
    say why: bad input, exit 2). A source or output error ends the command."""
    game = run.game
    try:
        with click.progressbar(
            length=1, label=f"{game.name:<24}", file=sys.stderr, hidden=not sys.stderr.isatty()
        ) as bar:

            def advance(n: int) -> None:
                bar.length = max(bar.length or 0, bar.pos + n + 1)
                bar.update(n)

            result = run.write(printing.outputs, printing.release, advance)
    except SourceError as exc:
        fail(str(exc))
    except OutputError as exc:
        fail(f"error: {exc}")
    say(result.findings)
    if not result.ok:
        click.echo(f"{game.name}: not built (errors above)", err=True)
    else:
        click.echo(f"{game.name}: {len(result.sheets)} sheets -> {display_path(run.output.out_dir / game.slug)}")
    return result
