"""CSV tables: UTF-8 with or without a BOM, comma- or semicolon-separated (whichever splits
the header into more columns), any line ends (\\n, \\r\\n, or \\r as older Macs write);
quoted cells may hold line breaks. Registered as the `csv` table format (tables.py)."""

import csv
import re
from collections.abc import Iterator
from pathlib import Path

from generator.sources.errors import Loc, SourceError
from generator.sources.loader import MAX_DIGITS, TOO_MANY_DIGITS, LocList, read_text
from generator.sources.tables import MAX_COLUMNS, MAX_TABLE_BYTES, Cell, TableFormat, cell_loc, check_width, items_of

_INTEGER = re.compile(r"^-?(0|[1-9][0-9]*)$")
_DECIMAL = re.compile(r"^-?(0|[1-9][0-9]*)\.[0-9]*[1-9]$")
#: Read after a CSV's last line: no text holds it (a lone surrogate is not UTF-8), so a value
#: that ends with it is a quoted value that was never closed.
_END = "\ud800"
_UNCLOSED = 'a quote opens this cell and is never closed, so every row after it would be in it: add the closing "'
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


def read_csv(path: Path, shown: str, sheet: str | None, named_at: Loc) -> LocList:
    """The items of a CSV file (which has no worksheets: `sheet` is None)."""
    return items_of(_csv_rows(path, shown), Loc(shown, 1, 1))


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
    check_width(values, "", number, table)
    cells = []
    for column, value in enumerate(values[:MAX_COLUMNS], 1):
        if value.strip():
            loc = cell_loc(table, number, column)
            cells.append(Cell(_typed(value, loc), loc))
    return cells


def _typed(text: str, loc: Loc) -> object:
    """A CSV cell: a number when it is written as one, else its text."""
    if not (_INTEGER.match(text) or _DECIMAL.match(text)):
        return text
    if len(text.lstrip("-").split(".")[0]) > MAX_DIGITS:
        raise SourceError(loc, TOO_MANY_DIGITS)
    return float(text) if "." in text else int(text)


CSV = TableFormat("csv", read_csv)
