"""The rules typeset onto pages: full pages of the chosen paper, or a half-size booklet.

Every block is fitted by layout/text.py at its own size (never shrunk: a rules page flows
on instead), its styled text in the body family's faces and any the game's fonts add, then
its lines are poured onto pages, a line that would cross the bottom margin starting the
next page. A heading is not left alone at the foot of a page, a table row is never split,
a block of up to three lines (a short definition, a list item) moves to the next page
whole, and no longer block leaves one line alone at either side of a break. A character
of the rules that no face has is finding L011 at its line of rules.md (rules_findings,
which the layout stage reports with the components' findings).

Full pages of Letter or A4 set the text in two columns (a line of about 60 characters, not
110), the last page's two ending at about one height; the half-size booklet pages in one.

The booklet puts two half-size pages side by side on each side of a landscape sheet, in
signature order: printed duplex (flipped on the short edge), stacked and folded on the
score line in the middle, the pages read 1, 2, 3 ... and can be stapled on the fold.
"""

import dataclasses
from collections.abc import Mapping

from msgspec import Struct
from msgspec.structs import replace

from generator.findings import Finding
from generator.layout.context import missing_findings
from generator.layout.scene import Icon, Item, Polyline, Scene, Style, Text, line_style, translate
from generator.layout.text import TextStyle, fit_styled, fit_text, plain_text
from generator.sheets.model import Sheet
from generator.sheets.paper import Paper
from generator.sheets.pictures import picture_row, row_height
from generator.sources.fonts import FontBook, registered, shipped_book
from generator.sources.look import PLAIN, Look
from generator.sources.rules import Block
from generator.units import PT

#: The body: a family, so **bold** and *italic* words take its bold and oblique faces.
BODY = TextStyle("DejaVu Sans", 9.5 * PT, min_size=9.5 * PT, leading=1.3, min_leading=1.3)
BOLD = dataclasses.replace(BODY, font="DejaVuSans-Bold")
HEADINGS = {1: 17 * PT, 2: 12.5 * PT, 3: 10.5 * PT}
FOOTER = TextStyle("DejaVuSans", 7.5 * PT, min_size=7.5 * PT, align="center")
#: Space after each kind of block, in mm; a heading also gets HEADING_ABOVE above it.
GAP = 2.2
HEADING_ABOVE = 2.5
#: A heading needs this much room below it on its page, or it starts the next page.
KEEP_WITH_NEXT = 14.0
INDENT = 6.5  # a list's marker hangs in it: "10." at 9.5 pt is 5.3 mm
CELL_PAD = 1.2
RULE = Style(stroke="#000000", stroke_width=0.35 * PT)
#: A figure's pictures are at most this tall (mm), its caption this far below them, in italics.
FIGURE_HEIGHT, CAPTION_ABOVE = 45.0, 1.5
CAPTION = TextStyle("DejaVuSans-Oblique", 8.5 * PT, min_size=8.5 * PT, leading=1.25, align="center")
#: A page whose text is at least this wide (mm) sets the rules in two columns, GUTTER apart.
TWO_COLUMNS_FROM, GUTTER = 150.0, 7.0
#: The room a page keeps at its foot for the footer (page number), in mm.
FOOTER_ROOM = 7.0
UNLIMITED = 10_000.0


class Frame(Struct, frozen=True):
    """Where text goes on one page: the text area (x, y, width, height) on a page that high."""

    page_height: float
    x: float
    y: float
    width: float
    height: float

    @property
    def bottom(self) -> float:
        return self.y + self.height


class _Line(Struct, frozen=True):
    """One line of a fitted block: its items, and its top and bottom relative to the block."""

    items: tuple[Item, ...]
    top: float
    bottom: float


class _Pages:
    """The pages filled so far and where the next line goes. Pages from `short_from` on end
    `short_by` mm above the frame's bottom (to balance the last page's columns)."""

    def __init__(self, frame: Frame, short_from: int | None = None, short_by: float = 0.0):
        self.frame = frame
        self.pages: list[list[Item]] = [[]]
        self.y = frame.y
        self.short_from, self.short_by = short_from, short_by

    @property
    def bottom(self) -> float:
        short = self.short_from is not None and len(self.pages) > self.short_from
        return self.frame.bottom - (self.short_by if short else 0.0)

    def new_page(self) -> None:
        self.pages.append([])
        self.y = self.frame.y

    def room(self) -> float:
        return self.bottom - self.y

    def _fits(self, lines: list[_Line], shift: float) -> int:
        """How many of the lines, moved down by `shift`, fit above the bottom."""
        return sum(1 for line in lines if line.bottom + shift <= self.bottom + 1e-6)

    def pour(self, lines: list[_Line], gap: float) -> None:
        """Lines onto the pages, each moved down to the cursor; a line that would cross the
        bottom starts a new page (a page's first line is never moved on). A block of up to
        three lines is not split, nor is one line of a longer block left alone at the foot
        of a page or carried alone to the next (no orphans, no widows)."""
        if not lines:
            return
        shift = self.y - lines[0].top
        fits = self._fits(lines, shift)
        at_top = self.y <= self.frame.y + 1e-6
        forced = None  # the line that starts the next page, whether or not it fits here
        if 0 < fits < len(lines) and not at_top and (len(lines) <= 3 or fits == 1):
            forced = 0
        elif 1 < fits == len(lines) - 1 and len(lines) > 3:
            forced = len(lines) - 2  # two lines carried over, not one
        for n, line in enumerate(lines):
            crosses = line.bottom + shift > self.bottom + 1e-6 and self.y > self.frame.y + 1e-6
            if n == forced or crosses:
                self.new_page()
                shift = self.y - line.top
            self.pages[-1].append(translate(list(line.items), 0.0, shift))
            self.y = line.bottom + shift
        self.y += gap


class _Fitted(Struct, frozen=True):
    """One block fitted to the column's width once, to be poured onto pages as often as the
    balancing of the last page needs: its lines, the space after it, and whether it is a
    heading (kept with what follows)."""

    lines: list[_Line]
    gap: float
    heading: bool = False


def _baseline(item: Item) -> float:
    if isinstance(item, Icon):
        return item.y + item.h
    if isinstance(item, Text):
        return item.y
    raise TypeError(f"not a text item: {item!r}")


def _lines(items: list[Item], style: TextStyle, size: float) -> list[_Line]:
    """Fitted items grouped into their lines (by baseline), with each line's extent."""
    descent = registered(style.faces()[0]).descent * size
    baselines = sorted({round(_baseline(item), 6) for item in items})
    lines = []
    top = 0.0
    for baseline in baselines:
        members = tuple(item for item in items if abs(_baseline(item) - baseline) < 1e-5)
        bottom = baseline + descent
        lines.append(_Line(members, top, bottom))
        top = bottom
    return lines


def _text_lines(text: str, x: float, width: float, style: TextStyle) -> list[_Line]:
    fitted = fit_text(text, x, 0.0, width, UNLIMITED, style)
    return _lines(fitted.items, style, fitted.size)


def _styled_lines(block: Block, x: float, width: float, book: FontBook) -> list[_Line]:
    """A paragraph or list item in the body face, its styled words set their way."""
    style = dataclasses.replace(BODY, book=book)
    fitted = fit_styled(block.styled, x, 0.0, width, UNLIMITED, style)
    return _lines(fitted.items, style, fitted.size)


def _heading_style(level: int, look: Look, book: FontBook) -> TextStyle:
    """A heading in the game's title face and colour."""
    size = HEADINGS.get(level, BODY.size)
    return TextStyle(look.title_fonts, size, min_size=size, leading=1.2, min_leading=1.2, colour=look.colour, book=book)


def _row_style(n: int) -> TextStyle:
    """A table's header row (the first) is bold."""
    return BOLD if n == 0 else BODY


def _table_lines(rows: tuple[tuple[str, ...], ...], x: float, width: float) -> list[_Line]:
    """Each row one unbreakable line: cells side by side, a rule under each row."""
    columns = max(len(row) for row in rows)
    share = width / columns
    lines = []
    top = 0.0
    for n, row in enumerate(rows):
        style = _row_style(n)
        items: list[Item] = []
        bottom = top + CELL_PAD
        for c, cell in enumerate(row):
            cell_x = x + c * share + CELL_PAD
            fitted = fit_text(cell, cell_x, top + CELL_PAD, share - 2 * CELL_PAD, UNLIMITED, style)
            items.extend(fitted.items)
            if fitted.items:
                last = max(_baseline(item) for item in fitted.items)
                bottom = max(bottom, last + registered(style.faces()[0]).descent * fitted.size)
        bottom += CELL_PAD
        items.append(Polyline(((x, bottom), (x + width, bottom)), RULE))
        if n == 0:
            items.append(Polyline(((x, top), (x + width, top)), RULE))
        lines.append(_Line(tuple(items), top, bottom))
        top = bottom
    return lines


def _item_lines(block: Block, frame: Frame, book: FontBook) -> list[_Line]:
    """A list item's paragraph, indented by its depth, its marker hung to the left of it."""
    x = frame.x + INDENT * (block.depth + 1)
    lines = _styled_lines(block, x, frame.x + frame.width - x, book)
    if block.marker and lines:
        marker = fit_text(block.marker, x - INDENT, 0.0, INDENT, UNLIMITED, BODY).items
        first = lines[0]
        # The marker sits on the first line's baseline (which an icon may have moved down).
        text_baseline = max(_baseline(item) for item in first.items)
        marker_baseline = max(_baseline(item) for item in marker)
        moved = translate(marker, 0.0, text_baseline - marker_baseline)
        lines[0] = _Line((*first.items, moved), first.top, first.bottom)
    return lines


def _figure_lines(block: Block, frame: Frame, pictures: Mapping[str, Scene]) -> list[_Line]:
    """A figure: its pictures in a row, FIGURE_HEIGHT tall at most, its caption below."""
    scenes = tuple(pictures[address] for address, _ in block.pictures)
    tall = row_height(scenes, frame.width, FIGURE_HEIGHT)
    lines = [_Line(tuple(picture_row(scenes, frame.x, 0.0, frame.width, tall)), 0.0, tall)]
    below = tall + CAPTION_ABOVE
    for line in _text_lines(block.text, frame.x, frame.width, CAPTION) if block.text else []:
        lines.append(_Line((translate(list(line.items), 0.0, below),), line.top + below, line.bottom + below))
    return lines


def typeset(
    blocks: tuple[Block, ...],
    frame: Frame,
    book: FontBook | None = None,
    pictures: Mapping[str, Scene] | None = None,
    look: Look = PLAIN,
) -> list[list[Item]]:
    """The items of each page the rules fill, in page order (their styled text's fonts looked
    up in `book`, a game's; their figures' pictures in `pictures`, by address; their
    headings in the game's `look`)."""
    return _poured(_Pages(frame), _fitted(blocks, frame, book or shipped_book(), pictures or {}, look))


def _fitted(
    blocks: tuple[Block, ...], frame: Frame, book: FontBook, pictures: Mapping[str, Scene], look: Look
) -> list[_Fitted]:
    """Every block fitted to the frame's width, in order."""
    fitted = []
    for block in blocks:
        if block.kind == "heading":
            lines = _text_lines(block.text, frame.x, frame.width, _heading_style(block.level, look, book))
            fitted.append(_Fitted(lines, GAP, heading=True))
        elif block.kind == "paragraph":
            fitted.append(_Fitted(_styled_lines(block, frame.x, frame.width, book), GAP))
        elif block.kind == "item":
            fitted.append(_Fitted(_item_lines(block, frame, book), GAP * 0.6))
        elif block.kind == "table":
            fitted.append(_Fitted(_table_lines(block.rows, frame.x, frame.width), GAP))
        elif block.kind == "figure":
            fitted.append(_Fitted(_figure_lines(block, frame, pictures), GAP))
        elif block.kind == "break":
            middle = frame.x + frame.width / 2
            rule = Polyline(((middle - 15, 1.5), (middle + 15, 1.5)), RULE)
            fitted.append(_Fitted([_Line((rule,), 0.0, 3.0)], GAP))
    return fitted


def _poured(pages: _Pages, fitted: list[_Fitted]) -> list[list[Item]]:
    """The fitted blocks poured onto `pages`, a heading kept off a page's foot: the items of
    each page (column) they fill."""
    for n, block in enumerate(fitted):
        if block.heading and n and pages.y > pages.frame.y + 1e-6:
            if pages.room() < _kept(fitted, n, pages.frame.height):
                pages.new_page()
            else:
                pages.y += HEADING_ABOVE
        pages.pour(block.lines, block.gap)
    return pages.pages


def _kept(fitted: list[_Fitted], n: int, most: float) -> float:
    """The room the heading `fitted[n]` needs below the cursor, or it starts the next page:
    KEEP_WITH_NEXT for it and the first lines after it, and where headings follow straight
    on (a section's heading, then its first subsection's), room for each of them too, so
    that no heading is left at a page's foot above another. Counted no further than `most`
    (a page's height: a run of headings that needs more starts a page whatever it needs)."""
    room = 0.0
    while n + 1 < len(fitted) and fitted[n + 1].heading and room <= most:
        lines = fitted[n].lines
        room += HEADING_ABOVE + (lines[-1].bottom - lines[0].top if lines else 0.0) + fitted[n].gap
        n += 1
    return room + HEADING_ABOVE + KEEP_WITH_NEXT


def _in_columns(
    blocks: tuple[Block, ...], frame: Frame, book: FontBook | None, pictures: Mapping[str, Scene] | None, look: Look
) -> list[list[Item]]:
    """The rules on full pages: in two columns where a page's text is wider than
    TWO_COLUMNS_FROM (a line of about 60 characters, not 110), each column filled before the
    next; in one otherwise."""
    if frame.width < TWO_COLUMNS_FROM:
        return typeset(blocks, frame, book, pictures, look)
    width = (frame.width - GUTTER) / 2
    columns = _balanced(blocks, replace(frame, width=width), book or shipped_book(), pictures or {}, look)
    pages = []
    for left in range(0, len(columns), 2):
        right = columns[left + 1] if left + 1 < len(columns) else []
        pages.append([*columns[left], translate(right, width + GUTTER, 0.0)] if right else columns[left])
    return pages


def _balanced(
    blocks: tuple[Block, ...], frame: Frame, book: FontBook, pictures: Mapping[str, Scene], look: Look
) -> list[list[Item]]:
    """The columns, the last page's two ending at about the same height rather than one full
    and one short (or empty): the shortest last page that still holds the rest, found by
    bisection to 1 mm, since a break moves whole lines. The blocks are fitted once and only
    poured again for each height tried."""
    fitted = _fitted(blocks, frame, book, pictures, look)
    columns = _poured(_Pages(frame), fitted)
    last = len(columns) - 1 - (len(columns) - 1) % 2  # the last page's first column
    low, high, best = 0.0, frame.height, columns
    while high - low > 1.0:
        middle = (low + high) / 2
        tried = _poured(_Pages(frame, last, middle), fitted)
        if len(tried) <= last + 2:
            low, best = middle, tried
        else:
            high = middle
    return best


def rules_findings(blocks: tuple[Block, ...], book: FontBook, look: Look = PLAIN) -> list[Finding]:
    """Finding L011 for each stretch of the rules holding a character no face of its style has
    (it would print as an empty box), at its line of rules.md."""
    findings = []
    for block in blocks:
        if block.kind in ("paragraph", "item"):
            missing = fit_styled(block.styled, 0.0, 0.0, 1e9, 1e9, dataclasses.replace(BODY, book=book)).missing
            findings += missing_findings(missing, f"the rules' {block.kind} {block.text[:40]!r}")
        else:
            rows = ((block.text,),) if block.kind in ("heading", "figure") else block.rows
            style = _heading_style(block.level, look, book) if block.kind == "heading" else BODY
            placed = ((block.pictures[0][1],),) if block.kind == "figure" else block.places  # a caption: its image's
            for row, places in zip(rows, placed, strict=False):
                for text, place in zip(row, places, strict=False):
                    set_as = fit_styled(
                        plain_text(text, place), 0.0, 0.0, 1e9, 1e9, dataclasses.replace(style, book=book)
                    )
                    findings += missing_findings(set_as.missing, f"the rules' {block.kind} text {text[:40]!r}")
    return findings


def _frame(width: float, height: float, margin: float) -> Frame:
    return Frame(height, margin, margin, width - 2 * margin, height - 2 * margin - FOOTER_ROOM)


def _footer(text: str, frame: Frame) -> list[Item]:
    y = frame.page_height - frame.y - FOOTER_ROOM + 2.5
    return fit_text(text, frame.x, y, frame.width, 5.0, FOOTER).items


def rules_sheets(
    game: str,
    blocks: tuple[Block, ...],
    paper: Paper,
    booklet: bool,
    first_page: int = 1,
    book: FontBook | None = None,
    pictures: Mapping[str, Scene] | None = None,
    look: Look = PLAIN,
) -> list[Sheet]:
    """The rules as sheets of the paper, the first bookmarked "Rules": one page each (their
    footers numbered from `first_page`, the PDF page of the first), or (booklet) folded
    half-size pages numbered as the booklet's own. Their text's fonts are looked up in `book`,
    their figures' pictures in `pictures`, their headings in the game's `look`."""
    if not blocks:
        return []
    margin = paper.inset
    if not booklet:
        frame = _frame(paper.width, paper.height, margin)
        pages = _in_columns(blocks, frame, book, pictures, look)
        sheets = [
            _page_sheet(paper.width, paper.height, [*items, *_footer(f"{game}: rules · page {n}", frame)])
            for n, items in enumerate(pages, first_page)
        ]
    else:
        sheet_w, sheet_h = max(paper.width, paper.height), min(paper.width, paper.height)
        frame = _frame(sheet_w / 2, sheet_h, margin)
        pages = typeset(blocks, frame, book, pictures, look)
        faces = [[*items, *_footer(f"{game}: rules booklet · {n}", frame)] for n, items in enumerate(pages, 1)]
        sheets = booklet_sheets(faces, sheet_w, sheet_h, margin)
    sheets[0].bookmarks = ("Rules",)
    return sheets


def _page_sheet(width: float, height: float, items: list[Item]) -> Sheet:
    # Nothing on a rules page is cut: the page itself is what is printed, so it is the trim.
    return Sheet(width, height, items, trim=(0.0, 0.0, width, height), title="rules", side="")


def signature_order(pages: int) -> list[tuple[int, int]]:
    """The (left, right) page indices of each sheet side of a saddle-stitched booklet of
    `pages` pages, padded with blank pages (index >= pages) to a multiple of four: outer
    sheet first, its front then its back."""
    total = -(-pages // 4) * 4
    sides = []
    for s in range(total // 4):
        sides.append((total - 1 - 2 * s, 2 * s))
        sides.append((2 * s + 1, total - 2 - 2 * s))
    return sides


def booklet_sheets(pages: list[list[Item]], width: float, height: float, margin: float) -> list[Sheet]:
    """Half-size pages imposed two to a side in signature order, the fold a score line."""
    half = width / 2
    fold = Polyline(((half, margin), (half, height - margin)), line_style("score"))
    sheets = []
    for left, right in signature_order(len(pages)):
        items: list[Item] = []
        for index, dx in ((left, 0.0), (right, half)):
            if index < len(pages):
                items.append(translate(pages[index], dx, 0.0))
        items.append(fold)
        sheets.append(_page_sheet(width, height, items))
    return sheets
