"""The plots every simulation report has, drawn from a report made by hand: the game-length
histogram (whole-turn bins, at most 40), win rate by seat and the first player's share with
their 95% intervals (a seat that won every game, or none, included), and how often each name
fired, never-fired names marked. The drawn bars and lines are read back from the figure.

The intervals expected are Wilson's 95% score intervals as statistics tables give them:
7 of 10 -> 39.7% to 89.2%, 10 of 10 -> 72.2% to 100%, 0 of 10 -> 0% to 27.8%."""

import pytest

from generator import charts
from generator.check import plots
from generator.check.simulate import SimulationReport


def report(**changes) -> SimulationReport:
    """12 two-player games, 10 ended by the rules (8 of 3 turns, 2 of 4), 2 capped: seat 1
    won all 10, the first player 7."""
    figures = {
        "engine": "toy",
        "games": 12,
        "players": 2,
        "seed": 1,
        "policies": ["random", "random"],
        "options": {},
        "max_actions": 100,
        "turns": {"mean": 4.0, "median": 4, "p95": 5, "max": 5},
        "completed": 10,
        "capped": 2,
        "seat_wins": [10, 0],
        "fired": {"bridge": 4, "arch": 4, "cave": 1},
        "never_fired": ["zoo"],
        "unlisted_fired": [],
        "games_per_second": 1.0,
        "first_player_wins": 7,
        "lengths": {3: 2, 5: 1},
        "ended_lengths": {3: 8, 4: 2},
    }
    return SimulationReport(**{**figures, **changes})


def bars(plot) -> list[tuple[float, float, float]]:
    """Each bar of a plot's axes: (left, width, height)."""
    return [(patch.get_x(), patch.get_width(), patch.get_height()) for patch in plot.figure.axes[0].patches]


def test_game_lengths_are_a_histogram_of_whole_turns():
    plot = plots.game_lengths("Toy", {3: 2, 5: 1})
    assert plot.name == "game-length"
    assert bars(plot) == [(3, 1, 2), (4, 1, 0), (5, 1, 1)]
    assert plot.figure.axes[0].get_title() == "Toy: game length (3 games)"


def test_game_lengths_take_at_most_forty_bins():
    """Turns 1 to 100: 100 values in bins of ceil(100 / 40) = 3 turns, from 1: 34 bins."""
    plot = plots.game_lengths("Toy", {1: 1, 50: 5, 100: 2})
    drawn = bars(plot)
    assert len(drawn) == 34 and all(width == 3 for _, width, _ in drawn)
    assert drawn[0] == (1, 3, 1) and drawn[16] == (49, 3, 5) and drawn[-1] == (100, 3, 2)
    assert sum(height for _, _, height in drawn) == 8


def test_no_games_draw_an_empty_histogram():
    plot = plots.game_lengths("Toy", {})
    assert bars(plot) == [] and plot.figure.axes[0].get_title() == "Toy: game length (0 games)"


def test_seat_win_rates_with_intervals_against_an_even_share():
    """Seat 1 won all 10 games and seat 2 none: the two edge cases of the error bars."""
    plot = plots.seat_win_rates("Toy", report())
    axes = plot.figure.axes[0]
    assert plot.name == "seat-win-rate"
    assert [height for _, _, height in bars(plot)] == [1.0, 0.0]
    (errors,) = axes.collections
    (low_one, high_one), (low_two, high_two) = [segment[:, 1] for segment in errors.get_segments()]
    assert (low_one, high_one) == (pytest.approx(0.722, abs=1e-3), 1.0)
    assert (low_two, high_two) == (0.0, pytest.approx(0.278, abs=1e-3))
    even = [line for line in axes.lines if line.get_label() == "even share"]
    assert [list(line.get_ydata()) for line in even] == [[0.5, 0.5]]
    assert axes.get_title() == "Toy: win rate by seat, with 95% intervals (10 games)"


def test_first_players_share_with_its_interval():
    plot = plots.first_player("Toy", report())
    axes = plot.figure.axes[0]
    assert plot.name == "first-player"
    assert [patch.get_width() for patch in axes.patches] == [0.7]
    (errors,) = axes.collections
    low, high = errors.get_segments()[0][:, 0]
    assert (low, high) == (pytest.approx(0.397, abs=1e-3), pytest.approx(0.892, abs=1e-3))
    even = [line for line in axes.lines if line.get_label() == "even share"]
    assert [list(line.get_xdata()) for line in even] == [[0.5, 0.5]]
    assert axes.get_title() == "Toy: first player's advantage (10 games)"


def test_a_first_player_who_won_every_game_is_drawn():
    """10 of 10: the interval's top is a rounding error under the rate of 1."""
    axes = plots.first_player("Toy", report(first_player_wins=10)).figure.axes[0]
    (errors,) = axes.collections
    assert list(errors.get_segments()[0][:, 0]) == [pytest.approx(0.722, abs=1e-3), 1.0]


def test_fired_names_most_first_per_game_never_fired_marked():
    plot = plots.fired("Toy", report())
    axes = plot.figure.axes[0]
    assert plot.name == "fired"
    labels = axes.get_yticklabels()
    assert [label.get_text() for label in labels] == ["arch", "bridge", "cave", "zoo (never)"]
    assert [label.get_color() for label in labels] == [charts.BAR, charts.BAR, charts.BAR, charts.NEVER]
    widths = [patch.get_width() for patch in axes.patches]
    assert widths == pytest.approx([4 / 12, 4 / 12, 1 / 12, 0])  # times per game played
    assert axes.yaxis_inverted()  # the first name on top
