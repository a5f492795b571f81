"""The index of the shipped fonts (fonts/fonts.yaml): the names a layout may use and their files.

Reading the index needs no font library; measuring and registering the fonts is layout's
work (generator/layout/fonts.py).
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
    key: str
    path: Path
    family: str
    weight: str
    style: str


@cache
def font_files() -> dict[str, FontFile]:
    """Every font the layouts may name, by the name they use."""
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
