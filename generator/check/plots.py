"""The plots of a simulation report, drawn with matplotlib (Agg, no pyplot, no display).

Each plot is a Plot: a file stem, a caption and a matplotlib Figure; svg() and png() write
it. Both are deterministic: SVG ids are hashed with a fixed salt, and neither format records
a date or the software that wrote it, so the same figures give byte-identical files.
"""

import functools
import io
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec

import matplotlib

matplotlib.use("Agg")

from matplotlib import rc_context  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.typing import RcKeyType  # noqa: E402

from generator.check.simulate import SimulationReport  # noqa: E402

#: The salt matplotlib hashes SVG ids with (its default is random per run).
SVG_SALT = "cutsheet"
STYLE: dict[RcKeyType, Any] = {"svg.hashsalt": SVG_SALT, "svg.fonttype": "path", "font.size": 9, "axes.titlesize": 10}
WIDTH = 7.0  # inches
PNG_DPI = 110
BAR = "#4477aa"
NEVER = "#cc3311"
EVEN = "#777777"


Params = ParamSpec("Params")


def styled(draw: Callable[Params, "Plot"]) -> Callable[Params, "Plot"]:
    """Draw a plot in the report's style (matplotlib reads its settings as it draws)."""

    @functools.wraps(draw)
    def drawn(*args: Params.args, **kwargs: Params.kwargs) -> Plot:
        with rc_context(STYLE):
            return draw(*args, **kwargs)

    return drawn


@dataclass(frozen=True)
class Plot:
    """One figure of a report; `name` is its file stem in --report-dir."""

    name: str
    caption: str
    figure: Figure


def svg(plot: Plot) -> str:
    """The plot as an SVG document (text), without a date."""
    buffer = io.StringIO()
    with rc_context(STYLE):
        plot.figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def inline_svg(plot: Plot) -> str:
    """The <svg> element alone, for an HTML page."""
    text = svg(plot)
    return text[text.index("<svg") :]


def png(plot: Plot) -> bytes:
    """The plot as a PNG, without the software's name."""
    buffer = io.BytesIO()
    with rc_context(STYLE):
        plot.figure.savefig(buffer, format="png", dpi=PNG_DPI, metadata={"Software": None})
    return buffer.getvalue()


def error_bars(rates: Sequence[dict]) -> list[list[float]]:
    """matplotlib's xerr/yerr (distances below, above) from {"rate", "ci95"} figures."""
    return [[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]]


def new_figure(height: float, width: float = WIDTH) -> Figure:
    return Figure(figsize=(width, height), layout="constrained")


@styled
def game_lengths(name: str, lengths: Mapping[int, int]) -> Plot:
    """A histogram of turns per game, whole-turn bins (at most 40 of them), from the games
    per number of turns."""
    figure = new_figure(2.8)
    axes = figure.add_subplot()
    if lengths:
        low, high = min(lengths), max(lengths)
        step = max(1, math.ceil((high - low + 1) / 40))
        bins = list(range(low, high + step + 1, step))
        turns = list(lengths)
        axes.hist(turns, bins=bins, weights=[lengths[t] for t in turns], color=BAR, edgecolor="white", linewidth=0.5)
    axes.set_xlabel("turns per game")
    axes.set_ylabel("games")
    axes.set_title(f"{name}: game length ({sum(lengths.values())} games)")
    return Plot("game-length", "How many turns games took: every game that ended without a problem.", figure)


@styled
def seat_win_rates(name: str, report: SimulationReport) -> Plot:
    """Each seat's share of the wins with its 95% interval, against an even share."""
    rates = report.seat_win_rate()
    figure = new_figure(2.8)
    axes = figure.add_subplot()
    seats = [str(seat + 1) for seat in range(len(rates))]
    values = [r["rate"] for r in rates]
    axes.bar(seats, values, yerr=error_bars(rates), capsize=4, color=BAR)
    axes.axhline(1 / report.players, color=EVEN, linestyle="--", linewidth=1, label="even share")
    axes.set_xlabel("seat")
    axes.set_ylabel("share of wins")
    axes.set_ylim(0, 1)
    axes.legend(loc="upper right")
    axes.set_title(f"{name}: win rate by seat, with 95% intervals ({report.completed} games)")
    return Plot("seat-win-rate", "Each seat's share of the games the rules ended; bars show 95% intervals.", figure)


@styled
def first_player(name: str, report: SimulationReport) -> Plot:
    """The first player's share of the wins with its 95% interval, against an even share."""
    first = report.first_player_rate()
    figure = new_figure(1.6)
    axes = figure.add_subplot()
    axes.barh(["first player"], [first["rate"]], xerr=error_bars([first]), capsize=4)
    axes.axvline(first["even_share"], color=EVEN, linestyle="--", linewidth=1, label="even share")
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of wins")
    axes.legend(loc="lower right")
    axes.set_title(f"{name}: first player's advantage ({first['games']} games)")
    return Plot("first-player", "The first player's share of the wins, against the share an even game gives.", figure)


@styled
def fired(name: str, report: SimulationReport) -> Plot:
    """How often each name fired, every fireable name included; never-fired ones marked."""
    counts = dict(report.fired)
    for never in report.never_fired:
        counts[never] = 0
    names = sorted(counts, key=lambda n: (-counts[n], n))
    figure = new_figure(max(1.6, 0.5 + 0.14 * len(names)))
    axes = figure.add_subplot()
    positions = list(range(len(names)))
    colours = [NEVER if counts[n] == 0 else BAR for n in names]
    axes.barh(positions, [counts[n] / max(report.games, 1) for n in names], color=colours)
    axes.set_yticks(positions, [f"{n} (never)" if counts[n] == 0 else n for n in names], fontsize=6)
    for tick, colour in zip(axes.get_yticklabels(), colours, strict=True):
        tick.set_color(colour)
    axes.invert_yaxis()
    axes.set_xlabel("times per game")
    axes.set_title(f"{name}: how often each card, step or space fired")
    return Plot("fired", "Times per game each name fired; names that never fired are marked in red.", figure)
