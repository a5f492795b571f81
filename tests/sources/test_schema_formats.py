"""Our two string formats, as both validators check them: a length within its format's range
(no element is a metre long) and a colour by its hex digits or inks (a CSS name is no
colour in a source). A value out of range is named with the range its format expects."""

import pytest

from generator.sources.errors import Loc, SourceError
from generator.sources.schema import COLOUR, LENGTH, NONNEGATIVE_LENGTH, POSITIVE_LENGTH, closed, validate
from generator.sources.schema_formats import FORMAT_CHECKS, checked_length
from generator.units import UnitError

HERE = Loc("deck.yaml", 1, 1)


@pytest.mark.parametrize(
    ("fmt", "good", "bad"),
    [
        ("length", ["-1000mm", "0mm", "1000mm", "1in", "12pt"], ["-1001mm", "1001mm", "40in", "3", "3 furlongs"]),
        ("nonnegative-length", ["0mm", "1000mm"], ["-0.1mm", "1000.1mm"]),
        ("positive-length", ["0.1mm", "1000mm"], ["0mm", "-3mm", "1001mm"]),
        ("colour", ["#12ab34", "#FFFFFF", "cmyk(0,100,100,0)"], ["#12ab3", "#FFF", "red", "cmyk(0,101,0,0)", ""]),
    ],
)
def test_each_format_takes_its_own_values(fmt, good, bad):
    check = FORMAT_CHECKS[fmt]
    assert [value for value in good if not check(value)] == []
    assert [value for value in bad if check(value)] == []


def test_a_length_out_of_range_says_the_range():
    assert checked_length("63mm", "positive-length") == 63.0
    with pytest.raises(UnitError, match="above 0mm and at most 1000mm"):
        checked_length("0mm", "positive-length")


@pytest.mark.parametrize(
    ("schema", "value", "message"),
    [
        (LENGTH, "1001mm", "expected a length between -1000mm and 1000mm, got '1001mm'"),
        (NONNEGATIVE_LENGTH, "-1mm", "expected a length between 0mm and 1000mm, got '-1mm'"),
        (POSITIVE_LENGTH, "0mm", "expected a length above 0mm and at most 1000mm, got '0mm'"),
        (COLOUR, "#12ab3", "expected a colour such as '#1a2b3c' or 'cmyk(0,100,100,0)', got '#12ab3'"),
    ],
)
def test_a_value_of_the_wrong_format_is_refused_with_what_was_expected(schema, value, message):
    with pytest.raises(SourceError) as caught:
        validate({"x": value}, closed({"x": schema}), fallback=HERE)
    assert str(caught.value).endswith(message)
