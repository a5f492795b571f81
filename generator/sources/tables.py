"""Items from a spreadsheet: a CSV or XLSX table beside a component file (`data: cards.csv`).

Each row is an item and each column a field; the header is row 1. Blank rows are skipped
and an empty cell leaves its field out, as an absent YAML key would. A list or a nested
field is spread over columns named with dotted paths, counting list places from 1:

    title, rent.1, rent.2, rent.3, steps.1.step, steps.1.text
    -> {title: ..., rent: [.., .., ..], steps: [{step: .., text: ..}]}

Cells holding a whole number or a decimal written the way Python writes it (`60`, `2.5`)
become numbers, so `count` and numeric fields work; anything else stays text (`007` too).
Every value keeps its cell as its place: `cards.csv:14:3` (row 14, column 3) or, in a
workbook, `cards.xlsx:Cards!C14`, so every later check names the cell.

CSV: UTF-8 with or without a BOM, comma- or semicolon-separated (whichever splits the
header into more columns), any line ends (\\n, \\r\\n, or \\r as older Macs write), quoted
cells may hold line breaks. XLSX: through openpyxl, the values that formulas computed when
the workbook was last saved; a formula with no saved value is an error, never evaluated.

Every size is bounded before it costs memory: the file, a workbook's unpacked parts, rows,
columns, filled cells and the parts of a dotted column name (the limits below).
"""

import csv
import re
import warnings
import zipfile
import zlib
from collections.abc import Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar
from xml.parsers import expat

from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.loader import MAX_DIGITS, TOO_MANY_DIGITS, LocDict, LocList, check_number, check_text, read_text

#: No deck has more cards than this; a larger table is a mistake (or hostile).
MAX_ROWS = 20_000
#: No card has this many fields, a list spread over columns included.
MAX_COLUMNS = 200
#: Filled cells in one table: 10,000 cards of 20 fields. Each becomes a located value, so
#: this bounds the memory a table takes whatever its shape.
MAX_CELLS = 200_000
#: A CSV or XLSX file on disk: ten times a deck of 10,000 cards of 20 fields.
MAX_TABLE_BYTES = 16 * 1024 * 1024
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
#: The parts of a dotted column name (steps.2.text has 3): fields nest only a few levels.
MAX_PATH_PARTS = 8
TABLE_SUFFIXES = (".csv", ".xlsx")
_INTEGER = re.compile(r"^-?(0|[1-9][0-9]*)$")
_DECIMAL = re.compile(r"^-?(0|[1-9][0-9]*)\.[0-9]*[1-9]$")
#: A field name, or a list place: no list spreads over more places than a table has columns.
_PART = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*|[1-9][0-9]{0,2})$")
#: Read after a CSV's last line: no text holds it (a lone surrogate is not UTF-8), so a value
#: that ends with it is a quoted value that was never closed.
_END = "\ud800"
_UNCLOSED = 'a quote opens this cell and is never closed, so every row after it would be in it: add the closing "'
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
NO_SAVED_VALUE = (
    "a formula with no saved value: open and save the workbook in a spreadsheet program so it stores the result"
)

_Row = TypeVar("_Row")


@dataclass(frozen=True, slots=True)
class Cell:
    """A filled cell: its value as read and its place."""

    value: object
    loc: Loc


def read_items(path: Path, sheet: str | None, named_at: Loc) -> LocList:
    """The items of a table file, each a LocDict whose values remember their cells.
    `named_at` is where the component file names the table (for errors about the file)."""
    shown = display_path(path)
    if path.suffix.lower() not in TABLE_SUFFIXES:
        raise SourceError(named_at, f"expected a table file ending in .csv or .xlsx, got {path.name!r}")
    if not path.is_file():
        raise SourceError(named_at, f"table file {shown!r} not found")
    size = path.stat().st_size
    if size > MAX_TABLE_BYTES:
        raise SourceError(named_at, f"{shown} is {size} bytes; a table file is at most {MAX_TABLE_BYTES} bytes")
    if path.suffix.lower() == ".csv":
        if sheet is not None:
            raise SourceError(named_at, "'sheet' names a worksheet of an .xlsx workbook; a CSV file has none")
        return _items(_csv_rows(path, shown), Loc(shown, 1, 1))
    return _workbook_items(path, shown, sheet, named_at)


# --- CSV ----------------------------------------------------------------------------------------


def _csv_rows(path: Path, shown: str) -> Iterator[list[Cell]]:
    """The filled cells of each row, in order; SourceError at the row and column where a
    quote opens that no later quote closes (it would swallow every row after it)."""
    text = read_text(path, shown, MAX_TABLE_BYTES)
    table = Loc(shown, 1, 1)
    number = 0
    try:
        reader = csv.reader(_lines(text), delimiter=_delimiter(text))
        for number, values in enumerate(reader, 1):
            if values == [_END]:
                return
            if values and values[-1].endswith(_END):
                raise SourceError(Loc(shown, number, len(values)), _UNCLOSED)
            yield _csv_cells(values, number, table)
    except csv.Error as exc:
        raise SourceError(
            Loc(shown, number + 1, 1), f"cannot read this row ({exc}): is a quote never closed?"
        ) from None


def _lines(text: str) -> Iterator[str]:
    """The text's lines, each with its line end (LF, CR LF or CR), then the end mark: on a
    line of its own, or inside a value whose quote is still open."""
    for line in _LINE.finditer(text):
        yield line.group()
    yield _END


def _delimiter(text: str) -> str:
    """Comma or semicolon: whichever splits the first line into more columns."""
    first_line = re.split(r"\r\n|\r|\n", text, maxsplit=1)[0]
    return max(",;", key=lambda d: len(next(csv.reader([first_line], delimiter=d), [])))


def _csv_cells(values: list[str], number: int, table: Loc) -> list[Cell]:
    _check_width(values, "", number, table)
    cells = []
    for column, value in enumerate(values[:MAX_COLUMNS], 1):
        if value.strip():
            loc = _cell_loc(table, number, column)
            cells.append(Cell(_typed(value, loc), loc))
    return cells


def _typed(text: str, loc: Loc) -> object:
    """A CSV cell: a number when it is written as one, else its text."""
    if not (_INTEGER.match(text) or _DECIMAL.match(text)):
        return text
    if len(text.lstrip("-").split(".")[0]) > MAX_DIGITS:
        raise SourceError(loc, TOO_MANY_DIGITS)
    return float(text) if "." in text else int(text)


# --- XLSX ---------------------------------------------------------------------------------------


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
        return _items((_workbook_cells(v, f, number, table) for number, (v, f) in enumerate(rows, 1)), table)


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
    _check_width(formulas, None, number, table)
    cells = []
    for column, (cell, formula) in enumerate(zip(values[:MAX_COLUMNS], formulas[:MAX_COLUMNS], strict=False), 1):
        if cell.value is None and formula is None:
            continue
        loc = _cell_loc(table, number, column)
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


# --- rows into items ----------------------------------------------------------------------------


def _check_width(values: Sequence[object], empty: object, number: int, table: Loc) -> None:
    """No value beyond MAX_COLUMNS. Empty cells there (None or "", as the format reads them)
    are let be, since a worksheet's formatting may reach far right, and counted at C speed:
    a row may be thousands of cells wide."""
    extra = values[MAX_COLUMNS:]
    if extra.count(empty) == len(extra):
        return
    column = next(c for c, value in enumerate(extra, MAX_COLUMNS + 1) if value != empty)
    raise SourceError(
        _cell_loc(table, number, column),
        f"a value beyond column {MAX_COLUMNS}: a table has at most {MAX_COLUMNS} columns",
    )


def _cell_loc(table: Loc, row: int, column: int) -> Loc:
    return Loc(table.file, row, column, table.sheet)


def _items(rows: Iterator[list[Cell]], table: Loc) -> LocList:
    """The items of a table's rows (each its filled cells), row 1 naming the fields."""
    header = _header(next(rows, []), table)
    items = LocList()
    items.loc, items.item_locs = table, []
    filled = len(header)
    for number, row in enumerate(rows, 2):
        if number > MAX_ROWS + 1:
            raise SourceError(replace(table, line=number), f"more than {MAX_ROWS} rows: a table holds at most that")
        if not row:
            continue
        filled += len(row)
        if filled > MAX_CELLS:
            raise SourceError(row[0].loc, f"more than {MAX_CELLS} filled cells: a table holds at most that")
        extra = next((cell for cell in row if cell.loc.column > len(header)), None)
        if extra is not None:
            raise SourceError(extra.loc, "a value in a column with no name in the header row")
        item = _item([(header[cell.loc.column - 1], cell) for cell in row], replace(table, line=number))
        items.append(item)
        items.item_locs.append(item.loc)
    return items


def _header(cells: list[Cell], table: Loc) -> list[tuple[str, ...]]:
    """Each column's field path, up to the last named column."""
    if not cells:
        raise SourceError(table, "the table has no header row: row 1 names the fields, one per column")
    named = {cell.loc.column: cell for cell in cells}
    paths: list[tuple[str, ...]] = []
    seen: dict[tuple[str, ...], Loc] = {}
    for column in range(1, cells[-1].loc.column + 1):
        cell = named.get(column, Cell("", replace(table, column=column)))
        parts = _path(cell)
        if parts in seen:
            raise SourceError(cell.loc, f"column {_quoted(cell)} appears twice (first at {seen[parts]})")
        seen[parts] = cell.loc
        paths.append(parts)
    return paths


def _path(cell: Cell) -> tuple[str, ...]:
    """A header cell's field path: a name, or a dotted path of at most MAX_PATH_PARTS parts."""
    name = str(cell.value).strip()
    if name.count(".") >= MAX_PATH_PARTS:
        raise SourceError(
            cell.loc,
            f"column name of {name.count('.') + 1} dotted parts: a field path has at most {MAX_PATH_PARTS}",
        )
    parts = tuple(name.split("."))
    if not (all(_PART.match(p) for p in parts) and not parts[0].isdigit()):
        raise SourceError(
            cell.loc,
            f"column name {_quoted(cell)}: expected a field name, or a dotted path such as rent.1 or steps.2.text",
        )
    return parts


def _quoted(cell: Cell) -> str:
    """A header cell's text for a message, cut short when long."""
    name = str(cell.value).strip()
    return repr(name if len(name) <= 40 else name[:37] + "...")


def _item(fields: list[tuple[tuple[str, ...], Cell]], loc: Loc) -> LocDict:
    root: dict = {}
    for path, cell in fields:
        if isinstance(cell.value, str):
            check_text(cell.value, cell.loc)
        node = root
        for part in path[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise SourceError(cell.loc, f"column {'.'.join(path)!r} nests inside a field that holds a value")
        if path[-1] in node:
            raise SourceError(cell.loc, f"column {'.'.join(path)!r} clashes with another column's field")
        node[path[-1]] = cell
    return _located(root, loc)


def _located(node: dict, loc: Loc) -> LocDict:
    """A nested dict of Cells as LocDict/LocList values: numbered keys become lists."""
    out = LocDict()
    out.loc, out.key_locs, out.value_locs = loc, {}, {}
    for key, value in node.items():
        built, place = _value(value, key, loc)
        out[key] = built
        out.key_locs[key] = out.value_locs[key] = place
    return out


def _value(value: object, key: str, loc: Loc) -> tuple[object, Loc]:
    if isinstance(value, Cell):
        return value.value, value.loc
    assert isinstance(value, dict)
    first = _first_loc(value)
    if not all(k.isdigit() for k in value):
        return _located(value, first), first
    numbers = sorted(int(k) for k in value)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = next(n for n in range(1, numbers[-1] + 1) if n not in numbers)
        raise SourceError(first, f"list {key!r} has no place {missing}: number its columns {key}.1, {key}.2, ...")
    items = LocList()
    items.loc, items.item_locs = first, []
    for number in numbers:
        built, place = _value(value[str(number)], f"{key}.{number}", loc)
        items.append(built)
        items.item_locs.append(place)
    return items, first


def _first_loc(node: dict) -> Loc:
    return min((v.loc if isinstance(v, Cell) else _first_loc(v)) for v in node.values())
