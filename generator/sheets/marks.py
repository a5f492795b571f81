"""Cut lines, crop marks, alignment targets and the sheet furniture (labels, the 2 in scale bar)."""

from functools import cache, lru_cache

from generator.layout.scene import Circle, Group, Item, Polyline, Style, line_style
from generator.layout.text import TextStyle, fit_text
from generator.units import PT

CROP_LENGTH = 4.0
CROP_OFFSET = 1.5
INCH = 25.4

#: The scale mark every sheet carries: a bar 2 in long. A 1% scaling error moves its end by
#: half a millimetre, which a ruler shows; on a 1 in mark it is a quarter, which it does not.
RULER = 2 * INCH
#: How tall the ruler is drawn, its ticks included.
RULER_H = 1.2
#: The ruler's label and every line of the furniture are at least this size (7 pt).
FURNITURE_TEXT = 7 * PT
#: The furniture block: the ruler with its label, and three label lines below.
FURNITURE_W = 95.0
FURNITURE_H = INCH + 2.0
#: The compact furniture: the ruler and one label line, for sheets with narrow margins.
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
    """The segments as lines of `role`. Sheets of one grid share the very lines (items are
    immutable), as they do the crop marks and the ruler: a game's many alike sheets hold one
    set of them, and the build cache pickles one."""
    return list(_cut_lines(tuple(segments), role))


@lru_cache(maxsize=256)
def _cut_lines(segments: tuple[Segment, ...], role: str) -> tuple[Item, ...]:
    style = line_style(role)
    return tuple(Polyline(((x1, y1), (x2, y2)), style) for x1, y1, x2, y2 in segments)


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
    round every component, and the furniture) is left out. Sheets of one grid share them
    (cut_lines)."""
    return list(_crop_marks(tuple(boxes), bleed, page, clear_of))


@lru_cache(maxsize=256)
def _crop_marks(
    boxes: tuple[tuple[float, float, float, float], ...],
    bleed: float,
    page,
    clear_of: tuple[tuple[float, float, float, float], ...],
) -> tuple[Polyline, ...]:
    if not boxes:
        return ()
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
    return tuple(mark for mark in marks if not any(_crosses(mark, box) for box in clear_of))


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


def ruler() -> list[Item]:
    """The scale mark, RULER_H tall from (0, 0): a bar RULER (2 in) long, its ends and its
    inch ticked above it, 50 mm ticked below it. Every sheet shares the very lines (cut_lines)."""
    return list(_ruler())


@cache
def _ruler() -> tuple[Item, ...]:
    thin = Style(stroke="#000000", stroke_width=0.35 * PT)
    middle = RULER_H / 2
    return (
        Polyline(((0, middle), (RULER, middle)), thin),
        Polyline(((0, 0), (0, RULER_H)), thin),
        Polyline(((RULER, 0), (RULER, RULER_H)), thin),
        Polyline(((INCH, 0), (INCH, middle)), thin),
        Polyline(((50.0, middle), (50.0, RULER_H)), thin),
    )


#: What the ruler's label says, beside it in the full block (the compact strip's lines say it).
RULER_LABEL = "2 in (the tick below: 50 mm)"


def furniture(x: float, y: float, lines: list[str], rotate: bool) -> Group:
    """The ruler with its label, and the label lines below it, at (x, y): FURNITURE_W wide,
    FURNITURE_H tall. When `rotate` the block turns 90 degrees clockwise to stand in a
    right-hand margin."""
    items: list[Item] = ruler()
    label = TextStyle("DejaVuSans", FURNITURE_TEXT, min_size=FURNITURE_TEXT, valign="middle")
    items += _set(RULER_LABEL, RULER + 2.5, RULER_H / 2 - 2.0, FURNITURE_W - RULER - 2.5, 4.0, label)[1]
    body = TextStyle("DejaVuSans", 8 * PT, min_size=FURNITURE_TEXT)
    bold = TextStyle("DejaVuSans-Bold", 9 * PT, min_size=FURNITURE_TEXT)
    cursor = 4.0
    for n, line in enumerate(lines):
        items += _set(line, 0, cursor, FURNITURE_W, 5, bold if n == 0 else body)[1]
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
    """The ruler and, under it, the first of `lines` (longest first) that fits the strip's
    `length` at 7 pt: COMPACT_H tall in all."""
    items: list[Item] = ruler()
    style = TextStyle("DejaVuSans", FURNITURE_TEXT, min_size=FURNITURE_TEXT, leading=1.0, valign="bottom")
    for line in lines:
        fits, label = _set(line, 0, RULER_H, length, COMPACT_H - RULER_H, style)
        if fits:
            break
    items += label
    if rotate:
        return Group(tuple(items), (0, -1, 1, 0, x, y + length))
    return Group(tuple(items), (1, 0, 0, 1, x, y))
