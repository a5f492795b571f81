"""`cutsheet build --pnp`: the release folder read back: the PDF on Letter and on A4 (cover,
rules, checklist, sheets; each page the size of its paper), README.txt with the credits and
licence, and a zip of them with the SVG sheets, byte-identical across builds."""

import zipfile
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree as ET

import pdfplumber
import pypdf
import yaml

from tests.conftest import COMPONENTS, run_build
from tests.pdf_geometry import svg_drawn_points
from tests.pdf_text import page_texts

SVG = "{http://www.w3.org/2000/svg}"


def page_sizes(reader: pypdf.PdfReader) -> set[tuple[int, int]]:
    """Each page's width and height in whole millimetres."""
    return {
        (round(float(p.mediabox.width) / 72 * 25.4), round(float(p.mediabox.height) / 72 * 25.4)) for p in reader.pages
    }


def release(out: Path, game: str = "chip-flip", *options: str) -> Path:
    run_build(str(COMPONENTS / game), "--out", str(out), "--pnp", "--no-check", "--format", "pdf", *options)
    return out / game / "print-and-play"


def test_release_folder_holds_the_pdf_readme_and_zip(tmp_path):
    folder = release(tmp_path / "a")
    pdf = folder / "chip-flip-print-and-play-letter.pdf"
    reader = pypdf.PdfReader(pdf)
    marks = [(item.title, reader.get_destination_page_number(item) + 1) for item in reader.outline]
    assert [t for t, _ in marks] == ["Cover", "Rules", "Checklist", "chips", "numbered chips", "board"]
    with pdfplumber.open(pdf) as opened:
        cover = " ".join(opened.pages[0].extract_text().split())
    assert cover.startswith("Chip Flip 2 players")
    assert "card stock, 200-300 gsm: pages" in cover and "paper, glued onto board" in cover
    readme = (folder / "README.txt").read_text()
    assert readme.startswith("Chip Flip (2 players)") and f"on Letter paper, {len(reader.pages)} pages" in readme
    assert "page 2: Rules" in readme and "page 3: Checklist" in readme
    assert "Chip Flip™: rules as published" in readme and "Version 1.0 · 2026-11 · Rules and card texts" in readme
    a4 = pypdf.PdfReader(folder / "chip-flip-print-and-play-a4.pdf")
    assert f"on A4 paper, {len(a4.pages)} pages" in readme
    assert page_sizes(a4) <= {(210, 297), (297, 210)} and page_sizes(reader) <= {(216, 279), (279, 216)}

    with zipfile.ZipFile(folder / "chip-flip-print-and-play.zip") as archive:
        names = archive.namelist()
        infos = archive.infolist()
        assert archive.read("chip-flip-print-and-play-letter.pdf") == pdf.read_bytes()
        assert (
            archive.read("chip-flip-print-and-play-a4.pdf") == (folder / "chip-flip-print-and-play-a4.pdf").read_bytes()
        )
        assert archive.read("README.txt").decode() == readme
        svgs = [n for n in names if n.startswith("svg/")]
        rules_svg = ET.fromstring(archive.read(svgs[1]))
    assert names == sorted(names)
    assert {info.date_time for info in infos} == {(1980, 1, 1, 0, 0, 0)}
    assert len(svgs) == len(reader.pages)  # one SVG per page of the PDF
    # the rules page as SVG says what the PDF says: its text is drawn as glyph outlines (a
    # path of its own, or paths in the defs it places), each text named by what it reads
    assert list(rules_svg.iter(f"{SVG}text")) == []
    defined = {e.get("id"): e for e in rules_svg.iter() if e.get("id")}
    texts = [e for e in rules_svg.iter() if e.get("aria-label") is not None]
    for text in texts:
        assert svg_drawn_points(text, defined), text.get("aria-label")
    labels = [" ".join(e.get("aria-label").split()) for e in texts]
    with pdfplumber.open(pdf) as opened:
        rules_pdf = " ".join(opened.pages[1].extract_text().split())
    for heading in ("SET-UP:", "THE BIG DIFFERENCE:", "ADVANCE PLAY:"):
        assert heading in labels and heading in rules_pdf
    # each stretch of a line the SVG draws is in the PDF's page, and the two hold the same letters
    assert [label for label in labels if label not in rules_pdf] == []
    assert Counter("".join(labels).replace(" ", "")) == Counter(rules_pdf.replace(" ", ""))


def test_release_zip_is_byte_identical_across_builds(tmp_path):
    first = release(tmp_path / "a", "whipped", "--booklet")
    second = release(tmp_path / "b", "whipped", "--booklet")
    names = ("whipped-print-and-play.zip", "whipped-print-and-play-letter.pdf", "whipped-print-and-play-a4.pdf")
    for name in (*names, "README.txt"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_optional_components_are_a_file_of_their_own_on_each_paper(tmp_path):
    """Sliders' play money (money.yaml says what may stand in for it) is left out of the
    release's game files and printed alone beside them: every note in the optional file and
    none in the game's, whose cover names the optional file and what to use instead; the
    two files hold as many sheets as the build's whole-game PDF."""
    folder = release(tmp_path / "a", "sliders")
    whole = pypdf.PdfReader(tmp_path / "a" / "sliders" / "sliders.pdf")
    readme = (folder / "README.txt").read_text()
    for paper in ("letter", "a4"):
        game, optional = (folder / f"sliders-print-and-play-{paper}{end}.pdf" for end in ("", "-optional"))
        game_text, optional_text = page_texts(game), page_texts(optional)
        sheets = [text for text in game_text if "Sliders: rules · page" not in text]  # a rules heading names the Bank
        assert sum(text.count("INTERDIMENSIONAL BANK") for text in sheets) == 0
        notes = sum(text.count("INTERDIMENSIONAL BANK") for text in optional_text)
        assert notes == sum(8 * bill["per_player"] + bill["bank"] for bill in money_items())
        cover = " ".join(game_text[0].split())
        assert f"Play money is in a file of its own, {optional.name}, and optional: instead, use play money" in cover
        assert "Cover" not in " ".join(optional_text) and "Checklist" not in " ".join(optional_text)
        shown = "Letter" if paper == "letter" else "A4"
        assert f"{optional.name}: on {shown} paper, {len(optional_text)} pages: play money (optional)" in readme
        if paper == "letter":
            assert len(game_text) + len(optional_text) == len(whole.pages)
    with zipfile.ZipFile(folder / "sliders-print-and-play.zip") as archive:
        assert {name for name in archive.namelist() if name.endswith(".pdf")} == {
            f"sliders-print-and-play-{paper}{end}.pdf" for paper in ("letter", "a4") for end in ("", "-optional")
        }


def money_items() -> list[dict]:
    return yaml.safe_load((COMPONENTS / "sliders" / "money.yaml").read_text())["items"]
