"""The Slipmax section of the simulation report (generator/games/slipmax/report.py): the
steps in force when games ended, drawn as a strips-by-step-numbers grid in deck order, read
back from the matplotlib figure; a strip without a step number (Life of Royalty has no (0))
shows 0 there; and no section when the run has no such figure or no Slipmax deck."""

from pathlib import Path

from generator.games import load_game
from generator.games.sections import Simulated
from generator.games.slipmax.engine import SlipmaxEngine
from generator.games.slipmax.report import SECTIONS, steps_in_force

DECK = SlipmaxEngine().load_deck(load_game(Path(__file__).resolve().parents[3] / "components" / "slipmax"))

COUNTS = {
    "Life of Royalty": {"Life of Royalty (1)": 2, "Life of Royalty (6)": 1},
    "Life of Pain": {"Life of Pain (0)": 4},
}


def test_the_grid_has_a_row_per_strip_in_deck_order_and_a_column_per_step_number():
    section = steps_in_force(Simulated("Slipmax", {"steps_in_force_at_end": COUNTS}, DECK, 7))
    assert section is not None
    assert section.title == "Which strips' steps decide games"
    assert section.text == "Counted over the 7 games the rules ended."
    (plot,) = section.plots
    assert plot.name == "steps-at-end"
    axes = plot.figure.axes[0]
    assert [label.get_text() for label in axes.get_yticklabels()] == ["Life of Pain", "Life of Royalty"]
    # Pain has steps (0) to (7), Royalty (1) to (6): the columns are (0) to (7).
    assert [label.get_text() for label in axes.get_xticklabels()] == [str(n) for n in range(8)]
    grid = axes.images[0].get_array().tolist()
    assert grid == [[4, 0, 0, 0, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0, 1, 0]]
    assert sorted(text.get_text() for text in axes.texts) == ["1", "2", "4"]


def test_no_section_without_the_figure_or_a_slipmax_deck():
    assert steps_in_force(Simulated("Slipmax", {}, DECK, 3)) is None
    assert steps_in_force(Simulated("Slipmax", {"steps_in_force_at_end": {}}, DECK, 3)) is None
    assert steps_in_force(Simulated("Slipmax", {"steps_in_force_at_end": COUNTS}, None, 3)) is None


def test_the_section_is_declared_for_the_slipmax_engine():
    (section,) = SECTIONS
    assert (section.engine, section.draw) == ("slipmax", steps_in_force)
