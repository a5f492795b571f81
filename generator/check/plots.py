"""The plots every simulation report has, whatever the game: game lengths, win rate by seat,
the first player's advantage and what fired. They are drawn with the report's parts
(generator/charts.py), as each game's own sections are."""

import math
from collections.abc import Mapping

from generator.charts import BAR, EVEN, NEVER, Plot, error_bars, new_figure, styled
from generator.check.simulate import SimulationReport


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
    # Where matplotlib would place the title and the y label itself, it measures every tick
    # label again at each draw, and a deck names hundreds. This plot has no top x axis and no
    # y offset text to clear, and no y label, so the fixed places below are the ones it
    # would find: the same picture, a third faster.
    axes.set_title(f"{name}: how often each card, step or space fired", y=1.0)
    axes.yaxis.set_label_coords(0, 0.5)
    return Plot("fired", "Times per game each name fired; names that never fired are marked in red.", figure)
