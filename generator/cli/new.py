"""`cutsheet new` (a game folder or package to start from) and `cutsheet examples` (the
shipped games it copies)."""

from pathlib import Path

import click

from generator import scaffold
from generator.cli.common import fail
from generator.sources.errors import SourceError, display_path


@click.command("new")
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
        fail("error: --plugin makes a game package; --from copies a shipped game: choose one")
    try:
        made = scaffold.new_game(Path(folder), from_game, plugin)
    except SourceError as exc:
        fail(str(exc))
    shown = display_path(made)
    if plugin:
        click.echo(f"made {shown}: `pip install {shown}`, then `cutsheet build {shown}/example` (see its README.md)")
    else:
        click.echo(f"made {shown}: edit its files, then `cutsheet build {shown}` (its README.md says what is where)")


@click.command("examples")
def examples_command() -> None:
    """List the shipped games, which `cutsheet new FOLDER --from GAME` copies."""
    for example in scaffold.examples():
        click.echo(f"{example.slug:<16} {example.name}: {example.description}")
