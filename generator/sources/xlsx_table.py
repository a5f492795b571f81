"""XLSX workbooks: each cell as the workbook shows it. Registered as the `xlsx` table format
(tables.py); the OpenDocument reader (ods_table.py) shares what both formats need.

- A formula gives the value the workbook saved with it; cutsheet never computes one. A
  formula with no saved value (a workbook written by a program, never opened and saved) is
  an error at its cell, and so is a saved error (`#DIV/0!`).
- A number in the General format stays a number (a whole float becomes an int). In any other
  number format (a date, a percentage, a currency, `#,##0`) it reads as the text the
  workbook shows (`5-Jan-23`, `25%`, `$1,234.50`), formatted by the `ssf` package, a port
  of the formatter spreadsheet programs' own file readers use; when that text is the number
  itself written plainly (`3`, `2.5`), it stays the number. TRUE and FALSE read as shown.
- A merged range gives its value to every cell it covers; with `skip_hidden`, hidden rows
  (after the header) are left out and a hidden worksheet is never the one picked by default.

How, and what it costs: openpyxl's read-only mode streams the rows (values saved, number
formats, worksheet states) but says nothing of merged ranges, hidden rows, or which empty
cells hold a formula. One streaming pass of the worksheet's XML with expat (`_SheetFacts`)
finds those first: the worksheet is read twice, once by a C parser that keeps only the few
facts it finds. (openpyxl's full mode gives them too, but holds every cell of the workbook
in memory; python-calamine, asked too, lays the used area out as a dense grid: a 5 kB
workbook of two cells, A1 and WQJ6000, took it 6 s and 3 GB.)

A workbook is a zip of XML parts: every size is bounded before any reader reads a part."""

import functools
import math
import warnings
import zipfile
import zlib
from collections.abc import Iterable, Iterator, MutableMapping, Sequence
from pathlib import Path
from typing import Any, TypeVar
from xml.parsers import expat

from msgspec import Struct, field

from generator.sources.csv_table import plain_number
from generator.sources.errors import Loc, SourceError
from generator.sources.loader import check_number
from generator.sources.tables import (
    MAX_CELLS,
    MAX_COLUMNS,
    MAX_ROWS,
    Cell,
    TableFormat,
    TableRequest,
    TableRows,
    cell_loc,
    did_you_mean,
)

#: A workbook's parts unpacked, together: a workbook of MAX_ROWS rows of ten fields unpacks
#: to about 10 MB; openpyxl holds all of a workbook's text in memory.
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
#: No part of a workbook above 1 MB unpacked packs this many times smaller: a spreadsheet's
#: parts pack 5 to 25 times, a zip bomb's 1000 times.
MAX_PACKING = 100
_PACKING_CHECKED_ABOVE = 1024 * 1024
#: A workbook's parts: a spreadsheet writes a dozen, and a picture adds one or two.
MAX_PARTS = 1000
#: XML elements in all of a workbook's parts: openpyxl's time and memory grow with them. A
#: table of MAX_CELLS filled cells is about 600,000.
MAX_XML_ELEMENTS = 1_000_000
#: Cells of one worksheet row, as a spreadsheet's widest row (column XFD).
MAX_ROW_CELLS = 16_384
#: Merged ranges of one worksheet: a table of MAX_CELLS cells holds at most half as many
#: ranges of two cells or more.
MAX_MERGED = MAX_CELLS // 2
#: A number format's characters: spreadsheet programs write at most 255.
MAX_FORMAT_CHARS = 255
NO_SAVED_VALUE = (
    "a formula with no saved value: open and save the workbook in a spreadsheet program so it stores the result"
)
BEYOND_LAST_COLUMN = f"a value beyond column {MAX_COLUMNS}: a table has at most {MAX_COLUMNS} columns"
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main "

_Row = TypeVar("_Row")


# --- what the formats share ---------------------------------------------------------------------


class Merge(Struct, frozen=True):
    """A merged range: its first (top-left) cell and its last row and column."""

    row: int
    column: int
    last_row: int
    last_column: int


class SheetRow(Struct, frozen=True):
    """A worksheet row's filled cells, and whether the worksheet hides the row."""

    cells: list[Cell] = field(default_factory=list)
    hidden: bool = False


def check_archive(path: Path, shown: str, named_at: Loc, suffix: str) -> None:
    """A workbook is a zip of XML parts. Before any reader reads one, what it would read is
    bounded: the parts' sizes as the zip states them (zipfile never unpacks more than that),
    together and each by how far it packed, then the XML elements they hold."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            _check_sizes(members, shown, named_at)
            _check_elements(archive, members, shown, named_at)
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, NotImplementedError, RuntimeError) as exc:
        raise unreadable(shown, named_at, suffix, exc) from None


def unreadable(shown: str, named_at: Loc, suffix: str, problem: object) -> SourceError:
    return SourceError(named_at, f"{shown} is not a readable {suffix} workbook ({problem})")


def wanted(request: TableRequest, name: str, hidden: bool) -> bool:
    """Whether a worksheet is the one to read: the one `sheet:` names, else the first (the
    first not hidden, with skip_hidden)."""
    if request.sheet is not None:
        return name == request.sheet
    return not (request.skip_hidden and hidden)


def no_such_sheet(request: TableRequest, names: Sequence[str]) -> SourceError:
    """The error when no worksheet is `wanted`, naming those there are."""
    if request.sheet is not None:
        return SourceError(
            request.named_at,
            f"no worksheet {request.sheet!r} in {request.shown}{did_you_mean(request.sheet, names)} "
            f"(it has: {', '.join(names)})",
        )
    if names:
        return SourceError(
            request.named_at,
            f"every worksheet of {request.shown} is hidden: name one with sheet: (it has: {', '.join(names)})",
        )
    return SourceError(request.named_at, f"{request.shown} has no worksheet")


def skipped(request: TableRequest, number: int, hidden: bool) -> bool:
    """Whether row `number` is left out: hidden, after the header, with skip_hidden."""
    return request.skip_hidden and hidden and number > 1


def shown_rows(rows: Iterable[SheetRow], request: TableRequest) -> Iterator[list[Cell]]:
    """Each row's cells, a row left out (`skipped`) as a blank one, so every row keeps its number."""
    for number, row in enumerate(rows, 1):
        yield [] if skipped(request, number, row.hidden) else row.cells


def spread_merged(
    rows: Iterable[SheetRow], merges: MutableMapping[tuple[int, int], Merge], table: Loc
) -> Iterator[SheetRow]:
    """The rows (numbered from 1), each cell a merged range covers holding the value of the
    range's first cell. `merges` maps a range's first cell to it, and may be filled as the
    rows are read; a range reaching below the last row read still fills its rows."""
    active: list[tuple[Merge, object]] = []
    number = 0
    for number, row in enumerate(rows, 1):
        active = [(merge, value) for merge, value in active if merge.last_row >= number]
        for cell in row.cells:
            merge = merges.pop((number, cell.loc.column), None)
            if merge is not None:
                active.append((merge, cell.value))
        yield SheetRow(_covered(row.cells, active, number, table), row.hidden) if active else row
    while active := [(merge, value) for merge, value in active if merge.last_row > number]:
        number += 1
        yield SheetRow(_covered([], active, number, table))


def _covered(cells: list[Cell], active: list[tuple[Merge, object]], number: int, table: Loc) -> list[Cell]:
    """A row's cells with those of the merged ranges over it; a range reaching past the last
    column, or two ranges over one cell (a damaged workbook), an error at that cell. Ranges
    that overlap nowhere cover at most MAX_COLUMNS cells of a row, so a row costs no more."""
    by_column = {cell.loc.column: cell for cell in cells}
    covered: set[int] = set()
    for merge, value in active:
        for column in range(merge.column, merge.last_column + 1):
            loc = cell_loc(table, number, column)
            if column > MAX_COLUMNS:
                raise beyond_last_column(loc)
            if column in covered:
                raise SourceError(loc, "two merged ranges cover this cell: the workbook is damaged")
            covered.add(column)
            by_column[column] = Cell(value, loc)
    return [by_column[column] for column in sorted(by_column)]


def closing_after(rows: Iterator[list[Cell]], workbook: Any) -> Iterator[list[Cell]]:
    """The rows, the workbook (or its zip file) closed once they are read, or the reading stops."""
    try:
        yield from rows
    finally:
        workbook.close()


def beyond_last_column(loc: Loc) -> SourceError:
    return SourceError(loc, BEYOND_LAST_COLUMN)


def shown_number(text: str, value: float) -> object:
    """A formatted number as the spreadsheet shows it: the number, when the text shown is it
    written plainly (`3`, `2.5`, or `2,5` with a decimal comma), else the text (`$1,234.50`,
    `25%`, `2.50`)."""
    for written in (text, text.replace(",", ".", 1)) if "." not in text else (text,):
        number = plain_number(written)
        if number is not None and math.isclose(number, value, rel_tol=1e-9):
            return number
    return text


def saved_error(value: object) -> str:
    return f"the cell shows the error {value}: correct its formula, then save the workbook again"


def whole(value: float) -> float:
    """A number as a table gives it: a whole float an int."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


# --- the archive's bounds -------------------------------------------------------------------------


def _check_sizes(members: list[zipfile.ZipInfo], shown: str, named_at: Loc) -> None:
    if len(members) > MAX_PARTS:
        raise SourceError(named_at, f"{shown} has {len(members)} parts; a workbook has at most {MAX_PARTS}")
    total = sum(member.file_size for member in members)
    if total > MAX_UNPACKED_BYTES:
        raise SourceError(
            named_at, f"{shown} unpacks to {total} bytes; a workbook unpacks to at most {MAX_UNPACKED_BYTES} bytes"
        )
    for member in members:
        if member.file_size > _PACKING_CHECKED_ABOVE and member.file_size > MAX_PACKING * member.compress_size:
            raise SourceError(
                named_at,
                f"{shown}: its part {member.filename} unpacks {member.file_size // max(member.compress_size, 1)} "
                f"times larger; a workbook's parts unpack at most {MAX_PACKING} times larger",
            )


def _check_elements(archive: zipfile.ZipFile, members: list[zipfile.ZipInfo], shown: str, named_at: Loc) -> None:
    """Every part streamed through expat, counting elements and each row's cells: the
    readers' time and memory grow with them, and openpyxl holds a whole row at once. A part
    that is not XML (a picture) ends its parse at once; a damaged one is left to the reader."""
    count = _ElementCount(shown, named_at)
    for member in members:
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartElementHandler = count.start
        parser.StartDoctypeDeclHandler = count.doctype
        count.cells = 0
        with archive.open(member) as stream:
            try:
                parser.ParseFile(stream)
            except (expat.ExpatError, LookupError):  # LookupError: an encoding Python does not know
                continue


class _ElementCount:
    """Counts the elements of a workbook's XML as expat reads it, and the cells of its rows."""

    def __init__(self, shown: str, named_at: Loc):
        self.shown = shown
        self.named_at = named_at
        self.elements = 0
        self.cells = 0

    def start(self, name: str, _attributes: object) -> None:
        self.elements += 1
        if self.elements > MAX_XML_ELEMENTS:
            raise SourceError(
                self.named_at,
                f"{self.shown} holds more than {MAX_XML_ELEMENTS} XML elements; a workbook holds at most that",
            )
        local = name.rpartition(" ")[2]
        if local == "row":
            self.cells = 0
        elif local == "c":
            self.cells += 1
            if self.cells > MAX_ROW_CELLS:
                raise SourceError(
                    self.named_at,
                    f"{self.shown} has a row of more than {MAX_ROW_CELLS} cells, more than a worksheet holds",
                )

    def doctype(self, *_declaration: object) -> None:
        raise SourceError(self.named_at, f"{self.shown} declares a DTD: a workbook's XML has none")


# --- XLSX -----------------------------------------------------------------------------------------


def _workbook_rows(request: TableRequest) -> TableRows:
    """The rows of a workbook's worksheet, each cell as the workbook shows it."""
    check_archive(request.path, request.shown, request.named_at, ".xlsx")
    book = _open_workbook(request)
    try:
        worksheet = _worksheet(book, request)
        table = Loc(request.shown, 1, 1, worksheet.title)
        facts = _sheet_facts(request, worksheet)
    except BaseException:
        book.close()
        raise
    read = _guarded(enumerate(worksheet.iter_rows(), 1), request)
    rows = (
        SheetRow(_workbook_cells(cells, number, table, facts, request), number in facts.hidden)
        for number, cells in read
    )
    return TableRows(table, closing_after(shown_rows(spread_merged(rows, facts.merges, table), request), book))


def _open_workbook(request: TableRequest) -> Any:
    import openpyxl  # only projects with workbooks pay for importing it

    try:
        with warnings.catch_warnings():  # what openpyxl cannot use (styles, extensions) is no mistake of the deck
            warnings.simplefilter("ignore")
            return openpyxl.load_workbook(request.path, read_only=True, data_only=True)
    except Exception as exc:  # a damaged workbook makes openpyxl raise any kind of exception
        raise unreadable(request.shown, request.named_at, ".xlsx", exc) from None


def _worksheet(book: Any, request: TableRequest) -> Any:
    """The worksheet `wanted`, its declared size ignored: a workbook may claim any size, and
    openpyxl would pad every row to it."""
    for worksheet in book.worksheets:
        if wanted(request, worksheet.title, worksheet.sheet_state != "visible"):
            worksheet.reset_dimensions()
            return worksheet
    raise no_such_sheet(request, [worksheet.title for worksheet in book.worksheets])


def _guarded(rows: Iterator[_Row], request: TableRequest) -> Iterator[_Row]:
    """The rows openpyxl reads, a damaged workbook's exception (of any kind) a SourceError."""
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except Exception as exc:
            raise unreadable(request.shown, request.named_at, ".xlsx", exc) from None
        yield row


def _workbook_cells(
    cells: Sequence[Any], number: int, table: Loc, facts: "_SheetFacts", request: TableRequest
) -> list[Cell]:
    """The filled cells of a worksheet row, each as the workbook shows it. The cells of a row
    left out are read only for the merged ranges they start: one that cannot be is left out."""
    if facts.refused is not None and facts.refused[0] == number:
        row, column, message = facts.refused
        raise SourceError(cell_loc(table, row, column), message)
    lenient = skipped(request, number, number in facts.hidden)
    filled = []
    for column, cell in enumerate(cells[:MAX_COLUMNS], 1):
        if cell.value is None:
            continue
        loc = cell_loc(table, number, column)
        try:
            value = _shown(cell, loc)
        except SourceError:
            if lenient:
                continue
            raise
        if not (isinstance(value, str) and not value.strip()):
            filled.append(Cell(value, loc))
    return filled


def _shown(cell: Any, loc: Loc) -> object:
    """A workbook cell as the workbook shows it: text as it is, a number in the General
    format as a number, anything else (a date, a percentage, a currency, TRUE) formatted."""
    value = cell.value
    if cell.data_type == "e":
        raise SourceError(loc, saved_error(value))
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    check_number(value, loc)
    number_format = cell.number_format or "General"
    if number_format.casefold() == "general" and isinstance(value, (int, float)):
        return whole(value)
    text = _formatted(number_format, value, loc).strip()
    return shown_number(text, value) if isinstance(value, (int, float)) else text


def _formatted(number_format: str, value: object, loc: Loc) -> str:
    """`value` shown in `number_format`; a format that cannot be shown, an error at the cell."""
    if len(number_format) > MAX_FORMAT_CHARS:
        raise SourceError(
            loc,
            f"a number format of {len(number_format)} characters: a spreadsheet writes at most {MAX_FORMAT_CHARS}",
        )
    try:
        return _format(number_format, value)
    except Exception as exc:  # ssf raises any kind of exception on a format it cannot read
        raise SourceError(
            loc, f"cannot show this cell in its number format {number_format!r} ({exc}): give the cell another format"
        ) from None


@functools.lru_cache(maxsize=4096)
def _format(number_format: str, value: object) -> str:
    """The text ssf shows, remembered: a deck's prices and dates repeat, and ssf takes some
    30 microseconds a cell. A format ssf warns of (it then shows something else) raises."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return str(_formatter().format(number_format, value))


@functools.cache
def _formatter() -> Any:
    """The number formatter, made once and only when a cell has a format other than General.
    Its locale mode is off: a workbook's formats say their own symbols and separators."""
    from ssf import SSF  # type: ignore[import-untyped]

    return SSF(locale_support=False, decimal_separator=".", thousands_separator=",")


# --- what openpyxl's read-only mode does not give -----------------------------------------------


class _SheetFacts:
    """What one pass over a worksheet's XML finds: its hidden rows (with skip_hidden, up to
    the last row a table may have), its merged ranges by their first cell, and the first cell
    of a row to be read that is refused, with why: a formula with no saved value, or a value
    beyond the last column (openpyxl would give a whole row of empty cells to look through).
    Cells are placed as openpyxl's read-only mode places them: in the row they are written
    in, at the column their reference names (the next one when it names none)."""

    def __init__(self, skip_hidden: bool):
        from openpyxl.utils.cell import column_index_from_string, range_boundaries

        self._column_index, self._range_boundaries = column_index_from_string, range_boundaries
        self.skip_hidden = skip_hidden
        self.hidden: set[int] = set()
        self.merges: dict[tuple[int, int], Merge] = {}
        self.refused: tuple[int, int, str] | None = None
        self._row = 0
        self._column = 0
        self._cell: _XmlCell | None = None

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if name == _MAIN + "row":
            self._row = _integer(attributes["r"]) if "r" in attributes else self._row + 1
            self._column = 0
            if self.skip_hidden and attributes.get("hidden") in ("1", "true") and self._row <= MAX_ROWS + 1:
                self.hidden.add(self._row)
        elif name == _MAIN + "c":
            reference = attributes.get("r")
            self._column = self._column_index(reference.rstrip("0123456789")) if reference else self._column + 1
            self._cell = _XmlCell(self._row, self._column, attributes.get("t", "n"))
        elif self._cell is not None and name in (_MAIN + "f", _MAIN + "v", _MAIN + "is"):
            self._cell.parts.add(name.removeprefix(_MAIN))
        elif name == _MAIN + "mergeCell":
            self._merge(attributes.get("ref", ""))

    def text(self, data: str) -> None:
        if self._cell is not None and "v" in self._cell.parts:
            self._cell.parts.add("value")

    def end(self, name: str) -> None:
        if self._cell is None:
            return
        if name == _MAIN + "v":
            self._cell.parts.discard("v")
        elif name == _MAIN + "c":
            self._check(self._cell)
            self._cell = None

    def _check(self, cell: "_XmlCell") -> None:
        """Notes the first refused cell of the rows to be read."""
        if self.refused is not None or (cell.row in self.hidden and cell.row > 1):
            return
        if cell.column <= MAX_COLUMNS and "f" in cell.parts and "value" not in cell.parts and cell.kind != "str":
            self.refused = (cell.row, cell.column, NO_SAVED_VALUE)
        elif cell.column > MAX_COLUMNS and ("value" in cell.parts or "is" in cell.parts):
            self.refused = (cell.row, cell.column, BEYOND_LAST_COLUMN)

    def _merge(self, ref: str) -> None:
        first_column, first_row, last_column, last_row = self._range_boundaries(ref)
        if first_column is None or first_row is None or last_column is None or last_row is None:
            raise ValueError(f"merged range {ref!r} is not a range of cells")
        self.merges[(first_row, first_column)] = Merge(first_row, first_column, last_row, last_column)
        if len(self.merges) > MAX_MERGED:
            raise OverflowError(f"more than {MAX_MERGED} merged ranges")


class _XmlCell(Struct):
    """A worksheet cell as its XML is read: its place, its type, and which of a formula (f),
    a saved value (`value`, once its v holds text; `v` while it is read) and inline text
    (is) it holds."""

    row: int
    column: int
    kind: str
    parts: set[str] = field(default_factory=set)


def _integer(text: str) -> int:
    """A row number as openpyxl reads it: an integer, written plainly or as a whole float."""
    number = float(text)
    if not number.is_integer():
        raise ValueError(f"{text} is not a valid row number")
    return int(number)


def _sheet_facts(request: TableRequest, worksheet: Any) -> _SheetFacts:
    """The facts of the worksheet's XML part, which openpyxl's read-only worksheet names."""
    facts = _SheetFacts(request.skip_hidden)
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = facts.start
    parser.EndElementHandler = facts.end
    parser.CharacterDataHandler = facts.text
    try:
        with zipfile.ZipFile(request.path) as archive, archive.open(worksheet._worksheet_path) as stream:
            parser.ParseFile(stream)
    except Exception as exc:  # openpyxl's reading of a damaged place raises any kind of exception
        raise unreadable(request.shown, request.named_at, ".xlsx", exc) from None
    return facts


XLSX = TableFormat("xlsx", _workbook_rows, has_sheets=True)
