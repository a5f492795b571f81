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
"""

import csv
import io
import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.check.settings import game_settings
from generator.check.simulate import GamePlayer, SimulationReport, simulate
from generator.games.base import Engine
from generator.output import write_atomic
from generator.sources.errors import SourceError, display_path

#: `variant=none`: the rules as written.
NO_VARIANT = "none"
#: The settings every game has, before its declared options.
BUILT_IN = ("players", "policy", "variant")


@dataclass(frozen=True)
class Vary:
    """One `--vary NAME=V1,V2,...`: a setting and the values it takes, in the order given."""

    name: str
    values: tuple[str, ...]


@dataclass(frozen=True)
class Combination:
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


@dataclass(frozen=True)
class SweepResult:
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
