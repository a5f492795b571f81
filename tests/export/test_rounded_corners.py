"""Rounded corners, a layout's `corners:`: read back from what is written. The print sheets
keep their straight cut lines and crop marks and add each card's rounded outline (PDF curves,
SVG rounded rects); the cutter cuts along the outline (a path with a curve at each corner)
instead of the straight cuts along those cards' edges; a shop's face image leaves the outline
out and shows the shape, art a bleed past the rounded edge and white beyond; text reaching
into a corner is a warning."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pypdfium2
import pytest
from click.testing import CliRunner
from PIL import Image

from generator import shipped
from generator.cli import main
from generator.export.cutter import CUT, cutter_lines
from generator.export.faces import Deck, face_sheet, rounded_rect
from generator.export.tts import tiled
from generator.layout.card import placement_findings
from generator.layout.scene import Group, Polyline, Rect, Scene, Style, line_style
from generator.layout.scene import Path as PathItem
from generator.sources.errors import SourceError
from generator.sources.layout_model import RectElement
from generator.sources.layouts import card_sizes, load_layout
from tests.pdf_geometry import PT_MM, crop_marks, cut_lines, svg_path_points

SVG = "{http://www.w3.org/2000/svg}"
BLUE = (0x33, 0x66, 0xCC)
RADIUS = 3.0


def deck(folder: Path, corners: str | None) -> Path:
    """Five poker cards on a blue background, their layout's corners rounded (or not)."""
    (folder / "layouts").mkdir(parents=True)
    rounded = f"corners: {corners}\n" if corners else ""
    (folder / "layouts" / "round.yaml").write_text(f"extends: card\n{rounded}background: '#3366cc'\n")
    (folder / "game.yaml").write_text("name: Round\nengine: none\ncomponents: [cards.yaml]\n")
    cards = "".join(f"  - {{title: Card {n}, text: Words}}\n" for n in range(1, 6))
    (folder / "cards.yaml").write_text(f"kind: card\nlayout: round\nitems:\n{cards}")
    return folder


def cli(*args: str):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def straight(path: Path) -> tuple[list, ...]:
    """The print sheet's straight cut lines and its crop marks, rounded to 0.01 mm."""
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        return tuple(
            sorted((round(a.x0, 2), round(a.y0, 2), round(a.x1, 2), round(a.y1, 2)) for a in found)
            for found in (cut_lines(page), crop_marks(page))
        )


def test_a_layouts_corners_end_its_faces_with_their_cut_outline(tmp_path):
    (tmp_path / "two.yaml").write_text("extends: card-two-sided\ncorners: 3mm\n")
    layout = load_layout("two", [tmp_path, shipped.layouts_dir()])
    assert layout.corners == RADIUS
    for elements in (layout.elements, layout.back_elements):
        outline = elements[-1]
        assert isinstance(outline, RectElement) and outline.role == "cut" and outline.radius == RADIUS
        assert outline.box == (0.0, 0.0, layout.width, layout.height)
        assert (Path(outline.loc.file).name, outline.loc.line) == ("two.yaml", 2)
    tarot = load_layout("two", [tmp_path, shipped.layouts_dir()], size=card_sizes()["tarot"])
    assert tarot.elements[-1].box == (0.0, 0.0, tarot.width, tarot.height)  # it follows the size in force


def test_corners_wider_than_half_the_card_are_an_error_at_their_line(tmp_path):
    (tmp_path / "round.yaml").write_text("extends: card\ncorners: 25mm\n")
    assert load_layout("round", [tmp_path, shipped.layouts_dir()]).corners == 25.0  # poker: up to 31.75 mm
    with pytest.raises(SourceError, match="corners of 25 mm do not fit a 41.275 x 63.5 mm card") as caught:
        load_layout("round", [tmp_path, shipped.layouts_dir()], size=card_sizes()["mini-american"])
    assert (caught.value.loc.line, caught.value.loc.column) == (2, 10)


def test_text_reaching_into_a_rounded_corner_is_a_warning(tmp_path):
    (tmp_path / "round.yaml").write_text(
        "size: poker\ncorners: 6mm\nelements:\n"
        "  tight: {type: text, text: A, x: 1mm, y: 1mm, width: 20mm, height: 5mm}\n"
        "  clear: {type: text, text: B, x: 4mm, y: 4mm, width: 20mm, height: 5mm}\n"
        "  art:   {type: rect, x: 0mm, y: 0mm, width: 20mm, height: 5mm, fill: '#000000'}\n"
    )
    (finding,) = placement_findings(load_layout("round", [tmp_path]))
    assert finding.code == "L008" and "'tight' reaches into a rounded corner" in finding.message
    assert finding.loc.line == 4


def test_print_sheets_keep_their_straight_cuts_and_marks_and_add_the_rounded_outline(tmp_path):
    square, round_ = deck(tmp_path / "square", None), deck(tmp_path / "round", "3mm")
    for source in (square, round_):
        cli("build", str(source), "--out", str(tmp_path / "out"), "--no-checklist", "--duplex", "off")
    pdfs = {name: tmp_path / "out" / name / f"{name}.pdf" for name in ("square", "round")}
    assert straight(pdfs["round"]) == straight(pdfs["square"])
    with pdfplumber.open(pdfs["round"]) as document:
        page = document.pages[0]
        outlines = [c for c in page.curves if tuple(c["stroking_color"]) == (0, 0, 0) and c["linewidth"] < 0.5]
        assert len(outlines) == 5  # one rounded cut outline a card
        for curve in outlines:
            x0, top, x1, bottom = (curve[k] * PT_MM for k in ("x0", "top", "x1", "bottom"))
            assert (x1 - x0, bottom - top) == pytest.approx((63.5, 88.9), abs=0.01)
            ops = [segment[0] for segment in curve["path"]]
            assert ops.count("c") == 4  # a curve at each corner
            first = curve["path"][0][1]
            assert (first[0] * PT_MM - x0, first[1] * PT_MM - top) == pytest.approx((RADIUS, 0), abs=0.01)
    svg = ET.parse(tmp_path / "out" / "round" / "svg" / "round-sheet-01.svg").getroot()
    (cut,) = [g for g in svg.iter(f"{SVG}g") if g.get("id") == "layer-cut"]
    rounded = [r for r in cut.iter(f"{SVG}rect") if r.get("rx") == "3"]
    assert len(rounded) == 5 and all((r.get("width"), r.get("height")) == ("63.5", "88.9") for r in rounded)


def test_the_cutter_cuts_along_the_rounded_outline_and_no_straight_line_past_it(tmp_path):
    source = deck(tmp_path / "round", "3mm")
    cli("export", str(source), "--profile", "cutter", "--out", str(tmp_path / "out"))
    svg = ET.parse(tmp_path / "out" / "round" / "cutter" / "round-cut-01.svg").getroot()
    paths = [p for p in svg.iter(f"{SVG}path") if p.get("stroke") == CUT]
    assert len(paths) == 5
    assert not [e for e in svg.iter() if e.tag in (f"{SVG}polyline", f"{SVG}line", f"{SVG}rect")]
    for path in paths:
        data = path.get("d")
        assert len(re.findall(r"C", data)) == 4  # an arc at each corner
        points = svg_path_points(data)
        xs, ys = [x for x, _ in points], [y for _, y in points]
        left, top = min(xs), min(ys)
        assert (max(xs) - left, max(ys) - top) == pytest.approx((63.5, 88.9), abs=0.001)
        # no point at a square corner: the outline turns 3 mm before each one
        for cx, cy in ((left, top), (left + 63.5, top), (left, top + 88.9), (left + 63.5, top + 88.9)):
            assert min(abs(x - cx) + abs(y - cy) for x, y in points) > 1.0


def test_a_straight_cut_is_kept_where_no_rounded_outline_runs():
    red = line_style("cut")
    square = Group((Rect(0, 0, 10, 20, red),), (1, 0, 0, 1, 30, 0))
    rounded = Group((Rect(0, 0, 10, 20, red, radius=2),), (1, 0, 0, 1, 10, 0))
    row = Polyline(((0.0, 0.0), (50.0, 0.0)), red)  # a shared cut along the row's top
    lines = cutter_lines([rounded, square, row])
    kept = sorted(
        line.points for line in lines if isinstance(line, Polyline) and line.points[0][1] == line.points[1][1] == 0
    )
    # along the rounded card (x 10..20) the straight cut is gone; the square card keeps its edge
    assert kept == [((0.0, 0.0), (10.0, 0.0)), ((20.0, 0.0), (50.0, 0.0)), ((30.0, 0.0), (40.0, 0.0))]
    (outline,) = [line for line in lines if isinstance(line, PathItem)]
    assert outline.commands == tuple(
        (c[0], *[v + (10 if k % 2 == 0 else 0) for k, v in enumerate(c[1:])]) for c in rounded_rect(0, 0, 10, 20, 2)
    )


def card_colour(pixel) -> bool:
    return all(abs(a - b) <= 8 for a, b in zip(pixel, BLUE, strict=True))


@pytest.mark.parametrize("profile", ["thegamecrafter", "makeplayingcards"])
def test_a_shop_face_shows_the_cards_shape_with_the_art_a_bleed_past_its_edge(tmp_path, profile):
    source = deck(tmp_path / "round", "3mm")
    cli("export", str(source), "--profile", profile, "--out", str(tmp_path / "out"))
    with Image.open(tmp_path / "out" / "round" / profile / "cards" / "cards-001-front.png") as image:
        width, height = image.size
        px_mm = 300 / 25.4
        bleed = (width - 63.5 * px_mm) / 2  # the shop's, in pixels
        r = RADIUS * px_mm
        corners = [(1, 1), (width - 2, 1), (1, height - 2), (width - 2, height - 2)]
        assert all(image.getpixel(c) == (255, 255, 255) for c in corners)  # beyond the bleed: white
        assert card_colour(image.getpixel((width // 2, 1)))  # along an edge, the bleed is art
        # the trim's own corner, outside the rounded cut, is still art: the die has its bleed
        assert card_colour(image.getpixel((round(bleed), round(bleed))))
        # on the rounded cut line itself no outline is drawn: the card's colour
        on_arc = round(bleed + r - r / 2**0.5)
        assert card_colour(image.getpixel((on_arc, on_arc)))


def test_drivethrucards_pages_show_the_shape_too(tmp_path):
    source = deck(tmp_path / "round", "3mm")
    cli("export", str(source), "--profile", "drivethrucards", "--out", str(tmp_path / "out"))
    document = pypdfium2.PdfDocument(tmp_path / "out" / "round" / "drivethrucards" / "cards.pdf")
    image = document[0].render(scale=300 / 72).to_pil().convert("RGB")
    assert image.getpixel((1, 1)) == (255, 255, 255)
    # The file is CMYK, drawn back by pdfium's plain CMYK to RGB: the card's blue, near enough.
    for pixel in (
        image.getpixel((image.width // 2, 1)),
        image.getpixel((round(1 / 8 * 300) + 6, round(1 / 8 * 300) + 6)),
    ):
        r, g, b = pixel
        assert b > r + 80 and b > g + 40, pixel


def test_the_face_exports_leave_the_outline_out():
    scene = Scene(63.5, 88.9)
    outline = Rect(0.0, 0.0, 63.5, 88.9, line_style("cut"), RADIUS)
    slit = Rect(10, 10, 5, 1, line_style("slit"))
    scene.add(Rect(0, 0, 63.5, 88.9, Style(fill="#3366cc")), slit, outline)
    (group, outside) = face_sheet(scene, 3.0, RADIUS).items
    assert isinstance(group, Group) and outline not in group.items and slit in group.items
    assert isinstance(outside, PathItem) and outside.style.fill == "#ffffff"
    (tts_group,) = tiled([scene], 1, 1, RADIUS).items
    assert isinstance(tts_group, Group) and outline not in tts_group.items
    assert Deck("cards", "cards", [scene], [None], RADIUS).corners == RADIUS
    (square_group,) = face_sheet(scene, 3.0).items  # square corners: the face as drawn
    assert isinstance(square_group, Group) and outline in square_group.items
