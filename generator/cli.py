"""The command line: click commands only. Each parses options, calls the library, prints, exits.

Exit status: 0 success; 1 the checker (or layout) found errors; 2 bad input or usage.
"""

import sys
from pathlib import Path

import click

from generator import PROJECT_ROOT
from generator.build import FORMATS, build_game
from generator.sheets.paper import paper as load_paper
from generator.sources.errors import SourceError, display_path
from generator.sources.game import load_game


def _fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)


def game_folders(sources: tuple[str, ...]) -> list[Path]:
    """Game folders named by SOURCE arguments: a folder with game.yaml, or a YAML file in one;
    none means every game under the project's components/."""
    if not sources:
        root = Path.cwd() / "components"
        if not root.is_dir():
            root = PROJECT_ROOT / "components"
        return sorted(p.parent for p in root.glob("*/game.yaml"))
    folders: list[Path] = []
    for source in sources:
        path = Path(source)
        if path.is_file() and path.suffix in (".yaml", ".yml"):
            path = path.parent
        if not (path / "game.yaml").is_file():
            raise SourceError(None, f"{source}: expected a game folder holding game.yaml, or a YAML file in one")
        if path.resolve() not in (f.resolve() for f in folders):
            folders.append(path)
    return folders


def _formats(value: str) -> tuple[str, ...]:
    chosen = tuple(part.strip() for part in value.split(",") if part.strip())
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        raise click.BadParameter(f"expected a comma-separated list of {', '.join(FORMATS)}")
    return chosen


@click.group()
@click.version_option(package_name="cutsheet")
def main() -> None:
    """cutsheet: print-ready sheets for game components, and rules checks for their decks."""


@main.command()
@click.argument("sources", nargs=-1)
@click.option("--out", "out_dir", default="output", show_default=True, type=click.Path(file_okay=False),
              help="Folder to write into; each game gets a subfolder.")
@click.option("--paper", "paper_name", type=click.Choice(["letter", "a4"]), default="letter", show_default=True)
@click.option("--format", "formats", default="pdf,svg,png", show_default=True, help="Outputs to write.")
def build(sources: tuple[str, ...], out_dir: str, paper_name: str, formats: str) -> None:
    """Lay out SOURCES (game folders or YAML files; default: all of components/) into sheets."""
    try:
        chosen = _formats(formats)
        page = load_paper(paper_name)
        games = [load_game(folder) for folder in game_folders(sources)]
    except (SourceError, click.BadParameter) as exc:
        _fail(str(exc) if isinstance(exc, SourceError) else f"error: --format: {exc.message}")
    failed = False
    show_progress = sys.stderr.isatty()
    for game in games:
        try:
            with click.progressbar(length=1, label=f"{game.name:<24}", file=sys.stderr,
                                   hidden=not show_progress) as bar:
                def advance(n: int, bar=bar) -> None:
                    bar.length = max(bar.length, bar.pos + n + 1)
                    bar.update(n)

                result = build_game(game, Path(out_dir), page, chosen, advance)
        except SourceError as exc:
            _fail(str(exc))
        for finding in result.findings:
            click.echo(str(finding), err=True)
        if not result.ok:
            click.echo(f"{game.name}: not built (errors above)", err=True)
            failed = True
            continue
        where = display_path(Path(out_dir) / game.slug)
        click.echo(f"{game.name}: {len(result.sheets)} sheets -> {where}")
    sys.exit(1 if failed else 0)
