"""Twisty Passages' report section: per declared speed, a table row for every speed (blank
where no turn was played at it) and a plot of only the speeds played, its bars the share of
turns stopped early and its line the mean path change, each worked out by hand from a few
turn records and read back from the drawn figure."""

from generator.games.sections import Simulated
from generator.games.twisty_passages import PLUGIN
from generator.games.twisty_passages.figures import speed_figures
from generator.games.twisty_passages.position import TurnRecord
from generator.games.twisty_passages.report import SECTIONS, speed


class Played:
    """A finished game as the speed figure reads it: only its turns.

    TurnRecord(player, speed declared, cards to draw, cards drawn, path change)."""

    turn_log = [
        TurnRecord(0, 3, 3, 3, 3),  # speed 3: all drawn, +3
        TurnRecord(1, 3, 4, 2, -1),  # speed 3: 2 of 4 drawn (stopped early), -1
        TurnRecord(0, 5, 5, 1, 0),  # speed 5: 1 of 5 drawn (stopped early), 0
        TurnRecord(1, 12, 12, 12, 8),  # faster than 10: the "11+" row
    ]


def simulated(figures: dict) -> Simulated:
    return Simulated("Twisty Passages", figures, None, completed=1)


def test_the_section_is_declared_for_this_game():
    (section,) = SECTIONS
    assert section.engine == PLUGIN.engine.name == "twisty_passages"
    assert section.draw is speed and PLUGIN.sections == SECTIONS


def test_no_speed_rows_no_section():
    assert speed(simulated({})) is None
    assert speed(simulated({"speed": []})) is None


def test_the_table_has_a_row_per_speed_blank_where_none_was_played():
    section = speed(simulated({"speed": speed_figures([Played()])}))
    assert section.title == "Speed"
    (table,) = section.tables
    assert table.header == ("speed", "turns", "stopped early", "mean path change")
    rows = {row[0]: row for row in table.rows}
    assert list(rows) == [str(n) for n in range(1, 11)] + ["11+"]
    assert rows["3"] == ("3", "2", "50.0%", "1")  # one of two stopped early; (3 - 1) / 2
    assert rows["5"] == ("5", "1", "100.0%", "0")
    assert rows["11+"] == ("11+", "1", "0.0%", "8")
    assert rows["1"] == ("1", "0", "", "")


def test_the_plot_shows_the_speeds_played_only():
    section = speed(simulated({"speed": speed_figures([Played()])}))
    (plot,) = section.plots
    assert plot.name == "speed"
    bars, line = plot.figure.axes  # the bars' axes and the twin axes of the line
    assert [label.get_text() for label in bars.get_xticklabels()] == ["3", "5", "11+"]
    assert [bar.get_height() for bar in bars.patches] == [0.5, 1.0, 0.0]
    (path_change,) = line.lines
    assert list(path_change.get_ydata()) == [1.0, 0.0, 8.0]
    assert bars.get_title() == "Twisty Passages: by declared speed"
