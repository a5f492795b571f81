"""A sweep as one self-contained HTML page: its combinations side by side, with plots.

    write_html(out / "sweep.html", sweep, "Slipmax")

A table of every combination's figures, and plots across the combinations: game length
(mean, with the median and 95th percentile marked), the first player's win rate and each
seat's, with 95% intervals. Plots are inline SVG (plots.py); the page holds no timings.
"""

from pathlib import Path

from generator import charts
from generator.charts import BAR, EVEN, Plot, Table, error_bars, new_figure, percent, styled
from generator.check.report import interval, number
from generator.check.report_html import environment
from generator.check.sweep import SweepResult
from generator.output import write_atomic
from generator.sources.errors import SourceError, display_path


def _labels(sweep: SweepResult) -> list[str]:
    return [combination.label or "as given" for combination in sweep.combinations[: len(sweep.reports)]]


def _height(count: int) -> float:
    return max(1.8, 0.6 + 0.3 * count)


@styled
def lengths_plot(name: str, sweep: SweepResult) -> Plot:
    labels = _labels(sweep)
    figure = new_figure(_height(len(labels)))
    axes = figure.add_subplot()
    positions = list(range(len(labels)))
    axes.barh(positions, [r.turns["mean"] for r in sweep.reports], color=BAR, label="mean")
    axes.scatter([r.turns["median"] for r in sweep.reports], positions, color="black", marker="|", label="median", s=80)
    axes.scatter([r.turns["p95"] for r in sweep.reports], positions, color="#cc3311", marker="x", label="95th pct")
    axes.set_yticks(positions, labels, fontsize=7)
    axes.invert_yaxis()
    axes.set_xlabel("turns per game")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=7)
    axes.set_title(f"{name}: game length by combination")
    caption = "Turns per game: the bar is the mean; the median and 95th percentile are marked."
    return Plot("sweep-length", caption, figure)


@styled
def first_player_plot(name: str, sweep: SweepResult) -> Plot:
    labels = _labels(sweep)
    figure = new_figure(_height(len(labels)))
    axes = figure.add_subplot()
    firsts = [r.first_player_rate() for r in sweep.reports]
    positions = list(range(len(labels)))
    axes.barh(positions, [f["rate"] for f in firsts], xerr=error_bars(firsts), capsize=3, color=BAR)
    axes.scatter([f["even_share"] for f in firsts], positions, color=EVEN, marker="|", s=120, label="even share")
    axes.set_yticks(positions, labels, fontsize=7)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("first player's share of wins (95% interval)")
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=7)
    axes.set_title(f"{name}: first player's advantage by combination")
    return Plot("sweep-first-player", "The first player's share of the wins against an even share.", figure)


@styled
def seats_plot(name: str, sweep: SweepResult) -> Plot:
    labels = _labels(sweep)
    figure = new_figure(_height(len(labels)) + 0.6)
    axes = figure.add_subplot()
    most = max(r.players for r in sweep.reports)
    width = 0.8 / most
    for seat in range(most):
        rates = [r.seat_win_rate()[seat] if seat < r.players else None for r in sweep.reports]
        shown = [(i, rate) for i, rate in enumerate(rates) if rate is not None]
        axes.bar(
            [i - 0.4 + width * (seat + 0.5) for i, _ in shown],
            [rate["rate"] for _, rate in shown],
            width,
            yerr=error_bars([rate for _, rate in shown]),
            capsize=2,
            label=f"seat {seat + 1}",
        )
    axes.set_xticks(range(len(labels)), labels, fontsize=7, rotation=20, ha="right")
    axes.set_ylim(0, 1)
    axes.set_ylabel("share of wins")
    axes.legend(fontsize=7, ncols=min(most, 6))
    axes.set_title(f"{name}: win rate by seat (95% intervals)")
    return Plot("sweep-seats", "Each seat's share of the wins in each combination, with 95% intervals.", figure)


def summary_table(sweep: SweepResult) -> Table:
    rows = []
    for label, report in zip(_labels(sweep), sweep.reports, strict=True):
        turns = report.turns
        rows.append(
            (
                label,
                str(report.games) + (" (interrupted)" if report.interrupted else ""),
                percent(report.completed_share),
                f"{number(turns['mean'])} / {number(turns['median'])} / {number(turns['p95'])}",
                interval(report.first_player_rate()),
                "  ".join(f"{seat + 1}: {interval(rate)}" for seat, rate in enumerate(report.seat_win_rate())),
                str(len(report.never_fired)),
                str(len(report.problems)),
            )
        )
    header = (
        "combination",
        "games",
        "ended by the rules",
        "turns mean / median / p95",
        "first player",
        "seats",
        "never fired",
        "problems",
    )
    return Table("Combinations", header, tuple(rows))


def render_html(sweep: SweepResult, name: str) -> str:
    drawn = []
    if sweep.reports:
        drawn = [lengths_plot(name, sweep), first_player_plot(name, sweep), seats_plot(name, sweep)]
    return (
        environment()
        .get_template("sweep.html.j2")
        .render(name=name, sweep=sweep, table=summary_table(sweep), plots=drawn, inline_svg=charts.inline_svg)
    )


def write_html(path: Path, sweep: SweepResult, name: str) -> None:
    try:
        write_atomic(path, render_html(sweep, name).encode())
    except OSError as exc:
        raise SourceError(None, f"cannot write {display_path(path)}: {exc.strerror or exc}") from None
