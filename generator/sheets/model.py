"""A Sheet: one printed page, everything already placed in page millimetres."""

from msgspec import Struct, field

from generator.layout.scene import Item

Box = tuple[float, float, float, float]  # x, y, width, height in mm from the top-left


class Sheet(Struct):
    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    #: Where the components' trim lies on the page (their union); becomes the PDF TrimBox.
    trim: Box | None = None
    #: The trim grown by the bleed, when there is bleed; becomes the PDF BleedBox.
    bleed: Box | None = None
    #: "Slipmax: strip", for titles and file names.
    title: str = ""
    #: The component boxes (trim) on this page, in placement order: for checks and tests.
    placements: list[Box] = field(default_factory=list)
    #: "front", "back" (a duplex backs sheet), "both" (fold-over) or "" (no components).
    side: str = "front"
    #: The component files whose components it holds (as shown in messages), in placement order.
    sources: tuple[str, ...] = ()
    #: The PDF bookmarks (outline entries) that start at this page.
    bookmarks: tuple[str, ...] = ()
    #: A page left blank on purpose (its PDF page label says so).
    blank: bool = False
