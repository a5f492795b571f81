"""A game's rules.md, read with a CommonMark parser (markdown-it-py, tables on) into blocks.

The rules are typeset with the shipped fonts, not by a browser, so only what a printed
rules sheet needs is kept: headings, paragraphs, list items (bulleted or numbered, nested),
tables and thematic breaks. Inline text keeps its inline icons (`:d6-5:`); the text of a
paragraph or list item keeps its emphasis as spans (**bold**, *italic*), set in the bold and
italic faces; headings and table cells are plain text. HTML (such as comments about where
the text came from) is not printed.

The file is a source like any other: inside the game folder, UTF-8, no control character XML
forbids (the rules are set into SVG), at most MAX_RULES_BYTES and MAX_RULES_BLOCKS;
SourceError at the place otherwise.
"""

from dataclasses import dataclass, replace
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.loader import check_characters, read_text
from generator.sources.paths import file_inside

RULES_FILE = "rules.md"
#: Bound on rules.md: a game's rules are a few pages (the shipped ones 3 to 15 KB), and
#: reading the most tangled Markdown of this size takes seconds.
MAX_RULES_BYTES = 512 * 1024
#: Bound on the paragraphs, headings, list items and table rows: a 100-page rulebook has
#: some 2,000 (the shipped ones 25 to 81); each may take a line of a sheet.
MAX_RULES_BLOCKS = 5_000


@dataclass(frozen=True)
class Span:
    """A stretch of a block's text and its emphasis."""

    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Block:
    """One block of the rules in reading order.

    kind: "heading" (level 1-6), "paragraph", "item" (a list item's paragraph; `marker`
    is its bullet or number, empty for its second paragraph on), "table" (`rows`, the
    first the header), "break" (a thematic break)."""

    kind: str
    text: str = ""
    level: int = 0
    marker: str = ""
    depth: int = 0
    bold: bool = False
    rows: tuple[tuple[str, ...], ...] = ()
    #: The text as spans of its emphasis (for a paragraph or list item); joined, they are `text`.
    spans: tuple[Span, ...] = ()


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
    return _bounded(parse_rules(text), shown)


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


def parse_rules(text: str) -> tuple[Block, ...]:
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    return tuple(_Reader(tokens).blocks())


def _inline(token: Token) -> tuple[tuple[Span, ...], bool]:
    """The token's text as spans of emphasis (soft breaks as spaces, hard breaks as new
    lines, the ends stripped) and whether all of it is strong."""
    spans: list[Span] = []
    strong = emphasis = 0
    all_strong = True
    for child in token.children or []:
        if child.type in ("strong_open", "strong_close"):
            strong += 1 if child.type == "strong_open" else -1
        elif child.type in ("em_open", "em_close"):
            emphasis += 1 if child.type == "em_open" else -1
        elif child.type in ("text", "code_inline", "softbreak", "hardbreak"):
            text = {"softbreak": " ", "hardbreak": "\n"}.get(child.type, child.content)
            spans.append(Span(text, strong > 0, emphasis > 0))
            if child.type in ("text", "code_inline"):
                all_strong = all_strong and (strong > 0 or not text.strip())
    return _stripped(spans), all_strong and bool(spans)


def _stripped(spans: list[Span]) -> tuple[Span, ...]:
    """Neighbouring spans of the same emphasis joined, white space trimmed at both ends."""
    joined: list[Span] = []
    for span in spans:
        if joined and (joined[-1].bold, joined[-1].italic) == (span.bold, span.italic):
            joined[-1] = replace(joined[-1], text=joined[-1].text + span.text)
        else:
            joined.append(span)
    if joined:
        joined[0] = replace(joined[0], text=joined[0].text.lstrip())
        joined[-1] = replace(joined[-1], text=joined[-1].text.rstrip())
    return tuple(span for span in joined if span.text)


def _text(spans: tuple[Span, ...]) -> str:
    return "".join(span.text for span in spans)


class _Reader:
    """Walks the token stream once, keeping the open lists and table."""

    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        #: Each open list: its next number (None for a bullet list).
        self.lists: list[int | None] = []
        self.marker = ""
        self.row: list[str] | None = None
        self.rows: list[tuple[str, ...]] = []

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
                self.rows = []
            elif kind == "tr_open":
                self.row = []
            elif kind == "tr_close" and self.row is not None:
                self.rows.append(tuple(self.row))
                self.row = None
            elif kind == "table_close":
                out.append(Block("table", rows=tuple(self.rows)))
            elif kind == "hr":
                out.append(Block("break"))
            elif kind == "inline":
                block = self._inline_block(token, heading)
                if block is not None:
                    out.append(block)
        return out

    def _next_marker(self) -> str:
        number = self.lists[-1]
        if number is None:
            return "•"
        self.lists[-1] = number + 1
        return f"{number}."

    def _inline_block(self, token: Token, heading: int) -> Block | None:
        spans, bold = _inline(token)
        text = _text(spans)
        if self.row is not None:
            self.row.append(text)
            return None
        if heading:
            return Block("heading", text, level=heading)
        if self.lists:
            block = Block("item", text, marker=self.marker, depth=len(self.lists) - 1, bold=bold, spans=spans)
            self.marker = ""
            return block
        return Block("paragraph", text, bold=bold, spans=spans)
