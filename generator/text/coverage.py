"""Which face of a chain sets each character: the first that has a glyph for it, a letter and
its combining marks kept in one face. A character no face of the chain has is reported with
its code point and name (never a silent empty box)."""

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from generator.text.breaking import graphemes
from generator.text.shaping import has_glyph

#: No face of the chain has the character.
MISSING = -1


def char_name(char: str) -> str:
    """A character as a finding names it: 'X' (U+XXXX NAME); one without a name (a control,
    an unassigned one) by its code alone."""
    name = unicodedata.name(char, "")
    return f"{char!r} (U+{ord(char):04X}{' ' + name if name else ''})"


@lru_cache(maxsize=64)
def _covers_ascii(face: str) -> bool:
    return all(has_glyph(face, chr(code)) for code in range(0x20, 0x7F))


def choose_faces(text: str, chain: Sequence[str]) -> list[int]:
    """For each character of `text`, the index in `chain` (face keys) of the face that sets
    it, or MISSING. White space and controls take the face before them: they are never drawn
    as glyphs of their own that a reader would miss."""
    first = chain[0]
    if (text.isascii() and _covers_ascii(first)) or all(has_glyph(first, char) for char in set(text)):
        return [0] * len(text)  # the first face has every character: it sets every cluster
    chosen: list[int] = []
    for cluster in graphemes(text):
        pick = next((k for k, face in enumerate(chain) if all(has_glyph(face, c) for c in cluster)), None)
        if pick is None:  # no face has the whole cluster: each character on its own
            chosen += [_one(char, chain, chosen) for char in cluster]
        else:
            chosen += [pick] * len(cluster)
    return chosen


def _one(char: str, chain: Sequence[str], before: list[int]) -> int:
    if char.isspace() or unicodedata.category(char) in ("Cc", "Cf"):
        return next((k for k in reversed(before) if k != MISSING), 0)
    return next((k for k, face in enumerate(chain) if has_glyph(face, char)), MISSING)
