"""A sweep's page, from combinations and reports made by hand: the table of every
combination's figures (Wilson 95% intervals as tables give them: 10 of 10 -> 72.2% to
100%, 0 of 10 -> 0% to 27.8%, 7 of 10 -> 39.7% to 89.2%, 6 of 10 -> 31.3% to 83.2%, 3 of 10
-> 10.8% to 60.3%, 1 of 10 -> 1.8% to 40.4%), the
plots across combinations read back from their figures (a seat that won every game
included), the page parsed as HTML with its SVGs as XML, and an interrupted sweep said so."""

import re
from html.parser import HTMLParser

import pytest
from defusedxml import ElementTree

from generator.check.sweep import Combination, SweepResult
from generator.check.sweep_html import (
    ended_plot,
    first_player_plot,
    lengths_plot,
    render_html,
    seats_plot,
    summary_table,
    write_html,
)
from generator.sources.errors import SourceError
from tests.check.test_plots import report


def combination(players: int, *settings: tuple[str, str]) -> Combination:
    return Combination(settings, players, "random", (), {})


#: Two players (seat 1 won all 10 ended games), then three (the report's seats as changed).
SWEEP = SweepResult(
    engine="toy",
    games=12,
    seed=1,
    varied=("players",),
    combinations=(combination(2, ("players", "2")), combination(3, ("players", "3"))),
    reports=(
        report(),
        report(
            players=3,
            seat_wins=[6, 3, 1],
            first_player_wins=6,
            turns={"mean": 7.5, "median": 7, "p95": 11, "max": 12},
            never_fired=[],
            problems=[],
            interrupted=True,
        ),
    ),
)


class Page(HTMLParser):
    def __init__(self, text: str):
        super().__init__()
        self.rows: list[list[str]] = []
        self.figures: list[str] = []
        self.paragraphs: list[str] = []
        self._in: str | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.rows[-1].append("")
            self._in = "cell"
        elif tag == "p":
            self.paragraphs.append("")
            self._in = "p"
        elif tag == "figure":
            self.figures.append(dict(attrs)["id"])

    def handle_endtag(self, tag):
        if tag in ("td", "th", "p"):
            self._in = None

    def handle_data(self, data):
        if self._in == "cell":
            self.rows[-1][-1] += data
        elif self._in == "p":
            self.paragraphs[-1] += data


def test_the_table_has_a_row_of_figures_per_combination():
    table = summary_table(SWEEP)
    assert table.header[0] == "combination" and len(table.header) == 10
    # which games each figure counts: turns of every game, and of the games the rules ended
    assert table.header[3:8] == (
        "turns mean / median / p95, of every game (an unended one at its length when it stopped)",
        "turns mean, of the games the rules ended",
        "first player, of the games the rules ended",
        "seats, of the games the rules ended",
        "no winner (unended), of every game",
    )
    assert table.rows == (
        (
            "players=2",
            "12",
            "83.3%",
            "4 / 4 / 5",
            "3.2",
            "70.0% [39.7%-89.2%]",
            "1: 100.0% [72.2%-100.0%]  2: 0.0% [0.0%-27.8%]",
            "16.7% [4.7%-44.8%]",  # the 2 capped of 12
            "1",
            "0",
        ),
        (
            "players=3",
            "12 (interrupted)",
            "83.3%",
            "7.5 / 7 / 11",
            "3.2",
            "60.0% [31.3%-83.2%]",
            "1: 60.0% [31.3%-83.2%]  2: 30.0% [10.8%-60.3%]  3: 10.0% [1.8%-40.4%]",
            "16.7% [4.7%-44.8%]",
            "0",
            "0",
        ),
    )


def test_a_combination_varying_nothing_is_as_given():
    alone = SweepResult("toy", 12, 1, (), (combination(2),), (report(),))
    assert summary_table(alone).rows[0][0] == "as given"


def test_the_lengths_plot_gives_each_combinations_mean_median_and_95th_percentile():
    axes = lengths_plot("Toy", SWEEP).figure.axes[0]
    assert [patch.get_width() for patch in axes.patches] == [4.0, 7.5]
    median, p95 = axes.collections
    assert [list(point) for point in median.get_offsets()] == [[4, 0], [7, 1]]
    assert [list(point) for point in p95.get_offsets()] == [[5, 0], [11, 1]]
    assert [label.get_text() for label in axes.get_yticklabels()] == ["players=2", "players=3"]


def test_the_first_player_plot_draws_each_edge_over_an_even_share_in_points():
    """7 of 10 with two players is 20 points over an even 50%; 6 of 10 with three is 26.7
    over 33.3%; the intervals move with them (39.7% to 89.2% is -10.3 to +39.2 points)."""
    axes = first_player_plot("Toy", SWEEP).figure.axes[0]
    assert [patch.get_width() for patch in axes.patches] == pytest.approx([20.0, 26.667], abs=1e-3)
    errors = next(c for c in axes.collections if len(c.get_segments()) == 2)
    assert [list(segment[:, 0]) for segment in errors.get_segments()] == [
        pytest.approx([-10.3, 39.2], abs=0.1),
        pytest.approx([-2.0, 49.9], abs=0.1),
    ]
    assert "percentage points" in axes.get_xlabel()
    assert [0, 0] in [list(line.get_xdata()) for line in axes.get_lines()]  # the fair start marked


def test_the_ended_plot_draws_the_share_the_rules_ended_with_its_interval():
    """10 of 12 games ended by the rules in each combination: 83.3% (55.2% to 95.3%)."""
    axes = ended_plot("Toy", SWEEP).figure.axes[0]
    assert [patch.get_width() for patch in axes.patches] == pytest.approx([83.333, 83.333], abs=1e-3)
    errors = next(c for c in axes.collections if len(c.get_segments()) == 2)
    assert [list(segment[:, 0]) for segment in errors.get_segments()] == [pytest.approx([55.2, 95.3], abs=0.1)] * 2
    assert [text.get_text() for text in axes.texts] == ["83.3%", "83.3%"]


def test_the_seats_plot_draws_each_seat_where_the_combination_has_it():
    """Seat 3 is only in the second combination; seat 1 of the first won every game."""
    axes = seats_plot("Toy", SWEEP).figure.axes[0]
    heights = [[patch.get_height() for patch in bars] for bars in axes.containers if hasattr(bars, "patches")]
    assert heights == [[1.0, 0.6], [0.0, 0.3], [0.1]]
    assert [text.get_text() for text in axes.get_legend().get_texts()] == ["seat 1", "seat 2", "seat 3"]


def test_the_page_has_the_table_and_the_plots_and_says_a_run_was_interrupted(tmp_path):
    text = render_html(SWEEP, "Toy")
    page = Page(text)
    assert page.rows[0][0] == "combination"
    assert [row[0] for row in page.rows[1:]] == ["players=2", "players=3"]
    assert page.figures == ["sweep-ended", "sweep-first-player", "sweep-length", "sweep-seats"]
    assert any(p.startswith("12 games a combination, seed 1; varied: players.") for p in page.paragraphs)
    # the second combination's run was interrupted
    assert "Interrupted: 2 of 2 combinations were played (the last one maybe in part)." in page.paragraphs
    svgs = re.findall(r"<svg.*?</svg>", text, flags=re.S)
    assert [ElementTree.fromstring(svg.encode()).tag for svg in svgs] == ["{http://www.w3.org/2000/svg}svg"] * 4
    write_html(tmp_path / "sweep.html", SWEEP, "Toy")
    assert (tmp_path / "sweep.html").read_text() == text


def test_a_sweep_stopped_before_every_combination_played_says_so():
    three = (*SWEEP.combinations, combination(4, ("players", "4")))
    stopped = SweepResult("toy", 12, 1, ("players",), three, SWEEP.reports[:1])
    page = Page(render_html(stopped, "Toy"))
    assert "Interrupted: 1 of 3 combinations were played (the last one maybe in part)." in page.paragraphs
    nothing = Page(render_html(SweepResult("toy", 12, 1, ("players",), three, ()), "Toy"))
    assert nothing.figures == [] and nothing.rows == [nothing.rows[0]]  # the header alone


def test_a_page_that_cannot_be_written_is_bad_input(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(SourceError, match=r"cannot write .*file/sweep.html: "):
        write_html(tmp_path / "file" / "sweep.html", SWEEP, "Toy")
