"""Cutting-machine exports: an SVG per sheet of the cuts alone, and print-then-cut sheets.

The cut file holds only geometry: cuts and slits as pure red (#ff0000), scores as pure blue
(#0000ff), glue areas outlined in green (#00a000, their own layer, not to be cut), 0.025 mm
hairlines, no fills, no text; everything in page millimetres, nested
transforms and clips resolved, so laser and blade software reads it as drawn. A card with
rounded corners is cut along its rounded outline (a path with an arc at each corner): the
print sheet's straight cuts along its edges, which a trimmer follows, are left out here.

Print-then-cut sheets are imposed inside the registration marks (Silhouette style: a 5 mm
square top left, 20 mm L marks top right and bottom left, 0.5 mm thick, 10 mm from the
edges), with the print layer's text converted to paths and the cut layer as above.
"""

import dataclasses
from pathlib import Path

from msgspec.structs import replace

from generator.export.faces import rounded_rect
from generator.layout.scene import Circle, Group, Item, Polyline, Rect, Style, by_role
from generator.layout.scene import Path as PathItem
from generator.output import write_atomic
from generator.pipeline import PrintRun
from generator.render.svg import svg_file
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper

CUT, SCORE, GLUE = "#ff0000", "#0000ff", "#00a000"
HAIRLINE = 0.025
#: Glue areas are outlined too, in a layer of their own, for the eye: a machine is set to cut
#: the red lines, score the blue, and leave the green alone.
ROLE_COLOUR = {"cut": CUT, "slit": CUT, "score": SCORE, "glue": GLUE}
REG_INSET, REG_LENGTH, REG_THICK, REG_SQUARE = 10.0, 20.0, 0.5, 5.0
#: Content keeps this clear of the page edge: the marks' inset, their length, 1 mm spare.
PTC_MARGIN = REG_INSET + REG_LENGTH + 1.0

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def _compose(m: Matrix, n: Matrix) -> Matrix:
    """m after n: a point goes through n first, then m."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def _clip_box(m: Matrix, clip: tuple[float, float, float, float], outer: Box | None) -> Box:
    """The clip rectangle in page coordinates (transforms here are axis-aligned), within outer."""
    x, y, w, h = clip
    xs, ys = zip(*(_apply(m, px, py) for px, py in ((x, y), (x + w, y + h))), strict=True)
    box = (min(xs), min(ys), max(xs), max(ys))
    if outer:
        box = (max(box[0], outer[0]), max(box[1], outer[1]), min(box[2], outer[2]), min(box[3], outer[3]))
    return box


def _clip_segment(p: tuple[float, float], q: tuple[float, float], box: Box | None):
    """Liang-Barsky: the part of segment pq inside box, or None."""
    if box is None:
        return p, q
    (x0, y0), (x1, y1) = p, q
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for edge_p, edge_q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if abs(edge_p) < 1e-12:
            if edge_q < -1e-9:
                return None
            continue
        t = edge_q / edge_p
        if edge_p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 > t1 + 1e-12 or (t1 - t0) * (abs(dx) + abs(dy)) < 1e-6:
        return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


def _segments(item: Item) -> list[tuple[tuple[float, float], tuple[float, float]]] | None:
    if isinstance(item, Rect) and not item.radius:
        x, y, w, h = item.x, item.y, item.w, item.h
        pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    elif isinstance(item, Polyline):
        pts = list(item.points) + ([item.points[0]] if item.closed else [])
    else:
        return None
    return list(zip(pts, pts[1:], strict=False))


def _page_path(commands: tuple[tuple, ...], m: Matrix) -> tuple[tuple, ...]:
    """Path commands with every point taken through m (a Bézier's control points too)."""
    return tuple((c[0], *[v for k in range(1, len(c), 2) for v in _apply(m, c[k], c[k + 1])]) for c in commands)


def cutter_lines(items, m: Matrix = IDENTITY, clip: Box | None = None) -> list[Item]:
    """Every cut, slit and score line under `items`, in page millimetres, clipped as drawn,
    restyled as a cutter hairline in its role's colour; a rounded outline's path replaces
    the straight cuts along its edges."""
    rounded: list[Box] = []
    lines = _lines(items, m, clip, rounded)
    return [piece for line in lines for piece in _off_rounded_edges(line, rounded)]


def _lines(items, m: Matrix, clip: Box | None, rounded: list[Box]) -> list[Item]:
    """cutter_lines' lines, each straight piece its own segment; the page box of every
    rounded cut outline added to `rounded`."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            inner = _compose(m, item.transform)
            box = _clip_box(inner, item.clip, clip) if item.clip else clip
            out += _lines(item.items, inner, box, rounded)
            continue
        role = getattr(item, "style", Style()).role
        if role not in ROLE_COLOUR:
            continue
        style = Style(stroke=ROLE_COLOUR[role], stroke_width=HAIRLINE, role=role)
        segments = _segments(item)
        if segments is not None:
            for p, q in segments:
                piece = _clip_segment(_apply(m, *p), _apply(m, *q), clip)
                if piece:
                    out.append(Polyline(piece, style))
        elif isinstance(item, Circle):
            cx, cy = _apply(m, item.cx, item.cy)
            scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
            out.append(Circle(cx, cy, item.r * scale, style))
        elif isinstance(item, PathItem):
            out.append(PathItem(_page_path(item.commands, m), style))
        elif isinstance(item, Rect):  # rounded corners: a path with their arcs
            out.append(PathItem(_page_path(rounded_rect(item.x, item.y, item.w, item.h, item.radius), m), style))
            if role == "cut":
                rounded.append(_clip_box(m, (item.x, item.y, item.w, item.h), None))
    return out


#: How near (mm) a straight cut must run to a rounded outline's edge to be that edge.
ON_EDGE = 1e-6


def _off_rounded_edges(line: Item, rounded: list[Box]) -> list[Item]:
    """The line without what of it runs along an edge of a rounded outline (which cuts that
    edge itself, and its corners round): a straight cut past a rounded card's corner would
    cut the corner square again."""
    if not isinstance(line, Polyline) or not rounded:
        return [line]
    (x0, y0), (x1, y1) = line.points
    if abs(y0 - y1) <= ON_EDGE:
        spans = [(b[0], b[2]) for b in rounded if any(abs(y0 - edge) <= ON_EDGE for edge in (b[1], b[3]))]
        return [replace(line, points=((a, y0), (b, y0))) for a, b in _minus(min(x0, x1), max(x0, x1), spans)]
    if abs(x0 - x1) <= ON_EDGE:
        spans = [(b[1], b[3]) for b in rounded if any(abs(x0 - edge) <= ON_EDGE for edge in (b[0], b[2]))]
        return [replace(line, points=((x0, a), (x0, b))) for a, b in _minus(min(y0, y1), max(y0, y1), spans)]
    return [line]


def _minus(low: float, high: float, spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """What of the interval [low, high] no span covers, in order (pieces under a micron dropped)."""
    pieces = [(low, high)]
    for start, end in spans:
        pieces = [
            part
            for a, b in pieces
            for part in ((a, min(b, start)), (max(a, end), b))
            if part[1] - part[0] > ON_EDGE * 1000
        ]
    return pieces


def cut_sheet(sheet: Sheet) -> Sheet:
    return Sheet(sheet.width, sheet.height, cutter_lines(sheet.items), title=sheet.title, side=sheet.side)


def registration_marks(w: float, h: float) -> list[Item]:
    """Silhouette-style marks on a page `w` by `h` mm (as it is turned): a filled square top
    left, L marks top right and bottom left."""
    ink = Style(fill="#000000")
    i, n, t = REG_INSET, REG_LENGTH, REG_THICK
    return [
        Rect(i, i, REG_SQUARE, REG_SQUARE, ink),
        Rect(w - i - n, i, n, t, ink),
        Rect(w - i - t, i, t, n, ink),
        Rect(i, h - i - t, n, t, ink),
        Rect(i, h - i - n, t, n, ink),
    ]


def ptc_paper(paper: Paper) -> Paper:
    """The paper with its margin grown to keep content inside the registration marks."""
    return Paper(paper.name, paper.width, paper.height, max(paper.margin, PTC_MARGIN), paper.marks)


def ptc_sheet(sheet: Sheet) -> Sheet:
    """Print layer (art, text to be outlined) with registration marks at the corners of the
    sheet as it is turned (a landscape sheet's too), and the cut layer."""
    layers = by_role(tuple(sheet.items))
    printed = [*layers["art"], *layers["glue"]]
    return Sheet(
        sheet.width,
        sheet.height,
        printed + registration_marks(sheet.width, sheet.height) + cutter_lines(sheet.items),
        title=sheet.title,
        side=sheet.side,
    )


def _cut_these(sheets: list[Sheet]) -> list[Sheet]:
    """The sheets a machine cuts: fronts (their backs are printed on the other side)."""
    return [s for s in sheets if s.side in ("front", "both") and s.placements]


#: A cutter cuts the component sheets alone: no cover, rules or checklist before them.
SHEETS_ONLY = PrintOptions(checklist=False)


def export_cutter(run: PrintRun, out: Path) -> list[Path]:
    """The cut file of each sheet the run's paper holds, then the print-then-cut sheets on
    that paper inside the registration marks (what no longer fits there is left out and
    named in print-then-cut/LEFT-OUT.txt)."""
    game, sheets_only = run.game, dataclasses.replace(run, options=SHEETS_ONLY)
    written = []
    for n, sheet in enumerate(_cut_these(sheets_only.sheets().sheets), 1):
        path = out / f"{game.slug}-cut-{n:02d}.svg"
        write_atomic(path, svg_file(cut_sheet(sheet), "", run.icon_path))
        written.append(path)
    page = ptc_paper(run.paper)
    ptc = dataclasses.replace(sheets_only, paper=page).sheets(fitting_only=True)
    if ptc.left_out:
        note = "Left out of print-then-cut: inside the registration marks there is not room for\n"
        path = out / "print-then-cut" / "LEFT-OUT.txt"
        write_atomic(path, (note + "\n".join(ptc.left_out) + "\n").encode("utf-8"))
        written.append(path)
    for n, sheet in enumerate(_cut_these(ptc.sheets), 1):
        path = out / "print-then-cut" / f"{game.slug}-ptc-{n:02d}.svg"
        write_atomic(path, svg_file(ptc_sheet(sheet), "", run.icon_path, inline_refs=True))
        written.append(path)
    return written
