"""The rules inside the print file, read back from the PDF: after the cover and before the
checklist, every heading of rules.md in order on pages of the chosen paper, inline icons
drawn, page labels and bookmarks; and the half-size booklet in signature order."""

import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest

from generator.layout.scene import Polyline
from generator.sheets.paper import paper
from generator.sheets.rules import (
    RULE,
    Frame,
    _Fitted,
    _Line,
    _Pages,
    _poured,
    rules_findings,
    rules_sheets,
    signature_order,
)
from generator.sources.errors import SourceError
from generator.sources.fonts import shipped_book
from generator.sources.markup import InlineIcon, Words
from generator.sources.rules import parse_rules, read_rules
from tests.conftest import COMPONENTS, run_build
from tests.pdf_geometry import PT_MM, score_lines
from tests.pdf_text import Boxed, boxed_words, chars, page_texts, text_in, words

SHIPPED = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]


def build(tmp_path: Path, game: Path, *options: str) -> Path:
    out = tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf", "--no-check", *options)
    return out / game.name / f"{game.name}.pdf"


def outline(reader: pypdf.PdfReader) -> list[tuple[str, int]]:
    return [(item.title, reader.get_destination_page_number(item) + 1) for item in reader.outline]


def flat(text: str) -> str:
    """Text with every run of whitespace made one space (wrapping and line ends ignored)."""
    return " ".join(text.split())


def test_rules_markdown_is_read_into_blocks():
    blocks = parse_rules(
        "# Game\n\nSome *plain* text\nwrapped.\n\n<!-- where this came from -->\n\n"
        "1. First :d6-5:\n2. Second\n   - inner\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n**All bold.**\n"
    )
    assert [(b.kind, b.text, b.marker, b.depth) for b in blocks[:5]] == [
        ("heading", "Game", "", 0),
        ("paragraph", "Some plain text wrapped.", "", 0),
        ("item", "First :d6-5:", "1.", 0),
        ("item", "Second", "2.", 0),
        ("item", "inner", "•", 1),
    ]
    assert blocks[5].kind == "table" and blocks[5].rows == (("A", "B"), ("1", "2"))
    assert blocks[6].kind == "paragraph" and all(w.mark.bold for w in blocks[6].styled if isinstance(w, Words))
    assert len(blocks) == 7  # the HTML comment is not printed


def columns(page: pdfium.PdfPage) -> list[str]:
    """A rules page's text column by column (a Letter page sets the rules in two)."""
    width, height = page.get_size()
    textpage = page.get_textpage()
    return [text_in(textpage, (0, 0, width / 2, height)), text_in(textpage, (width / 2, 0, width, height))]


@pytest.mark.parametrize("game", SHIPPED)
def test_shipped_rules_sit_between_cover_and_checklist(shipped_pdfs, game):
    path = shipped_pdfs / game / f"{game}.pdf"
    reader = pypdf.PdfReader(path)
    marks = outline(reader)
    assert [title for title, _ in marks[:3]] == ["Cover", "Rules", "Checklist"]
    assert marks[0][1] == 1 and marks[1][1] == 2
    rules_pages = range(2, marks[2][1])
    texts = page_texts(path)
    blank = [n for n, text in enumerate(texts, 1) if "intentionally left blank" in text]
    labels = [f"{n} (blank)" if n in blank else str(n) for n in range(1, len(reader.pages) + 1)]
    assert reader.page_labels == labels  # the PDF's own page numbers; a blank page says so
    source = (COMPONENTS / game / "rules.md").read_text(encoding="utf-8")
    headings = [re.sub(r":[a-z0-9-]+:", "", h).strip() for h in re.findall(r"^#+ (.*)$", source, re.M)]
    with pdfium.PdfDocument(path) as document:
        text = flat(" ".join(column for n in rules_pages for column in columns(document[n - 1])))
        for n in rules_pages:
            assert document[n - 1].get_size() == pytest.approx((612, 792), abs=0.01)  # letter
            assert f"rules · page {n}" in flat(texts[n - 1])
    position = 0
    for heading in headings:
        found = text.find(flat(heading), position)
        assert found >= 0, heading
        position = found


def test_rules_text_stays_inside_the_margins(shipped_pdfs):
    letter = paper("letter")
    path = shipped_pdfs / "sliders" / "sliders.pdf"
    reader = pypdf.PdfReader(path)
    marks = dict(outline(reader))
    with pdfium.PdfDocument(path) as document:
        for n in range(marks["Rules"], marks["Checklist"]):
            for char in chars(document[n - 1]):  # each glyph's ink across, its font's size down
                assert char.x0 * PT_MM >= letter.inset - 0.01 and char.x1 * PT_MM <= 215.9 - letter.inset + 0.01
                assert char.top * PT_MM >= letter.inset - 0.5 and char.bottom * PT_MM <= 279.4 - letter.inset


def test_inline_icons_in_the_rules_are_drawn_beside_their_text():
    """Twisty Passages' icon vocabulary: each list item starts with its icon, the text after it."""
    sheets = rules_sheets("Twisty Passages", read_rules(COMPONENTS / "twisty-passages"), paper("letter"), False)

    def leaves(items):
        for item in items:
            yield from leaves(item.items) if hasattr(item, "items") else [item]

    icons = {item.name for sheet in sheets for item in leaves(sheet.items) if type(item).__name__ == "Icon"}
    assert {"roll-a-die", "speed-dice", "discard", "discard-named", "stop", "star", "d6-5"} <= icons


def test_a_game_without_rules_has_no_rules_pages(tmp_path):
    game = tmp_path / "mine"
    game.mkdir()
    (game / "game.yaml").write_text("name: Mine\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text("kind: card\nlayout: card\nitems:\n  - {title: A, text: a}\n")
    assert [t for t, _ in outline(pypdf.PdfReader(build(tmp_path / "a", game)))] == ["Cover", "Checklist", "cards"]
    rules = "# Mine\n\n## Setup\n\nDeal one card.\n\n| Players | Cards |\n|---|---|\n| 2 | 1 |\n"
    (game / "rules.md").write_text(rules)
    path = build(tmp_path / "b", game)
    assert [t for t, _ in outline(pypdf.PdfReader(path))] == ["Cover", "Rules", "Checklist", "cards"]
    cover, text = map(flat, page_texts(path)[:2])
    assert "Mine Setup Deal one card. Players Cards 2 1" in text
    assert "Mine" in cover and "Rules: page 2" in cover and "Checklist: page 3" in cover


def test_signature_order_folds_into_reading_order():
    """Eight pages on two sheets: outer sheet 8|1 then 2|7, inner sheet 6|3 then 4|5."""
    assert signature_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    assert signature_order(5) == [(7, 0), (1, 6), (5, 2), (3, 4)]  # padded with blank pages
    assert signature_order(3) == [(3, 0), (1, 2)]


def test_booklet_is_half_size_pages_in_signature_order_with_a_fold_line(tmp_path):
    path = build(tmp_path, COMPONENTS / "sliders", "--booklet")
    reader = pypdf.PdfReader(path)
    marks = dict(outline(reader))
    sides = list(range(marks["Rules"], marks["Checklist"]))
    pages = len(sides) * 2
    assert pages % 4 == 0
    with pdfium.PdfDocument(path) as document:
        numbers = []
        for n in sides:
            page = document[n - 1]
            page_width, page_height = page.get_size()
            width, height = page_width * PT_MM, page_height * PT_MM
            assert (width, height) == pytest.approx((279.4, 215.9), abs=0.01)  # letter, landscape
            folds = [ln for ln in score_lines(page) if ln.vertical and abs(ln.x0 - width / 2) < 0.01]
            assert folds and max(ln.length for ln in folds) > height - 30
            textpage, drawn = page.get_textpage(), chars(page)
            halves = []
            for x0, x1 in ((0, page_width / 2), (page_width / 2, page_width)):
                text = flat(text_in(textpage, (x0, 0, x1, page_height)))
                found = re.search(r"rules booklet · (\d+)", text)
                halves.append(int(found.group(1)) - 1 if found else None)
                if found:  # nothing crosses the fold: every character reaching into the half lies inside it
                    assert all(x0 <= c.x0 and c.x1 <= x1 for c in drawn if c.x1 > x0 and c.x0 < x1)
            numbers.append(tuple(halves))
    expected = [tuple(i if i < pages else None for i in side) for side in signature_order(pages)]
    printed = max(i for side in numbers for i in side if i is not None) + 1
    assert numbers == [tuple(i if i is not None and i < printed else None for i in side) for side in expected]


def test_bold_and_italic_words_print_in_their_faces(tmp_path):
    """Inline **bold** and *italic* in rules.md, read back from the PDF: each word's glyphs
    are set in the face its emphasis asks for, the words around them in the regular face."""
    game = tmp_path / "mine"
    game.mkdir()
    (game / "game.yaml").write_text("name: Mine\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text("kind: card\nlayout: card\nitems:\n  - {title: A, text: a}\n")
    (game / "rules.md").write_text(
        "# Mine\n\nRoll **both dice** then *move* that far, ***never back***.\n\n- Draw **one** card.\n"
    )
    path = build(tmp_path / "out", game)
    with pdfium.PdfDocument(path) as document:
        found = words(document[1], by_font=True)
    text = flat(page_texts(path)[1])
    faces = {w.text: w.font.split("+")[-1] for w in found}
    assert faces["Roll"] == faces["then"] == faces["that"] == faces["Draw"] == "DejaVuSans"
    assert faces["both"] == faces["dice"] == faces["one"] == "DejaVuSans-Bold"
    assert faces["move"] == "DejaVuSans-Oblique"
    assert faces["never"] == "DejaVuSans-BoldOblique" and faces["back"] == "DejaVuSans-BoldOblique"
    assert "Roll both dice then move that far, never back." in text  # spaced as one sentence


def test_a_paragraph_is_styled_text_each_stretch_at_its_line():
    blocks = parse_rules("# Rules\n\nRoll **both dice** then *move*,\n[never]{color=#c0392b} :d6-5: back.\n")
    words = [
        (w.text, w.mark.bold, w.mark.italic, w.mark.colour, w.loc.line, w.loc.column)
        for w in blocks[1].styled
        if isinstance(w, Words)
    ]
    assert words == [
        ("Roll ", False, False, None, 3, 1),
        ("both dice", True, False, None, 3, 8),
        (" then ", False, False, None, 3, 19),
        ("move", False, True, None, 3, 26),
        (",", False, False, None, 3, 31),
        (" ", False, False, None, 3, 32),  # the line's end, read as a space
        ("never", False, False, "#c0392b", 4, 2),
        (" ", False, False, None, 4, 23),
        (" back.", False, False, None, 4, 30),
    ]
    assert [i.name for i in blocks[1].styled if isinstance(i, InlineIcon)] == ["d6-5"]
    assert blocks[1].text == "Roll both dice then move, never :d6-5: back."


def test_unclosed_markup_in_the_rules_is_an_error_at_its_line(tmp_path):
    (tmp_path / "rules.md").write_text("# Rules\n\nFine.\n\nRoll **both dice then move.\n")
    with pytest.raises(SourceError) as refused:
        read_rules(tmp_path)
    assert refused.value.loc.line == 5 and "`**` opens bold text" in refused.value.message


def test_a_character_no_face_has_is_a_warning_at_its_line_of_the_rules():
    blocks = parse_rules("# Rules\n\nFirst line.\n\nDraw a card 🎲 and go.\n\n| A | B |\n| --- | --- |\n| 日 | 2 |\n")
    findings = rules_findings(blocks, shipped_book())
    assert [(f.severity.value, f.code, f.loc.line if f.loc else None) for f in findings][0] == ("warning", "L011", 5)
    assert "'🎲' (U+1F3B2 GAME DIE)" in findings[0].message
    assert any("U+65E5" in f.message for f in findings[1:])


def test_letter_rules_are_set_in_two_columns_of_short_lines(shipped_pdfs):
    """Read back with pdfium: both halves of the first rules page hold text, and no line of
    either is longer than about 60 characters (one column across Letter held about 110)."""
    path = shipped_pdfs / "sliders" / "sliders.pdf"
    with pdfium.PdfDocument(path) as document:
        left, right = columns(document[1])
    assert left.strip() and right.strip()
    assert max(len(line) for line in (left + "\n" + right).splitlines()) <= 70


def _marks(count: int, height: float = 4.0) -> list[_Line]:
    """`count` lines of a block, each `height` mm, drawn as a short rule to count them by."""
    return [_Line((Polyline(((0.0, 0.0), (1.0, 0.0)), RULE),), k * height, (k + 1) * height) for k in range(count)]


def _per_page(pages: _Pages) -> list[int]:
    return [len(items) for items in pages.pages]


def test_a_short_block_moves_whole_and_no_line_is_left_alone_at_a_page_break():
    """Five 4 mm lines fit a 20 mm frame. A block of three with room for one moves whole; a
    longer block leaves neither one line at the foot (orphan) nor one at the head (widow)."""
    frame = Frame(100.0, 0.0, 0.0, 50.0, 20.0)
    short = _Pages(frame)
    short.pour(_marks(4), 0.0)
    short.pour(_marks(3), 0.0)
    assert _per_page(short) == [4, 3]
    widow = _Pages(frame)
    widow.pour(_marks(2), 0.0)
    widow.pour(_marks(4), 0.0)  # three would fit, leaving the fourth alone: two carry over
    assert _per_page(widow) == [4, 2]
    orphan = _Pages(frame)
    orphan.pour(_marks(4), 0.0)
    orphan.pour(_marks(5), 0.0)  # one would fit, alone at the foot: the block starts the next page
    assert _per_page(orphan) == [4, 5]
    plain = _Pages(frame)
    plain.pour(_marks(2), 0.0)
    plain.pour(_marks(6), 0.0)  # three fit, three carry: nothing alone, split as it falls
    assert _per_page(plain) == [5, 3]


def rules_columns(path: Path, document: pdfium.PdfDocument) -> list[tuple[list[Boxed], list[Boxed]]]:
    """Each rules page's words above its footer ("...: rules · page N", the lowest word
    "rules": the rules' own text may say the word too), in its left and its right half. A
    blank page that may end the rules is left out."""
    marks = dict(outline(pypdf.PdfReader(path)))
    texts = page_texts(path)
    pages = []
    for n in range(marks["Rules"], marks["Checklist"]):
        if f"rules · page {n}" not in flat(texts[n - 1]):
            continue
        page = document[n - 1]
        found = boxed_words(page)
        middle = page.get_width() / 2
        footer_top = max(w.top for w in found if w.text == "rules")
        body = [w for w in found if w.bottom < footer_top - 1]
        pages.append(([w for w in body if w.x0 < middle], [w for w in body if w.x0 >= middle]))
    return pages


@pytest.mark.parametrize("game", SHIPPED)
def test_the_last_rules_page_sets_its_two_columns_to_about_one_height(shipped_pdfs, game):
    """Read back: on the last rules page both columns hold text and their last lines end
    within 25 mm of each other (no full column beside an empty one: the columns break
    between lines, a heading keeping its first lines with it; a heading with a subheading
    straight after it keeps both, about 30 mm that no break splits, as Sliders' last page
    does, 22 mm apart)."""
    path = shipped_pdfs / game / f"{game}.pdf"
    with pdfium.PdfDocument(path) as document:
        columns = rules_columns(path, document)[-1]
    ends = [max((w.bottom for w in column), default=0.0) for column in columns]
    assert all(ends), "both columns hold text"
    assert abs(ends[0] - ends[1]) * PT_MM <= 25.0, ends


def test_a_heading_followed_by_another_moves_with_it_and_what_follows():
    """Ten 4 mm lines fit a 40 mm frame. After five, the room left (20 mm) would hold a
    heading and its first lines, but not a heading, the subheading straight after it and
    theirs: both headings start the next page, where they stood one at the foot of this one."""
    frame = Frame(100.0, 0.0, 0.0, 50.0, 40.0)
    blocks = [_Fitted(_marks(5), 0.0), _Fitted(_marks(1), 0.0, heading=True), _Fitted(_marks(1), 0.0, heading=True)]
    pages = _poured(_Pages(frame), [*blocks, _Fitted(_marks(3), 0.0)])
    assert [len(items) for items in pages] == [5, 5]
    alone = _poured(_Pages(frame), [*blocks[:2], _Fitted(_marks(3), 0.0)])  # one heading keeps to this page
    assert [len(items) for items in alone] == [9]


@pytest.mark.parametrize("game", SHIPPED)
def test_no_column_of_the_rules_ends_in_a_heading(shipped_pdfs, game):
    """Read back: on every rules page, the last line of each column is set at the body's
    size (9.5 pt), not a heading's (10.5 pt and up): a heading is never left at a column's
    foot with its text in the next."""
    path = shipped_pdfs / game / f"{game}.pdf"
    with pdfium.PdfDocument(path) as document:
        pages = rules_columns(path, document)
    for n, columns in enumerate(pages, 1):
        for column in columns:
            if column:
                last = max(column, key=lambda w: w.bottom)
                assert last.size < 10, (n, last.text, last.size)
