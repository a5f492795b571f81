"""PNG images of the pages of a written PDF, drawn by pdfium.

Every raster cutsheet writes (the build's previews, the shops' faces, Tabletop Simulator's
sheets) is a page of the PDF just written, so it matches the print file by construction,
and pdfium draws a page in milliseconds where converting the sheet's SVG took a second.
The bytes depend only on the page and the pixel size, so they are the same on every run and
in any worker process.
"""

import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

PREVIEW_DPI = 100
#: zlib level of the PNGs: files a few per cent larger than at the default 6, written in
#: half the time (writing the PNG, not drawing the page, is most of the work).
PNG_COMPRESSION = 1
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class PageImage:
    """Page `page` (from 0) of a PDF, drawn at exactly `size` pixels and labelled `dpi`."""

    page: int
    size: tuple[int, int]
    dpi: float


def pixels(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The pixel size of a page of width x height mm at `dpi`."""
    return round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)


def page_pngs(pdf: Path, images: Iterable[PageImage]) -> Iterable[bytes]:
    """Each image as opaque RGB PNG bytes, the page scaled to fill it, on white."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(pdf)
    try:
        for image in images:
            page = document[image.page]
            width, height = image.size
            bitmap = pypdfium2.PdfBitmap.new_native(width, height, format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
            # The page stretched to exactly this size (pdfium's own render() rounds it up).
            pdfium_c.FPDF_RenderPageBitmap(
                bitmap.raw, page.raw, 0, 0, width, height, 0, pdfium_c.FPDF_REVERSE_BYTE_ORDER | pdfium_c.FPDF_ANNOT
            )
            out = io.BytesIO()
            bitmap.to_pil().save(out, format="PNG", compress_level=PNG_COMPRESSION, dpi=(image.dpi, image.dpi))
            page.close()
            yield out.getvalue()
    finally:
        document.close()
