"""Text outlined as SVG paths lands where the PDF's text does: `outline_path(text_item)` draws
each glyph of the item's shaped runs (by id, as HarfBuzz shaped them) at its pen position. Each
glyph's outline spans its box in the font file (read here with fontTools, composites resolved)
scaled to the size, baseline at y; each next glyph starts one HarfBuzz advance on (kerning
included), a ligature is one glyph, a mark sits at its shaped offset, and a second run starts
at its own offset."""

import re
from functools import cache

import pytest
import uharfbuzz as hb
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

from generator.layout.scene import Text
from generator.layout.text import set_line
from generator.render.glyphs import _glyph, outline_path
from generator.sources.fonts import registered, shipped_book, shipped_faces
from generator.text.shaping import shape
from tests.pdf_geometry import svg_path_points


def contours(path: str) -> list[list[tuple[float, float]]]:
    """The points of each subpath (each starts at an M)."""
    return [svg_path_points(part) for part in re.split(r"(?=M)", path) if part]


def bounds(found: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return min(xs), min(ys), max(xs), max(ys)


@cache
def tables(font: str) -> TTFont:
    return TTFont(str(shipped_book().face(font, None).path))


@cache
def harfbuzz(font: str) -> hb.Font:
    return hb.Font(hb.Face(hb.Blob(shipped_book().face(font, None).path.read_bytes())))


def hb_shape(font: str, text: str) -> list[tuple[int, float, float, float]]:
    """HarfBuzz's own shaping of the text: (glyph id, x advance, x offset, y offset) in font units."""
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(harfbuzz(font), buffer, {})
    return [
        (info.codepoint, pos.x_advance, pos.x_offset, pos.y_offset)
        for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True)
    ]


def glyph_box(font: str, glyph: int) -> tuple[float, float, float, float]:
    """(xMin, yMin, xMax, yMax) of a glyph (by id) in font units, from the font file; a
    composite glyph's box from its components."""
    font_tables = tables(font)
    glyf = font_tables["glyf"]
    outline = glyf[font_tables.getGlyphName(glyph)]
    outline.recalcBounds(glyf)
    return outline.xMin, outline.yMin, outline.xMax, outline.yMax


def em(font: str) -> int:
    return tables(font)["head"].unitsPerEm


def only_text(items) -> Text:
    (item,) = items
    assert isinstance(item, Text)
    return item


def expected_box(font: str, glyph: int, x: float, y: float, size: float) -> tuple[float, float, float, float]:
    """Where the glyph's box lands, its origin at (x, y) mm, y growing downwards."""
    x_min, y_min, x_max, y_max = glyph_box(font, glyph)
    scale = size / em(font)
    return x + x_min * scale, y - y_max * scale, x + x_max * scale, y - y_min * scale


@pytest.mark.parametrize("font", ["DejaVuSans", "DejaVuSans-Bold", "GentiumBookPlus", "Play-Bold"])
def test_a_glyph_spans_its_box_scaled_to_the_size_on_the_baseline(font):
    item = only_text(set_line(10.0, 20.0, "H", font, 5.0))  # 5 mm type, baseline at 20 mm
    ((glyph, _, _, _),) = hb_shape(font, "H")
    assert tables(font).getGlyphName(glyph) == "H"
    assert bounds(svg_path_points(outline_path(item))) == pytest.approx(
        expected_box(font, glyph, 10.0, 20.0, 5.0), abs=1e-3
    )


def test_an_accented_letter_is_drawn_whole_from_its_components():
    # DejaVu Sans draws "é" as a composite glyph (e + acute): both parts are outlined
    font = "DejaVuSans"
    ((glyph, _, _, _),) = hb_shape(font, "é")
    assert tables(font)["glyf"][tables(font).getGlyphName(glyph)].isComposite()
    path = outline_path(only_text(set_line(3.0, 9.0, "é", font, 6.0)))
    assert len(contours(path)) >= 3  # the e's two contours and the accent
    assert bounds(svg_path_points(path)) == pytest.approx(expected_box(font, glyph, 3.0, 9.0, 6.0), abs=1e-3)


def test_the_next_glyph_starts_one_harfbuzz_advance_on_kerning_included():
    font, size = "DejaVuSans", 4.0
    (a, a_advance, _, _), (v, _, _, _) = hb_shape(font, "AV")
    scale = size / em(font)
    # the pair is kerned: A's shaped advance is less than its own width in the font
    assert a_advance < tables(font)["hmtx"][tables(font).getGlyphName(a)][0]
    item = only_text(set_line(0.0, 0.0, "AV", font, size))
    path = outline_path(item)
    a_contours = len(contours(outline_path(only_text(set_line(0.0, 0.0, "A", font, size)))))
    first, second = contours(path)[:a_contours], contours(path)[a_contours:]
    assert bounds([p for c in first for p in c]) == pytest.approx(expected_box(font, a, 0.0, 0.0, size), abs=1e-3)
    assert bounds([p for c in second for p in c]) == pytest.approx(
        expected_box(font, v, a_advance * scale, 0.0, size), abs=1e-3
    )
    # and the item is as wide as HarfBuzz's advances
    assert item.width == pytest.approx(sum(adv for _, adv, _, _ in hb_shape(font, "AV")) * scale, abs=1e-6)


def test_a_ligature_is_one_glyph_and_a_mark_sits_at_its_shaped_offset():
    font, size = "DejaVuSans", 5.0
    scale = size / em(font)
    ((ffi, advance, _, _),) = hb_shape(font, "ffi")
    assert tables(font).getGlyphName(ffi) != "f"  # the ligature's own glyph
    item = only_text(set_line(1.0, 10.0, "ffi", font, size))
    assert item.text == "ffi"
    assert bounds(svg_path_points(outline_path(item))) == pytest.approx(
        expected_box(font, ffi, 1.0, 10.0, size), abs=1e-3
    )
    assert item.width == pytest.approx(advance * scale, abs=1e-6)

    # q + combining acute: no precomposed glyph, so the accent is a mark moved onto the q
    (q, q_advance, _, _), (acute, _, dx, dy) = hb_shape(font, "q\u0301")
    assert dx != 0
    path = outline_path(only_text(set_line(1.0, 10.0, "q\u0301", font, size)))
    q_contours = len(contours(outline_path(only_text(set_line(1.0, 10.0, "q", font, size)))))
    mark = [p for c in contours(path)[q_contours:] for p in c]
    assert mark, "the mark is drawn"
    origin = (1.0 + (q_advance + dx) * scale, 10.0 - dy * scale)
    assert bounds(mark) == pytest.approx(expected_box(font, acute, *origin, size), abs=1e-3)


def test_each_run_starts_at_its_own_offset_in_its_own_face():
    shipped_book()  # the shipped faces are registered
    regular, bold = shape("H", "DejaVuSans"), shape("H", "DejaVuSans-Bold")
    item = Text(2.0, 30.0, "HH", 8.0, ((0.0, regular), (7.5, bold)))
    path = outline_path(item)
    ((h_regular, _, _, _),) = hb_shape("DejaVuSans", "H")
    ((h_bold, _, _, _),) = hb_shape("DejaVuSans-Bold", "H")
    regular_box = expected_box("DejaVuSans", h_regular, 2.0, 30.0, 8.0)
    bold_box = expected_box("DejaVuSans-Bold", h_bold, 9.5, 30.0, 8.0)
    drawn = contours(path)
    assert len(drawn) == 2  # an H is one contour in either face
    assert bounds(drawn[0]) == pytest.approx(regular_box, abs=1e-3)
    assert bounds(drawn[1]) == pytest.approx(bold_box, abs=1e-3)
    assert bold_box[2] - bold_box[0] > regular_box[2] - regular_box[0]  # the bold H is wider


def test_a_line_of_nothing_or_of_white_space_alone_sets_no_text():
    assert set_line(1.0, 2.0, "", "DejaVuSans", 3.0) == []
    assert set_line(1.0, 2.0, " ", "DejaVuSans", 3.0) == []
    assert set_line(1.0, 2.0, "  ", "DejaVuSans", 3.0) == []


def test_a_space_draws_nothing_but_moves_on():
    # a run that is only a space (a glyph with no outline) draws nothing
    space = shape(" ", "DejaVuSans")
    assert len(space.glyphs) == 1 and space.width > 0
    assert outline_path(Text(1.0, 2.0, " ", 3.0, ((0.0, space),))) == ""
    size = 4.0
    spaced = svg_path_points(outline_path(only_text(set_line(0.0, 0.0, " H", "DejaVuSans", size))))
    plain = svg_path_points(outline_path(only_text(set_line(0.0, 0.0, "H", "DejaVuSans", size))))
    (_, space, _, _), _ = hb_shape("DejaVuSans", " H")
    shift = space * size / em("DejaVuSans")
    assert shift > 0
    assert spaced == [pytest.approx((x + shift, y), abs=2e-3) for x, y in plain]


def test_composite_glyphs_and_the_rest_are_the_faces_own_outlines():
    """Outlines are looked up by glyph id, a TrueType face's glyphs named by their ids (its
    stored names are never read): every 7th composite glyph (whose parts are named by id
    then) and every 50th glyph of each shipped TrueType face draw as fontTools draws them
    from the face as stored, under its own names."""
    checked = 0
    for face in shipped_faces():
        stored = TTFont(registered(face.key).path, lazy=True)
        if "glyf" not in stored:
            continue
        glyf, glyphs = stored["glyf"], stored.getGlyphSet()
        for glyph, name in enumerate(stored.getGlyphOrder()):
            if glyph % 50 and (glyph % 7 or not glyf[name].isComposite()):
                continue
            pen = DecomposingRecordingPen(glyphs)
            glyphs[name].draw(pen)
            assert _glyph(face.key, glyph).value == pen.value, (face.key, glyph, name)
            checked += 1
    assert checked > 500
