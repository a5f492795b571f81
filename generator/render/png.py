"""PNG previews of SVG sheets through cairosvg, with the shipped fonts only.

cairosvg asks fontconfig for fonts by family name; pointing FONTCONFIG_FILE at fonts/fonts.conf
(which lists only that folder) before cairo first loads makes previews use exactly the
faces the PDF embeds, on any machine.
"""

import os

from generator.layout.fonts import FONTS_DIR

os.environ.setdefault("FONTCONFIG_FILE", str(FONTS_DIR / "fonts.conf"))

import cairosvg  # noqa: E402  (must follow the fontconfig setting above)

PREVIEW_DPI = 100


def svg_to_png(svg: str, dpi: int = PREVIEW_DPI) -> bytes:
    """Render SVG text to PNG bytes at `dpi`."""
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)
