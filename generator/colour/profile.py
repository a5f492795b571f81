"""The CMYK output profiles colours are separated for: the two cutsheet ships, and any other
ICC file by its path.

The shipped two (profiles/, their provenance and CC0 licence in profiles/README.md) describe
the same printing condition, a coated-paper web offset press as characterised by CGATS TR
001 (SWOP), and differ in the most ink they put down: `swop-300` (300%, what offset presses
and game manufacturers take) and `swop-240` (240%, DriveThruCards' limit).
"""

from functools import cache
from importlib import resources
from pathlib import Path

from msgspec import Struct

#: The profile `--color cmyk` separates for unless told otherwise.
DEFAULT = "swop-300"
#: The printing condition the shipped profiles describe, as the ICC registers it: a PDF/X
#: file's output intent names it.
SWOP = "CGATS TR 001"
ICC_REGISTRY = "http://www.color.org"


class ProfileError(ValueError):
    """An output profile that cannot be used, and why."""


class OutputProfile(Struct, frozen=True):
    """A CMYK output profile: its name, its file, and the printing condition a PDF/X output
    intent names for it."""

    name: str
    path: Path
    #: The OutputConditionIdentifier: a registered condition, or "Custom".
    condition: str
    #: Where `condition` is registered ("" for a custom one).
    registry: str
    #: The most ink its separations put down, in percent (None: not known).
    ink_limit: float | None

    @property
    def data(self) -> bytes:
        return self.path.read_bytes()


def _shipped_folder() -> Path:
    folder = resources.files(__package__) / "profiles"
    if not isinstance(folder, Path):
        raise RuntimeError("cutsheet's colour profiles must be installed as files, not inside an archive")
    return folder


@cache
def shipped() -> dict[str, OutputProfile]:
    """The profiles cutsheet ships, by name."""
    folder = _shipped_folder()
    return {
        f"swop-{limit}": OutputProfile(f"swop-{limit}", folder / f"swop-{limit}.icc", SWOP, ICC_REGISTRY, limit)
        for limit in (300, 240)
    }


def output_profile(name_or_path: str) -> OutputProfile:
    """A shipped profile by its name, or an ICC file by its path: a CMYK output profile, else
    ProfileError saying what it is instead."""
    found = shipped().get(name_or_path)
    if found is not None:
        return found
    path = Path(name_or_path)
    names = ", ".join(shipped())
    if not path.is_file():
        raise ProfileError(f"{name_or_path!r} is neither a shipped profile ({names}) nor an ICC file")
    from PIL import ImageCms

    try:
        opened = ImageCms.getOpenProfile(str(path))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise ProfileError(f"{name_or_path}: not an ICC profile that can be read ({exc})") from None
    space = opened.profile.xcolor_space.strip()
    if space != "CMYK":
        raise ProfileError(f"{name_or_path}: a {space} profile; expected a CMYK output (printer) profile")
    if ImageCms.isIntentSupported(opened, ImageCms.Intent.RELATIVE_COLORIMETRIC, ImageCms.Direction.OUTPUT) != 1:
        raise ProfileError(f"{name_or_path}: it describes CMYK to show it, and cannot separate colours into CMYK")
    return OutputProfile(path.stem, path, "Custom", "", None)
