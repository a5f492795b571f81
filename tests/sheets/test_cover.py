"""The cover page names the game and its players (centred on the page, measured with
HarfBuzz's shaping of the font file), lists the parts of the file and each stock's pages as a print dialog
takes them, split into one-sided and two-sided jobs, says how to print, credits the game at its
foot, shows its pictures, and is its own trim; the blank page says it is blank and why, and is
marked blank for the page labels."""

import re

import pytest
import uharfbuzz as hb

from generator.layout.scene import Group, Rect, Scene, Style, Text
from generator.sheets.cover import About, Contents, PrintJob, StockPages, blank_sheet, cover_sheet
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


ABOUT = About("Sliders", "2-6 players", "60 minutes", credits=("Game design: Q. Mallory",), version="2", date="2026")


def cover(flip: str = "long", pictures: tuple[Scene, ...] = ()):
    contents = [Contents("Rules", (2, 3)), Contents("Cards", (5, 6, 7, 9))]
    card = (PrintJob((5,)), PrintJob((6, 7), flip)) if flip else (PrintJob((5, 6, 7)),)
    stocks = [StockPages("card stock", card), StockPages("paper", (PrintJob((9,)),))]
    return cover_sheet(ABOUT, contents, stocks, LETTER, pictures)


def test_the_cover_lists_contents_and_stocks_with_page_lists():
    text = lines(cover())
    assert text[:3] == ["Sliders", "2-6 players · 60 minutes", "Game design: Q. Mallory"]
    joined = "\n".join(text)
    for part in (
        "Rules: pages 2-3",
        "Cards: pages 5-7, 9",
        "card stock: page 5 one-sided; pages 6-7 two-sided, flipping on the long edge",
        "paper: page 9 one-sided",
    ):
        assert re.search(f"^{part}$", joined, re.MULTILINE), part
    assert "as separate jobs" in " ".join(text)
    assert text[-1] == "Version 2 · 2026"
    assert "Print at 100% (no scaling, no fit to page), one-sided." in lines(cover(""))


def test_pictures_are_drawn_in_a_row_of_one_height_clipped_to_their_trim():
    small, wide = Scene(40, 60, [Rect(-3, -3, 46, 66, Style(fill="#123456"))]), Scene(120, 60, [])
    drawn = [item for item in cover(pictures=(small, wide)).items if isinstance(item, (Group, Rect))]
    groups, frames = drawn[0::2], drawn[1::2]
    assert [g.clip for g in groups] == [(0, 0, 40, 60), (0, 0, 120, 60)]
    assert {round(f.h, 6) for f in frames} == {round(groups[0].transform[0] * 60, 6)}
    assert frames[0].x + frames[0].w < frames[1].x  # side by side, in order
    assert LETTER.inset <= frames[0].x and frames[1].x + frames[1].w <= LETTER.width - LETTER.inset


def test_the_name_is_centred_on_the_page():
    name = next(item for item in cover().items if isinstance(item, Text) and item.text == "Sliders")
    assert {shaped.face for _, shaped in name.runs} == {"Play-Bold"}
    width = harfbuzz_width("Sliders", "Play-Bold", name.size)
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


def test_a_job_names_its_landscape_pages_and_the_advice_says_to_let_the_dialog_turn_them():
    job = PrintJob((5, 6, 7), "", (7,))
    assert job.phrase() == "pages 5-7 one-sided (page 7 landscape)"
    sheet = cover_sheet(ABOUT, [], [StockPages("card stock", (job,))], LETTER)
    assert "Let the print dialog turn the landscape pages" in " ".join(lines(sheet))
    assert "landscape" not in " ".join(lines(cover()))
