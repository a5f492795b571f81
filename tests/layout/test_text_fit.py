"""Text fitting with real metrics: it fits, tightens, shrinks, or reports overflow in mm."""

from dataclasses import replace
from itertools import pairwise
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.layout.scene import Icon, Text
from generator.layout.text import MIN_SIZE, TextStyle, _Chunk, fit_text, line_width, plain_text
from generator.sources.fonts import shipped_book
from generator.units import PT

STYLE = TextStyle("DejaVuSans", 9 * PT, min_size=6 * PT)


def test_short_text_fits_at_its_size_and_leading():
    fitted = fit_text("Lose a cent.", 0, 0, 40, 10, STYLE)
    assert fitted.fits and fitted.size == STYLE.size and fitted.leading == 1.2 and fitted.lines == 1
    (line,) = fitted.items
    assert line.y == pytest.approx(shipped_book().face("DejaVuSans", None).ascent * STYLE.size)


def test_lines_never_exceed_the_box_width_by_real_metrics():
    text = "Take 1/2 of a player's coins and distribute them as you see fit. " * 3
    fitted = fit_text(text, 5, 0, 30, 100, STYLE)
    assert fitted.fits and fitted.lines > 3
    for item in fitted.items:
        assert item.x >= 5 - 1e-9
        assert item.x + item.width <= 35 + 1e-6


def test_leading_tightens_before_the_size_shrinks():
    text = "one two three four five six"
    width = line_width("one two three four", "DejaVuSans", STYLE.size) + 0.5
    asc, desc = shipped_book().face("DejaVuSans", None).ascent, shipped_book().face("DejaVuSans", None).descent
    two_lines_tight = STYLE.size * (asc + desc + 1.05)
    fitted = fit_text(text, 0, 0, width, two_lines_tight + 0.01, STYLE)
    assert fitted.fits and fitted.size == STYLE.size and fitted.leading < 1.2


@pytest.mark.parametrize(("leading", "min_leading"), [(1.2, 1.0), (1.3, 0.9), (1.0, 1.0)])
def test_every_leading_down_to_the_least_is_tried_at_the_layouts_size(leading, min_leading):
    """Two lines in a box exactly as tall as they are at `min_leading`: they fit there, at
    their size, however many 0.05 steps down it lies (a box a hair shorter shrinks them)."""
    text = "one two three four five six"
    style = TextStyle("DejaVuSans", 9 * PT, min_size=6 * PT, leading=leading, min_leading=min_leading)
    width = line_width("one two three four", "DejaVuSans", style.size) + 0.5
    face = shipped_book().face("DejaVuSans", None)
    tightest = style.size * (face.ascent + face.descent + min_leading)
    fitted = fit_text(text, 0, 0, width, tightest + 1e-7, style)
    assert fitted.fits and fitted.lines == 2
    assert (fitted.size, fitted.leading) == (style.size, pytest.approx(min_leading))
    shorter = fit_text(text, 0, 0, width, tightest - 0.01, style)
    assert shorter.fits and shorter.size == pytest.approx(style.size - 0.25 * PT, abs=1e-6)


def test_text_shrinks_when_leading_is_not_enough():
    text = "word " * 30
    fitted = fit_text(text, 0, 0, 40, 12, STYLE)
    assert fitted.fits and MIN_SIZE - 1e-9 <= fitted.size < STYLE.size


def test_overflow_is_measured_in_mm_never_below_six_points():
    fitted = fit_text("word " * 400, 0, 0, 40, 20, TextStyle("DejaVuSans", 9 * PT, min_size=2 * PT))
    assert not fitted.fits
    assert fitted.size == pytest.approx(MIN_SIZE)
    bottom = (
        max(i.y for i in fitted.items if isinstance(i, Text))
        + shipped_book().face("DejaVuSans", None).descent * fitted.size
    )
    assert fitted.overflow_y == pytest.approx(bottom - 20, abs=0.01)


def test_a_word_wider_than_the_box_overflows_sideways():
    fitted = fit_text("Incomprehensibilities", 0, 0, 10, 20, STYLE)
    assert fitted.overflow_x > 0


@pytest.mark.parametrize("points", [7, 10, 14])
def test_inline_icons_sit_on_the_baseline_at_least_1_1_em_and_3_5_mm(points):
    style = TextStyle("DejaVuSans", points * PT)
    fitted = fit_text("Each :d6-5: or :d6-6: = :discard:", 0, 0, 60, 10, style)
    icons = [i for i in fitted.items if isinstance(i, Icon)]
    texts = [i for i in fitted.items if isinstance(i, Text)]
    assert [i.name for i in icons] == ["d6-5", "d6-6", "discard"]
    baseline = texts[0].y
    for icon in icons:
        assert icon.y + icon.h == pytest.approx(baseline)
        assert icon.w == pytest.approx(icon.h)
        assert icon.h >= 1.1 * style.size - 1e-9 and icon.h >= 3.5 - 1e-9
    # Runs and icons follow each other left to right without overlapping.
    pieces = sorted(fitted.items, key=lambda i: i.x)
    for a, b in pairwise(pieces):
        end = a.x + (a.w if isinstance(a, Icon) else a.width)
        assert end <= b.x + 1e-6


def test_an_icon_alone_on_its_line_is_at_least_6_mm_and_clear_of_the_line_above():
    fitted = fit_text("Roll:\n:roll-a-die:\nthen :d6-1: moves", 0, 0, 60, 40, STYLE)
    alone, inline = (i for i in fitted.items if isinstance(i, Icon))
    assert alone.h >= 6.0 and inline.h >= 3.5
    first = next(i for i in fitted.items if isinstance(i, Text))
    descent = shipped_book().face("DejaVuSans", None).descent * STYLE.size
    assert alone.y >= first.y + descent  # the tall icon starts below the line above
    assert fitted.fits and fitted.lines == 3


@settings(max_examples=150, deadline=None)
@given(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200),
    st.floats(1, 200),
    st.floats(1, 200),
)
def test_any_text_fits_or_reports_overflow(text, w, h):
    fitted = fit_text(text, 0, 0, w, h, STYLE)
    assert fitted.overflow_x >= 0 and fitted.overflow_y >= 0
    assert fitted.size >= MIN_SIZE - 1e-9


def test_hebrew_words_in_a_latin_paragraph_are_set_right_to_left_between_the_latin_ones():
    """A left-to-right paragraph with right-to-left words in it: those words are shaped right
    to left and drawn in visual order, the second before the first, between the Latin words;
    the text reads (copies) in logical order."""
    fitted = fit_text("go שלום עולם now", 0, 0, 100, 20, STYLE)
    (line,) = fitted.items
    assert isinstance(line, Text) and line.text == "go שלום עולם now"
    runs = [(shaped.text, shaped.rtl) for _, shaped in line.runs]
    assert runs == [("go ", False), ("עולם", True), ("שלום ", True), (" ", False), ("now", False)]
    offsets = [offset for offset, _ in line.runs]
    assert offsets == sorted(offsets)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab -,.\u00ad\u2010\u00e9\u0627\u05e9\u4e00 \t", max_size=60), st.sampled_from(["", "en"]))
def test_a_chunk_set_one_way_has_the_units_each_stretch_has_alone(text, language):
    """A chunk in one face and one direction (most text) makes its units in one pass; they
    are the units its stretches between break opportunities make one by one, as any other
    chunk makes them."""
    style = replace(STYLE, hyphenate=language)
    chunk = _Chunk(plain_text(text), style, last=True)
    assert chunk.units == [chunk.unit(u.start, u.end) for u in chunk.units]
    assert "".join(chunk.text[u.start : u.end] for u in chunk.units) == chunk.text


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet="ab -,.\u00ad\u00e9 ", max_size=80),
    st.sampled_from(["left", "center", "right", "justify"]),
    st.sampled_from(["", "en"]),
    st.floats(min_value=4, max_value=40),
)
def test_a_chunk_set_one_way_is_placed_as_any_other_chunk_is(text, align, language, width):
    """A plain chunk's lines (one face and colour, left to right, no icon: _Chunk.plain) are
    placed in one pass over their units; the items are those the general pass places, in
    every alignment, hyphenated or not, with lines trimmed and broken anywhere."""
    style = replace(STYLE, align=align, hyphenate=language)
    fast = fit_text(text, 3, 4, width, 100, style)
    made = _Chunk.__init__

    def general(chunk: _Chunk, *args: object, **kwargs: object) -> None:
        made(chunk, *args, **kwargs)
        chunk.plain = False

    with mock.patch.object(_Chunk, "__init__", general):
        placed = fit_text(text, 3, 4, width, 100, style)
    assert fast.items == placed.items
