"""Reading sheet geometry back from a PDF with pdfplumber (or pdfium), in millimetres from the top left.

Line roles are recognised by their look as the writers draw them: cut and slit lines are
solid black 0.4 pt, score lines dashed black 0.4 pt, crop marks solid black 0.25 pt.
"""

from dataclasses import dataclass

import pypdf
import pypdfium2 as pdfium
from fontTools.pens.recordingPen import RecordingPen
from fontTools.svgLib.path import parse_path
from pypdf.generic import ContentStream

from tests.pdf_paths import Shape, shapes

PT_MM = 25.4 / 72


@dataclass(frozen=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    width_pt: float
    dashed: bool
    colour: tuple

    @property
    def length(self) -> float:
        return ((self.x1 - self.x0) ** 2 + (self.y1 - self.y0) ** 2) ** 0.5

    @property
    def vertical(self) -> bool:
        return abs(self.x0 - self.x1) < 1e-3

    @property
    def horizontal(self) -> bool:
        return abs(self.y0 - self.y1) < 1e-3


def lines(page) -> list[Line]:
    """The straight lines of a pdfplumber or pdfium page, each rectangle's four sides among
    them; their colours in the PDF's colour space from pdfplumber, in RGB from 0 to 255 from pdfium."""
    if isinstance(page, pdfium.PdfPage):
        return shape_lines(shapes(page))
    out = []
    for obj in page.lines + page.rects:
        colour = tuple(round(c, 3) for c in (obj.get("stroking_color") or (0,)))
        dashed = bool(obj.get("dash") and obj["dash"][0])
        box = tuple(obj[k] for k in ("x0", "top", "x1", "bottom"))
        out += _sides(obj["object_type"], box, round(obj["linewidth"], 3), dashed, colour)
    return out


def shape_lines(drawn: list[Shape]) -> list[Line]:
    """The straight lines among a pdfium page's shapes (tests.pdf_paths.shapes), each
    rectangle's four sides among them: for a test that reads the shapes for more than lines."""
    return [
        line
        for s in drawn
        if s.kind in ("line", "rect")
        for line in _sides(s.kind, (s.x0, s.top, s.x1, s.bottom), round(s.width_pt, 3), s.dashed, s.stroke_colour)
    ]


def _sides(kind: str, box: tuple[float, ...], width: float, dashed: bool, colour: tuple) -> list[Line]:
    """A line's one side, or a rectangle's four, in mm from its box in points (x0, top, x1, bottom)."""
    x0, top, x1, bottom = (v * PT_MM for v in box)
    if kind == "rect":
        return [
            Line(x0, top, x1, top, width, dashed, colour),
            Line(x0, bottom, x1, bottom, width, dashed, colour),
            Line(x0, top, x0, bottom, width, dashed, colour),
            Line(x1, top, x1, bottom, width, dashed, colour),
        ]
    return [Line(x0, top, x1, bottom, width, dashed, colour)]


def is_black(line: Line) -> bool:
    return line.colour in ((0,), (0.0,), (0, 0, 0), (0.0, 0.0, 0.0))


def is_cut(line: Line) -> bool:
    """A cut or slit line: solid black 0.4 pt."""
    return is_black(line) and not line.dashed and abs(line.width_pt - 0.4) < 0.01


def is_score(line: Line) -> bool:
    """A score line: dashed black 0.4 pt."""
    return is_black(line) and line.dashed and abs(line.width_pt - 0.4) < 0.01


def is_crop(line: Line) -> bool:
    """A crop mark: solid black 0.25 pt."""
    return is_black(line) and not line.dashed and abs(line.width_pt - 0.25) < 0.01


def cut_lines(page) -> list[Line]:
    return [ln for ln in lines(page) if is_cut(ln)]


def score_lines(page) -> list[Line]:
    return [ln for ln in lines(page) if is_score(ln)]


def crop_marks(page) -> list[Line]:
    return [ln for ln in lines(page) if is_crop(ln)]


def trim_box_mm(page_obj) -> tuple[float, float, float, float]:
    """pypdf page's TrimBox as (x, y, w, h) in mm from the top left."""
    x0, y0, x1, y1 = (float(v) for v in page_obj.trimbox)
    height = float(page_obj.mediabox.height)
    return (x0 * PT_MM, (height - y1) * PT_MM, (x1 - x0) * PT_MM, (y1 - y0) * PT_MM)


def trim_marks(page) -> list[Line]:
    """The crop marks continuing the trim's edges into the margin: short marks starting
    1.5 mm outside the BleedBox (the TrimBox when there is no bleed), each within the trim's
    span (the furniture's lines are left out)."""
    left, top, right, bottom = (v * PT_MM for v in page.trimbox)
    outer = getattr(page, "bleedbox", None) or page.trimbox
    b_left, b_top, b_right, b_bottom = (v * PT_MM for v in outer)
    out = []
    for ln in crop_marks(page):
        lo_x, hi_x, lo_y, hi_y = min(ln.x0, ln.x1), max(ln.x0, ln.x1), min(ln.y0, ln.y1), max(ln.y0, ln.y1)
        if ln.length > 4.01:
            continue
        if ln.vertical and left - 0.01 <= ln.x0 <= right + 0.01:
            if abs(b_top - 1.5 - hi_y) < 0.05 or abs(lo_y - b_bottom - 1.5) < 0.05:
                out.append(ln)
        elif ln.horizontal and top - 0.01 <= ln.y0 <= bottom + 0.01:
            if abs(b_left - 1.5 - hi_x) < 0.05 or abs(lo_x - b_right - 1.5) < 0.05:
                out.append(ln)
    return out


def grid_edges(page, cell_w: float, cell_h: float, min_length: float = 0.0) -> tuple[list[float], list[float]]:
    """The x and y (mm, rounded to 0.01) of a grid's trim edges: from its cut lines (at least
    `min_length` long) and crop marks; a duplex backs sheet has no cut lines and, where the
    grid fills the sheet, no room for crop marks either: then from the page's TrimBox, the
    union of the trims, in steps of the cell size."""
    lines = [ln for ln in cut_lines(page) if ln.length >= min_length] + trim_marks(page)
    xs = sorted({round(ln.x0, 2) for ln in lines if ln.vertical})
    ys = sorted({round(ln.y0, 2) for ln in lines if ln.horizontal})
    if xs and ys:
        return xs, ys
    left, top, right, bottom = (v * PT_MM for v in page.trimbox)
    xs = [round(left + k * cell_w, 2) for k in range(round((right - left) / cell_w) + 1)]
    ys = [round(top + k * cell_h, 2) for k in range(round((bottom - top) / cell_h) + 1)]
    return xs, ys


def svg_path_points(data: str) -> list[tuple[float, float]]:
    """The end and control points of SVG path data, as fontTools' SVG path parser reads them."""
    recording = RecordingPen()
    parse_path(data, recording)
    return [point for _, args in recording.value for point in args]


def _times(m, n):
    """The affine matrix m then n, as PDF writes them (a b c d e f)."""
    a, b, c, d, e, f = m
    return (a * n[0] + b * n[2], a * n[1] + b * n[3], c * n[0] + d * n[2], c * n[1] + d * n[3],
            e * n[0] + f * n[2] + n[4], e * n[1] + f * n[3] + n[5])  # fmt: skip


def form_boxes(reader: pypdf.PdfReader, page: pypdf.PageObject) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) in mm from the page's top left of every form XObject (an icon) the page's
    content draws: the form's BBox through its Matrix and the transforms in force (q, Q, cm)."""
    height = float(page.mediabox.height)
    xobjects = page["/Resources"].get("/XObject", {})
    ctm, saved, boxes = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], []
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"q":
            saved.append(ctm)
        elif operator == b"Q":
            ctm = saved.pop()
        elif operator == b"cm":
            ctm = _times(tuple(float(v) for v in operands), ctm)
        elif operator == b"Do":
            form = xobjects[operands[0]].get_object()
            if form.get("/Subtype") != "/Form":
                continue
            m = _times(tuple(float(v) for v in form.get("/Matrix", (1, 0, 0, 1, 0, 0))), ctm)
            x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
            xs = [x * m[0] + y * m[2] + m[4] for x in (x0, x1) for y in (y0, y1)]
            ys = [x * m[1] + y * m[3] + m[5] for x in (x0, x1) for y in (y0, y1)]
            w, h = (max(xs) - min(xs)) * PT_MM, (max(ys) - min(ys)) * PT_MM
            boxes.append((min(xs) * PT_MM, (height - max(ys)) * PT_MM, w, h))
    return boxes


#: A Twisty Passages maze card, poker size (mm).


SVG_NS = "{http://www.w3.org/2000/svg}"


def svg_drawn_points(element, defined: dict) -> list[tuple[float, float]]:
    """The outline points an SVG element draws, read as a renderer would: its own path data,
    and what each <use> inside it places at its (x, y), a used group's uses followed in turn.
    `defined` maps ids to the elements they name."""
    drawn = [] if element.get("d") is None else svg_path_points(element.get("d"))
    for use in element.iter(f"{SVG_NS}use"):
        target = defined[use.get("href").removeprefix("#")]
        dx, dy = float(use.get("x", 0)), float(use.get("y", 0))
        drawn += [(x + dx, y + dy) for x, y in svg_drawn_points(target, defined)]
    return drawn
