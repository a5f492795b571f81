"""Cut lines, crop marks, alignment targets and the sheet furniture (labels, calibration)."""

from functools import lru_cache

from generator.layout.scene import Circle, Group, Item, Polyline, Rect, Style, line_style
from generator.layout.text import TextStyle, fit_text
from generator.units import PT

CROP_LENGTH = 4.0
CROP_OFFSET = 1.5
INCH = 25.4

#: The furniture block: a 1 in calibration square and three label lines beside it.
FURNITURE_W = 95.0
FURNITURE_H = INCH + 2.0
#: The compact furniture: a 1 in ruler and one label line, for sheets with narrow margins.
COMPACT_H = 4.0

Segment = tuple[float, float, float, float]


def _r(v: float) -> float:
    return round(v, 4)


def merge_segments(segments: set[Segment]) -> list[Segment]:
    """Join collinear touching horizontal/vertical segments into long lines, deterministically."""
    out: list[Segment] = []
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for x1, y1, x2, y2 in segments:
        if y1 == y2:
            horizontal.setdefault(y1, []).append((min(x1, x2), max(x1, x2)))
        else:
            vertical.setdefault(x1, []).append((min(y1, y2), max(y1, y2)))
    for y, spans in sorted(horizontal.items()):
        for a, b in _join(spans):
            out.append((a, y, b, y))
    for x, spans in sorted(vertical.items()):
        for a, b in _join(spans):
            out.append((x, a, x, b))
    return out


def _join(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    joined: list[list[float]] = []
    for a, b in sorted(spans):
        if joined and a <= joined[-1][1] + 1e-6:
            joined[-1][1] = max(joined[-1][1], b)
        else:
            joined.append([a, b])
    return [(a, b) for a, b in joined]


def cell_edges(boxes: list[tuple[float, float, float, float]]) -> set[Segment]:
    edges: set[Segment] = set()
    for x, y, w, h in boxes:
        x2, y2 = _r(x + w), _r(y + h)
        x, y = _r(x), _r(y)
        edges |= {(x, y, x2, y), (x, y2, x2, y2), (x, y, x, y2), (x2, y, x2, y2)}
    return edges


def cut_lines(segments: list[Segment], role: str = "cut") -> list[Item]:
    style = line_style(role)
    return [Polyline(((x1, y1), (x2, y2)), style) for x1, y1, x2, y2 in segments]


def crop_marks(
    boxes: list[tuple[float, float, float, float]],
    bleed: float,
    page=None,
    clear_of: tuple[tuple[float, float, float, float], ...] = (),
) -> list[Polyline]:
    """Short marks continuing every trim edge into the margin, outside the bleed: they
    never touch a component, so they survive cutting and show where the blade goes. Where
    the margin is narrow they shorten to the room left before the printer's margin. A mark
    that would reach into a box of `clear_of` (on a sheet holding other blocks too: the box
    round every component, and the furniture) is left out."""
    if not boxes:
        return []
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[0] + b[2] for b in boxes)
    bottom = max(b[1] + b[3] for b in boxes)
    xs = sorted({_r(b[0]) for b in boxes} | {_r(b[0] + b[2]) for b in boxes})
    ys = sorted({_r(b[1]) for b in boxes} | {_r(b[1] + b[3]) for b in boxes})
    gap = bleed + CROP_OFFSET

    def room(distance_to_edge: float) -> float:
        margin = page.margin if page is not None else 0.0
        return min(CROP_LENGTH, distance_to_edge - gap - margin)

    up, down = room(top), room(page.height - bottom) if page else CROP_LENGTH
    before, after = room(left), room(page.width - right) if page else CROP_LENGTH
    style = line_style("crop")
    marks: list[Polyline] = []
    for x in xs:
        if up >= 1.0:
            marks.append(Polyline(((x, top - gap - up), (x, top - gap)), style))
        if down >= 1.0:
            marks.append(Polyline(((x, bottom + gap), (x, bottom + gap + down)), style))
    for y in ys:
        if before >= 1.0:
            marks.append(Polyline(((left - gap - before, y), (left - gap, y)), style))
        if after >= 1.0:
            marks.append(Polyline(((right + gap, y), (right + gap + after, y)), style))
    return [mark for mark in marks if not any(_crosses(mark, box) for box in clear_of)]


def _crosses(mark: Polyline, box: tuple[float, float, float, float]) -> bool:
    """Whether the (straight, axis-aligned) mark reaches into the box."""
    x, y, w, h = box
    (x1, y1), (x2, y2) = mark.points
    return (
        min(x1, x2) < x + w - 1e-6 and max(x1, x2) > x + 1e-6 and min(y1, y2) < y + h - 1e-6 and max(y1, y2) > y + 1e-6
    )


def target(cx: float, cy: float, r: float = 3.0) -> list[Item]:
    """An alignment target (circle and cross) for joining tiles; same on both tiles.
    Drawn in dark grey so it is never mistaken for a crop mark."""
    style = Style(stroke="#333333", stroke_width=0.35 * PT, role="art")
    return [
        Circle(cx, cy, r, style),
        Polyline(((cx - r * 1.6, cy), (cx + r * 1.6, cy)), style),
        Polyline(((cx, cy - r * 1.6), (cx, cy + r * 1.6)), style),
    ]


def furniture(x: float, y: float, lines: list[str], rotate: bool) -> Group:
    """Calibration square (1 in, with 25 mm marked in grey: dashed lines mean fold) and label lines at (x, y).

    When `rotate` the block turns 90 degrees clockwise to stand in a right-hand margin."""
    thin = Style(stroke="#000000", stroke_width=0.25 * PT)
    items: list[Item] = [
        Rect(0, 0, INCH, INCH, thin),
        Rect(0, 0, 25.0, 25.0, Style(stroke="#777777", stroke_width=0.25 * PT)),
        Polyline(((25.0, INCH + 0.2), (25.0, INCH + 1.6)), thin),
    ]
    small = TextStyle("DejaVuSans", 6 * PT, min_size=6 * PT)
    items += _set("1 in", 2.0, 2.0, 20, 4, small)[1]
    items += _set("25 mm (grey)", 2.0, 18.0, 22, 4, small)[1]
    body = TextStyle("DejaVuSans", 8 * PT, min_size=6 * PT)
    bold = TextStyle("DejaVuSans-Bold", 9 * PT, min_size=6 * PT)
    cursor = 1.0
    for n, line in enumerate(lines):
        items += _set(line, INCH + 4, cursor, FURNITURE_W - INCH - 4, 5, bold if n == 0 else body)[1]
        cursor += 5.5
    if rotate:
        return Group(tuple(items), (0, 1, -1, 0, x + FURNITURE_H, y))
    return Group(tuple(items), (1, 0, 0, 1, x, y))


@lru_cache(maxsize=1024)
def _set(text: str, x: float, y: float, w: float, h: float, style: TextStyle) -> tuple[bool, tuple[Item, ...]]:
    """A margin's text fitted into its box, and whether it fits: every sheet of a game sets the
    same few lines, so each is set once."""
    fitted = fit_text(text, x, y, w, h, style)
    return fitted.fits, tuple(fitted.items)


def compact_furniture(x: float, y: float, lines: list[str], length: float, rotate: bool) -> Group:
    """A 1 in ruler (ends and a 25 mm tick marked) and the first of `lines` (longest first)
    that fits beside it, COMPACT_H tall."""
    thin = Style(stroke="#000000", stroke_width=0.35 * PT)
    items: list[Item] = [
        Polyline(((0, 2.0), (INCH, 2.0)), thin),
        Polyline(((0, 0.3), (0, 3.7)), thin),
        Polyline(((INCH, 0.3), (INCH, 3.7)), thin),
        Polyline(((25.0, 1.1), (25.0, 2.9)), thin),
    ]
    style = TextStyle("DejaVuSans", 6 * PT, min_size=6 * PT, valign="middle")
    for line in lines:
        fits, label = _set(line, INCH + 2.5, 0, length - INCH - 2.5, COMPACT_H, style)
        if fits:
            break
    items += label
    if rotate:
        return Group(tuple(items), (0, -1, 1, 0, x, y + length))
    return Group(tuple(items), (1, 0, 0, 1, x, y))
