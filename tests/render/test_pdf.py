"""The PDF writer puts each Scene primitive where the Sheet says, in millimetres from the top
left: page size, TrimBox and BleedBox, shapes, text, groups moved and clipped, art under
the cut lines whatever the items' order, page labels naming blank pages, bookmarks, and
the same bytes from the same sheets, polylines painted open or closed as their style says, a
line's operators the very bytes reportlab's own calls write.
Read back with pypdf, pdfplumber and pikepdf, and rendered with pypdfium2."""

import io
from pathlib import Path

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfgen import canvas

from generator.layout.scene import Circle, Group, Polyline, Rect, Style, line_style
from generator.layout.text import set_line
from generator.render.pdf import _line_operators, _polyline_operators, write_pdf
from generator.sheets.model import Sheet
from tests.pdf_geometry import PT_MM, cut_lines, trim_box_mm

DPI = 600
RED, BLUE = "#ff0000", "#0000ff"


def sheets() -> list[Sheet]:
    # the cut line is listed before the art it runs along: the writer must still draw it on top
    card = Sheet(
        60,
        80,
        [
            Polyline(((10, 20), (40, 20)), line_style("cut")),
            Rect(10, 20, 30, 40, Style(fill=RED)),
            Group((Rect(0, 0, 50, 50, Style(fill=BLUE)),), (1, 0, 0, 1, 45, 5), clip=(0, 0, 10, 10)),
            Circle(50, 70, 5, Style(stroke="#000000", stroke_width=0.5)),
            *set_line(12, 70, "Hello", "DejaVuSans", 5.0),
        ],
        trim=(10, 20, 30, 40),
        bleed=(7, 17, 36, 46),
        bookmarks=("Cards",),
    )
    blank = Sheet(60, 80, set_line(5, 40, "left blank", "DejaVuSans", 3.0), blank=True, side="")
    rules = Sheet(80, 60, [], bookmarks=("Rules", "More rules"))
    return [card, blank, rules]


@pytest.fixture(scope="module")
def pdf(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("pdf") / "out.pdf"
    write_pdf(sheets(), path, "Test deck", lambda name: None)
    return path


def colour_at(image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    return image.getpixel((round(x_mm / 25.4 * DPI), round(y_mm / 25.4 * DPI)))


def test_pages_are_the_sheets_size_with_their_trim_and_bleed_boxes(pdf):
    reader = PdfReader(pdf)
    sizes = [(float(p.mediabox.width) * PT_MM, float(p.mediabox.height) * PT_MM) for p in reader.pages]
    assert sizes == [pytest.approx((60, 80)), pytest.approx((60, 80)), pytest.approx((80, 60))]
    first = reader.pages[0]
    assert trim_box_mm(first) == pytest.approx((10, 20, 30, 40), abs=0.01)
    x0, y0, x1, y1 = (float(v) for v in first.bleedbox)
    assert (x0 * PT_MM, (80 - y1 * PT_MM), (x1 - x0) * PT_MM, (y1 - y0) * PT_MM) == pytest.approx(
        (7, 17, 36, 46), abs=0.01
    )
    assert reader.pages[2].trimbox == reader.pages[2].mediabox  # no trim: the page itself


def test_labels_name_the_blank_page_and_bookmarks_point_at_their_pages(pdf):
    reader = PdfReader(pdf)
    assert reader.page_labels == ["1", "2 (blank)", "3"]
    marks = {item.title: reader.get_destination_page_number(item) + 1 for item in reader.outline}
    assert marks == {"Cards": 1, "Rules": 3, "More rules": 3}
    assert reader.metadata.title == "Test deck"


def test_shapes_and_text_are_where_the_sheet_says(pdf):
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        red = [r for r in page.rects if r.get("non_stroking_color") in ((1, 0, 0), [1, 0, 0])]
        (rect,) = red
        assert [rect[k] * PT_MM for k in ("x0", "top", "x1", "bottom")] == pytest.approx([10, 20, 40, 60], abs=0.01)
        (cut,) = cut_lines(page)
        assert (cut.x0, cut.y0, cut.x1, cut.y1) == pytest.approx((10, 20, 40, 20), abs=0.01)
        words = page.extract_words()
        assert [w["text"] for w in words] == ["Hello"]
        assert words[0]["x0"] * PT_MM == pytest.approx(12, abs=0.05)
        # 5 mm type: the baseline at 70 mm, the characters 5 mm (14.17 pt) in size
        assert page.chars[0]["size"] == pytest.approx(5 / PT_MM, abs=0.01)
        assert page.chars[0]["matrix"][5] == pytest.approx((80 - 70) / PT_MM, abs=0.01)
        # drawn in the face it was shaped in, embedded as a subset ("ABCDEF+DejaVuSans")
        assert {c["fontname"].split("+", 1)[1] for c in page.chars} == {"DejaVuSans"}


def test_art_lies_under_the_cut_line_and_a_group_is_moved_and_clipped(pdf):
    image = pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")
    assert colour_at(image, 25, 20) == (0, 0, 0)  # the cut line on top of the red box's edge
    assert colour_at(image, 25, 20.16) == (255, 255, 255)  # its white halo, over the red
    assert colour_at(image, 25, 21) == (255, 0, 0)
    # the blue 50 mm square, moved to (45, 5) and clipped to 10 x 10 mm there
    assert colour_at(image, 50, 10) == (0, 0, 255)
    assert colour_at(image, 50, 17) == (255, 255, 255) and colour_at(image, 43, 10) == (255, 255, 255)


def test_the_same_sheets_give_the_same_bytes(tmp_path, pdf):
    again = tmp_path / "again.pdf"
    write_pdf(sheets(), again, "Test deck", lambda name: None)
    assert again.read_bytes() == pdf.read_bytes()


def test_polylines_are_painted_as_their_style_says_open_or_closed(tmp_path):
    """A dashed closed polyline is filled (even-odd) and stroked along its points and back to
    its start; an open one only stroked, solid: each with its own colours, width and dash,
    read back with pikepdf."""
    dashed = Style(fill=RED, stroke=BLUE, stroke_width=0.3, dash=(1.5, 0.5))
    solid = Style(stroke="#000000", stroke_width=0.7)
    closed, open_ = Polyline(((1, 2), (30, 2), (30, 40)), dashed, closed=True), Polyline(((5, 6), (7, 8)), solid)
    write_pdf([Sheet(60, 80, [closed, open_])], tmp_path / "lines.pdf", "Lines", lambda name: None)
    with pikepdf.open(tmp_path / "lines.pdf") as pdf:
        read = [(str(op), [_plain(v) for v in args]) for args, op in pikepdf.parse_content_stream(pdf.pages[0])]
    assert read[3:-1] == [
        ("rg", [1, 0, 0]),
        ("RG", [0, 0, 1]),
        ("w", [0.3]),
        ("d", [[1.5, 0.5], 0]),
        ("n", []),
        ("m", [1, 2]),
        ("l", [30, 2]),
        ("l", [30, 40]),
        ("h", []),
        ("B*", []),
        ("RG", [0, 0, 0]),
        ("w", [0.7]),
        ("d", [[], 0]),
        ("n", []),
        ("m", [5, 6]),
        ("l", [7, 8]),
        ("S", []),
    ]


@given(
    st.lists(st.tuples(st.floats(-500, 500), st.floats(-500, 500)), min_size=2, max_size=6),
    st.booleans(),
    st.sampled_from([(1, 0), (0, 1), (1, 1)]),
    st.floats(0.01, 5),
    st.lists(st.floats(0.05, 10), max_size=4).map(tuple),
)
def test_a_lines_operators_are_the_bytes_reportlabs_own_calls_write(points, closed, paint, width, dash):
    """The operators written for a line are what reportlab's setLineWidth, setDash and
    drawPath write for it, character for character."""
    stroke, fill = paint
    c = canvas.Canvas(io.BytesIO())
    start = len(c._code)
    c.setLineWidth(width)
    c.setDash(list(dash))
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if closed:
        path.close()
    c.drawPath(path, stroke=stroke, fill=fill)
    polyline = Polyline(tuple(points), Style(stroke="#000000"), closed=closed)
    ours = [*_line_operators(width, dash), *_polyline_operators(polyline, stroke, fill, c._fillMode)]
    assert c._code[start:] == ours


def _plain(value: object) -> object:
    """A content stream operand as a number, or a list of numbers."""
    return [float(v) for v in value] if isinstance(value, pikepdf.Array) else float(value)
