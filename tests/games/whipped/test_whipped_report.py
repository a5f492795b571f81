"""Whipped!'s report section: drawn only when the run has pass rates; its text gives the
share of bills voted on that passed per player count (skipping a count where none came to a
vote), and its plot one bar a bill, most passed first (ties by name), each as long as its
rate (read back from the drawn figure's bars and labels)."""

from generator.games.sections import Simulated
from generator.games.whipped import PLUGIN
from generator.games.whipped.report import SECTIONS, pass_rates


def simulated(figures: dict) -> Simulated:
    return Simulated("Whipped!", figures, None, completed=3)


FIGURES = {
    "bill_pass_rate": {"Budget Act": 0.5, "Arts Act": 0.5, "Clean Rivers Act": 0.75, "Dam Act": 0.0},
    "pass_share": {"4": 0.3, "5": None, "6": 0.125},
}


def test_the_section_is_declared_for_this_game():
    (section,) = SECTIONS
    assert section.engine == PLUGIN.engine.name == "whipped"
    assert section.draw is pass_rates and PLUGIN.sections == SECTIONS


def test_no_rates_no_section():
    assert pass_rates(simulated({})) is None
    assert pass_rates(simulated({"bill_pass_rate": {}, "pass_share": {}})) is None


def test_the_text_gives_the_pass_share_of_each_player_count_with_votes():
    section = pass_rates(simulated(FIGURES))
    assert section.title == "Bill pass rates"
    assert section.text == "Bills passed out of bills voted on: 4 players: 30.0%, 6 players: 12.5%."
    no_votes = pass_rates(simulated({**FIGURES, "pass_share": {"5": None}}))
    assert no_votes.text == ""


def test_one_bar_a_bill_most_passed_first():
    (plot,) = pass_rates(simulated(FIGURES)).plots
    assert plot.name == "bill-pass-rate"
    (axes,) = plot.figure.axes
    names = [label.get_text() for label in axes.get_yticklabels()]
    assert names == ["Clean Rivers Act", "Arts Act", "Budget Act", "Dam Act"]
    assert [bar.get_width() for bar in axes.patches] == [0.75, 0.5, 0.5, 0.0]
    assert axes.yaxis_inverted() and tuple(axes.get_xlim()) == (0.0, 1.0)  # first at the top, shares of 1
