"""The command line: click commands only. Each parses options, calls the library, prints, exits.

Exit status: 0 success; 1 the rules checker found errors; 2 bad input or usage (a source
that cannot be read or laid out, an output that cannot be written).
"""

import dataclasses
import functools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar
from urllib.parse import urlsplit

import click

from generator import scaffold
from generator.cache import BuildCache, used_by_command
from generator.check.players import game_player
from generator.check.progress import terminal_progress
from generator.check.run import INTERRUPTED, CheckOptions, bad_input, check_folders, engine_for
from generator.check.settings import parse_assignment
from generator.collector import tune_for_builds
from generator.colour.profile import DEFAULT as DEFAULT_PROFILE
from generator.colour.profile import ProfileError, output_profile
from generator.colour.profile import shipped as shipped_profiles
from generator.colour.settings import PDFX_VERSIONS, RGB, ColourSettings
from generator.export.prepress import PREPRESS
from generator.export.profile import EXPORTS, ExportProfile
from generator.findings import Finding, Severity
from generator.games import engine_of, load_game
from generator.games.tallies import counted
from generator.layout.columns import UNREAD_COLUMNS
from generator.process_end import end
from generator.project import FORMATS, OutputSettings, PrintSettings, Project
from generator.sheets.options import DUPLEX_MODES, PrintOptions, parse_offset
from generator.sheets.paper import paper, preset_names
from generator.sheets.printer import PrinterProfile
from generator.sources.discover import refuse_inside_games
from generator.sources.errors import SourceError, display_path
from generator.sources.game import Game
from generator.sources.registry import RegistryError
from generator.staging import OutputError
from generator.units import parse_length

if TYPE_CHECKING:
    from generator.check.sweep import SweepResult
    from generator.pipeline import BuildResult, PrintRun, StaticChecks

T = TypeVar("T")

#: The defaults of every option below: the settings' own, written once in generator/project.py.
PRINTING = PrintSettings()
SHEETS = PRINTING.sheets
OUTPUT = OutputSettings()
CHECKING = CheckOptions()

PAPER_HELP = (
    f"Paper: a preset ({', '.join(preset_names())}, or one in the game's layouts/sheets/), "
    "or a size such as 300mmx450mm."
)


def _fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(2)


def _to_stderr(text: str) -> None:
    """A note for the person at the terminal, apart from the output (a local cluster's dashboard)."""
    click.echo(text, err=True)


def _interrupted() -> NoReturn:
    click.echo("interrupted (Ctrl-C)", err=True)
    sys.exit(INTERRUPTED)


def _project(
    sources: tuple[str, ...],
    printing: PrintSettings = PRINTING,
    output: OutputSettings = OUTPUT,
    writes: tuple[tuple[str, Path | None], ...] = (),
) -> Project:
    """The games to work on (sources/discover.py) and their papers, saying so when they are the
    shipped games. `writes` names where the command writes (option, place): none of them
    may be, hold or lie inside a game folder."""
    project = Project.find(sources, printing, output)
    for option, place in writes:
        if place is not None:
            refuse_inside_games(place, project.folders, option)
    if project.note:
        click.echo(project.note, err=True)
    return project


def _formats(value: str) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"expected a comma-separated list of {', '.join(FORMATS)}")
    return chosen


def _image_base(value: str | None) -> str | None:
    """--image-base is an absolute http(s) URL: Tabletop Simulator loads images from nothing
    else. Each image's name is added to its path, so it has no query or fragment."""
    if value is not None:
        try:
            parts = urlsplit(value)
            usable = parts.scheme in ("http", "https") and bool(parts.hostname)
        except ValueError:
            usable = False
        if not usable:
            raise click.BadParameter(f"expected an absolute http:// or https:// URL, got {value!r}")
        if parts.query or parts.fragment or "#" in value or "?" in value:
            raise click.BadParameter(
                f"expected a URL without ?query or #fragment (image names follow it), got {value!r}"
            )
    return value


@click.group()
@click.version_option(package_name="cutsheet")
def main() -> None:
    """cutsheet: print-ready sheets for game components, and rules checks for their decks."""
    tune_for_builds()


def run() -> NoReturn:
    """The `cutsheet` command (and `python -m generator`): main, then the process ends without
    freeing what the command made (generator/process_end.py). The command's frames stay as
    they were when it exited, so nothing is freed on the way either."""
    try:
        main()
    except SystemExit as exited:
        end(exited.code)
    end(0)  # a standalone click command always exits; were it to return, that is success


def _switch(name: str, default: bool, text: str) -> Callable[[Any], Any]:
    """--NAME/--no-NAME, so the default may be either."""
    return click.option(f"--{name}/--no-{name}", default=default, show_default=True, help=text)


def _out_option(text: str) -> Callable[[Any], Any]:
    """--out, the folder OutputSettings writes into."""
    return click.option(
        "--out",
        "out_dir",
        default=OUTPUT.out_dir,
        show_default=True,
        type=click.Path(file_okay=False, path_type=Path),
        help=text,
    )


#: The options of PrintSettings, each with its default from the settings dataclasses.
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
    _switch("fold-over", SHEETS.fold_over, "Backs beside their fronts, to fold over (no duplex printer)."),
    _switch("ink-saver", SHEETS.ink_saver, "White backgrounds and outlines instead of large fills."),
    _switch(
        "checklist",
        SHEETS.checklist,
        "Start each game's PDF with a cover, the rules (from the game's rules.md) and a checklist page: "
        "what to print on what, and the cutting order.",
    ),
    _switch(
        "pnp",
        PRINTING.release,
        "Also write each game's print-and-play release: the PDF (cover, rules, checklist, sheets) on "
        "Letter and on A4, README.txt and a zip of them with the SVG sheets, in <out>/<game>/print-and-play/.",
    ),
    _switch(
        "separate",
        SHEETS.separate,
        "Each component file on sheets of its own, instead of sharing sheets with same-size components.",
    ),
    _switch("booklet", SHEETS.booklet, "The rules as a half-size booklet: print duplex (short edge), fold, staple."),
    _switch(
        "die-cut",
        SHEETS.die_cut,
        "Tokens spaced for a die, each cut on its own outline, instead of butted for a paper trimmer.",
    ),
    _switch(
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

#: The options of OutputSettings, each with its default from the settings dataclass.
OUTPUT_OPTIONS = [
    _out_option("Folder to write into; each game gets a subfolder."),
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


def _with_options(command: Callable[..., None], options: list[Callable[[Any], Any]]) -> Callable[..., None]:
    for option in reversed(options):  # click lists options in the order they are declared
        command = option(command)
    return command


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
            _fail(f"error: --back-offset: {exc}")
        try:
            chosen = _formats(formats)
        except click.BadParameter as exc:
            _fail(f"error: --format: {exc.message}")
        printer = _printer(printer_name, offset)
        if printer and pnp:
            _fail("error: a print-and-play release (--pnp) is for anyone's printer: build it without --printer")
        offset = printer.back_offset if printer else offset
        sheets = PrintOptions(duplex, offset, fold_over, ink_saver, checklist, separate, booklet, strict, players or 0)
        sheets = dataclasses.replace(sheets, printer=printer, die_cut=die_cut)
        command(*args, printing=PrintSettings(paper_name, chosen, sheets, pnp), **kwargs)

    return _with_options(gathered, PRINT_OPTIONS)


def _printer(name: str | None, offset: tuple[float, float]) -> PrinterProfile | None:
    """The printer profile --printer names (None without it); it brings its own back offset,
    so a --back-offset beside it is a usage error."""
    if name is None:
        return None
    if offset != SHEETS.back_offset:
        _fail("error: --printer brings the printer's own back offset: leave out --back-offset")
    from generator.printers import find_profile

    try:
        return find_profile(name)
    except SourceError as exc:
        _fail(str(exc))


def output_settings(command: Callable[..., None]) -> Callable[..., None]:
    """The OUTPUT_OPTIONS, handed to the command as one OutputSettings, `output`."""

    @functools.wraps(command)
    def gathered(*args: Any, out_dir: Path, jobs: int, use_cache: bool, **kwargs: Any) -> None:
        output = OutputSettings(out_dir, use_cache, jobs)
        with used_by_command(output.cache_dir):
            command(*args, output=output, **kwargs)

    return _with_options(gathered, OUTPUT_OPTIONS)


@main.command()
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
        project = _project(sources, printing, output, (("--out", output.out_dir),))
    except SourceError as exc:
        _fail(str(exc))
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
            _fail(str(exc))
        stopped = f"{run.game.name}: not built: the checker found errors (--no-check builds anyway)"
        result = _checked(checks, stopped, functools.partial(_build_one, run, printing))
        if result is None:
            code = max(code, 1)
        elif not result.ok:
            code = 2
    if alignment_test:
        from generator.render.alignment import write_alignment_test

        try:
            alignment_paper = paper(printing.paper)
        except SourceError as exc:
            _fail(str(exc))
        try:
            path = write_alignment_test(output.out_dir, alignment_paper, printing.options)
        except OSError as exc:
            _fail(_unwritable(output.out_dir, exc))
        click.echo(f"duplex alignment test -> {display_path(path)}")
    sys.exit(code)


def _colour_settings(mode: str, icc: str, pdfx: str | None) -> ColourSettings:
    """The colour --color, --icc and --pdfx ask for: PDF/X is CMYK whatever --color says."""
    if mode == "rgb" and pdfx is None:
        if icc != DEFAULT_PROFILE:
            _fail("error: --icc is the profile of a CMYK file: give it with --color cmyk or --pdfx")
        return RGB
    try:
        return ColourSettings(output_profile(icc), pdfx)
    except ProfileError as exc:
        _fail(f"error: --icc: {exc}")


def _check_players(game: Game, players: int) -> None:
    """--players must be a number of players the game's engine takes."""
    engine = engine_of(game.engine)
    if players and engine is not None and not engine.seats(players):
        _fail(f"error: --players {players}: {game.name} is for {engine.min_players}-{engine.max_players} players")


def _unwritable(place: Path, exc: OSError) -> str:
    """An OSError met while writing under `place`, as the message a user reads."""
    return f"error: cannot write {display_path(place)}: {exc.strerror or exc} ({exc.filename or place})"


def _checked(checks: "StaticChecks", stopped: str, make: Callable[[], T]) -> T | None:
    """Say what the static checks found that a command says of them (`cutsheet check` says
    the rest), then make(), unless their errors stop the game: then say `stopped` (None)."""
    _say(checks.findings)
    made = checks.then(make)
    if made is None:
        click.echo(stopped, err=True)
    return made


def _say(findings: Sequence[Finding]) -> None:
    """A build prints errors and warnings, and the one line per table naming the columns
    nothing prints (a misspelt one is among them); other infos and the findings a game
    accepts stay quiet."""
    for finding in findings:
        if (finding.severity is not Severity.INFO or finding.code == UNREAD_COLUMNS) and not finding.accepted:
            click.echo(str(finding), err=True)


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
        _fail(str(exc))
    except OutputError as exc:
        _fail(f"error: {exc}")
    _say(result.findings)
    if not result.ok:
        click.echo(f"{game.name}: not built (errors above)", err=True)
    else:
        click.echo(f"{game.name}: {len(result.sheets)} sheets -> {display_path(run.output.out_dir / game.slug)}")
    return result


@main.command("preflight")
@click.argument("pdf", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--profile",
    "shop",
    type=click.Choice(sorted(PREPRESS)),
    default="drivethrucards",
    show_default=True,
    help="The shop whose prepress the file is checked against.",
)
def preflight_command(pdf: Path, shop: str) -> None:
    """Check PDF as a print shop's prepress would: boxes, bleed, fonts embedded, type and line
    sizes, the safe zone, picture resolution, RGB where CMYK is asked and total ink (with
    Ghostscript). Exit 1 when it finds errors, 2 for a file that is not a PDF."""
    from generator.export.preflight import preflight

    if not pdf.is_file():
        _fail(f"error: no file {display_path(pdf)}")
    try:
        found = preflight(pdf, PREPRESS[shop])
    except SourceError as exc:
        _fail(str(exc))
    for finding in found:
        click.echo(str(finding))
    errors = sum(1 for f in found if f.severity is Severity.ERROR)
    click.echo(f"{display_path(pdf)}: {counted(errors, 'error')} for {shop}, {len(found) - errors} other")
    sys.exit(1 if errors else 0)


@main.group("printer")
def printer_group() -> None:
    """Profiles of home printers: print a calibration page, keep what you measured on it, and
    build for the printer with `cutsheet build --printer NAME`. Profiles are kept in the user's
    config folder (printers.yaml)."""


@printer_group.command("calibrate")
@click.argument("name")
@click.option("--paper", "paper_name", default=PRINTING.paper, show_default=True, help="The paper to print it on.")
@click.option("--duplex", type=click.Choice(DUPLEX_MODES[:2]), default=SHEETS.duplex, show_default=True)
@_out_option("Folder to write printer-NAME-calibration.pdf into.")
def printer_calibrate(name: str, paper_name: str, duplex: str, out_dir: Path) -> None:
    """Write the calibration page for printer NAME: print it duplex at 100%, then measure its
    two 100 mm bars (scale), read the margin ladders at its edges and the verniers (back
    offset), and keep them with `cutsheet printer set NAME`."""
    from generator.render.alignment import write_calibration

    _check_printer_name(name)
    try:
        chosen = paper(paper_name)
        path = write_calibration(out_dir, chosen, PrintOptions(duplex=duplex), name)
    except SourceError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(_unwritable(out_dir, exc))
    click.echo(f"calibration page for printer {name!r} -> {display_path(path)}")


@printer_group.command("set")
@click.argument("name")
@click.option("--scale-x", type=float, help="The printed length of the 100 mm bar across, over 100 (e.g. 1.006).")
@click.option("--scale-y", type=float, help="The printed length of the 100 mm bar down, over 100.")
@click.option("--back-offset", help="The back offset the verniers read, X,Y (e.g. 0.4mm,-0.2mm).")
@click.option(
    "--margins", help="How near each edge it prints: one length, or top,right,bottom,left (e.g. 4mm,4mm,6mm,4mm)."
)
def printer_set(
    name: str, scale_x: float | None, scale_y: float | None, back_offset: str | None, margins: str | None
) -> None:
    """Keep what you measured of printer NAME (the numbers not given keep their values, or
    their defaults for a new printer)."""
    from generator.printers import MAX_OFFSET, load_profiles, save_profile
    from generator.sheets.printer import SCALE_RANGE

    _check_printer_name(name)
    try:
        profile = load_profiles().get(name, PrinterProfile(name))
    except SourceError as exc:
        _fail(str(exc))
    for option, scale in (("--scale-x", scale_x), ("--scale-y", scale_y)):
        if scale is not None and not SCALE_RANGE[0] <= scale <= SCALE_RANGE[1]:
            _fail(
                f"error: {option} {scale:g}: a printer off by more than 5% ({SCALE_RANGE[0]}-{SCALE_RANGE[1]}) "
                "is set to scale the page: print the calibration page at 100%"
            )
    try:
        offset = parse_offset(back_offset) if back_offset else profile.back_offset
        edges = _margins(margins) if margins else profile.margins
    except ValueError as exc:
        _fail(f"error: {exc}")
    if any(abs(v) > MAX_OFFSET for v in offset):
        _fail(f"error: --back-offset moves backs at most {MAX_OFFSET} mm either way, not {back_offset}")
    profile = dataclasses.replace(
        profile,
        scale_x=profile.scale_x if scale_x is None else scale_x,
        scale_y=profile.scale_y if scale_y is None else scale_y,
        back_offset=offset,
        margins=edges,
    )
    try:
        path = save_profile(profile)
    except OSError as exc:
        _fail(_unwritable(Path(exc.filename or "."), exc))
    click.echo(f"printer {name!r} -> {display_path(path)}")


def _check_printer_name(name: str) -> None:
    """A printer's name must be one printers.yaml can hold; usage error otherwise."""
    from generator.printers import valid_name

    if not valid_name(name):
        _fail(f"error: a printer's name is letters, digits, '.', '_' and '-', not {name!r}")


def _margins(text: str) -> tuple[float, float, float, float]:
    """--margins: one length for every edge, or four: top, right, bottom, left."""
    lengths = [parse_length(part.strip()) for part in text.split(",")]
    if len(lengths) == 1:
        lengths *= 4
    if len(lengths) != 4 or any(not 0 <= length <= 50 for length in lengths):
        raise ValueError(f"--margins takes one length or four (top,right,bottom,left), each 0 to 50 mm, not {text!r}")
    top, right, bottom, left = lengths
    return (top, right, bottom, left)


@printer_group.command("list")
def printer_list() -> None:
    """The printer profiles kept, one a line."""
    from generator.printers import load_profiles, profiles_file

    try:
        profiles = load_profiles()
    except SourceError as exc:
        _fail(str(exc))
    if not profiles:
        click.echo(f"no printer profiles yet ({display_path(profiles_file())}): `cutsheet printer calibrate NAME`")
    for profile in profiles.values():
        dx, dy = profile.back_offset
        click.echo(
            f"{profile.name}: scale {profile.scale_x:g} x {profile.scale_y:g}, back offset {dx:g}mm,{dy:g}mm, "
            f"margins {','.join(f'{m:g}mm' for m in profile.margins)}"
        )


@main.command("new")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--from", "from_game", metavar="GAME", help="Copy a shipped game (see `cutsheet examples`) to customise.")
@click.option(
    "--plugin",
    is_flag=True,
    help="Make a game package instead: an engine, a kind, checks and a report section, its tests and an example.",
)
def new_command(folder: str, from_game: str | None, plugin: bool) -> None:
    """Make a game folder FOLDER to start from: a small deck of cards with its own card
    layout and back, or with --from a copy of a shipped game; with --plugin, a game package
    of one's own (`pip install FOLDER`, then build FOLDER/example). FOLDER must be new or
    empty."""
    if plugin and from_game:
        _fail("error: --plugin makes a game package; --from copies a shipped game: choose one")
    try:
        made = scaffold.new_game(Path(folder), from_game, plugin)
    except SourceError as exc:
        _fail(str(exc))
    shown = display_path(made)
    if plugin:
        click.echo(f"made {shown}: `pip install {shown}`, then `cutsheet build {shown}/example` (see its README.md)")
    else:
        click.echo(f"made {shown}: edit its files, then `cutsheet build {shown}` (its README.md says what is where)")


@main.command("examples")
def examples_command() -> None:
    """List the shipped games, which `cutsheet new FOLDER --from GAME` copies."""
    for example in scaffold.examples():
        click.echo(f"{example.slug:<16} {example.name}: {example.description}")


def _installed_profiles() -> dict[str, ExportProfile] | None:
    """The export profiles installed, for --profile's choices and the help; None when one of
    them cannot be loaded: `cutsheet export` says so when it runs, and no other command fails
    for it."""
    try:
        return EXPORTS.installed()
    except RegistryError:
        return None


PROFILES = _installed_profiles()
PROFILES_HELP = "\b\nProfiles:\n" + "\n".join(f"  {p.name:<18}{p.help}" for p in (PROFILES or {}).values())


@main.command("export", epilog=PROFILES_HELP if PROFILES else None)
@click.argument("sources", nargs=-1)
@click.option(
    "--profile",
    "profile_name",
    required=True,
    type=click.Choice(sorted(PROFILES)) if PROFILES is not None else click.STRING,
    help="Where the output goes.",
)
@_out_option("Folder to write into: <out>/<game>/<profile>/ (and the build cache, <out>/.cache).")
@click.option(
    "--paper", "paper_name", default=PRINTING.paper, show_default=True, help=f"For the cutter profile. {PAPER_HELP}"
)
@click.option(
    "--image-base",
    metavar="URL",
    default=None,
    callback=lambda _ctx, _param, value: _image_base(value),
    help="tts: the http(s) URL the images will be uploaded under (default: file:// URLs of the files written).",
)
@click.option("--no-check", is_flag=True, help="Export even when the rules checker finds errors.")
def export_command(
    sources: tuple[str, ...], profile_name: str, out_dir: Path, paper_name: str, image_base: str | None, no_check: bool
) -> None:
    """Export SOURCES for a print shop, Tabletop Simulator or a cutting machine.

    SOURCES are found as `cutsheet build --help` says. The static rules checks run first,
    as for `cutsheet build`: their errors stop that game's export (unless --no-check)."""
    from generator.export.profile import export_game
    from generator.pipeline import LayoutFailed, PrintRun, read_game

    code = 0
    output = OutputSettings(out_dir)
    with used_by_command(output.cache_dir):
        try:
            profile = EXPORTS.installed()[profile_name]
            project = _project(sources, PrintSettings(paper_name), output, (("--out", out_dir),))
            for folder in project.folders:
                run = PrintRun.of(read_game(folder, output.store()), project)
                stopped = f"{run.game.name}: not exported: the checker found errors (--no-check exports anyway)"
                write = functools.partial(export_game, run, profile, image_base)
                files = _checked(run.checks(enabled=not no_check), stopped, write)
                if files is None:
                    code = 1
                else:
                    click.echo(
                        f"{run.game.name}: {len(files)} files -> {display_path(out_dir / run.game.slug / profile.name)}"
                    )
                    _preflight_export(profile.name, files)
        except SourceError as exc:
            _fail(str(exc))
        except OutputError as exc:
            _fail(f"error: {exc}")
        except LayoutFailed as exc:
            click.echo(str(exc), err=True)
            sys.exit(2)
    sys.exit(code)


def _preflight_export(shop: str, files: Sequence[Path]) -> None:
    """The preflight of a shop export's PDFs, said on stderr (the export stands: the findings
    say what the shop's prepress would ask to change)."""
    if shop not in PREPRESS:
        return
    from generator.export.preflight import preflight

    for pdf in (path for path in files if path.suffix == ".pdf"):
        for finding in preflight(pdf, PREPRESS[shop]):
            click.echo(f"preflight: {finding}", err=True)


#: --jobs, --workers and --scheduler: where simulated games are played.
RUNNING_OPTIONS = [
    click.option(
        "--jobs",
        type=click.IntRange(1),
        default=CHECKING.jobs,
        show_default=True,
        help="Play the games in this many processes.",
    ),
    click.option(
        "--workers",
        type=click.IntRange(1),
        default=CHECKING.workers,
        help="Play the games on a local Dask cluster of this many workers.",
    ),
    click.option(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        default=CHECKING.scheduler,
        help="Play the games on this running Dask cluster (`dask scheduler`; needs cutsheet[cluster]).",
    ),
]

#: The options of CheckOptions, each with its default from the dataclass.
CHECK_OPTIONS = [
    click.option(
        "--simulate",
        default=CHECKING.simulate,
        show_default=True,
        help="Games to simulate after the static checks.",
    ),
    click.option(
        "--players", type=int, default=CHECKING.players, help="Players per simulated game (default: the game's own)."
    ),
    click.option(
        "--seed", default=CHECKING.seed, show_default=True, help="Seed of the simulation: same seed, same report."
    ),
    click.option(
        "--policy", default=CHECKING.policy, show_default=True, help="Policy every seat plays (random, greedy, ...)."
    ),
    click.option(
        "--variant", "variants", multiple=True, help="A rules variant the game declares, switched on (repeatable)."
    ),
    click.option(
        "--option",
        "assignments",
        multiple=True,
        metavar="NAME=VALUE",
        help="A setting the game declares, e.g. cards_to_win=+4 (repeatable).",
    ),
    click.option("--json", is_flag=True, default=CHECKING.json, help="Print one JSON object instead of text."),
    click.option(
        "--review/--no-review",
        default=CHECKING.review,
        show_default=True,
        help="Review the deck too: its statistics (counts, curves, room for text, duplicates) and consistency.",
    ),
    click.option(
        "--report",
        type=click.Path(dir_okay=False, path_type=Path),
        default=CHECKING.report,
        help="Also write the deck review and any simulation as one HTML page with plots.",
    ),
    click.option(
        "--report-dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=CHECKING.report_dir,
        help="Also write each plot of the report as PNG and SVG files into this folder.",
    ),
    *RUNNING_OPTIONS,
]


def running_options(command: Callable[..., None]) -> Callable[..., None]:
    return _with_options(command, RUNNING_OPTIONS)


def check_settings(command: Callable[..., None]) -> Callable[..., None]:
    """The CHECK_OPTIONS, handed to the command as one CheckOptions, `options`."""

    @functools.wraps(command)
    def gathered(*args: Any, assignments: tuple[str, ...], **kwargs: Any) -> None:
        try:
            assigned = dict(parse_assignment(text) for text in assignments)
        except ValueError as exc:
            _fail(f"error: --option: {exc}")
        named = {field.name for field in dataclasses.fields(CheckOptions)}  # every other option is named as its field
        settings = {name: kwargs.pop(name) for name in list(kwargs) if name in named}
        command(*args, options=CheckOptions(options=assigned, **settings), **kwargs)

    return _with_options(gathered, CHECK_OPTIONS)


@main.command("check")
@click.argument("sources", nargs=-1)
@check_settings
def check_command(sources: tuple[str, ...], options: CheckOptions) -> None:
    """Check SOURCES against their games' rules and review each deck; with --simulate N, play
    N seeded games.

    Every deck, with a rules engine or without, is checked against game.yaml's `expect:` and
    reviewed: counts by field, numeric curves, how near each text is to shrinking, duplicate
    titles and near-duplicate texts, and consistency findings (D001-D004).

    SOURCES are found as `cutsheet build --help` says. An unknown --variant or --option, or a
    value the game refuses, is a usage error (exit 2) that lists what the game offers.
    The report is the same whichever of --jobs, --workers or --scheduler plays the games.
    Ctrl-C stops a long simulation and reports the games finished so far (exit 130)."""
    try:
        try:
            options.validate()
            project = _project(sources, writes=(("--report", options.report), ("--report-dir", options.report_dir)))
        except SourceError as exc:
            code, text = bad_input(exc, options)
        else:
            code, text = check_folders(project.folders, options, terminal_progress(), _to_stderr)
    except KeyboardInterrupt:  # outside the games (setting up, or an engine's own figures): nothing to report
        _interrupted()
    except OSError as exc:  # the report could not be written
        _fail(_unwritable(options.report or options.report_dir or Path("."), exc))
    click.echo(text, nl=False)
    sys.exit(code)


@main.command("sweep")
@click.argument("source")
@click.option(
    "--vary",
    "varies",
    multiple=True,
    required=True,
    metavar="NAME=V1,V2,...",
    help="A setting and its values: players, policy, variant (none: as written) or an option the game declares.",
)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="Games a combination.")
@click.option(
    "--out",
    "out_dir",
    required=True,
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder for sweep.csv and sweep.html.",
)
@click.option(
    "--seed", default=CHECKING.seed, show_default=True, help="Seed of every combination: same seed, same sweep."
)
@running_options
def sweep_command(
    source: str,
    varies: tuple[str, ...],
    games: int,
    out_dir: Path,
    seed: int,
    jobs: int,
    workers: int | None,
    scheduler: str | None,
) -> None:
    """Simulate SOURCE's game under every combination of the --vary settings, side by side.

    \b
    Writes OUT/sweep.csv (one row per combination with its figures; no timings) and
    OUT/sweep.html (the combinations side by side, with plots). For example:
      cutsheet sweep components/slipmax --vary players=2,4,6 --vary variant=none,house-rules
    An unknown setting or value is a usage error (exit 2) listing what the game offers;
    Ctrl-C writes the combinations played so far (exit 130)."""
    from generator.check.sweep import run_sweep, sweep_plan, terminal_lines, vary, write_csv
    from generator.check.sweep_html import write_html
    from generator.pipeline import check_first

    try:
        folders = list(_project((source,), writes=(("--out", out_dir),)).folders)
        if len(folders) != 1:
            _fail(f"error: sweep takes one game, and {source} holds {len(folders)}")
        game = load_game(folders[0])

        def sweep() -> "SweepResult":
            engine = engine_for(game)
            plan = sweep_plan(engine, [vary(text) for text in varies])
            deck = engine.load_deck(game)
            with game_player(jobs, workers, scheduler, _to_stderr) as player:
                return run_sweep(engine, deck, plan, games, seed, player, terminal_progress())

        swept = _checked(
            check_first(game, BuildCache(None)), f"{game.name}: not swept: the checker found errors", sweep
        )
        if swept is None:
            sys.exit(1)
        write_csv(out_dir / "sweep.csv", swept)
        write_html(out_dir / "sweep.html", swept, game.name)
    except SourceError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(_unwritable(out_dir, exc))
    except KeyboardInterrupt:
        _interrupted()
    for line in terminal_lines(swept):
        click.echo(line)
    click.echo(f"sweep of {len(swept.reports)} combinations -> {display_path(out_dir / 'sweep.csv')}, sweep.html")
    sys.exit(INTERRUPTED if swept.interrupted else 0)


@main.command()
@click.argument("source", required=False)
@click.option("--port", default=8000, show_default=True, help="Port on 127.0.0.1 (0: any free port).")
@_out_option("Folder the previewed PDFs are written into, as `cutsheet build` writes them; each game gets a subfolder.")
@click.option("--paper", "paper_name", default=PRINTING.paper, show_default=True, help=PAPER_HELP)
def serve(source: str | None, port: int, out_dir: Path, paper_name: str) -> None:
    """Preview SOURCE live in the browser (found as `cutsheet build --help` says).

    The page, on 127.0.0.1 only, shows every component front and back with the checker's
    findings and links to the built PDF, and refreshes whenever a source is saved."""
    from generator.serve.server import Previews, serve_forever

    try:
        project = _project(
            (source,) if source else (), PrintSettings(paper_name), OutputSettings(out_dir), (("--out", out_dir),)
        )
        previews = Previews(project)
        serve_forever(previews, port, click.echo)
    except SourceError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"error: cannot serve on port {port}: {exc.strerror or exc}")


@main.command("pull")
@click.argument("sources", nargs=-1)
def pull_command(sources: tuple[str, ...]) -> None:
    """Download the tables SOURCES keep online into their snapshots, and say what changed.

    \b
    A component file saying `data: {url: https://..., snapshot: cards.csv}` keeps its table
    online (a published Google Sheet, say); builds read only the snapshot, never the
    network. SOURCES are found as `cutsheet build --help` says; a component file pulls only
    its own table. Each download must read as a table of the snapshot's format before it
    replaces the snapshot: anything wrong leaves the snapshot as it was, the other tables
    still pull, and the exit status is 2."""
    from generator.games import kind_items
    from generator.sources.online import Pulled, pull_games

    try:
        project = _project(sources)
    except SourceError as exc:
        _fail(str(exc))
    outcomes = []
    try:
        for outcome in pull_games(project.folders, kind_items):
            click.echo(str(outcome), err=not isinstance(outcome, Pulled))
            outcomes.append(outcome)
    except KeyboardInterrupt:
        _interrupted()
    if not outcomes:
        click.echo("nothing to pull: no component file says data: {url: ..., snapshot: ...}", err=True)
    sys.exit(2 if any(isinstance(outcome, SourceError) for outcome in outcomes) else 0)
