"""The command line: click commands only. Each parses options, calls the library, prints, exits.

Exit status: 0 success; 1 the checker (or layout) found errors; 2 bad input or usage.
"""

import sys
from pathlib import Path
from urllib.parse import urlsplit

import click

from generator import scaffold
from generator.check.run import CheckOptions, check, check_game, terminal_progress
from generator.check.settings import parse_assignment
from generator.export.profiles import PROFILES
from generator.sheets.options import DUPLEX_MODES, PrintOptions, parse_offset
from generator.sheets.paper import Paper, paper, preset_names
from generator.sources.discover import find_games
from generator.sources.errors import SourceError, display_path
from generator.sources.game import load_game

PAPER_HELP = (
    f"Paper: a preset ({', '.join(preset_names())}, or one in the game's layouts/sheets/), "
    "or a size such as 300mmx450mm."
)


def _fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)


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
    "--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help="Render sheets in this many processes."
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
    """Run the static checks, print their findings; False when they found errors."""
    checked = check_game(folder, [], CheckOptions())
    if checked.bad_input:
        _fail(str(checked.bad_input))
    for finding in checked.findings:
        click.echo(str(finding), err=True)
    if checked.errors:
        click.echo(f"{checked.name}: not built: the checker found errors (--no-check builds anyway)", err=True)
    return not checked.errors


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
                bar.length = max(bar.length, bar.pos + n + 1)
                bar.update(n)

            result = build_game(game, out_dir, page, formats, advance, options, jobs, use_cache, release)
    except SourceError as exc:
        _fail(str(exc))
    for finding in result.findings:
        click.echo(str(finding), err=True)
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
def check_command(
    sources: tuple[str, ...],
    games: int,
    players: int | None,
    seed: int,
    policy: str,
    variants: tuple[str, ...],
    settings: tuple[str, ...],
    as_json: bool,
) -> None:
    """Check SOURCES against their games' rules; with --simulate N, play N seeded games.

    SOURCES are found as `cutsheet build --help` says. An unknown --variant or --option, or a
    value the game refuses, is a usage error (exit 2) that lists what the game offers."""
    try:
        assigned = dict(parse_assignment(text) for text in settings)
    except ValueError as exc:
        _fail(f"error: --option: {exc}")
    options = CheckOptions(games, players, seed, as_json, policy, variants, assigned)
    code, text = check(sources, options, progress=terminal_progress(), note=lambda line: click.echo(line, err=True))
    click.echo(text, nl=False)
    sys.exit(code)


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
