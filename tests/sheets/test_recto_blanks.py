"""A two-sided run after an odd number of one-sided pages starts its fronts on an odd page:
a page left blank on purpose goes before it, says so, and is named in the page labels and
the checklist. One-sided components of the stock of a two-sided run fill its sheets' empty
places instead (their backs left blank), and a run's one-sided sheets go before or after its
two-sided ones, whichever needs no blank. Read back from the PDF."""

from pathlib import Path

import pypdf

from tests.conftest import COMPONENTS, run_build
from tests.pdf_text import flat_page_texts
from tests.sheets.test_checklist_rows import read_checklist


def write_game(folder: Path, duplex_stock: str = "paper") -> Path:
    """plain.yaml: 3 one-sided cards (one sheet of card stock) before duplex.yaml: 3 two-sided
    cards, on paper (a run of their own, after the card stock) unless `duplex_stock` says card."""
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Recto\nengine: none\ncomponents: [plain.yaml, duplex.yaml]\n")
    plain = "\n".join(f"  - {{title: 'P{n}', text: 'P{n}'}}" for n in range(1, 4))
    (folder / "plain.yaml").write_text(f"kind: card\nlayout: card\nrow: plain cards\nitems:\n{plain}\n")
    duplex = "\n".join(f"  - {{title: 'N{n}', text: 'N{n}', back: 'B{n}'}}" for n in range(1, 4))
    (folder / "duplex.yaml").write_text(
        f"kind: card\nlayout: card-two-sided\nstock: {duplex_stock}\nitems:\n{duplex}\n"
    )
    return folder


def build(out: Path, game: Path, *options: str) -> Path:
    run_build(str(game), "--out", str(out), "--format", "pdf", "--no-check", *options)
    return out / game.name / f"{game.name}.pdf"


def test_a_blank_page_puts_the_fronts_after_one_sided_pages_on_an_odd_page(tmp_path):
    game = write_game(tmp_path / "game")
    path = build(tmp_path / "bare", game, "--no-checklist")
    pages = flat_page_texts(path)
    assert len(pages) == 4
    assert "P1" in pages[0]
    assert pages[1].startswith("This page is intentionally left blank.") and "odd page" in pages[1]
    assert "N1" in pages[2] and ("B1" in pages[3] or "1B" in pages[3])  # fronts on page 3, backs behind
    assert pypdf.PdfReader(path).page_labels == ["1", "2 (blank)", "3", "4"]

    path = build(tmp_path / "full", game)  # cover and checklist: the sheets start on page 3
    pages = flat_page_texts(path)
    assert pages[3].startswith("This page is intentionally left blank.") and "N1" in pages[4]
    assert pypdf.PdfReader(path).page_labels == ["1", "2", "3", "4 (blank)", "5", "6"]
    rows, text, _ = read_checklist(path)
    assert {r["Component"]: r["Pages"] for r in rows} == {"plain cards": "3", "cards": "5-6"}
    assert "Page 4: left blank on purpose, so that each two-sided sheet's fronts are on an odd page." in text
    # Printed stock by stock, the blank is the back of the page before it.
    assert "card stock, 200-300 gsm: 1 sheet (pages 3-4)" in text


def test_one_sided_cards_fill_a_two_sided_sheets_empty_places_with_blank_backs(tmp_path):
    game = write_game(tmp_path / "game", duplex_stock="card")
    path = build(tmp_path / "out", game, "--no-checklist")
    pages = flat_page_texts(path)
    assert len(pages) == 2 and not any("intentionally" in page for page in pages)
    assert {"P1", "P3", "N1", "N3"} <= set(pages[0].split())  # six cards on one fronts sheet
    backs = pages[1].split()
    assert {"1B", "2B", "3B"} <= set(backs) or {"B1", "B2", "B3"} <= set(backs)  # drawn turned for the flip
    assert not [word for word in backs if word.startswith("P") or word.endswith("P")]  # the P cards' backs blank


def test_whipped_riders_start_on_an_odd_page(tmp_path):
    """Whipped!'s riders used to start on page 14, after nine one-sided pages of bills."""
    path = build(tmp_path, COMPONENTS / "whipped")
    rows, _, _ = read_checklist(path)
    riders = next(r for r in rows if r["Component"] == "riders")
    first, last = (int(n) for n in riders["Pages"].split("-"))
    assert first % 2 == 1 and (last - first) % 2 == 1  # fronts odd, each with its backs page after it
    reader = pypdf.PdfReader(path)
    marks = {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}
    assert marks["riders"] == first
