"""The command line: click commands only. Each parses options, calls the library, prints, exits.

Exit status: 0 success; 1 the checker (or layout) found errors; 2 bad input or usage.
"""

import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn
from urllib.parse import urlsplit

import click

from generator import scaffold
from generator.check.findings import Finding, Severity, accept
from generator.check.players import game_player
from generator.check.progress import terminal_progress
from generator.check.run import INTERRUPTED, CheckOptions, check, check_game, engine_for
from generator.check.settings import parse_assignment
from generator.export.profiles import PROFILES
from generator.sheets.options import DUPLEX_MODES, PrintOptions, parse_offset
from generator.sheets.paper import Paper, paper, preset_names
from generator.sources.discover import find_games
from generator.sources.errors import SourceError, display_path
from generator.sources.game import load_game
from generator.workers import available_cores

PAPER_HELP = (
    f"Paper: a preset ({', '.join(preset_names())}, or one in the game's layouts/sheets/), "
    "or a size such as 300mmx450mm."
)


def _fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)


def _interrupted() -> NoReturn:
    click.echo("interrupted (Ctrl-C)", err=True)
    sys.exit(INTERRUPTED)


def _game_folders(sources: tuple[str, ...]) -> list[Path]:
    """The game folders to work on (sources/discover.py), saying so when they are the shipped ones."""
    found = find_games(sources)
    if found.note:
        click.echo(found.note, err=True)
    return list(found.folders)


def _papers(spec: str, folders: list[Path]) -> dict[Path, Paper]:
    """The paper for each game folder (a game's own preset may share a shipped one's name)."""
    return {folder: paper(spec, folder) for folder in folders}


def _formats(value: str) -> tuple[str, ...]:
    from generator.build import FORMATS

    chosen = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"expected a comma-separated list of {', '.join(FORMATS)}")
    return chosen


def _image_base(value: str | None) -> str | None:
    """--image-base is an absolute http(s) URL: Tabletop Simulator loads images from nothing else."""
    if value is not None:
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise click.BadParameter(f"expected an absolute http:// or https:// URL, got {value!r}")
    return value


@click.group()
@click.version_option(package_name="cutsheet")
def main() -> None:
    """cutsheet: print-ready sheets for game components, and rules checks for their decks."""


@main.command()
@click.argument("sources", nargs=-1)
@click.option(
    "--out",
    "out_dir",
    default="output",
    show_default=True,
    type=click.Path(file_okay=False),
    help="Folder to write into; each game gets a subfolder.",
)
@click.option("--paper", "paper_name", default="letter", show_default=True, help=PAPER_HELP)
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, help="Outputs to write.")
@click.option("--no-check", is_flag=True, help="Build even when the rules checker finds errors.")
@click.option(
    "--duplex",
    type=click.Choice(DUPLEX_MODES),
    default="long",
    show_default=True,
    help="The edge your printer flips sheets over for backs; off: print no backs.",
)
@click.option(
    "--back-offset",
    default="0mm,0mm",
    show_default=True,
    help="Move backs by X,Y (e.g. 0.5mm,-0.3mm; x right, y down) as the alignment test shows.",
)
@click.option("--fold-over", is_flag=True, help="Backs beside their fronts, to fold over (no duplex printer).")
@click.option("--ink-saver", is_flag=True, help="White backgrounds and outlines instead of large fills.")
@click.option(
    "--checklist/--no-checklist",
    default=True,
    show_default=True,
    help="Start each game's PDF with a cover, the rules (from the game's rules.md) and a checklist page: "
    "what to print on what, and the cutting order.",
)
@click.option(
    "--pnp",
    is_flag=True,
    help="Also write each game's print-and-play release: one PDF (cover, rules, checklist, sheets), "
    "README.txt and a zip of them with the SVG sheets, in <out>/<game>/print-and-play/.",
)
@click.option(
    "--separate",
    is_flag=True,
    help="Each component file on sheets of its own, instead of sharing sheets with same-size components.",
)
@click.option(
    "--booklet", is_flag=True, help="The rules as a half-size booklet: print duplex (short edge), fold, staple."
)
@click.option(
    "--alignment-test",
    is_flag=True,
    help="Also write duplex-alignment.pdf: one sheet to print duplex and read the back offset from.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=lambda: min(available_cores(), 64),
    show_default="the cores available",
    help="Render sheets in this many processes.",
)
@click.option(
    "--cache/--no-cache",
    "use_cache",
    default=True,
    show_default=True,
    help="Reuse unchanged work from earlier builds into the same --out (kept in <out>/.cache).",
)
def build(
    sources: tuple[str, ...],
    out_dir: str,
    paper_name: str,
    formats: str,
    no_check: bool,
    duplex: str,
    back_offset: str,
    fold_over: bool,
    ink_saver: bool,
    checklist: bool,
    separate: bool,
    booklet: bool,
    pnp: bool,
    alignment_test: bool,
    jobs: int,
    use_cache: bool,
) -> None:
    """Lay out SOURCES into print sheets: a PDF, SVG sheets and PNG previews per game.

    \b
    SOURCES are game folders (holding game.yaml) or YAML files in one. Without any, in
    this order: the game folders under ./components/, else ./game.yaml, else the five
    shipped games.

    The static rules checks run first: their errors stop that game's build (unless
    --no-check); warnings are printed and the build goes on."""
    try:
        offset = parse_offset(back_offset)
    except ValueError as exc:
        _fail(f"error: --back-offset: {exc}")
    options = PrintOptions(duplex, offset, fold_over, ink_saver, checklist or pnp, separate, booklet)
    try:
        chosen = _formats(formats)
        if pnp:  # the release is made of the PDF and the SVG sheets
            chosen = tuple(dict.fromkeys((*chosen, "pdf", "svg")))
        folders = _game_folders(sources)
        papers = _papers(paper_name, folders)
    except SourceError as exc:
        _fail(str(exc))
    except click.BadParameter as exc:
        _fail(f"error: --format: {exc.message}")
    failed = False
    for folder in folders:
        if not no_check and not _checks_pass(folder):
            failed = True
            continue
        if not _build_one(folder, Path(out_dir), papers[folder], chosen, options, jobs, use_cache, pnp):
            failed = True
    if alignment_test:
        from generator.sheets.alignment import write_alignment_test

        try:
            alignment_paper = paper(paper_name)
        except SourceError as exc:
            _fail(str(exc))
        path = write_alignment_test(Path(out_dir), alignment_paper, options)
        click.echo(f"duplex alignment test -> {display_path(path)}")
    sys.exit(1 if failed else 0)


def _checks_pass(folder: Path) -> bool:
    """Run the static checks, print what a build should say of them (`cutsheet check` says
    the rest); False when they found errors."""
    checked = check_game(folder, [], CheckOptions())
    if checked.bad_input:
        _fail(str(checked.bad_input))
    _say(checked.findings)
    if checked.errors:
        click.echo(f"{checked.name}: not built: the checker found errors (--no-check builds anyway)", err=True)
    return not checked.errors


def _say(findings: list[Finding]) -> None:
    """A build prints errors and warnings; infos and the findings a game accepts stay quiet."""
    for finding in findings:
        if finding.severity is not Severity.INFO and not finding.accepted:
            click.echo(str(finding), err=True)


def _build_one(
    folder: Path,
    out_dir: Path,
    page: Paper,
    formats: tuple[str, ...],
    options: PrintOptions,
    jobs: int = 1,
    use_cache: bool = True,
    release: bool = False,
) -> bool:
    from generator.build import build_game

    try:
        game = load_game(folder)
        with click.progressbar(
            length=1, label=f"{game.name:<24}", file=sys.stderr, hidden=not sys.stderr.isatty()
        ) as bar:

            def advance(n: int) -> None:
                bar.length = max(bar.length or 0, bar.pos + n + 1)
                bar.update(n)

            result = build_game(game, out_dir, page, formats, advance, options, jobs, use_cache, release)
    except SourceError as exc:
        _fail(str(exc))
    _say(accept(result.findings, game.accept))
    if not result.ok:
        click.echo(f"{game.name}: not built (errors above)", err=True)
        return False
    click.echo(f"{game.name}: {len(result.sheets)} sheets -> {display_path(out_dir / game.slug)}")
    return True


@main.command("new")
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--from", "from_game", metavar="GAME", help="Copy a shipped game (see `cutsheet examples`) to customise.")
def new_command(folder: str, from_game: str | None) -> None:
    """Make a game folder FOLDER to start from: a small deck of cards with its own card
    layout and back, or with --from a copy of a shipped game. FOLDER must be new or empty."""
    try:
        made = scaffold.new_game(Path(folder), from_game)
    except SourceError as exc:
        _fail(str(exc))
    shown = display_path(made)
    click.echo(f"made {shown}: edit its files, then `cutsheet build {shown}` (its README.md says what is where)")


@main.command("examples")
def examples_command() -> None:
    """List the shipped games, which `cutsheet new FOLDER --from GAME` copies."""
    for example in scaffold.examples():
        click.echo(f"{example.slug:<16} {example.name}: {example.description}")


@main.command("export")
@click.argument("sources", nargs=-1)
@click.option("--profile", required=True, type=click.Choice(sorted(PROFILES)), help="Where the output goes.")
@click.option(
    "--out",
    "out_dir",
    default="output",
    show_default=True,
    type=click.Path(file_okay=False),
    help="Folder to write into: <out>/<game>/<profile>/.",
)
@click.option(
    "--paper", "paper_name", default="letter", show_default=True, help=f"For the cutter profile. {PAPER_HELP}"
)
@click.option(
    "--image-base",
    metavar="URL",
    default=None,
    callback=lambda _ctx, _param, value: _image_base(value),
    help="tts: the http(s) URL the images will be uploaded under (default: file:// URLs of the files written).",
)
def export_command(
    sources: tuple[str, ...], profile: str, out_dir: str, paper_name: str, image_base: str | None
) -> None:
    """Export SOURCES for a print shop, Tabletop Simulator or a cutting machine.

    SOURCES are found as `cutsheet build --help` says."""
    from generator.export.faces import LayoutFailed
    from generator.export.profiles import export_game

    try:
        folders = _game_folders(sources)
        papers = _papers(paper_name, folders)
        for folder in folders:
            game = load_game(folder)
            files = export_game(game, profile, Path(out_dir), papers[folder], image_base)
            click.echo(f"{game.name}: {len(files)} files -> {display_path(Path(out_dir) / game.slug / profile)}")
    except SourceError as exc:
        _fail(str(exc))
    except LayoutFailed as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)


def running_options(command: Callable[..., None]) -> Callable[..., None]:
    """--jobs, --workers and --scheduler: where simulated games are played."""
    command = click.option(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="Play the games on this running Dask cluster (`dask scheduler`; needs cutsheet[cluster]).",
    )(command)
    command = click.option(
        "--workers", type=click.IntRange(1), help="Play the games on a local Dask cluster of this many workers."
    )(command)
    return click.option(
        "--jobs", type=click.IntRange(1), default=1, show_default=True, help="Play the games in this many processes."
    )(command)


@main.command("check")
@click.argument("sources", nargs=-1)
@click.option("--simulate", "games", default=0, show_default=True, help="Games to simulate after the static checks.")
@click.option("--players", type=int, default=None, help="Players per simulated game (default: the game's own).")
@click.option("--seed", default=0, show_default=True, help="Seed of the simulation: same seed, same report.")
@click.option("--policy", default="random", show_default=True, help="Policy every seat plays (random, greedy, ...).")
@click.option(
    "--variant", "variants", multiple=True, help="A rules variant the game declares, switched on (repeatable)."
)
@click.option(
    "--option",
    "settings",
    multiple=True,
    metavar="NAME=VALUE",
    help="A setting the game declares, e.g. cards_to_win=+4 (repeatable).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option(
    "--report",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Also write the simulation as one HTML page with plots (needs --simulate).",
)
@click.option(
    "--report-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Also write each plot of the report as PNG and SVG files into this folder.",
)
@running_options
def check_command(
    sources: tuple[str, ...],
    games: int,
    players: int | None,
    seed: int,
    policy: str,
    variants: tuple[str, ...],
    settings: tuple[str, ...],
    as_json: bool,
    report: Path | None,
    report_dir: Path | None,
    jobs: int,
    workers: int | None,
    scheduler: str | None,
) -> None:
    """Check SOURCES against their games' rules; with --simulate N, play N seeded games.

    SOURCES are found as `cutsheet build --help` says. An unknown --variant or --option, or a
    value the game refuses, is a usage error (exit 2) that lists what the game offers.
    The report is the same whichever of --jobs, --workers or --scheduler plays the games.
    Ctrl-C stops a long simulation and reports the games finished so far (exit 130)."""
    try:
        assigned = dict(parse_assignment(text) for text in settings)
    except ValueError as exc:
        _fail(f"error: --option: {exc}")
    options = CheckOptions(
        games, players, seed, as_json, policy, variants, assigned, jobs, workers, scheduler, report, report_dir
    )
    try:
        code, text = check(sources, options, progress=terminal_progress(), note=lambda line: click.echo(line, err=True))
    except KeyboardInterrupt:  # outside the games (setting up, or an engine's own figures): nothing to report
        _interrupted()
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
@click.option("--seed", default=0, show_default=True, help="Seed of every combination: same seed, same sweep.")
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
    from generator.check.sweep import run_sweep, sweep_plan, vary, write_csv
    from generator.check.sweep_html import write_html

    try:
        folders = _game_folders((source,))
        if len(folders) != 1:
            _fail(f"error: sweep takes one game, and {source} holds {len(folders)}")
        if not _checks_pass(folders[0]):
            sys.exit(1)
        game = load_game(folders[0])
        engine = engine_for(game)
        plan = sweep_plan(engine, [vary(text) for text in varies])
        deck = engine.load_deck(game)
        with game_player(jobs, workers, scheduler) as player:
            swept = run_sweep(engine, deck, plan, games, seed, player, terminal_progress())
        write_csv(out_dir / "sweep.csv", swept)
        write_html(out_dir / "sweep.html", swept, game.name)
    except SourceError as exc:
        _fail(str(exc))
    except KeyboardInterrupt:
        _interrupted()
    for combination, report in zip(swept.combinations, swept.reports, strict=False):
        first = report.first_player_rate()["rate"]
        click.echo(
            f"{combination.label}: {report.games} games, {report.completed_share:.1%} ended by the rules, "
            f"mean {report.turns['mean']:.1f} turns, first player won {first:.1%}"
        )
    click.echo(f"sweep of {len(swept.reports)} combinations -> {display_path(out_dir / 'sweep.csv')}, sweep.html")
    sys.exit(INTERRUPTED if swept.interrupted else 0)


@main.command()
@click.argument("source", required=False)
@click.option("--port", default=8000, show_default=True, help="Port on 127.0.0.1 (0: any free port).")
@click.option(
    "--out",
    "out_dir",
    default="output",
    show_default=True,
    type=click.Path(file_okay=False),
    help="Folder the previewed PDFs are written into; each game gets a subfolder.",
)
@click.option("--paper", "paper_name", default="letter", show_default=True, help=PAPER_HELP)
def serve(source: str | None, port: int, out_dir: str, paper_name: str) -> None:
    """Preview SOURCE live in the browser (found as `cutsheet build --help` says).

    The page, on 127.0.0.1 only, shows every component front and back with the checker's
    findings and links to the built PDF, and refreshes whenever a source is saved."""
    from generator.serve.server import Previews, serve_forever

    try:
        folders = _game_folders((source,) if source else ())
        previews = Previews(folders, Path(out_dir), _papers(paper_name, folders))
        serve_forever(previews, port, lambda url: click.echo(f"Previewing at {url} (Ctrl-C stops)"))
    except SourceError as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"error: cannot serve on port {port}: {exc.strerror or exc}")
