"""Every shipped game's cover, read back from its PDF with pdfium, gives printing advice that is
true of the pages it names, against the sheets' own sides (the imposed sheets the PDF's pages
are): a page it calls two-sided is a duplex back or the front before one, a page it calls
one-sided has no back behind it, every page but those left blank on purpose is named exactly
once, and page lists are merged as a print dialog takes them. The cover also says who made
the game and shows pictures of its components."""

import re
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import yaml

from generator.games import load_game
from generator.layout.folders import context_for
from generator.pipeline.imposition import impose
from generator.pipeline.parts import lay_out
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper
from tests.conftest import COMPONENTS

GAMES = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]
JOB = re.compile(
    r"pages? ([\d, -]+?) (one-sided|two-sided, flipping on the (?:long|short) edge)"
    r"(?: \(pages? ([\d, -]+) landscape\))?(?:;|$)"
)


def numbers(listed: str) -> list[int]:
    """ "5-7, 9" -> [5, 6, 7, 9], failing on a list a print dialog would not take in order."""
    found: list[int] = []
    for part in listed.split(", "):
        first, _, last = part.partition("-")
        run = list(range(int(first), int(last or first) + 1))
        assert len(run) > 1 or not last, f"a run of one page written as a range: {listed!r}"
        assert not found or run[0] > found[-1] + 1, f"not merged or not in order: {listed!r}"
        found += run
    return found


def page_texts(pdf: Path) -> list[str]:
    document = pdfium.PdfDocument(str(pdf))
    return [document[n].get_textpage().get_text_range() for n in range(len(document))]


def jobs(cover: str) -> list[tuple[str, list[int], str]]:
    """(stock, pages, sides) for each job the cover names, in its order."""
    return [(stock, pages, sides) for stock, pages, sides, _ in turned_jobs(cover)]


def turned_jobs(cover: str) -> list[tuple[str, list[int], str, list[int]]]:
    """(stock, pages, sides, the landscape pages it names) for each job the cover names."""
    body = cover.split("What to print on which stock", 1)[1].split("Print at 100%", 1)[0]
    entries: list[str] = []  # a stock's line, its wrapped lines joined to it
    for line in (line.strip() for line in body.replace("\r", "").split("\n")):
        if re.match(r"[^:]+: pages? \d", line):
            entries.append(line)
        elif line:
            entries[-1] += " " + line
    found = []
    for entry in entries:
        stock, _, said = entry.partition(": ")
        matches = list(JOB.finditer(said))
        assert matches and "".join(m.group(0) for m in matches).replace(";", "; ").strip() == said, entry
        found += [(stock, numbers(m.group(1)), m.group(2), numbers(m.group(3)) if m.group(3) else []) for m in matches]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_covers_printing_advice_is_true_of_the_pages_it_names(shipped_pdfs, game):
    texts = page_texts(shipped_pdfs / game / f"{game}.pdf")
    loaded = load_game(COMPONENTS / game)
    sheets = impose(lay_out(loaded, context_for(loaded)), paper("letter"), loaded, PrintOptions())
    assert len(sheets) == len(texts)
    backs = {n for n, sheet in enumerate(sheets, 1) if sheet.side == "back"}
    blanks = {n for n, sheet in enumerate(sheets, 1) if sheet.blank}
    assert blanks == {n for n, text in enumerate(texts, 1) if "intentionally left blank" in text}
    said = jobs(texts[0])
    named = [n for _, pages, _ in said for n in pages]
    assert sorted(named) == sorted(set(range(1, len(texts) + 1)) - blanks), "every page once, blanks in none"
    two_sided = {n for _, pages, sides in said if sides != "one-sided" for n in pages}
    assert two_sided == backs | {n - 1 for n in backs}
    for n in two_sided - backs:  # a front: its back follows it in the same job
        assert n + 1 in backs
    advice = texts[0].split("Print at 100%", 1)[1]
    if two_sided and len(two_sided) < len(named):
        assert "separate jobs" in advice
    elif not two_sided:
        assert "one-sided." in advice and "two-sided" not in advice


def test_whipped_keeps_its_one_sided_bills_out_of_the_duplex_job(shipped_pdfs):
    """The issue's case: Whipped!'s bills, tokens and summaries are one-sided; only the
    riders have backs (votes fill room on both kinds of sheet). Each is named in its job."""
    texts = page_texts(shipped_pdfs / "whipped" / "whipped.pdf")
    said = jobs(texts[0])
    card = {sides: pages for stock, pages, sides in said if stock.startswith("card stock")}
    assert set(card) == {"one-sided", "two-sided, flipping on the long edge"}
    bills = {n for n, text in enumerate(texts, 1) if "sponsor ·" in text}
    riders = {n for n, text in enumerate(texts, 1) if "RIDER" in text}
    assert bills and bills <= set(card["one-sided"])
    assert riders and riders <= set(card["two-sided, flipping on the long edge"])
    assert len(card["one-sided"]) + len(card["two-sided, flipping on the long edge"]) == len(texts) - 4


@pytest.mark.parametrize("game", GAMES)
def test_the_cover_credits_the_game_and_shows_its_components(shipped_pdfs, game):
    pdf = shipped_pdfs / game / f"{game}.pdf"
    cover = page_texts(pdf)[0]
    assert "Version 1.0 · 2026-11" in cover
    assert "Game design: Jonathan Leistiko" in cover or "their author is not named" in cover or "Sliders" in cover
    page = pdfium.PdfDocument(str(pdf))[0]
    pixels = np.asarray(page.render(scale=50 / 72).to_pil().convert("L"))
    lower = pixels[pixels.shape[0] // 2 : -pixels.shape[0] // 10]
    assert (lower < 200).mean() > 0.02, "the lower half shows pictures of the components"


@pytest.mark.parametrize("game", GAMES)
def test_a_job_that_mixes_portrait_and_landscape_pages_names_the_landscape_ones(shipped_pdfs, game):
    """Read from the PDF's page sizes (pdfium): a job whose pages are all one way names none."""
    document = pdfium.PdfDocument(str(shipped_pdfs / game / f"{game}.pdf"))
    wide = {n for n in range(1, len(document) + 1) if document[n - 1].get_size()[0] > document[n - 1].get_size()[1]}
    for _, pages, _, named in turned_jobs(page_texts(shipped_pdfs / game / f"{game}.pdf")[0]):
        mixed = 0 < len(wide & set(pages)) < len(pages)
        assert named == (sorted(wide & set(pages)) if mixed else []), pages


def test_optional_money_is_named_with_its_pages_and_what_to_use_instead(shipped_pdfs):
    """Sliders' money.yaml says what may stand in for it: the cover and the checklist say
    its pages are optional and name the substitutes; those pages are the play money's own
    (each holds the Bank's notes), and no other game's cover says anything is optional."""
    substitutes = yaml.safe_load((COMPONENTS / "sliders" / "money.yaml").read_text())["substitutes"]
    texts = [re.sub(r"\s+", " ", t) for t in page_texts(shipped_pdfs / "sliders" / "sliders.pdf")]
    said = re.search(r"Play money \(pages (\d+)-(\d+)\) is optional: instead, use ([^.]+)\.", texts[0])
    assert said and said.group(3) == substitutes
    pages = range(int(said.group(1)), int(said.group(2)) + 1)
    money = [n for n, text in enumerate(texts, 1) if "INTERDIMENSIONAL BANK" in text and "rules" not in text]
    assert list(pages) == money
    checklist = next(text for text in texts if "Sliders: checklist" in text)
    assert "play money (optional)" in checklist and said.group(0) in checklist
    for game in ("chip-flip", "slipmax", "twisty-passages", "whipped"):
        assert "optional" not in page_texts(shipped_pdfs / game / f"{game}.pdf")[0]
