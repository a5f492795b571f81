"""The colours a PDF's content is drawn in: RGB as the sources give it, or process inks
separated for a profile (generator/colour/separation.py), with a shop's dieline as a
separation of its own set to overprint."""

import copy
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import CMYKColor, CMYKColorSep, Color, HexColor

from generator.colour.separation import Separator, shown
from generator.colour.settings import ColourSettings
from generator.colour.value import Cmyk
from generator.render.numbers import number
from generator.sources.errors import SourceError, display_path

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

#: The optional content (layer) a dieline is drawn in, by its name in a page's resources.
LAYER = "OCDieline"


class TransparencyRefused(SourceError):
    """Art with transparency in a file whose standard has none (PDF/X-1a)."""

    def __init__(self, message: str):
        super().__init__(None, message)


@cache
def _rgb(colour: str) -> HexColor:
    return HexColor(shown(colour))


@cache
def _inks(inks: Cmyk) -> CMYKColor:
    return CMYKColor(inks.c, inks.m, inks.y, inks.k)


class PdfInks:
    """The reportlab colours (and text operators) of one PDF's colour settings."""

    def __init__(self, settings: ColourSettings):
        self.settings = settings
        self.separator = Separator(settings.profile) if settings.profile else None
        self.drawings: dict[int, Drawing] = {}
        #: The layer the dieline is drawn in (ColourSettings.layered), or None.
        self.layer = LAYER if settings.layered else None
        # Magenta on a proof: what the separation shows as where it is not understood.
        name = settings.dieline
        self.dieline = CMYKColorSep(0, 1, 0, 0, spotName=name, density=1) if name else None

    def fill(self, colour: str, area: float) -> Color:
        return _inks(self.separator.fill(colour, area)) if self.separator else _rgb(colour)

    def stroke(self, colour: str, width: float) -> Color:
        return _inks(self.separator.line(colour, width)) if self.separator else _rgb(colour)

    def text(self, colour: str) -> str:
        """The operator setting text's fill colour."""
        if self.separator is None:
            r, g, b = _rgb(colour).rgb()
            return f"{number(r)} {number(g)} {number(b)} rg"
        inks = self.separator.text(colour)
        return " ".join(number(v) for v in (inks.c, inks.m, inks.y, inks.k)) + " k"

    def drawing(self, drawing: "Drawing", source: Path) -> "Drawing":
        """An icon's or SVG picture's drawing (from `source`) in these colours: itself in
        RGB, a recoloured copy in inks."""
        if self.separator is None:
            return drawing
        found = self.drawings.get(id(drawing))
        if found is None:
            found = self.drawings[id(drawing)] = copy.deepcopy(drawing)
            # The colours reportlab sets before the drawing's own (black in RGB unless the
            # drawing has "initial" ones: attributes its setter does not allow, so set directly).
            found.__dict__["initialFillColor"] = self.fill("#000000", 0.0)
            found.__dict__["initialStrokeColor"] = self.stroke("#000000", 0.0)
            self._recolour(found, source)
        return found

    def _recolour(self, node: Any, source: Path) -> None:
        from reportlab.graphics.shapes import Drawing, Group, Shape  # loaded with the drawing itself

        if isinstance(node, (Group, Drawing)):
            for child in node.contents:
                self._recolour(child, source)
            return
        if not isinstance(node, Shape):
            return
        if (
            not self.settings.transparency
            and min(getattr(node, "fillOpacity", 1), getattr(node, "strokeOpacity", 1)) < 1
        ):
            raise TransparencyRefused(
                f"{display_path(source)} is partly transparent, and PDF/X-1a has no transparency: "
                "make it opaque, or write PDF/X-4 (--pdfx x4)"
            )
        for attribute, line in (("fillColor", False), ("strokeColor", True)):
            colour = getattr(node, attribute, None)
            if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
                hexed = f"#{colour.hexval()[2:].lower()}"
                width = getattr(node, "strokeWidth", 0) or 0
                setattr(node, attribute, self.stroke(hexed, width) if line else self.fill(hexed, 0.0))
