"""What the commands share: how they fail, find their games, say what the checks found, and
the options several of them take."""

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from generator.findings import Finding, Severity
from generator.layout.columns import UNREAD_COLUMNS
from generator.process_end import INTERRUPTED
from generator.project import OutputSettings, PrintSettings, Project
from generator.sheets.paper import preset_names
from generator.sources.discover import refuse_inside_games
from generator.sources.errors import display_path

if TYPE_CHECKING:
    from generator.pipeline import StaticChecks

T = TypeVar("T")

#: The defaults of every option: the settings' own, written once in generator/project.py.
PRINTING = PrintSettings()
SHEETS = PRINTING.sheets
OUTPUT = OutputSettings()

PAPER_HELP = (
    f"Paper: a preset ({', '.join(preset_names())}, or one in the game's layouts/sheets/), "
    "or a size such as 300mmx450mm."
)


def fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(2)


def to_stderr(text: str) -> None:
    """A note for the person at the terminal, apart from the output (a local cluster's dashboard)."""
    click.echo(text, err=True)


def interrupted() -> NoReturn:
    click.echo("interrupted (Ctrl-C)", err=True)
    sys.exit(INTERRUPTED)


def find_project(
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


def unwritable(place: Path, exc: OSError) -> str:
    """An OSError met while writing under `place`, as the message a user reads."""
    return f"error: cannot write {display_path(place)}: {exc.strerror or exc} ({exc.filename or place})"


def checked(checks: "StaticChecks", stopped: str, make: Callable[[], T]) -> T | None:
    """Say what the static checks found that a command says of them (`cutsheet check` says
    the rest), then make(), unless their errors stop the game: then say `stopped` (None)."""
    say(checks.findings)
    made = checks.then(make)
    if made is None:
        click.echo(stopped, err=True)
    return made


def say(findings: Sequence[Finding]) -> None:
    """A build prints errors and warnings, and the one line per table naming the columns
    nothing prints (a misspelt one is among them); other infos and the findings a game
    accepts stay quiet."""
    for finding in findings:
        if (finding.severity is not Severity.INFO or finding.code == UNREAD_COLUMNS) and not finding.accepted:
            click.echo(str(finding), err=True)


def switch(name: str, default: bool, text: str) -> Callable[[Any], Any]:
    """--NAME/--no-NAME, so the default may be either."""
    return click.option(f"--{name}/--no-{name}", default=default, show_default=True, help=text)


def out_option(text: str) -> Callable[[Any], Any]:
    """--out, the folder OutputSettings writes into."""
    return click.option(
        "--out",
        "out_dir",
        default=OUTPUT.out_dir,
        show_default=True,
        type=click.Path(file_okay=False, path_type=Path),
        help=text,
    )


def with_options(command: Callable[..., None], options: list[Callable[[Any], Any]]) -> Callable[..., None]:
    for option in reversed(options):  # click lists options in the order they are declared
        command = option(command)
    return command
