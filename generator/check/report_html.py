"""The check's report as one self-contained HTML page, and its plots as files.

    simulated = SimulatedGame("Sliders", "sliders", report, deck)
    write_report(Path("report.html"), [GamePage("Sliders", "sliders", statistics, simulated)])
    write_plots(Path("plots"), pages)     # plots/sliders-game-length.svg and .png, ...

Per game, its deck review first (deck_html.py: what the deck holds, the room its texts
have, what is alike), then its simulation, when it was simulated: the run's settings and how
games ended, the game-length histogram, win rate by seat with 95% intervals, the first
player's advantage, how often each card, step or space fired (never-fired ones marked), the
game's own sections (its plugin's report sections), which games each figure counts, and
every engine figure as JSON. A figure of who won or how long games took says which games it
counts; where some games did not end by the rules, the figure over every game stands beside
the one over the games the rules ended. Plots are inline SVG, so the page needs no network;
it holds no timings, so the same run writes the
same bytes. The template is package data (templates/report.html.j2).
"""

import json
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import jinja2
from msgspec import Struct

from generator import charts
from generator.charts import Section, Table, percent
from generator.check import plots
from generator.check.deck_html import deck_sections
from generator.check.deck_stats import DeckStatistics
from generator.check.report import SEAT_AND_FIRST, interval, turns_text
from generator.check.simulate import SimulationReport
from generator.games.plugin import report_sections
from generator.games.sections import Simulated
from generator.output import write_atomic
from generator.sources.errors import SourceError, display_path

__all__ = ["GamePage", "SimulatedGame", "environment", "render_report", "write_plots", "write_report"]


class SimulatedGame(Struct, frozen=True):
    """One game's simulation, as the report shows it."""

    name: str
    #: Its file-name stem (the game folder's name).
    slug: str
    report: SimulationReport
    #: The engine's deck: where a figure needs the components' names (the board's squares).
    deck: Any = None


class GamePage(Struct, frozen=True, dict=True):
    """One game's part of the report: its deck review, its simulation, or both."""

    name: str
    #: Its file-name stem (the game folder's name).
    slug: str
    review: DeckStatistics | None = None
    simulated: SimulatedGame | None = None

    @cached_property
    def sections(self) -> list[Section]:
        """The page's sections, drawn once for both the report's page and the plot files."""
        review = deck_sections(self.name, self.review) if self.review is not None else []
        return review + (sections(self.simulated) if self.simulated is not None else [])


def game_sections(game: SimulatedGame) -> list[Section]:
    """The sections the game's engine declares (and other packages add to it), each drawn
    from the run's figures; those with nothing to show are left out."""
    report = game.report
    simulated = Simulated(game.name, report.figures, game.deck, report.completed)
    drawn = (section.draw(simulated) for section in report_sections(report.engine))
    return [section for section in drawn if section is not None]


def length_rows(report: SimulationReport) -> list[tuple[str, str]]:
    """Turns per game, of every game; and of the games the rules ended, where some did not."""
    counted = report.counted_over()
    rows = [(f"turns, {counted['turns']}", turns_text(report.turns))]
    if report.unended:
        rows.append((f"turns, {counted['turns_ended_by_rules']}", turns_text(report.turns_ended())))
    return rows


def settings_table(report: SimulationReport) -> Table:
    rows = [
        ("games", str(report.games) + (f" of {report.requested} (interrupted)" if report.interrupted else "")),
        ("players", str(report.players)),
        ("policies", ", ".join(sorted(set(report.policies)))),
        ("options", ", ".join(f"{name}={value}" for name, value in report.options.items()) or "none"),
        ("seed", str(report.seed)),
        *length_rows(report),
        ("ended by the rules", f"{report.completed} ({percent(report.completed_share)})"),
        ("capped", f"{report.capped} at {report.max_actions} actions"),
        ("stopped with no end the rules could reach", str(report.stopped)),
        ("broken (a problem)", str(report.broken)),
    ]
    rows += [(f"ended: {reason}", str(count)) for reason, count in report.endings.items()]
    return Table("The run", ("", ""), tuple(rows))


def seats_table(report: SimulationReport) -> Table:
    """Each seat's and the first player's share of the wins, of the games the rules ended;
    where some did not, a column of every game beside it (an unended game has no winner) and
    the share no one won."""
    counted = report.counted_over()
    first = report.first_player_rate()
    ended = [interval(rate) for rate in report.seat_win_rate()]
    ended.append(f"{interval(first)} (an even share is {percent(first['even_share'])})")
    names = [*(str(seat + 1) for seat in range(len(report.seat_wins))), "first player"]
    caption = f"Win rate (95% interval): {SEAT_AND_FIRST}"
    header = ("seat", f"share of wins, {counted['seat_win_rate']}")
    if not report.unended:
        return Table(caption, header, tuple(zip(names, ended, strict=True)))
    every = [interval(rate) for rate in [*report.seat_win_rate_all(), report.first_player_rate_all()]]
    rows = [*zip(names, ended, every, strict=True), ("no winner", "", interval(report.no_winner_rate()))]
    return Table(caption, (*header, f"share of wins, {counted['seat_win_rate_all_games']}"), tuple(rows))


def counted_table(report: SimulationReport) -> Table:
    """Which games each figure of who won or how long games took counts, and each engine
    figure that says (SimulationReport.counted_over())."""
    rows = tuple((name, counted) for name, counted in report.counted_over().items())
    return Table("Which games each figure counts", ("figure", "counted over"), rows)


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
        Section(
            "Game length",
            f"Turns per game, {report.counted_over()['turns']}.",
            plots=(plots.game_lengths(game.name, report.lengths),),
        ),
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
        Section("Which games each figure counts", tables=(counted_table(report),)),
    ]


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("generator.check", "templates"),
        autoescape=jinja2.select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def render_report(pages: Sequence[GamePage]) -> str:
    shown = [
        {
            "game": page,
            "report": page.simulated.report if page.simulated else None,
            "sections": page.sections,
            "figures": json.dumps(page.simulated.report.figures, indent=2, sort_keys=True) if page.simulated else "",
            "problems": [str(problem) for problem in page.simulated.report.problems] if page.simulated else [],
        }
        for page in pages
    ]
    template = environment().get_template("report.html.j2")
    return template.render(pages=shown, inline_svg=charts.inline_svg)


def write_report(path: Path, pages: Sequence[GamePage]) -> None:
    """The page at `path`, written whole or not at all; SourceError if it cannot be written."""
    try:
        write_atomic(path, render_report(pages).encode())
    except OSError as exc:
        raise SourceError(None, f"cannot write the report {display_path(path)}: {exc.strerror or exc}") from None


def write_plots(folder: Path, pages: Sequence[GamePage]) -> list[Path]:
    """Every plot of the report as <folder>/<game>-<plot>.svg and .png; the paths written."""
    written = []
    try:
        for page in pages:
            for section in page.sections:
                for plot in section.plots:
                    stem = folder / f"{page.slug}-{plot.name}"
                    write_atomic(stem.with_suffix(".svg"), plot.svg.encode())
                    write_atomic(stem.with_suffix(".png"), charts.png(plot))
                    written += [stem.with_suffix(".svg"), stem.with_suffix(".png")]
    except OSError as exc:
        raise SourceError(None, f"cannot write plots into {display_path(folder)}: {exc.strerror or exc}") from None
    return written
