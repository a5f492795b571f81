"""Where lines may break (UAX #14) and which characters stay together (grapheme clusters,
UAX #29), from the unicode-segmentation-rs library: between words, after a hyphen, and
between CJK characters."""

from functools import lru_cache

import unicode_segmentation_rs as segmentation


@lru_cache(maxsize=8192)
def break_units(text: str) -> tuple[str, ...]:
    """`text` cut at every line-break opportunity; a unit keeps the spaces that follow it."""
    return tuple(segmentation.line_break_units(text))


def graphemes(text: str) -> list[str]:
    """The user-perceived characters of `text` (a letter with its combining marks is one)."""
    return segmentation.graphemes(text, True)
