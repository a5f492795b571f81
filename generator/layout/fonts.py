"""The shipped fonts: registered with reportlab once, measured with their real metrics.

Sizes and widths here are in millimetres, like everything else in a Scene. The index of
fonts (names, files, families) is read without reportlab; reportlab is imported and the
fonts registered the first time a text is measured or a metric asked for, so commands that
draw nothing (`cutsheet check`, `--help`) never load it.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from generator.sources.errors import Loc, SourceError
from generator.sources.fonts import FontFile, font_files


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
