"""Text set into a box: shaped, ordered, broken and fitted with the measures of what prints.

Each character is set in the first face of the style's chain that has it
(generator/text/coverage.py); a character none has is reported (Missing) and never passes as
an empty box unnoticed. Runs of one face, direction and colour are shaped with HarfBuzz
(generator/text/shaping.py), lines break where Unicode's rules allow (between words, after a
hyphen, between CJK characters; with a `language`, inside words too, at pyphen's hyphenation
points), and each line is drawn in the order of the bidi algorithm: Arabic and Hebrew right to
left, mixed with Latin words and numbers.

Fitting order (DESIGN.md): wrap at the layout's size and leading; tighten the leading down to
`min_leading`; shrink the size in 0.25 pt steps down to `min_size` (never below 6 pt), trying
each size from its loosest to its tightest leading. What still does not fit is reported as
overflow in mm (never clipped). Inline icons are square boxes sitting on the baseline, taking
part in wrapping like letters: at least 1.1 em and 3.5 mm beside text, at least 6 mm when an
icon is a paragraph of its own, so a die's pips can be counted at arm's length. A line holding
an icon taller than the font's ascent is moved down by the difference.

Styled text (generator/sources/markup.py) sets its bold and italic words in the bold and
italic faces of each font of the chain, and its coloured words in their colour.
"""

from bisect import bisect_right
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import msgspec
from msgspec import Struct
from msgspec.structs import replace

from generator.layout.scene import Icon, Item, Text
from generator.sources.errors import Loc
from generator.sources.fonts import FontBook, registered, shipped_book
from generator.sources.markup import (
    INLINE_ICON,
    InlineIcon,
    LineBreak,
    Mark,
    ParagraphBreak,
    Styled,
    Words,
    loc_at,
)
from generator.text.breaking import break_units
from generator.text.coverage import MISSING, choose_faces
from generator.text.direction import levels, may_be_rtl, paragraph_rtl, visual_order
from generator.text.hyphenation import hyphen_points
from generator.text.shaping import Shaped, has_glyph, shape
from generator.units import PT

MIN_SIZE = 6 * PT
SIZE_STEP = 0.25 * PT
LEADING_STEP = 0.05
PARAGRAPH_GAP = 0.35  # extra space between paragraphs, in ems
#: Inline icons: at least this many ems and this many mm; an icon alone on its line at least ICON_ALONE mm.
ICON_EM = 1.1
ICON_MIN = 3.5
ICON_ALONE = 6.0
#: What an inline icon is in the text the bidi and line-breaking rules read.
OBJECT = "\ufffc"
#: The place of text that was written nowhere a finding could name (a sheet's own labels).
NOWHERE = Loc("", 0, 0)
#: Punctuation that may end a word that is hyphenated (it stays with the word's last part).
_CLOSING = ".,;:!?)]}\"'’”»…"


@dataclass(frozen=True)
class TextStyle:
    #: A font's name (a family, or one face's PostScript name), or a chain of them: each
    #: character is set in the first that has it.
    font: str | tuple[str, ...]
    size: float  # mm
    min_size: float = MIN_SIZE
    leading: float = 1.2
    min_leading: float = 1.0
    align: str = "left"  # left | center | right | justify
    valign: str = "top"  # top | middle | bottom
    colour: str = "#000000"
    #: Hyphenate in this language (a pyphen dictionary's code: "en", "de_DE"); "" never.
    hyphenate: str = ""
    #: The faces the names are looked up in: the shipped ones, or a game's own and those.
    book: FontBook = field(default_factory=shipped_book, compare=False, repr=False)

    @property
    def chain(self) -> tuple[str, ...]:
        return (self.font,) if isinstance(self.font, str) else tuple(self.font)

    def faces(self, bold: bool = False, italic: bool = False) -> tuple[str, ...]:
        """The face keys of the chain for text of that style."""
        return _chain_faces(self.book, self.chain, bold, italic)

    def marked(self, mark: Mark, loc: Loc | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The face keys, and the fonts' names, that set text of that mark: a span's own font
        (SourceError at `loc` for a name no font has) before the style's chain."""
        faces = self.faces(mark.bold, mark.italic)
        if mark.font is None:
            return faces, self.chain
        own = self.book.face(mark.font, loc, mark.bold, mark.italic).key
        return (own, *faces), (mark.font, *self.chain)


@lru_cache(maxsize=1024)
def _chain_faces(book: FontBook, chain: tuple[str, ...], bold: bool, italic: bool) -> tuple[str, ...]:
    """Each font of the chain gives its face for the style, then its plain face, which sets
    what the styled one lacks (DejaVu Sans has Arabic in its upright faces alone). The fonts
    after the first take the style its first face sets: a title in `Play-Bold` sets the Greek
    accents Play lacks in DejaVu Sans's bold face, so the word keeps one weight."""
    first = book.face(chain[0], None, bold, italic)
    bold, italic = bold or first.bold, italic or first.italic
    keys = [first.key]
    for name in chain:
        for face in (book.face(name, None, bold, italic), book.face(name, None)):
            if face.key not in keys:
                keys.append(face.key)
    return tuple(keys)


def font_style(spec, **overrides) -> TextStyle:
    """The TextStyle of a text style given in a kind's params (sources/layouts.py FONT_SPEC)."""
    leading = spec.get("leading", 1.2)
    values = {
        "font": spec["font"] if isinstance(spec["font"], str) else tuple(spec["font"]),
        "size": spec["size"],
        "min_size": spec.get("min_size", spec["size"]),
        "leading": leading,
        "min_leading": min(1.0, leading),
    }
    return TextStyle(**(values | overrides))


class Missing(Struct, frozen=True):
    """A character no font of the chain has, where it was written, and the fonts tried."""

    char: str
    loc: Loc | None
    fonts: tuple[str, ...]


class Fitted(Struct):
    """The result of fitting: the items to draw and what it took."""

    items: list[Item]
    size: float
    leading: float
    lines: int
    #: The height the set text takes, and the width of its widest line, in mm.
    height: float = 0.0
    width: float = 0.0
    overflow_y: float = 0.0
    overflow_x: float = 0.0
    icons: list[str] = msgspec.field(default_factory=list)
    missing: list[Missing] = msgspec.field(default_factory=list)

    @property
    def fits(self) -> bool:
        return self.overflow_x <= 1e-6 and self.overflow_y <= 1e-6


def icon_side(size: float, alone: bool = False) -> float:
    """The side of an inline icon's square box beside text of `size` mm (alone: the only
    thing in its paragraph)."""
    return max(ICON_EM * size, ICON_ALONE if alone else ICON_MIN)


def plain_text(text: str, loc: Loc | None = None) -> tuple[Styled, ...]:
    """Text with no markup as styled text: paragraphs at new lines, inline icons (`:name:`, a
    backslash before one printing it as written); `loc` where it was written, if anywhere."""
    place = loc or NOWHERE
    out: list[Styled] = []
    for n, paragraph in enumerate(text.split("\n")):
        if n:
            out.append(ParagraphBreak(place))
        position = 0
        for match in INLINE_ICON.finditer(paragraph):
            before = paragraph[position : match.start()] + (match[0][1:] if match["escape"] else "")
            if before:
                out.append(Words(before, Mark(), place))
            if not match["escape"]:
                out.append(InlineIcon(match["name"], Mark(), place))
            position = match.end()
        if paragraph[position:]:
            out.append(Words(paragraph[position:], Mark(), place))
    return tuple(_merged(out))


def _merged(styled: list[Styled]) -> Iterator[Styled]:
    """Adjacent words in one mark as one."""
    previous: Words | None = None
    for item in styled:
        if isinstance(item, Words) and isinstance(previous, Words) and item.mark == previous.mark:
            previous = Words(previous.text + item.text, item.mark, previous.loc)
            continue
        if previous is not None:
            yield previous
        previous = item if isinstance(item, Words) else None
        if previous is None:
            yield item
    if previous is not None:
        yield previous


# ---- a paragraph's text, its faces, levels and units ----------------------------------------


class _Piece(Struct, frozen=True):
    """A stretch of a unit drawn one way: shaped text in one face, direction and colour, or an icon."""

    shaped: Shaped | None
    icon: str
    colour: str | None
    level: int


class _Unit(Struct, frozen=True):
    """What lies between two line-break opportunities: its pieces in logical order, its text's
    width and its trailing white space's width (ems), and its icons. The white space hangs
    past a line's end: a line's last unit is drawn without it (_Chunk.trimmed)."""

    pieces: tuple[_Piece, ...]
    core: float
    space: float
    icons: int
    start: int
    end: int
    #: Where its trailing white space begins.
    core_end: int


class _Segment(Struct, frozen=True):
    """A stretch of a chunk set one way: one face, one bidi level, one colour; or one icon."""

    start: int
    end: int
    face: str
    level: int
    colour: str | None
    icon: str = ""


class _Chunk:
    """A paragraph's stretch between forced line breaks: its text (icons as OBJECT), cut into
    segments each set one way, and its units."""

    def __init__(self, styled: Sequence[Words | InlineIcon], style: TextStyle, last: bool):
        self.text = "".join(OBJECT if isinstance(item, InlineIcon) else item.text for item in styled)
        self.style, self.last = style, last
        # Text with no right-to-left character (most of it) is looked through once, and is
        # all at level 0 in a left-to-right paragraph.
        self.mixed = may_be_rtl(self.text)
        self.rtl = self.mixed and paragraph_rtl(self.text)
        self.levels = levels(self.text, self.rtl) if self.mixed else (0,) * len(self.text)
        self.missing: list[Missing] = []
        self.segments = self._segments(styled)
        self.starts = [segment.start for segment in self.segments]
        self.units = self._units()
        self.alone = len(self.units) == 1 and self.units[0].icons == 1 and self.units[0].core == 0
        #: Set one way throughout (one face and colour, no icon) and left to right: every unit,
        #: trimmed or hyphenated too, is one piece of shaped text or none (_units, unit).
        self.plain = len(self.segments) == 1 and not self.segments[0].icon and not self.mixed

    def _segments(self, styled: Sequence[Words | InlineIcon]) -> list[_Segment]:
        """The chunk cut wherever the face (the first of the chain that has the character), the
        level, the colour or an icon changes; the characters no face has noted, at their places."""
        segments: list[_Segment] = []
        position = 0
        for item in styled:
            chain, names = self.style.marked(item.mark, item.loc)
            if isinstance(item, InlineIcon):
                segments.append(_Segment(position, position + 1, chain[0], self.levels[position], None, item.name))
                position += 1
                continue
            picks = choose_faces(item.text, chain)
            end = position + len(item.text)
            if picks[0] != MISSING and picks.count(picks[0]) == len(picks) and self._level_runs(position, end):
                # The common case: the whole item in one face and one direction.
                segments.append(_Segment(position, end, chain[picks[0]], self.levels[position], item.mark.colour))
                position = end
                continue
            for n, pick in enumerate(picks):
                if pick == MISSING:
                    place = None if item.loc == NOWHERE else loc_at(item.loc, item.text, n)
                    self.missing.append(Missing(item.text[n], place, names))
            start = position
            for n in range(1, len(picks) + 1):
                at = position + n
                if n == len(picks) or picks[n] != picks[n - 1] or self.levels[at] != self.levels[at - 1]:
                    face = chain[max(picks[n - 1], 0)]
                    segments.append(_Segment(start, at, face, self.levels[start], item.mark.colour))
                    start = at
            position += len(item.text)
        return _joined(segments)

    def _units(self) -> list[_Unit]:
        """The chunk cut at every line-break opportunity, a unit each."""
        words = break_units(self.text) if self.text else ()
        if len(self.segments) == 1 and not self.segments[0].icon:
            # The common case, the whole chunk set one way: no word need look up its segment.
            face, level, colour = self.segments[0].face, self.segments[0].level, self.segments[0].colour
            language = self.style.hyphenate
            units = []
            start = 0
            for word in words:
                end = start + len(word)
                core = len(word.rstrip())
                piece, width, hang = _shaped_piece(word, face, level, colour, language, False, core)
                units.append(_Unit((piece,), width - hang, hang, 0, start, end, start + core))
                start = end
            return units
        return [self.unit(a, a + len(u)) for a, u in _offsets(words)]

    def _level_runs(self, start: int, end: int) -> bool:
        """Whether text[start:end] is all at one bidi level."""
        return not self.mixed or len(set(self.levels[start:end])) == 1

    def unit(self, a: int, b: int, hyphen: bool = False) -> _Unit:
        """The unit of text[a:b]; with `hyphen`, its text (less any white space) ends in a hyphen."""
        core_end = a + len(self.text[a:b].rstrip())
        if hyphen:
            b = core_end
        first = bisect_right(self.starts, a) - 1
        segment = self.segments[first]
        if a == b:
            return _Unit((), 0.0, 0.0, 0, a, b, core_end)
        if segment.end >= b and not segment.icon:  # the common case: a word set one way
            piece, width, hang = _shaped_piece(
                self.text[a:b], segment.face, segment.level, segment.colour, self.style.hyphenate, hyphen, core_end - a
            )
            return _Unit((piece,), width - hang, hang, 0, a, b, core_end)
        pieces: list[_Piece] = []
        core = space = 0.0
        icons = 0
        for segment in self.segments[first:]:
            if segment.start >= b:
                break
            start = a if segment.start < a else segment.start
            end = b if segment.end > b else segment.end
            if segment.icon:
                pieces.append(_Piece(None, segment.icon, segment.colour, segment.level))
                icons += 1
                continue
            text = self.text[start:end]
            ends = hyphen and end == b
            piece, width, hang = _shaped_piece(
                text, segment.face, segment.level, segment.colour, self.style.hyphenate, ends, max(core_end - start, 0)
            )
            pieces.append(piece)
            core += width - hang
            space += hang
        return _Unit(tuple(pieces), core, space, icons, a, b, core_end)

    def trimmed(self, unit: _Unit) -> _Unit:
        """The unit without its trailing white space: a line's last."""
        return unit if unit.core_end == unit.end else self.unit(unit.start, unit.core_end)

    def hyphenated(self, unit: _Unit, room: float, size: float) -> tuple[_Unit, _Unit] | None:
        """The unit cut at its last hyphenation point whose first part (with its hyphen)
        fits in `room` mm, and the rest; None when no point does, or it is no plain word (the
        punctuation after a word stays with its last part)."""
        word = self.text[unit.start : unit.core_end].rstrip(_CLOSING)
        if unit.icons or not word.isalpha():
            return None
        for point in reversed(hyphen_points(word, self.style.hyphenate)):
            head = self.unit(unit.start, unit.start + point, hyphen=True)
            if head.core * size <= room + 1e-9:
                return head, self.unit(unit.start + point, unit.end)
        return None


def _offsets(units: Sequence[str]) -> Iterator[tuple[int, str]]:
    position = 0
    for unit in units:
        yield position, unit
        position += len(unit)


@lru_cache(maxsize=1 << 16)
def _shaped_piece(
    text: str, face: str, level: int, colour: str | None, language: str, hyphen: bool, hang_from: int
) -> tuple[_Piece, float, float]:
    """A stretch of text shaped (ending in a hyphen if `hyphen`): the piece, its width and
    the width of its characters from `hang_from` on (trailing white space), in ems. The same
    for every place a word recurs."""
    shaped = shape(text + (_hyphen(face) if hyphen else ""), face, level % 2 == 1, language)
    hang = 0.0
    if hang_from < len(text):
        hang = sum(w for w, c in zip(shaped.advances, shaped.clusters, strict=True) if c >= hang_from)
    return _Piece(shaped, "", colour, level), shaped.width, hang


def _joined(segments: list[_Segment]) -> list[_Segment]:
    """Neighbouring segments set the same way as one (words of one style from two items)."""
    out: list[_Segment] = []
    for segment in segments:
        last = out[-1] if out else None
        if (
            last is not None
            and not last.icon
            and not segment.icon
            and (last.face, last.level, last.colour) == (segment.face, segment.level, segment.colour)
        ):
            out[-1] = replace(last, end=segment.end)
        else:
            out.append(segment)
    return out


def _hyphen(face: str) -> str:
    """The hyphen a broken word ends in: the face's own U+2010 when it has one."""
    return "\u2010" if has_glyph(face, "\u2010") else "-"


def _chunks(styled: Sequence[Styled], style: TextStyle) -> list[list[_Chunk]]:
    """The text's paragraphs, each a list of chunks (split at forced line breaks)."""
    paragraphs: list[list[_Chunk]] = []
    current: list[list[Words | InlineIcon]] = [[]]

    def close() -> None:
        chunks = [_Chunk(part, style, n == len(current) - 1) for n, part in enumerate(current)]
        paragraphs.append(chunks)

    for item in styled:
        if isinstance(item, ParagraphBreak):
            close()
            current = [[]]
        elif isinstance(item, LineBreak):
            current.append([])
        else:
            current[-1].append(item)
    close()
    return paragraphs


# ---- lines -----------------------------------------------------------------------------------


class _Line(Struct, frozen=True):
    """A wrapped line: its paragraph, its chunk, its units and its width (mm)."""

    paragraph: int
    chunk: _Chunk
    units: tuple[_Unit, ...]
    width: float  # mm
    #: The last line of its chunk (a justified paragraph's last line is not stretched).
    last: bool
    side: float
    #: How far the baseline moves down to make room for an icon taller than the ascent.
    rise: float = 0.0


def _wrap(chunk: _Chunk, width: float, size: float, side: float) -> list[tuple[list[_Unit], float]]:
    """Greedy wrap of the chunk's units into lines no wider than `width` mm (a unit wider
    than the box alone on its line), hyphenating where the style says: (units, line width).
    Each line's last unit is drawn without its trailing white space."""
    lines: list[tuple[list[_Unit], float]] = []
    line: list[_Unit] = []
    used = space = 0.0
    queue = deque(chunk.units)
    hyphenate = bool(chunk.style.hyphenate)

    def close(width_used: float) -> None:
        if line:
            line[-1] = chunk.trimmed(line[-1])
        lines.append((list(line), width_used))
        line.clear()

    while queue:
        unit = queue.popleft()
        needed = unit.core * size + unit.icons * side  # its width without its white space
        start = used + space if line else 0.0
        if start + needed > width + 1e-9:
            cut = chunk.hyphenated(unit, width - start, size) if hyphenate else None
            if cut is not None:
                line.append(cut[0])
                close(start + cut[0].core * size)
                used = space = 0.0
                queue.appendleft(cut[1])
                continue
            if line:
                close(used)
                start = 0.0
        line.append(unit)
        used = start + needed
        space = unit.space * size
    if line or not lines:
        close(used)
    return lines


def _lines(paragraphs: list[list[_Chunk]], width: float, size: float, ascent: float) -> list[_Line]:
    """The wrapped lines at `size` (wrapping does not depend on the leading)."""
    out: list[_Line] = []
    for p, chunks in enumerate(paragraphs):
        alone = len(chunks) == 1 and chunks[0].alone
        side = icon_side(size, alone)
        rise = max(0.0, side - ascent * size)
        for chunk in chunks:
            wrapped = _wrap(chunk, width, size, side)
            for n, (units, used) in enumerate(wrapped):
                has_icon = any(u.icons for u in units)
                last = n == len(wrapped) - 1
                out.append(_Line(p, chunk, tuple(units), used, last, side, rise if has_icon else 0.0))
    return out


# ---- fitting ---------------------------------------------------------------------------------


class _Prepared(Struct, frozen=True):
    paragraphs: list[list[_Chunk]]
    ascent: float
    descent: float
    missing: list[Missing]


def _prepare(styled: Sequence[Styled], style: TextStyle) -> _Prepared:
    primary = registered(style.faces()[0])
    paragraphs = _chunks(styled, style)
    missing = [m for chunks in paragraphs for chunk in chunks for m in chunk.missing]
    return _Prepared(paragraphs, primary.ascent, primary.descent, missing)


def _height(prep: _Prepared, lines: list[_Line], size: float, leading: float) -> float:
    gaps = len(prep.paragraphs) - 1
    rises = sum(line.rise for line in lines)
    return size * (prep.ascent + prep.descent + leading * (len(lines) - 1) + PARAGRAPH_GAP * gaps) + rises


def _candidates(style: TextStyle) -> Iterator[tuple[float, float]]:
    """(size, leading) pairs in fitting order: each size from loosest to tightest leading."""
    leadings = _leadings(style.leading, style.min_leading)
    for size in _sizes(style.size, style.min_size):
        for leading in leadings:
            yield size, leading


@lru_cache(maxsize=256)
def _sizes(size: float, min_size: float) -> tuple[float, ...]:
    """The sizes tried, from the layout's down to the floor in SIZE_STEP steps, the floor
    itself last. The same few styles fit every item of a deck: worked out once for each."""
    floor = max(min_size, MIN_SIZE)
    sizes = []
    k = 0
    while size - k * SIZE_STEP > floor + 1e-9:
        sizes.append(round(size - k * SIZE_STEP, 6))
        k += 1
    sizes.append(floor if size >= floor else size)
    return tuple(sizes)


@lru_cache(maxsize=256)
def _leadings(leading: float, min_leading: float) -> tuple[float, ...]:
    """The leadings tried at each size, from the layout's down to `min_leading` in
    LEADING_STEP steps (the layout's alone when it is below `min_leading`)."""
    leadings = [leading]
    while leadings[-1] - LEADING_STEP >= min_leading - 1e-9:
        leadings.append(round(leadings[-1] - LEADING_STEP, 4))
    return tuple(leadings)


def fit_text(text: str, x: float, y: float, w: float, h: float, style: TextStyle) -> Fitted:
    """Fit text with no markup (inline icons allowed) into the box; the returned items are
    positioned, overflow measured."""
    return fit_styled(plain_text(text), x, y, w, h, style)


def fit_styled(styled: Sequence[Styled], x: float, y: float, w: float, h: float, style: TextStyle) -> Fitted:
    """fit_text for styled text: its bold, italic and coloured words each set their way."""
    prep = _prepare(styled, style)
    best = None
    wrapped: tuple[float, list[_Line], float] | None = None
    for size, leading in _candidates(style):
        if wrapped is None or wrapped[0] != size:
            lines = _lines(prep.paragraphs, w, size, prep.ascent)
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
        height=height,
        width=widest,
        overflow_y=max(0.0, height - h),
        overflow_x=max(0.0, widest - w),
        icons=icons,
        missing=prep.missing,
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
        items.extend(_line_items(line, x, w, baseline, size, style, icons))
    return items, icons


def _line_items(
    line: _Line, x: float, w: float, baseline: float, size: float, style: TextStyle, icons: list[str]
) -> list[Item]:
    """The line's pieces in visual order: runs of text in one colour become one Text each,
    icons Icon boxes. A justified line's room is shared out where one unit meets another."""
    chunk = line.chunk
    pieces = [] if chunk.plain else [(piece, n) for n, unit in enumerate(line.units) for piece in unit.pieces]
    if chunk.mixed:
        order = visual_order([piece.level for piece, _ in pieces])
        meets = sum(1 for k, m in zip(order, order[1:], strict=False) if pieces[k][1] != pieces[m][1])
    else:  # left to right throughout: the pieces in reading order, units meeting between each two
        order = list(range(len(pieces)))
        meets = len(line.units) - 1
    align = style.align
    extra = 0.0
    if align == "justify":
        if line.last or not meets:
            align = "right" if line.chunk.rtl else "left"
        else:
            extra = (w - line.width) / meets
    cursor = {"left": x, "center": x + (w - line.width) / 2, "right": x + w - line.width, "justify": x}[align]
    colour = style.colour
    if chunk.plain:
        return _plain_line_items(line, cursor, extra, baseline, size, colour)
    items: list[Item] = []
    run: list[tuple[int, float, Shaped]] = []
    run_colour: str | None = None
    previous = None
    for k in order:
        piece, unit = pieces[k]
        if previous is not None and unit != previous:
            cursor += extra
        previous = unit
        shaped = piece.shaped
        if run and (shaped is None or piece.colour != run_colour):  # the run ends
            items.append(_text(run, line.chunk.mixed, baseline, size, run_colour or colour))
            run = []
        if shaped is None:
            items.append(Icon(piece.icon, cursor, baseline - line.side, line.side, line.side))
            icons.append(piece.icon)
            cursor += line.side
            continue
        run_colour = piece.colour
        run.append((k, cursor, shaped))
        cursor += shaped.width * size
    if run:
        items.append(_text(run, line.chunk.mixed, baseline, size, run_colour or colour))
    return items


def _plain_line_items(
    line: _Line, cursor: float, extra: float, baseline: float, size: float, colour: str
) -> list[Item]:
    """_line_items of a line of a plain chunk (_Chunk.plain): its units' pieces, at most one
    a unit and all in one colour, as one Text from `cursor` on, `extra` between each two."""
    runs: list[tuple[float, Shaped]] = []
    start = cursor
    run_colour = None
    for unit in line.units:
        for piece in unit.pieces:
            shaped = piece.shaped
            assert shaped is not None  # a plain chunk has no icon
            if runs:
                cursor += extra
            else:
                start, run_colour = cursor, piece.colour
            runs.append((cursor - start, shaped))
            cursor += shaped.width * size
    if not runs:
        return []
    text = "".join([shaped.text for _, shaped in runs])
    return [Text(start, baseline, text, size, tuple(runs), run_colour or colour)]


def _text(run: list[tuple[int, float, Shaped]], mixed: bool, baseline: float, size: float, colour: str) -> Text:
    """A run of shaped pieces (each its place in the line's logical order, its pen's x, its
    glyphs), drawn in visual order, as one Text that reads in logical order."""
    start = run[0][1]
    ordered = sorted(run, key=lambda r: r[0]) if mixed else run
    logical = "".join([shaped.text for _, _, shaped in ordered])
    return Text(start, baseline, logical, size, tuple([(at - start, shaped) for _, at, shaped in run]), colour)


# ---- single lines --------------------------------------------------------------------------


def set_line(
    x: float,
    y: float,
    text: str,
    font: str | tuple[str, ...],
    size: float,
    colour: str = "#000000",
    book: FontBook | None = None,
) -> list[Item]:
    """One line of plain text, its left end at x and its baseline at y (never wrapped)."""
    style = TextStyle(font, size, colour=colour, book=book or shipped_book())
    return fit_text(text, x, y - style_ascent(style) * size, 1e9, 1e9, style).items


def style_ascent(style: TextStyle) -> float:
    """The ascent (fraction of the em) of the style's first face."""
    return registered(style.faces()[0]).ascent


def line_width(text: str, font: str | tuple[str, ...], size: float, book: FontBook | None = None) -> float:
    """The width in mm of `text` set on one line in `font` at `size` mm."""
    style = TextStyle(font, size, book=book or shipped_book())
    fitted = fit_text(text, 0.0, 0.0, 1e9, 1e9, style)
    return max((_text_right(item) for item in fitted.items if isinstance(item, Text)), default=0.0)


def _text_right(item: Text) -> float:
    offset, shaped = item.runs[-1]
    return item.x + offset + shaped.width * item.size
