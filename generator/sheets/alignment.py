"""The one-sheet duplex alignment test: two verniers, one per axis.

Print the two pages on one sheet, duplex, with the build's --duplex (and any --back-offset
already in use), and hold it to the light, front towards you. The front has a row of black
ticks 7 mm apart along x and a column along y; behind them the back has red ticks whose
spacing differs by a quarter millimetre, so exactly one red tick lines up with its black
one: the number printed by that black tick is the --back-offset to build with on that
axis (the current offset included). Four corner crosses show skew at a glance.
"""

from generator.layout.scene import Item, Polyline, Style
from generator.layout.text import set_line
from generator.sheets.impose import flips_across
from generator.sheets.model import Sheet
from generator.sheets.options import PrintOptions
from generator.sheets.paper import Paper
from generator.units import PT

PITCH = 8.0  # mm between the front's ticks
STEP = 0.25  # mm of offset per tick
TICKS = 8  # ticks either side of the middle: offsets up to +-2 mm
TICK = 6.0  # tick length
CORNER = 30.0  # mm from the sheet edges to the corner crosses
BLACK = Style(stroke="#000000", stroke_width=0.25 * PT)
RED = Style(stroke="#d00000", stroke_width=0.25 * PT)


def reading_signs(page: Paper, duplex: str) -> tuple[int, int]:
    """Per axis, the sign turning how far a back shows displaced (seen from the front)
    into the change of --back-offset that corrects it."""
    return (1, -1) if flips_across(page, duplex) else (-1, 1)


class _Backs:
    """Places a mark, given where it should be seen from the front, on the back page."""

    def __init__(self, page: Paper, options: PrintOptions):
        self.page, self.offset = page, options.back_offset
        self.across = flips_across(page, options.duplex)

    def point(self, x: float, y: float) -> tuple[float, float]:
        if self.across:
            x = self.page.width - x
        else:
            y = self.page.height - y
        return (x + self.offset[0], y + self.offset[1])

    def line(self, a: tuple[float, float], b: tuple[float, float]) -> Polyline:
        return Polyline((self.point(*a), self.point(*b)), RED)


def verniers(page: Paper, options: PrintOptions) -> tuple[list[Item], list[Item]]:
    """(front items, back items) of both scales: a row above the middle, a column right of it."""
    cx, cy = page.width / 2, page.height / 2 - 60
    col, mid = page.width / 2 + 70, page.height / 2 + 20
    backs = _Backs(page, options)
    sx, sy = reading_signs(page, options.duplex)
    ox, oy = options.back_offset
    front: list[Item] = []
    back: list[Item] = []
    for i in range(-TICKS, TICKS + 1):
        x = cx + i * PITCH
        front.append(Polyline(((x, cy - TICK), (x, cy)), BLACK))
        seen = x - i * STEP  # lines up with its black tick when the back shows i*STEP to the right
        back.append(backs.line((seen, cy), (seen, cy + TICK)))
        front += set_line(x - 2.5, cy - TICK - 1.0, f"{ox + sx * i * STEP:+.2f}", "DejaVuSans", 6 * PT)
        y = mid + i * PITCH
        front.append(Polyline(((col - TICK, y), (col, y)), BLACK))
        seen = y - i * STEP
        back.append(backs.line((col, seen), (col + TICK, seen)))
        front += set_line(col - TICK - 10, y + 0.8, f"{oy + sy * i * STEP:+.2f}", "DejaVuSans", 6 * PT)
    for x, y in (
        (CORNER, CORNER),
        (page.width - CORNER, CORNER),
        (CORNER, page.height - CORNER),
        (page.width - CORNER, page.height - CORNER),
    ):
        front += [Polyline(((x - 5, y), (x + 5, y)), BLACK), Polyline(((x, y - 5), (x, y + 5)), BLACK)]
        back += [backs.line((x - 5, y), (x + 5, y)), backs.line((x, y - 5), (x, y + 5))]
    return front, back


def alignment_sheets(paper: Paper, options: PrintOptions) -> list[Sheet]:
    """The front and the back of the test sheet."""
    front_items, back_items = verniers(paper, options)
    front = Sheet(paper.width, paper.height, front_items, title="duplex alignment test, front", side="")
    back = Sheet(paper.width, paper.height, back_items, title="duplex alignment test, back", side="back")
    dx, dy = options.back_offset
    lines = [
        f"Duplex alignment test: print both pages on one sheet, duplex, {options.duplex}-edge flip, at 100%.",
        "Hold it to the light, front towards you. On each scale one red tick lines up with a black one:",
        "its number is the offset for that axis. Build with --back-offset Xmm,Ymm (X: the row, Y: the column).",
        f"Printed with --back-offset {dx:.2f}mm,{dy:.2f}mm: when that is right, the middle ticks line up.",
    ]
    for n, line in enumerate(lines):
        front.items += set_line(CORNER, CORNER + 10 + 5 * n, line, "DejaVuSans", 8 * PT)
    return [front, back]
