"""The cover page names the game and its players (centred on the page, measured with
HarfBuzz's shaping of the font file), lists the parts of the file and each stock's pages as a print dialog
takes them, says how to print, and is its own trim; the blank page says it is blank and why,
and is marked blank for the page labels."""

import re

import pytest
import uharfbuzz as hb

from generator.layout.scene import Text
from generator.sheets.cover import Contents, StockPages, blank_sheet, cover_sheet
from generator.sheets.paper import paper
from generator.sources.fonts import shipped_book

LETTER = paper("letter")


def lines(sheet) -> list[str]:
    return [item.text for item in sheet.items if isinstance(item, Text)]


def harfbuzz_width(text: str, font: str, size: float) -> float:
    """The advance in mm of `text` shaped by HarfBuzz in the shipped face `font` at `size` mm."""
    face = hb.Face(hb.Blob(shipped_book().face(font, None).path.read_bytes()))
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(hb.Font(face), buffer, {})
    return sum(p.x_advance for p in buffer.glyph_positions) * size / face.upem


def cover(duplex: str = "long"):
    contents = [Contents("Rules", (2, 3)), Contents("Cards", (5, 6, 7, 9))]
    stocks = [StockPages("card stock", (5, 6, 7)), StockPages("paper", (9,))]
    return cover_sheet("Sliders", "2-6 players", contents, stocks, duplex, LETTER)


def test_the_cover_lists_contents_and_stocks_with_page_lists():
    text = lines(cover())
    assert text[:2] == ["Sliders", "2-6 players"]
    joined = "\n".join(text)
    for part in ("Rules: pages? 2-3", "Cards: pages? 5-7, 9", "card stock: pages? 5-7", "paper: pages? 9"):
        assert re.search(f"^{part}$", joined, re.MULTILINE), part
    assert " ".join(text).endswith("two-sided, flipping on the long edge.")
    assert " ".join(lines(cover("off"))).endswith("Print at 100% (no scaling, no fit to page).")


def test_the_name_is_centred_on_the_page():
    name = next(item for item in cover().items if isinstance(item, Text) and item.text == "Sliders")
    assert {shaped.face for _, shaped in name.runs} == {"DejaVuSans-Bold"}
    width = harfbuzz_width("Sliders", "DejaVuSans-Bold", name.size)
    assert name.width == pytest.approx(width, abs=0.001)
    assert name.x + width / 2 == pytest.approx(LETTER.width / 2, abs=0.01)
    assert LETTER.inset < name.y < LETTER.height / 4  # near the top, inside the margins


def test_the_cover_is_its_own_trim_and_bookmarked():
    sheet = cover()
    assert (sheet.width, sheet.height) == (LETTER.width, LETTER.height)
    assert sheet.trim == (0.0, 0.0, LETTER.width, LETTER.height)
    assert (sheet.title, sheet.side, sheet.bookmarks, sheet.blank) == ("cover", "", ("Cover",), False)


def test_a_blank_page_says_so_and_why():
    sheet = blank_sheet(LETTER, "It keeps the sheets in step.")
    assert sheet.blank and sheet.side == ""
    assert lines(sheet) == ["This page is intentionally left blank.", "It keeps the sheets in step."]
    first = sheet.items[0]
    assert first.y > LETTER.height / 2  # set in the middle of the page (a 6 mm line from there)
    assert lines(blank_sheet(LETTER)) == ["This page is intentionally left blank."]
