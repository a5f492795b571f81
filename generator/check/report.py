"""Presenting check results: findings grouped by severity, summary lines, simulation figures.

Simulation problems become findings too, placed at the `engine:` line of game.yaml (the
harness cannot know a finer place): SIM001-SIM007 are errors; SIM010 (games stopped by the
cap), SIM011 (fired names the engine does not list as fireable) and SIM012 (games the rules
could never end) are warnings, and so is SIM013 (a component some games ran out of), placed
at the component file that prints it, and SIM014 (a first player's edge beyond chance).

Every figure of who won or how long games took says which games it counts ("of the 246
games the rules ended"); where some games did not end by the rules, the same figure over
every game follows it, labelled too (SimulationReport.counted_over()).
"""

from collections.abc import Iterable
from typing import TYPE_CHECKING

from generator.charts import percent
from generator.findings import Finding, Severity, error, warning
from generator.sources.errors import Loc

if TYPE_CHECKING:
    from generator.check.simulate import SimulationReport

CAPPED = "SIM010"
UNLISTED_FIRED = "SIM011"
NEVER_ENDS = "SIM012"
RAN_OUT = "SIM013"
FIRST_PLAYER_EDGE = "SIM014"
GROUPS = {Severity.ERROR: "errors", Severity.WARNING: "warnings", Severity.INFO: "infos"}
#: Problems listed one by one in the text output; the rest are counted.
SHOWN_PROBLEMS = 10


#: What the two figures of who wins mean: they differ, and they do not contradict each other.
SEAT_AND_FIRST = (
    "a seat is a place at the table, whoever moves first; the first player is whoever took the first turn, "
    "in whichever seat the rules' start put them"
)


def simulation_findings(report: "SimulationReport", loc: Loc | None) -> list[Finding]:
    """The simulation's problems and warnings as findings at `loc`."""
    shown = report.problems[:SHOWN_PROBLEMS]
    findings = [error(p.code, f"simulation {p}", loc) for p in shown]
    if len(report.problems) > SHOWN_PROBLEMS:
        rest = len(report.problems) - SHOWN_PROBLEMS
        findings.append(error(shown[-1].code, f"simulation: {rest} more problems", loc))
    if report.capped:
        findings.append(
            warning(
                CAPPED,
                f"{report.capped} of {report.games} simulated games hit the cap of {report.max_actions} actions",
                loc,
            )
        )
    if report.unlisted_fired:
        names = ", ".join(report.unlisted_fired)
        findings.append(warning(UNLISTED_FIRED, f"fired but not listed as fireable: {names}", loc))
    if report.stopped:
        findings.append(
            warning(
                NEVER_ENDS,
                f"{report.stopped} of {report.games} simulated games could never end by the rules "
                f"(stopped by the engine): {_counted(report.stopped_reasons)}",
                loc,
            )
        )
    edge = first_player_edge(report)
    if edge is not None:
        findings.append(warning(FIRST_PLAYER_EDGE, edge, loc))
    for short in report.shortages:
        findings.append(
            warning(
                RAN_OUT,
                f"{short.games} of {report.games} simulated games needed more {short.component} than the "
                f"{short.printed} printed (up to {short.most} in play at once)",
                short.loc or loc,
            )
        )
    return findings


def first_player_edge(report: "SimulationReport") -> str | None:
    """What SIM014 says when the first player's share of the wins lies outside its 95%
    interval's reach of an even share (1 / players): the share, its interval, and the edge
    in percentage points with its interval; None when an even game explains the figure."""
    first = report.first_player_rate()
    low, high = first["ci95"]
    even = first["even_share"]
    if not report.completed or low <= even <= high:
        return None
    points = 100 * (first["rate"] - even)
    return (
        f"the first player (whoever took the first turn, in any seat) won {percent(first['rate'])} of the "
        f"{report.completed} games the rules ended (95% interval {percent(low)} to {percent(high)}), where an "
        f"even game gives {percent(even)}: an edge of {points:+.1f} percentage points "
        f"({100 * (low - even):+.1f} to {100 * (high - even):+.1f})"
    )


def _counted(counts: dict[str, int]) -> str:
    """'12 reason one; 3 reason two'."""
    return "; ".join(f"{count} {reason}" for reason, count in counts.items())


def grouped(findings: Iterable[Finding]) -> dict[str, list[dict]]:
    """{"errors": [...], "warnings": [...], "infos": [...]} of JSON findings, order kept."""
    groups: dict[str, list[dict]] = {name: [] for name in [*GROUPS.values(), "accepted"]}
    for finding in findings:
        groups["accepted" if finding.accepted else GROUPS[finding.severity]].append(finding.as_json())
    return groups


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def tally(findings: Iterable[Finding]) -> str:
    """'1 error, 2 warnings, 0 infos', and ', 2 accepted' when the game accepts some."""
    findings = list(findings)
    parts = []
    for severity in Severity:
        count = sum(1 for f in findings if f.severity is severity and not f.accepted)
        parts.append(_plural(count, severity.value))
    accepted = sum(1 for f in findings if f.accepted)
    return ", ".join(parts) + (f", {accepted} accepted" if accepted else "")


def summary_line(name: str, findings: list[Finding], components: dict[str, int]) -> str:
    """One line per game: its name, the tally and the component counts."""
    counted = ", ".join(f"{kind} {count}" for kind, count in components.items())
    return f"{name}: {tally(findings)}" + (f" ({counted})" if counted else "")


def number(value: float) -> str:
    return f"{value:g}" if float(value).is_integer() else f"{value:.1f}"


def interval(rate: dict) -> str:
    """'12.5% [10.1%-15.3%]' for a {"rate", "ci95"} figure."""
    return f"{percent(rate['rate'])} [{percent(rate['ci95'][0])}-{percent(rate['ci95'][1])}]"


def turns_text(turns: dict[str, float]) -> str:
    """'mean 96.8, median 87, p95 176, max 408'."""
    return ", ".join(f"{key} {number(value)}" for key, value in turns.items())


def seats_text(rates: list[dict]) -> str:
    """'1: 25.0% [20.0%-30.7%]  2: ...' for each seat's win rate."""
    return "  ".join(f"{seat + 1}: {interval(r)}" for seat, r in enumerate(rates))


def length_lines(report: "SimulationReport") -> list[str]:
    """Turns per game, of every game; and of the games the rules ended, where some did not."""
    counted = report.counted_over()
    lines = [f"  turns, {counted['turns']}: {turns_text(report.turns)}"]
    if report.unended:
        lines.append(f"  turns, {counted['turns_ended_by_rules']}: {turns_text(report.turns_ended())}")
    return lines


def win_lines(report: "SimulationReport") -> list[str]:
    """Who won, of the games the rules ended; and of every game (an unended game has no
    winner), where some did not end by the rules."""
    counted = report.counted_over()
    first = report.first_player_rate()
    lines = [
        f"  win rate by seat (95% interval), {counted['seat_win_rate']}: {seats_text(report.seat_win_rate())}",
        f"  first player won {interval(first)} {counted['first_player']} "
        f"(an even share is {percent(first['even_share'])})",
    ]
    if report.unended:
        no_winner = f"  no winner: {interval(report.no_winner_rate())}"
        lines[1:1] = [
            f"  win rate by seat (95% interval), {counted['seat_win_rate_all_games']}: "
            f"{seats_text(report.seat_win_rate_all())}{no_winner}"
        ]
        lines.append(
            f"  first player won {interval(report.first_player_rate_all())} {counted['first_player_all_games']}"
        )
    return lines


def figure_lines(report: "SimulationReport") -> list[str]:
    """The engine's own figures, each with which games it counts where the engine says."""
    labels = report.figure_labels
    return [
        f"  {key}, {labels[key]}: {value}" if key in labels else f"  {key}: {value}"
        for key, value in report.figures.items()
    ]


def format_simulation(report: "SimulationReport") -> list[str]:
    """The simulation figures as indented text lines."""
    policies = sorted(set(report.policies))
    lines = []
    if report.interrupted:
        finished = f"{report.games} of {report.requested}"
        lines.append(f"  interrupted (Ctrl-C): the figures are of the {finished} games finished")
    lines.append(
        f"  simulation: {report.games} games, {report.players} players, seed {report.seed}, "
        f"policy {', '.join(policies)}" + (f", options {report.options}" if report.options else "")
    )
    lines += length_lines(report)
    lines.append(
        f"  completed: {percent(report.completed_share)} "
        f"({report.capped} capped at {report.max_actions} actions, {report.stopped} stopped with no end "
        f"the rules could reach, {report.broken} broken)"
    )
    lines += win_lines(report)
    lines.append(f"  ({SEAT_AND_FIRST})")
    if report.endings:
        lines.append(f"  endings: {_counted(report.endings)}")
    lines.append(f"  fired: {len(report.fired)} names, {sum(report.fired.values())} times")
    if report.never_fired:
        never = ", ".join(report.never_fired)
        lines.append(f"  never fired ({len(report.never_fired)}): {never}")
    lines += figure_lines(report)
    lines.append(f"  speed: {report.games_per_second:.1f} games/s")
    return lines
