"""What the render package says of its writers holds: it names the three formats, each
written by a module of the package, and the PDF and SVG writers draw a sheet role by role in
the same order (art first, then glue areas, the halos, guides, score, slit and cut lines,
crop marks last) whatever the order of the sheet's items, at the sheet's own coordinates. The PDF's
drawing operations are read back with pypdf, the SVG parsed."""

from pathlib import Path
from xml.etree import ElementTree

import pdfplumber
from pypdf import PdfReader

import generator.render
from generator.layout.scene import GLUE_STYLE, ROLES, Polyline, Rect, Style, line_style
from generator.render.pdf import write_pdf
from generator.render.svg import render_svg
from generator.sheets.model import Sheet
from tests.pdf_geometry import cut_lines

#: Each format the package's docstring names, and the module of the package writing it.
WRITERS = {"PDF": "pdf", "SVG": "svg", "PNG": "raster"}
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def test_the_package_names_its_writers_and_each_is_a_module_of_it():
    doc = generator.render.__doc__
    folder = Path(generator.render.__file__).parent
    for name, module in WRITERS.items():
        assert name in doc, name
        assert (folder / f"{module}.py").is_file(), module
    assert "art first" in doc and "cut and crop lines last" in doc


def reversed_sheet() -> Sheet:
    """One line of each role, in the reverse of the drawing order, a glue area, and the art last."""
    items = [
        Polyline(((1, 5 + k), (20, 5 + k)), line_style(r)) for k, r in enumerate(("crop", "cut", "score", "guide"))
    ]
    glue = Rect(10, 10, 5, 5, GLUE_STYLE)
    return Sheet(30, 30, [*items, glue, Rect(2, 2, 5, 5, Style(fill="#ff0000"))])


def pdf_roles(path: Path) -> list[str]:
    """The role of each thing the PDF paints, in order, told by its look: a red fill is art,
    a light grey fill and a dotted grey stroke glue, a white stroke a halo, a blue one a
    guide, a dashed black one a score line, a solid black 0.4 pt one a cut line and a 0.25 pt
    one a crop mark."""
    stroke, width, dash, fill = None, 0.0, [], None
    painted = []
    for operands, operator in PdfReader(path).pages[0].get_contents().operations:
        if operator == b"RG":
            stroke = tuple(round(float(v), 2) for v in operands)
        elif operator == b"rg":
            fill = tuple(round(float(v), 2) for v in operands)
        elif operator == b"w":
            width = float(operands[0])
        elif operator == b"d":
            dash = list(operands[0])
        elif operator in (b"f", b"f*", b"B", b"B*"):
            painted.append({(1, 0, 0): "art", (0.85, 0.85, 0.85): "glue"}.get(fill, "?"))
        elif operator == b"S":
            if stroke == (0.48, 0.48, 0.48):
                painted.append("glue")
            elif stroke == (1, 1, 1):
                painted.append("halo")
            elif stroke == (0, 0.63, 0.88):
                painted.append("guide")
            elif dash:
                painted.append("score")
            else:
                painted.append("cut" if abs(width - 0.4 * 25.4 / 72) < 1e-3 else "crop")
    return [role for k, role in enumerate(painted) if k == 0 or painted[k - 1] != role]


def test_pdf_and_svg_draw_role_by_role_in_the_same_order(tmp_path):
    path = tmp_path / "sheet.pdf"
    write_pdf([reversed_sheet()], path, "t", lambda name: None)
    assert pdf_roles(path) == ["art", "glue", "halo", "guide", "score", "cut", "crop"]
    root = ElementTree.fromstring(render_svg(reversed_sheet(), "t", lambda name: None))
    filled = [g.get(f"{INKSCAPE}label") for g in root if g.tag.endswith("}g") and len(g)]
    assert filled == [r for r in ROLES if r != "slit"]  # every role but slit has a line here
    assert pdf_roles(path) == filled


def test_both_put_a_line_at_the_sheets_coordinates(tmp_path):
    path = tmp_path / "sheet.pdf"
    write_pdf([reversed_sheet()], path, "t", lambda name: None)
    with pdfplumber.open(path) as pdf:
        (cut,) = cut_lines(pdf.pages[0])
    assert [round(v, 2) for v in (cut.x0, cut.y0, cut.x1, cut.y1)] == [1, 6, 20, 6]
    root = ElementTree.fromstring(render_svg(reversed_sheet(), "t", lambda name: None))
    layer = next(g for g in root if g.get(f"{INKSCAPE}label") == "cut")
    assert layer[0].get("points") == "1,6 20,6"
