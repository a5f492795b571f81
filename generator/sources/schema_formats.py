"""The string formats of our schemas, as both validators (the fast one in sources/schema.py,
the reference in sources/schema_report.py) check them, with the same functions: `length` and
its kin ("63mm": see units.py), `colour` ("#rrggbb", "cmyk(0,100,100,0)") and `http-url` (an
address `cutsheet pull` downloads a table from)."""

import re
from collections.abc import Callable

from generator.colour.value import parse_colour
from generator.units import UnitError, parse_length

#: No component, element or sheet is a metre long: a larger length is a typo (or hostile).
MAX_LENGTH_MM = 1000.0
#: Lowest accepted value (mm) and whether it is itself allowed, per length format.
LENGTH_BOUNDS = {"length": (-MAX_LENGTH_MM, True), "nonnegative-length": (0.0, True), "positive-length": (0.0, False)}
_WANTED = {
    "length": "between -1000mm and 1000mm",
    "nonnegative-length": "between 0mm and 1000mm",
    "positive-length": "above 0mm and at most 1000mm",
}


def checked_length(value: object, fmt: str) -> float:
    """The length in mm, or UnitError saying what range `fmt` expects."""
    mm = parse_length(value)
    low, inclusive = LENGTH_BOUNDS[fmt]
    if mm < low or (mm == low and not inclusive) or mm > MAX_LENGTH_MM:
        raise UnitError(f"expected a length {_WANTED[fmt]}, got {value!r}")
    return mm


def _length_check(fmt: str) -> Callable[[str], bool]:
    def is_length(value: str) -> bool:
        try:
            checked_length(value, fmt)
        except UnitError:
            return False
        return True

    return is_length


def _is_colour(value: str) -> bool:
    return parse_colour(value, names=False) is not None


#: An http(s) address with no white space (Python's: U+0085 is white space), which
#: sources/online.py checks further before it downloads.
_HTTP_URL = re.compile(r"^https?://[^\s]+$")


def _is_http_url(value: str) -> bool:
    return _HTTP_URL.search(value) is not None


#: Each format's check of a string (a format says nothing of other values).
FORMAT_CHECKS: dict[str, Callable[[str], bool]] = {
    **{fmt: _length_check(fmt) for fmt in LENGTH_BOUNDS},
    "colour": _is_colour,
    "http-url": _is_http_url,
}
