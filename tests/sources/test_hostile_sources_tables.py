"""Hostile CSV and XLSX tables, each refused by a build forked as test_hostile_sources_game
forks its builds: exit 2, the file or cell and what was expected, no traceback, nothing
written, bounded time and memory. Workbooks are written by openpyxl, then given hand-written XML where a case
needs what no spreadsheet program writes."""

import time
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter

from generator.located import Loc
from generator.sources.errors import SourceError
from generator.sources.tables import (
    MAX_CELLS,
    MAX_COLUMNS,
    MAX_PATH_PARTS,
    MAX_ROWS,
    MAX_TABLE_BYTES,
    Columns,
    TableRequest,
    read_table,
)
from generator.sources.xlsx_table import (
    MAX_PACKING,
    MAX_ROW_CELLS,
    MAX_UNPACKED_BYTES,
    MAX_XML_ELEMENTS,
    NO_SAVED_VALUE,
)
from tests.sources.test_hostile_sources_game import build, refused, write_game

CSV_CARDS = "kind: card\ndata: cards.csv\n"
XLSX_CARDS = "kind: card\ndata: cards.xlsx\n"
SHEET = b'<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'


def csv_game(tmp_path: Path, table: str | bytes) -> Path:
    return write_game(tmp_path / "game", {"cards.yaml": CSV_CARDS, "cards.csv": table})


def items(path: Path) -> list[dict]:
    return [dict(item) for item in read_table(TableRequest(path, path.name, Loc("cards.yaml", 2, 7)), Columns()).items]


# --- CSV ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "place"),
    [
        ('title,count\n"Scout,1\nGold Mine,2\nDragon,3\n', "game/cards.csv:2:1"),
        ('title,text,flavour\nScout,Look.,Far\nGold Mine,Gold,"Rich\nDragon,Roar,Hot\n', "game/cards.csv:3:3"),
        ('title,text\rScout,"Look\rDragon,Roar', "game/cards.csv:2:2"),
        ('title,text\nScout,Look.\nGold Mine,"', "game/cards.csv:3:2"),
    ],
    ids=["first column", "a later column", "CR line ends", "at the very end"],
)
def test_a_quote_never_closed_is_an_error_where_it_opens(tmp_path, table, place):
    refused(csv_game(tmp_path, table), tmp_path, f"{place}: error: a quote opens this cell and is never closed")


def test_a_quoted_value_longer_than_csv_reads_names_its_row(tmp_path):
    table = 'title,text\nScout,Look.\nDragon,"' + "x" * 200_000 + "\nGold Mine,Gold\n"
    refused(
        csv_game(tmp_path, table), tmp_path, "game/cards.csv:3:1: error: cannot read this row", "quote never closed"
    )


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"], ids=["CR (older Macs)", "CRLF", "LF"])
def test_every_kind_of_line_end_reads_the_same(tmp_path, end):
    path = tmp_path / "cards.csv"
    path.write_bytes(end.join(["title,text,count", 'Scout,"Two\rlines",2', "Gold Mine,Gold,", ""]).encode())
    assert items(path) == [{"title": "Scout", "text": "Two\rlines", "count": 2}, {"title": "Gold Mine", "text": "Gold"}]


def test_a_deck_with_cr_line_ends_builds(tmp_path):
    game = csv_game(tmp_path, "title,count\rScout,2\rGold Mine,1\r")
    result, _ = build(game, tmp_path / "out")
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    ("cell", "place"),
    [("9" * 5000, "2:2"), ("1234567890123456789", "2:2"), ("-1234567890123456789.5", "2:2")],
)
def test_a_cell_number_of_too_many_digits_is_an_error_at_the_cell(tmp_path, cell, place):
    game = csv_game(tmp_path, f"title,cost\nScout,{cell}\n")
    refused(game, tmp_path, f"game/cards.csv:{place}: error: a number of more than 18 digits is not a valid value")


def test_a_column_of_thousands_of_dotted_parts_is_an_error_at_its_name(tmp_path):
    game = csv_game(tmp_path, "title," + ".".join(["a"] * 3000) + "\nScout,1\n")
    refused(
        game,
        tmp_path,
        f"game/cards.csv:1:2: error: column name of 3000 dotted parts: a field path has at most {MAX_PATH_PARTS}",
    )


def test_dotted_paths_up_to_the_limit_read(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("title," + ".".join(["a"] * (MAX_PATH_PARTS - 1) + ["1"]) + "\nScout,x\n")
    (item,) = items(path)
    assert item["a"]["a"]["a"]["a"]["a"]["a"]["a"] == ["x"]


def test_a_value_beyond_the_last_column_is_an_error_at_its_cell(tmp_path):
    game = csv_game(tmp_path, "title" + "," * MAX_COLUMNS + "x\nScout\n")
    refused(game, tmp_path, f"game/cards.csv:1:{MAX_COLUMNS + 1}: error: a value beyond column {MAX_COLUMNS}")


def test_empty_cells_beyond_the_last_column_are_let_be(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("title" + "," * 5000 + "\nScout" + "," * 5000 + "\n")
    assert items(path) == [{"title": "Scout"}]


def test_too_many_rows(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("title\n" + "A\n" * (MAX_ROWS + 1))
    with pytest.raises(SourceError, match=f"more than {MAX_ROWS} rows") as caught:
        items(path)
    assert str(caught.value.loc) == f"cards.csv:{MAX_ROWS + 2}:1"


def test_too_many_filled_cells(tmp_path):
    path = tmp_path / "cards.csv"
    row = ",".join(["1"] * MAX_COLUMNS)
    path.write_text(",".join(f"f{n}" for n in range(MAX_COLUMNS)) + "\n" + f"{row}\n" * (MAX_CELLS // MAX_COLUMNS))
    with pytest.raises(SourceError, match=f"more than {MAX_CELLS} filled cells") as caught:
        items(path)
    assert caught.value.loc.line == MAX_CELLS // MAX_COLUMNS + 1


def test_a_table_file_too_large(tmp_path):
    game = csv_game(tmp_path, b"title\n" + b"A\n" * (MAX_TABLE_BYTES // 2))
    refused(game, tmp_path, f"game/cards.yaml:2:7: error: game/cards.csv is {MAX_TABLE_BYTES + 6} bytes; a table file")


# --- XLSX ---------------------------------------------------------------------------------------


def workbook(path: Path, rows: list[list]) -> Path:
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    for row in rows:
        book.active.append(row)
    book.save(path)
    return path


def with_sheet(path: Path, sheet: bytes, *, compression: int = zipfile.ZIP_DEFLATED) -> Path:
    """The workbook at `path` with its worksheet's XML replaced by `sheet`."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    parts["xl/worksheets/sheet1.xml"] = sheet
    with zipfile.ZipFile(path, "w", compression) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    return path


def rows_xml(*rows: bytes, head: bytes = b"") -> bytes:
    return SHEET + head + b"<sheetData>" + b"".join(rows) + b"</sheetData></worksheet>"


def text_cell(ref: str, text: str) -> bytes:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'.encode()


def xlsx_game(tmp_path: Path) -> Path:
    return write_game(tmp_path / "game", {"cards.yaml": XLSX_CARDS})


def test_a_formula_with_no_saved_value_is_an_error_at_its_cell(tmp_path):
    """openpyxl writes formulas without results: as if the workbook was never opened and saved."""
    game = xlsx_game(tmp_path)
    workbook(game / "cards.xlsx", [["title", "count"], ["Scout", 1], ["Gold Mine", "=2+1"]])
    refused(game, tmp_path, f"game/cards.xlsx:Cards!B3: error: {NO_SAVED_VALUE}")


def test_formulas_give_their_saved_values_empty_text_included(tmp_path):
    path = workbook(tmp_path / "cards.xlsx", [["title"]])
    with_sheet(
        path,
        rows_xml(
            b'<row r="1">'
            + text_cell("A1", "title")
            + text_cell("B1", "count")
            + text_cell("C1", "flavour")
            + b"</row>",
            b'<row r="2">' + text_cell("A2", "Gold Mine") + b'<c r="B2"><f>2+1</f><v>3</v></c>'
            b'<c r="C2" t="str"><f>IF(B2&gt;2,"","Rich")</f><v></v></c></row>',
        ),
    )
    assert items(path) == [{"title": "Gold Mine", "count": 3}]


def test_a_workbook_that_unpacks_too_large_is_refused_unread(tmp_path):
    """A workbook of a few hundred kB that unpacks to over 64 MB (the review's 1.5 MB that
    unpacked to 1.5 GB took 58 s and 3.1 GB): refused from the zip's directory alone."""
    game = xlsx_game(tmp_path)
    path = workbook(game / "cards.xlsx", [["title"], ["Scout"]])
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive, archive.open("xl/padding.xml", "w") as part:
        for _ in range(MAX_UNPACKED_BYTES // (1024 * 1024) + 1):
            part.write(b" " * (1024 * 1024))
    assert path.stat().st_size < 1024 * 1024
    started = time.monotonic()
    refused(
        game,
        tmp_path,
        "game/cards.yaml:2:7: error: game/cards.xlsx unpacks to",
        f"at most {MAX_UNPACKED_BYTES} bytes",
        memory_mb=150,
    )
    assert time.monotonic() - started < 20


def test_a_part_packed_like_a_zip_bomb_is_refused(tmp_path):
    game = xlsx_game(tmp_path)
    path = workbook(game / "cards.xlsx", [["title"], ["Scout"]])
    with_sheet(path, rows_xml(b'<row r="1">' + text_cell("A1", "title") + b"</row>") + b" " * (4 * 1024 * 1024))
    refused(
        game,
        tmp_path,
        "error: game/cards.xlsx: its part xl/worksheets/sheet1.xml unpacks",
        f"at most {MAX_PACKING} times larger",
    )


def test_a_row_wider_than_a_worksheet_is_refused_before_reading(tmp_path):
    game = xlsx_game(tmp_path)
    path = workbook(game / "cards.xlsx", [["title"]])
    cells = b"".join(b"<c><v>%d</v></c>" % (n * 7919 % 100_003) for n in range(MAX_ROW_CELLS + 1))
    with_sheet(path, rows_xml(b'<row r="1">' + text_cell("A1", "title") + cells + b"</row>"))
    refused(game, tmp_path, f"game/cards.xlsx has a row of more than {MAX_ROW_CELLS} cells")


def test_too_many_xml_elements_are_refused_before_reading(tmp_path):
    game = xlsx_game(tmp_path)
    path = workbook(game / "cards.xlsx", [["title"]])
    columns = [get_column_letter(n).encode() for n in range(1, 16_001)]
    rows = (
        b'<row r="%d">' % r + b"".join(b'<c r="%s%d" s="0"/>' % (c, r) for c in columns) + b"</row>"
        for r in range(1, 70)
    )
    with_sheet(path, rows_xml(*rows))
    refused(game, tmp_path, f"game/cards.xlsx holds more than {MAX_XML_ELEMENTS} XML elements", memory_mb=300)


def test_a_worksheet_claiming_every_cell_reads_only_its_cells(tmp_path):
    path = workbook(tmp_path / "cards.xlsx", [["title"]])
    with_sheet(
        path,
        rows_xml(
            b'<row r="1">' + text_cell("A1", "title") + b"</row>",
            b'<row r="2">' + text_cell("A2", "Scout") + b"</row>",
            head=b'<dimension ref="A1:XFD1048576"/>',
        ),
    )
    started = time.monotonic()
    assert items(path) == [{"title": "Scout"}]
    assert time.monotonic() - started < 5


def test_formatting_far_right_on_every_row_stays_bounded(tmp_path):
    """Each row holding a formatted empty cell at column XFD: read, but never 16,384 cells a row."""
    path = workbook(tmp_path / "cards.xlsx", [["title"]])
    rows = [b'<row r="1">' + text_cell("A1", "title") + b'<c r="XFD1" s="0"/></row>']
    rows += [
        b'<row r="%d">' % r + text_cell(f"A{r}", "Scout") + b'<c r="XFD%d" s="0"/></row>' % r for r in range(2, 2002)
    ]
    with_sheet(path, rows_xml(*rows))
    started = time.monotonic()
    assert len(items(path)) == 2000
    assert time.monotonic() - started < 10


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        (
            b'<c r="B2" t="s"><v>99</v></c>',
            "game/cards.yaml:2:7: error: game/cards.xlsx is not a readable .xlsx workbook",
        ),
        (b'<c r="B2"><v>1e400</v></c>', "game/cards.xlsx:Cards!B2: error: inf is not a valid value"),
        (b'<c r="B2"><v>1e300</v></c>', "game/cards.xlsx:Cards!B2: error: a number of more than 18 digits"),
    ],
    ids=["a missing shared string", "an infinite number", "a number of 301 digits"],
)
def test_damaged_cells_are_clean_errors(tmp_path, cell, message):
    game = xlsx_game(tmp_path)
    path = workbook(game / "cards.xlsx", [["title"]])
    with_sheet(
        path,
        rows_xml(
            b'<row r="1">' + text_cell("A1", "title") + text_cell("B1", "count") + b"</row>",
            b'<row r="2">' + text_cell("A2", "Scout") + cell + b"</row>",
        ),
    )
    refused(game, tmp_path, message)


def test_a_workbook_that_is_not_xml_inside(tmp_path):
    game = xlsx_game(tmp_path)
    path = workbook(game / "cards.xlsx", [["title"], ["Scout"]])
    with_sheet(path, b"<worksheet><sheetData><row>")
    refused(game, tmp_path, "game/cards.yaml:2:7: error: game/cards.xlsx is not a readable .xlsx workbook")


def test_a_workbook_declaring_a_dtd_is_refused(tmp_path):
    game = xlsx_game(tmp_path)
    path = workbook(game / "cards.xlsx", [["title"], ["Scout"]])
    with_sheet(path, b'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaa">]><worksheet>&a;</worksheet>')
    refused(game, tmp_path, "game/cards.xlsx declares a DTD")
