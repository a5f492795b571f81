"""The report's parts: error bars that matplotlib always accepts (never a negative distance,
even where a rate of 0 or 1 lies a rounding error outside its Wilson interval), shares as
percentages, and plots written as SVG and PNG that say neither when nor by what they were
drawn, the same bytes each time. The files are read back with defusedxml and Pillow."""

import io

import matplotlib
import pytest
from defusedxml import ElementTree
from PIL import Image

from generator import charts
from generator.charts import PNG_DPI, WIDTH, Plot, error_bars, new_figure, percent, styled
from generator.check.stats import wilson_interval

SVG = "{http://www.w3.org/2000/svg}"
DC = "{http://purl.org/dc/elements/1.1/}"


def rate(wins: float, games: int) -> dict:
    """A {"rate", "ci95"} figure as the simulation report gives it."""
    return {"rate": wins / games, "ci95": list(wilson_interval(wins, games))}


def test_a_rate_inside_its_interval_gives_the_distances_below_and_above():
    below, above = error_bars([{"rate": 0.5, "ci95": [0.3, 0.8]}, {"rate": 0.25, "ci95": [0.25, 0.5]}])
    assert below == pytest.approx([0.2, 0.0]) and above == pytest.approx([0.3, 0.25])


def test_a_rate_of_one_a_rounding_error_above_its_interval_gives_no_negative_distance():
    """10 wins of 10 games: the interval's upper bound is 0.9999999999999999, below the rate."""
    ten_of_ten = rate(10, 10)
    assert ten_of_ten["rate"] == 1.0 and ten_of_ten["ci95"][1] < 1.0  # the case this test is about
    below, above = error_bars([ten_of_ten])
    assert above == [0.0]
    assert below == pytest.approx([1.0 - ten_of_ten["ci95"][0]]) and below[0] > 0.2


def test_a_rate_of_zero_a_rounding_error_below_its_interval_gives_no_negative_distance():
    """0 wins of 7 games: the interval's lower bound is a rounding error above 0."""
    none_of_seven = rate(0, 7)
    assert none_of_seven["rate"] == 0.0 and none_of_seven["ci95"][0] > 0.0  # the case this test is about
    below, above = error_bars([none_of_seven])
    assert below == [0.0] and above[0] > 0.3


def test_matplotlib_draws_the_bars_of_every_edge_rate():
    """matplotlib refuses a negative error distance; error_bars gives it none, whatever the
    games (every count of games up to 60, with no wins and with every win)."""
    rates = [rate(wins, games) for games in range(1, 61) for wins in (0, games)]
    below, above = error_bars(rates)
    assert min(below + above) >= 0.0
    unclamped = [[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]]
    axes = new_figure(2.0).add_subplot()
    with pytest.raises(ValueError, match="negative"):  # what the clamping prevents
        axes.bar(range(len(rates)), [r["rate"] for r in rates], yerr=unclamped)
    axes.bar(range(len(rates)), [r["rate"] for r in rates], yerr=[below, above])


def test_percent_gives_one_decimal():
    assert [percent(share) for share in (0.125, 1, 0, 0.33333)] == ["12.5%", "100.0%", "0.0%", "33.3%"]


@styled
def bars(title: str) -> Plot:
    """A small plot drawn as the report draws its own."""
    figure = new_figure(2.0)
    axes = figure.add_subplot()
    axes.bar(["a", "b"], [0.25, 0.75], color=charts.BAR)
    axes.set_title(title)
    return Plot("bars", "Two bars.", figure)


def test_a_plot_is_drawn_in_the_report_style_and_the_style_is_undone_after():
    seen = {}

    @styled
    def drawn() -> Plot:
        seen.update(size=matplotlib.rcParams["font.size"], salt=matplotlib.rcParams["svg.hashsalt"])
        return bars("styled")

    before = matplotlib.rcParams["font.size"]
    drawn()
    assert seen == {"size": 9, "salt": charts.SVG_SALT}
    assert matplotlib.rcParams["font.size"] == before


def test_svg_has_no_date_and_no_software_name_and_is_the_same_each_time():
    first, second = bars("same").svg, bars("same").svg
    assert first == second
    root = ElementTree.fromstring(first.encode())
    assert root.tag == f"{SVG}svg"
    assert root.find(f".//{DC}date") is None
    assert root.find(f".//{DC}creator") is None
    assert "atplotlib v" not in first
    assert "<!-- same -->" in first  # the title, which matplotlib writes before its paths


def test_inline_svg_is_the_svg_element_alone():
    text = charts.inline_svg(bars("inline"))
    assert text.startswith("<svg") and "<?xml" not in text and "<!DOCTYPE" not in text
    assert ElementTree.fromstring(text.encode()).tag == f"{SVG}svg"


def test_png_is_the_figure_at_the_report_resolution_without_the_software_name():
    data = charts.png(bars("png"))
    assert data == charts.png(bars("png"))
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        assert image.size == (round(WIDTH * PNG_DPI), round(2.0 * PNG_DPI))  # 7 x 2 inches at 110 dpi
        assert "Software" not in image.info and "Software" not in getattr(image, "text", {})
        colours = {colour for _, colour in image.convert("RGB").getcolors(maxcolors=1 << 20)}
    assert (0x44, 0x77, 0xAA) in colours  # the bars, in the report's colour
