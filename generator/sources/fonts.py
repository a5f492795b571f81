"""The index of shipped fonts (fonts/fonts.yaml): what a layout's `font:` may name.

Read without reportlab; generator/layout/fonts.py measures them.
"""

from dataclasses import dataclass
from functools import cache
from pathlib import Path

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
class FontFile:
    """One font of the index: its key (what layouts name), file and family."""

    key: str
    path: Path
    family: str
    weight: str
    style: str


@cache
def font_files() -> dict[str, FontFile]:
    """Every font the layouts may name, by key."""
    index = shipped.fonts_dir() / "fonts.yaml"
    data = load_yaml(index)
    validate(data, _FONT_SCHEMA, fallback=Loc(str(index), 1, 1), what="fonts.yaml")
    out = {}
    for key, spec in data.items():
        path = index.parent / spec["file"]
        if not path.is_file():
            raise SourceError(data.loc_of(key), f"font file {spec['file']!r} is missing from fonts/")
        out[key] = FontFile(key, path, spec["family"], spec["weight"], spec["style"])
    return out
