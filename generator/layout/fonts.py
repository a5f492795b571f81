"""The shipped fonts: registered with reportlab once, measured with their real metrics.

Sizes and widths here are in millimetres, like everything else in a Scene. The index of
fonts (names, files, families) is read without reportlab; reportlab is imported and the
fonts registered the first time a text is measured or a metric asked for, so commands that
draw nothing (`cutsheet check`, `--help`) never load it.

A character a font has no glyph for prints as an empty box, so what the fonts cover is
known too (their cmap, read with fontTools): missing_glyphs names what a text would lose,
and glyph_error makes that finding L011 at the text's place.
"""

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from generator.findings import Finding, error
from generator.sources.errors import Loc, SourceError
from generator.sources.fonts import FontFile, font_files

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

#: How many of a text's missing characters finding L011 names before counting the rest.
NAMED_MISSING = 5


@dataclass(frozen=True)
class FontFace(FontFile):
    """A font of the index, with its metrics."""

    @property
    def ascent(self) -> float:
        """Fraction of the em above the baseline."""
        return _registered()[self.key][0]

    @property
    def descent(self) -> float:
        """Fraction of the em below the baseline (positive)."""
        return _registered()[self.key][1]


@cache
def faces() -> dict[str, FontFace]:
    """Every font the layouts may name."""
    return {key: FontFace(f.key, f.path, f.family, f.weight, f.style) for key, f in font_files().items()}


@cache
def _registered() -> dict[str, tuple[float, float]]:
    """Every font registered with reportlab: its ascent and descent, by key."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    metrics = {}
    for key, known in faces().items():
        font = TTFont(key, str(known.path))
        pdfmetrics.registerFont(font)
        metrics[key] = (font.face.ascent / 1000, -font.face.descent / 1000)
    return metrics


def register_fonts() -> None:
    """Register every font with reportlab (before a PDF draws text in them)."""
    _registered()


@cache
def _string_width() -> Callable[[str, str, float], float]:
    _registered()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth


def face(key: str, loc: Loc | None = None) -> FontFace:
    known = faces()
    if key not in known:
        raise SourceError(loc, f"unknown font {key!r} (expected one of: {', '.join(known)})")
    return known[key]


def text_width(text: str, font: str, size: float) -> float:
    """Width in mm of `text` set in `font` at `size` mm."""
    return _string_width()(text, font, size)


@cache
def font_tables(key: str) -> "TTFont":
    """The font's own tables, read lazily with fontTools (its cmap, its glyph outlines)."""
    from fontTools.ttLib import TTFont

    return TTFont(str(face(key).path), lazy=True)


@cache
def _covered(key: str) -> frozenset[str]:
    """Every character font `key` has a glyph for, read once per font."""
    return frozenset(map(chr, font_tables(key).getBestCmap()))


def missing_glyphs(text: str, font: str) -> list[str]:
    """The characters of `text` that `font` has no glyph for, each once, in reading order.
    White space is never drawn (text is wrapped there), so it needs none."""
    absent = set(text).difference(_covered(font))
    return [char for char in dict.fromkeys(text) if char in absent and not char.isspace()]


def char_name(char: str) -> str:
    """A character as a finding names it: 'X' (U+XXXX NAME), a character without a name
    (a control, an unassigned one) by its code alone."""
    name = unicodedata.name(char, "")
    return f"{char!r} (U+{ord(char):04X}{' ' + name if name else ''})"


def glyph_error(text: str, font: str, what: str, loc: Loc | None) -> Finding | None:
    """Finding L011 at `loc` when `font` lacks a glyph for some character of `text` (`what`
    says whose text it is), else None: such a character would print as an empty box."""
    missing = missing_glyphs(text, font)
    if not missing:
        return None
    named = ", ".join(char_name(char) for char in missing[:NAMED_MISSING])
    more = f" and {len(missing) - NAMED_MISSING} more" if len(missing) > NAMED_MISSING else ""
    return error(
        "L011",
        f"{what} has {named}{more}, which font {font} has no glyph for: it would print as an empty box "
        "(choose a font that has it, or leave it out)",
        loc,
    )
