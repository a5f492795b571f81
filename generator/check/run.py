"""`cutsheet check`: static checks and optional simulation for game folders, as a library.

    exit_code, text = check(["components/slipmax"], CheckOptions(simulate=200, players=4))
    exit_code, text = check_folders(project.folders, CheckOptions())  # games already found

The command line finds the games as `cutsheet build` does (a Project, generator/project.py,
which this layer does not import: it is handed the project's resolved folders) and calls
check_folders; check() finds them itself with the same sources/discover.py.

A source is a game folder (holding game.yaml), game.yaml itself, or a component file listed
in a game.yaml beside it (which checks its whole game: the rules checks need every
component); no sources: the games found as sources/discover.py says.

Exit codes: 0 no errors, 1 errors found (static or simulation), 2 bad input (a SourceError:
malformed YAML, an unknown engine, impossible players, a variant or option the game does not
declare or a value it refuses); the other games are still checked. 130: Ctrl-C stopped a
simulation; what was gathered until then is reported, and the games after it are not checked.
A game whose static checks found errors is not simulated.

Every deck, with a rules engine or without, is checked against game.yaml's `expect:`
(expect.py) and, unless CheckOptions.review is off (as in a build's checks), reviewed: its
statistics (deck_stats.py, drawn as a build draws it to measure the room its texts have) and
its consistency findings (consistency.py).

The games of a simulation are played where CheckOptions says (players.py): this process,
`jobs` processes, or a Dask cluster; the report is the same. With `report`, the simulations
are also written as one HTML page with plots (report_html.py), and with `report_dir` the
plots as PNG and SVG files.

JSON: one object. For one game:
    {"game", "engine", "folder", "errors", "warnings", "infos", "components", "deck"?, "simulation"?}
For several games the top level holds `errors`, `warnings` and `infos` (every game's, in
order), `components` (counts summed by kind) and `games`: game name -> the object above.
Bad input appears among `errors` with code SRC001 (and its file, line and column).
"""

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct, field

from generator import games
from generator.check import report as present
from generator.check.consistency import REVIEW_CODES, consistency_findings
from generator.check.deck_items import entries, printed
from generator.check.expect import expectation_findings
from generator.check.settings import game_settings
from generator.findings import Finding, Severity, accept, error, sort_findings, warning
from generator.games import load_game
from generator.games.plugin import plain_engine_note
from generator.process_end import INTERRUPTED
from generator.sheets.paper import paper
from generator.sources.discover import find_games
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.game import Game

if TYPE_CHECKING:
    from generator.check.deck_stats import DeckStatistics
    from generator.check.simulate import GamePlayer, SimulationReport
    from generator.games.base import Engine

BAD_INPUT = "SRC001"
#: `engine: none` in game.yaml: a deck to print with no rules to check.
NO_ENGINE = "none"
#: The paper the deck statistics count sheets of: a build's own default.
STATISTICS_PAPER = "letter"
ENGINE_FAILED = "CHK001"
UNUSED_ACCEPT = "CHK002"
REVIEW_FAILED = "CHK003"

#: Called with (game name, games done, games in all) while simulating.
Progress = Callable[[str, int, int], None]


class CheckOptions(Struct, frozen=True):
    """What `cutsheet check` was asked to do beyond static checks; its defaults are the
    command line's."""

    simulate: int = 0
    players: int | None = None
    seed: int = 0
    json: bool = False
    policy: str = "random"
    #: Rules variants to switch on (`--variant NAME`), checked against Engine.variants().
    variants: tuple[str, ...] = ()
    #: `--option NAME=VALUE` as given (name -> the text after `=`), parsed by the game's Option.
    options: dict[str, str] = field(default_factory=dict)
    #: Play the games in this many processes (`--jobs`).
    jobs: int = 1
    #: Play the games on a local Dask cluster of this many workers (`--workers`).
    workers: int | None = None
    #: Play the games on the running Dask cluster at this address (`--scheduler`).
    scheduler: str | None = None
    #: Write the simulations as one HTML page here (`--report`).
    report: Path | None = None
    #: Also write each plot as PNG and SVG into this folder (`--report-dir`).
    report_dir: Path | None = None
    #: Review the deck as well: its statistics and consistency findings (a build's static
    #: checks leave it out: it lays the deck out and says what a designer reads at leisure).
    review: bool = True

    def validate(self) -> None:
        """SourceError when the options ask for what cannot be done, whatever the games."""
        if self.simulate < 0:
            raise SourceError(None, "--simulate takes a number of games, 0 or more")
        if (self.report or self.report_dir) and not (self.simulate or self.review):
            raise SourceError(None, "--report and --report-dir need --simulate N or the deck review")
        if self.scheduler is not None:
            from generator.check.players import scheduler_address

            scheduler_address(self.scheduler)


class GameResult(Struct):
    """Everything checked about one game folder."""

    folder: Path
    name: str
    engine: str = ""
    findings: list[Finding] = field(default_factory=list)
    components: dict[str, int] = field(default_factory=dict)
    simulation: "SimulationReport | None" = None
    bad_input: SourceError | None = None
    note: str = ""
    #: The engine's deck, kept for the HTML report (a board to draw figures on).
    deck: object = None
    #: What the deck holds and how its texts sit (the deck review).
    statistics: "DeckStatistics | None" = None

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.ERROR)

    def all_findings(self) -> list[Finding]:
        """Findings, with bad input first as an SRC001 error."""
        if self.bad_input is None:
            return self.findings
        return [error(BAD_INPUT, self.bad_input.message, self.bad_input.loc), *self.findings]

    def as_json(self) -> dict:
        data = {
            "game": self.name,
            "engine": self.engine,
            "folder": display_path(self.folder),
            **present.grouped(self.all_findings()),
            "components": self.components,
        }
        if self.statistics is not None:
            data["deck"] = self.statistics.as_json()
        if self.simulation is not None:
            data["simulation"] = self.simulation.as_json()
        return data


def engine_for(game: Game) -> "Engine":
    """The engine game.yaml names; SourceError at the `engine:` value when none has that name."""
    registered = games.engines()
    if game.engine not in registered:
        known = ", ".join(registered) or "none"
        raise SourceError(game.data.loc_of("engine"), f"unknown engine {game.engine!r} (registered: {known})")
    return registered[game.engine]


def _players(engine: "Engine", options: CheckOptions) -> int:
    """The players of each simulated game: --players, or the game's own number when it is not
    given (a number given is never replaced, 0 included: it is refused like any other the game
    cannot seat)."""
    players = engine.default_players if options.players is None else options.players
    if not engine.seats(players):
        raise SourceError(
            None,
            f"{engine.name} is for {engine.min_players} to {engine.max_players} players, not {players}",
        )
    return players


def _engine_failure(exc: Exception, loc: Loc | None) -> Finding:
    return error(ENGINE_FAILED, f"the engine failed: {type(exc).__name__}: {exc}", loc)


def _unlisted(game: Game, named: Sequence[Path]) -> None:
    listed = {f.path.resolve() for f in game.files}
    for path in named:
        if path not in listed:
            raise SourceError(Loc(display_path(path), 1, 1), "not listed in game.yaml's components")


def _review(game: Game, result: GameResult, options: CheckOptions) -> None:
    """The checks every deck has, with a rules engine or without: game.yaml's `expect:`, and
    with options.review the deck's statistics and consistency findings."""
    found = [entry for entry in entries(game) if entry.copies > 0]  # `count: 0` keeps a card unprinted
    result.findings = expectation_findings(game.expect, found)
    if not options.review:
        return
    from generator.check.deck_stats import deck_statistics
    from generator.check.text_room import deck_room

    try:
        room = deck_room(game, paper(STATISTICS_PAPER))
    except SourceError:
        raise
    except Exception as exc:  # a kind's bug while drawing: a finding, as an engine's is
        result.findings.append(error(REVIEW_FAILED, f"the deck review failed: {type(exc).__name__}: {exc}"))
        return
    found = printed(found, {f.file: f.shown for f in room.files})
    result.findings += consistency_findings(found, game.rules)
    result.statistics = deck_statistics(found, room, STATISTICS_PAPER)


def _run_engine(
    engine: "Engine",
    game: Game,
    result: GameResult,
    options: CheckOptions,
    settings: dict[str, object],
    progress: Progress | None,
    player: "GamePlayer | None",
) -> None:
    """Static checks, then the simulation when asked for and the deck has no errors."""
    result.findings = accept(sort_findings([*result.findings, *engine.static_checks(game)]), game.accept)
    result.components = engine.component_counts(game)
    if not options.simulate:
        return
    if result.errors:
        result.note = "not simulated: the static checks found errors"
        return
    from generator.check.simulate import simulate

    players = _players(engine, options)
    tick = (lambda done, total: progress(result.name, done, total)) if progress else None
    result.deck = engine.load_deck(game)
    result.simulation = simulate(
        engine,
        result.deck,
        options.simulate,
        players,
        options.seed,
        policies=options.policy,
        options=settings,
        progress=tick,
        player=player,
    )
    result.findings += present.simulation_findings(result.simulation, game.data.loc_of("engine"))
    result.findings = accept(result.findings, game.accept)


def _unused_acceptances(game: Game, findings: list[Finding], simulated: bool, reviewed: bool) -> list[Finding]:
    """A code game.yaml accepts that no warning or info of this run has: stale, or misspelt.
    Simulation codes count only when the run simulated, the deck review's when it reviewed."""
    found = {f.code for f in findings if f.accepted}
    unused = [
        code
        for code in game.accept
        if code not in found and (simulated or not code.startswith("SIM")) and (reviewed or code not in REVIEW_CODES)
    ]
    if not unused:
        return []
    accepts = game.data["accept"]  # game.accept is not empty, so game.yaml says `accept:`
    message = "game.yaml accepts {0}, but this run found no warning or info {0}"
    return [warning(UNUSED_ACCEPT, message.format(code), accepts.key_loc(code)) for code in unused]


def check_game(
    folder: Path,
    named: Sequence[Path],
    options: CheckOptions,
    progress: Progress | None = None,
    player: "GamePlayer | None" = None,
    game: Game | None = None,
) -> GameResult:
    """Load, statically check and (if asked and clean) simulate one game folder (its games
    played by `player`, this process by default); `game` is the folder already read, when
    the caller has read it."""
    result = GameResult(folder, folder.name)
    try:
        game = game or load_game(folder)
        result.name = game.name
        _unlisted(game, named)
        _review(game, result, options)
        if game.engine == NO_ENGINE:
            result.note = "no rules engine (engine: none): the deck's own checks only"
            result.findings = accept(sort_findings(result.findings), game.accept)
            result.findings += _unused_acceptances(game, result.findings, False, options.review)
            return result
        engine = engine_for(game)
        result.engine = engine.name
        settings = game_settings(engine, options.variants, options.options)
        if options.simulate:
            _players(engine, options)
            if options.policy not in engine.policies():
                raise SourceError(None, f"{engine.name} has no policy {options.policy!r}")
            result.note = plain_engine_note(engine.name)
        try:
            _run_engine(engine, game, result, options, settings, progress, player)
            result.findings += _unused_acceptances(game, result.findings, result.simulation is not None, options.review)
        except SourceError:
            raise
        except Exception as exc:  # an engine bug: reported as a finding, not a traceback
            result.findings.append(_engine_failure(exc, game.data.loc_of("engine")))
    except SourceError as exc:
        result.bad_input = exc
    return result


def interrupted(result: GameResult) -> bool:
    return result.simulation is not None and result.simulation.interrupted


def exit_code(results: Sequence[GameResult]) -> int:
    if any(interrupted(r) for r in results):
        return INTERRUPTED
    if any(r.bad_input for r in results):
        return 2
    return 1 if any(r.errors for r in results) else 0


def render_text(results: Sequence[GameResult]) -> str:
    from generator.check.deck_text import statistics_lines  # a build's checks print none of it

    lines: list[str] = []
    for result in results:
        if result.bad_input is not None:
            lines.append(str(result.bad_input))
        lines.extend(str(f) for f in result.findings)
        if result.bad_input is not None:
            lines.append(f"{result.name}: bad input, not checked")
            continue
        lines.append(present.summary_line(result.name, result.findings, result.components))
        if result.note:
            lines.append(f"  {result.note}")
        if result.statistics is not None:
            lines.extend(statistics_lines(result.statistics))
        if result.simulation is not None:
            lines.extend(present.format_simulation(result.simulation))
    if len(results) > 1:
        every = [f for r in results for f in r.all_findings()]
        lines.append(f"{len(results)} games checked: {present.tally(every)}")
    return "\n".join(lines) + "\n"


def render_json(results: Sequence[GameResult]) -> str:
    if len(results) == 1:
        data = results[0].as_json()
    else:
        components: Counter[str] = Counter()
        per_game = {}
        for result in results:
            components.update(result.components)
            key = result.name if result.name not in per_game else display_path(result.folder)
            per_game[key] = result.as_json()
        every = [f for r in results for f in r.all_findings()]
        data = {**present.grouped(every), "components": dict(components), "games": per_game}
    return json.dumps(data, indent=2, allow_nan=False) + "\n"


def check(
    sources: Sequence[str | Path] = (),
    options: CheckOptions | None = None,
    *,
    here: Path | None = None,
    progress: Progress | None = None,
    note: Callable[[str], None] | None = None,
) -> tuple[int, str]:
    """Find the games, then check them (check_folders); return (exit code, the text or JSON to
    print). Without sources the games are found in the working folder `here` (see
    sources/discover.py); `note` is told when that falls back to the shipped games, and what
    check_folders tells it."""
    options = options or CheckOptions()
    try:
        options.validate()
        found = find_games(sources, here)
    except SourceError as exc:
        return bad_input(exc, options)
    if found.note and note is not None:
        note(found.note)
    return check_folders(found.folders, options, progress, note)


def check_folders(
    folders: Mapping[Path, Sequence[Path]],
    options: CheckOptions,
    progress: Progress | None = None,
    note: Callable[[str], None] | None = None,
) -> tuple[int, str]:
    """Check game folders already found (each with the component files named in it, as a
    Project or sources/discover.py holds them); return (exit code, the text or JSON to print).
    `note` is told what a person may want to know while the games are played (the dashboard
    of a local Dask cluster)."""
    try:
        options.validate()
        results = _check_games(folders, options, progress, note)
        if options.report or options.report_dir:
            _write_report(results, options)
    except SourceError as exc:
        return bad_input(exc, options)
    text = render_json(results) if options.json else render_text(results)
    return exit_code(results), text


def bad_input(exc: SourceError, options: CheckOptions) -> tuple[int, str]:
    """(2, the error to print) for input that stops the whole run, as JSON when asked for."""
    if options.json:
        return 2, json.dumps(present.grouped([error(BAD_INPUT, exc.message, exc.loc)])) + "\n"
    return 2, f"{exc}\n"


def _check_games(
    folders: Mapping[Path, Sequence[Path]],
    options: CheckOptions,
    progress: Progress | None,
    note: Callable[[str], None] | None,
) -> list[GameResult]:
    """Each game in turn, until Ctrl-C stops a simulation."""
    results: list[GameResult] = []
    place: AbstractContextManager[GamePlayer | None] = nullcontext(None)
    if options.simulate:
        from generator.check.players import game_player

        place = game_player(options.jobs, options.workers, options.scheduler, note)
    with place as player:
        for folder, named in folders.items():
            results.append(check_game(folder, named, options, progress, player))
            if interrupted(results[-1]):
                break
    return results


def _write_report(results: Sequence[GameResult], options: CheckOptions) -> None:
    """The HTML page and plot files of the reviewed and simulated games (matplotlib is
    imported only here)."""
    from generator.check.report_html import GamePage, SimulatedGame, write_plots, write_report

    pages = [
        GamePage(
            result.name,
            result.folder.name,
            result.statistics,
            SimulatedGame(result.name, result.folder.name, result.simulation, result.deck)
            if result.simulation
            else None,
        )
        for result in results
        if result.simulation is not None or result.statistics is not None
    ]
    if options.report:
        write_report(options.report, pages)
    if options.report_dir:
        write_plots(options.report_dir, pages)
