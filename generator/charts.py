"""The parts of a simulation report: plots (matplotlib figures, Agg, no pyplot, no display),
tables and titled sections, and the style they are drawn in.

The harness draws the report's own plots (generator/check/plots.py); a game draws its own
sections from its figures (its report.py) with the same parts. Both write deterministic
files: SVG ids are hashed with a fixed salt, and neither format records a date or the
software that wrote it. matplotlib is imported when a plot is drawn, not when a game's
sections are declared, so naming the games stays fast.
"""

import functools
import io
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ParamSpec

from msgspec import Struct

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The salt matplotlib hashes SVG ids with (its default is random per run).
SVG_SALT = "cutsheet"
STYLE: dict[Any, Any] = {"svg.hashsalt": SVG_SALT, "svg.fonttype": "path", "font.size": 9, "axes.titlesize": 10}
WIDTH = 7.0  # inches
PNG_DPI = 110
BAR = "#4477aa"
NEVER = "#cc3311"
EVEN = "#777777"


Params = ParamSpec("Params")


def _style() -> Any:
    """matplotlib's settings context in the report's style (Agg: draws without a display)."""
    import matplotlib

    matplotlib.use("Agg")
    return matplotlib.rc_context(STYLE)


def styled(draw: Callable[Params, "Plot"]) -> Callable[Params, "Plot"]:
    """Draw a plot in the report's style (matplotlib reads its settings as it draws)."""

    @functools.wraps(draw)
    def drawn(*args: Params.args, **kwargs: Params.kwargs) -> Plot:
        with _style():
            return draw(*args, **kwargs)

    return drawn


class Plot(Struct, frozen=True, dict=True):
    """One figure of a report; `name` is its file stem in --report-dir."""

    name: str
    caption: str
    figure: "Figure"

    @cached_property
    def svg(self) -> str:
        """The plot as an SVG document (text), without a date: drawn once, however often it is
        written (the report's page inlines it, and --report-dir writes it as a file)."""
        buffer = io.StringIO()
        with _style():
            self.figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
        return buffer.getvalue()


class Table(Struct, frozen=True):
    """A table of the report; `marked` rows are highlighted (e.g. never fired)."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: tuple[bool, ...] = ()


class Section(Struct, frozen=True):
    """A titled part of a game's report: a line of text, plots and tables."""

    title: str
    text: str = ""
    plots: tuple[Plot, ...] = ()
    tables: tuple[Table, ...] = ()


def inline_svg(plot: Plot) -> str:
    """The <svg> element alone, for an HTML page."""
    return plot.svg[plot.svg.index("<svg") :]


def png(plot: Plot) -> bytes:
    """The plot as a PNG, without the software's name."""
    buffer = io.BytesIO()
    with _style():
        plot.figure.savefig(buffer, format="png", dpi=PNG_DPI, metadata={"Software": None})
    return buffer.getvalue()


def new_figure(height: float, width: float = WIDTH) -> "Figure":
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def error_bars(rates: Sequence[dict]) -> list[list[float]]:
    """matplotlib's xerr/yerr (distances below, above) from {"rate", "ci95"} figures. A
    rate of 0 or 1 may lie a rounding error outside its interval; matplotlib refuses a
    negative distance, so none is less than 0."""
    return [[max(0.0, r["rate"] - r["ci95"][0]) for r in rates], [max(0.0, r["ci95"][1] - r["rate"]) for r in rates]]


def percent(share: float) -> str:
    return f"{100 * share:.1f}%"
