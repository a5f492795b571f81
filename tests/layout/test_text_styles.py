"""Styled, justified and hyphenated text as fit_styled sets it, read back from the items it
gives (each Text's runs name their faces; positions and widths in mm), and measured with
HarfBuzz directly where a width matters."""

import pyphen
import pytest
import uharfbuzz as hb

from generator.layout.scene import Icon, Text
from generator.layout.text import TextStyle, fit_styled, fit_text, line_width
from generator.sources.errors import Loc, SourceError
from generator.sources.fonts import shipped_book
from generator.sources.markup import parse_markup

HERE = Loc("cards.yaml", 4, 11)


def styled(text: str, colours: dict[str, str] | None = None):
    return parse_markup([(text, HERE)], colours or {})


def faces_of(items) -> dict[str, set[str]]:
    """Each word drawn -> the faces its runs are in."""
    found: dict[str, set[str]] = {}
    for item in items:
        if isinstance(item, Text):
            for _, run in item.runs:
                found.setdefault(run.text.strip(), set()).add(run.face)
    return found


def test_bold_and_italic_words_take_the_familys_faces():
    items = fit_styled(styled("Plain **strong** and *slanted* words"), 0, 0, 200, 20, TextStyle("DejaVu Sans", 4)).items
    faces = faces_of(items)
    assert faces["strong"] == {"DejaVuSans-Bold"} and faces["slanted"] == {"DejaVuSans-Oblique"}
    assert faces["Plain"] == {"DejaVuSans"}


def test_a_coloured_span_is_a_text_of_its_own_colour_on_the_same_line():
    items = fit_styled(
        styled("a [danger]{.red} word", {"red": "#C0392B"}), 0, 0, 200, 20, TextStyle("DejaVu Sans", 4)
    ).items
    texts = [i for i in items if isinstance(i, Text)]
    assert [(t.text.strip(), t.colour) for t in texts] == [("a", "#000000"), ("danger", "#c0392b"), ("word", "#000000")]
    assert len({t.y for t in texts}) == 1
    assert texts[0].x < texts[1].x < texts[2].x


def test_a_font_span_is_tried_before_the_elements_font_and_an_unknown_one_is_refused():
    items = fit_styled(styled("The [title]{font=Play-Bold} here"), 0, 0, 200, 20, TextStyle("DejaVu Sans", 4)).items
    assert faces_of(items)["title"] == {"Play-Bold"}
    with pytest.raises(SourceError) as refused:
        fit_styled(styled("The [title]{font=Nowhere} here"), 0, 0, 200, 20, TextStyle("DejaVu Sans", 4))
    assert "unknown font 'Nowhere'" in refused.value.message and refused.value.loc.line == 4


def test_justified_lines_reach_both_edges_but_the_last():
    text = "Each player draws two cards, then discards one of them face down in front of the others."
    fitted = fit_text(text, 5, 0, 40, 100, TextStyle("Gentium Book Plus", 3.5, align="justify"))
    lines: dict[float, list[Text]] = {}
    for item in fitted.items:
        lines.setdefault(round(item.y, 4), []).append(item)
    rows = [sorted(row, key=lambda t: t.x) for _, row in sorted(lines.items())]
    assert len(rows) >= 3
    for row in rows[:-1]:
        assert row[0].x == pytest.approx(5)
        assert row[-1].x + row[-1].width == pytest.approx(45, abs=1e-6)
    assert rows[-1][-1].x + rows[-1][-1].width < 45 - 1  # the last line is not stretched


def test_justified_lines_of_mixed_directions_reach_both_edges_but_the_last():
    """Hebrew words in an English paragraph are drawn right to left, each line's pieces
    reordered for display: the room is shared out where the reordered units meet."""
    text = "Each player draws שני קלפים חדשים, then discards אחד מהם face down in front of the others."
    fitted = fit_text(text, 5, 0, 40, 100, TextStyle("DejaVu Sans", 3.5, align="justify"))
    lines: dict[float, list[Text]] = {}
    for item in fitted.items:
        lines.setdefault(round(item.y, 4), []).append(item)
    rows = [row for _, row in sorted(lines.items())]
    assert len(rows) >= 3 and any(any("\u05d0" <= c <= "\u05ea" for c in t.text) for t in rows[0] + rows[1])
    for row in rows[:-1]:
        assert min(t.x for t in row) == pytest.approx(5)
        assert max(t.x + t.width for t in row) == pytest.approx(45, abs=1e-6)
    assert max(t.x + t.width for t in rows[-1]) < 45 - 1


def test_hyphenation_breaks_a_word_at_the_dictionarys_points_with_a_hyphen():
    style = TextStyle("Gentium Book Plus", 4, hyphenate="en")
    fitted = fit_text("An incomprehensible instruction.", 0, 0, 30, 100, style)
    lines = [item.text for item in fitted.items if isinstance(item, Text)]
    first = lines[0]
    assert first.endswith("\u2010")  # the face's own hyphen
    head = first.split()[-1].rstrip("\u2010")
    assert len(head) in pyphen.Pyphen(lang="en").positions("incomprehensible")
    assert "".join(lines).replace("\u2010", "").replace(" ", "") == "Anincomprehensibleinstruction."
    plain = fit_text("An incomprehensible instruction.", 0, 0, 30, 100, TextStyle("Gentium Book Plus", 4))
    assert not any("\u2010" in item.text for item in plain.items if isinstance(item, Text))


def test_widths_are_harfbuzz_advances():
    face = shipped_book().face("Gentium Book Plus", None)
    font = hb.Font(hb.Face(hb.Blob(face.path.read_bytes())))
    buffer = hb.Buffer()
    buffer.add_str("AVATAR office")
    buffer.guess_segment_properties()
    hb.shape(font, buffer, {})
    expected = sum(p.x_advance for p in buffer.glyph_positions) / face.units_per_em * 5
    assert line_width("AVATAR office", "Gentium Book Plus", 5) == pytest.approx(expected, abs=1e-6)


def test_a_missing_character_is_reported_at_its_own_column():
    fitted = fit_styled(styled("Roll **🎲** now"), 0, 0, 100, 20, TextStyle("DejaVu Sans", 4))
    assert [(m.char, m.loc, m.fonts) for m in fitted.missing] == [("🎲", Loc("cards.yaml", 4, 18), ("DejaVu Sans",))]


def test_an_icon_between_rtl_words_keeps_its_place_in_reading_order():
    items = fit_text("שלום :d6-5: עולם", 0, 0, 100, 20, TextStyle("DejaVu Sans", 4, align="right")).items
    icon = next(i for i in items if isinstance(i, Icon))
    words = {i.text.strip(): i.x for i in items if isinstance(i, Text)}
    assert words["עולם"] < icon.x < words["שלום"]  # right to left: שלום, the die, עולם


def test_a_chain_falls_back_in_the_style_its_first_face_sets():
    """Play has no polytonic Greek: a title in Play-Bold takes its accented letters from DejaVu
    Sans's bold face, so the word keeps one weight."""
    items = fit_styled(styled("Ἀθῆναι"), 0, 0, 200, 20, TextStyle(("Play-Bold", "DejaVu Sans"), 4)).items
    faces = {run.face for item in items if isinstance(item, Text) for _, run in item.runs}
    assert faces == {"Play-Bold", "DejaVuSans-Bold"}
    items = fit_styled(styled("Ἀθῆναι"), 0, 0, 200, 20, TextStyle(("Play", "DejaVu Sans"), 4)).items
    assert {run.face for item in items if isinstance(item, Text) for _, run in item.runs} == {"Play", "DejaVuSans"}


def test_what_a_fonts_styled_face_lacks_comes_from_its_plain_face():
    """DejaVu Sans Oblique has no Arabic and its upright face has: italic Arabic in a chain of
    Gentium's italic and DejaVu Sans is set upright, not reported missing."""
    style = TextStyle(("GentiumBookPlus-Italic", "DejaVu Sans"), 4)
    fitted = fit_styled(styled("Onward: الطريق طويل"), 0, 0, 200, 20, style)
    assert not fitted.missing
    faces = faces_of(fitted.items)
    assert faces["Onward:"] == {"GentiumBookPlus-Italic"} and faces["طويل"] == {"DejaVuSans"}
    assert style.faces() == ("GentiumBookPlus-Italic", "DejaVuSans-Oblique", "DejaVuSans")
