"""`cutsheet build`: lay out the games into print sheets."""

import functools
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click
from msgspec import Struct
from msgspec.structs import replace

from generator.cache import carried_over, used_by_command
from generator.cli.common import checked, fail, find_project, say, unwritable
from generator.cli.print_options import output_settings, print_settings
from generator.colour.profile import DEFAULT as DEFAULT_PROFILE
from generator.colour.profile import ProfileError, output_profile
from generator.colour.profile import shipped as shipped_profiles
from generator.colour.settings import PDFX_VERSIONS, RGB, ColourSettings
from generator.games import engine_of
from generator.project import OutputSettings, PrintSettings, Project
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
@click.option(
    "--watch",
    is_flag=True,
    help="Then build again each game an edit concerns as soon as it is saved, until Ctrl-C.",
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
    watch: bool,
) -> None:
    """Lay out SOURCES into print sheets: a PDF, SVG sheets and PNG previews per game.

    \b
    SOURCES are game folders (holding game.yaml) or YAML files in one. Without any, in
    this order: the game folders under ./components/, else ./game.yaml, else the five
    shipped games.

    The static rules checks run first: their errors stop that game's build (unless
    --no-check); warnings are printed and the build goes on.

    With --watch the command stays, and builds again each game an edit concerns as soon as
    it is saved; bad input is printed, and the watch goes on."""
    output = replace(output, colour=_colour_settings(colour_mode, icc, pdfx))
    try:
        project = find_project(sources, printing, output, (("--out", output.out_dir),))
    except SourceError as exc:
        fail(str(exc))
    if watch:
        _watch(project, sources, no_check, alignment_test)
    try:
        code, built = _build_games(project, project.folders, no_check)
    except (SourceError, OutputError) as exc:
        fail(_said(exc))
    if alignment_test:
        _write_alignment_test(printing, output)
    sys.exit(code)  # `built` is held as the process ends: none of it is freed (process_end.py)


class _Built(Struct, frozen=True):
    """One game built: its result (None when the checker's errors stopped it), and the
    reading and the run, which hold everything the build read and made."""

    result: "BuildResult | None"
    held: tuple[object, ...]


def _build_games(project: Project, folders: Iterable[Path], no_check: bool) -> tuple[int, list[_Built]]:
    """Build each of `folders` (games of `project`), using the build cache as a command does:
    the exit status (0, or 1 when the checker stopped a game, or 2 when a game's sources
    could not be laid out), and the games built. A SourceError or OutputError stops them."""
    code, built = 0, []
    with used_by_command(project.output.cache_dir):
        for folder in folders:
            game = _build_game(project, folder, no_check)
            code = max(code, 1) if game.result is None else code if game.result.ok else 2
            built.append(game)
    return code, built


def _build_game(project: Project, folder: Path, no_check: bool) -> _Built:
    """One game read, checked and built."""
    from generator.pipeline import PrintRun, read_game

    printing = project.printing
    reading = project.output.store(hold=True)  # the game's reading is kept once the build goes on
    game = read_game(folder, reading)
    _check_players(game, printing.options.players)
    reading.release()
    run = PrintRun.of(game, project)
    checks = run.checks(enabled=not no_check)
    stopped = f"{run.game.name}: not built: the checker found errors (--no-check builds anyway)"
    return _Built(checked(checks, stopped, functools.partial(_write, run, printing)), (reading, run))


def _said(exc: SourceError | OutputError) -> str:
    """What a build stopped by bad input or an unwritable output says."""
    return str(exc) if isinstance(exc, SourceError) else f"error: {exc}"


def _write_alignment_test(printing: PrintSettings, output: OutputSettings) -> None:
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


def _watch(project: Project, sources: tuple[str, ...], no_check: bool, alignment_test: bool) -> NoReturn:
    """Build every game, then again the games each saved edit concerns, until Ctrl-C (exit
    status 0). Bad input in a game is said and the others go on, and so does the watch: that
    game's output stays as its last build wrote it, as does the output of a build that
    Ctrl-C stops. The games are found again for each edit, so an edited paper preset counts.

    SIGTERM stops it as Ctrl-C does: it is how an editor's task runner, a process manager
    or `kill` ends a command left running, and the cache's last entries are saved then too."""
    import signal

    from generator.watching import edits

    signal.signal(signal.SIGTERM, signal.default_int_handler)
    folders = [folder.resolve() for folder in project.folders]
    try:
        with carried_over():  # each build after an edit starts from what the last one used
            saved = edits(folders, project.output.out_dir)
            next(saved)  # the watch in place before the first build: no edit is missed
            _rebuild(project, folders, no_check)
            if alignment_test:
                _write_alignment_test(project.printing, project.output)
            click.echo(f"Watching {_games(len(folders))} for edits (Ctrl-C stops)", err=True)
            pending: set[Path] = set()  # games edited but not built yet: the games could not be found
            for games in saved:
                if games:
                    pending = _rebuild_found(sources, project, pending.union(games), no_check)
    except KeyboardInterrupt:
        click.echo("Stopped watching", err=True)
    sys.exit(0)


def _rebuild_found(sources: tuple[str, ...], project: Project, games: set[Path], no_check: bool) -> set[Path]:
    """The games edits concern, found again as `project` found them, built again: the games
    still to build, all of them when the games cannot be found (a game.yaml saved half-way,
    say), so that the edit that mends that builds them too."""
    try:
        found = Project.find(sources, project.printing, project.output)
    except SourceError as exc:
        click.echo(str(exc), err=True)
        return games
    _rebuild(found, [folder for folder in found.folders if folder.resolve() in games], no_check)
    return set()


def _rebuild(project: Project, folders: Iterable[Path], no_check: bool) -> None:
    """Build each game of `folders` in turn, saying what stops one and going on to the next;
    one command of the cache's, as a build of them all is."""
    with used_by_command(project.output.cache_dir):
        for folder in folders:
            try:
                _build_game(project, folder, no_check)
            except (SourceError, OutputError) as exc:
                click.echo(_said(exc), err=True)


def _games(n: int) -> str:
    return "1 game" if n == 1 else f"{n} games"


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
    """--players must be a number of players the game's engine takes (SourceError)."""
    engine = engine_of(game.engine)
    if players and engine is not None and not engine.seats(players):
        seats = f"{engine.min_players}-{engine.max_players}"
        raise SourceError(None, f"--players {players}: {game.name} is for {seats} players")


def _write(run: "PrintRun", printing: PrintSettings) -> "BuildResult":
    """Write one game; its result is not ok when its sources cannot be laid out (its findings
    say why: bad input, exit 2). A SourceError or OutputError stops it."""
    game = run.game
    with click.progressbar(length=1, label=f"{game.name:<24}", file=sys.stderr, hidden=not sys.stderr.isatty()) as bar:

        def advance(n: int) -> None:
            bar.length = max(bar.length or 0, bar.pos + n + 1)
            bar.update(n)

        result = run.write(printing.outputs, printing.release, advance)
    say(result.findings)
    if not result.ok:
        click.echo(f"{game.name}: not built (errors above)", err=True)
    else:
        click.echo(f"{game.name}: {len(result.sheets)} sheets -> {display_path(run.output.out_dir / game.slug)}")
    return result
