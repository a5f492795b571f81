"""Print quality of the five shipped games, read back from a default build's PDF (parsed
with pypdf, read and rendered with pdfium) and SVG (parsed): legible text and icons, lines
that mean one thing and stay visible on dark fills, backs without cut lines. Text is read as
glyphs: pdfium's text runs with their printed sizes, and its characters, with their sizes and
baselines."""

import re
from pathlib import Path
from xml.etree import ElementTree

import pypdf
import pypdfium2
import pytest
import yaml

from tests.conftest import COMPONENTS, ROOT, run_build
from tests.pdf_geometry import PT_MM, form_boxes, is_cut, is_score, lines, shape_lines, trim_box_mm
from tests.pdf_paths import Shape, fractions, shapes
from tests.pdf_text import Boxed, boxed_words, chars, page_texts, pages, text_runs

GAMES = ("slipmax", "sliders", "twisty-passages", "whipped", "chip-flip")
SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("quality")
    run_build(*(str(COMPONENTS / g) for g in GAMES), "--out", str(out), "--format", "pdf,svg")
    return out


def pdf_of(built: Path, game: str) -> Path:
    return built / game / f"{game}.pdf"


def component_text(game_pdf: Path):
    """(page number, text, size pt) of the text printed inside each sheet's TrimBox: on the
    components, not in the margins' furniture. The checklist page is left out. Read with
    pdfium, a run of text for each text object."""
    for n, page in enumerate(pages(game_pdf), 1):
        x0, y0, x1, y1 = page.get_trimbox()
        if n == 1 or (x1 - x0) * (y1 - y0) >= page.get_width() * page.get_height() - 1:
            continue  # the first page, a blank page or one without components
        for run in text_runs(page):
            if x0 - 0.5 <= run.x <= x1 + 0.5 and y0 - 0.5 <= run.y <= y1 + 0.5:
                yield n, run.text, run.size


# --- 1. legible at arm's length -----------------------------------------------------------


def test_body_text_is_at_least_7_pt(built):
    """Every component's text, Slipmax's strips included: they grew (38 mm wide, 9.5 mm a
    step) so that Life of Royalty's note and Life of Chaos's step 5 need not shrink."""
    read = {game: list(component_text(pdf_of(built, game))) for game in GAMES}
    assert all(read.values()), "a game's component text was not read"
    small = {(game, text) for game, runs in read.items() for _, text, size in runs if size < 6.99}
    assert not small


CARD_W, CARD_H = 63.5, 88.9


def corner_marks() -> list[tuple[float, ...]]:
    """The boxes (x, y, w, h, mm from the card's corner) of the maze card's corner marks (the
    star, and the mark of restored icons), as its layout places them."""
    layout = ROOT / "generator" / "games" / "twisty_passages" / "layouts" / "twisty-maze-card.yaml"
    elements = yaml.safe_load(layout.read_text())["elements"]
    marks = [elements[name] for name in ("mark", "restored", "trap_restored")]
    return [tuple(float(mark[k].removesuffix("mm")) for k in ("x", "y", "width", "height")) for mark in marks]


def test_twisty_passages_icons_sit_on_the_baseline_at_least_1_1_em_and_3_5_mm(built):
    """Read from the PDF: each die or mark beside text is a square at least 1.1 em and 3.5 mm
    whose bottom is a text baseline of its card; an icon alone on its line is 6 mm. The icons
    are the forms each sheet of cards draws, the text its characters (pdfium)."""
    pdf = pdf_of(built, "twisty-passages")
    reader = pypdf.PdfReader(pdf)
    marks = corner_marks()
    checked = alone = 0
    for number, (page, page_object) in enumerate(zip(pages(pdf), reader.pages, strict=True), 1):
        tx, ty, tw, th = trim_box_mm(page_object)
        if tw * th >= page.get_width() * page.get_height() * PT_MM**2 - 1:
            continue  # no components: the cover, the rules, the checklist
        lines = {}  # (card column, card row, baseline) -> the sizes (mm) of its characters
        for char in chars(page):
            x, baseline = char.x0 * PT_MM, char.baseline * PT_MM
            cell = (int((x - tx) // CARD_W), int((baseline - ty) // CARD_H))
            lines.setdefault((*cell, round(baseline, 2)), []).append(char.size * PT_MM)
        for x, y, w, h in form_boxes(reader, page_object):
            col, row = int((x + w / 2 - tx) // CARD_W), int((y + h / 2 - ty) // CARD_H)
            corner = (x - tx - col * CARD_W, y - ty - row * CARD_H, w, h)
            if any(all(abs(a - b) < 0.01 for a, b in zip(corner, mark, strict=True)) for mark in marks):
                continue  # a corner mark, not in a line of text
            assert w == pytest.approx(h, abs=0.01)
            bottom = y + h
            beside = [
                sizes for (c, r, base), sizes in lines.items() if (c, r) == (col, row) and abs(base - bottom) < 0.02
            ]
            if beside:
                size = max(max(sizes) for sizes in beside)
                assert h >= 1.1 * size - 1e-3 and h >= 3.5 - 1e-3, (number, x, y)
                checked += 1
            else:
                assert h >= 6.0 - 1e-3, (number, x, y, h)
                alone += 1
    assert checked > 100 and alone > 20


def _within(word: Boxed, top: float, bottom: float, left: float, right: float) -> bool:
    """A word lying in that band: between its top and bottom, overlapping it sideways."""
    return top <= word.top and word.bottom <= bottom and word.x1 > left and word.x0 < right


def test_a_long_deed_name_keeps_clear_of_its_bands_edges(built):
    """Sliders' "Summer of Love World": every word of it at least 2 mm inside its orange band."""
    for page in pages(pdf_of(built, "sliders")):
        found = [w for w in boxed_words(page) if w.text in ("Summer", "of", "Love", "World")]
        if not any(w.text == "Summer" for w in found):
            continue
        bands = [
            s for s in shapes(page) if s.kind == "rect" and s.fill and fractions(s.fill_colour) == (0.969, 0.58, 0.114)
        ]
        for summer in (w for w in found if w.text == "Summer"):
            band = next((b for b in bands if b.x0 <= summer.x0 and summer.x1 <= b.x1), None)
            if band is None:
                continue  # the board's square, not a deed
            inside = (band.top, band.bottom, band.x0, band.x1)
            mine = [w for w in found if _within(w, *inside)]
            assert {w.text for w in mine} == {"Summer", "of", "Love", "World"}
            for word in mine:
                assert (word.x0 - band.x0) * PT_MM >= 2.0 and (band.x1 - word.x1) * PT_MM >= 2.0
            return
    pytest.fail("no Summer of Love World deed found")


# --- 2. lines mean one thing --------------------------------------------------------------


def test_only_score_and_guide_lines_are_dashed(built):
    for game in GAMES:
        for path in sorted((built / game / "svg").glob("*.svg")):
            root = ElementTree.parse(path).getroot()
            for layer in root.findall(f"{SVG}g"):
                dashed = [e for e in layer.iter() if e.get("stroke-dasharray")]
                if layer.get(INKSCAPE_LABEL) not in ("score", "guide"):
                    assert not dashed, (path.name, layer.get(INKSCAPE_LABEL), dashed[0].attrib)


def _render(pdf: Path, page_index: int, dpi: int = 300):
    document = pypdfium2.PdfDocument(str(pdf))
    image = document[page_index].render(scale=dpi / 72).to_pil().convert("L")
    document.close()
    return image


def _profile(image, x_mm: float, y_mm: float, across: str, dpi: int = 300, reach: float = 0.6) -> list[int]:
    """Grey levels on a short line through (x, y) mm, across a line running the other way."""
    px = dpi / 25.4
    steps = range(-round(reach * px), round(reach * px) + 1)
    if across == "x":
        return [image.getpixel((round(x_mm * px) + k, round(y_mm * px))) for k in steps]
    return [image.getpixel((round(x_mm * px), round(y_mm * px) + k)) for k in steps]


def _page_with(pdf: Path, needle: str) -> int:
    """The index of the first sheet of components (after the rules and the checklist) showing `needle`."""
    reader = pypdf.PdfReader(pdf)
    checklist = next(reader.get_destination_page_number(i) for i in reader.outline if i.title == "Checklist")
    return next(n for n, text in enumerate(page_texts(pdf)) if n > checklist and needle in text)


def test_bidding_token_cut_and_fold_lines_show_on_the_black_face(built):
    """Rendered: across the fold line and across the black face's outer cut line, within
    0.6 mm, there is light paper as well as dark ink, while the face beside is black."""
    pdf = pdf_of(built, "whipped")
    index = _page_with(pdf, "accepted")
    document = pypdfium2.PdfDocument(pdf)
    drawn = lines(document[index])
    document.close()
    folds = [s for s in drawn if is_score(s) and s.vertical]
    cuts = [c for c in drawn if is_cut(c) and c.vertical]
    image = _render(pdf, index)
    fold = folds[0]
    mid = (fold.y0 + fold.y1) / 2 + 1.3  # between dashes or on one: the halo is solid
    right_cut = min((c for c in cuts if c.x0 > fold.x0 + 5), key=lambda c: c.x0)
    for x in (fold.x0, right_cut.x0):
        levels = _profile(image, x, mid, "x")
        assert max(levels) > 200 and min(levels) < 80, (x, levels)
    inside = _profile(image, fold.x0 + 3.0, mid, "x", reach=0.3)
    assert max(inside) < 60  # the accepted face is black there


def test_cut_lines_between_house_tokens_contrast_with_the_house_colour(built):
    """Rendered: the shared cut between two butted house tokens shows light paper (its
    halo) and dark ink within 0.5 mm, on the green the tokens carry either side."""
    pdf = pdf_of(built, "sliders")
    green = tuple(round(int("3f8f3a"[i : i + 2], 16) / 255, 3) for i in (0, 2, 4))

    def greens(drawn: list[Shape]) -> list[Shape]:
        return [s for s in drawn if s.kind == "rect" and s.fill and fractions(s.fill_colour) == green]

    index, drawn = next((n, drawn) for n, drawn in enumerate(map(shapes, pages(pdf))) if greens(drawn))
    houses, cuts = greens(drawn), [line for line in shape_lines(drawn) if is_cut(line)]
    image = _render(pdf, index)
    assert len(houses) > 2
    checked = 0
    for house in houses[:12]:
        right, middle = house.x1 * PT_MM, (house.top + house.bottom) / 2 * PT_MM
        beside = any(abs(h.x0 - house.x1) < 0.1 and abs(h.top - house.top) < 0.1 for h in houses)
        if not beside or not any(c.vertical and abs(c.x0 - right) < 0.05 and c.y0 <= middle <= c.y1 for c in cuts):
            continue
        levels = _profile(image, right, middle, "x", reach=0.5)
        ends = _profile(image, right, middle, "x", reach=1.5)
        assert max(levels) > 200 and min(levels) < 80 and max(ends[0], ends[-1]) < 170, levels
        checked += 1
    assert checked >= 5


# --- 3. backs sheets carry no cut lines --------------------------------------------------


def test_backs_sheets_have_no_cut_lines_and_crop_marks_only_in_the_margins(built):
    seen = 0
    for game in GAMES:
        reader = pypdf.PdfReader(pdf_of(built, game))
        for path in sorted((built / game / "svg").glob("*.svg")):
            root = ElementTree.parse(path).getroot()
            if ", backs" not in (root.findtext(f"{SVG}title") or ""):
                continue
            seen += 1
            layers = {layer.get(INKSCAPE_LABEL): layer for layer in root.findall(f"{SVG}g")}
            for role in ("cut", "slit"):
                assert not [e for e in layers[role].iter() if e.tag != f"{SVG}g"], (path.name, role)
            number = int(re.search(r"sheet-(\d+)\.svg", path.name).group(1))
            page = reader.pages[number - 1]
            left, bottom, right, top = (float(v) * PT_MM for v in page.trimbox)
            height = float(page.mediabox.height) * PT_MM
            trim = (left, height - top, right, height - bottom)
            for mark in layers["crop"].iter(f"{SVG}polyline"):
                (x1, y1), (x2, y2) = (tuple(float(v) for v in p.split(",")) for p in mark.get("points").split())
                outside = max(x1, x2) <= trim[0] + 1e-3 or min(x1, x2) >= trim[2] - 1e-3
                outside |= max(y1, y2) <= trim[1] + 1e-3 or min(y1, y2) >= trim[3] - 1e-3
                assert outside, (path.name, mark.get("points"))
    assert seen >= 10  # riders, deeds, Chance, Community Chest, chips...
