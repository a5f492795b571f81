"""Sheets to RGB PNG at an exact pixel size (text outlined from the shipped fonts)."""

import io
from collections.abc import Callable
from pathlib import Path

import cairosvg
from PIL import Image

from generator.render.svg import render_svg
from generator.sheets.model import Sheet


def sheet_png(sheet: Sheet, size: tuple[int, int], icon_path: Callable[[str], Path | None], dpi: float = 300) -> bytes:
    """The sheet scaled to exactly `size` pixels, on white, as an RGB PNG (no alpha: print
    shops and Tabletop Simulator want opaque images)."""
    svg = render_svg(sheet, sheet.title, icon_path, outline_text=True)
    rgba = cairosvg.svg2png(
        bytestring=svg.encode("utf-8"), output_width=size[0], output_height=size[1], background_color="white"
    )
    image = Image.open(io.BytesIO(rgba)).convert("RGB")
    if image.size != size:  # cairosvg rounds; never off by more than a pixel
        image = image.resize(size)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi))
    return out.getvalue()
