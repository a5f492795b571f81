"""One scale mark on every sheet of every shipped game, read back from the PDFs with pdfium: a
bar 2 in (144 pt) long (a path of one straight segment), whether the sheet has room for the
full furniture block or only for the compact strip, and its "print at 100%" label at 7 pt or
more (pdfium's size of each character, scaled by its matrix: a label may stand rotated in a
side margin)."""

import re

import pytest

from tests.pdf_paths import shapes
from tests.pdf_text import pages, printed_size

GAMES = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_has_one_two_inch_bar_and_its_label_at_seven_points(shipped_pdfs, game):
    checked = 0
    for n, page in enumerate(pages(shipped_pdfs / game / f"{game}.pdf")):
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        if not re.search(r"page \d+ of \d+", text) or "left blank" in text:
            continue  # the cover, the rules, the checklist, a blank page
        bars = [s for s in shapes(page) if s.kind == "line" and abs(max(s.x1 - s.x0, s.bottom - s.top) - 144) < 0.05]
        assert len(bars) == 1, f"page {n + 1}: {len(bars)} bars of 2 in"
        at = text.find("100%")
        assert at >= 0, n + 1
        assert min(printed_size(textpage, k) for k in range(at, at + 4)) >= 7 - 0.01, n + 1
        checked += 1
    assert checked
