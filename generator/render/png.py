"""PNG previews of sheets through cairosvg.

The SVG handed to cairosvg has its text outlined from the shipped fonts (render/glyphs.py),
so a preview depends on no installed font and matches the PDF's text positions.
"""

import cairosvg

PREVIEW_DPI = 100


def svg_to_png(svg: str, dpi: int = PREVIEW_DPI) -> bytes:
    """Render SVG text to PNG bytes at `dpi`."""
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi, background_color="white")
