"""`cutsheet check` (the rules checks, the deck review and simulated games) and `cutsheet
sweep` (simulations under every combination of settings)."""

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cache import BuildCache
from generator.check.players import game_player
from generator.check.progress import terminal_progress
from generator.check.run import CheckOptions, bad_input, check_folders, engine_for
from generator.check.settings import parse_assignment
from generator.cli.common import checked, fail, find_project, interrupted, to_stderr, unwritable, with_options
from generator.games import load_game
from generator.process_end import INTERRUPTED
from generator.sources.errors import SourceError, display_path

if TYPE_CHECKING:
    from generator.check.sweep import SweepResult

CHECKING = CheckOptions()


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

#: The options of CheckOptions, each with its default from the Struct.
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
    return with_options(command, RUNNING_OPTIONS)


def check_settings(command: Callable[..., None]) -> Callable[..., None]:
    """The CHECK_OPTIONS, handed to the command as one CheckOptions, `options`."""

    @functools.wraps(command)
    def gathered(*args: Any, assignments: tuple[str, ...], **kwargs: Any) -> None:
        try:
            assigned = dict(parse_assignment(text) for text in assignments)
        except ValueError as exc:
            fail(f"error: --option: {exc}")
        named = set(CheckOptions.__struct_fields__)  # every other option is named as its field
        settings = {name: kwargs.pop(name) for name in list(kwargs) if name in named}
        command(*args, options=CheckOptions(options=assigned, **settings), **kwargs)

    return with_options(gathered, CHECK_OPTIONS)


@click.command("check")
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
            project = find_project(sources, writes=(("--report", options.report), ("--report-dir", options.report_dir)))
        except SourceError as exc:
            code, text = bad_input(exc, options)
        else:
            with terminal_progress() as progress:
                code, text = check_folders(project.folders, options, progress, to_stderr)
    except KeyboardInterrupt:  # outside the games (setting up, or an engine's own figures): nothing to report
        interrupted()
    except OSError as exc:  # the report could not be written
        fail(unwritable(options.report or options.report_dir or Path("."), exc))
    click.echo(text, nl=False)
    sys.exit(code)


@click.command("sweep")
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
        folders = list(find_project((source,), writes=(("--out", out_dir),)).folders)
        if len(folders) != 1:
            fail(f"error: sweep takes one game, and {source} holds {len(folders)}")
        game = load_game(folders[0])

        def sweep() -> "SweepResult":
            engine = engine_for(game)
            plan = sweep_plan(engine, [vary(text) for text in varies])
            deck = engine.load_deck(game)
            with game_player(jobs, workers, scheduler, to_stderr) as player, terminal_progress() as progress:
                return run_sweep(engine, deck, plan, games, seed, player, progress)

        swept = checked(check_first(game, BuildCache(None)), f"{game.name}: not swept: the checker found errors", sweep)
        if swept is None:
            sys.exit(1)
        write_csv(out_dir / "sweep.csv", swept)
        write_html(out_dir / "sweep.html", swept, game.name)
    except SourceError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(unwritable(out_dir, exc))
    except KeyboardInterrupt:
        interrupted()
    for line in terminal_lines(swept):
        click.echo(line)
    click.echo(f"sweep of {len(swept.reports)} combinations -> {display_path(out_dir / 'sweep.csv')}, sweep.html")
    sys.exit(INTERRUPTED if swept.interrupted else 0)
