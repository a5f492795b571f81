"""The duplex alignment test sheets read the way their instructions say: print them on a
simulated printer that shifts the backs, and the number by the black tick that one red
tick lines up with is the --back-offset that, built again, brings the middle ticks together.
Checked on both axes, for long- and short-edge flips, from the sheets' own geometry."""

import math
import re

import pytest

from generator.layout.scene import Polyline, Text
from generator.sheets.alignment import PITCH, STEP, TICK, TICKS, alignment_sheets, reading_signs
from generator.sheets.options import PrintOptions
from generator.sheets.paper import paper

LETTER = paper("letter")


def seen_from_front(point, page, duplex, shift):
    """Where a point of the back page shows through the front, the printer having moved the
    back by `shift` (back page mm): a long-edge flip of a portrait sheet turns it over its
    side (x mirrored), a short-edge flip over its top (y mirrored)."""
    x, y = point[0] + shift[0], point[1] + shift[1]
    return (page.width - x, y) if duplex == "long" else (x, page.height - y)


def ticks(items, vertical: bool) -> list[Polyline]:
    """The scale ticks (TICK long) standing vertically (the row) or lying (the column)."""
    out = []
    for item in items:
        if isinstance(item, Polyline):
            (x0, y0), (x1, y1) = item.points
            if abs(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 - TICK) < 1e-6 and (abs(x0 - x1) < 1e-9) == vertical:
                out.append(item)
    return out


def reading(options: PrintOptions, shift: tuple[float, float]) -> tuple[float, float]:
    """What a person reads off the printed test: on each axis, the number by the black tick
    that its red tick lines up with (seen from the front)."""
    front, back = alignment_sheets(LETTER, options)
    labels = [item for item in front.items if isinstance(item, Text) and re.fullmatch(r"[+-]\d\.\d\d", item.text)]
    found = []
    for axis, vertical in ((0, True), (1, False)):
        red = [
            [seen_from_front(p, LETTER, options.duplex, shift) for p in line.points]
            for line in ticks(back.items, vertical)
        ]
        met = []
        for black in ticks(front.items, vertical):
            place = black.points[0][axis]
            if any(abs(r[0][axis] - place) < 1e-6 for r in red):
                met.append(black)
        (black,) = met  # exactly one tick lines up
        label = min(labels, key=lambda text: math.dist((text.x, text.y), black.points[0]))  # the number by it
        found.append(float(label.text))
    return found[0], found[1]


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("shift", [(0.0, 0.0), (0.5, -0.75), (-1.25, 1.0), (2.0, 0.25)])
def test_the_number_read_is_the_offset_that_aligns_the_middle_ticks(duplex, shift):
    offset = reading(PrintOptions(duplex=duplex), shift)
    # built again with that offset, on the same printer, the middle (zero) ticks meet: 0 is read
    again = reading(PrintOptions(duplex=duplex, back_offset=offset), shift)
    assert again == (pytest.approx(offset[0]), pytest.approx(offset[1]))
    front, back = alignment_sheets(LETTER, PrintOptions(duplex=duplex, back_offset=offset))
    middle_row = [t for t in ticks(front.items, True) if abs(t.points[0][0] - LETTER.width / 2) < 1e-6]
    assert len(middle_row) == 1  # the zero tick of the row stands at the sheet's middle


def test_a_perfect_printer_reads_the_offset_already_built_with():
    assert reading(PrintOptions(back_offset=(0.5, -0.25)), (-0.5, 0.25)) == (0.5, -0.25)


def test_the_sheets_and_their_scales():
    front, back = alignment_sheets(LETTER, PrintOptions())
    assert (front.width, front.height, back.width, back.height) == (LETTER.width, LETTER.height) * 2
    assert (front.side, back.side) == ("", "back")
    # each scale: 2 * TICKS + 1 ticks, PITCH apart, labelled from -2.00 to +2.00 in STEP steps
    row = sorted(t.points[0][0] for t in ticks(front.items, True))
    assert len(row) == 2 * TICKS + 1
    assert [b - a for a, b in zip(row, row[1:], strict=False)] == pytest.approx([PITCH] * (2 * TICKS))
    labels = sorted(
        {float(t.text) for t in front.items if isinstance(t, Text) and re.fullmatch(r"[+-]\d\.\d\d", t.text)}
    )
    assert labels == pytest.approx([k * STEP for k in range(-TICKS, TICKS + 1)])
    assert all(item.style.stroke == "#d00000" for item in back.items)  # the back is all red
    assert any("--back-offset 0.00mm,0.00mm" in t.text for t in front.items if isinstance(t, Text))


def test_reading_signs_follow_the_flip():
    assert reading_signs(LETTER, "long") == (1, -1)  # portrait, long edge: turned over its side
    assert reading_signs(LETTER, "short") == (-1, 1)
    assert reading_signs(LETTER.rotated(), "long") == (-1, 1)  # landscape, long edge: over its top
