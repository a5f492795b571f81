"""The page's PDF line links each run of sheets of one title once, at its first page: a deck
of many sheets of cards is one link, not one a sheet. Checked against the PDF itself, its
pages counted by pdfium."""

import itertools
import re

import pypdfium2 as pdfium

from tests.serve.decks import write_deck
from tests.serve.test_serve_delta import get, parse, serving


def test_the_pdf_line_links_each_run_of_sheets_once_and_covers_every_page(tmp_path):
    with serving(write_deck(tmp_path / "deck", 40)) as (server, previews, game):
        line = next(p for p in parse(get(server, "/content").body).all("p") if p.attrs.get("class") == "pdf")
        pages = len(pdfium.PdfDocument(previews.games[game].pdf))
    links = [(a.attrs["href"], a.text()) for a in line.all("a") if a.attrs.get("class") == "sheet"]
    runs = []
    for href, text in links:
        shown = re.fullmatch(r"sheets? (\d+)(?:–(\d+))?: (.+)", text)
        assert shown, text
        first, last = int(shown[1]), int(shown[2] or shown[1])
        assert href == f"/files/deck/deck.pdf#page={first}" and (shown[2] is None) == (first == last)
        runs.append((first, last, shown[3]))
    assert [page for first, last, _ in runs for page in range(first, last + 1)] == list(range(1, pages + 1))
    assert all(one[2] != after[2] for one, after in itertools.pairwise(runs))  # a run lasts as long as its title
    titles = previews.games[game].sheets
    assert [title for first, last, title in runs for _ in range(first, last + 1)] == titles
    assert any(last > first for first, last, _ in runs)  # 40 cards are more than one sheet
