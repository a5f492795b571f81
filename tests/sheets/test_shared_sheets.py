"""Components of one size, stock and sides share sheets across component files, fronts and
backs in register; --separate keeps each file on sheets of its own. Read back from the PDF."""

from pathlib import Path

import pdfplumber
import pypdf
import pytest

from tests.conftest import run_build
from tests.pdf_geometry import PT_MM, cut_lines
from tests.sheets.test_checklist_rows import read_checklist
from tests.sheets.test_print_sheets import bookmarks

CARD_W, CARD_H = 63.5, 88.9


def write_game(folder: Path) -> Path:
    """Two files of two-sided poker cards: a.yaml N1-N5, b.yaml N6-N18 (backs B<n>)."""
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Shared\nengine: none\ncomponents: [a.yaml, b.yaml]\n")
    for name, numbers, extra in (("a", range(1, 6), ""), ("b", range(6, 19), "row: Other cards\n")):
        items = "\n".join(f"  - {{title: 'Card {n}', text: 'N{n}', back: 'B{n}'}}" for n in numbers)
        (folder / f"{name}.yaml").write_text(f"kind: card\nlayout: card-two-sided\n{extra}items:\n{items}\n")
    return folder


def build(tmp_path: Path, game: Path, *options: str) -> Path:
    out = tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf", *options)
    return out / game.name / f"{game.name}.pdf"


def cells(page) -> list[tuple[float, float]]:
    """Card centres (mm), row by row, from the shared cut lines."""
    cuts = cut_lines(page)
    xs = sorted({round(c.x0, 2) for c in cuts if c.vertical})
    ys = sorted({round(c.y0, 2) for c in cuts if c.horizontal})
    return [
        ((a + b) / 2, (t + u) / 2) for t, u in zip(ys, ys[1:], strict=False) for a, b in zip(xs, xs[1:], strict=False)
    ]


def read_rows(path: Path) -> tuple[dict[str, dict[str, str]], str]:
    """The checklist's rows by component, and its whole text."""
    rows, text, _ = read_checklist(path)
    return {r["Component"]: r for r in rows}, text


def test_two_files_of_one_size_share_sheets_with_backs_in_register(tmp_path):
    path = build(tmp_path, write_game(tmp_path / "game"), "--no-checklist")
    with pdfplumber.open(path) as pdf:
        pages = pdf.pages
        assert len(pages) == 4  # 18 cards, 9 a sheet: 2 sheets (4 pages), not 1 + 2 sheets
        done = 0
        for fronts, backs in zip(pages[::2], pages[1::2], strict=True):
            centres = cells(fronts)
            assert len(centres) == 9  # one grid, its cut lines shared across both files' cards
            words = {w["text"]: w for w in fronts.extract_words()}
            back_words = {w["text"]: w for w in backs.extract_words()}
            width = float(fronts.width) * PT_MM
            for n, (cx, cy) in enumerate(centres, done + 1):
                front = words[f"N{n}"]
                assert abs((front["x0"] + front["x1"]) / 2 * PT_MM - cx) < CARD_W / 2
                assert abs((front["top"] + front["bottom"]) / 2 * PT_MM - cy) < CARD_H / 2
                back = back_words[f"B{n}"]  # behind its front for a long-edge flip: mirrored left-right
                assert (back["x0"] + back["x1"]) / 2 * PT_MM == pytest.approx(width - cx, abs=0.1)
                assert abs((back["top"] + back["bottom"]) / 2 * PT_MM - cy) < CARD_H / 2
            done += len(centres)
    assert done == 18


def test_shared_pages_are_listed_for_both_rows_and_separate_keeps_files_apart(tmp_path):
    game = write_game(tmp_path / "game")
    path = build(tmp_path / "shared", game)
    marks = bookmarks(path)
    assert marks == {"Cover": 1, "Checklist": 2, "cards": 3, "Other cards": 3}
    rows, text = read_rows(path)
    assert rows["cards"]["Pages"] == "3-4" and rows["Other cards"]["Pages"] == "3-6"
    assert "card stock, 200-300 gsm: 2 sheets (pages 3-6)" in text

    path = build(tmp_path / "separate", game, "--separate")
    assert len(pypdf.PdfReader(path).pages) == 2 + 6
    marks = bookmarks(path)
    assert marks == {"Cover": 1, "Checklist": 2, "cards": 3, "Other cards": 5}
    rows, text = read_rows(path)
    assert rows["cards"]["Pages"] == "3-4" and rows["Other cards"]["Pages"] == "5-8"
    assert "card stock, 200-300 gsm: 3 sheets (pages 3-8)" in text
    assert "each component file gets sheets of its own (--separate)" in text
