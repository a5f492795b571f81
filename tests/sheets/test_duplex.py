"""Two-sided components: each fronts sheet is followed by its backs, mirrored for a
long-edge flip, measured from the PDF."""

import pdfplumber
import pytest

from tests.conftest import run_build
from tests.pdf_geometry import PT_MM, cut_lines


@pytest.fixture(scope="module")
def duplex_pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("deck")
    (folder / "game.yaml").write_text("name: Duplex\nengine: none\ncomponents: [cards.yaml]\n")
    items = "\n".join(f"  - {{title: 'Front {n}', text: 'N{n}', back: 'B{n}'}}" for n in range(1, 11))
    (folder / "cards.yaml").write_text(f"kind: card\nlayout: card-two-sided\nitems:\n{items}\n")
    out = tmp_path_factory.mktemp("out")
    run_build(str(folder), "--out", str(out), "--format", "pdf", "--no-checklist")
    with pdfplumber.open(out / folder.name / f"{folder.name}.pdf") as pdf:
        yield pdf


def grid_box(page):
    cuts = cut_lines(page)
    xs = [c.x0 for c in cuts if c.vertical]
    ys = [c.y0 for c in cuts if c.horizontal]
    return min(xs), min(ys), max(xs), max(ys)


def cells(page):
    """Card centres, row by row."""
    cuts = cut_lines(page)
    xs = sorted({round(c.x0, 3) for c in cuts if c.vertical})
    ys = sorted({round(c.y0, 3) for c in cuts if c.horizontal})
    return [
        ((left + right) / 2, (top + bottom) / 2)
        for top, bottom in zip(ys, ys[1:], strict=False)
        for left, right in zip(xs, xs[1:], strict=False)
    ]


def test_backs_follow_fronts_mirrored_for_a_long_edge_flip(duplex_pdf):
    """Turning a sheet over its long edge mirrors left-right on a portrait page and
    top-bottom on a landscape one: each back must land behind its front."""
    pages = duplex_pdf.pages
    assert len(pages) % 2 == 0
    done = 0
    for fronts, backs in zip(pages[::2], pages[1::2], strict=True):
        width, height = float(fronts.width) * PT_MM, float(fronts.height) * PT_MM
        left, top, right, bottom = grid_box(fronts)
        numbers = [
            int(w["text"][1:])
            for w in fronts.extract_words()
            if w["text"][:1] == "N"
            and w["text"][1:].isdigit()
            and left < w["x0"] * PT_MM < right
            and top < w["top"] * PT_MM < bottom
        ]
        assert numbers == list(range(done + 1, done + len(numbers) + 1))
        # A back turned 180 degrees (landscape sheets flip over their top) reads reversed.
        words = {w["text"]: w for w in backs.extract_words()}
        words.update({w["text"][::-1]: w for w in backs.extract_words() if not w["upright"] or w["text"][:1].isdigit()})
        for n, (cx, cy) in enumerate(cells(fronts)[: len(numbers)]):
            number = done + n + 1
            word = words[f"B{number}"]
            back_x = (word["x0"] + word["x1"]) / 2 * PT_MM
            back_y = (word["top"] + word["bottom"]) / 2 * PT_MM
            if width < height:
                assert back_x == pytest.approx(width - cx, abs=0.1), number
                assert abs(back_y - cy) < 88.9 / 2, number
            else:
                assert back_y == pytest.approx(height - cy, abs=0.5), number  # text centre, not the box's
                assert back_x == pytest.approx(cx, abs=0.1), number
                assert "B" not in word["text"][:1], "a back on a sheet turned over its top is turned 180 degrees"
        done += len(numbers)
    assert done == 10
