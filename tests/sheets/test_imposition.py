"""Imposition read back from built PDFs: poker cards 9-up on Letter and A4, with and
without bleed, crop marks outside the trim, the compact strip's 2 in bar."""

import pdfplumber
import pytest

from tests.conftest import run_build
from tests.pdf_geometry import PT_MM, crop_marks, cut_lines, trim_box_mm

POKER = (63.5, 88.9)


def poker_deck(folder, bleed: str, cards: int = 20):
    (folder / "layouts").mkdir()
    (folder / "layouts" / "test-poker.yaml").write_text(f"extends: card\nbleed: {bleed}\nbackground: '#cc3333'\n")
    (folder / "game.yaml").write_text("name: Poker\nengine: none\ncomponents: [cards.yaml]\n")
    items = "\n".join(f"  - {{title: 'Card {n}', text: 'Text {n}'}}" for n in range(1, cards + 1))
    (folder / "cards.yaml").write_text(f"kind: card\nlayout: test-poker\nitems:\n{items}\n")


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("bleed", ["0mm", "3mm"])
def test_poker_cards_go_nine_up_with_shared_cut_lines(tmp_path, paper, bleed):
    deck = tmp_path / "poker"
    deck.mkdir()
    poker_deck(deck, bleed)
    run_build(str(deck), "--out", str(tmp_path / "out"), "--paper", paper, "--format", "pdf", "--no-checklist")
    import pypdf

    reader = pypdf.PdfReader(tmp_path / "out" / "poker" / "poker.pdf")
    with pdfplumber.open(tmp_path / "out" / "poker" / "poker.pdf") as pdf:
        assert len(pdf.pages) == 3  # 9 + 9 + 2
        first = pdf.pages[0]
        cuts = cut_lines(first)
        xs = sorted({round(c.x0, 2) for c in cuts if c.vertical})
        ys = sorted({round(c.y0, 2) for c in cuts if c.horizontal})
        assert len(xs) == 4 and len(ys) == 4
        assert all(abs(b - a - POKER[0]) < 0.1 for a, b in zip(xs, xs[1:], strict=False))
        assert all(abs(b - a - POKER[1]) < 0.1 for a, b in zip(ys, ys[1:], strict=False))
        width, height = float(first.width) * PT_MM, float(first.height) * PT_MM
        assert (xs[0] + xs[-1]) / 2 == pytest.approx(width / 2, abs=0.1)  # centred
        assert (ys[0] + ys[-1]) / 2 == pytest.approx(height / 2, abs=0.1)
        tx, ty, tw, th = trim_box_mm(reader.pages[0])
        assert (tx, ty, tx + tw, ty + th) == pytest.approx((xs[0], ys[0], xs[-1], ys[-1]), abs=0.1)
        if bleed == "3mm":
            x0, y0, x1, y1 = (float(v) for v in reader.pages[0].bleedbox)
            assert (x1 - x0) * PT_MM == pytest.approx(tw + 6, abs=0.1)
        for mark in crop_marks(first):
            assert not (xs[0] < (mark.x0 + mark.x1) / 2 < xs[-1] and ys[0] < (mark.y0 + mark.y1) / 2 < ys[-1])
        # Narrow margins: the 2 in bar of the compact furniture, and the sheet label.
        rulers = [ln for ln in first.lines if abs(max(ln["width"], ln["height"]) * PT_MM - 50.8) < 0.05]
        assert rulers
        assert "page 1 of 3" in "".join(c["text"] for c in first.chars)  # in drawing order: it may stand rotated


def test_bleed_of_butted_cards_stays_on_the_outer_edges(tmp_path):
    """Art runs past the grid's outer cut lines into the bleed, never past a shared one."""
    import numpy as np
    import pypdfium2

    deck = tmp_path / "poker"
    deck.mkdir()
    poker_deck(deck, "3mm", cards=9)
    run_build(str(deck), "--out", str(tmp_path / "out"), "--format", "pdf", "--no-checklist")
    path = tmp_path / "out" / "poker" / "poker.pdf"
    with pdfplumber.open(path) as pdf:
        cuts = cut_lines(pdf.pages[0])
    xs = sorted({round(c.x0, 2) for c in cuts if c.vertical})
    ys = sorted({round(c.y0, 2) for c in cuts if c.horizontal})
    dpi = 200
    page = np.asarray(pypdfium2.PdfDocument(path)[0].render(scale=dpi / 72).to_pil().convert("RGB"), dtype=int)

    def red(x_mm, y_mm):
        r, g, b = page[int(y_mm / 25.4 * dpi), int(x_mm / 25.4 * dpi)]
        return r > 150 and g < 100 and b < 100

    mid_y = (ys[0] + ys[1]) / 2
    assert red(xs[0] - 1.5, mid_y)  # outer bleed printed
    assert not red(xs[0] - 4.5, mid_y)  # and no further than 3 mm
    assert red(xs[-1] + 1.5, mid_y)


@pytest.mark.parametrize("paper_name", ["letter", "a4"])
@pytest.mark.parametrize("size", [10.0, 25.0, 40.0])
def test_small_components_always_get_a_grid_with_furniture(paper_name, size):
    """Tiny butted components (votes, chips) fill a sheet in a grid instead of being tiled."""
    from generator.sheets.impose import plan_grid
    from generator.sheets.paper import paper

    plan = plan_grid(paper(paper_name), size, size, 0.0, 0.0, 200)
    assert plan is not None
    page = plan.paper
    assert plan.per_sheet >= int((page.width - 60) // size) * int((page.height - 60) // size)
