"""Sweeps: one game simulated under every combination of some settings, side by side.

    plan = sweep_plan(engine, [vary("players=2,3,4"), vary("policy=random,greedy")])
    sweep = run_sweep(engine, deck, plan, games=200, seed=1)
    write_csv(out / "sweep.csv", sweep); write_html(out / "sweep.html", sweep, "Slipmax")

The settings a sweep can vary: `players`, `policy`, `variant` (a declared variant, or `none`
for the rules as written) and each option the game declares (what `--option` takes). Every
combination is played with the same seed, so two combinations differ only by their settings,
and game i of one combination is the same draw of chance as game i of another as far as the
rules allow. The CSV has one row per combination: its settings, then the harness's figures,
then the engine's own figures flattened to dotted names (lists by index); it holds no
timings, so the same sweep writes the same file byte for byte.

What moved (moved(), moved_lines()): each combination is compared with its baseline for
each varied setting whose value is not that setting's first: the combination with that
setting at its first value and every other setting the same (with one varied setting, the
first combination). A setting change is listed when the 95% interval of the difference of a
figure leaves out 0: the share of games the rules ended, the first player's edge over an
even share, and the mean length of the games the rules ended. The combinations play the same
seeds, which ties their games together; the intervals treat them as independent runs, which
is the cautious side when ties make figures move together.
"""

import csv
import io
import itertools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct

from generator.charts import percent
from generator.check.report import number
from generator.check.settings import game_settings
from generator.check.simulate import GamePlayer, SimulationReport, simulate
from generator.check.stats import mean_difference, rate_difference
from generator.games.base import Engine
from generator.output import write_atomic
from generator.sources.errors import SourceError, display_path

#: `variant=none`: the rules as written.
NO_VARIANT = "none"
#: The settings every game has, before its declared options.
BUILT_IN = ("players", "policy", "variant")


class Vary(Struct, frozen=True):
    """One `--vary NAME=V1,V2,...`: a setting and the values it takes, in the order given."""

    name: str
    values: tuple[str, ...]


class Combination(Struct, frozen=True):
    """One cell of a sweep: the values of the varied settings, and what they make."""

    #: (setting, value) for each varied setting, in --vary order.
    settings: tuple[tuple[str, str], ...]
    players: int
    policy: str
    variants: tuple[str, ...]
    #: Every declared option, parsed (the default where not varied).
    options: dict[str, object]

    @property
    def label(self) -> str:
        return ", ".join(f"{name}={value}" for name, value in self.settings)


class SweepResult(Struct, frozen=True):
    """A sweep's combinations and their reports, in the same order."""

    engine: str
    games: int
    seed: int
    varied: tuple[str, ...]
    combinations: tuple[Combination, ...]
    reports: tuple[SimulationReport, ...]

    @property
    def interrupted(self) -> bool:
        return any(report.interrupted for report in self.reports) or len(self.reports) < len(self.combinations)


def vary(text: str) -> Vary:
    """'NAME=V1,V2,...' -> Vary; SourceError when there is no name or no value."""
    name, equals, values = text.partition("=")
    chosen = tuple(value.strip() for value in values.split(",") if value.strip())
    if not equals or not name.strip() or not chosen:
        raise SourceError(None, f"--vary {text!r}: expected NAME=V1,V2,... (e.g. players=2,3,4)")
    return Vary(name.strip(), chosen)


def offered(engine: Engine) -> list[str]:
    """The settings a sweep of this engine can vary."""
    return [*BUILT_IN, *(option.name for option in engine.options())]


def player_count(engine: Engine, value: str) -> int:
    """`--vary players=VALUE` as a number of players; SourceError naming the engine's range
    for anything else, or a number it cannot seat."""
    try:
        count = int(value)
    except ValueError:
        count = None
    if count is None or not engine.seats(count):
        raise SourceError(
            None, f"--vary players={value}: {engine.name} is for {engine.min_players} to {engine.max_players} players"
        )
    return count


def _check_value(engine: Engine, name: str, value: str) -> None:
    """SourceError naming the value and what the setting takes, when the engine refuses it."""
    if name == "players":
        player_count(engine, value)
    elif name == "policy":
        if value not in engine.policies():
            policies = ", ".join(engine.policies())
            raise SourceError(None, f"--vary policy={value}: {engine.name} has no such policy (it offers: {policies})")
    elif name == "variant":
        variants = [variant.name for variant in engine.variants()]
        if value != NO_VARIANT and value not in variants:
            names = ", ".join([NO_VARIANT, *variants])
            raise SourceError(None, f"--vary variant={value}: {engine.name} has no such variant (it offers: {names})")
    else:
        game_settings(engine, (), {name: value})


def sweep_plan(engine: Engine, varies: Sequence[Vary]) -> list[Combination]:
    """Every combination of the varied settings (the game's own number of players where players
    are not varied), the first varying slowest; SourceError for a setting the engine does not
    offer, a setting given twice, or a value it refuses."""
    names = offered(engine)
    seen: set[str] = set()
    for setting in varies:
        if setting.name not in names:
            raise SourceError(
                None, f"--vary {setting.name}: {engine.name} has no such setting (it offers: {', '.join(names)})"
            )
        if setting.name in seen:
            raise SourceError(None, f"--vary {setting.name}: given twice (list all its values in one --vary)")
        seen.add(setting.name)
        for value in setting.values:
            _check_value(engine, setting.name, value)
    plan = []
    for values in itertools.product(*(setting.values for setting in varies)):
        chosen = dict(zip((setting.name for setting in varies), values, strict=True))
        variant = chosen.pop("variant", NO_VARIANT)
        variants = () if variant == NO_VARIANT else (variant,)
        count = player_count(engine, chosen.pop("players")) if "players" in chosen else engine.default_players
        policy = chosen.pop("policy", "random")
        options = game_settings(engine, variants, chosen)
        settings = tuple(zip((setting.name for setting in varies), values, strict=True))
        plan.append(Combination(settings, count, policy, variants, options))
    return plan


def run_sweep(
    engine: Engine,
    deck: Any,
    plan: Sequence[Combination],
    games: int,
    seed: int,
    player: GamePlayer | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> SweepResult:
    """Simulate every combination in turn; Ctrl-C stops the sweep after what was gathered."""
    reports: list[SimulationReport] = []
    for combination in plan:
        tick = (lambda done, total, label=combination.label: progress(label, done, total)) if progress else None
        report = simulate(
            engine,
            deck,
            games,
            combination.players,
            seed,
            policies=combination.policy,
            options=combination.options,
            progress=tick,
            player=player,
        )
        reports.append(report)
        if report.interrupted:
            break
    varied = tuple(name for name, _ in plan[0].settings) if plan else ()
    return SweepResult(engine.name, games, seed, varied, tuple(plan), tuple(reports))


# --- the table ------------------------------------------------------------------------------


def _flattened(value: Any, prefix: str) -> Iterator[tuple[str, Any]]:
    """Scalars of nested dicts and lists under dotted names ('speed.3.turns')."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _flattened(inner, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list | tuple):
        for index, inner in enumerate(value):
            yield from _flattened(inner, f"{prefix}.{index}")
    else:
        yield prefix, value


def row(combination: Combination, report: SimulationReport) -> dict[str, Any]:
    """One combination's settings and figures, as CSV cells by column name."""
    cells: dict[str, Any] = dict(combination.settings)
    first = report.first_player_rate()
    cells |= {
        "games": report.games,
        "players_played": report.players,
        "completed_share": report.completed_share,
        "capped": report.capped,
        "stopped": report.stopped,
        "broken": report.broken,
        **{f"turns_{key}": value for key, value in report.turns.items()},
        "completed": report.completed,
        "unended": report.unended,
        **{f"turns_ended_by_rules_{key}": value for key, value in report.turns_ended().items()},
        "no_winner_share": report.no_winner_rate()["rate"],
        "first_player_win_rate": first["rate"],
        "first_player_ci95_low": first["ci95"][0],
        "first_player_ci95_high": first["ci95"][1],
        "first_player_even_share": first["even_share"],
    }
    for seat, rate in enumerate(report.seat_win_rate()):
        cells |= {
            f"seat_{seat + 1}_win_rate": rate["rate"],
            f"seat_{seat + 1}_ci95_low": rate["ci95"][0],
            f"seat_{seat + 1}_ci95_high": rate["ci95"][1],
        }
    cells |= {f"ended: {reason}": count for reason, count in report.endings.items()}
    cells |= {"never_fired": len(report.never_fired), "problems": len(report.problems)}
    cells |= dict(_flattened(report.figures, ""))
    return cells


def csv_text(sweep: SweepResult) -> str:
    """The sweep as CSV: the columns of every row, in the order they first appear."""
    rows = [row(c, r) for c, r in zip(sweep.combinations, sweep.reports, strict=False)]
    columns = list(dict.fromkeys(column for cells in rows for column in cells))
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, restval="", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def write_csv(path: Path, sweep: SweepResult) -> None:
    try:
        write_atomic(path, csv_text(sweep).encode())
    except OSError as exc:
        raise SourceError(None, f"cannot write {display_path(path)}: {exc.strerror or exc}") from None


# --- what moved -----------------------------------------------------------------------------

#: A difference between two runs' figures and its 95% interval: (difference, low, high).
Difference = tuple[float, float, float]


class Compared(Struct, frozen=True):
    """A figure the sweep compares between a combination and its baseline."""

    name: str
    #: The figure of one report as the comparison shows it ("73.0%").
    shown: Callable[[SimulationReport], str]
    #: The report's figure less the baseline's, with its 95% interval; None when either run
    #: has too few games for the figure.
    difference: Callable[[SimulationReport, SimulationReport], Difference | None]
    #: What the difference is counted in.
    unit: str


def _ended(report: SimulationReport, baseline: SimulationReport) -> Difference | None:
    if not (report.games and baseline.games):
        return None
    this, before = report.completed_rate(), baseline.completed_rate()
    low, high = rate_difference(this, before)
    return (100 * (this["rate"] - before["rate"]), 100 * low, 100 * high)


def _edge(report: SimulationReport) -> float:
    first = report.first_player_rate()
    return 100 * (first["rate"] - first["even_share"])


def _edge_difference(report: SimulationReport, baseline: SimulationReport) -> Difference | None:
    """The edges' difference: the first player's win rates' difference, less that of the even
    shares (a number, not a measurement, when the player counts differ)."""
    if not (report.completed and baseline.completed):
        return None
    this, before = report.first_player_rate(), baseline.first_player_rate()
    low, high = rate_difference(this, before)
    even = this["even_share"] - before["even_share"]
    return (_edge(report) - _edge(baseline), 100 * (low - even), 100 * (high - even))


def _length_difference(report: SimulationReport, baseline: SimulationReport) -> Difference | None:
    if report.completed < 2 or baseline.completed < 2:
        return None
    low, high = mean_difference(report.ended_lengths, baseline.ended_lengths)
    return (report.turns_ended()["mean"] - baseline.turns_ended()["mean"], low, high)


COMPARED = (
    Compared("ended by the rules", lambda report: percent(report.completed_share), _ended, "points"),
    Compared("first player's edge", lambda report: f"{_edge(report):+.1f} points", _edge_difference, "points"),
    Compared(
        "mean length of the games the rules ended",
        lambda report: f"{number(report.turns_ended()['mean'])} turns",
        _length_difference,
        "turns",
    ),
)


class Moved(Struct, frozen=True):
    """A setting change that moved a figure beyond its 95% interval: `setting` at `value`
    against its first value `baseline`, the other varied settings `held` the same."""

    setting: str
    value: str
    baseline: str
    held: tuple[tuple[str, str], ...]
    figure: Compared
    #: The figure with the setting changed, and at the baseline, as shown.
    this: str
    before: str
    difference: Difference

    def __str__(self) -> str:
        """'players 6: ended by the rules 73.0% vs 81.0% at 4 (-8.0 points, 95% interval -14.1
        to -1.9)', the held settings in brackets after the change where there are any."""
        held = f" ({', '.join(f'{name} {value}' for name, value in self.held)})" if self.held else ""
        difference, low, high = self.difference
        unit = self.figure.unit
        return (
            f"{self.setting} {self.value}{held}: {self.figure.name} {self.this} vs {self.before} at {self.baseline} "
            f"({difference:+.1f} {unit}, 95% interval {low:+.1f} to {high:+.1f})"
        )


def baselines(sweep: SweepResult) -> Iterator[tuple[int, int, int]]:
    """(combination, its baseline, the setting they differ in) for each played combination and
    each varied setting whose value in it is not the setting's first (see the module docstring)."""
    played = sweep.combinations[: len(sweep.reports)]
    if not played:
        return
    firsts = played[0].settings  # the product's first combination: every setting at its first value
    where = {combination.settings: index for index, combination in enumerate(played)}
    for index, combination in enumerate(played):
        for position, (_, value) in enumerate(combination.settings):
            if value != firsts[position][1]:
                settings = (*combination.settings[:position], firsts[position], *combination.settings[position + 1 :])
                yield index, where[settings], position


def moved(sweep: SweepResult) -> list[Moved]:
    """Every setting change that moved a compared figure beyond its 95% interval, in the order
    of the combinations, then of the settings, then of COMPARED."""
    found = []
    for index, baseline, position in baselines(sweep):
        report, before = sweep.reports[index], sweep.reports[baseline]
        settings = sweep.combinations[index].settings
        setting, value = settings[position]
        held = settings[:position] + settings[position + 1 :]
        for figure in COMPARED:
            difference = figure.difference(report, before)
            if difference is not None and not difference[1] <= 0 <= difference[2]:
                base = sweep.combinations[baseline].settings[position][1]
                shown = (figure.shown(report), figure.shown(before))
                found.append(Moved(setting, value, base, held, figure, *shown, difference))
    return found


def moved_lines(sweep: SweepResult) -> list[str]:
    """What moved, as the terminal shows it after a sweep: a heading and a line per change,
    a line saying nothing did, or nothing at all when no combination has a baseline."""
    if next(baselines(sweep), None) is None:
        return []
    found = moved(sweep)
    if not found:
        return ["nothing moved beyond its 95% interval against each setting's first value"]
    return ["moved beyond its 95% interval, against each setting's first value:", *(f"  {m}" for m in found)]


def terminal_lines(sweep: SweepResult) -> list[str]:
    """What the terminal shows after a sweep: a line per combination played, each figure
    saying which games it counts, then what moved (moved_lines())."""
    lines = []
    for combination, report in zip(sweep.combinations, sweep.reports, strict=False):
        first = report.first_player_rate()["rate"]
        lines.append(
            f"{combination.label or 'as given'}: {report.games} games, {percent(report.completed_share)} ended by the "
            f"rules; mean {number(report.turns['mean'])} turns of every game, "
            f"{number(report.turns_ended()['mean'])} of the games the rules ended; "
            f"first player won {percent(first)} of the games the rules ended"
        )
    return lines + moved_lines(sweep)
