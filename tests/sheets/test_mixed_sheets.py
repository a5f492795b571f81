"""Components of different sizes (one stock, one sidedness) share sheets: a run's partly
filled last sheet takes the smaller cards of another file, backs mirrored in register, cut
lines round every card and crop marks only in the margins; the checklist reports each
sheet run's paper use. Read back from the PDF (pdfplumber, pypdf) and its rendering
(pypdfium2)."""

from pathlib import Path

import numpy as np
import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest

from generator.sheets.paper import paper
from tests.conftest import run_build
from tests.pdf_geometry import PT_MM, crop_marks, cut_lines, trim_box_mm
from tests.sheets.test_checklist_rows import read_checklist

POKER = (63.5, 88.9)
SMALL = (40.0, 30.0)
BLEED = 3.0
SMALL_LAYOUT = """\
about: A small two-sided card.
size: {width: 40mm, height: 30mm}
bleed: 3mm
gap: 0mm
background: "#ffffff"
elements:
  text: {type: text, field: text, x: 3mm, y: 3mm, width: 34mm, height: 24mm, size: 9pt, min_size: 6pt}
back_background: "#e8e4d8"
back_elements:
  back: {type: text, field: back, x: 3mm, y: 3mm, width: 34mm, height: 24mm, size: 9pt, min_size: 6pt}
"""


def write_game(folder: Path, poker: int = 10, small: int = 6) -> Path:
    """poker.yaml: two-sided poker cards N1.. (backs B<n>); small.yaml: two-sided 40 x 30 mm
    cards S1.. (backs T<n>), on the same card stock."""
    folder.mkdir(parents=True)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "small-card.yaml").write_text(SMALL_LAYOUT)
    (folder / "game.yaml").write_text("name: Mixed\nengine: none\ncomponents: [poker.yaml, small.yaml]\n")
    for name, prefix, back, count, layout, row in (
        ("poker", "N", "B", poker, "card-two-sided", ""),
        ("small", "S", "T", small, "small-card", "row: small cards\n"),
    ):
        items = "\n".join(
            f"  - {{title: '{prefix}{n}', text: '{prefix}{n}', back: '{back}{n}'}}" for n in range(1, count + 1)
        )
        (folder / f"{name}.yaml").write_text(f"kind: card\nlayout: {layout}\n{row}items:\n{items}\n")
    return folder


def build(out: Path, game: Path, *options: str) -> Path:
    run_build(str(game), "--out", str(out), "--format", "pdf", *options)
    return out / game.name / f"{game.name}.pdf"


def centres(page, prefix: str) -> dict[str, tuple[float, float]]:
    """Each word `prefix` + digits, at its centre in mm (read backwards when it is upside
    down, as a back turned for a flip over the top edge is)."""
    found = {}
    for w in page.extract_words():
        text = w["text"] if w["text"][:1] == prefix else w["text"][::-1]
        if text.startswith(prefix) and text[1:].isdigit():
            found[text] = ((w["x0"] + w["x1"]) / 2 * PT_MM, (w["top"] + w["bottom"]) / 2 * PT_MM)
    return found


def card_box(page, centre: tuple[float, float], size: tuple[float, float]) -> tuple[float, float, float, float]:
    """The trim box (left, top, right, bottom, mm) of the card whose text is at `centre`: the
    cut lines of exactly its size that enclose the text."""
    cuts = cut_lines(page)
    xs = sorted({round(c.x0, 2) for c in cuts if c.vertical})
    ys = sorted({round(c.y0, 2) for c in cuts if c.horizontal})
    cx, cy = centre
    boxes = [
        (a, t, b, u)
        for a in xs
        for b in xs
        for t in ys
        for u in ys
        if abs(b - a - size[0]) < 0.05 and abs(u - t - size[1]) < 0.05 and a < cx < b and t < cy < u
    ]
    assert len(boxes) == 1, (centre, boxes)
    return boxes[0]


def covered(cuts, box: tuple[float, float, float, float]) -> bool:
    """Whether cut lines run along all four edges of the box."""
    left, top, right, bottom = box

    def along_x(y: float) -> bool:
        return any(c.horizontal and abs(c.y0 - y) < 0.05 and c.x0 <= left + 0.05 and c.x1 >= right - 0.05 for c in cuts)

    def along_y(x: float) -> bool:
        return any(c.vertical and abs(c.x0 - x) < 0.05 and c.y0 <= top + 0.05 and c.y1 >= bottom - 0.05 for c in cuts)

    return along_x(top) and along_x(bottom) and along_y(left) and along_y(right)


def test_a_partly_filled_sheet_takes_smaller_cards_with_backs_in_register(tmp_path):
    path = build(tmp_path / "out", write_game(tmp_path / "game"), "--no-checklist")
    with pdfplumber.open(path) as pdf:
        # 10 poker cards, 6 a sheet (landscape), and 6 small cards: two sheets, not three.
        assert len(pdf.pages) == 4
        fronts, backs = pdf.pages[2], pdf.pages[3]
        poker, small = centres(fronts, "N"), centres(fronts, "S")
        assert sorted(poker) == ["N10", "N7", "N8", "N9"] and len(small) == 6
        width, height = float(fronts.width) * PT_MM, float(fronts.height) * PT_MM
        boxes = [card_box(fronts, c, POKER) for c in poker.values()]
        boxes += [card_box(fronts, c, SMALL) for c in small.values()]
        cuts = cut_lines(fronts)
        assert all(covered(cuts, box) for box in boxes)
        # No two cards overlap; cards of different sizes are 2 x bleed apart, each keeping its bleed.
        for n, a in enumerate(boxes):
            for b in boxes[n + 1 :]:
                apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
                same = (a[2] - a[0], a[3] - a[1]) == pytest.approx((b[2] - b[0], b[3] - b[1]))
                assert apart >= (-0.01 if same else 2 * BLEED - 0.01)
        # Crop marks stay in the margins, never reaching into the trim round all the cards;
        # the small cards' horizontal cuts, which run clear to the right, are marked there.
        x, y, w, h = trim_box_mm(pypdf.PdfReader(path).pages[2])
        trim = (x, y, x + w, y + h)
        assert trim == pytest.approx(
            (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)),
            abs=0.01,
        )
        marks = crop_marks(fronts)
        for mark in marks:
            assert not (trim[0] < mark.x1 and mark.x0 < trim[2] and trim[1] < mark.y1 and mark.y0 < trim[3]), mark
        small_ys = {round(y, 1) for box in boxes[4:] for y in (box[1], box[3])}
        assert small_ys <= {round(m.y0, 1) for m in marks if m.horizontal and m.x0 > trim[2]}
        # Every back behind its front: a landscape sheet turns over its top edge for a
        # long-edge flip, so each back lies in its front's box mirrored top-bottom.
        assert width > height
        named = dict(zip([*poker, *small], boxes, strict=True))
        back_at = {**centres(backs, "B"), **centres(backs, "T")}
        assert len(back_at) == len(named)
        for name, (left_x, top_y, right_x, bottom_y) in named.items():
            bx, by = back_at[("B" if name[0] == "N" else "T") + name[1:]]
            assert left_x < bx < right_x and height - bottom_y < by < height - top_y, name
    # Rendered, each small back's tinted background lies behind its front's place.
    page = pdfium.PdfDocument(str(path))[3]
    dpi = 50
    pixels = np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB")).astype(int)
    for box in boxes[4:]:
        x = (box[0] + 4.0) / 25.4 * dpi  # 4 mm inside the back's corner
        y = (height - box[3] + 4.0) / 25.4 * dpi
        assert np.abs(pixels[int(y), int(x)] - (0xE8, 0xE4, 0xD8)).max() <= 6


def test_separate_keeps_sizes_apart_and_the_checklist_reports_paper_use(tmp_path):
    game = write_game(tmp_path / "game")
    path = build(tmp_path / "separate", game, "--no-checklist", "--separate")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 6
        for page in pdf.pages[::2]:
            assert not (centres(page, "N") and centres(page, "S"))

    path = build(tmp_path / "shared", game)
    letter = paper("letter")
    printable = (letter.width - 2 * letter.margin) * (letter.height - 2 * letter.margin)
    with pdfplumber.open(path) as pdf:
        shares = []
        for page in (pdf.pages[2], pdf.pages[4]):  # the fronts sheets, after cover and checklist
            area = len(centres(page, "N")) * POKER[0] * POKER[1] + len(centres(page, "S")) * SMALL[0] * SMALL[1]
            shares.append(area / printable)
    _, text, _ = read_checklist(path)
    overall, least = sum(shares) / 2, min(shares)
    line = (
        f"Pages 3-6, cards, small cards: 2 sheets, {overall:.0%} of the printable area used"
        f" (the least, page 5: {least:.0%})."
    )
    assert "Paper use per sheet run" in text
    assert line in text
    assert pypdf.PdfReader(path).page_labels == ["1", "2", "3", "4", "5", "6"]
