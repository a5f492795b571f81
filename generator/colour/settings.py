"""What colour a PDF is written in: the value `cutsheet build --color/--pdfx` and the shop
exports hand to the PDF writer."""

import hashlib

from msgspec import Struct

from generator.colour.profile import OutputProfile

PDFX_VERSIONS = {"x1a": "PDF/X-1a:2003", "x4": "PDF/X-4"}
#: The separation cut lines are drawn in, in a print shop's file.
DIELINE = "Dieline"


class ColourSettings(Struct, frozen=True):
    #: The CMYK profile colours are separated for; None: RGB (sRGB), as screens and home
    #: printers take it.
    profile: OutputProfile | None = None
    #: "x1a" or "x4": the file is made to that PDF/X standard; None: a plain PDF.
    pdfx: str | None = None
    #: The separation the cut lines are drawn in, set to overprint (a shop's dieline); None:
    #: cut lines print as the layout draws them.
    dieline: str | None = None

    def __post_init__(self) -> None:
        if self.pdfx is not None and self.profile is None:
            raise ValueError("a PDF/X file is written in CMYK: it needs an output profile")

    @property
    def transparency(self) -> bool:
        """Whether art may be transparent: PDF/X-1a has no transparency."""
        return self.pdfx != "x1a"

    @property
    def layered(self) -> bool:
        """Whether the dieline is a layer of its own: PDF/X-1a is PDF 1.4, without layers."""
        return self.dieline is not None and self.pdfx != "x1a"

    @property
    def key(self) -> str:
        """What a cached PDF made with these settings is told apart by ("" for plain RGB, as
        every PDF was before colour settings were)."""
        if self.profile is None:
            return ""
        digest = hashlib.sha256(self.profile.data).hexdigest()[:16]
        return f"{self.profile.name}:{digest}:{self.pdfx}:{self.dieline}"


RGB = ColourSettings()
