"""A home printer's profile: what a player measured of their printer, applied to every sheet
printed for it (`cutsheet build --printer NAME`; the profiles are kept by
generator/printers.py).

- Scale: a printer that prints the calibration page's 100 mm bar 100.6 mm long has
  `scale_x` 1.006; each sheet is drawn 1/1.006 as wide about its centre, so the printed
  components come out at their size.
- Back offset: where its backs land against their fronts (the duplex alignment test's
  reading), the build's `--back-offset`.
- Margins: how near each edge (top, right, bottom, left) it can print; the sheets keep
  their crop marks and components inside the largest (the imposition keeps one margin).

The sheets keep a margin that the printer reaches with room for the back offset, so a back's
marks moved by it still print. A profile whose scale correction would draw the marks off the
page (a printer that prints small needs its sheets drawn larger) is refused with how far.
"""

from msgspec import Struct
from msgspec.structs import replace

from generator.layout.scene import Box, Group
from generator.sheets.model import Sheet
from generator.sheets.paper import Paper

#: The scales a profile may correct: a printer off by more than 5% is set up wrong, not worn.
SCALE_RANGE = (0.95, 1.05)


class PrinterError(ValueError):
    """A profile that cannot be applied to a paper: what goes wrong, and by how much."""


class PrinterProfile(Struct, frozen=True):
    name: str
    #: The printed length of a true length, across (x) and down (y): 1.006 prints 100.6 mm for 100.
    scale_x: float = 1.0
    scale_y: float = 1.0
    #: Move backs by this much (mm, x right, y down), as the duplex alignment test reads.
    back_offset: tuple[float, float] = (0.0, 0.0)
    #: What the printer cannot reach from each edge, mm: top, right, bottom, left.
    margins: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)

    def paper(self, paper: Paper) -> Paper:
        """The paper as printed on this printer: its margin at least the printer's largest
        reach, with room for the back offset (a back's marks moved by it stay printable)."""
        dx, dy = self.back_offset
        top, right, bottom, left = self.margins
        reach = max(top + abs(dy), bottom + abs(dy), left + abs(dx), right + abs(dx))
        return replace(paper, margin=max(paper.margin, reach))

    def check(self, paper: Paper) -> None:
        """PrinterError when the scale correction would draw the sheet's marks (at the
        paper's margin from each edge) off the page: a printer that prints small needs its
        sheets drawn larger, and near the edge there is no page left to draw on."""
        paper = self.paper(paper)
        short, long = sorted((paper.width, paper.height))
        # Either scale may fall along either side of a page (landscape pages are turned).
        for edge, length, scale in (
            ("short", short, self.scale_x),
            ("short", short, self.scale_y),
            ("long", long, self.scale_x),
            ("long", long, self.scale_y),
        ):
            # A point `margin` from the edge, drawn 1/scale about the centre: printed at
            # `scale` about the centre, it lands back at `margin`.
            drawn = length / 2 - (length / 2 - paper.margin) / scale
            if drawn < 0:
                raise PrinterError(
                    f"printer {self.name!r}: correcting its scale {scale:g} would draw the marks at a {edge} "
                    f"side {-drawn:.2f} mm off a {paper.name} page: is it set to print at 100%?"
                )

    def scales(self, sheet: Sheet) -> tuple[float, float]:
        """The printer's scales along the sheet's width and height: a landscape sheet is
        turned to go through the printer upright, so its width runs along the printer's y."""
        return (self.scale_y, self.scale_x) if sheet.width > sheet.height else (self.scale_x, self.scale_y)

    def corrected(self, sheet: Sheet) -> Sheet:
        """The sheet drawn 1/scale about its centre, so that the printer's scale restores it."""
        scale_x, scale_y = self.scales(sheet)
        if (scale_x, scale_y) == (1.0, 1.0):
            return sheet
        a, d = 1 / scale_x, 1 / scale_y
        cx, cy = sheet.width / 2, sheet.height / 2
        transform = (a, 0.0, 0.0, d, cx * (1 - a), cy * (1 - d))

        def box(b: Box | None) -> Box | None:
            if b is None:
                return None
            x, y, w, h = b
            return (cx + (x - cx) * a, cy + (y - cy) * d, w * a, h * d)

        placements = [b for b in (box(p) for p in sheet.placements) if b is not None]
        return replace(
            sheet,
            items=[Group(tuple(sheet.items), transform)],
            trim=box(sheet.trim),
            bleed=box(sheet.bleed),
            placements=placements,
        )
