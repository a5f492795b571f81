"""PNGs of a PDF's pages (generator.render.raster), read back with Pillow."""

from pathlib import Path

import numpy as np
import pypdfium2
import pytest
from PIL import Image
from reportlab.pdfgen import canvas

from generator.render.raster import PageImage, page_pngs

INCH = 72


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    """Three pages: black all over, blank, and a smaller one with a red square in its corner."""
    path = tmp_path / "pages.pdf"
    drawing = canvas.Canvas(str(path), pagesize=(2 * INCH, 3 * INCH), invariant=1)
    drawing.setFillColorRGB(0, 0, 0)
    drawing.rect(0, 0, 2 * INCH, 3 * INCH, stroke=0, fill=1)
    drawing.showPage()
    drawing.showPage()
    drawing.setPageSize((1 * INCH, 1 * INCH))
    drawing.setFillColorRGB(1, 0, 0)
    drawing.rect(0, 0, INCH / 2, INCH / 2, stroke=0, fill=1)  # the bottom left quarter
    drawing.showPage()
    drawing.save()
    return path


def read(png: bytes, tmp_path: Path) -> Image.Image:
    file = tmp_path / "page.png"
    file.write_bytes(png)
    image = Image.open(file)
    image.load()
    return image


def test_each_page_is_drawn_alone_at_its_size(pdf, tmp_path):
    """A page drawn after another of the same size shows nothing of it, and a page of
    another size comes out at its own size."""
    images = [PageImage(0, (20, 30), 10), PageImage(1, (20, 30), 10), PageImage(2, (40, 40), 40)]
    black, blank, small = (read(png, tmp_path) for png in page_pngs(pdf, images))
    assert black.size == blank.size == (20, 30) and small.size == (40, 40)
    assert black.mode == blank.mode == small.mode == "RGB"
    assert np.all(np.asarray(black) == 0)
    assert np.all(np.asarray(blank) == 255)
    pixels = np.asarray(small)
    assert np.all(pixels[20:, :20] == (255, 0, 0))  # the red quarter, bottom left
    assert np.all(pixels[:20, :] == 255) and np.all(pixels[:, 20:] == 255)
    assert small.info["dpi"] == pytest.approx((40, 40), abs=0.01)


def test_the_pixels_are_pdfiums_own_rendering(pdf, tmp_path):
    document = pypdfium2.PdfDocument(pdf)
    drawn = np.asarray(document[2].render(scale=100 / 72).to_pil().convert("RGB"))
    (png,) = page_pngs(pdf, [PageImage(2, (100, 100), 100)])
    assert np.array_equal(np.asarray(read(png, tmp_path)), drawn)
