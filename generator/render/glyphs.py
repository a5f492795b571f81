"""Glyph outlines from the faces a Scene names, for SVG: text drawn as paths, so an SVG sheet
and the live preview show the very glyphs the PDF prints (shaped, in any script) whatever
fonts the program showing them has.

The glyphs are the shaped runs' own (by id), at the positions shaping gave them, so outlined
text lands exactly where the PDF's text does. A sheet draws each run (a word, mostly) once in
its defs and places it wherever it recurs (run_path); for programs that follow no references,
each Text is one path of its own (outline_path).
"""

import hashlib
from functools import cache, lru_cache

from fontTools.pens.recordingPen import DecomposingRecordingPen, RecordingPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

from generator.layout.scene import Text
from generator.sources.fonts import registered
from generator.text.shaping import shape


@cache
def font_tables(key: str) -> TTFont:
    """The face's own tables, read lazily with fontTools (its outlines, its head)."""
    return TTFont(str(registered(key).path), lazy=True)


@lru_cache(maxsize=1 << 15)
def _glyph(key: str, glyph: int) -> RecordingPen:
    """The glyph's outline as recorded drawing commands (font units, y up)."""
    font = font_tables(key)
    glyphs = font.getGlyphSet()
    recording = DecomposingRecordingPen(glyphs)  # a composite glyph (an accented letter) as its outlines
    glyphs[font.getGlyphName(glyph)].draw(recording)
    return recording


def _number(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=1 << 14)
def run_path(key: tuple[str, str, bool, str], size: float) -> str:
    """SVG path data (mm) of a shaped run (by its key) at `size` mm, its pen starting at the
    origin on the baseline: drawn once per sheet, placed wherever the run is."""
    shaped = shape(*key)
    pen = SVGPathPen(None, ntos=_number)
    scale = size / registered(shaped.face).units_per_em
    x = 0.0
    moves = shaped.offsets or ((0.0, 0.0),) * len(shaped.glyphs)
    for glyph, advance, (dx, dy) in zip(shaped.glyphs, shaped.advances, moves, strict=True):
        _glyph(shaped.face, glyph).replay(TransformPen(pen, (scale, 0, 0, -scale, (x + dx) * size, -dy * size)))
        x += advance
    return pen.getCommands()


def run_id(key: tuple[str, str, bool, str], size: float) -> str:
    """A run's name in a sheet's defs: from what it is, so the same sheet names it the same."""
    return "r" + hashlib.sha1(repr((key, size)).encode()).hexdigest()[:12]


def outline_path(text: Text) -> str:
    """SVG path data (mm) of every glyph of the text, where the PDF draws it."""
    pen = SVGPathPen(None, ntos=_number)
    for key, glyph, x, y in text.glyphs():
        scale = text.size / registered(key).units_per_em
        _glyph(key, glyph).replay(TransformPen(pen, (scale, 0, 0, -scale, x, y)))
    return pen.getCommands()
