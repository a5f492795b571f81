"""Shaping, checked against HarfBuzz called directly and against the font's own tables
(fontTools): the glyphs, their advances and what each glyph stands for."""

import uharfbuzz as hb
from fontTools.ttLib import TTFont

from generator.sources.fonts import shipped_book
from generator.text.shaping import glyph_advance, has_glyph, shape

SANS = shipped_book().face("DejaVu Sans", None)


def harfbuzz(text: str, rtl: bool = False) -> list[int]:
    font = hb.Font(hb.Face(hb.Blob(SANS.path.read_bytes())))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if rtl else "ltr"
    hb.shape(font, buffer, {})
    return [info.codepoint for info in buffer.glyph_infos]


def test_a_run_is_harfbuzzs_glyphs_with_the_fonts_advances():
    run = shape("AVAToffice", SANS.key)
    assert list(run.glyphs) == harfbuzz("AVAToffice")
    tables = TTFont(str(SANS.path))
    own = sum(tables["hmtx"][tables.getGlyphName(g)][0] for g in run.glyphs) / SANS.units_per_em
    assert run.width < own  # kerning pulls A and V (and T and o) together
    assert len(run.glyphs) < len("AVAToffice")  # "ffi" is one glyph


def test_a_ligature_stands_for_every_letter_it_joins():
    run = shape("office", SANS.key)
    assert "".join(run.cluster_text(k) for k in range(len(run.glyphs))) == "office"
    assert "ffi" in {run.cluster_text(k) for k in range(len(run.glyphs))}


def test_arabic_is_shaped_right_to_left_into_joined_forms():
    word = "مرحبا"
    run = shape(word, SANS.key, rtl=True)
    assert list(run.glyphs) == harfbuzz(word, rtl=True)
    isolated = {shape(letter, SANS.key, rtl=True).glyphs[0] for letter in word}
    assert not set(run.glyphs) & isolated - {shape("ا", SANS.key, rtl=True).glyphs[0]}
    # Visual order: the first glyph drawn (leftmost) is the last letter's.
    assert run.clusters[0] == len(word) - 1
    assert "".join(run.cluster_text(k) for k in reversed(range(len(run.glyphs)))) == word


def test_glyph_advance_and_coverage_are_the_fonts_own():
    tables = TTFont(str(SANS.path))
    cmap = tables.getBestCmap()
    glyph = tables.getGlyphID(cmap[ord("W")])
    assert glyph_advance(SANS.key, glyph) == tables["hmtx"][cmap[ord("W")]][0] / SANS.units_per_em
    assert has_glyph(SANS.key, "W") and has_glyph(SANS.key, "ש")
    assert not has_glyph(SANS.key, "日") and ord("日") not in cmap


def test_a_letter_and_its_mark_each_stand_for_their_own_character():
    """Lam with a shadda is one cluster of two glyphs: each glyph gives its own character, so
    the lam glyph means lam in every word it is drawn in (a PDF maps a glyph to one text)."""
    word = "تخلّص"
    run = shape(word, SANS.key, rtl=True)
    meanings = [run.cluster_text(k) for k in range(len(run.glyphs))]
    assert "".join(reversed(meanings)) == word
    assert "\u0651" in meanings and all(len(meaning) == 1 for meaning in meanings)
    plain = shape("تخلص", SANS.key, rtl=True)
    lam = dict(zip(meanings, run.glyphs, strict=True))["ل"]
    assert lam in plain.glyphs and plain.cluster_text(plain.glyphs.index(lam)) == "ل"
