"""How the writers write a number: to three decimals at most, without trailing zeros."""

from functools import lru_cache


@lru_cache(maxsize=1 << 16)
def number(value: float) -> str:
    """The number to 3 decimals (a micron of a sheet's millimetres, a thousandth of a point
    or of an em in a PDF), without trailing zeros: stable and compact. Remembered: a sheet
    repeats the same few positions, and a deck the same few moves between words, many
    times over."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
