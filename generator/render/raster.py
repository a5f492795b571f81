"""PNG images of the pages of a written PDF, drawn by pdfium.

Every raster cutsheet writes (the build's previews, the shops' faces, Tabletop Simulator's
sheets) is a page of the PDF just written, so it matches the print file by construction,
and pdfium draws a page in milliseconds where converting the sheet's SVG took a second.
The bytes depend only on the page and the pixel size, so they are the same on every run and
in any worker process.
"""

import ctypes
import importlib
import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from msgspec import Struct

PREVIEW_DPI = 100
#: libdeflate's level for the PNGs' pixel data. Its level 1 deflates a page of mostly flat
#: colour in about half zlib's time at level 1, into a file an eighth smaller. What it
#: writes depends on the pixels, the level and libdeflate's version alone, so the same
#: pixels give the same bytes in every process; ISA-L, used before it and five times as
#: fast, gave another valid stream now and then in a fresh process, and so two builds of
#: the same sources could differ.
PNG_COMPRESSION = 1
MM_PER_INCH = 25.4
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: IHDR after the size: 8 bits a sample, colour type 2 (RGB), deflate, adaptive filtering
#: (each row begins with its filter type: 0, none), no interlace.
RGB8 = bytes((8, 2, 0, 0, 0))


class PageImage(Struct, frozen=True):
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
    (about 60 ms of each worker's time)."""
    for name in ("deflate", "pypdfium2", "PIL.PngImagePlugin"):
        importlib.import_module(name)


def page_pngs(pdf: Path, images: Iterable[PageImage]) -> Iterable[bytes]:
    """Each image as opaque RGB PNG bytes, the page scaled to fill it, on white."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    scanlines = bytearray()
    try:
        for image in images:
            page = document[image.page]
            scanlines, rows = _draw_rows(page, *image.size, scanlines)
            page.close()
            yield _png(rows, image.size, image.dpi)
    finally:
        document.close()


def _draw_rows(page: Any, width: int, height: int, scanlines: bytearray) -> tuple[bytearray, memoryview]:
    """The page drawn as PNG scanlines: each row of RGB pixels after its filter byte (0, none),
    in `scanlines` or, when that is not of this size, a new buffer; returns the buffer and
    the scanlines in it.

    pdfium draws straight into the scanlines (its rows start one byte into the buffer, a
    scanline apart), so the pixels go to the compressor uncopied, filter bytes in place.
    The one buffer serves every page of a size: a new one for each page cost the worker a
    page fault for every few kilobytes, a tenth of its time."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    stride = 1 + 3 * width
    size = stride * height
    # From its offset of one, pdfium is given a whole stride per row: the buffer has a spare
    # byte at the end.
    if len(scanlines) != size + 1:
        scanlines = bytearray(size + 1)
    buffer = (ctypes.c_ubyte * size).from_buffer(scanlines, 1)
    ctypes.memset(buffer, 0xFF, size)  # white
    scanlines[0:size:stride] = bytes(height)  # each row's filter byte
    bitmap = pypdfium2.PdfBitmap.new_native(
        width, height, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True, buffer=buffer, stride=stride
    )
    # The page stretched to exactly this size (pdfium's own render() rounds it up).
    pdfium_c.FPDF_RenderPageBitmap(
        bitmap.raw, page.raw, 0, 0, width, height, 0, pdfium_c.FPDF_REVERSE_BYTE_ORDER | pdfium_c.FPDF_ANNOT
    )
    bitmap.close()
    return scanlines, memoryview(scanlines)[:size]


def _png(rows: memoryview, size: tuple[int, int], dpi: float) -> bytes:
    """A PNG of the scanlines, its pixel data deflated by libdeflate, with its dpi (pHYs, as
    Pillow writes it). The chunks are written by Pillow's chunk writer; libpng, the usual
    writer, deflates with zlib alone."""
    import deflate
    from PIL.PngImagePlugin import putchunk

    width, height = size
    per_metre = int(dpi / 0.0254 + 0.5).to_bytes(4, "big")
    png = io.BytesIO()
    png.write(PNG_SIGNATURE)
    putchunk(png, b"IHDR", width.to_bytes(4, "big"), height.to_bytes(4, "big"), RGB8)
    putchunk(png, b"pHYs", per_metre, per_metre, b"\x01")
    putchunk(png, b"IDAT", bytes(deflate.zlib_compress(rows, PNG_COMPRESSION)))
    putchunk(png, b"IEND", b"")
    return png.getvalue()
