"""The printer profiles a player keeps (sheets/printer.py), in printers.yaml of the user's
config folder (platformdirs: ~/.config/cutsheet on Linux), so that every build for a printer
is corrected the same way without remembering its numbers:

    # cutsheet's printer profiles: `cutsheet printer set NAME ...` writes this file.
    office:
      scale_x: 1.006
      scale_y: 0.997
      back_offset: [0.4, -0.2]     # mm, x right, y down
      margins: [4.2, 4.2, 6, 4.2]  # mm: top, right, bottom, left

A file that is not valid is bad input at its place, as any source is; it is rewritten whole
(atomically) when a profile is set.
"""

import re
from pathlib import Path

import platformdirs
import yaml
from msgspec.structs import asdict

from generator.output import write_atomic
from generator.sheets.printer import SCALE_RANGE, PrinterProfile
from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.loader import load_yaml
from generator.sources.schema import closed, validate

FILE_NAME = "printers.yaml"
NAME_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$"
#: The most a back offset may move backs, mm (the profile file's bound too).
MAX_OFFSET = 50
_LENGTH = {"type": "number", "minimum": -MAX_OFFSET, "maximum": MAX_OFFSET}
_MARGIN = {"type": "number", "minimum": 0, "maximum": 50}
_SCALE = {"type": "number", "minimum": SCALE_RANGE[0], "maximum": SCALE_RANGE[1]}
PROFILE_SCHEMA = closed(
    {
        "scale_x": _SCALE,
        "scale_y": _SCALE,
        "back_offset": {"type": "array", "items": _LENGTH, "minItems": 2, "maxItems": 2},
        "margins": {"type": "array", "items": _MARGIN, "minItems": 4, "maxItems": 4},
    },
    [],
)
FILE_SCHEMA = {
    "type": "object",
    "propertyNames": {
        "pattern": NAME_PATTERN,
        "description": "a profile's name: up to 64 letters, digits, dots, hyphens and underscores",
    },
    "additionalProperties": PROFILE_SCHEMA,
}
HEADER = "# cutsheet's printer profiles: `cutsheet printer set NAME ...` writes this file.\n"


def profiles_file() -> Path:
    return platformdirs.user_config_path("cutsheet") / FILE_NAME


def load_profiles() -> dict[str, PrinterProfile]:
    """Every profile kept, by name (none when there is no file yet)."""
    path = profiles_file()
    if not path.is_file():
        return {}
    data = load_yaml(path)
    validate(data, FILE_SCHEMA, fallback=Loc(display_path(path), 1, 1), what="the printer profiles")
    return {str(name): _profile(str(name), fields or {}) for name, fields in data.items()}


def _profile(name: str, fields: dict) -> PrinterProfile:
    """A profile from its validated fields; those left out are the profile's defaults."""
    default = PrinterProfile(name)
    dx, dy = fields.get("back_offset", default.back_offset)
    top, right, bottom, left = fields.get("margins", default.margins)
    return PrinterProfile(
        name,
        float(fields.get("scale_x", default.scale_x)),
        float(fields.get("scale_y", default.scale_y)),
        (float(dx), float(dy)),
        (float(top), float(right), float(bottom), float(left)),
    )


def find_profile(name: str) -> PrinterProfile:
    """The profile kept under `name`; SourceError naming those there are when there is none."""
    profiles = load_profiles()
    if name not in profiles:
        known = ", ".join(sorted(profiles)) or "none yet"
        raise SourceError(
            None,
            f"no printer profile {name!r} (kept: {known}): `cutsheet printer calibrate {name}` prints the "
            f"page to measure, `cutsheet printer set {name} ...` keeps what you measured",
        )
    return profiles[name]


def valid_name(name: str) -> bool:
    """Whether `name` may name a printer (the whole of it: no new line at its end)."""
    return re.fullmatch(NAME_PATTERN, name) is not None


def save_profile(profile: PrinterProfile) -> Path:
    """Keep `profile` (replacing one of its name), the others as they were; the file's path."""
    profiles = {**load_profiles(), profile.name: profile}
    data = {name: {k: v for k, v in asdict(p).items() if k != "name"} for name, p in sorted(profiles.items())}
    for fields in data.values():
        fields["back_offset"], fields["margins"] = list(fields["back_offset"]), list(fields["margins"])
    path = profiles_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, (HEADER + yaml.safe_dump(data, sort_keys=False, default_flow_style=None)).encode())
    return path
