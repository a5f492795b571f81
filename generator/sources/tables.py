"""Items from a spreadsheet: a table beside a component file (`data: cards.csv`).

Each row is an item and each column a field; the header is row 1. Blank rows are skipped
and an empty cell leaves its field out, as an absent YAML key would. A list or a nested
field is spread over columns named with dotted paths, counting list places from 1:

    title, rent.1, rent.2, rent.3, steps.1.step, steps.1.text
    -> {title: ..., rent: [.., .., ..], steps: [{step: .., text: ..}]}

Cells holding a whole number or a decimal written the way Python writes it (`60`, `2.5`)
become numbers, so `count` and numeric fields work; anything else stays text (`007` too).
Every value keeps its cell as its place: `cards.csv:14:3` (row 14, column 3) or, in a
workbook, `cards.xlsx:Cards!C14`, so every later check names the cell.

Each table format is a `TableFormat` registered under its file suffix in the
`cutsheet.tables` entry-point group (generator/sources/registry.py), as a package adds a
format of its own: CSV (generator/sources/csv_table.py) and XLSX
(generator/sources/xlsx_table.py) are registered so in cutsheet's pyproject.toml. A reader
gives each row's filled cells; this module turns them into items.

Every size is bounded before it costs memory: the file, a workbook's unpacked parts, rows,
columns, filled cells and the parts of a dotted column name (the limits below).
"""

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from generator.sources.errors import Loc, SourceError, display_path
from generator.sources.loader import LocDict, LocList, check_text
from generator.sources.registry import Registry

#: No deck has more cards than this; a larger table is a mistake (or hostile).
MAX_ROWS = 20_000
#: No card has this many fields, a list spread over columns included.
MAX_COLUMNS = 200
#: Filled cells in one table: 10,000 cards of 20 fields. Each becomes a located value, so
#: this bounds the memory a table takes whatever its shape.
MAX_CELLS = 200_000
#: A table file on disk: ten times a deck of 10,000 cards of 20 fields.
MAX_TABLE_BYTES = 16 * 1024 * 1024
#: The parts of a dotted column name (steps.2.text has 3): fields nest only a few levels.
MAX_PATH_PARTS = 8
#: A field name, or a list place: no list spreads over more places than a table has columns.
_PART = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*|[1-9][0-9]{0,2})$")


@dataclass(frozen=True, slots=True)
class Cell:
    """A filled cell: its value as read and its place."""

    value: object
    loc: Loc


@dataclass(frozen=True)
class TableFormat:
    """A kind of table file, known by its suffix (without the dot, lower case)."""

    suffix: str
    #: The items of a file of this format: read(path, shown, sheet, named_at), where `shown`
    #: is the path as messages show it, `sheet` the worksheet a component file names (None
    #: when it names none) and `named_at` where the component file names the table. A
    #: reader turns its rows of Cells into items with items_of().
    read: Callable[[Path, str, str | None, Loc], LocList]
    #: Whether its files hold several worksheets, one of which `sheet:` may name.
    has_sheets: bool = False


TABLES: Registry[TableFormat] = Registry("cutsheet.tables", "table format", TableFormat, lambda f: f.suffix)


def read_items(path: Path, sheet: str | None, named_at: Loc) -> LocList:
    """The items of a table file, each a LocDict whose values remember their cells.
    `named_at` is where the component file names the table (for errors about the file)."""
    shown = display_path(path)
    formats = TABLES.installed()
    table_format = formats.get(path.suffix.lower().removeprefix("."))
    if table_format is None:
        endings = " or ".join(f".{suffix}" for suffix in formats)
        raise SourceError(named_at, f"expected a table file ending in {endings}, got {path.name!r}")
    if not path.is_file():
        raise SourceError(named_at, f"table file {shown!r} not found")
    size = path.stat().st_size
    if size > MAX_TABLE_BYTES:
        raise SourceError(named_at, f"{shown} is {size} bytes; a table file is at most {MAX_TABLE_BYTES} bytes")
    if sheet is not None and not table_format.has_sheets:
        raise SourceError(
            named_at,
            f"'sheet' names a worksheet of a workbook such as an .xlsx file; a .{table_format.suffix} file has none",
        )
    return table_format.read(path, shown, sheet, named_at)


def check_width(values: Sequence[object], empty: object, number: int, table: Loc) -> None:
    """No value beyond MAX_COLUMNS. Empty cells there (None or "", as the format reads them)
    are let be, since a worksheet's formatting may reach far right, and counted at C speed:
    a row may be thousands of cells wide."""
    extra = values[MAX_COLUMNS:]
    if extra.count(empty) == len(extra):
        return
    column = next(c for c, value in enumerate(extra, MAX_COLUMNS + 1) if value != empty)
    raise SourceError(
        cell_loc(table, number, column),
        f"a value beyond column {MAX_COLUMNS}: a table has at most {MAX_COLUMNS} columns",
    )


def cell_loc(table: Loc, row: int, column: int) -> Loc:
    return Loc(table.file, row, column, table.sheet, cell=True)


def items_of(rows: Iterator[list[Cell]], table: Loc) -> LocList:
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
