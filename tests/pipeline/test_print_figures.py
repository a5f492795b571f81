"""What a player prints, measured on each shipped game's default build on Letter: Chip Flip
in at most 7 pages, Twisty Passages in 30 and Sliders, its money included, in 50; no page
takes more than 45% ink (each page drawn by pdfium at 30 dpi, its coverage the mean over the
page of the three inks a colour printer lays for each pixel: cyan 1 - red, magenta 1 - green,
yellow 1 - blue), and no text on a sheet of components is smaller than 7 pt (pdfium's size
of each character of the page's text, scaled by its matrix)."""

import ctypes
import math
import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

GAMES = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]
MOST_INK = 0.45
#: The most pages a game's default build takes on Letter, cover, rules and checklist included.
MOST_PAGES = {"chip-flip": 7, "sliders": 50, "twisty-passages": 30}
SMALLEST_TEXT = 7.0  # pt


def coverage(pdf: Path) -> list[float]:
    """Each page's ink coverage, 0 to 1."""
    document = pdfium.PdfDocument(str(pdf))
    pixels = (np.asarray(page.render(scale=30 / 72).to_pil().convert("RGB")) for page in document)
    return [float(1 - rgb.astype(float).mean() / 255) for rgb in pixels]


@pytest.mark.parametrize("game", GAMES)
def test_no_page_takes_more_than_45_percent_ink(shipped_pdfs, game):
    pages = coverage(shipped_pdfs / game / f"{game}.pdf")
    worst = max(range(len(pages)), key=pages.__getitem__)
    assert pages[worst] <= MOST_INK, f"page {worst + 1}: {pages[worst]:.0%} ink"


def printed_sizes(textpage: pdfium.PdfTextPage, text: str) -> list[float]:
    """The size in points each drawn character of the page is printed at, however turned."""
    sizes = []
    for index, char in enumerate(text[: textpage.count_chars()]):
        if char.isspace():
            continue
        matrix = pdfium_c.FS_MATRIX()
        pdfium_c.FPDFText_GetMatrix(textpage.raw, index, ctypes.byref(matrix))
        sizes.append(pdfium_c.FPDFText_GetFontSize(textpage.raw, index) * math.hypot(matrix.c, matrix.d))
    return sizes


@pytest.mark.parametrize("game", GAMES)
def test_no_text_on_a_sheet_of_components_is_under_7_pt(shipped_pdfs, game):
    document = pdfium.PdfDocument(str(shipped_pdfs / game / f"{game}.pdf"))
    for n, page in enumerate(document, 1):
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        if re.search(r"page \d+ of \d+", text):  # a sheet (not the cover, rules or checklist)
            smallest = min(printed_sizes(textpage, text), default=SMALLEST_TEXT)
            assert smallest >= SMALLEST_TEXT - 0.01, f"page {n}: text at {smallest:.2f} pt"


@pytest.mark.parametrize("game", sorted(MOST_PAGES))
def test_a_game_prints_on_no_more_pages_than_it_needs(shipped_pdfs, game):
    assert len(pdfium.PdfDocument(str(shipped_pdfs / game / f"{game}.pdf"))) <= MOST_PAGES[game]
