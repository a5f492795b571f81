"""A game's rules.md, read with a CommonMark parser (markdown-it-py, tables on) into blocks.

The rules are typeset with the shipped fonts, not by a browser, so only what a printed
rules sheet needs is kept: headings, paragraphs, list items (bulleted or numbered, nested),
tables and thematic breaks. Inline text keeps its inline icons (`:d6-5:`); emphasis marks
are dropped, except that a paragraph wholly in bold is set in the bold face. HTML (such as
comments about where the text came from) is not printed.
"""

from dataclasses import dataclass
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

RULES_FILE = "rules.md"


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


def rules_path(folder: Path) -> Path:
    return folder / RULES_FILE


def read_rules(folder: Path) -> tuple[Block, ...]:
    """The blocks of the game folder's rules.md; none when the folder has no rules."""
    path = rules_path(folder)
    if not path.is_file():
        return ()
    return parse_rules(path.read_text(encoding="utf-8"))


def parse_rules(text: str) -> tuple[Block, ...]:
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    return tuple(_Reader(tokens).blocks())


def _inline(token: Token) -> tuple[str, bool]:
    """The token's text (soft breaks as spaces, hard breaks as new lines) and whether all of
    it is strong."""
    parts: list[str] = []
    strong = 0
    all_strong = True
    for child in token.children or []:
        if child.type == "strong_open":
            strong += 1
        elif child.type == "strong_close":
            strong -= 1
        elif child.type in ("text", "code_inline"):
            parts.append(child.content)
            all_strong = all_strong and (strong > 0 or not child.content.strip())
        elif child.type == "softbreak":
            parts.append(" ")
        elif child.type == "hardbreak":
            parts.append("\n")
    return "".join(parts).strip(), all_strong and bool(parts)


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
        text, bold = _inline(token)
        if self.row is not None:
            self.row.append(text)
            return None
        if heading:
            return Block("heading", text, level=heading)
        if self.lists:
            block = Block("item", text, marker=self.marker, depth=len(self.lists) - 1, bold=bold)
            self.marker = ""
            return block
        return Block("paragraph", text, bold=bold)
