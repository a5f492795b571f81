"""Text wrapped and fitted into a box with the shipped fonts' real metrics.

Fitting order (DESIGN.md): wrap at the layout's size and leading; tighten the leading down
to `min_leading`; shrink the size in 0.25 pt steps down to `min_size` (never below 6 pt),
trying each size from its loosest to its tightest leading. What still does not fit is
reported as overflow in mm (never clipped). Inline icons (`:d6-5:`) are square boxes
sitting on the baseline, as tall as the font's ascent, taking part in wrapping like letters.
"""

import re
from dataclasses import dataclass, field
from functools import lru_cache

from generator.layout.fonts import face, text_width
from generator.layout.scene import Icon, Item, Text
from generator.units import PT

MIN_SIZE = 6 * PT
SIZE_STEP = 0.25 * PT
LEADING_STEP = 0.05
PARAGRAPH_GAP = 0.35  # extra space between paragraphs, in ems

_ICON = re.compile(r":([a-z0-9][a-z0-9-]*):")


@dataclass(frozen=True)
class TextStyle:
    font: str
    size: float  # mm
    min_size: float = MIN_SIZE
    leading: float = 1.2
    min_leading: float = 1.0
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom
    colour: str = "#000000"


@dataclass
class Fitted:
    """The result of fitting: the items to draw and what it took."""

    items: list[Item]
    size: float
    leading: float
    lines: int
    overflow_y: float = 0.0
    overflow_x: float = 0.0
    icons: list[str] = field(default_factory=list)

    @property
    def fits(self) -> bool:
        return self.overflow_x <= 1e-6 and self.overflow_y <= 1e-6


# A word is a run of segments with no space inside: ("t", text) or ("i", icon name).
Word = tuple[tuple[str, str], ...]


def split_words(paragraph: str) -> list[Word]:
    words = []
    for chunk in paragraph.split():
        segments: list[tuple[str, str]] = []
        position = 0
        for match in _ICON.finditer(chunk):
            if match.start() > position:
                segments.append(("t", chunk[position : match.start()]))
            segments.append(("i", match.group(1)))
            position = match.end()
        if position < len(chunk):
            segments.append(("t", chunk[position:]))
        words.append(tuple(segments))
    return words


@lru_cache(maxsize=65536)
def _unit_width(segment: str, font: str) -> float:
    return text_width(segment, font, 1.0)


def _word_width(word: Word, font: str, ascent: float) -> float:
    """Width at size 1 (widths scale linearly with size)."""
    return sum(_unit_width(s, font) if kind == "t" else ascent for kind, s in word)


def _wrap(words: list[Word], widths: list[float], space: float, limit: float) -> list[list[int]]:
    """Greedy wrap of word indices into lines no wider than `limit` (size-1 units)."""
    lines: list[list[int]] = []
    line: list[int] = []
    used = 0.0
    for i, width in enumerate(widths):
        if line and used + space + width > limit:
            lines.append(line)
            line, used = [], 0.0
        used = width if not line else used + space + width
        line.append(i)
    if line:
        lines.append(line)
    return lines


@dataclass
class _Prepared:
    paragraphs: list[tuple[list[Word], list[float]]]
    space: float
    ascent: float
    descent: float


def _prepare(text: str, font: str) -> _Prepared:
    metrics = face(font)
    paragraphs = []
    for paragraph in text.split("\n"):
        words = split_words(paragraph)
        paragraphs.append((words, [_word_width(w, font, metrics.ascent) for w in words]))
    return _Prepared(paragraphs, _unit_width(" ", font), metrics.ascent, metrics.descent)


def _measure(prep: _Prepared, width: float, size: float, leading: float):
    """Wrapped lines (paragraph index, word indices), total height and widest line, in mm."""
    limit = width / size
    lines: list[tuple[int, list[int]]] = []
    gaps = 0
    widest = 0.0
    for p, (words, widths) in enumerate(prep.paragraphs):
        if p:
            gaps += 1
        wrapped = _wrap(words, widths, prep.space, limit) if words else [[]]
        for line in wrapped:
            lines.append((p, line))
            line_width = sum(widths[i] for i in line) + prep.space * max(len(line) - 1, 0)
            widest = max(widest, line_width * size)
    height = size * (prep.ascent + prep.descent + leading * (len(lines) - 1) + PARAGRAPH_GAP * gaps)
    return lines, height, widest


def _candidates(style: TextStyle):
    """(size, leading) pairs in fitting order: each size from loosest to tightest leading,
    sizes from the layout's down to the floor in SIZE_STEP steps, the floor itself last."""
    floor = max(style.min_size, MIN_SIZE)
    sizes = []
    k = 0
    while style.size - k * SIZE_STEP > floor + 1e-9:
        sizes.append(round(style.size - k * SIZE_STEP, 6))
        k += 1
    sizes.append(floor if style.size >= floor else style.size)
    for size in sizes:
        leading = style.leading
        while True:
            yield size, leading
            if leading - LEADING_STEP < style.min_leading - 1e-9:
                break
            leading = round(leading - LEADING_STEP, 4)


def fit_text(text: str, x: float, y: float, w: float, h: float, style: TextStyle) -> Fitted:
    """Fit `text` into the box; the returned items are positioned, overflow measured."""
    prep = _prepare(text, style.font)
    best = None
    for size, leading in _candidates(style):
        lines, height, widest = _measure(prep, w, size, leading)
        best = (size, leading, lines, height, widest)
        if height <= h + 1e-9 and widest <= w + 1e-9:
            break
    size, leading, lines, height, widest = best
    items, icons = _place(prep, lines, x, y, w, h, size, leading, height, style)
    return Fitted(
        items,
        size,
        leading,
        len(lines),
        overflow_y=max(0.0, height - h),
        overflow_x=max(0.0, widest - w),
        icons=icons,
    )


def _place(prep, lines, x, y, w, h, size, leading, height, style):
    top = {"top": y, "middle": y + (h - height) / 2, "bottom": y + h - height}[style.valign]
    baseline = top + prep.ascent * size
    items: list[Item] = []
    icons: list[str] = []
    previous = None
    for p, line in lines:
        if previous is not None:
            baseline += leading * size + (PARAGRAPH_GAP * size if p != previous else 0.0)
        previous = p
        words, widths = prep.paragraphs[p]
        line_width = (sum(widths[i] for i in line) + prep.space * max(len(line) - 1, 0)) * size
        cursor = {"left": x, "center": x + (w - line_width) / 2, "right": x + w - line_width}[style.align]
        items.extend(_line_items(words, line, cursor, baseline, size, prep, style, icons))
    return items, icons


def _line_items(words, line, cursor, baseline, size, prep, style, icons) -> list[Item]:
    """Runs of text between icons become one Text each; icons become Icon boxes."""
    items: list[Item] = []
    run, run_x = "", cursor
    for n, i in enumerate(line):
        segments = words[i]
        if n:
            if not run:
                run_x = cursor
            run += " "
            cursor += prep.space * size
        for kind, value in segments:
            if kind == "t":
                if not run:
                    run_x = cursor
                run += value
                cursor += _unit_width(value, style.font) * size
            else:
                if run.strip():
                    items.append(
                        Text(
                            run_x, baseline, run.rstrip() if run.endswith(" ") else run, style.font, size, style.colour
                        )
                    )
                run = ""
                side = prep.ascent * size
                items.append(Icon(value, cursor, baseline - side, side, side))
                icons.append(value)
                cursor += side
    if run.strip():
        items.append(Text(run_x, baseline, run, style.font, size, style.colour))
    return items
