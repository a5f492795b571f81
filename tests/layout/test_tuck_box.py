"""`kind: tuck-box` (generator/layout/tuck_box.py): a box sized from the deck it holds, read
back from the PDF (pdfplumber: the score lines, the cut outline, the glue area) and the SVG
(its layers), and its errors."""

import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from generator.cli import main

MM = 72 / 25.4
POKER = (63.5, 88.9)
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def game(folder: Path, cards: int, box: str) -> Path:
    """A game of `cards` poker cards (two items, the second with copies) and a box file."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text("name: Boxed\nengine: none\ncomponents: [cards.yaml, box.yaml]\n")
    (folder / "cards.yaml").write_text(
        "kind: card\nlayout: card\nitems:\n"
        f"  - {{title: One, text: 'The first'}}\n  - {{title: Many, text: 'Copies', count: {cards - 1}}}\n"
    )
    (folder / "box.yaml").write_text("kind: tuck-box\nlayout: tuck-box\nitems:\n" + box)
    return folder


def build(folder: Path, out: Path, *options: str):
    return CliRunner().invoke(main, ["build", str(folder), "--out", str(out), "--no-checklist", *options])


def box_page(pdf: Path) -> pdfplumber.page.Page:
    """The page with the box: the one with the most scored lines (the cards have none)."""
    document = pdfplumber.open(pdf)
    return max(document.pages, key=lambda page: sum(dashed_black(line) for line in page.lines))


def dashed_black(line: dict) -> bool:
    return bool(line["dash"] and line["dash"][0]) and line["stroking_color"] in ((0,), (0, 0, 0))


def scores(page) -> tuple[list[float], list[float]]:
    """The x of each vertical and the y of each horizontal scored (dashed black) line, mm."""
    dashed = [line for line in page.lines if dashed_black(line)]
    xs = sorted({round(line["x0"] / MM, 2) for line in dashed if abs(line["x0"] - line["x1"]) < 0.01})
    ys = sorted({round(line["top"] / MM, 2) for line in dashed if abs(line["top"] - line["bottom"]) < 0.01})
    return xs, ys


@pytest.mark.parametrize(("cards", "thickness", "clearance"), [(40, 0.3, 1.0), (18, 0.5, 2.0)])
def test_the_panels_are_the_cards_plus_clearance_and_the_depth_their_count(tmp_path, cards, thickness, clearance):
    box = f"  - {{title: Boxed, holds: cards.yaml, card_thickness: {thickness}mm, clearance: {clearance}mm}}\n"
    built = build(game(tmp_path / "g", cards, box), tmp_path / "out", "--format", "pdf")
    assert built.exit_code == 0, built.output
    page = box_page(tmp_path / "out" / "g" / "g.pdf")
    width, height, depth = POKER[0] + clearance, POKER[1] + clearance, cards * thickness + clearance
    xs, ys = scores(page)
    # The body's folds: seam | back | side | front | spine.
    folds = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert folds == pytest.approx([width, depth, width], abs=0.1)
    verticals = [line for line in page.lines if dashed_black(line) and abs(line["x0"] - line["x1"]) < 0.01]
    assert len(verticals) == 4 and all(line["height"] / MM == pytest.approx(height, abs=0.1) for line in verticals)
    # The lid and the bottom are as deep as the box, the folds across them a depth apart.
    assert ys[1] - ys[0] == pytest.approx(depth, abs=0.1) and ys[-1] - ys[-2] == pytest.approx(depth, abs=0.1)
    assert ys[2] - ys[1] == pytest.approx(height, abs=0.1)
    # The cut outline runs round all of it: seam, two panels and two sides across.
    outline = max(page.curves, key=lambda c: c["width"] * c["height"])
    assert outline["width"] / MM == pytest.approx(10 + 2 * width + 2 * depth, abs=0.1)
    assert outline["x0"] == pytest.approx(xs[0] * MM - 10 * MM, abs=0.3)


def test_the_seam_is_a_glue_area_in_a_layer_of_its_own(tmp_path):
    built = build(game(tmp_path / "g", 30, "  - {title: Boxed, holds: cards.yaml}\n"), tmp_path / "out")
    assert built.exit_code == 0, built.output
    layers = {}
    for svg in sorted((tmp_path / "out" / "g" / "svg").glob("*.svg")):
        root = ET.parse(svg).getroot()
        labels = {g.get(f"{INKSCAPE}label"): g for g in root.iter(f"{SVG}g") if g.get(f"{INKSCAPE}groupmode")}
        layers[svg.name] = labels
    glued = [name for name, labels in layers.items() if "glue" in labels]
    assert len(glued) == 1, layers.keys()  # the box's sheet; the cards' sheets have no glue layer
    glue = layers[glued[0]]["glue"]
    areas = [e for e in glue.iter() if e.tag in (f"{SVG}path", f"{SVG}polygon") and e.get("fill") == "#d9d9d9"]
    assert len(areas) == 1
    page = box_page(tmp_path / "out" / "g" / "g.pdf")
    grey = [c for c in page.curves if c["non_stroking_color"] == (0.851, 0.851, 0.851) or c.get("fill")]
    xs, _ = scores(page)
    glue_area = [c for c in grey if c["x1"] == pytest.approx(xs[0] * MM, abs=0.3) and c["width"] / MM < 10.5]
    assert glue_area
    seam = glue_area[0]
    inside = [
        c for c in page.chars if seam["x0"] <= c["x0"] <= seam["x1"] and seam["top"] <= c["top"] <= seam["bottom"]
    ]
    word = "".join(c["text"] for c in sorted(inside, key=lambda c: -c["top"]))
    assert word == "GLUE"  # read up the seam


def test_a_box_too_large_for_the_paper_says_by_how_much_and_what_would_fit(tmp_path):
    box = "  - {title: Boxed, holds: cards.yaml, card_thickness: 1mm}\n"
    built = build(game(tmp_path / "g", 60, box), tmp_path / "out", "--format", "pdf")
    assert built.exit_code == 2
    assert "box.yaml:1:7: error: tuck boxes:" in built.output
    # 10 + 2 x 64.5 + 2 x 61 = 261 mm across the Letter page's printable 194.9 mm.
    assert "the box's net is 66.1 mm too wide;" in built.output
    # (194.9 - 10 - 129) / 2 = 27.95 mm deep at most, less the clearance: 26 cards of 1 mm.
    assert "at most 26 cards of this size fit a box on it" in built.output


def test_a_box_must_hold_a_file_of_the_game(tmp_path):
    built = build(game(tmp_path / "g", 5, "  - {title: Boxed, holds: card.yaml}\n"), tmp_path / "out")
    assert built.exit_code == 2 and "Traceback" not in built.output
    assert "box.yaml:4:27: error: 'card.yaml' is no component file of the game to hold" in built.output
    assert "did you mean 'cards.yaml'" in built.output


def test_the_cutter_outlines_the_glue_in_green_apart_from_the_cuts(tmp_path):
    folder = game(tmp_path / "g", 30, "  - {title: Boxed, holds: cards.yaml}\n")
    exported = CliRunner().invoke(main, ["export", str(folder), "--profile", "cutter", "--out", str(tmp_path / "x")])
    assert exported.exit_code == 0, exported.output
    colours = {}
    for svg in (tmp_path / "x" / "g" / "cutter").glob("g-cut-*.svg"):
        for layer in ET.parse(svg).getroot().iter(f"{SVG}g"):
            label = layer.get(f"{INKSCAPE}label")
            strokes = {e.get("stroke") for e in layer.iter() if e.get("stroke")}
            if strokes:
                colours.setdefault(label, set()).update(strokes)
    assert colours["glue"] == {"#00a000"} and colours["cut"] == {"#ff0000"} and colours["score"] == {"#0000ff"}


def test_the_checklist_gives_the_box_its_assembly_in_order(tmp_path):
    folder = game(tmp_path / "g", 30, "  - {title: Boxed, holds: cards.yaml}\n")
    built = CliRunner().invoke(main, ["build", str(folder), "--out", str(tmp_path / "out"), "--format", "pdf"])
    assert built.exit_code == 0, built.output
    document = pdfplumber.open(tmp_path / "out" / "g" / "g.pdf")
    text = " ".join(
        " ".join((page.extract_text() or "").split())
        for page in document.pages
        if "checklist" in (page.extract_text() or "")
    )
    row = text[text.index("tuck boxes") :]
    # Numbered as the checklist numbers them (its table's columns interleave in the text).
    for step in (
        "1. cut out on the solid lines",
        "2. score the",
        "3. glue each grey area (marked GLUE) onto the panel it folds under",
        "4. fold the panels round the deck and glue the seam flap inside the spine",
        "5. close each end: dust flaps in, then the lid, its tuck flap inside",
    ):
        assert step in row, step
