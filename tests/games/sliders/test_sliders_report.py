"""The Sliders section of the simulation report (generator/games/sliders/report.py): where
each square sits on the heat-map board (GO bottom right, clockwise as the classic board),
how square names wrap, each group's bar in its deeds' printed colour and names, and the section drawn from a
run's figures, read back from the matplotlib figures it holds."""

from pathlib import Path

import yaml
from matplotlib.colors import to_hex

from generator.games import load_game
from generator.games.sections import Simulated
from generator.games.sliders.engine import SlidersEngine
from generator.games.sliders.report import SECTIONS, _wrapped, board_cells, draw
from tests.conftest import COMPONENTS

DECK = SlidersEngine().load_deck(load_game(Path(__file__).resolve().parents[3] / "components" / "sliders"))


def test_the_board_runs_clockwise_from_go_in_the_bottom_right_corner():
    cells = board_cells(40)
    assert cells[0] == (10, 0)  # GO: bottom right (row 0 is the bottom)
    assert cells[1] == (9, 0)  # leftwards along the bottom
    assert cells[10] == (0, 0)  # the Slidecage: bottom left
    assert cells[11] == (0, 1)  # up the left side
    assert cells[20] == (0, 10)  # top left
    assert cells[30] == (10, 10)  # top right
    assert cells[39] == (10, 1)  # down the right side, next to GO
    assert len(set(cells)) == 40
    assert all(col in (0, 10) or row in (0, 10) for col, row in cells)
    for (c0, r0), (c1, r1) in zip(cells, cells[1:] + cells[:1], strict=True):
        assert abs(c1 - c0) + abs(r1 - r0) == 1  # each square next to the one before


def test_square_names_wrap_at_about_eleven_characters_on_three_lines_at_most():
    assert _wrapped("GO") == "GO"
    assert _wrapped("Go to the Slidecage") == "Go to the\nSlidecage"
    assert _wrapped("Summer of Love World") == "Summer of\nLove World"
    assert _wrapped("a bb ccc dddd eeeee ffffff ggggggg") == "a bb ccc\ndddd eeeee\nffffff"


def figures() -> dict:
    shares = [0.0] * 40
    shares[0], shares[10], shares[24] = 0.25, 0.5, 0.25
    return {"landing_share": shares, "rent_per_game_by_group": {"brown": 12.5, "dark-blue": 80.0}}


def test_the_section_draws_the_board_and_the_rent_by_group():
    section = draw(Simulated("Sliders", figures(), DECK, 10))
    assert section is not None and section.title == "Where moves end, and what rent brings in"
    board, rent = section.plots
    assert (board.name, rent.name) == ("landing-board", "rent-by-group")
    texts = [text.get_text() for text in board.figure.axes[0].texts]
    # Each square's name, then its share; then the board's title in the middle.
    names, shares = texts[0:80:2], texts[1:80:2]
    assert [" ".join(name.split()) for name in names] == [square.name for square in DECK.squares]
    assert (names[24], shares[24]) == ("Royal World", "25.0%")
    assert (shares[0], shares[10]) == ("25.0%", "50.0%") and shares.count("0.0%") == 37
    assert texts[80:] == ["Sliders\nwhere moves end"]
    bars = rent.figure.axes[0].patches
    assert [bar.get_width() for bar in bars] == [12.5, 80.0]
    deeds = yaml.safe_load((COMPONENTS / "sliders" / "deeds.yaml").read_text())["items"]
    for bar, label, group in zip(bars, rent.figure.axes[0].get_yticklabels(), ("brown", "dark-blue"), strict=True):
        printed = [deed for deed in deeds if deed["group"] == group]
        assert label.get_text() == " / ".join(deed["name"] for deed in printed)  # the names the deeds print
        assert to_hex(bar.get_facecolor()) == printed[0]["colour"].lower()  # in the colour they print


def test_a_run_without_the_figures_has_no_section_and_an_odd_board_no_map():
    assert draw(Simulated("Sliders", {}, DECK, 0)) is None
    odd = {"landing_share": [0.5, 0.5, 0.0], "rent_per_game_by_group": {"brown": 1.0}}
    section = draw(Simulated("Sliders", odd, None, 1))
    assert section is not None and [plot.name for plot in section.plots] == ["rent-by-group"]


def test_the_section_is_declared_for_the_sliders_engine():
    (section,) = SECTIONS
    assert section.engine == "sliders" and section.draw is draw


def test_one_outlier_does_not_set_the_colour_scale_and_labels_read_on_their_colour():
    """The Slidecage's 8.8% would make every other square one pale colour: the darkest colour
    stands for the second largest share, the bar runs on past it, says percent, and each
    label is white on a dark cell and black on a light one (read from the figure)."""
    shares = [0.02] * 40
    shares[10], shares[24], shares[5] = 0.088, 0.035, 0.03
    board = draw(Simulated("Sliders", {"landing_share": shares}, DECK, 10)).plots[0].figure
    cells = board.axes[0].patches
    colours = [tuple(round(c, 3) for c in cell.get_facecolor()) for cell in cells]
    assert colours[10] == colours[24], "the outlier is drawn in the darkest colour, as the second largest"
    assert len({colours[n] for n in (5, 24, 0)}) == 3, "the squares below it keep distinct colours"
    texts = board.axes[0].texts
    for index in (10, 0):
        luminance = sum(w * c for w, c in zip((0.2126, 0.7152, 0.0722), colours[index][:3], strict=True))
        expected = "#ffffff" if luminance <= 0.45 else "#000000"
        assert texts[2 * index].get_color() == texts[2 * index + 1].get_color() == expected
    bar = board.axes[1]
    ticks = [label.get_text() for label in bar.get_yticklabels()]
    assert ticks and all(tick.endswith("%") for tick in ticks if tick)
    assert bar.get_ylabel() == "share of moves ending there"
