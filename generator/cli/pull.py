"""`cutsheet pull`: the tables kept online, downloaded into their snapshots."""

import sys

import click

from generator.cli.common import fail, find_project, interrupted
from generator.sources.errors import SourceError


@click.command("pull")
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
        project = find_project(sources)
    except SourceError as exc:
        fail(str(exc))
    outcomes = []
    try:
        for outcome in pull_games(project.folders, kind_items):
            click.echo(str(outcome), err=not isinstance(outcome, Pulled))
            outcomes.append(outcome)
    except KeyboardInterrupt:
        interrupted()
    if not outcomes:
        click.echo("nothing to pull: no component file says data: {url: ..., snapshot: ...}", err=True)
    sys.exit(2 if any(isinstance(outcome, SourceError) for outcome in outcomes) else 0)
