"""Sheets to PNG at an exact pixel size (generator/export/raster.py), read back with Pillow: an
RGB image of exactly the size asked for, labelled with its dpi, on opaque white, with a red
half where the sheet draws one; and the same bytes whether one process draws every image or
several share them."""

import pytest
from PIL import Image

from generator.export import raster
from generator.export.raster import SheetImage, write_sheet_pngs
from generator.layout.scene import Rect, Style
from generator.sheets.model import Sheet

RED = Style(fill="#ff0000")


def images(folder) -> list[SheetImage]:
    """One-inch squares, red on their left half; drawn at 100 dpi, then 100 x 50 px at 200 dpi
    from a 12.7 x 6.35 mm sheet, then three more alike."""
    square = Sheet(25.4, 25.4, [Rect(0, 0, 12.7, 25.4, RED)], title="square", side="")
    small = Sheet(12.7, 6.35, [Rect(0, 0, 6.35, 6.35, RED)], title="small", side="")
    found = [
        SheetImage(folder / "square.png", square, (100, 100), 100),
        SheetImage(folder / "small.png", small, (100, 50), 200),
    ]
    found += [SheetImage(folder / f"more-{n}.png", square, (100, 100), 100) for n in range(3)]
    return found


def test_each_image_is_rgb_at_its_size_and_dpi_white_where_nothing_is_drawn(tmp_path, monkeypatch):
    monkeypatch.setattr(raster, "available_cores", lambda: 1)
    wanted = images(tmp_path)
    write_sheet_pngs(wanted, [])
    for image in wanted:
        with Image.open(image.path) as png:
            assert png.mode == "RGB" and png.size == image.size
            assert png.info["dpi"] == pytest.approx((image.dpi, image.dpi), abs=0.01)
            width, height = png.size
            assert png.getpixel((width // 4, height // 2)) == (255, 0, 0)
            assert png.getpixel((3 * width // 4, height // 2)) == (255, 255, 255)
    assert not list(tmp_path.glob("*.pdf"))  # the PDF drawn from is a scratch file


def test_the_images_are_the_same_bytes_however_many_processes_draw_them(tmp_path, monkeypatch):
    written = {}
    for cores in (1, 2):
        folder = tmp_path / str(cores)
        folder.mkdir()
        monkeypatch.setattr(raster, "available_cores", lambda cores=cores: cores)
        write_sheet_pngs(images(folder), [])
        written[cores] = {path.name: path.read_bytes() for path in sorted(folder.iterdir())}
    assert len(written[1]) == 5 and written[1] == written[2]
