"""The checklist read back from the PDF: one row per component as printed, grouped by stock
with sheets totalled per stock, pages that are the PDF's own, and a bookmark per row."""

from pathlib import Path

import pdfplumber
import pypdf

from tests.conftest import COMPONENTS, cutsheet_process, run_build
from tests.pdf_geometry import PT_MM, trim_box_mm
from tests.pdf_text import flat_page_texts
from tests.sheets.test_print_sheets import bookmarks, checklist_rows

CARD = "card stock, 200-300 gsm"
PAPER = "paper, 80-120 gsm (plain or coloured)"
BOARD = "paper, glued onto board (mount board or a cereal box)"


def pages_of(cell: str) -> list[int]:
    out: list[int] = []
    for part in cell.split(","):
        first, _, last = part.strip().partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


def reads(text: str, wanted: str) -> bool:
    """Whether the page text holds `wanted`, read either way (furniture may stand rotated)."""
    return wanted in text or wanted[::-1] in text


def read_checklist(path: Path) -> tuple[list[dict[str, str]], str, list[str]]:
    """The checklist's rows and text (pdfplumber), and every page's text (pdfium)."""
    at = bookmarks(path)["Checklist"]
    titles = flat_page_texts(path)
    with pdfplumber.open(path, pages=[at]) as pdf:
        (page,) = pdf.pages
        return checklist_rows(page), " ".join(page.extract_text().split()), titles


def test_sliders_checklist_has_one_row_per_component_grouped_by_stock(tmp_path):
    out = tmp_path / "out"
    run_build(str(COMPONENTS / "sliders"), "--out", str(out), "--format", "pdf", "--no-check")
    path = out / "sliders" / "sliders.pdf"
    rows, text, titles = read_checklist(path)
    labels = [r["Component"].removesuffix(" (optional)") for r in rows]
    assert labels.count("title deeds") == 1
    deeds = rows[labels.index("title deeds")]
    assert deeds["How"] == "28"  # 22 streets, 4 railroads, 2 utilities
    chance = rows[labels.index("Chance cards")]
    assert set(pages_of(deeds["Pages"])) & set(pages_of(chance["Pages"]))  # one size and stock: shared sheets
    stocks = [r["Stock"] for r in rows]
    assert stocks == sorted(stocks, key=[CARD, PAPER, BOARD].index)  # grouped: each stock loaded once
    assert rows[labels.index("play money")]["Stock"] == PAPER
    assert rows[labels.index("board")]["Stock"] == BOARD
    marks = bookmarks(path)
    assert list(marks)[3:] == labels  # a bookmark per row, in the rows' order
    for r in rows:
        pages = pages_of(r["Pages"])  # every row has pages, houses and hotels too
        assert pages and marks[r["Component"].removesuffix(" (optional)")] == pages[0]
        for n in pages:
            assert reads(titles[n - 1], f"page {n} of {len(titles)}")
    for stock, name in ((CARD, "card stock, 200-300 gsm"), (PAPER, "paper, 80-120 gsm"), (BOARD, "paper, glued")):
        of_stock = [r for r in rows if r["Stock"] == stock]
        # rows of one size share pages: count each page once, a duplex front and back as one sheet
        duplex = {n for r in of_stock if "double" in r["Sides"] for n in pages_of(r["Pages"])}
        # (a one-sided row may fill room on a duplex front: that sheet is counted once)
        single = {n for r in of_stock if "double" not in r["Sides"] for n in pages_of(r["Pages"])} - duplex
        sheets = len(duplex) // 2 + len(single)
        first = min(n for r in of_stock for n in pages_of(r["Pages"]))
        last = max(n for r in of_stock for n in pages_of(r["Pages"]))
        assert f"{name}" in text and f"{sheets} sheets (pages {first}-{last})" in text


def write_game(folder: Path, deeds_extra: str = "", more_extra: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Mine\nengine: none\ncomponents: [a.yaml, b.yaml]\n")
    (folder / "a.yaml").write_text(f"kind: card\nlayout: card\n{deeds_extra}items:\n  - {{title: A, text: a}}\n")
    (folder / "b.yaml").write_text(f"kind: card\nlayout: card\n{more_extra}items:\n  - {{title: B, text: b}}\n")
    return folder


def test_component_files_name_their_row_and_stock(tmp_path):
    game = write_game(tmp_path / "mine", "row: Tokens\nstock: paper\n", "row: Tokens\nstock: paper\n")
    run_build(str(game), "--out", str(tmp_path / "out"), "--format", "pdf")
    path = tmp_path / "out" / "mine" / "mine.pdf"
    rows, text, _ = read_checklist(path)
    assert [(r["Component"], r["How"], r["Stock"]) for r in rows] == [("Tokens", "2", PAPER)]
    assert list(bookmarks(path)) == ["Cover", "Checklist", "Tokens"]
    assert f"{PAPER}: 1 sheet (pages 3)" in text and "Print page 3 at 100%" in text  # the two share a sheet


def test_a_stock_that_is_not_one_of_the_three_is_an_error_at_its_place(tmp_path):
    game = write_game(tmp_path / "mine", "stock: cardboard\n")
    result = cutsheet_process("build", game, "--out", tmp_path / "out", "--no-check", cwd=Path(__file__).parents[2])
    assert result.returncode == 2
    assert "a.yaml:3:8" in result.stderr and "paper" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "mine" / "mine.pdf").exists()


def test_sliders_board_takes_the_fewest_tiles_the_overlap_allows(tmp_path):
    """480 mm square on Letter: 6 tiles (3 across, 2 down, the compact ruler under each)
    where the full calibration square under each tile would take 8; every neighbour still
    overlaps by at least the 12 mm the tiles are laid over."""
    out = tmp_path / "out"
    run_build(str(COMPONENTS / "sliders"), "--out", str(out), "--format", "pdf", "--no-check")
    path = out / "sliders" / "sliders.pdf"
    rows, _, titles = read_checklist(path)
    board = pages_of(next(r for r in rows if r["Component"] == "board")["Pages"])
    assert len(board) == 6
    reader = pypdf.PdfReader(path)
    widths, heights = [], []
    for n in board:
        assert "(3 across, 2 down)" in titles[n - 1] and reads(titles[n - 1], f"page {n} of {len(titles)}")
        x, y, w, h = trim_box_mm(reader.pages[n - 1])
        page_w = float(reader.pages[n - 1].mediabox.width) * PT_MM
        page_h = float(reader.pages[n - 1].mediabox.height) * PT_MM
        assert x >= 10.5 - 0.01 and y >= 10.5 - 0.01 and x + w <= page_w - 10.5 + 0.01 and y + h <= page_h - 10.5
        widths.append(w)
        heights.append(h)
    assert sum(widths[:3]) - 480 >= 2 * 12 - 0.01  # one row of tiles: two overlaps
    assert heights[0] + heights[3] - 480 >= 12 - 0.01  # one column: one overlap
