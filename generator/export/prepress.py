"""What print shops' prepress asks of a PDF, one row a shop: the table `cutsheet preflight
--profile NAME` checks a file against (generator/export/preflight.py).

| profile         | colour | ink limit | type   | line    | safe zone | art     | bleed   |
| --------------- | ------ | --------- | ------ | ------- | --------- | ------- | ------- |
| drivethrucards  | CMYK   | 240%      | 6 pt   | 0.15 mm | 1/8 in    | 300 dpi | 1/8 in  |
| thegamecrafter  | any    | none      | 6 pt   | 0.15 mm | 1/8 in    | 300 dpi | 1/8 in  |
| makeplayingcards| any    | none      | 6 pt   | 0.15 mm | 3 mm      | 300 dpi | 3 mm    |
| offset          | CMYK   | 300%      | 7 pt   | 0.15 mm | 4 mm      | 300 dpi | 3 mm    |

`offset` is what offset printers and game manufacturers commonly ask (ISO 12647-2 presses: a
total ink of 300%, type at least 7 pt). Reversed type (light on dark) and reversed lines are
held to larger minimums by most shops; the checks read what a PDF says of its text and
lines, not what lies beneath them, so they hold every text and line to the plain minimum.
"""

from msgspec import Struct

INCH = 25.4


class Prepress(Struct, frozen=True):
    """One shop's requirements of a PDF."""

    name: str
    #: Every colour and image in CMYK (no RGB anywhere).
    cmyk: bool
    #: The most ink any spot may carry, in percent (C + M + Y + K); None: the shop sets none.
    ink_limit: float | None
    min_type_pt: float
    min_line_mm: float
    #: How far inside the trim text must stay.
    safe_mm: float
    #: The least resolution of a picture at the size it is placed.
    min_dpi: float
    #: How far past the trim the art must run.
    bleed_mm: float


PREPRESS = {
    p.name: p
    for p in (
        Prepress("drivethrucards", True, 240, 6, 0.15, INCH / 8, 300, INCH / 8),
        Prepress("thegamecrafter", False, None, 6, 0.15, INCH / 8, 300, INCH / 8),
        Prepress("makeplayingcards", False, None, 6, 0.15, 3.0, 300, 3.0),
        Prepress("offset", True, 300, 7, 0.15, 4.0, 300, 3.0),
    )
}
