"""Colours as sources write them: `#rrggbb`, a CSS colour name, or `cmyk(c,m,y,k)` in
percent of each ink, e.g. `cmyk(0,100,100,0)`.

A colour travels from the sources to the renderers as its canonical text (`#rrggbb` in
lower case, or `cmyk(0,100,100,0)` with no spaces), so a scene stays a plain value; the
renderers ask `cmyk_of` whether a colour was given in inks.
"""

import re
from functools import lru_cache

import webcolors
from msgspec import Struct

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_NUMBER = r"\s*(\d+(?:\.\d+)?)\s*%?\s*"
_CMYK = re.compile(rf"cmyk\({_NUMBER},{_NUMBER},{_NUMBER},{_NUMBER}\)", re.IGNORECASE)

#: What an error says a colour may be.
EXPECTED = "#rrggbb, a CSS colour name such as 'darkred', or cmyk(c,m,y,k) in percent such as 'cmyk(0,100,100,0)'"


class Cmyk(Struct, frozen=True):
    """An amount of each process ink, 0 to 1."""

    c: float
    m: float
    y: float
    k: float

    @property
    def total(self) -> float:
        """The ink it lays down, in percent (C + M + Y + K: 400 at most)."""
        return round((self.c + self.m + self.y + self.k) * 100, 6)

    def __str__(self) -> str:
        return "cmyk(" + ",".join(_percent(v) for v in (self.c, self.m, self.y, self.k)) + ")"


def _percent(value: float) -> str:
    return f"{value * 100:.2f}".rstrip("0").rstrip(".")


@lru_cache(maxsize=4096)
def parse_colour(text: str, names: bool = True) -> str | None:
    """The canonical text of a colour (see the module), or None when `text` is none; with
    `names` False, CSS colour names are not taken."""
    text = text.strip()
    if _HEX.fullmatch(text):
        return text.lower()
    inks = _CMYK.fullmatch(text)
    if inks:
        values = [float(v) / 100 for v in inks.groups()]
        return str(Cmyk(*values)) if all(v <= 1 for v in values) else None
    if names:
        try:
            return webcolors.name_to_hex(text.lower())
        except ValueError:
            return None
    return None


@lru_cache(maxsize=4096)
def cmyk_of(colour: str) -> Cmyk | None:
    """The inks of a colour given in inks (canonical text), None for an RGB one."""
    if not colour.startswith("cmyk("):
        return None
    return Cmyk(*(float(v) / 100 for v in colour[5:-1].split(",")))


def rgb_of(colour: str) -> tuple[int, int, int]:
    """The 0-255 channels of a #rrggbb colour."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
