"""A game's rules.md, read with a CommonMark parser (markdown-it-py, tables on) into blocks.

The rules are typeset with the shipped fonts, not by a browser, so only what a printed
rules sheet needs is kept: headings, paragraphs, list items (bulleted or numbered, nested),
tables, thematic breaks, and figures: a paragraph of images alone, each
`![description](<component:FILE#ITEM>)`, which the rules pages draw from the game's own
components (the pipeline finds them: pipeline/figures.py). The text of a paragraph or list
item is styled text, read as a card's is (generator/sources/markup.py: **bold**, *italic*,
coloured spans, inline icons such as `:d6-5:`), each stretch at its line of the file;
headings and table cells are plain text.
HTML (such as comments about where the text came from) is not printed.

The file is a source like any other: inside the game folder, UTF-8, no control character XML
forbids (the rules are set into SVG), at most MAX_RULES_BYTES and MAX_RULES_BLOCKS;
SourceError at the place otherwise.
"""

from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote

from msgspec import Struct

from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.loader import check_characters, read_text
from generator.sources.markup import ESCAPABLE, Styled, parse_markup, plain
from generator.sources.paths import file_inside

if TYPE_CHECKING:
    from markdown_it.token import Token

RULES_FILE = "rules.md"
#: Bound on rules.md: a game's rules are a few pages (the shipped ones 3 to 15 KB), and
#: reading the most tangled Markdown of this size takes seconds.
MAX_RULES_BYTES = 512 * 1024
#: Bound on the paragraphs, headings, list items and table rows: a 100-page rulebook has
#: some 2,000 (the shipped ones 25 to 81); each may take a line of a sheet.
MAX_RULES_BLOCKS = 5_000


class Block(Struct, frozen=True):
    """One block of the rules in reading order.

    kind: "heading" (level 1-6), "paragraph", "item" (a list item's paragraph; `marker`
    is its bullet or number, empty for its second paragraph on), "table" (`rows`, the
    first the header), "break" (a thematic break), "figure" (a paragraph of images alone:
    `pictures`, with their descriptions as its caption)."""

    kind: str
    text: str = ""
    level: int = 0
    marker: str = ""
    depth: int = 0
    rows: tuple[tuple[str, ...], ...] = ()
    #: Where a heading's text (its one place) or each table cell's (row by row) was written.
    places: tuple[tuple[Loc, ...], ...] = ()
    #: A paragraph's or list item's text as styled text (generator/sources/markup.py), each
    #: stretch at its line of rules.md; as it reads, it is `text`.
    styled: tuple[Styled, ...] = ()
    #: A figure's pictures: each image's address (`component:bills.yaml#Clean Rivers Act`)
    #: and where it was written; `text` is the caption, the images' descriptions.
    pictures: tuple[tuple[str, Loc], ...] = ()


def rules_path(folder: Path) -> Path:
    return folder / RULES_FILE


def read_rules(folder: Path) -> tuple[Block, ...]:
    """The blocks of the game folder's rules.md; none when the folder has no rules."""
    shown = display_path(rules_path(folder))
    path = file_inside(rules_path(folder), folder, Loc(shown, 1, 1), "rules file")
    if path is None:
        return ()
    text = read_text(path, shown, MAX_RULES_BYTES)
    check_characters(text, shown)
    return _bounded(parse_rules(text, shown), shown)


def _bounded(blocks: tuple[Block, ...], shown: str) -> tuple[Block, ...]:
    """The blocks, unless they set out more than MAX_RULES_BLOCKS lines of a sheet."""
    lines = sum(len(block.rows) if block.kind == "table" else 1 for block in blocks)
    if lines > MAX_RULES_BLOCKS:
        raise SourceError(
            Loc(shown, 1, 1),
            f"the rules hold {lines} paragraphs, headings, list items and table rows; "
            f"rules hold at most {MAX_RULES_BLOCKS}",
        )
    return blocks


def parse_rules(text: str, shown: str = RULES_FILE) -> tuple[Block, ...]:
    """The blocks of rules.md's text (`shown`: the file's name, for the places of its text)."""
    from markdown_it import MarkdownIt  # loaded for a game with rules, not for every build

    # Escapes and entities kept as tokens of their own (not joined into the text around them).
    tokens = MarkdownIt("commonmark").enable("table").disable("text_join").parse(text)
    return tuple(_Reader(tokens, shown, text.splitlines()).blocks())


def _plain(token: "Token") -> str:
    """A heading's or table cell's text: its characters, without emphasis."""
    parts = [child.content for child in token.children or [] if child.type in ("text", "text_special", "code_inline")]
    return " ".join("".join(parts).split())


class _Places:
    """Finds where the stretches of a block's text were written, reading its lines of the file
    forward (Markdown gives a block its lines, not its stretches' columns)."""

    def __init__(self, shown: str, lines: list[str], first: int):
        self.shown, self.lines, self.line, self.cursor = shown, lines, first, 0

    def find(self, written: str) -> Loc:
        """The place of `written`, the next time it occurs on the current line."""
        text = self.lines[self.line] if self.line < len(self.lines) else ""
        found = text.find(written, self.cursor) if written else -1
        if found < 0:
            return Loc(self.shown, self.line + 1, self.cursor + 1)
        self.cursor = found + len(written)
        return Loc(self.shown, self.line + 1, found + 1)

    def next_line(self) -> None:
        self.line, self.cursor = self.line + 1, 0


def _figure(token: "Token", places: _Places) -> Block | None:
    """A paragraph of images and nothing else as a figure: each image's address and place,
    its description (alt text) the caption; None for any other paragraph."""
    children = token.children or []
    images = [child for child in children if child.type == "image"]
    blank = ("softbreak", "image")
    others = [c for c in children if c.type not in blank and not (c.type == "text" and not c.content.strip())]
    if not images or others:
        return None
    pictures = []
    for child in children:
        if child.type == "softbreak":
            places.next_line()
        elif child.type == "image":
            src = unquote(str(child.attrs.get("src", "")))  # as written: Markdown escapes its spaces
            pictures.append((src, places.find(src)))
    caption = " ".join(" ".join(image.content.split()) for image in images if image.content.strip())
    return Block("figure", caption, pictures=tuple(pictures))


def _styled(token: "Token", places: _Places) -> tuple[Styled, ...]:
    """A paragraph as styled text: Markdown's own reading of it (emphasis, code spans, links,
    entities, escapes; HTML left out) written back as the markup cards use, so the coloured
    spans and icons markup adds read as on a card. Each stretch keeps its place in the file."""
    pieces: list[tuple[str, Loc]] = []
    for child in token.children or []:
        kind = child.type
        if kind in ("softbreak", "hardbreak"):
            pieces.append((" " if kind == "softbreak" else "\\\n", places.find("")))
            places.next_line()
            continue
        written = _WRITTEN.get(kind)
        text = written if written is not None else _child_text(child)
        at = places.find(child.markup if kind in _WRITTEN or kind == "text_special" else child.content)
        if text:
            pieces.append((text, at))
    return parse_markup(pieces)


#: Markdown's emphasis as the markup writes it.
_WRITTEN = {"strong_open": "**", "strong_close": "**", "em_open": "*", "em_close": "*"}


def _child_text(child: "Token") -> str:
    """An inline token's text in the markup: text as written but for backslashes, which
    Markdown has already read; an escaped character escaped again when the markup would
    read it too (`\\:star:` stays text); a code span's and an entity's text as characters; HTML
    and link destinations not at all."""
    if child.type == "text":  # asterisks Markdown found no partner for are left to the markup, which says where
        return child.content.replace("\\", "\\\\")
    if child.type in ("text_special", "code_inline"):  # an escape, an entity, a code span: as it reads
        return _literal(child.content)
    return ""


def _literal(text: str) -> str:
    """Text the markup prints as it is: every character it would read escaped."""
    return "".join("\\" + char if char in ESCAPABLE else char for char in text)


class _Reader:
    """Walks the token stream once, keeping the open lists and table."""

    def __init__(self, tokens: list["Token"], shown: str, lines: list[str]):
        self.tokens, self.shown, self.lines = tokens, shown, lines
        #: Each open list: its next number (None for a bullet list).
        self.lists: list[int | None] = []
        self.marker = ""
        self.row: list[str] | None = None
        self.rows: list[tuple[str, ...]] = []
        #: The place of each cell of the table being read, row by row.
        self.cells: list[tuple[Loc, ...]] = []
        self.row_places = _Places(shown, lines, 0)

    def blocks(self) -> list[Block]:
        out: list[Block] = []
        heading = 0
        for token in self.tokens:
            kind = token.type
            if kind == "heading_open":
                heading = int(token.tag[1])
            elif kind == "heading_close":
                heading = 0
            elif kind == "bullet_list_open":
                self.lists.append(None)
            elif kind == "ordered_list_open":
                self.lists.append(int(str(token.attrs.get("start", 1))))
            elif kind in ("bullet_list_close", "ordered_list_close"):
                self.lists.pop()
            elif kind == "list_item_open":
                self.marker = self._next_marker()
            elif kind == "table_open":
                self.rows, self.cells = [], []
            elif kind == "tr_open":
                self.row, self.row_places = [], self._places(token)
                self.cells.append(())
            elif kind == "tr_close" and self.row is not None:
                self.rows.append(tuple(self.row))
                self.row = None
            elif kind == "table_close":
                out.append(Block("table", rows=tuple(self.rows), places=tuple(self.cells)))
            elif kind == "hr":
                out.append(Block("break"))
            elif kind == "inline":
                block = self._inline_block(token, heading)
                if block is not None:
                    out.append(block)
        return out

    def _places(self, token: "Token") -> _Places:
        return _Places(self.shown, self.lines, (token.map or [0])[0])

    def _next_marker(self) -> str:
        number = self.lists[-1]
        if number is None:
            return "•"
        self.lists[-1] = number + 1
        return f"{number}."

    def _inline_block(self, token: "Token", heading: int) -> Block | None:
        if self.row is not None:
            self.row.append(_plain(token))
            self.cells[-1] = (*self.cells[-1], self.row_places.find(token.content))
            return None
        if heading:
            text = _plain(token)
            return Block("heading", text, level=heading, places=((self._places(token).find(token.content),),))
        figure = _figure(token, self._places(token))
        if figure is not None and not self.lists:
            return figure
        styled = _styled(token, self._places(token))
        if self.lists:
            block = Block("item", plain(styled), marker=self.marker, depth=len(self.lists) - 1, styled=styled)
            self.marker = ""
            return block
        return Block("paragraph", plain(styled), styled=styled)
