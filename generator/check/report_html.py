"""The simulation report as one self-contained HTML page, and its plots as files.

    write_report(Path("report.html"), [SimulatedGame("Sliders", "sliders", report, deck)])
    write_plots(Path("plots"), games)     # plots/sliders-game-length.svg and .png, ...

Per game: the run's settings and how games ended, the game-length histogram, win rate by
seat with 95% intervals, the first player's advantage, how often each card, step or space
fired (never-fired ones marked), the game's own sections (its plugin's report sections) and every engine
figure as JSON. Plots are inline SVG, so the page needs no network; it holds no timings, so
the same run writes the same bytes. The template is package data (templates/report.html.j2).
"""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from generator import charts
from generator.charts import Section, Table, percent
from generator.check import plots
from generator.check.report import SEAT_AND_FIRST, interval, number
from generator.check.simulate import SimulationReport
from generator.games.plugin import report_sections
from generator.games.sections import Simulated
from generator.output import write_atomic
from generator.sources.errors import SourceError, display_path

__all__ = ["SimulatedGame", "environment", "render_report", "write_plots", "write_report"]


@dataclass(frozen=True)
class SimulatedGame:
    """One game's simulation, as the report shows it."""

    name: str
    #: Its file-name stem (the game folder's name).
    slug: str
    report: SimulationReport
    #: The engine's deck: where a figure needs the components' names (the board's squares).
    deck: Any = None


def game_sections(game: SimulatedGame) -> list[Section]:
    """The sections the game's engine declares (and other packages add to it), each drawn
    from the run's figures; those with nothing to show are left out."""
    report = game.report
    simulated = Simulated(game.name, report.figures, game.deck, report.completed)
    drawn = (section.draw(simulated) for section in report_sections(report.engine))
    return [section for section in drawn if section is not None]


def settings_table(report: SimulationReport) -> Table:
    turns = report.turns
    rows = [
        ("games", str(report.games) + (f" of {report.requested} (interrupted)" if report.interrupted else "")),
        ("players", str(report.players)),
        ("policies", ", ".join(sorted(set(report.policies)))),
        ("options", ", ".join(f"{name}={value}" for name, value in report.options.items()) or "none"),
        ("seed", str(report.seed)),
        ("turns", ", ".join(f"{key} {number(value)}" for key, value in turns.items())),
        ("ended by the rules", f"{report.completed} ({percent(report.completed_share)})"),
        ("capped", f"{report.capped} at {report.max_actions} actions"),
        ("stopped with no end the rules could reach", str(report.stopped)),
        ("broken (a problem)", str(report.broken)),
    ]
    rows += [(f"ended: {reason}", str(count)) for reason, count in report.endings.items()]
    return Table("The run", ("", ""), tuple(rows))


def seats_table(report: SimulationReport) -> Table:
    rows = [(str(seat + 1), interval(rate)) for seat, rate in enumerate(report.seat_win_rate())]
    first = report.first_player_rate()
    rows.append(("first player", f"{interval(first)} (an even share is {percent(first['even_share'])})"))
    return Table(f"Win rate (95% interval): {SEAT_AND_FIRST}", ("seat", "share of wins"), tuple(rows))


def fired_table(report: SimulationReport) -> Table:
    counts = {**dict.fromkeys(report.never_fired, 0), **report.fired}
    names = sorted(counts, key=lambda name: (-counts[name], name))
    per_game = max(report.games, 1)
    rows = tuple((name, str(counts[name]), f"{counts[name] / per_game:.2f}") for name in names)
    return Table(
        f"Fired ({len(report.never_fired)} never)",
        ("name", "times", "per game"),
        rows,
        tuple(counts[name] == 0 for name in names),
    )


def sections(game: SimulatedGame) -> list[Section]:
    """Every section of one game's report, in page order."""
    report = game.report
    return [
        Section("The run", tables=(settings_table(report),)),
        Section("Game length", plots=(plots.game_lengths(game.name, report.lengths),)),
        Section(
            "Who wins",
            plots=(plots.seat_win_rates(game.name, report), plots.first_player(game.name, report)),
            tables=(seats_table(report),),
        ),
        Section(
            "What fired",
            plots=(plots.fired(game.name, report),) if report.fired or report.never_fired else (),
            tables=(fired_table(report),),
        ),
        *game_sections(game),
    ]


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("generator.check", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render_report(games: Sequence[SimulatedGame]) -> str:
    pages = [
        {
            "game": game,
            "sections": sections(game),
            "figures": json.dumps(game.report.figures, indent=2, sort_keys=True),
            "problems": [str(problem) for problem in game.report.problems],
        }
        for game in games
    ]
    template = environment().get_template("report.html.j2")
    return template.render(pages=pages, inline_svg=charts.inline_svg)


def write_report(path: Path, games: Sequence[SimulatedGame]) -> None:
    """The page at `path`, written whole or not at all; SourceError if it cannot be written."""
    try:
        write_atomic(path, render_report(games).encode())
    except OSError as exc:
        raise SourceError(None, f"cannot write the report {display_path(path)}: {exc.strerror or exc}") from None


def write_plots(folder: Path, games: Sequence[SimulatedGame]) -> list[Path]:
    """Every plot of the report as <folder>/<game>-<plot>.svg and .png; the paths written."""
    written = []
    try:
        for game in games:
            for section in sections(game):
                for plot in section.plots:
                    stem = folder / f"{game.slug}-{plot.name}"
                    write_atomic(stem.with_suffix(".svg"), charts.svg(plot).encode())
                    write_atomic(stem.with_suffix(".png"), charts.png(plot))
                    written += [stem.with_suffix(".svg"), stem.with_suffix(".png")]
    except OSError as exc:
        raise SourceError(None, f"cannot write plots into {display_path(folder)}: {exc.strerror or exc}") from None
    return written
