"""The Sliders part of a simulation report: where moves end, as a heat map on the board
itself, and the rent each colour group brings in (figures.py gives both)."""

from collections.abc import Sequence
from typing import Any

from generator.charts import BAR, Plot, Section, new_figure, percent, styled
from generator.games.sections import ReportSection, Simulated


def draw(simulated: Simulated) -> Section | None:
    """The board's landing shares and the rent by group, where the run has them."""
    figures = simulated.figures
    plots = []
    shares = figures.get("landing_share")
    if shares and len(shares) % 4 == 0:
        squares = [square.name for square in getattr(simulated.deck, "squares", [])]
        plots.append(landing_board(simulated.name, shares, squares))
    if figures.get("rent_per_game_by_group"):
        plots.append(rent_by_group(simulated.name, figures["rent_per_game_by_group"], simulated.deck))
    return Section("Where moves end, and what rent brings in", plots=tuple(plots)) if plots else None


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


def colour_top(shares: Sequence[float]) -> float:
    """The share the heat map's darkest colour stands for: the second largest, so that one
    outlier (the Slidecage, where every "go to" sends a pawn) does not wash the other 39
    squares into one colour; the outlier is drawn in the darkest, and the bar says it runs on."""
    ranked = sorted(shares, reverse=True)
    return (ranked[1] if len(ranked) > 1 and ranked[1] > 0 else ranked[0]) or 1.0


def ink_on(rgba: tuple[float, ...]) -> str:
    """Black or white, whichever reads on a cell of that colour (its relative luminance)."""
    r, g, b = rgba[:3]
    return "#000000" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else "#ffffff"


@styled
def landing_board(name: str, shares: Sequence[float], squares: Sequence[str]) -> Plot:
    """The board with each square coloured by the share of moves ending on it, its name and
    share in black or white, whichever reads on its colour; the colour bar in percent."""
    from matplotlib import colormaps
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize
    from matplotlib.patches import Rectangle
    from matplotlib.ticker import PercentFormatter

    side = len(shares) // 4
    figure = new_figure(7.0, 7.0)
    axes = figure.add_subplot()
    colour = colormaps["YlOrRd"]
    top = colour_top(shares)
    scale = Normalize(vmin=0, vmax=top, clip=True)
    for index, (column, row) in enumerate(board_cells(len(shares))):
        fill = colour(scale(shares[index]))
        axes.add_patch(Rectangle((column, row), 1, 1, facecolor=fill, edgecolor="#444444"))
        label = squares[index] if index < len(squares) else str(index)
        ink = ink_on(fill)
        axes.text(column + 0.5, row + 0.62, _wrapped(label), ha="center", va="center", fontsize=4.2, color=ink)
        axes.text(column + 0.5, row + 0.2, percent(shares[index]), ha="center", va="center", fontsize=5.5, color=ink)
    axes.set_xlim(0, side + 1)
    axes.set_ylim(0, side + 1)
    axes.set_aspect("equal")
    axes.axis("off")
    axes.text((side + 1) / 2, (side + 1) / 2, f"{name}\nwhere moves end", ha="center", va="center", fontsize=11)
    extend = "max" if max(shares) > top else "neither"
    bar = figure.colorbar(ScalarMappable(norm=scale, cmap=colour), ax=axes, shrink=0.6, extend=extend)
    bar.set_label("share of moves ending there")
    bar.formatter = PercentFormatter(xmax=1.0, decimals=1)
    bar.update_ticks()
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
def rent_by_group(name: str, rent: dict[str, float], deck: Any) -> Plot:
    """Rent per game for each group, in board order, each bar in the colour its deeds print
    and named by its deeds' printed names (a group's id, such as "dark-blue", is no name a
    player has seen)."""
    groups = [group for group in getattr(deck, "groups", {}) if group in rent] or list(rent)
    colours = getattr(deck, "group_colours", {})
    figure = new_figure(0.8 + 0.32 * len(groups))
    axes = figure.add_subplot()
    positions = list(range(len(groups)))
    axes.barh(
        positions,
        [rent[g] for g in groups],
        color=[colours.get(g, BAR) for g in groups],
        edgecolor="#444444",
        linewidth=0.5,
    )
    axes.set_yticks(positions, [_group_label(deck, g) for g in groups], fontsize=6.5)
    axes.invert_yaxis()
    axes.set_xlabel("rent charged per game")
    axes.set_title(f"{name}: rent income per colour group")
    return Plot("rent-by-group", "Rent charged per game on each colour group (railroads and utilities too).", figure)


def _group_label(deck: Any, group: str) -> str:
    """A group as the cards print it: its deeds' names ("Earth Prime / Kromagg Prime")."""
    deeds = getattr(deck, "deeds", {})
    names = [deeds[index].name for index in getattr(deck, "groups", {}).get(group, ()) if index in deeds]
    return " / ".join(names) if names else group


SECTIONS = (ReportSection("sliders", "sliders", draw),)
