"""Items from a spreadsheet: a table beside a component file (`data: cards.csv`).

Each row is an item and each column a field; the header is the first row that is not blank.
Blank rows are skipped and an empty cell leaves its field out, as an absent YAML key would.
A header finds its field as people write it (`Title`, `Rules Text`: `normal()`), or through
the component file's `columns:` (Columns); columns no field takes are left out and named
once (generator/layout/columns.py). A list or a nested field is spread over columns named with dotted
paths, counting list places from 1:

    title, rent.1, rent.2, rent.3, steps.1.step, steps.1.text
    -> {title: ..., rent: [.., .., ..], steps: [{step: .., text: ..}]}

Cells holding a whole number or a decimal written the way Python writes it (`60`, `2.5`)
become numbers, so `count` and numeric fields work; anything else stays text (`007` too).
Every value keeps its cell as its place: `cards.csv:14:3` (row 14, column 3) or, in a
workbook, `cards.xlsx:Cards!C14`, so every later check names the cell.

Each table format is a `TableFormat` registered under its file suffix in the
`cutsheet.tables` entry-point group (generator/sources/registry.py), as a package adds a
format of its own: CSV (generator/sources/csv_table.py), XLSX
(generator/sources/xlsx_table.py) and ODS (generator/sources/ods_table.py) are registered so
in cutsheet's pyproject.toml. A reader gives each row's filled cells; this module turns them
into items.

Every size is bounded before it costs memory: the file, a workbook's unpacked parts, rows,
columns, filled cells and the parts of a dotted column name (the limits below).
"""

import difflib
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from msgspec import Struct
from msgspec.structs import replace

from generator.findings import Finding, warning
from generator.sources.errors import Loc, SourceError
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
#: A header naming a place in a nested field (rent.1, steps.2.text): dotted, with no spaces.
_DOTTED = re.compile(r"^[^.\s]+(\.[^.\s]+)+$")


class Cell(Struct, frozen=True):
    """A filled cell: its value as read and its place."""

    value: object
    loc: Loc


class TableRequest(Struct, frozen=True):
    """What a component file asks of its table file."""

    path: Path
    #: The path as messages show it.
    shown: str
    #: Where the component file names the table (for errors about the whole file).
    named_at: Loc
    #: The worksheet the component file names; None: the first (a CSV has none).
    sheet: str | None = None
    #: Leave out the rows (and never pick the worksheets) the workbook hides.
    skip_hidden: bool = False


class TableRows(Struct, frozen=True):
    """What a reader gives: the place of the table (a workbook's names its worksheet), its
    rows of filled cells from row 1 on, read lazily, and what reading it noticed that the
    designer should hear of (an encoding guessed)."""

    table: Loc
    rows: Iterator[list[Cell]]
    notes: tuple[Finding, ...] = ()


class TableFormat(Struct, frozen=True):
    """A kind of table file, known by its suffix (without the dot, lower case)."""

    suffix: str
    #: The rows of a file of this format; tables.py turns them into items.
    read: Callable[[TableRequest], TableRows]
    #: Whether its files hold several worksheets, one of which `sheet:` may name.
    has_sheets: bool = False


TABLES: Registry[TableFormat] = Registry("cutsheet.tables", "table format", TableFormat, lambda f: f.suffix)


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


def normal(name: str) -> str:
    """A header or a field's name as matching reads it: case, spaces, underscores and
    punctuation ignored, so `Title`, `TITLE` and `title`, or `Rules Text` and `rules_text`,
    are one."""
    return "".join(ch for ch in name.casefold() if ch.isalnum())


class Columns(Struct, frozen=True):
    """How a table's columns become an item's fields. A header gives the field that
    `columns:` maps to it, else the field of the kind's item schema it matches (normal(),
    part by part for a dotted header), else, where the schema takes other fields, a field
    named as the header is written; where it takes none, the column is left out (a helper
    column). Headers with no name are left out whatever their cells hold."""

    #: The JSON schema of the kind's item (generator/sources/items.py); None: any fields.
    schema: Mapping[str, Any] | None = None
    #: The component file's `columns:`: (field, header, where the file maps it).
    mapped: tuple[tuple[str, str, Loc], ...] = ()

    @property
    def declared(self) -> tuple[str, ...]:
        return tuple((self.schema or {}).get("properties", {}))


class Column(Struct, frozen=True):
    """A column of a table: its header as written ("" for none), the field path it fills
    (empty when left out) and its header cell."""

    header: str
    path: tuple[str, ...]
    loc: Loc

    @property
    def shown(self) -> str:
        """The column as a message names it: its header, or its place when it has none."""
        return repr(self.header) if self.header else f"a column with no header ({self.loc})"


class Table(Struct, frozen=True):
    """A table file's items, its columns and what reading it noticed."""

    items: LocList
    columns: tuple[Column, ...]
    notes: tuple[Finding, ...] = ()


def items_of(read: TableRows, columns: Columns) -> Table:
    """The items of a table's rows (each its filled cells), the first row that is not blank
    naming the columns (a worksheet may keep blank rows above it)."""
    table, rows = read.table, enumerate(read.rows, 1)
    first: list[Cell] = next((row for number, row in rows if row or number > MAX_ROWS), [])
    header = _header(first, replace(table, line=first[0].loc.line) if first else table, columns)
    items = LocList()
    items.loc, items.item_locs = table, []
    filled = len(header)
    unnamed: dict[int, Column] = {}  # columns with no header that hold values, by the first value
    for number, row in rows:
        if number > MAX_ROWS + 1:
            raise SourceError(replace(table, line=number), f"more than {MAX_ROWS} rows: a table holds at most that")
        if not row:
            continue
        filled += len(row)
        if filled > MAX_CELLS:
            raise SourceError(row[0].loc, f"more than {MAX_CELLS} filled cells: a table holds at most that")
        for cell in row:
            if cell.loc.column > len(header) or not header[cell.loc.column - 1].header:
                unnamed.setdefault(cell.loc.column, Column("", (), cell.loc))
        fields = [
            (header[cell.loc.column - 1].path, cell)
            for cell in row
            if cell.loc.column <= len(header) and header[cell.loc.column - 1].path
        ]
        if not fields:
            continue  # a row of helper values only
        item = _item(fields, replace(table, line=row[0].loc.line))
        items.append(item)
        items.item_locs.append(item.loc)
    found = sorted([*(column for column in header if column.header), *unnamed.values()], key=lambda c: c.loc.column)
    return Table(items, tuple(found), (*read.notes, *_copies_hint(header, columns)))


#: Headers that name how many copies of a card to print, in spreadsheets kept for other tools.
COPIES_HEADERS = frozenset({"qty", "quantity", "copies", "amount", "number"})


def _copies_hint(header: list[Column], columns: Columns) -> list[Finding]:
    """A warning at a column that looks like the copies column but is not read as it: every
    card would print once, and nothing else would say so."""
    if "count" not in columns.declared or any(column.path == ("count",) for column in header):
        return []
    return [
        warning(
            "T002",
            f"column {column.header!r} looks like the number of copies, but copies are read from a 'count' "
            f"column: each card prints once. Say so in the component file: columns: {{count: {column.header}}}",
            column.loc,
        )
        for column in header
        if normal(column.header) in COPIES_HEADERS
    ]


def _header(cells: list[Cell], table: Loc, columns: Columns) -> list[Column]:
    """Each column up to the last named one, with the field path it fills. A column that
    `columns:` names fills its field whatever else would; of two columns that would fill
    the same field of the designer's own (two `Notes`), the second is left out, but two
    that would fill a field the kind declares are an error: which one prints is not clear."""
    if not cells:
        raise SourceError(table, "the table has no header row: its first row that is not blank names the fields")
    named = {cell.loc.column: cell for cell in cells}
    _check_mapping(columns)
    mapped = {normal(header) for _, header, _ in columns.mapped}
    wanted = []
    for column in range(1, cells[-1].loc.column + 1):
        cell = named.get(column, Cell("", cell_loc(table, table.line, column)))
        header = str(cell.value).strip()
        wanted.append((header, _field_path(header, cell.loc, columns), cell.loc))
    claimed = {_same(path) for header, path, _ in wanted if normal(header) in mapped}
    found: list[Column] = []
    seen: dict[tuple[str, ...], Column] = {}
    for header, path, loc in wanted:
        if _same(path) in claimed and normal(header) not in mapped:
            path = ()
        elif path and _same(path) in seen:
            if path[0] in columns.declared:
                raise SourceError(loc, _twice(seen[_same(path)], header, path, table))
            path = ()
        found.append(Column(header, path, loc))
        if path:
            seen[_same(path)] = found[-1]
    _check_mapped(found, columns, table)
    return found


def _same(path: tuple[str, ...]) -> tuple[str, ...]:
    """A field path as matching reads it: `Rules Text` and `rules_text` fill one field."""
    return tuple(normal(part) for part in path)


def _twice(first: Column, header: str, path: tuple[str, ...], table: Loc) -> str:
    """Two columns filling one field the kind declares, saying which row was the header."""
    if normal(first.header) == normal(header):
        said = f"column {header!r} appears twice (first at {first.loc})"
    else:
        said = f"columns {first.header!r} and {header!r} both fill {'.'.join(path)!r} (first at {first.loc})"
    return f"{said}; row {table.line} is read as the header, the first row that is not blank"


def _check_mapping(columns: Columns) -> None:
    """No header is mapped to two fields: a column fills one."""
    fields: dict[str, str] = {}
    for field_name, header, loc in columns.mapped:
        if normal(header) in fields:
            raise SourceError(
                loc, f"column {header!r} is mapped to {fields[normal(header)]!r} already: a column fills one field"
            )
        fields[normal(header)] = field_name


def _field_path(header: str, loc: Loc, columns: Columns) -> tuple[str, ...]:
    """The field path a header fills (empty: the column is left out)."""
    if not header:
        return ()
    for field_name, mapped, _ in columns.mapped:
        if normal(mapped) == normal(header):
            return (field_name,)
    if not _DOTTED.match(header):
        return _matched((header,), columns.schema)
    parts = tuple(header.split("."))
    if len(parts) > MAX_PATH_PARTS:
        raise SourceError(loc, f"column name of {len(parts)} dotted parts: a field path has at most {MAX_PATH_PARTS}")
    if not (all(_PART.match(p) for p in parts) and not parts[0].isdigit()):
        raise SourceError(loc, f"column name {_quoted(header)}: expected a field name, or a dotted path such as rent.1")
    return _matched(parts, columns.schema)


def _matched(parts: tuple[str, ...], schema: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The path with each part matched to the schema's field of its normal() form, places
    in lists kept; empty when a part names no field of a mapping that takes no others."""
    path: list[str] = []
    node = schema
    for part in parts:
        if node is None:
            path.append(part)
        elif node.get("type") == "array":
            path.append(part)
            node = node.get("items")
        else:
            properties = node.get("properties", {})
            name = next((key for key in properties if normal(key) == normal(part)), None)
            if name is None and node.get("additionalProperties", True) is False:
                return ()
            path.append(name or part)
            node = properties.get(name) if name else None
    return tuple(path)


def _check_mapped(found: list[Column], columns: Columns, table: Loc) -> None:
    """Every header `columns:` names is in the header row."""
    headers = [column.header for column in found if column.header]
    present = {normal(header) for header in headers}
    for field_name, mapped, loc in columns.mapped:
        if normal(mapped) not in present:
            raise SourceError(
                loc,
                f"no column {mapped!r} in {table.file} for {field_name!r}{did_you_mean(mapped, headers)} "
                f"(its columns: {', '.join(map(repr, headers))})",
            )


def did_you_mean(name: str, candidates: Sequence[str]) -> str:
    """`: did you mean 'X'?` naming the candidates closest to `name`, or "" when none is close."""
    by_normal: dict[str, str] = {}
    for candidate in candidates:
        by_normal.setdefault(normal(candidate), candidate)
    close = difflib.get_close_matches(normal(name), list(by_normal), n=2, cutoff=0.6)
    if not close:
        return ""
    return "; did you mean " + " or ".join(repr(by_normal[c]) for c in close) + "?"


def _quoted(name: str) -> str:
    """A header's text for a message, cut short when long."""
    return repr(name if len(name) <= 40 else name[:37] + "...")


def read_table(request: TableRequest, columns: Columns) -> Table:
    """The items of a table file, each a LocDict whose values remember their cells, with its
    columns as the header names them and what reading it noticed."""
    path, shown, named_at = request.path, request.shown, request.named_at
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
    if request.sheet is not None and not table_format.has_sheets:
        raise SourceError(
            named_at,
            f"'sheet' names a worksheet of a workbook such as an .xlsx file; a .{table_format.suffix} file has none",
        )
    read = table_format.read(request)
    return items_of(read, columns)


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
