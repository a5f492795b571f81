"""Paper: the presets (layouts/sheets/*.yaml, shipped or a game folder's own) and custom
sizes such as `300mmx450mm`, in millimetres."""

import re
from pathlib import Path

from msgspec import Struct

from generator import shipped
from generator.sources.errors import SourceError
from generator.sources.layouts import load_paper
from generator.sources.paths import file_inside
from generator.units import UnitError, parse_length

#: What printers cannot reach and the crop-mark band inside it, for custom sizes; the
#: shipped presets say the same.
CUSTOM_MARGIN = 5.0
CUSTOM_MARKS = 5.5
#: The longest side a custom paper may have: A0's, the largest sheet printers take. A
#: larger page would be drawn, previewed and rasterised for nothing (and past 5080 mm PDF
#: viewers refuse it).
LARGEST = 1189.0
_SIZE = re.compile(r"^\s*(\S+?)\s*x\s*(\S+)\s*$", re.IGNORECASE)
#: What a preset's name may be: a file name in a presets folder, never a path.
_PRESET_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


class Paper(Struct, frozen=True):
    name: str
    width: float
    height: float
    margin: float  # what printers cannot reach
    marks: float  # the crop-mark band inside the margin

    @property
    def inset(self) -> float:
        """Distance from the paper edge to where components may start."""
        return self.margin + self.marks

    def rotated(self) -> "Paper":
        return Paper(self.name, self.height, self.width, self.margin, self.marks)

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def preset_names(game_folder: Path | None = None) -> list[str]:
    """The presets `--paper` takes: the shipped ones and the game folder's own."""
    return sorted({path.stem for folder in _preset_folders(game_folder) for path in folder.glob("*.yaml")})


def paper(spec: str, game_folder: Path | None = None) -> Paper:
    """The paper `--paper` names: a preset (the game folder's own first), or WIDTHxHEIGHT
    with units on both sides."""
    for folder in _preset_folders(game_folder):
        path = folder / f"{spec}.yaml"
        if _PRESET_NAME.match(spec) and file_inside(path, folder, None, "paper preset"):
            return _from_preset(path)
    size = _SIZE.match(spec)
    if size is None:
        expected = ", ".join(preset_names(game_folder))
        raise SourceError(None, f"unknown paper {spec!r} (expected one of: {expected}; or a size such as 300mmx450mm)")
    try:
        width, height = (parse_length(side) for side in size.groups())
    except UnitError as exc:
        raise SourceError(
            None, f"paper size {spec!r} needs a unit on each side, as in 300mmx450mm or 8.5inx11in ({exc})"
        ) from None
    smallest = 2 * (CUSTOM_MARGIN + CUSTOM_MARKS) + 10
    if min(width, height) < smallest:
        raise SourceError(None, f"paper size {spec!r} is too small: each side needs at least {smallest:.0f} mm")
    if max(width, height) > LARGEST:
        raise SourceError(None, f"paper size {spec!r} is too large: each side may be at most {LARGEST:.0f} mm (A0)")
    return Paper(f"{width:g} x {height:g} mm", width, height, CUSTOM_MARGIN, CUSTOM_MARKS)


def _preset_folders(game_folder: Path | None) -> list[Path]:
    own = [game_folder / "layouts" / "sheets"] if game_folder is not None else []
    return [folder for folder in [*own, shipped.papers_dir()] if folder.is_dir()]


def _from_preset(path: Path) -> Paper:
    data = load_paper(path)
    return Paper(data["name"], *(data[k] for k in ("width", "height", "margin", "marks")))
