"""Each shipped game's own part of the simulation report, drawn from its engine's figures.

    sections = game_sections(game)   # [] for an engine with no part of its own here

Sliders: the landing share as a heat map on the board itself, and rent income per colour
group. Chip Flip: the score margin. Twisty Passages: the per-speed table. Whipped!: how
often each bill passed. Slipmax: which strips' steps were in force when games ended.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib import colormaps
from matplotlib.cm import ScalarMappable
from matplotlib.colors import Normalize, is_color_like
from matplotlib.patches import Rectangle

from generator.check.plots import BAR, Plot, new_figure, styled
from generator.check.report import percent
from generator.check.simulate import SimulationReport


@dataclass(frozen=True)
class Table:
    """A table of the report; `marked` rows are highlighted (e.g. never fired)."""

    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    marked: tuple[bool, ...] = ()


@dataclass(frozen=True)
class Section:
    """A titled part of a game's report: a line of text, plots and tables."""

    title: str
    text: str = ""
    plots: tuple[Plot, ...] = ()
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class SimulatedGame:
    """One game's simulation, as the report shows it."""

    name: str
    #: Its file-name stem (the game folder's name).
    slug: str
    report: SimulationReport
    #: The engine's deck: where a figure needs the components' names (the board's squares).
    deck: Any = None


# --- Sliders ------------------------------------------------------------------------------


def board_cells(size: int) -> list[tuple[int, int]]:
    """(column, row) of each square on a square board's edge, row 0 at the bottom: square 0
    in the bottom right corner, then clockwise as the classic board runs (left along the
    bottom, up the left side, right along the top, down the right side)."""
    side = size // 4
    cells = []
    for index in range(size):
        edge, step = divmod(index, side)
        if edge == 0:
            cells.append((side - step, 0))
        elif edge == 1:
            cells.append((0, step))
        elif edge == 2:
            cells.append((step, side))
        else:
            cells.append((side, side - step))
    return cells


@styled
def landing_board(name: str, shares: Sequence[float], squares: Sequence[str]) -> Plot:
    """The board with each square coloured by the share of moves ending on it."""
    side = len(shares) // 4
    figure = new_figure(7.0, 7.0)
    axes = figure.add_subplot()
    colour = colormaps["YlOrRd"]
    scale = Normalize(vmin=0, vmax=max(shares) or 1)
    for index, (column, row) in enumerate(board_cells(len(shares))):
        axes.add_patch(Rectangle((column, row), 1, 1, facecolor=colour(scale(shares[index])), edgecolor="#444444"))
        label = squares[index] if index < len(squares) else str(index)
        axes.text(column + 0.5, row + 0.62, _wrapped(label), ha="center", va="center", fontsize=4.2)
        axes.text(column + 0.5, row + 0.2, percent(shares[index]), ha="center", va="center", fontsize=5.5)
    axes.set_xlim(0, side + 1)
    axes.set_ylim(0, side + 1)
    axes.set_aspect("equal")
    axes.axis("off")
    axes.text((side + 1) / 2, (side + 1) / 2, f"{name}\nwhere moves end", ha="center", va="center", fontsize=11)
    figure.colorbar(ScalarMappable(norm=scale, cmap=colour), ax=axes, shrink=0.6, label="share")
    return Plot("landing-board", "The share of all moves ending on each square, drawn on the board.", figure)


def _wrapped(text: str, width: int = 11) -> str:
    """Words on lines of about `width` characters (square names are short)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines[:3])


@styled
def rent_by_group(name: str, rent: dict[str, float]) -> Plot:
    figure = new_figure(2.8)
    axes = figure.add_subplot()
    groups = list(rent)
    colours = [_group_colour(group) for group in groups]
    axes.bar(groups, [rent[g] for g in groups], color=colours, edgecolor="#444444", linewidth=0.5)
    axes.set_ylabel("rent charged per game")
    axes.tick_params(axis="x", labelrotation=30, labelsize=7)
    axes.set_title(f"{name}: rent income per colour group")
    return Plot("rent-by-group", "Rent charged per game on each colour group (railroads and utilities too).", figure)


def _group_colour(group: str) -> str:
    plain = group.replace("_", "").replace(" ", "").replace("-", "").lower()
    return plain if is_color_like(plain) else BAR


def _sliders(game: SimulatedGame) -> list[Section]:
    figures = game.report.figures
    plots = []
    shares = figures.get("landing_share")
    if shares and len(shares) % 4 == 0:
        squares = [square.name for square in getattr(game.deck, "squares", [])]
        plots.append(landing_board(game.name, shares, squares))
    if figures.get("rent_per_game_by_group"):
        plots.append(rent_by_group(game.name, figures["rent_per_game_by_group"]))
    return [Section("Where moves end, and what rent brings in", plots=tuple(plots))] if plots else []


# --- Chip Flip ----------------------------------------------------------------------------


@styled
def score_margin(name: str, by_margin: dict[str, int]) -> Plot:
    figure = new_figure(2.6)
    axes = figure.add_subplot()
    axes.bar(list(by_margin), list(by_margin.values()), color=BAR)
    axes.set_xlabel("points between the sides at the end")
    axes.set_ylabel("games")
    axes.set_title(f"{name}: score margin")
    return Plot("score-margin", "How many points apart the two sides finished (0: level).", figure)


def _chip_flip(game: SimulatedGame) -> list[Section]:
    margin = game.report.figures.get("score_margin")
    if not margin or not margin["games_by_margin"]:
        return []
    text = f"Mean margin {margin['mean']:g} points."
    return [Section("Score margin", text, plots=(score_margin(game.name, margin["games_by_margin"]),))]


# --- Twisty Passages ----------------------------------------------------------------------


@styled
def speed_plot(name: str, rows: list[dict]) -> Plot:
    figure = new_figure(2.8)
    axes = figure.add_subplot()
    played = [row for row in rows if row["turns"]]
    speeds = [str(row["speed"]) for row in played]
    axes.bar(speeds, [row["early_stop_share"] for row in played], color=BAR, label="turns stopped early")
    axes.set_xlabel("declared speed")
    axes.set_ylabel("share of turns stopped early")
    other = axes.twinx()
    other.plot(speeds, [row["mean_path_change"] for row in played], color="#ee7733", marker="o", label="path change")
    other.set_ylabel("mean change of the path")
    axes.set_title(f"{name}: by declared speed")
    caption = "Per declared speed: turns ended before all their cards were drawn, and the path's change."
    return Plot("speed", caption, figure)


def _twisty_passages(game: SimulatedGame) -> list[Section]:
    rows = game.report.figures.get("speed")
    if not rows:
        return []
    table = Table(
        "Per declared speed",
        ("speed", "turns", "stopped early", "mean path change"),
        tuple(
            (
                str(row["speed"]),
                str(row["turns"]),
                "" if row["early_stop_share"] is None else percent(row["early_stop_share"]),
                "" if row["mean_path_change"] is None else f"{row['mean_path_change']:g}",
            )
            for row in rows
        ),
    )
    return [Section("Speed", plots=(speed_plot(game.name, rows),), tables=(table,))]


# --- Whipped! -----------------------------------------------------------------------------


@styled
def bill_pass_rates(name: str, rates: dict[str, float]) -> Plot:
    bills = sorted(rates, key=lambda bill: (-rates[bill], bill))
    figure = new_figure(max(1.6, 0.5 + 0.14 * len(bills)))
    axes = figure.add_subplot()
    axes.barh(range(len(bills)), [rates[b] for b in bills], color=BAR)
    axes.set_yticks(range(len(bills)), bills, fontsize=6)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set_xlabel("share of games it passed in")
    axes.set_title(f"{name}: bill pass rates")
    return Plot("bill-pass-rate", "The share of games in which each bill passed.", figure)


def _whipped(game: SimulatedGame) -> list[Section]:
    figures = game.report.figures
    rates = figures.get("bill_pass_rate")
    if not rates:
        return []
    passed = figures["pass_share"].items()
    shares = ", ".join(f"{players} players: {percent(share)}" for players, share in passed if share is not None)
    text = f"Bills passed out of bills voted on: {shares}." if shares else ""
    return [Section("Bill pass rates", text, plots=(bill_pass_rates(game.name, rates),))]


# --- Slipmax ------------------------------------------------------------------------------


@styled
def steps_at_end(name: str, grid: list[list[int]], strips: list[str], steps: list[str]) -> Plot:
    figure = new_figure(max(2.0, 0.6 + 0.22 * len(strips)))
    axes = figure.add_subplot()
    image = axes.imshow(grid, cmap="Blues", aspect="auto")
    axes.set_yticks(range(len(strips)), strips, fontsize=7)
    axes.set_xticks(range(len(steps)), steps, fontsize=7)
    axes.set_xlabel("step")
    peak = max((value for row in grid for value in row), default=0)
    for row, values in enumerate(grid):
        for column, value in enumerate(values):
            if value:
                shade = "white" if value > peak / 2 else "black"
                axes.text(column, row, str(value), ha="center", va="center", fontsize=6, color=shade)
    figure.colorbar(image, ax=axes, label="games")
    axes.set_title(f"{name}: steps in force when games ended")
    return Plot(
        "steps-at-end",
        "For each strip, how many games ended with each of its steps showing on a register.",
        figure,
    )


def _slipmax(game: SimulatedGame) -> list[Section]:
    counts: dict[str, dict[str, int]] = game.report.figures.get("steps_in_force_at_end") or {}
    strips = getattr(game.deck, "strips", ())
    if not counts or not strips:
        return []
    shown = [strip for strip in strips if strip.title in counts]
    numbers = sorted({step.number for strip in shown for step in strip.steps})
    grid = [[counts[strip.title].get(_step_named(strip, number), 0) for number in numbers] for strip in shown]
    text = f"Counted over the {game.report.completed} games the rules ended."
    plot = steps_at_end(game.name, grid, [strip.title for strip in shown], [str(n) for n in numbers])
    return [Section("Which strips' steps decide games", text, plots=(plot,))]


def _step_named(strip: Any, number: int) -> str:
    return next((step.name for step in strip.steps if step.number == number), "")


SECTIONS: dict[str, Callable[[SimulatedGame], list[Section]]] = {
    "sliders": _sliders,
    "chip_flip": _chip_flip,
    "twisty_passages": _twisty_passages,
    "whipped": _whipped,
    "slipmax": _slipmax,
}


def game_sections(game: SimulatedGame) -> list[Section]:
    """The game's own sections, by its engine's name."""
    sections = SECTIONS.get(game.report.engine)
    return sections(game) if sections is not None else []
