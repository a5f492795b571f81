"""CSV tables as spreadsheet programs write them. Registered as the `csv` table format (tables.py).

- Encoding: UTF-8, with or without a byte-order mark. Bytes that are not UTF-8 are read as
  Windows-1252 (cp1252), what Excel on Windows writes as plain "CSV", and a warning (T003)
  says so at the first such character; a file that is neither is an error there.
- Separator: a comma, a semicolon (spreadsheet programs set to a language that writes
  decimal commas use it) or a tab, whichever splits the first line into the most columns
  (a tie goes to the comma, then the semicolon). csv.Sniffer is not used: it guesses from
  the whole sample, and picks letters or spaces when the text is regular enough.
- Line ends: LF, CR LF, or CR alone (Excel for Mac's "CSV (Macintosh)"); quoted cells may
  hold line breaks and the separator.
"""

import csv
import re
from collections.abc import Iterator
from pathlib import Path

from generator.findings import Finding, warning
from generator.sources.errors import Loc, SourceError
from generator.sources.loader import MAX_DIGITS, TOO_MANY_DIGITS, text_loc
from generator.sources.tables import (
    MAX_COLUMNS,
    MAX_TABLE_BYTES,
    Cell,
    TableFormat,
    TableRequest,
    TableRows,
    cell_loc,
    check_width,
)

_INTEGER = re.compile(r"^-?(0|[1-9][0-9]*)$")
_DECIMAL = re.compile(r"^-?(0|[1-9][0-9]*)\.[0-9]*[1-9]$")
#: Read after a CSV's last line: no text holds it (a lone surrogate is not UTF-8), so a value
#: that ends with it is a quoted value that was never closed.
_END = "\ud800"
_UNCLOSED = 'a quote opens this cell and is never closed, so every row after it would be in it: add the closing "'
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")
#: The separators a CSV may use, the first preferred when they split the first line alike.
_SEPARATORS = ",;\t"
_UTF8_BOM = b"\xef\xbb\xbf"


def read_csv(request: TableRequest) -> TableRows:
    """The rows of a CSV file (which has no worksheets), and a note if it is not UTF-8."""
    text, notes = _text(request.path, request.shown)
    table = Loc(request.shown, 1, 1)
    return TableRows(table, _csv_rows(text, table), tuple(notes))


def _text(path: Path, shown: str) -> tuple[str, list[Finding]]:
    """The file's text: UTF-8, else Windows-1252 with a warning at the first character that
    is not UTF-8. A file that starts with UTF-8's byte-order mark says it is UTF-8, so bytes
    that are not are an error there, as are bytes that are neither."""
    data = _data(path, shown)
    body = data.removeprefix(_UTF8_BOM)
    try:
        return body.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        place = _place(body[: exc.start].decode("utf-8"), shown)
        if len(body) < len(data):
            raise SourceError(place, "invalid UTF-8, in a file that starts by saying it is UTF-8") from None
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError as exc:
        byte = data[exc.start]
        raise SourceError(
            _place(data[: exc.start].decode("cp1252"), shown),
            f"byte 0x{byte:02X} is neither UTF-8 nor Windows-1252 text: save the file as CSV UTF-8",
        ) from None
    name = Path(shown).name
    note = f"{name} is not UTF-8: read as Windows-1252 (cp1252); save it as UTF-8 to be sure of its accents"
    return text, [warning("T003", note, place)]


def _place(before: str, shown: str) -> Loc:
    """The line and column of the character after the text `before`."""
    return text_loc(before, len(before), shown)


def _data(path: Path, shown: str) -> bytes:
    """The file's bytes, at most MAX_TABLE_BYTES of them."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_TABLE_BYTES + 1)
    except OSError as exc:
        raise SourceError(Loc(shown, 1, 1), f"cannot read {shown} ({exc.strerror})") from None
    if len(data) > MAX_TABLE_BYTES:
        raise SourceError(
            Loc(shown, 1, 1), f"{shown} is larger than {MAX_TABLE_BYTES} bytes: a table file is at most that"
        )
    return data


def _csv_rows(text: str, table: Loc) -> Iterator[list[Cell]]:
    """The filled cells of each row, in order; SourceError at the row and column where a
    quote opens that no later quote closes (it would swallow every row after it)."""
    number = 0
    try:
        reader = csv.reader(_lines(text), delimiter=_separator(text))
        opened = 1  # the line the next row starts on: rows with line breaks in a cell span several
        for number, values in enumerate(reader, 1):
            if values == [_END]:
                return
            if values and values[-1].endswith(_END):
                raise SourceError(Loc(table.file, opened, len(values)), _UNCLOSED)
            opened = reader.line_num + 1
            yield _csv_cells(values, number, table)
    except csv.Error as exc:
        raise SourceError(
            Loc(table.file, number + 1, 1), f"cannot read this row ({exc}): is a quote never closed?"
        ) from None


def _lines(text: str) -> Iterator[str]:
    """The text's lines, each with its line end (LF, CR LF or CR), then the end mark: on a
    line of its own, or inside a value whose quote is still open."""
    for line in _LINE.finditer(text):
        yield line.group()
    yield _END


def _separator(text: str) -> str:
    """Comma, semicolon or tab: whichever splits the first line that is not blank (the
    header) into the most columns."""
    first_line = next((line.group() for line in _LINE.finditer(text) if line.group().strip()), "")
    return max(_SEPARATORS, key=lambda d: len(next(csv.reader([first_line], delimiter=d), [])))


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
    if not _written_as_number(text):
        return text
    if _whole_digits(text) > MAX_DIGITS:
        raise SourceError(loc, TOO_MANY_DIGITS)
    return float(text) if "." in text else int(text)


def plain_number(text: str) -> int | float | None:
    """The number `text` writes plainly, as a CSV cell does (`60`, `-3`, `2.5`; not `007`,
    `1e3`, `+4` or `2.50`), of at most MAX_DIGITS whole digits; None when it writes none."""
    if not _written_as_number(text) or _whole_digits(text) > MAX_DIGITS:
        return None
    return float(text) if "." in text else int(text)


def _written_as_number(text: str) -> bool:
    return bool(_INTEGER.match(text) or _DECIMAL.match(text))


def _whole_digits(text: str) -> int:
    return len(text.lstrip("-").split(".")[0])


CSV = TableFormat("csv", read_csv)
