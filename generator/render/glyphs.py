"""Glyph outlines from the shipped TTFs, for SVG whose text must not depend on a renderer's
fonts: PNG previews (cairo hints glyph advances to whole pixels, which widens small text by
several percent) and print-then-cut layers (cutting machines' software has no fonts).

Advances are the fonts' own horizontal metrics, the same numbers reportlab measures with,
so outlined text lands exactly where the PDF's text does.
"""

from functools import cache

from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from generator.layout.fonts import face


@cache
def _font(key: str) -> TTFont:
    return TTFont(str(face(key).path), lazy=True)


@cache
def units_per_em(key: str) -> int:
    return _font(key)["head"].unitsPerEm


@cache
def glyph(key: str, char: str) -> tuple[str, str, int]:
    """(glyph name, outline path data in font units with y up, advance in font units)."""
    font = _font(key)
    name = font.getBestCmap().get(ord(char), ".notdef")
    glyph_set = font.getGlyphSet()
    pen = SVGPathPen(glyph_set)
    glyph_set[name].draw(pen)
    return name, pen.getCommands(), font["hmtx"][name][0]


def glyph_id(key: str, name: str) -> str:
    return f"glyph-{key}-{name}".replace(".", "_")


def outline(key: str, text: str) -> list[tuple[str, int]]:
    """(glyph id, x offset in font units) for each inked glyph of the text."""
    out = []
    x = 0
    for char in text:
        name, path, advance = glyph(key, char)
        if path:
            out.append((glyph_id(key, name), x))
        x += advance
    return out


def definitions(used: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """(id, path data) for every (font, char) used, sorted for deterministic output."""
    defs = {}
    for key, char in used:
        name, path, _ = glyph(key, char)
        if path:
            defs[glyph_id(key, name)] = path
    return sorted(defs.items())
