"""The shipped fonts: registered with reportlab once, measured with their real metrics.

Sizes and widths here are in millimetres, like everything else in a Scene.
"""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator import shipped
from generator.sources.errors import Loc, SourceError
from generator.sources.loader import load_yaml
from generator.sources.schema import closed, validate

_FONT_SCHEMA = {
    "type": "object",
    "additionalProperties": closed(
        {
            "file": {"type": "string", "pattern": r"^[^/\\]+\.ttf$"},
            "family": {"type": "string"},
            "weight": {"enum": ["normal", "bold"]},
            "style": {"enum": ["normal", "italic", "oblique"]},
        },
        ["file", "family", "weight", "style"],
    ),
}


@dataclass(frozen=True)
class FontFace:
    key: str
    path: Path
    family: str
    weight: str
    style: str
    ascent: float  # fraction of the em above the baseline
    descent: float  # fraction of the em below it (positive)


@cache
def faces() -> dict[str, FontFace]:
    """Every font the layouts may name, registered with reportlab."""
    index = shipped.fonts_dir() / "fonts.yaml"
    data = load_yaml(index)
    validate(data, _FONT_SCHEMA, fallback=Loc(str(index), 1, 1), what="fonts.yaml")
    out = {}
    for key, spec in data.items():
        path = index.parent / spec["file"]
        if not path.is_file():
            raise SourceError(data.loc_of(key), f"font file {spec['file']!r} is missing from fonts/")
        font = TTFont(key, str(path))
        pdfmetrics.registerFont(font)
        out[key] = FontFace(
            key,
            path,
            spec["family"],
            spec["weight"],
            spec["style"],
            font.face.ascent / 1000,
            -font.face.descent / 1000,
        )
    return out


def face(key: str, loc: Loc | None = None) -> FontFace:
    known = faces()
    if key not in known:
        raise SourceError(loc, f"unknown font {key!r} (expected one of: {', '.join(known)})")
    return known[key]


def text_width(text: str, font: str, size: float) -> float:
    """Width in mm of `text` set in `font` at `size` mm."""
    faces()
    return pdfmetrics.stringWidth(text, font, size)
