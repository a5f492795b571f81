"""Text wrapped and fitted into a box with the shipped fonts' real metrics.

Fitting order (DESIGN.md): wrap at the layout's size and leading; tighten the leading down
to `min_leading`; shrink the size in 0.25 pt steps down to `min_size` (never below 6 pt),
trying each size from its loosest to its tightest leading. What still does not fit is
reported as overflow in mm (never clipped). Inline icons (`:d6-5:`) are square boxes
sitting on the baseline, taking part in wrapping like letters: at least 1.1 em and 3.5 mm
beside text, at least 6 mm when an icon is a paragraph of its own, so a die's pips can be
counted at arm's length. A line holding an icon taller than the font's ascent is moved
down by the difference, so the icon never reaches into the line above.

An icon's name starts with a letter and its first colon does not follow a letter or digit,
so ordinary text never turns into an icon: "21:59:43" is a time and "Note:see:" is words. A
backslash before an icon's name prints it as written: `\\:d6-5:` is the text ":d6-5:".
"""

import re
from dataclasses import dataclass, field
from functools import lru_cache

from generator.layout.fonts import face, text_width
from generator.layout.scene import Icon, Item, Text
from generator.sources.frozen import LocMap
from generator.units import PT

MIN_SIZE = 6 * PT
SIZE_STEP = 0.25 * PT
LEADING_STEP = 0.05
PARAGRAPH_GAP = 0.35  # extra space between paragraphs, in ems
#: Inline icons: at least this many ems and this many mm; an icon alone on its line at least ICON_ALONE mm.
ICON_EM = 1.1
ICON_MIN = 3.5
ICON_ALONE = 6.0

#: An inline icon `:name:`, or with a backslash before it (`\:name:`) that text as written:
#: the one rule for every text that holds icons (a game's card grammar finds them with it too).
INLINE_ICON = re.compile(r"(?P<escape>\\)?(?<!\w):(?P<name>[a-z][a-z0-9-]*):")


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


def font_style(spec: LocMap, **overrides) -> TextStyle:
    """The TextStyle of a text style given in a kind's params (sources/layouts.py FONT_SPEC)."""
    leading = spec.get("leading", 1.2)
    values = {
        "font": spec["font"],
        "size": spec["size"],
        "min_size": spec.get("min_size", spec["size"]),
        "leading": leading,
        "min_leading": min(1.0, leading),
    }
    return TextStyle(**(values | overrides))


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


#: A run of text and the font it is set in (several make text with bold or italic words).
Run = tuple[str, str]
#: A piece of a word: ("t", text, font) or ("i", icon name, font).
Segment = tuple[str, str, str]
# A word is a run of segments with no space inside.
Word = tuple[Segment, ...]


def _segments(chunk: str, font: str) -> list[Segment]:
    """A word's text and inline icons, in order; an escaped icon is text (its backslash
    dropped), joined to the text around it."""
    segments: list[Segment] = []
    text = ""
    position = 0
    for match in INLINE_ICON.finditer(chunk):
        text += chunk[position : match.start()]
        if match["escape"]:
            text += f":{match['name']}:"
        else:
            if text:
                segments.append(("t", text, font))
            segments.append(("i", match["name"], font))
            text = ""
        position = match.end()
    text += chunk[position:]
    if text:
        segments.append(("t", text, font))
    return segments


def split_words(runs: list[Run]) -> list[Word]:
    """One paragraph's words: split at white space, a word's pieces keeping their runs' fonts."""
    words: list[Word] = []
    current: list[Segment] = []
    for text, font in runs:
        for piece in re.split(r"(\s+)", text):
            if piece.isspace() and current:
                words.append(tuple(current))
                current = []
            elif piece and not piece.isspace():
                current += _segments(piece, font)
    if current:
        words.append(tuple(current))
    return words


def _paragraph_runs(runs: tuple[Run, ...]) -> list[list[Run]]:
    """The runs split into paragraphs at each new line."""
    paragraphs: list[list[Run]] = [[]]
    for text, font in runs:
        for n, part in enumerate(text.split("\n")):
            if n:
                paragraphs.append([])
            if part:
                paragraphs[-1].append((part, font))
    return paragraphs


def icon_side(size: float, alone: bool = False) -> float:
    """The side of an inline icon's square box beside text of `size` mm (alone: the only
    thing in its paragraph)."""
    return max(ICON_EM * size, ICON_ALONE if alone else ICON_MIN)


@lru_cache(maxsize=65536)
def _unit_width(segment: str, font: str) -> float:
    return text_width(segment, font, 1.0)


def _word_parts(word: Word) -> tuple[float, int]:
    """A word's text width at size 1 and its number of icons (icons do not scale with the
    text below their minimum size, so the two are kept apart)."""
    text = sum(_unit_width(s, font) for kind, s, font in word if kind == "t")
    return text, sum(1 for kind, _, _ in word if kind == "i")


def _wrap(widths: list[float], space: float, limit: float) -> list[tuple[list[int], float]]:
    """Greedy wrap of word indices into lines no wider than `limit`: (indices, line width)."""
    lines: list[tuple[list[int], float]] = []
    line: list[int] = []
    used = 0.0
    for i, width in enumerate(widths):
        if line and used + space + width > limit:
            lines.append((line, used))
            line, used = [], 0.0
        used = width if not line else used + space + width
        line.append(i)
    if line:
        lines.append((line, used))
    return lines


@dataclass(frozen=True)
class _Paragraph:
    words: list[Word]
    #: Each word's text width at size 1, and its number of icons.
    text_widths: list[float]
    icon_counts: list[int]
    #: One icon and nothing else: drawn at the larger size of an icon alone on its line.
    alone: bool

    def side(self, size: float) -> float:
        return icon_side(size, self.alone)

    def wrap(self, space: float, width: float, size: float) -> list[tuple[list[int], float]]:
        """The paragraph's lines at `size` in a box `width` mm wide (line widths in mm)."""
        if not any(self.icon_counts):  # text alone scales with the size: wrap at size 1
            return [(line, used * size) for line, used in _wrap(self.text_widths, space, width / size)]
        side = self.side(size)
        widths = [t * size + n * side for t, n in zip(self.text_widths, self.icon_counts, strict=True)]
        return _wrap(widths, space * size, width)


@dataclass(frozen=True)
class _Prepared:
    paragraphs: list[_Paragraph]
    space: float
    ascent: float
    descent: float


@dataclass(frozen=True)
class _Line:
    paragraph: int
    words: list[int]
    width: float  # mm
    #: How far the baseline moves down to make room for an icon taller than the ascent.
    rise: float


def _prepare(runs: tuple[Run, ...], font: str) -> _Prepared:
    metrics = face(font)
    paragraphs = []
    for paragraph in _paragraph_runs(runs):
        words = split_words(paragraph)
        parts = [_word_parts(w) for w in words]
        alone = len(parts) == 1 and parts[0] == (0.0, 1)
        paragraphs.append(_Paragraph(words, [t for t, _ in parts], [n for _, n in parts], alone))
    return _Prepared(paragraphs, _unit_width(" ", font), metrics.ascent, metrics.descent)


def _lines(prep: _Prepared, width: float, size: float) -> list[_Line]:
    """The wrapped lines at `size` (wrapping does not depend on the leading)."""
    lines: list[_Line] = []
    for p, paragraph in enumerate(prep.paragraphs):
        rise = max(0.0, paragraph.side(size) - prep.ascent * size)
        for line, used in paragraph.wrap(prep.space, width, size) if paragraph.words else [([], 0.0)]:
            has_icon = any(paragraph.icon_counts[i] for i in line)
            lines.append(_Line(p, line, used, rise if has_icon else 0.0))
    return lines


def _height(prep: _Prepared, lines: list[_Line], size: float, leading: float) -> float:
    gaps = len(prep.paragraphs) - 1
    rises = sum(line.rise for line in lines)
    return size * (prep.ascent + prep.descent + leading * (len(lines) - 1) + PARAGRAPH_GAP * gaps) + rises


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
    return fit_runs(((text, style.font),), x, y, w, h, style)


def fit_runs(runs: tuple[Run, ...], x: float, y: float, w: float, h: float, style: TextStyle) -> Fitted:
    """fit_text for text in several fonts (bold or italic words): each run keeps its font,
    the style gives the size, leading and the space between words."""
    prep = _prepare(runs, style.font)
    best = None
    wrapped: tuple[float, list[_Line], float] | None = None
    for size, leading in _candidates(style):
        if wrapped is None or wrapped[0] != size:
            lines = _lines(prep, w, size)
            wrapped = (size, lines, max((line.width for line in lines), default=0.0))
        _, lines, widest = wrapped
        height = _height(prep, lines, size, leading)
        best = (size, leading, lines, height, widest)
        if height <= h + 1e-9 and widest <= w + 1e-9:
            break
    assert best is not None  # _candidates yields the layout's own size and leading first
    size, leading, lines, height, widest = best
    items, icons = _place(prep, lines, (x, y, w, h), size, leading, height, style)
    return Fitted(
        items,
        size,
        leading,
        len(lines),
        overflow_y=max(0.0, height - h),
        overflow_x=max(0.0, widest - w),
        icons=icons,
    )


def _place(
    prep: _Prepared,
    lines: list[_Line],
    box: tuple[float, float, float, float],
    size: float,
    leading: float,
    height: float,
    style: TextStyle,
) -> tuple[list[Item], list[str]]:
    x, y, w, h = box
    top = {"top": y, "middle": y + (h - height) / 2, "bottom": y + h - height}[style.valign]
    baseline = top + prep.ascent * size
    items: list[Item] = []
    icons: list[str] = []
    previous = None
    for line in lines:
        if previous is not None:
            baseline += leading * size + (PARAGRAPH_GAP * size if line.paragraph != previous else 0.0)
        baseline += line.rise
        previous = line.paragraph
        paragraph = prep.paragraphs[line.paragraph]
        cursor = {"left": x, "center": x + (w - line.width) / 2, "right": x + w - line.width}[style.align]
        items.extend(_line_items(paragraph, line.words, cursor, baseline, size, prep.space, style, icons))
    return items, icons


def _line_items(
    paragraph: _Paragraph,
    line: list[int],
    cursor: float,
    baseline: float,
    size: float,
    space: float,
    style: TextStyle,
    icons: list[str],
) -> list[Item]:
    """Runs of text between icons become one Text each; icons become Icon boxes."""
    items: list[Item] = []
    side = paragraph.side(size)
    run, run_x, run_font = "", cursor, style.font
    for n, i in enumerate(line):
        if n:
            if not run:
                run_x = cursor
            run += " "
            cursor += space * size
        for kind, value, font in paragraph.words[i]:
            if kind == "t" and font != run_font:  # a bold or italic run starts or ends
                if run.strip():  # its space kept, so the text reads (and copies) as words
                    items.append(Text(run_x, baseline, run, run_font, size, style.colour))
                run, run_font = "", font
            if kind == "t":
                if not run:
                    run_x = cursor
                run += value
                cursor += _unit_width(value, font) * size
            else:
                if run.strip():
                    items.append(
                        Text(run_x, baseline, run.rstrip() if run.endswith(" ") else run, run_font, size, style.colour)
                    )
                run = ""
                items.append(Icon(value, cursor, baseline - side, side, side))
                icons.append(value)
                cursor += side
    if run.strip():
        items.append(Text(run_x, baseline, run, run_font, size, style.colour))
    return items
