"""A sweep as one self-contained HTML page: its combinations side by side, with plots.

    write_html(out / "sweep.html", sweep, "Slipmax")

A table of every combination's figures, each column saying which games it counts; each
setting change that moved a figure beyond its 95% interval (sweep.moved(), in the words the
terminal gives them); and plots across the combinations: the share of games the rules ended,
the first player's edge over an even share in percentage points, game length (mean, with the
median and 95th percentile marked) and each seat's win rate, with 95% intervals. Plots are
inline SVG (plots.py); the page holds no timings.
"""

from pathlib import Path

from generator import charts
from generator.charts import BAR, EVEN, NEVER, Plot, Table, error_bars, new_figure, percent, styled
from generator.check.report import interval, number
from generator.check.report_html import environment
from generator.check.sweep import SweepResult, baselines, moved
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
    caption = (
        "Turns per game, of every game that ended without a problem (an unended game at its length when it "
        "stopped): the bar is the mean; the median and 95th percentile are marked."
    )
    return Plot("sweep-length", caption, figure)


@styled
def ended_plot(name: str, sweep: SweepResult) -> Plot:
    """The share of games the rules ended, per combination (with its 95% interval): the
    sweep's first result, since the figures of who won describe only those games."""
    labels = _labels(sweep)
    figure = new_figure(_height(len(labels)))
    axes = figure.add_subplot()
    shares = [r.completed_rate() for r in sweep.reports]
    positions = list(range(len(labels)))
    axes.barh(positions, [100 * s["rate"] for s in shares], xerr=_points(error_bars(shares)), capsize=3, color=BAR)
    for position, share in zip(positions, shares, strict=True):
        axes.text(101, position, percent(share["rate"]), va="center", fontsize=7)
    axes.set_yticks(positions, labels, fontsize=7)
    axes.invert_yaxis()
    axes.set_xlim(0, 112)
    axes.set_xlabel("games ended by the rules (%, 95% interval)")
    axes.set_title(f"{name}: games the rules ended, by combination")
    caption = "The share of games the rules ended (the rest hit the action cap or could never end)."
    return Plot("sweep-ended", caption, figure)


@styled
def first_player_plot(name: str, sweep: SweepResult) -> Plot:
    """The first player's edge: their share of the wins less an even share, in percentage
    points, so that 0 is a fair start whatever the player count."""
    labels = _labels(sweep)
    figure = new_figure(_height(len(labels)))
    axes = figure.add_subplot()
    firsts = [r.first_player_rate() for r in sweep.reports]
    edges = [100 * (f["rate"] - f["even_share"]) for f in firsts]
    positions = list(range(len(labels)))
    colours = [BAR if edge >= 0 else NEVER for edge in edges]
    below, above = _points(error_bars(firsts))
    axes.barh(positions, edges, xerr=[below, above], capsize=3, color=colours)
    axes.axvline(0, color=EVEN, linewidth=1)
    axes.set_yticks(positions, labels, fontsize=7)
    axes.invert_yaxis()
    reach = max([5.0, *(abs(edge) + max(low, high) for edge, low, high in zip(edges, below, above, strict=True))])
    axes.set_xlim(-reach * 1.1, reach * 1.1)
    axes.set_xlabel("first player's edge over an even share (percentage points, 95% interval)")
    axes.set_title(f"{name}: first player's edge by combination")
    caption = (
        "The first player's share of the wins of the games the rules ended, less an even share (1 / players): "
        "0 is a fair start."
    )
    return Plot("sweep-first-player", caption, figure)


def _points(bars: list[list[float]]) -> list[list[float]]:
    """Error bars in shares as percentage points."""
    return [[100 * value for value in side] for side in bars]


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
    caption = "Each seat's share of the wins of the games the rules ended in each combination, with 95% intervals."
    return Plot("sweep-seats", caption, figure)


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
                number(report.turns_ended()["mean"]),
                interval(report.first_player_rate()),
                "  ".join(f"{seat + 1}: {interval(rate)}" for seat, rate in enumerate(report.seat_win_rate())),
                interval(report.no_winner_rate()),
                str(len(report.never_fired)),
                str(len(report.problems)),
            )
        )
    header = (
        "combination",
        "games",
        "ended by the rules",
        "turns mean / median / p95, of every game (an unended one at its length when it stopped)",
        "turns mean, of the games the rules ended",
        "first player, of the games the rules ended",
        "seats, of the games the rules ended",
        "no winner (unended), of every game",
        "never fired",
        "problems",
    )
    return Table("Combinations", header, tuple(rows))


def render_html(sweep: SweepResult, name: str) -> str:
    drawn = []
    if sweep.reports:
        plots = (ended_plot, first_player_plot, lengths_plot, seats_plot)
        drawn = [plot(name, sweep) for plot in plots]
    return (
        environment()
        .get_template("sweep.html.j2")
        .render(
            name=name,
            sweep=sweep,
            table=summary_table(sweep),
            compared=next(baselines(sweep), None) is not None,
            moved=[str(change) for change in moved(sweep)],
            plots=drawn,
            inline_svg=charts.inline_svg,
        )
    )


def write_html(path: Path, sweep: SweepResult, name: str) -> None:
    try:
        write_atomic(path, render_html(sweep, name).encode())
    except OSError as exc:
        raise SourceError(None, f"cannot write {display_path(path)}: {exc.strerror or exc}") from None
