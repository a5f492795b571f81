"""Property-based tests: any input to the loader, the unit parser or the text fitter ends in
a result or a clean input error (SourceError / UnitError), never another exception."""

import math
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.layout.text import TextStyle, fit_text
from generator.sources.errors import SourceError
from generator.sources.loader import LocDict, LocList, load_yaml
from generator.units import MM_PER_UNIT, UnitError, parse_length

YAML_ALPHABET = string.printable + "&*!|>%@`'\"{}[],:#-?\u00e9\u2028\x07\x00\ufeff"
yaml_texts = st.text(alphabet=YAML_ALPHABET, max_size=200)


def _positions_kept(value) -> bool:
    if isinstance(value, LocDict):
        return all(k in value.key_locs for k in value) and all(_positions_kept(v) for v in value.values())
    if isinstance(value, LocList):
        return len(value.item_locs) == len(value) and all(_positions_kept(v) for v in value)
    return True


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(yaml_texts.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=200)))
def test_the_loader_gives_data_or_a_source_error(tmp_path, data: bytes):
    path = tmp_path / "source.yaml"
    path.write_bytes(data)
    try:
        value = load_yaml(path)
    except SourceError as exc:
        assert exc.loc is not None and exc.loc.line >= 1 and exc.loc.column >= 1
        assert exc.message
        return
    assert _positions_kept(value)


@given(st.one_of(st.text(max_size=30), st.integers(), st.floats(), st.booleans(), st.none()))
def test_parse_length_gives_millimetres_or_a_unit_error(text):
    try:
        mm = parse_length(text)
    except UnitError as exc:
        assert str(exc)
        return
    assert isinstance(text, str) and math.isfinite(mm)


@given(
    st.decimals(min_value=-10_000, max_value=10_000, places=3, allow_nan=False, allow_infinity=False),
    st.sampled_from(sorted(MM_PER_UNIT)),
)
def test_parse_length_reads_what_it_is_given(value, unit):
    assert math.isclose(parse_length(f"{value}{unit}"), float(value) * MM_PER_UNIT[unit], abs_tol=1e-9)


words = st.text(alphabet=string.ascii_letters + string.digits + " \n:-.,'\u00e9\u00df\u4e2d\U0001f600", max_size=120)


@settings(max_examples=150, deadline=None)
@given(
    text=words,
    w=st.floats(0, 200),
    h=st.floats(0, 200),
    size=st.floats(2.1, 20),
    font=st.sampled_from(["DejaVuSans", "DejaVuSans-Bold", "DejaVuSerif-Italic"]),
    align=st.sampled_from(["left", "center", "right"]),
    valign=st.sampled_from(["top", "middle", "bottom"]),
)
def test_fit_text_always_gives_a_measured_result(text, w, h, size, font, align, valign):
    style = TextStyle(font, size, min_size=min(size, 2.1), align=align, valign=valign)
    fitted = fit_text(text, 0.0, 0.0, w, h, style)
    assert fitted.overflow_x >= 0 and fitted.overflow_y >= 0
    assert style.min_size - 1e-6 <= fitted.size <= style.size + 1e-6  # sizes are rounded to 6 places
    if fitted.fits and text.strip():
        assert fitted.lines >= 1
