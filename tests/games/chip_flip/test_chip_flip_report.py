"""Chip Flip's report section: drawn only when the run has margins, its text gives the mean
margin and its plot has one bar per margin, as high as the games at that margin (read back
from the drawn figure's bars)."""

from generator.games.chip_flip import PLUGIN
from generator.games.chip_flip.figures import score_margin
from generator.games.chip_flip.report import SECTIONS, margins
from generator.games.sections import Simulated


def simulated(figures: dict) -> Simulated:
    return Simulated("Chip Flip", figures, None, completed=4)


def test_the_section_is_the_games_own_and_the_plugin_declares_it():
    (section,) = SECTIONS
    assert section.engine == PLUGIN.engine.name == "chip_flip"
    assert section.draw is margins and PLUGIN.sections == SECTIONS


def test_no_margins_no_section():
    assert margins(simulated({})) is None
    assert margins(simulated({"score_margin": score_margin([])})) is None


def test_one_bar_per_margin_as_high_as_its_games():
    section = margins(simulated({"score_margin": score_margin([0, 2, 2, 5])}))
    assert section.title == "Score margin"
    assert section.text == "Mean margin 2.25 points."  # (0 + 2 + 2 + 5) / 4
    (plot,) = section.plots
    assert plot.name == "score-margin"
    (axes,) = plot.figure.axes
    assert [label.get_text() for label in axes.get_xticklabels()] == ["0", "2", "5"]
    assert [bar.get_height() for bar in axes.patches] == [1, 2, 1]
    assert axes.get_title() == "Chip Flip: score margin"


def test_a_whole_mean_is_written_without_decimals():
    section = margins(simulated({"score_margin": score_margin([1, 3])}))
    assert section.text == "Mean margin 2 points."
