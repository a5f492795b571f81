"""Text outlined as SVG paths lands where the PDF's text does: each glyph's outline spans its
box in the font file (read here with fontTools from the shipped TTF) scaled to the size,
baseline at y, and each next glyph starts one advance on, the advance reportlab measures
(the PDF writer's own metrics)."""

import re

import pytest
from fontTools.ttLib import TTFont
from reportlab.pdfbase.pdfmetrics import registerFont, stringWidth
from reportlab.pdfbase.ttfonts import TTFont as ReportlabFont

from generator.layout.fonts import face
from generator.render.glyphs import outline_path


def points(path: str) -> list[tuple[float, float]]:
    """The points (end and control points) of SVG path data in absolute commands: M, L, H,
    V, Q, C and Z, as fontTools' SVG pen writes them."""
    found: list[tuple[float, float]] = []
    x = y = 0.0
    for command, numbers in re.findall(r"([MLHVQCZ])([^MLHVQCZ]*)", path):
        values = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", numbers)]
        if command == "H":
            found += [(x := v, y) for v in values]
        elif command == "V":
            found += [(x, y := v) for v in values]
        elif command != "Z":
            pairs = list(zip(values[::2], values[1::2], strict=True))
            found += pairs
            x, y = pairs[-1]
    return found


def glyph_box(font: str, char: str) -> tuple[float, float, float, float, int]:
    """(xMin, yMin, xMax, yMax, unitsPerEm) of a character's glyph, from the font file."""
    tables = TTFont(str(face(font).path))
    glyph = tables["glyf"][tables.getBestCmap()[ord(char)]]
    return glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax, tables["head"].unitsPerEm


@pytest.mark.parametrize("font", ["DejaVuSans", "DejaVuSans-Bold"])
def test_a_glyph_spans_its_box_scaled_to_the_size_on_the_baseline(font):
    x_min, y_min, x_max, y_max, em = glyph_box(font, "H")
    scale = 5.0 / em  # 5 mm type
    found = points(outline_path(font, "H", 10.0, 20.0, 5.0))
    assert min(x for x, _ in found) == pytest.approx(10 + x_min * scale, abs=1e-3)
    assert max(x for x, _ in found) == pytest.approx(10 + x_max * scale, abs=1e-3)
    # y grows downwards: the top of the H is above the baseline at 20 mm
    assert min(y for _, y in found) == pytest.approx(20 - y_max * scale, abs=1e-3)
    assert max(y for _, y in found) == pytest.approx(20 - y_min * scale, abs=1e-3)


def test_the_next_glyph_starts_one_reportlab_advance_on():
    font = "DejaVuSans"
    registerFont(ReportlabFont(font, str(face(font).path)))
    one = points(outline_path(font, "H", 0.0, 0.0, 4.0))
    two = points(outline_path(font, "HH", 0.0, 0.0, 4.0))
    advance = stringWidth("H", font, 4.0)  # points per point: at 4 mm, mm
    assert len(two) == 2 * len(one)
    assert two[len(one) :] == [pytest.approx((x + advance, y), abs=2e-3) for x, y in one]
    # and the whole line is as long as reportlab measures it
    assert max(x for x, _ in points(outline_path(font, "HH", 0.0, 0.0, 4.0))) < stringWidth("HH", font, 4.0)


def test_no_text_is_no_path_and_a_space_draws_nothing_but_moves_on():
    assert outline_path("DejaVuSans", "", 1.0, 2.0, 3.0) == ""
    assert outline_path("DejaVuSans", " ", 1.0, 2.0, 3.0) == ""
    spaced = points(outline_path("DejaVuSans", " H", 0.0, 0.0, 4.0))
    plain = points(outline_path("DejaVuSans", "H", 0.0, 0.0, 4.0))
    space = stringWidth(" ", "DejaVuSans", 4.0)
    assert min(x for x, _ in spaced) == pytest.approx(min(x for x, _ in plain) + space, abs=2e-3)
