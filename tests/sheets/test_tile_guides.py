"""A tiled board's overlap guides, read back from Sliders' PDF (pdfplumber): dark dotted lines,
unlike a fold's 3 mm dashes, that stay visible printed in grey, each labelled in the strip the
next tile covers; and the seams of Sliders' and Slipmax's boards, between their spaces."""

import functools
from contextlib import ExitStack
from pathlib import Path

import pdfplumber
import pytest

from generator.sheets.impose import TILE_OVERLAP, _spans
from tests.pdf_text import page_texts


@pytest.fixture(scope="module")
def opened(shipped_pdfs):
    """A game's PDF of shipped_pdfs, opened with pdfplumber the first time a test asks for
    it and kept open for the module: pdfplumber keeps what it parsed of a page (its text,
    lines and shapes) with the page, so each page is parsed once rather than once a test."""
    with ExitStack() as stack:
        pdfs: dict[str, pdfplumber.PDF] = {}

        def pdf(game: str) -> pdfplumber.PDF:
            if game not in pdfs:
                pdfs[game] = stack.enter_context(pdfplumber.open(shipped_pdfs / game / f"{game}.pdf"))
            return pdfs[game]

        yield pdf


@functools.cache
def _texts(path: Path) -> list[str]:
    return page_texts(path)


def tile_pages(pdf: pdfplumber.PDF, tile: str = "") -> list[tuple[pdfplumber.page.Page, str]]:
    """The pages of a board's tiles (of the one tile named, if any) and their text, found by
    that text as pdfium reads it: pdfplumber parses only the pages a test measures."""
    return [(pdf.pages[n], text) for n, text in enumerate(_texts(pdf.path)) if f"board, tile {tile}" in text]


@pytest.fixture(scope="module")
def tiles(opened):
    return [
        ([ln for ln in page.lines if ln.get("dash") and ln["dash"][0]], "".join(c["text"] for c in page.chars))
        for page, _ in tile_pages(opened("sliders"))
    ]


def test_each_overlap_guide_is_dark_dotted_and_labelled(tiles):
    """Sliders' board is 3 tiles across and 2 down: each tile but the last of its row has a
    guide on its right, each of the top row one at its foot, 7 in all."""
    assert len(tiles) == 6
    assert sum(len(dashed) for dashed, _ in tiles) == 7
    for dashed, text in tiles:
        for guide in dashed:
            assert max(guide["dash"][0]) <= 1.2, "dotted, not dashed like a fold"
            assert max(guide["stroking_color"]) <= 0.3, "dark enough to show in grey"
        assert text.count("overlap: lay the next tile") == len(dashed), "each guide labelled"


def test_the_boards_tiles_meet_on_the_lines_between_its_spaces(opened):
    """Read back from Sliders' PDF: the left trim edge of each tile after the first of its
    row (where it is laid over its neighbour: the seam on the table) lies on the edge of a
    board space (the spaces' outlines, stroked 0.75 pt), so no seam cuts through one."""
    checked = 0
    for page, text in tile_pages(opened("sliders")):
        if "tile A" in text:
            continue
        left = float(page.trimbox[0])
        edges = [
            x for r in page.rects if abs(r["linewidth"] - 0.75) < 0.01 for x in (r["x0"], r["x1"]) if x >= left - 1
        ]
        assert any(abs(x - left) < 0.15 for x in edges), (page.page_number, left, sorted(edges)[:5])
        checked += 1
    assert checked == 4  # B1, C1, B2, C2


@pytest.mark.parametrize(
    ("seams", "starts"),
    [
        ((), [0.0, 96.0, 192.0]),  # no seams: spread evenly (108 mm tiles)
        ((50.0, 90.0, 100.0, 180.0, 195.0), [0.0, 100.0, 195.0]),  # the seams nearest 96 and 192
        ((30.0, 60.0), [0.0, 96.0, 192.0]),  # no choice reaches the end: spread evenly
    ],
)
def test_tiles_start_on_the_seams_nearest_an_even_spread_or_spread_evenly(seams, starts):
    """300 mm in three tiles of at most 112 mm: each tile reaches the 12 mm overlap past the
    next's start (its guide, where that tile's trimmed edge is laid), the last reaches the end,
    and the tiles start on seams where they can."""
    spans = _spans(300.0, 3, 112.0, seams)
    assert [start for start, _ in spans] == pytest.approx(starts)
    assert spans[-1][1] == 300.0
    for (start, end), (after, _) in zip(spans, spans[1:], strict=False):
        assert end - start <= 112.0 + 1e-9 and end == pytest.approx(after + TILE_OVERLAP)


def test_choosing_seams_stays_quick_however_many_the_component_names():
    """Thousands of seams and tiles: each tile tries the few seams nearest its even start
    (a dynamic programme, not every combination); every tile still starts on a seam."""
    seams = tuple(float(x) for x in range(1, 3000))
    spans = _spans(3000.0, 30, 112.0, seams)
    assert all(start == int(start) for start, _ in spans)


def test_slipmax_spiral_board_is_split_between_rows_of_spaces(opened):
    """Read back from Slipmax's PDF: the second tile's top trim edge (laid over the first
    tile's overlap) is the top of a row of spaces, whose numbers stand 1.2 mm below their
    space's edge, so no seam cuts through a space."""
    pdf = opened("slipmax")
    ((page, _),) = tile_pages(pdf, "A2")
    top = float(page.trimbox[1])  # the trim's top edge (pdfplumber measures from the page's top)
    numbers = [w for w in page.extract_words() if w["text"].isdigit() and w["top"] >= top - 0.5]
    first_row = min(w["top"] for w in numbers)
    assert (first_row - top) * 25.4 / 72 == pytest.approx(1.2, abs=0.8)


@pytest.mark.parametrize(
    ("game", "first", "second"), [("chip-flip", "A1", "A2"), ("slipmax", "A1", "A2"), ("sliders", "A1", "B1")]
)
def test_each_overlap_guide_is_where_the_next_tiles_trimmed_edge_goes(opened, game, first, second):
    """Read back (pdfplumber): the alignment targets are the same board points on both
    tiles, so they give the second tile's offset on the board from the first's; the first
    tile's dotted guide lies that far from its own trimmed edge, so laying the second tile's
    edge on the guide puts its targets on the first tile's."""
    across = first[1] == second[1]  # A1 -> B1: the second tile is to the right
    pdf = opened(game)
    ((near, _),), ((far, _),) = tile_pages(pdf, first), tile_pages(pdf, second)

    def edge(page) -> float:  # the tile's trimmed edge on the axis the tiles meet along
        return float(page.trimbox[0] if across else page.trimbox[1])

    def targets(page) -> list[float]:
        centres = [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in page.curves]
        return sorted(round((x if across else y) - edge(page), 1) for x, y in centres)

    shift = {a - b for a in targets(near) for b in targets(far)}
    guides = [
        (ln["x0"] if across else ln["top"]) - edge(near)
        for ln in near.lines
        if ln.get("dash") and ln["dash"][0] and (abs(ln["x0"] - ln["x1"]) < 0.01) == across
    ]
    assert len(guides) == 1
    assert any(abs(guides[0] - offset) < 0.3 for offset in shift), (guides, sorted(shift))
