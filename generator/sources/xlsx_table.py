"""XLSX workbooks, read through openpyxl: the values that formulas computed when the
workbook was last saved; a formula with no saved value is an error, never evaluated. A
component file's `sheet:` names the worksheet (the first one otherwise). Registered as the
`xlsx` table format (tables.py).

A workbook is a zip of XML parts: every size is bounded before openpyxl reads a part."""

import warnings
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any, TypeVar
from xml.parsers import expat

from generator.sources.errors import Loc, SourceError
from generator.sources.loader import LocList, check_number
from generator.sources.tables import MAX_COLUMNS, Cell, TableFormat, cell_loc, check_width, items_of

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
NO_SAVED_VALUE = (
    "a formula with no saved value: open and save the workbook in a spreadsheet program so it stores the result"
)

_Row = TypeVar("_Row")


def _workbook_items(path: Path, shown: str, sheet: str | None, named_at: Loc) -> LocList:
    """The items of a workbook's worksheet. The workbook is read twice side by side, for the
    values formulas saved and for which cells hold formulas: openpyxl reads one or the other."""
    _check_archive(path, shown, named_at)
    with (
        closing(_open_workbook(path, shown, named_at, data_only=True)) as values_book,
        closing(_open_workbook(path, shown, named_at, data_only=False)) as formulas_book,
    ):
        values = _worksheet(values_book, sheet, shown, named_at)
        formulas = _worksheet(formulas_book, sheet, shown, named_at)
        table = Loc(shown, 1, 1, values.title)
        rows = _guarded(zip(values.iter_rows(), formulas.iter_rows(values_only=True), strict=True), shown, named_at)
        return items_of((_workbook_cells(v, f, number, table) for number, (v, f) in enumerate(rows, 1)), table)


def _check_archive(path: Path, shown: str, named_at: Loc) -> None:
    """A workbook is a zip of XML parts. Before openpyxl reads any, what it would read is
    bounded: the parts' sizes as the zip states them (zipfile never unpacks more than that),
    together and each by how far it packed, then the XML elements they hold."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            _check_sizes(members, shown, named_at)
            _check_elements(archive, members, shown, named_at)
    except (zipfile.BadZipFile, zlib.error, OSError, ValueError, NotImplementedError, RuntimeError) as exc:
        raise SourceError(named_at, f"{shown} is not a readable .xlsx workbook ({exc})") from None


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
    """Every part streamed through expat, counting elements and each row's cells: openpyxl's
    time and memory grow with them, and it holds a whole row at once. A part that is not XML
    (a picture) ends its parse at once; a damaged one is left to openpyxl to report."""
    count = _ElementCount(shown, named_at)
    for member in members:
        parser = expat.ParserCreate(namespace_separator=" ")
        parser.StartElementHandler = count.start
        parser.StartDoctypeDeclHandler = count.doctype
        count.cells = 0
        with archive.open(member) as stream:
            try:
                parser.ParseFile(stream)
            except expat.ExpatError:
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


def _open_workbook(path: Path, shown: str, named_at: Loc, *, data_only: bool) -> Any:
    import openpyxl  # only projects with workbooks pay for importing it

    try:
        with warnings.catch_warnings():  # what openpyxl cannot use (styles, extensions) is no mistake of the deck
            warnings.simplefilter("ignore")
            return openpyxl.load_workbook(path, read_only=True, data_only=data_only)
    except Exception as exc:  # a damaged workbook makes openpyxl raise any kind of exception
        raise SourceError(named_at, f"{shown} is not a readable .xlsx workbook ({exc})") from None


def _worksheet(book: Any, sheet: str | None, shown: str, named_at: Loc) -> Any:
    """The named worksheet (the first when none is named), its declared size ignored: a
    workbook may claim any size, and openpyxl would pad every row to it."""
    sheets = {worksheet.title: worksheet for worksheet in book.worksheets}
    if sheet is not None and sheet not in sheets:
        raise SourceError(named_at, f"no worksheet {sheet!r} in {shown} (it has: {', '.join(sheets)})")
    if not sheets:
        raise SourceError(named_at, f"{shown} has no worksheet")
    worksheet = sheets[sheet] if sheet is not None else next(iter(sheets.values()))
    worksheet.reset_dimensions()
    return worksheet


def _guarded(rows: Iterator[_Row], shown: str, named_at: Loc) -> Iterator[_Row]:
    """The rows openpyxl reads, a damaged workbook's exception (of any kind) a SourceError."""
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except Exception as exc:
            raise SourceError(named_at, f"{shown} is not a readable .xlsx workbook ({exc})") from None
        yield row


def _workbook_cells(values: Sequence[Any], formulas: Sequence[object], number: int, table: Loc) -> list[Cell]:
    """The filled cells of a worksheet row, from its cells as saved and its formulas. A
    formula's saved text result may be empty ("" has type str); an empty number is none."""
    check_width(formulas, None, number, table)
    cells = []
    for column, (cell, formula) in enumerate(zip(values[:MAX_COLUMNS], formulas[:MAX_COLUMNS], strict=False), 1):
        if cell.value is None and formula is None:
            continue
        loc = cell_loc(table, number, column)
        if cell.value is None and cell.data_type != "str":
            raise SourceError(loc, NO_SAVED_VALUE)
        value = _cell_value(cell.value, loc)
        if not (isinstance(value, str) and not value.strip()):
            cells.append(Cell(value, loc))
    return cells


def _cell_value(value: Any, loc: Loc) -> object:
    """A workbook cell: numbers stay numbers (a whole float becomes an int), text stays text,
    anything else (a date, a time) becomes the text it shows."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        check_number(value, loc)
        return int(value) if isinstance(value, float) and value.is_integer() else value
    return value if isinstance(value, str) else str(value)


XLSX = TableFormat("xlsx", _workbook_items, has_sheets=True)
