"""Styled text inside any text: bold, italic, coloured spans, inline icons and line breaks.

A pure parser, knowing no fonts and no layout. Card text (a YAML field, a spreadsheet cell, a
layout's literal text or template) reads as a sequence of Styled pieces, each with the place
where its first character was written:

    **bold**   *italic*   ***both***   [danger]{.red}   [danger]{color=#c0392b}   :d6-5:
    [Στόχος]{font=STIXGeneral}   (a font tried before the element's own, by family or face name)

A new line starts a new paragraph; a backslash at the end of a line breaks the line inside its
paragraph. A backslash before `*`, `[`, `]`, `{`, `}`, `\\` or `:` prints that character, and
`\\:d6-5:` prints the icon's name as text; before any other character it stays as written, so a
Windows path reads as typed.

Asterisks follow Markdown's flanking rule: a run opens only if no white space follows it and
closes only if none comes before it, so `2 * 3` is text. Unlike Markdown, markup that opens and
never closes is an error, not text: a designer who typed `**` meant bold, and is told where it
was opened and how to print an asterisk. Markup never crosses a paragraph break.

The text may be assembled from pieces written in different places (a template's literal parts in
the layout, an item's field): markup may open in one piece and close in another, and every place
points at the piece, line and column where its character was written.
"""

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

from msgspec import Struct
from msgspec.structs import replace

from generator.colour.value import EXPECTED, parse_colour
from generator.located import Loc
from generator.sources.errors import SourceError

#: An inline icon `:name:`, or with a backslash before it (`\:name:`) that text as written. A name
#: starts with a letter and its first colon follows no letter or digit, so "21:59:43" is a time and
#: "Note:see:" is words: the one rule for every text that holds icons (a game's card grammar too).
INLINE_ICON = re.compile(r"(?P<escape>\\)?(?<!\w):(?P<name>[a-z][a-z0-9-]*):")

#: The characters a backslash prints as themselves.
ESCAPABLE = frozenset("*[]{}\\:")
#: What a backslash takes with it when spans are looked for: an escaped character, or the new line it breaks.
_TAKEN = ESCAPABLE | {"\n"}

#: A stretch holding no character the parser looks at (braces matter only right after a span's `]`).
_PLAIN = re.compile(r"[^*\[\]\\:\n]+")
_STARS = re.compile(r"\*+")
_BRACKETS = re.compile(r"[\\\[\]\n]")
_ATTRIBUTE_END = re.compile(r"[}\n]")

BOLD = "bold"
ITALIC = "italic"
#: What a run of one, two or three asterisks turns on or off.
_STYLES = {1: frozenset({ITALIC}), 2: frozenset({BOLD}), 3: frozenset({BOLD, ITALIC})}
_CLOSING = {styles: "*" * count for count, styles in _STYLES.items()}
_BRACKETS_AS_TEXT = "to print brackets or braces as text write `\\[`, `\\]`, `\\{` or `\\}`"


class Mark(Struct, frozen=True):
    """How a stretch of text is set."""

    bold: bool = False
    italic: bool = False
    colour: str | None = None  # canonical (generator/colour/value.py), or None: the element's own colour
    #: A font's name (`[text]{font=STIXGeneral}`), tried before the element's own; None: the element's.
    font: str | None = None


class Words(Struct, frozen=True):
    """Text in one Mark: it may hold spaces, never a new line."""

    text: str
    mark: Mark
    loc: Loc  # where its first character was written


class InlineIcon(Struct, frozen=True):
    name: str
    mark: Mark
    loc: Loc


class LineBreak(Struct, frozen=True):
    """A line break inside a paragraph (a backslash at the end of a line)."""

    loc: Loc


class ParagraphBreak(Struct, frozen=True):
    loc: Loc


Styled = Words | InlineIcon | LineBreak | ParagraphBreak


def parse_markup(
    pieces: Sequence[tuple[str, Loc]], colours: Mapping[str, str] = MappingProxyType({})
) -> tuple[Styled, ...]:
    """The styled text of `pieces` (each text with the place it starts), read as one text.
    `colours` are the names a span may use (`{.red}`), each a #rrggbb, a CSS colour name or cmyk(c,m,y,k).
    SourceError, at the place it was written, for markup that is not closed or not understood."""
    if all(_PLAIN.fullmatch(piece) or not piece for piece, _ in pieces):
        # No markup at all (most of a deck's text): each piece is words of its own, unmarked,
        # where it was written, as the parser would read it.
        return tuple(Words(piece, Mark(), loc) for piece, loc in pieces if piece)
    return _Parser(_Text.of(pieces), colours).parse()


def loc_at(loc: Loc, text: str, offset: int) -> Loc:
    """The place of `text[offset]` when `text` starts at `loc`: a new line moves to the next line's
    first column. A table's cell (a CSV's or a worksheet's) is one place, whatever the offset."""
    return _Text.of(((text, loc),)).loc(offset)


def plain(styled: Sequence[Styled]) -> str:
    """The text as it reads: words, icons as `:name:`, each break as a new line."""
    return "".join(_plain(item) for item in styled)


def _plain(item: Styled) -> str:
    match item:
        case Words():
            return item.text
        case InlineIcon():
            return f":{item.name}:"
        case _:
            return "\n"


class _Text(Struct, frozen=True):
    """The pieces joined into one text, which can say where each of its characters was written."""

    text: str
    starts: tuple[int, ...]  # where each piece starts in `text`
    locs: tuple[Loc, ...]
    newlines: tuple[int, ...]  # where every new line is in `text`

    @classmethod
    def of(cls, pieces: Sequence[tuple[str, Loc]]) -> "_Text":
        starts, position = [], 0
        for piece, _ in pieces:
            starts.append(position)
            position += len(piece)
        text = "".join(piece for piece, _ in pieces)
        newlines = tuple(found.start() for found in re.finditer("\n", text))
        return cls(text, tuple(starts), tuple(loc for _, loc in pieces), newlines)

    def piece(self, offset: int) -> int:
        """The piece holding `text[offset]` (an empty piece holds nothing)."""
        return bisect_right(self.starts, offset) - 1

    def piece_end(self, piece: int) -> int:
        return self.starts[piece + 1] if piece + 1 < len(self.starts) else len(self.text)

    def loc(self, offset: int) -> Loc:
        piece = self.piece(offset)
        start, loc = self.starts[piece], self.locs[piece]
        if loc.whole:
            return loc
        first = bisect_left(self.newlines, start)
        before = bisect_left(self.newlines, offset)
        if before == first:
            return Loc(loc.file, loc.line, loc.column + offset - start)
        return Loc(loc.file, loc.line + before - first, offset - self.newlines[before - 1])


class _Span(Struct, frozen=True):
    """A coloured span `[...]{...}` as found before parsing: its `[` (None when no `[` opened it),
    its `]`, the text between its braces (None when the `{` is never closed) and where text resumes."""

    start: int | None
    end: int
    attribute: str | None
    after: int


def _spans(text: str) -> dict[int, _Span]:
    """Every coloured span by the place of its `[` and of its `]`. A `[` opens a span only if its
    matching `]`, in the same paragraph, is followed by `{`; any other bracket is text. Found
    before parsing, so that text inside a span takes its colour as it is read, in one pass."""
    spans: dict[int, _Span] = {}
    opened: list[int] = []
    position = 0
    while (found := _BRACKETS.search(text, position)) is not None:
        at, char = found.start(), found.group()
        position = at + 1
        if char == "\\":
            position += 1 if text[at + 1 : at + 2] in _TAKEN else 0
        elif char == "\n":
            opened.clear()
        elif char == "[":
            opened.append(at)
        elif text.startswith("{", at + 1):
            span = _span(text, opened.pop() if opened else None, at)
            spans[at] = span
            if span.start is not None:
                spans[span.start] = span
            position = span.after
        elif opened:
            opened.pop()
    return spans


def _span(text: str, start: int | None, end: int) -> _Span:
    """The span whose `]` is at `end`, followed by `{`. When its `}` is missing, the rest of the
    paragraph is left unread: the span is an error, found before anything after it."""
    close = _ATTRIBUTE_END.search(text, end + 2)
    if close is None or close.group() == "\n":
        return _Span(start, end, None, close.start() if close else len(text))
    return _Span(start, end, text[end + 2 : close.start()], close.end())


def _described(styles: frozenset[str]) -> str:
    return " ".join(style for style in (BOLD, ITALIC) if style in styles)


def _stars_as_text(count: int) -> str:
    return "`" + "\\*" * count + "`"


class _Open(Struct, frozen=True):
    """Markup opened and not yet closed: a run of asterisks, or a span's `[`."""

    marker: str  # as written: "*", "**", "***" or "["
    at: int
    styles: frozenset[str]  # what it turned on that is still open (none for a span)
    mark: Mark  # how the text inside it is set


class _Parser:
    """One left-to-right pass over the text, keeping what is open on a stack."""

    def __init__(self, text: _Text, colours: Mapping[str, str]):
        self.source = text
        self.text = text.text
        self.spans = _spans(text.text)
        self.colours = colours
        self.out: list[Styled] = []
        self.open: list[_Open] = []
        #: Words being gathered: their parts, where they start, and the piece and mark they share.
        self.words: list[str] = []
        self.words_at = 0
        self.words_key: tuple[int, Mark] | None = None
        self.handlers: dict[str, Callable[[int], int]] = {
            "*": self._stars,
            "[": self._bracket_open,
            "]": self._bracket_close,
            "\\": self._backslash,
            ":": self._colon,
            "\n": self._newline,
        }

    def parse(self) -> tuple[Styled, ...]:
        position = 0
        while position < len(self.text):
            plain = _PLAIN.match(self.text, position)
            if plain:
                self._add_plain(position, plain.end())
                position = plain.end()
            else:
                position = self.handlers[self.text[position]](position)
        self._paragraph_end()
        self._flush()
        return tuple(self.out)

    # Output

    @property
    def mark(self) -> Mark:
        return self.open[-1].mark if self.open else Mark()

    def _add(self, text: str, at: int) -> None:
        """Text written at `at`, joined to the words before it when they share its piece and mark."""
        key = (self.source.piece(at), self.mark)
        if key != self.words_key:
            self._flush()
            self.words_key, self.words_at = key, at
        self.words.append(text)

    def _add_plain(self, start: int, end: int) -> None:
        while start < end:
            stop = min(end, self.source.piece_end(self.source.piece(start)))
            self._add(self.text[start:stop], start)
            start = stop

    def _flush(self) -> None:
        if self.words_key is not None:
            self.out.append(Words("".join(self.words), self.words_key[1], self.source.loc(self.words_at)))
            self.words.clear()
            self.words_key = None

    def _emit(self, item: Styled) -> None:
        self._flush()
        self.out.append(item)

    # Icons, escapes and breaks

    def _colon(self, at: int) -> int:
        icon = INLINE_ICON.match(self.text, at)
        if icon is None:
            self._add(":", at)
            return at + 1
        self._emit(InlineIcon(icon["name"], self.mark, self.source.loc(at)))
        return icon.end()

    def _backslash(self, at: int) -> int:
        icon = INLINE_ICON.match(self.text, at)  # at a backslash, only an escaped icon matches
        if icon is not None:
            self._add(icon.group()[1:], at)
            return icon.end()
        after = self.text[at + 1 : at + 2]
        if after == "\n":
            self._emit(LineBreak(self.source.loc(at)))
            return at + 2
        if after in ESCAPABLE:
            self._add(after, at)
            return at + 2
        self._add("\\", at)
        return at + 1

    def _newline(self, at: int) -> int:
        self._paragraph_end()
        self._emit(ParagraphBreak(self.source.loc(at)))
        return at + 1

    def _paragraph_end(self) -> None:
        if self.open:
            raise self._unclosed(self.open[-1], "the paragraph ends")

    # Bold and italic

    def _stars(self, at: int) -> int:
        run = _STARS.match(self.text, at)
        assert run is not None  # called at an asterisk
        end, count = run.end(), run.end() - at
        before = self.text[at - 1] if at else " "
        after = self.text[end] if end < len(self.text) else " "
        can_open, can_close = not after.isspace(), not before.isspace()
        if count > 3 or not (can_open or can_close):
            self._add(run.group(), at)
        elif can_close and self._closes(count):
            self._close(count)
        elif can_open:
            styles = _STYLES[count]
            self.open.append(_Open(run.group(), at, styles, self._inside(styles)))
        else:
            raise self._stray(at, count)
        return end

    def _inside(self, styles: frozenset[str], span: Mark = Mark()) -> Mark:
        """The mark of text inside markup turning on `styles` (or a span's colour or font)
        within what is open."""
        outer = self.mark
        return Mark(
            outer.bold or BOLD in styles,
            outer.italic or ITALIC in styles,
            span.colour or outer.colour,
            span.font or outer.font,
        )

    def _closes(self, count: int) -> bool:
        """Whether a run of `count` asterisks closes what is open innermost: `***` may close a `*`
        inside a `**` (or the other way) at once."""
        wanted = _STYLES[count]
        top = self.open[-1].styles if self.open else frozenset()
        if wanted <= top:
            return True
        return count == 3 and len(top) == 1 and len(self.open) > 1 and self.open[-2].styles == wanted - top

    def _close(self, count: int) -> None:
        wanted = _STYLES[count]
        while wanted:
            top = self.open.pop()
            rest = top.styles - wanted
            wanted = wanted - top.styles
            if rest:  # `***` closed by `*` or `**`: the other style stays open
                self.open.append(replace(top, styles=rest, mark=self._inside(rest)))

    def _stray(self, at: int, count: int) -> SourceError:
        """The error for asterisks that can only close but close nothing open innermost."""
        wanted = _STYLES[count]
        stars = "*" * count
        if any(entry.styles & wanted for entry in self.open):
            return self._unclosed(
                self.open[-1], f"`{stars}` at {self.source.loc(at)} closes the {_described(wanted)} text"
            )
        return SourceError(
            self.source.loc(at),
            f"`{stars}` here would close {_described(wanted)} text, but none is open in this paragraph: "
            f"to print {'an asterisk' if count == 1 else 'asterisks'} write {_stars_as_text(count)}",
        )

    def _unclosed(self, entry: _Open, before: str) -> SourceError:
        """The error for markup opened at `entry` and still open when `before` happens."""
        place = self.source.loc(entry.at)
        if entry.marker == "[":
            return SourceError(
                place,
                f"the coloured span `[` opened here is not closed before {before}: "
                f"end it first with `]{{.name}}` or `]{{color=...}}`; {_BRACKETS_AS_TEXT}",
            )
        return SourceError(
            place,
            f"`{entry.marker}` opens {_described(entry.styles)} text here that is not closed before {before}: "
            f"close it with `{_CLOSING[entry.styles]}`, "
            f"or write {_stars_as_text(len(entry.marker))} to print the asterisks as text",
        )

    # Coloured spans

    def _bracket_open(self, at: int) -> int:
        span = self.spans.get(at)
        if span is None:
            self._add("[", at)
        else:
            self.open.append(_Open("[", at, frozenset(), self._inside(frozenset(), self._span_mark(span))))
        return at + 1

    def _bracket_close(self, at: int) -> int:
        span = self.spans.get(at)
        if span is None:
            self._add("]", at)
            return at + 1
        if span.start is None:
            raise SourceError(
                self.source.loc(at),
                "`]{` here ends a coloured span, but no `[` in this paragraph opens it: "
                f"write `[text]{{.name}}`; {_BRACKETS_AS_TEXT}",
            )
        if self.open[-1].at != span.start:
            raise self._unclosed(self.open[-1], f"the coloured span it is in ends at {self.source.loc(at)}")
        self.open.pop()
        return span.after

    def _span_mark(self, span: _Span) -> Mark:
        """The colour or font a span's attribute names; SourceError at its `{` if it names none."""
        assert span.start is not None  # only a span opened by `[` is given a colour
        brace = self.source.loc(span.end + 1)
        opened = f"the coloured span opened at {self.source.loc(span.start)}"
        if span.attribute is None:
            raise SourceError(
                brace, f"`{{` after {opened} is not closed with `}}` in its paragraph; {_BRACKETS_AS_TEXT}"
            )
        attribute = span.attribute.strip()
        if attribute.startswith("."):
            return Mark(colour=self._named_colour(attribute[1:], brace))
        name, equals, value = attribute.partition("=")
        if equals and name.strip() == "font" and value.strip():
            return Mark(font=value.strip())
        if not (equals and name.strip() == "color"):
            raise SourceError(
                brace,
                f"`{{{span.attribute}}}` after {opened} is not a span attribute: write `{{.name}}` "
                f"for one of the layout's colours, `{{color=#c0392b}}` or `{{font=Family}}`; {_BRACKETS_AS_TEXT}",
            )
        colour = parse_colour(value.strip())
        if colour is None:
            raise SourceError(
                brace,
                f"{value.strip()!r} in {opened} is not a colour: write {EXPECTED}",
            )
        return Mark(colour=colour)

    def _named_colour(self, name: str, brace: Loc) -> str:
        if name not in self.colours:
            defined = (
                f"the layout's colours are {', '.join(sorted(self.colours))}"
                if self.colours
                else "the layout defines no colours (`colours:`)"
            )
            raise SourceError(
                brace, f"no colour is named {name!r}: {defined}; or write the colour itself, `{{color=#c0392b}}`"
            )
        colour = parse_colour(self.colours[name].strip())
        if colour is None:
            raise SourceError(
                brace, f"the layout's colour {name!r} is {self.colours[name]!r}: not a colour; expected {EXPECTED}"
            )
        return colour
