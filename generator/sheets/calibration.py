"""A home printer's calibration sheet (`cutsheet printer calibrate NAME`): the duplex
alignment test (alignment.py), with two 100 mm bars to measure the printer's scale by and a
ladder at each edge to read how near it prints.

Print both pages on one sheet, duplex, at 100%. Measure each bar: its length in mm over 100
is the scale (`--scale-x 1.006` for a bar 100.6 mm long). On each edge, the smallest number
whose line printed whole is how near the printer reaches (`--margins`); the verniers give
`--back-offset`. `cutsheet printer set NAME ...` keeps the three.
"""

from generator.layout.scene import Item, Polyline
from generator.layout.text import set_line
from generator.sheets.alignment import BLACK, alignment_sheets
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.sources.errors import SourceError
from generator.units import PT

BAR = 100.0  # mm
#: Where the bars start, from the sheet's top-left corner (clear of the verniers).
ACROSS_AT = (30.0, 115.0)
DOWN_AT = (40.0, 130.0)
#: The ladder's lines, this many mm from the edge.
RUNGS = range(1, 11)
RUNG = 6.0  # mm long


#: The least paper the page fits on, mm: its bars, verniers and ladders (A5 is too small).
SMALLEST = (150.0, 240.0)


def calibration_sheets(paper: Paper, options: PrintOptions, name: str) -> list[Sheet]:
    """The calibration page's front and back; SourceError for paper too small to hold it."""
    short, long = sorted((paper.width, paper.height))
    if short < SMALLEST[0] or long < SMALLEST[1]:
        raise SourceError(
            None,
            f"the calibration page needs paper of at least {SMALLEST[0]:g} x {SMALLEST[1]:g} mm for its "
            f"100 mm bars, and {paper.name} is {paper.width:g} x {paper.height:g} mm",
        )
    front, back = alignment_sheets(paper, options)
    front.title = f"calibration of printer {name!r}, front"
    front.items += _bars() + _ladders(paper)
    lines = [
        f"Printer {name!r}: measure each bar; its length in mm over 100 is the scale (100.6 mm: 1.006).",
        "On each edge, the smallest number whose line printed whole is the margin the printer reaches.",
        f"Then: cutsheet printer set {name} --scale-x X --scale-y Y --back-offset Xmm,Ymm --margins T,R,B,L",
    ]
    for n, line in enumerate(lines):
        front.items += set_line(ACROSS_AT[0], 95.0 + 5 * n, line, "DejaVuSans", 7 * PT)
    return [front, back]


def _bars() -> list[Item]:
    """A bar across and a bar down, BAR mm each, with a tick every 10 mm."""
    (x0, y0), (x1, y1) = ACROSS_AT, DOWN_AT
    items: list[Item] = [
        Polyline(((x0, y0), (x0 + BAR, y0)), BLACK),
        Polyline(((x1, y1), (x1, y1 + BAR)), BLACK),
    ]
    for k in range(0, int(BAR) + 1, 10):
        tall = 4.0 if k in (0, BAR) else 2.0
        items.append(Polyline(((x0 + k, y0 - tall), (x0 + k, y0)), BLACK))
        items.append(Polyline(((x1 - tall, y1 + k), (x1, y1 + k)), BLACK))
    items += set_line(x0 + BAR + 2, y0 + 1, "scale across (x): 100 mm", "DejaVuSans", 6 * PT)
    items += set_line(x1 + 2, y1 + BAR + 3, "scale down (y): 100 mm", "DejaVuSans", 6 * PT)
    return items


def _ladders(paper: Paper) -> list[Item]:
    """At the middle of each edge, a line RUNGS mm from it, each numbered."""
    w, h = paper.width, paper.height
    items: list[Item] = []
    for mm in RUNGS:
        x, y = w / 2 - 40 + 7 * mm, h / 2 + 40 - 7 * mm  # staggered, so the numbers stand apart
        items += [
            Polyline(((x, mm), (x + RUNG, mm)), BLACK),
            Polyline(((x, h - mm), (x + RUNG, h - mm)), BLACK),
            Polyline(((mm, y), (mm, y + RUNG)), BLACK),
            Polyline(((w - mm, y), (w - mm, y + RUNG)), BLACK),
        ]
        label = str(mm)
        items += set_line(x + 1.5, 12.5, label, "DejaVuSans", 6 * PT)
        items += set_line(x + 1.5, h - 11.0, label, "DejaVuSans", 6 * PT)
        items += set_line(12.0, y + 4.0, label, "DejaVuSans", 6 * PT)
        items += set_line(w - 15.0, y + 4.0, label, "DejaVuSans", 6 * PT)
    return items
