import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.units import UnitError, mm_to_pt, parse_length


@pytest.mark.parametrize(
    ("text", "mm"),
    [("63mm", 63.0), ("2.5in", 63.5), ("72pt", 25.4), ("1cm", 10.0), ("96px", 25.4), (" 0.5 mm ", 0.5), ("-3mm", -3.0)],
)
def test_lengths_convert_to_millimetres(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("value", [63, 2.5, 0])
def test_bare_numbers_are_rejected_with_a_hint(value):
    with pytest.raises(UnitError, match="has no unit"):
        parse_length(value)


@pytest.mark.parametrize("text", ["63", "63 furlongs", "mm", "", "1e400mm", "six mm"])
def test_malformed_lengths_say_what_was_expected(text):
    with pytest.raises(UnitError, match="expected|unknown unit|finite"):
        parse_length(text)


def test_points_round_trip():
    assert mm_to_pt(25.4) == pytest.approx(72.0)


@given(st.text(max_size=30))
def test_any_text_gives_a_length_or_a_unit_error(text):
    try:
        value = parse_length(text)
    except UnitError:
        return
    assert math.isfinite(value)
