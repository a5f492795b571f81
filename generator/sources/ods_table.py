"""OpenDocument spreadsheets (.ods, as LibreOffice Calc saves them): each cell as the
spreadsheet shows it. Registered as the `ods` table format (tables.py).

- A cell reads as the text it shows, which the file keeps beside its value (its `<text:p>`
  paragraphs, one a line): a date `5-Jan-23`, a percentage `25%`, a currency `$1,234.50`.
  A number whose text is the number itself written plainly (`3`, `2.5`, or `2,5` with a
  decimal comma) stays the number; a number cell with no text (some programs write none)
  gives its value.
- A formula gives the value the spreadsheet saved with it; a formula with none, or a saved
  error (`#DIV/0!`), is an error at its cell.
- A merged range gives its value to every cell it covers. With `skip_hidden`, hidden rows
  (and filtered-out ones) after the header are left out, and a hidden sheet is never the
  one picked by default; `sheet:` names any sheet.

How: an .ods file is a zip of XML parts like an .xlsx, bounded the same way
(xlsx_table.check_archive); every cell, with the text it shows, is in one part,
content.xml, read in one streaming pass with expat, a chunk at a time as the rows are asked
for. A run of repeated cells or rows (`number-columns-repeated`, `number-rows-repeated`:
Calc ends every sheet with a million empty rows so) is read as the cells it stands for,
never laid out: empty ones cost nothing, and filled ones stop at a table's limits.

python-calamine reads .ods too, but gives neither the text a cell shows (a date as a date,
a currency as a float), nor hidden rows, nor merged ranges in .ods, and lays repeated
cells out as a dense grid on opening: a 2 kB file of one cell repeated 16,000 columns by
6,000 rows took it 13 s and 6 GB."""

import zipfile
import zlib
from collections import deque
from collections.abc import Iterator
from typing import IO
from xml.parsers import expat

from msgspec import Struct, field

from generator.sources.csv_table import plain_number
from generator.sources.errors import Loc, SourceError
from generator.sources.loader import MAX_TEXT_CHARS, check_number
from generator.sources.tables import MAX_COLUMNS, Cell, TableFormat, TableRequest, TableRows, cell_loc
from generator.sources.xlsx_table import (
    MAX_UNPACKED_BYTES,
    NO_SAVED_VALUE,
    Merge,
    SheetRow,
    beyond_last_column,
    check_archive,
    closing_after,
    no_such_sheet,
    saved_error,
    shown_number,
    shown_rows,
    skipped,
    spread_merged,
    unreadable,
    wanted,
    whole,
)

_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0 "
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0 "
_STYLE = "urn:oasis:names:tc:opendocument:xmlns:style:1.0 "
_CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0 "
_PARAGRAPHS = (_TEXT + "p", _TEXT + "h")
#: What a cell of each value type holds when it shows no text.
_RAW = {
    "date": _OFFICE + "date-value",
    "time": _OFFICE + "time-value",
    "boolean": _OFFICE + "boolean-value",
    "string": _OFFICE + "string-value",
}
_NUMBERS = ("float", "percentage", "currency")
#: Rows a sheet hides: collapsed by hand, or filtered out.
_HIDDEN_ROWS = ("collapse", "filter")
_CHUNK = 64 * 1024


class _OdsCell(Struct):
    """A cell as its XML is read: its place, how many times it repeats, its attributes, and
    the text of its paragraphs (`paragraph` the one being read)."""

    column: int
    repeat: int
    attributes: dict[str, str]
    paragraphs: list[str] = field(default_factory=list)
    paragraph: list[str] | None = None
    length: int = 0


class _OdsRow(Struct):
    """A row as its XML is read: its number, how many times it repeats, whether it is hidden,
    its filled cells, and the first of its cells that cannot be read (raised if it is read)."""

    number: int
    repeat: int
    hidden: bool
    cells: list[Cell] = field(default_factory=list)
    fault: SourceError | None = None


class _Content:
    """expat's handlers for content.xml: the sheets' names and which are hidden, and the rows
    of the sheet the request reads, queued in `ready` as they are parsed."""

    def __init__(self, request: TableRequest):
        self.request = request
        self.names: list[str] = []
        self.table: Loc | None = None
        self.ready: deque[_OdsRow] = deque()
        self.merges: dict[tuple[int, int], Merge] = {}
        self.done = False
        self._hidden_styles: set[str] = set()
        self._style: str | None = None
        self._tables = 0  # tables open: a cell may hold a table of its own
        self._reading = False
        self._row: _OdsRow | None = None
        self._next_row = 1
        self._column = 0
        self._cell: _OdsCell | None = None
        self._inner = 0  # elements open inside the cell
        self._foreign = 0  # elements open inside a paragraph that are not text (a frame, a comment)
        self._text = 0

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if name == _STYLE + "style":
            self._style = attributes.get(_STYLE + "name") if attributes.get(_STYLE + "family") == "table" else None
        elif name == _STYLE + "table-properties" and attributes.get(_TABLE + "display") == "false" and self._style:
            self._hidden_styles.add(self._style)
        elif name == _TABLE + "table":
            self._tables += 1
            if self._tables == 1:
                self._begin_table(attributes)
        elif not self._reading or self._tables != 1:
            return
        elif self._cell is not None:
            self._inside_cell(name, attributes)
        elif name == _TABLE + "table-row":
            repeat = _count(attributes, _TABLE + "number-rows-repeated")
            hidden = attributes.get(_TABLE + "visibility") in _HIDDEN_ROWS
            self._row, self._column = _OdsRow(self._next_row, repeat, hidden), 0
        elif name == _TABLE + "table-cell" and self._row is not None:
            self._cell = _OdsCell(self._column + 1, _count(attributes, _TABLE + "number-columns-repeated"), attributes)
        elif name == _TABLE + "covered-table-cell":
            self._column += _count(attributes, _TABLE + "number-columns-repeated")

    def end(self, name: str) -> None:
        if name == _TABLE + "table":
            if self._reading and self._tables == 1:
                self._reading, self.done = False, True
            self._tables -= 1
        elif not self._reading or self._tables != 1:
            return
        elif self._cell is not None and self._inner:
            self._inner -= 1
            self._leave(name, self._cell)
        elif name == _TABLE + "table-cell" and self._cell is not None:
            self._end_cell(self._cell)
        elif name == _TABLE + "table-row" and self._row is not None:
            self.ready.append(self._row)
            self._next_row += self._row.repeat
            self._row = None

    def text(self, data: str) -> None:
        cell = self._cell
        if cell is None or cell.paragraph is None or self._foreign or self._tables != 1:
            return
        self._add(cell, data)

    def _begin_table(self, attributes: dict[str, str]) -> None:
        name = attributes.get(_TABLE + "name", "")
        self.names.append(name)
        hidden = attributes.get(_TABLE + "style-name") in self._hidden_styles
        if self.table is None and wanted(self.request, name, hidden):
            self.table = Loc(self.request.shown, 1, 1, name)
            self._reading = True

    def _inside_cell(self, name: str, attributes: dict[str, str]) -> None:
        """An element in a cell: a paragraph of the text it shows (one directly in the cell,
        not in a comment or a picture), or a space, tab or line break in one."""
        cell = self._cell
        assert cell is not None
        if name in _PARAGRAPHS and not self._inner:
            cell.paragraph = []
        elif cell.paragraph is not None and not self._foreign:
            if name == _TEXT + "s":
                self._add(cell, " " * min(_count(attributes, _TEXT + "c"), MAX_TEXT_CHARS + 1))
            elif name == _TEXT + "tab":
                self._add(cell, "\t")
            elif name == _TEXT + "line-break":
                self._add(cell, "\n")
            elif not name.startswith(_TEXT):
                self._foreign += 1
        elif cell.paragraph is not None:
            self._foreign += 1
        self._inner += 1

    def _leave(self, name: str, cell: _OdsCell) -> None:
        """The end of an element in a cell: a paragraph's ends its text. (A paragraph never
        ends inside an element that is not text.)"""
        if self._foreign:
            self._foreign -= 1
        elif not self._inner and name in _PARAGRAPHS and cell.paragraph is not None:
            cell.paragraphs.append("".join(cell.paragraph))
            cell.paragraph = None

    def _add(self, cell: _OdsCell, text: str) -> None:
        """Text a cell shows, as long as a value may be; all of a sheet's cells' text, spaces
        included, bounded as a workbook's unpacked size is."""
        assert cell.paragraph is not None
        self._text += len(text)
        if self._text > MAX_UNPACKED_BYTES:
            raise SourceError(
                self.request.named_at,
                f"the text of {self.request.shown}'s cells comes to more than {MAX_UNPACKED_BYTES} characters, "
                "more than a workbook unpacks to",
            )
        if cell.length <= MAX_TEXT_CHARS:
            cell.paragraph.append(text)
            cell.length += len(text)

    def _end_cell(self, cell: _OdsCell) -> None:
        """The cell's value given to each column it repeats over, and noted as the first cell
        of the merged range it starts, if it starts one. A cell that cannot be read is the
        row's fault."""
        self._cell = None
        self._column += cell.repeat
        row, table = self._row, self.table
        assert row is not None and table is not None
        if row.fault is not None:
            return
        try:
            value = _value(cell, cell_loc(table, row.number, cell.column))
            last = cell.column + cell.repeat - 1
            if value is not None and last > MAX_COLUMNS:
                raise beyond_last_column(cell_loc(table, row.number, max(cell.column, MAX_COLUMNS + 1)))
        except SourceError as error:
            row.fault = error
            return
        if value is None:
            return
        row.cells.extend(Cell(value, cell_loc(table, row.number, column)) for column in range(cell.column, last + 1))
        rows = _count(cell.attributes, _TABLE + "number-rows-spanned")
        columns = _count(cell.attributes, _TABLE + "number-columns-spanned")
        if rows > 1 or columns > 1:
            self.merges[(row.number, cell.column)] = Merge(
                row.number, cell.column, row.number + rows - 1, cell.column + columns - 1
            )


def _value(cell: _OdsCell, loc: Loc) -> object | None:
    """A cell as the spreadsheet shows it: the text it shows (a number the number, when it
    shows it plainly), or, when it shows none, its value; None for an empty one."""
    attributes = cell.attributes
    shown = "\n".join(cell.paragraphs) if cell.paragraphs else None
    if cell.length > MAX_TEXT_CHARS:
        raise SourceError(loc, f"text of more than {MAX_TEXT_CHARS} characters; a value holds at most {MAX_TEXT_CHARS}")
    if attributes.get(_CALCEXT + "value-type") == "error":
        raise SourceError(loc, saved_error(shown or "of a formula"))
    kind = attributes.get(_OFFICE + "value-type", "void")
    formula = _TABLE + "formula" in attributes
    if kind == "void" and formula:
        raise SourceError(loc, NO_SAVED_VALUE)
    if kind in _NUMBERS:
        number = _number(attributes.get(_OFFICE + "value"), loc, formula)
        if shown is None:
            return number
        return shown_number(shown, number) if shown.strip() else None
    if shown is not None:
        return shown if shown.strip() else None
    raw = attributes.get(_RAW.get(kind, ""), "")
    return (raw.upper() if kind == "boolean" else raw) if raw.strip() else None


def _number(text: str | None, loc: Loc, formula: bool) -> float:
    """A number cell's value, exactly as written where it is a whole number."""
    if text is None:
        raise SourceError(loc, NO_SAVED_VALUE if formula else "a number cell with no number: the file is damaged")
    number = plain_number(text)
    if number is None:
        try:
            number = float(text)
        except ValueError:
            raise SourceError(loc, f"a number cell holding {text[:40]!r}: the file is damaged") from None
    check_number(number, loc)
    return whole(number)


def _count(attributes: dict[str, str], name: str) -> int:
    """A repeat or span count: a whole number from 1 (1 when not given)."""
    number = int(attributes.get(name, "1"))
    if number < 1:
        raise ValueError(f"{name.rpartition(' ')[2]}={number}")
    return number


def _ods_rows(request: TableRequest) -> TableRows:
    """The rows of the sheet a request reads, each cell as the spreadsheet shows it."""
    check_archive(request.path, request.shown, request.named_at, ".ods")
    content = _Content(request)
    try:
        archive = zipfile.ZipFile(request.path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise unreadable(request.shown, request.named_at, ".ods", exc) from None
    try:
        feeding = _fed(archive, content, request)
        while content.table is None and next(feeding, False):
            pass
        if content.table is None:
            raise no_such_sheet(request, content.names)
    except BaseException:
        archive.close()
        raise
    rows = spread_merged(_rows(feeding, content, request), content.merges, content.table)
    return TableRows(content.table, closing_after(shown_rows(rows, request), archive))


def _fed(archive: zipfile.ZipFile, content: _Content, request: TableRequest) -> Iterator[bool]:
    """content.xml fed to expat a chunk at a time, True after each; a damaged file's error
    (of whichever kind) a SourceError."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = content.start
    parser.EndElementHandler = content.end
    parser.CharacterDataHandler = content.text
    try:
        with archive.open("content.xml") as stream:
            yield from _chunks(parser, stream)
    except (expat.ExpatError, LookupError, ValueError, OSError, zipfile.BadZipFile, zlib.error, EOFError) as exc:
        raise unreadable(request.shown, request.named_at, ".ods", exc) from None


def _chunks(parser: expat.XMLParserType, stream: IO[bytes]) -> Iterator[bool]:
    while chunk := stream.read(_CHUNK):
        parser.Parse(chunk, False)
        yield True
    parser.Parse(b"", True)
    yield True


def _rows(feeding: Iterator[bool], content: _Content, request: TableRequest) -> Iterator[SheetRow]:
    """The sheet's rows from row 1, parsed as they are asked for. Empty rows are held back
    until a filled one follows, so the empty rows a sheet ends with are never read out."""
    assert content.table is not None
    empty = 0
    while True:
        while content.ready:
            row = content.ready.popleft()
            if not row.cells and row.fault is None:
                empty += row.repeat
                continue
            for _ in range(empty):
                yield SheetRow()
            empty = 0
            yield from _repeated(row, content.table, request)
        if content.done or not next(feeding, False):
            return


def _repeated(row: _OdsRow, table: Loc, request: TableRequest) -> Iterator[SheetRow]:
    """A row as many times as it repeats, each time at its own number."""
    for number in range(row.number, row.number + row.repeat):
        if row.fault is not None and not skipped(request, number, row.hidden):
            raise row.fault
        if number > row.number:
            row.cells = [Cell(cell.value, cell_loc(table, number, cell.loc.column)) for cell in row.cells]
        yield SheetRow(row.cells, row.hidden)


ODS = TableFormat("ods", _ods_rows, has_sheets=True)
