"""Glyph outlines from the shipped TTFs, for SVG whose text must not depend on a program's
fonts: the print layer of print-then-cut sheets (cutting machines' software has no fonts).

Advances are the fonts' own horizontal metrics, the same numbers reportlab measures with,
so outlined text lands exactly where the PDF's text does. Each line becomes one path in
millimetres. The tables are the ones layout/fonts.py reads the fonts' coverage from, so a
character the layout let through (it checks every drawn character, finding L011) has its
own glyph here; the font's .notdef is drawn only for text no layout checked.
"""

from functools import cache

from fontTools.pens.recordingPen import RecordingPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen

from generator.layout.fonts import font_tables


@cache
def _glyph(key: str, char: str) -> tuple[RecordingPen, int]:
    """The glyph's outline as recorded drawing commands (font units, y up) and its advance."""
    font = font_tables(key)
    name = font.getBestCmap().get(ord(char), ".notdef")
    recording = RecordingPen()
    font.getGlyphSet()[name].draw(recording)
    return recording, font["hmtx"][name][0]


def _number(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def outline_path(key: str, text: str, x: float, y: float, size: float) -> str:
    """SVG path data (mm) of `text` set in font `key` at `size` mm, its baseline starting at (x, y)."""
    scale = size / font_tables(key)["head"].unitsPerEm
    pen = SVGPathPen(None, ntos=_number)
    advance = 0
    for char in text:
        recording, width = _glyph(key, char)
        recording.replay(TransformPen(pen, (scale, 0, 0, -scale, x + advance * scale, y)))
        advance += width
    return pen.getCommands()
