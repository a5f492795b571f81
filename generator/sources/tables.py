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
header into more columns), quoted cells may hold line breaks. XLSX: through openpyxl, the
values that formulas computed when the workbook was last saved.
"""

import csv
import io
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.loader import MAX_FILE_BYTES, LocDict, LocList, check_text, read_text

#: No deck has more cards than this; a larger table is a mistake (or hostile).
MAX_ROWS = 20_000
TABLE_SUFFIXES = (".csv", ".xlsx")
_INTEGER = re.compile(r"^-?(0|[1-9][0-9]*)$")
_DECIMAL = re.compile(r"^-?(0|[1-9][0-9]*)\.[0-9]*[1-9]$")
_PART = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*|[1-9][0-9]*)$")


@dataclass(frozen=True)
class Cell:
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
    if path.suffix.lower() == ".csv":
        if sheet is not None:
            raise SourceError(named_at, "'sheet' names a worksheet of an .xlsx workbook; a CSV file has none")
        rows = list(_csv_rows(path, shown))
    else:
        rows = list(_xlsx_rows(path, shown, sheet, named_at))
    return _items(rows, Loc(shown, 1, 1, rows[0][0].loc.sheet if rows and rows[0] else None))


def _csv_rows(path: Path, shown: str) -> Iterator[list[Cell]]:
    text = read_text(path, shown)
    first_line = text.split("\n", 1)[0]
    delimiter = max(",;", key=lambda d: len(next(csv.reader([first_line], delimiter=d), [])))
    try:
        for index, row in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 1):
            if index > MAX_ROWS + 1:
                raise SourceError(Loc(shown, index, 1), f"more than {MAX_ROWS} rows: a table holds at most that")
            yield [Cell(_typed(value), Loc(shown, index, column)) for column, value in enumerate(row, 1)]
    except csv.Error as exc:
        raise SourceError(Loc(shown, 1, 1), f"not a readable CSV table: {exc}") from None


def _xlsx_rows(path: Path, shown: str, sheet: str | None, named_at: Loc) -> Iterator[list[Cell]]:
    import openpyxl  # only projects with workbooks pay for importing it
    from openpyxl.utils.exceptions import InvalidFileException

    if path.stat().st_size > MAX_FILE_BYTES:
        raise SourceError(named_at, f"{shown} is larger than {MAX_FILE_BYTES} bytes")
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, OSError, KeyError, ValueError) as exc:
        raise SourceError(named_at, f"{shown} is not a readable .xlsx workbook ({exc})") from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise SourceError(named_at, f"no worksheet {sheet!r} in {shown} (it has: {', '.join(book.sheetnames)})")
        worksheet = book[sheet] if sheet is not None else book.worksheets[0]
        for index, row in enumerate(worksheet.iter_rows(values_only=True), 1):
            if index > MAX_ROWS + 1:
                raise SourceError(
                    Loc(shown, index, 1, worksheet.title), f"more than {MAX_ROWS} rows: a table holds at most that"
                )
            yield [
                Cell(_cell_value(value), Loc(shown, index, column, worksheet.title))
                for column, value in enumerate(row, 1)
            ]
    finally:
        book.close()


def _typed(text: str) -> object:
    """A CSV cell: a number when it is written as one, else its text."""
    if _INTEGER.match(text):
        return int(text)
    if _DECIMAL.match(text):
        return float(text)
    return text


def _cell_value(value: Any) -> object:
    """A workbook cell: numbers stay numbers (a whole float becomes an int), text stays text,
    anything else (a date, a time) becomes the text it shows."""
    if value is None or isinstance(value, (int, str)) and not isinstance(value, bool):
        return "" if value is None else value
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    return str(value)


def _items(rows: list[list[Cell]], table: Loc) -> LocList:
    if not rows or not any(_filled(cell) for cell in rows[0]):
        raise SourceError(table, "the table has no header row: row 1 names the fields, one per column")
    header = _header(rows[0])
    items = LocList()
    items.loc, items.item_locs = table, []
    for row in rows[1:]:
        if not any(_filled(cell) for cell in row):
            continue
        extra = next((cell for cell in row[len(header) :] if _filled(cell)), None)
        if extra is not None:
            raise SourceError(extra.loc, "a value in a column with no name in the header row")
        item = _item([(path, cell) for path, cell in zip(header, row, strict=False) if _filled(cell)], row)
        items.append(item)
        items.item_locs.append(item.loc)
    return items


def _filled(cell: Cell) -> bool:
    return not (isinstance(cell.value, str) and not cell.value.strip())


def _header(cells: list[Cell]) -> list[tuple[str, ...]]:
    """Each column's field path, up to the last named column."""
    last = max(i for i, cell in enumerate(cells) if _filled(cell))
    paths: list[tuple[str, ...]] = []
    seen: dict[tuple[str, ...], Loc] = {}
    for cell in cells[: last + 1]:
        name = str(cell.value).strip()
        parts = tuple(name.split("."))
        if not (all(_PART.match(p) for p in parts) and not parts[0].isdigit()):
            raise SourceError(
                cell.loc,
                f"column name {name!r}: expected a field name, or a dotted path such as rent.1 or steps.2.text",
            )
        if parts in seen:
            raise SourceError(cell.loc, f"column {name!r} appears twice (first at {seen[parts]})")
        seen[parts] = cell.loc
        paths.append(parts)
    return paths


def _item(fields: list[tuple[tuple[str, ...], Cell]], row: list[Cell]) -> LocDict:
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
    return _located(root, row[0].loc)


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
