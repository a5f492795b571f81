"""PNG images of the pages of a written PDF, drawn by pdfium.

Every raster cutsheet writes (the build's previews, the shops' faces, Tabletop Simulator's
sheets) is a page of the PDF just written, so it matches the print file by construction,
and pdfium draws a page in milliseconds where converting the sheet's SVG took a second.
The bytes depend only on the page and the pixel size, so they are the same on every run and
in any worker process.
"""

import importlib
import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

PREVIEW_DPI = 100
#: zlib level of the PNGs: at the default 6 they are about a tenth smaller and take three
#: times as long (writing the PNG, not drawing the page, is most of the work).
PNG_COMPRESSION = 2
MM_PER_INCH = 25.4
#: libpng's PNG_FILTER_NONE. Pages are mostly flat colour, whose rows compress as well
#: unfiltered as adaptively filtered (the shipped games' pages: 2% smaller) in a fifth of the time.
PNG_FILTER = 0x08


@dataclass(frozen=True)
class PageImage:
    """Page `page` (from 0) of a PDF, drawn at exactly `size` pixels and labelled `dpi`."""

    page: int
    size: tuple[int, int]
    dpi: float


def pixels(width_mm: float, height_mm: float, dpi: float) -> tuple[int, int]:
    """The pixel size of a page of width x height mm at `dpi`."""
    return round(width_mm / MM_PER_INCH * dpi), round(height_mm / MM_PER_INCH * dpi)


def prepare() -> None:
    """Import the libraries that draw and encode the pages now: a build or an export does so
    before its worker processes fork, and they share them instead of each importing its own
    (a quarter of a second of each worker's time)."""
    for name in ("imagecodecs", "pypdfium2", "PIL.PngImagePlugin"):
        importlib.import_module(name)


def page_pngs(pdf: Path, images: Iterable[PageImage]) -> Iterable[bytes]:
    """Each image as opaque RGB PNG bytes, the page scaled to fill it, on white."""
    import imagecodecs
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    document = pypdfium2.PdfDocument(pdf)
    try:
        for image in images:
            page = document[image.page]
            width, height = image.size
            # Rows packed tight (no padding to 4 bytes), so the pixels go to libpng uncopied.
            bitmap = pypdfium2.PdfBitmap.new_native(
                width, height, format=pdfium_c.FPDFBitmap_BGR, rev_byteorder=True, stride=3 * width
            )
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
            # The page stretched to exactly this size (pdfium's own render() rounds it up).
            pdfium_c.FPDF_RenderPageBitmap(
                bitmap.raw, page.raw, 0, 0, width, height, 0, pdfium_c.FPDF_REVERSE_BYTE_ORDER | pdfium_c.FPDF_ANNOT
            )
            png = imagecodecs.png_encode(bitmap.to_numpy(), level=PNG_COMPRESSION, filter=PNG_FILTER)
            page.close()
            yield _with_dpi(png, image.dpi)
    finally:
        document.close()


def _with_dpi(png: bytes | bytearray, dpi: float) -> bytes:
    """The PNG with a pHYs chunk (pixels per metre, as Pillow writes it) after its header,
    where libpng, which writes no metadata unasked, leaves none."""
    from PIL.PngImagePlugin import putchunk

    per_metre = int(dpi / 0.0254 + 0.5).to_bytes(4, "big")
    chunk = io.BytesIO()
    putchunk(chunk, b"pHYs", per_metre, per_metre, b"\x01")
    header = 8 + 4 + 4 + 13 + 4  # signature, then IHDR: length, type, 13 bytes, CRC
    return b"".join((png[:header], chunk.getvalue(), png[header:]))
