"""A PDF page's paths read back with pdfium, in points from the page's top left (pdfplumber's
top and bottom). Paths are sorted as pdfplumber sorts them: a single straight segment is a
line, a closed axis-aligned quadrilateral a rectangle, anything else a curve.

pdfium reads a page in C, pdfplumber in Python: the paths of Whipped!'s 24 sheets take
pdfplumber 2.3 s, pdfium 0.4 s. Colours are pdfium's, 0 to 255 a channel.
"""

import ctypes
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

Point = tuple[float, float]
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Shape:
    """One subpath as painted: `ops` spells its segments as pdfminer does (m move, l line, c
    curve, h close) and `points` holds each one's end point (the start for h), in points from
    the page's top left. `width_pt` is the stroke's width as printed, through every transform,
    0 for a path not stroked, and such a path is not `dashed`."""

    kind: str
    ops: str
    points: tuple[Point, ...]
    stroke: bool
    fill: bool
    width_pt: float
    dashed: bool
    stroke_colour: RGB
    fill_colour: RGB

    @property
    def x0(self) -> float:
        return min(x for x, _ in self.points)

    @property
    def x1(self) -> float:
        return max(x for x, _ in self.points)

    @property
    def top(self) -> float:
        return min(y for _, y in self.points)

    @property
    def bottom(self) -> float:
        return max(y for _, y in self.points)


def shapes(page: pdfium.PdfPage) -> list[Shape]:
    """Every subpath the page paints, those of its forms (icons) included, in drawing order."""
    height = page.get_height()
    out = []
    for path, matrix in _paths(page):
        stroke, fill = _draw_mode(path)
        scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
        look = (
            stroke,
            fill,
            _stroke_width(path) * scale if stroke else 0.0,
            stroke and pdfium_c.FPDFPageObj_GetDashCount(path.raw) > 0,
            _colour(pdfium_c.FPDFPageObj_GetStrokeColor, path),
            _colour(pdfium_c.FPDFPageObj_GetFillColor, path),
        )
        for ops, points in _subpaths(path, matrix, height):
            out.append(Shape(_kind(ops, points), ops, points, *look))
    return out


def _paths(page: pdfium.PdfPage) -> Iterator[tuple[pdfium.PdfObject, pdfium.PdfMatrix]]:
    """Each path object with its matrix to the page's space: its own, then its forms'."""
    forms: list[pdfium.PdfMatrix] = []  # the matrix to the page of each form enclosing the object
    for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM]):
        matrix = obj.get_matrix()
        if obj.level:
            matrix = matrix.multiply(forms[obj.level - 1])
        if obj.type == pdfium_c.FPDF_PAGEOBJ_FORM:
            forms[obj.level :] = [matrix]
        else:
            yield obj, matrix


def _subpaths(path: pdfium.PdfObject, matrix: pdfium.PdfMatrix, height: float) -> list[tuple[str, tuple[Point, ...]]]:
    """The path's subpaths as (ops, end points) in the page's space from its top left. pdfium
    ends a closed subpath with a line back to its start (or marks its last segment closed when
    it is there already), where pdfminer has h: that line is read as h."""
    subpaths: list[tuple[str, list[Point]]] = []
    bezier = 0
    for index in range(pdfium_c.FPDFPath_CountSegments(path.raw)):
        segment = pdfium_c.FPDFPath_GetPathSegment(path.raw, index)
        x, y = ctypes.c_float(), ctypes.c_float()
        assert pdfium_c.FPDFPathSegment_GetPoint(segment, ctypes.byref(x), ctypes.byref(y))
        px, py = matrix.on_point(x.value, y.value)
        point = (px, height - py)
        kind = pdfium_c.FPDFPathSegment_GetType(segment)
        closed = bool(pdfium_c.FPDFPathSegment_GetClose(segment))
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO:
            subpaths.append(("m", [point]))
            continue
        ops, points = subpaths[-1]
        if kind == pdfium_c.FPDF_SEGMENT_BEZIERTO:
            bezier = (bezier + 1) % 3
            if bezier:
                continue  # a control point
            ops += "c"
            points.append(point)
            if closed:
                ops += "h"
                points.append(points[0])
        elif closed and point == points[0]:
            ops += "h"
            points.append(point)
        else:
            ops += "l"
            points.append(point)
        subpaths[-1] = (ops, points)
    return [(ops, tuple(points)) for ops, points in subpaths]


def _kind(ops: str, points: tuple[Point, ...]) -> str:
    """'line', 'rect' or 'curve', by pdfminer's rules (its PDFLayoutAnalyzer.paint_path)."""
    if ops in ("ml", "mlh"):
        return "line"
    if ops in ("mlllh", "mllll") and points[0] == points[4]:
        (x0, y0), (x1, y1), (x2, y2), (x3, y3), _ = points
        if (x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0):
            return "rect"
    return "curve"


def _draw_mode(path: pdfium.PdfObject) -> tuple[bool, bool]:
    """Whether the path is stroked, and whether filled."""
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    assert pdfium_c.FPDFPath_GetDrawMode(path.raw, ctypes.byref(fill), ctypes.byref(stroke))
    return bool(stroke.value), fill.value != pdfium_c.FPDF_FILLMODE_NONE


def _stroke_width(path: pdfium.PdfObject) -> float:
    width = ctypes.c_float()
    assert pdfium_c.FPDFPageObj_GetStrokeWidth(path.raw, ctypes.byref(width))
    return width.value


def _colour(getter: Callable[..., int], path: pdfium.PdfObject) -> RGB:
    """The colour pdfium's `getter` (FPDFPageObj_GetStrokeColor or GetFillColor) reads."""
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    assert getter(path.raw, *map(ctypes.byref, (r, g, b, a)))
    return (r.value, g.value, b.value)


def fractions(colour: RGB) -> tuple[float, ...]:
    """pdfium's colour (0 to 255 a channel) from 0 to 1 rounded to 3 places, as the tests
    round a hex colour's channels and pdfplumber's."""
    return tuple(round(c / 255, 3) for c in colour)
