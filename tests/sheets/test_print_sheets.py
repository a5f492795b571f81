"""Print production sheets read back from the PDF: duplex flips and back offsets, fold-over
geometry, the checklist page's counts, the ink saver and the duplex alignment test."""

from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.layout.scene import Circle, Group, Rect, Scene, Style, Text, line_style
from generator.layout.text import set_line
from generator.sheets.ink import save_ink
from tests.conftest import COMPONENTS, run_build
from tests.pdf_geometry import PT_MM, cut_lines, grid_edges, score_lines
from tests.pdf_text import Boxed, boxed_words, flat_page_texts, page_texts, page_words

CARD_W, CARD_H = 63.5, 88.9


def write_deck(folder: Path, cards: int, layout: str = "card-two-sided") -> Path:
    """A synthetic poker deck: card n shows N<n> on its front and B<n> on its back."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Duplex\nengine: none\ncomponents: [cards.yaml]\n")
    items = "\n".join(f"  - {{title: 'Front {n}', text: 'N{n}', back: 'B{n}'}}" for n in range(1, cards + 1))
    (folder / "cards.yaml").write_text(f"kind: card\nlayout: {layout}\nitems:\n{items}\n")
    return folder


def build_pdf(tmp_path: Path, deck: Path, *options: str) -> Path:
    out = tmp_path / "out"
    run_build(str(deck), "--out", str(out), "--format", "pdf", "--no-checklist", *options)
    return out / deck.name / f"{deck.name}.pdf"


def cells(page) -> list[tuple[float, float, float, float]]:
    """Trim boxes (left, top, right, bottom, mm) of the butted grid of cards."""
    xs, ys = grid_edges(page, CARD_W, CARD_H)
    return [
        (a, t, b, u)
        for t, u in zip(ys, ys[1:], strict=False)
        for a, b in zip(xs, xs[1:], strict=False)
        if abs(b - a - CARD_W) < 0.05 and abs(u - t - CARD_H) < 0.05
    ]


def drawn_words(path: Path) -> list[list[Boxed]]:
    """Each page's words, with their boxes and the angle they are turned through (pdfium)."""
    with pdfium.PdfDocument(path) as document:
        return [boxed_words(page) for page in document]


def word_cells(page, words: list[Boxed], prefix: str, turned: bool = False) -> dict[int, tuple]:
    """Card number -> the cell of `page` (pdfplumber's, for its cut lines) holding the word
    <prefix><number> among the page's `words`, drawn upright, or upside down when `turned`."""
    found = {}
    boxes = cells(page)
    for word in words:
        if word.text[:1] != prefix or not word.text[1:].isdigit() or round(word.angle) % 360 != 180 * turned:
            continue
        x, y = (word.x0 + word.x1) / 2 * PT_MM, (word.top + word.bottom) / 2 * PT_MM
        inside = [box for box in boxes if box[0] < x < box[2] and box[1] < y < box[3]]
        if inside:
            found[int(word.text[1:])] = inside[0]
    return found


def pairs(pdf_path: Path, duplex: str = "long"):
    """(width, height, fronts, backs) per sheet pair; a sheet that turns over its top edge
    has its backs turned 180 degrees."""
    words = drawn_words(pdf_path)
    with pdfplumber.open(pdf_path) as pdf:
        for n in range(0, len(pdf.pages), 2):
            fronts, backs = pdf.pages[n], pdf.pages[n + 1]
            w, h = float(fronts.width) * PT_MM, float(fronts.height) * PT_MM
            across = (duplex == "long") == (h > w)
            yield w, h, word_cells(fronts, words[n], "N"), word_cells(backs, words[n + 1], "B", turned=not across)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_meet_their_fronts_for_either_flip_within_a_tenth_of_a_mm(tmp_path, duplex):
    pdf = build_pdf(tmp_path, write_deck(tmp_path / "deck", 12), "--duplex", duplex)
    seen = set()
    for w, h, fronts, backs in pairs(pdf, duplex):
        assert fronts and set(fronts) == set(backs)
        for n, (left, top, right, bottom) in fronts.items():
            b = backs[n]
            across = (duplex == "long") == (h > w)
            expected = (w - right, top, w - left, bottom) if across else (left, h - bottom, right, h - top)
            assert b == pytest.approx(expected, abs=0.1), (duplex, n)
        seen |= set(fronts)
    assert seen == set(range(1, 13))


def test_back_offset_moves_every_back_by_that_much(tmp_path):
    deck = write_deck(tmp_path / "deck", 9)
    plain = next(pairs(build_pdf(tmp_path / "a", deck)))
    moved = next(pairs(build_pdf(tmp_path / "b", deck, "--back-offset", "0.5mm,-0.3mm")))
    for n in range(1, 10):
        (l0, t0, r0, b0), (l1, t1, r1, b1) = plain[3][n], moved[3][n]
        assert (l1 - l0, t1 - t0, r1 - r0, b1 - b0) == pytest.approx((0.5, -0.3, 0.5, -0.3), abs=0.02)
        assert moved[2][n] == pytest.approx(plain[2][n], abs=0.01)  # fronts stay


def test_bad_back_offset_is_a_usage_error(tmp_path):
    deck = write_deck(tmp_path / "deck", 2)
    result = CliRunner().invoke(main, ["build", str(deck), "--out", str(tmp_path), "--back-offset", "0.5,1mm"])
    assert result.exit_code == 2
    assert "--back-offset" in result.output and "got '0.5'" in result.output


def test_duplex_off_prints_no_backs(tmp_path):
    pages = page_words(build_pdf(tmp_path, write_deck(tmp_path / "deck", 9), "--duplex", "off"))
    assert len(pages) == 1
    assert not any(w.text.startswith("B") for w in pages[0])


def test_fold_over_puts_each_back_turned_across_the_score_line(tmp_path):
    path = build_pdf(tmp_path, write_deck(tmp_path / "deck", 7), "--fold-over")
    with pdfplumber.open(path) as pdf:
        seen = set()
        for page, words in zip(pdf.pages, drawn_words(path), strict=True):
            scores = [s for s in score_lines(page) if s.horizontal]
            assert len(scores) == 1
            fold = scores[0].y0
            assert fold == pytest.approx(float(page.height) * PT_MM / 2, abs=0.05)
            # turned half a revolution: the backs' words are upside down
            fronts, backs = word_cells(page, words, "N"), word_cells(page, words, "B", turned=True)
            assert fronts and set(fronts) == set(backs)
            assert not word_cells(page, words, "B")
            for n, (left, top, right, bottom) in fronts.items():
                assert bottom < fold
                assert backs[n] == pytest.approx((left, 2 * fold - bottom, right, 2 * fold - top), abs=0.1)
            seen |= set(fronts)
        assert seen == set(range(1, 8))


@pytest.mark.parametrize(("paper", "per_sheet"), [("letter", 4), ("a4", 4)])
def test_fold_over_fits_as_many_poker_cards_as_the_sheet_holds(tmp_path, paper, per_sheet):
    """Eight faces of 63.5 x 88.9 mm (with 3 mm bleed) fit a landscape sheet either side of a fold."""
    pdf = build_pdf(tmp_path, write_deck(tmp_path / "deck", 9), "--fold-over", "--paper", paper)
    with pdfplumber.open(pdf) as opened:
        read = list(zip(opened.pages, drawn_words(pdf), strict=True))
        fronts = [len(word_cells(page, words, "N")) for page, words in read]
        backs = [len(word_cells(p, w, "B", turned=True)) + len(word_cells(p, w, "B")) for p, w in read]
    assert fronts == [per_sheet, per_sheet, 1] and backs == fronts


def test_fold_over_backs_carry_no_cut_lines(tmp_path):
    """Cut after folding, along the fronts' lines: a line drawn round a back would show on it."""
    pdf = build_pdf(tmp_path, write_deck(tmp_path / "deck", 4), "--fold-over")
    with pdfplumber.open(pdf) as opened:
        page = opened.pages[0]
        (fold,) = score_lines(page)
        cuts = cut_lines(page)
    assert cuts and fold.horizontal
    for cut in cuts:
        assert max(cut.y0, cut.y1) < fold.y0, cut  # every cut line on the fronts' side of the fold


def test_fold_over_may_fold_down_the_sheet_with_backs_upright(tmp_path):
    """Tall narrow parts fit best either side of a fold running down a portrait sheet; folded
    about a vertical line, a back needs no turning to read upright behind its front."""
    deck = write_deck(tmp_path / "deck", 6, layout="tall")
    (deck / "layouts").mkdir()
    (deck / "layouts" / "tall.yaml").write_text(
        "about: a tall two-sided card\nsize: {width: 30mm, height: 130mm}\nbleed: 3mm\ngap: 0mm\n"
        "elements:\n  text: {type: text, field: text, x: 3mm, y: 10mm, width: 24mm, height: 8mm, size: 9pt}\n"
        'back_background: "#e8e4d8"\n'
        "back_elements:\n  back: {type: text, field: back, x: 3mm, y: 10mm, width: 24mm, height: 8mm, size: 9pt}\n"
    )
    with pdfplumber.open(build_pdf(tmp_path, deck, "--fold-over")) as pdf:
        (page,) = pdf.pages
        assert float(page.height) > float(page.width)
        (fold,) = score_lines(page)
        assert fold.vertical
        words = {w["text"]: w for w in page.extract_words()}
    for n in range(1, 7):
        front, back = words[f"N{n}"], words[f"B{n}"]  # both read upright
        assert front["x1"] * PT_MM < fold.x0 < back["x0"] * PT_MM
        # the back's text sits where the mirror of its card puts it: 3 mm in from the card's left edge
        card_left = 2 * fold.x0 - (front["x0"] * PT_MM - 3.0) - 30.0
        assert back["x0"] * PT_MM == pytest.approx(card_left + 3.0, abs=0.3)
        assert back["top"] == pytest.approx(front["top"], abs=0.5)


HEADERS = ("Component", "How", "Size", "Stock", "Sides", "Pages", "Cut")


def bookmarks(path: Path) -> dict[str, int]:
    """The PDF's outline read back: each top-level title and the page number (from 1) it opens."""
    reader = pypdf.PdfReader(path)
    return {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}


def checklist_rows(page) -> list[dict[str, str]]:
    """The checklist table read back cell by cell: columns start at their header words,
    rows end at the rules drawn under them."""
    words = page.extract_words()
    top = next(w["top"] for w in words if w["text"] == HEADERS[0])
    head = {w["text"]: w for w in words if w["text"] in HEADERS and abs(w["top"] - top) < 1}
    starts = [head[h]["x0"] for h in HEADERS] + [float(page.width)]
    rules = sorted({round(ln["top"], 2) for ln in page.lines if ln["top"] > head["Component"]["top"]})
    rows = []
    for top, bottom in zip(rules, rules[1:], strict=False):
        cells = {}
        for name, a, b in zip(HEADERS, starts, starts[1:], strict=False):
            text = page.within_bbox((a - 0.5, top, b - 0.5, bottom)).extract_text()
            cells[name] = " ".join(text.split())
        rows.append(cells)
    return rows


def test_checklist_page_counts_every_component_from_the_sources(tmp_path):
    out = tmp_path / "out"
    run_build(str(COMPONENTS / "slipmax"), "--out", str(out), "--format", "pdf")  # the checklist is the default
    path = out / "slipmax" / "slipmax.pdf"
    at = bookmarks(path)["Checklist"]
    with pdfplumber.open(path, pages=[at]) as pdf:
        rows = checklist_rows(pdf.pages[0])
    # in drawing order, as pdfium reads: a board tile's clipped-off rows would interleave with its label
    titles = flat_page_texts(path)
    heading = titles[at - 1]
    strips = (COMPONENTS / "slipmax" / "strips.yaml").read_text().count("\n  - title:")
    assert "Slipmax: checklist" in heading
    assert [r["Component"] for r in rows] == ["strips", "register card", "board"]
    assert [r["How"] for r in rows] == [str(strips), "1", "1"]
    # the page numbers listed are the PDF's own pages, whose furniture names that component and that page
    for r in rows:
        first, _, last = r["Pages"].partition("-")
        for n in range(int(first), int(last or first) + 1):
            assert f"Slipmax: {r['Component']}" in titles[n - 1]
            assert f"page {n} of {len(titles)}" in titles[n - 1]
    assert "cut the slits inside" in rows[1]["Cut"] and "score the dashed lines" in rows[1]["Cut"]
    assert "targets on targets" in rows[2]["Cut"]
    assert all(r["Sides"] == "single-sided" for r in rows)


def test_checklist_says_why_sheets_are_not_filled(tmp_path):
    """Every sheet under half used, and every board tile, is named under the table with the
    reason; the share given is the one measured on the printed sheet."""
    out = tmp_path / "out"
    run_build(str(COMPONENTS / "chip-flip"), "--out", str(out), "--format", "pdf")
    path = out / "chip-flip" / "chip-flip.pdf"
    marks = bookmarks(path)
    b, c, n = marks["board"], marks["chips"], marks["numbered chips"]
    shares = []
    text = flat_page_texts(path)[marks["Checklist"] - 1]
    with pdfium.PdfDocument(path) as document:
        for tile in (document[b - 1], document[b]):  # the board's tiles, each TrimBox the tile
            width, height = tile.get_size()
            printable = (width * PT_MM - 10) * (height * PT_MM - 10)  # 5 mm printer margins
            left, bottom, right, top = (v * PT_MM for v in tile.get_trimbox())
            shares.append((right - left) * (top - bottom) / printable)
    notes = text[text.index("Sheets not filled, and why") :]
    # card stock first, chips and numbered chips (one size) sharing their sheets, then the board on paper
    assert n == c and b == n + 2
    tiles = ", ".join(f"{p} ({share:.0%} used)" for p, share in zip(range(b, b + 2), shares, strict=True))
    assert f"Pages {tiles}, board (board.yaml): a board tile" in notes
    numbered = f"Page {c + 1} (13% used), numbered chips (numbered-chips.yaml)"
    assert f"{numbered}: no more components of the same stock and sides are left that fit" in notes
    assert "chips (chips.yaml)" not in notes  # its one sheet is full
    assert f"card stock, 200-300 gsm: 2 sheets (pages {c}-{c + 1})" in text
    assert f"paper, glued onto board (mount board or a cereal box): 2 sheets (pages {b}-{b + 1})" in text


def test_checklist_keeps_duplex_pages_paired(tmp_path):
    """Without rules the cover and checklist are two pages; with one page of rules a fourth
    page says it is blank on purpose. Either way the fronts are on odd pages."""
    deck = write_deck(tmp_path / "deck", 3)
    path = build_pdf(tmp_path / "a", deck, "--checklist")
    assert bookmarks(path) == {"Cover": 1, "Checklist": 2, "cards": 3}
    (deck / "rules.md").write_text("# Duplex\n\nDeal three cards.\n")
    path = build_pdf(tmp_path / "b", deck, "--checklist")
    with pdfplumber.open(path, pages=[3]) as pdf:
        rows = checklist_rows(pdf.pages[0])
    texts = flat_page_texts(path)
    assert bookmarks(path) == {"Cover": 1, "Rules": 2, "Checklist": 3, "cards": 5}
    assert rows[0]["How"] == "3" and rows[0]["Sides"] == "double-sided, long-edge flip" and rows[0]["Pages"] == "5-6"
    assert texts[3].startswith("This page is intentionally left blank. It keeps the two-sided sheets")
    assert pypdf.PdfReader(path).page_labels == ["1", "2", "3", "4 (blank)", "5", "6"]
    assert "N1" in texts[4] and "B1" in texts[5]


def test_ink_saver_drops_large_fills_and_keeps_text(tmp_path):
    deck = write_deck(tmp_path / "deck", 1)
    plain, saved = build_pdf(tmp_path / "a", deck), build_pdf(tmp_path / "b", deck, "--ink-saver")
    with pdfplumber.open(plain) as pdf:
        plain_fills = [r for r in pdf.pages[1].rects if r["fill"] and r["width"] * r["height"] * PT_MM**2 > 1000]
    with pdfplumber.open(saved) as pdf:
        saved_fills = [r for r in pdf.pages[1].rects if r["fill"] and r["width"] * r["height"] * PT_MM**2 > 1000]
    assert plain_fills and not saved_fills  # the back's tinted background
    assert [w.text for w in page_words(saved)[1]] == [w.text for w in page_words(plain)[1]]


def test_duplex_alignment_test_verniers_line_up_at_the_current_offset(tmp_path):
    run_build(
        str(write_deck(tmp_path / "deck", 1)),
        "--out",
        str(tmp_path / "out"),
        "--format",
        "pdf",
        "--alignment-test",
        "--back-offset",
        "1mm,0mm",
    )
    with pdfplumber.open(tmp_path / "out" / "duplex-alignment.pdf") as pdf:
        front, back = pdf.pages
        w = float(front.width) * PT_MM

        def ticks(page, colour):
            return sorted(
                round(ln["x0"] * PT_MM, 3)
                for ln in page.lines
                if ln["x0"] == ln["x1"]
                and abs(ln["height"] * PT_MM - 6) < 0.01
                and tuple(round(c, 2) for c in ln["stroking_color"] or (0,)) == colour
            )

        black, red = ticks(front, (0.0, 0.0, 0.0)), ticks(back, (0.82, 0.0, 0.0))
        labels = [(x["x0"] + x["x1"]) / 2 * PT_MM for x in front.extract_words(x_tolerance=1) if x["text"] == "+1.00"]
    assert len(black) == len(red) == 17
    # long-edge flip of a portrait sheet: the back seen from the front is mirrored in x;
    # the middle red tick (moved 1 mm by the offset) meets the middle black one, and the
    # others drift a quarter mm per tick
    seen = sorted(w - x + 1.0 for x in red)
    drift = [round(s - b, 3) for s, b in zip(seen, black, strict=True)]
    assert drift == [round(-0.25 * i, 3) for i in range(-8, 9)]
    assert any(abs(x - black[8]) < 2 for x in labels)  # the middle tick reads the current offset


def test_ink_saver_outlines_large_fills_and_leaves_text_lines_and_small_fills():
    (text,) = set_line(5, 10, "Hello", "DejaVuSans", 3.0, colour="#ffffff")
    assert isinstance(text, Text)
    small = Circle(10, 10, 2, Style(fill="#ff0000"))
    big = Circle(30, 40, 10, Style(fill="#3355aa"))
    fold = Rect(0, 40, 60, 0.1, line_style("score"))
    background = Rect(-3, -3, 66, 86, Style(fill="#000000"))
    scene = Scene(60, 80, [background, text, small, Group((big, fold), (1, 0, 0, 1, 0, 0)), fold], bleed=3)
    saved = save_ink(scene).items
    assert len(saved) == 4  # the background is gone
    assert saved[0] == text and saved[1] == small and saved[3] == fold
    (outlined, kept_fold) = saved[2].items
    assert outlined.style.fill == "#ffffff" and outlined.style.stroke == "#3355aa"
    assert outlined.style.stroke_width >= 0.25 * 25.4 / 72
    assert kept_fold == fold


def test_fold_over_falls_back_to_duplex_when_a_face_and_its_back_cannot_share_a_sheet(tmp_path):
    deck = write_deck(tmp_path / "deck", 1, layout="big-two-sided")
    (deck / "layouts").mkdir()
    layout = "extends: card-two-sided\nsize: {width: 150mm, height: 180mm}\n"
    (deck / "layouts" / "big-two-sided.yaml").write_text(layout)
    texts = page_texts(build_pdf(tmp_path, deck, "--fold-over"))
    assert len(texts) == 2 and "N1" in texts[0] and "B1" in texts[1]
