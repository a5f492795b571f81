"""The Unicode bidi algorithm (UAX #9): embedding levels from the python-bidi library's
implementation, and each line's visual order from its levels (rule L2).

Text with no right-to-left character in a left-to-right paragraph is all level 0, which is
decided without running the algorithm: Latin text costs nothing here.
"""

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from bidi import algorithm

#: Characters that can make text right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and the
#: rest of those blocks, their presentation forms, RTL scripts beyond the BMP, and the explicit
#: direction controls.
_MAY_BE_RTL = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff"
    "\u200f\u202a-\u202e\u2066-\u2069]"
)


def may_be_rtl(text: str) -> bool:
    return _MAY_BE_RTL.search(text) is not None


def paragraph_rtl(text: str) -> bool:
    """Whether the paragraph's first strong character is right to left (rules P2, P3)."""
    return may_be_rtl(text) and algorithm.get_base_level(text) == 1


@lru_cache(maxsize=4096)
def levels(text: str, rtl: bool) -> tuple[int, ...]:
    """Each character's embedding level in a paragraph whose base direction is `rtl`."""
    if not rtl and not may_be_rtl(text):
        return (0,) * len(text)
    storage = algorithm.get_empty_storage()
    storage["base_level"] = 1 if rtl else 0
    storage["base_dir"] = "R" if rtl else "L"
    algorithm.get_embedding_levels(_classified(text), storage, False, False)
    algorithm.explicit_embed_and_overrides(storage, False)
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    return _aligned(text, [char["level"] for char in storage["chars"]], 1 if rtl else 0)


#: The classes the algorithm sets aside (rule X9): embedding controls and boundary neutrals.
_REMOVED = frozenset(algorithm.X9_REMOVED)


def _aligned(text: str, kept: list[int], base: int) -> tuple[int, ...]:
    """A level for every character: those the algorithm set aside (X9) take the level of the
    character before them (the paragraph's at the start)."""
    if len(kept) == len(text):
        return tuple(kept)
    out: list[int] = []
    remaining = iter(kept)
    for char in text:
        if unicodedata.bidirectional(char) in _REMOVED:
            out.append(out[-1] if out else base)
        else:
            out.append(next(remaining, base))
    return tuple(out)


#: Blocks whose unassigned code points default to Arabic letters (AL), the rest of the right-to-left
#: blocks to R (UAX #9's default bidi classes): a letter newer than this Python's Unicode data.
_ARABIC_BLOCKS = re.compile(
    "[\u0600-\u07bf\u0860-\u08ff\ufb50-\ufdcf\ufdf0-\ufdff\ufe70-\ufeff\U00010d00-\U00010d3f\U00010ec0-\U00010eff\U00010f30-\U00010f6f\U0001ec70-\U0001ecbf\U0001ed00-\U0001ed4f\U0001ee00-\U0001eeff]"
)


def _classified(text: str) -> str:
    """The text with every character this Python's Unicode data gives no bidi class (a newer
    letter) replaced by one of its block's default class, which the algorithm can read."""
    if all(unicodedata.bidirectional(char) for char in text):
        return text
    return "".join(char if unicodedata.bidirectional(char) else _stand_in(char) for char in text)


def _stand_in(char: str) -> str:
    if _ARABIC_BLOCKS.match(char):
        return "\u0627"  # ARABIC LETTER ALEF: AL
    if _MAY_BE_RTL.match(char):
        return "\u05d0"  # HEBREW LETTER ALEF: R
    return "a"  # L, the default elsewhere


def visual_order(run_levels: Sequence[int]) -> list[int]:
    """The indices of a line's runs in the order they are drawn, left to right: from the
    highest level down to the lowest odd one, every stretch at that level or above reversed."""
    order = list(range(len(run_levels)))
    if not run_levels:
        return order
    lowest_odd = min(level for level in run_levels if level % 2) if any(lv % 2 for lv in run_levels) else None
    if lowest_odd is None:
        return order
    for level in range(max(run_levels), lowest_odd - 1, -1):
        k = 0
        while k < len(order):
            if run_levels[order[k]] >= level:
                end = k
                while end < len(order) and run_levels[order[end]] >= level:
                    end += 1
                order[k:end] = order[k:end][::-1]
                k = end
            else:
                k += 1
    return order
