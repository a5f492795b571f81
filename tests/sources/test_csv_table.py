"""CSV tables read as spreadsheet programs write them: UTF-8 with or without a byte-order
mark, else Windows-1252 with a warning; commas, semicolons or tabs (whichever splits the
header into the most columns); LF, CR LF or CR line ends (Excel for Mac's "CSV (Macintosh)"
among them), line breaks inside quoted cells; numbers written plainly become numbers and
anything else stays text; every value keeps its row and column; a quote never closed and a
number too long are refused at their cell. Each file is written by the test."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.findings import warning
from generator.located import Loc
from generator.sources.csv_table import CSV, read_csv
from generator.sources.errors import SourceError
from generator.sources.tables import Columns, Table, TableRequest, read_table

NAMED_AT = Loc("cards.yaml", 3, 7)


def at_cell(row: int, column: int) -> Loc:
    """A place in cards.csv: a cell, whose place stands for all of its text."""
    return Loc("cards.csv", row, column, cell=True)


def table(tmp_path: Path, data: bytes | str) -> Table:
    path = tmp_path / "cards.csv"
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return read_table(TableRequest(path, "cards.csv", NAMED_AT), Columns())


def rows(tmp_path: Path, data: bytes | str) -> list[dict]:
    return [dict(item) for item in table(tmp_path, data).items]


def refusal(tmp_path: Path, data: bytes | str) -> SourceError:
    with pytest.raises(SourceError) as refused:
        rows(tmp_path, data)
    return refused.value


def test_csv_is_the_csv_table_format_without_worksheets():
    assert (CSV.suffix, CSV.read, CSV.has_sheets) == ("csv", read_csv, False)


def test_the_reader_gives_each_rows_cells_lazily_from_the_header_on(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("title,cost\nA,1\n\nB,\n")
    read = read_csv(TableRequest(path, "cards.csv", NAMED_AT))
    assert (read.table, read.notes) == (Loc("cards.csv", 1, 1), ())
    assert [[(cell.value, cell.loc) for cell in row] for row in read.rows] == [
        [("title", at_cell(1, 1)), ("cost", at_cell(1, 2))],
        [("A", at_cell(2, 1)), (1, at_cell(2, 2))],
        [],
        [("B", at_cell(4, 1))],
    ]


def test_semicolons_a_byte_order_mark_and_crlf(tmp_path):
    data = "\ufefftitle;cost;text\r\nHarbour;3;wet, cold\r\nQuay;2.5;dry\r\n".encode()
    assert rows(tmp_path, data) == [
        {"title": "Harbour", "cost": 3, "text": "wet, cold"},
        {"title": "Quay", "cost": 2.5, "text": "dry"},
    ]


def test_commas_and_line_ends_of_every_kind(tmp_path):
    expected = [{"a": "x", "b": 1}, {"a": "y", "b": 2}]
    for end in ("\n", "\r\n", "\r"):
        assert rows(tmp_path, end.join(["a,b", "x,1", "y,2", ""])) == expected, repr(end)
    assert rows(tmp_path, "a,b\nx,1\ny,2") == expected  # no line end after the last row


def test_the_separator_that_splits_the_header_into_the_most_columns_is_taken(tmp_path):
    assert rows(tmp_path, "title;text\nA;one, two\n") == [{"title": "A", "text": "one, two"}]
    assert rows(tmp_path, "title,text\nA,one; two\n") == [{"title": "A", "text": "one; two"}]
    assert rows(tmp_path, "title\ttext\tcount\nA\tone, two; three\t2\n") == [
        {"title": "A", "text": "one, two; three", "count": 2}
    ]
    # a separator inside a quoted header splits nothing
    assert rows(tmp_path, '"title, or name";text;cost\nA;x;1\n') == [{"title, or name": "A", "text": "x", "cost": 1}]


def test_a_tie_goes_to_the_comma_then_the_semicolon(tmp_path):
    assert rows(tmp_path, "title,text;x\nA,b;c\n") == [{"title": "A", "text;x": "b;c"}]
    assert rows(tmp_path, "title;text\tx\nA;b\tc\n") == [{"title": "A", "text\tx": "b\tc"}]
    assert rows(tmp_path, "title\nA,b\n") == [{"title": "A"}]  # one column: commas, and B has no header


def test_a_quoted_cell_may_hold_line_breaks_and_the_separator(tmp_path):
    assert rows(tmp_path, 'title,text\nA,"two\nlines, one cell"\nB,x\n') == [
        {"title": "A", "text": "two\nlines, one cell"},
        {"title": "B", "text": "x"},
    ]


def test_plain_numbers_become_numbers_and_the_rest_stays_text(tmp_path):
    data = "title,n\nA,60\nB,2.5\nC,-3\nD,007\nE,1e3\nF,0x10\nG,+4\nH, 5\nI,123456789012345678\nJ,2.50\n"
    assert [row["n"] for row in rows(tmp_path, data)] == [
        60,
        2.5,
        -3,
        "007",
        "1e3",
        "0x10",
        "+4",
        " 5",
        123456789012345678,
        "2.50",
    ]


def test_an_empty_cell_leaves_its_field_out(tmp_path):
    assert rows(tmp_path, "title,cost,text\nA,,x\nB,  ,\n") == [{"title": "A", "text": "x"}, {"title": "B"}]


def test_every_value_keeps_its_row_and_column(tmp_path):
    items = table(tmp_path, 'title,text,cost\nA,"two\nlines",1\n\nB,x,2\n').items
    assert items.loc == Loc("cards.csv", 1, 1)
    # rows are counted as a spreadsheet counts them: a cell's line break starts no row
    assert [item.loc for item in items] == [Loc("cards.csv", 2, 1), Loc("cards.csv", 4, 1)]
    assert items[0].loc_of("cost") == at_cell(2, 3)
    assert items[1].loc_of("text") == at_cell(4, 2)


def test_a_quote_never_closed_is_refused_at_its_cell(tmp_path):
    error = refusal(tmp_path, 'title,text\nA,x\nB,"open\nC,y\n')
    assert error.loc == Loc("cards.csv", 3, 2)
    assert error.message.startswith("a quote opens this cell and is never closed")


def test_a_quote_never_closed_is_refused_where_it_opens_with_cr_line_ends(tmp_path):
    error = refusal(tmp_path, b'title;text\rA;x\rB;"open\rC;y\r')
    assert (error.loc.line, error.loc.column) == (3, 2)
    assert error.message.startswith("a quote opens this cell and is never closed")


def test_a_number_of_more_than_eighteen_digits_is_refused_at_its_cell(tmp_path):
    error = refusal(tmp_path, "title,n\nA,1\nB,-1234567890123456789\n")
    assert (error.loc, error.message) == (
        at_cell(3, 2),
        "a number of more than 18 digits is not a valid value",
    )


def test_an_empty_file_has_no_header(tmp_path):
    error = refusal(tmp_path, "")
    assert error.loc == Loc("cards.csv", 1, 1) and "no header row" in error.message


# --- encodings ----------------------------------------------------------------------------------


def test_utf8_reads_with_no_note(tmp_path):
    read = table(tmp_path, "title,text\nCafé,Crème brûlée\n")
    assert [dict(item) for item in read.items] == [{"title": "Café", "text": "Crème brûlée"}]
    assert read.notes == ()


def test_windows_1252_reads_with_a_warning_at_the_first_character_that_is_not_utf8(tmp_path):
    """As Excel on Windows saves "CSV (Comma delimited)": the accents and the euro sign in cp1252."""
    read = table(tmp_path, "title;text\r\nCafé;Crème brûlée – 5 €\r\n".encode("cp1252"))
    assert [dict(item) for item in read.items] == [{"title": "Café", "text": "Crème brûlée – 5 €"}]
    assert read.notes == (
        warning(
            "T003",
            "cards.csv is not UTF-8: read as Windows-1252 (cp1252); save it as UTF-8 to be sure of its accents",
            Loc("cards.csv", 2, 4),
        ),
    )


def test_a_mac_csv_with_cr_line_ends_reads(tmp_path):
    """As Excel for Mac saves "CSV (Macintosh)": CR line ends, and its accents not UTF-8."""
    data = 'title,text,count\rÉclair,Gâteau à la crème,2\rScout,"Two\rlines",\r'.encode("cp1252")
    read = table(tmp_path, data)
    assert [dict(item) for item in read.items] == [
        {"title": "Éclair", "text": "Gâteau à la crème", "count": 2},
        {"title": "Scout", "text": "Two\rlines"},
    ]
    assert [note.code for note in read.notes] == ["T003"]
    assert read.notes[0].loc == Loc("cards.csv", 2, 1)


def test_bytes_neither_utf8_nor_windows_1252_are_an_error_at_their_place(tmp_path):
    error = refusal(tmp_path, b"title\rCaf\xc3\xa9\rGar\x81on\r")
    assert error.loc == Loc("cards.csv", 3, 4)
    assert error.message == "byte 0x81 is neither UTF-8 nor Windows-1252 text: save the file as CSV UTF-8"


def test_a_file_that_says_it_is_utf8_and_is_not_is_an_error_at_the_bad_byte(tmp_path):
    error = refusal(tmp_path, b"\xef\xbb\xbftitle\nCaf\xe9\n")
    assert error.loc == Loc("cards.csv", 2, 4)
    assert error.message.startswith("invalid UTF-8")


def test_a_windows_1252_deck_builds_and_the_warning_is_printed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "deck"]).exit_code == 0
    (tmp_path / "deck" / "cards.yaml").write_text("kind: card\nlayout: card\ndata: cards.csv\n")
    (tmp_path / "deck" / "cards.csv").write_bytes("title;text\rCafé;Crème\r".encode("cp1252"))
    result = runner.invoke(main, ["build", "deck", "--out", "out", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert "deck/cards.csv:2:4: warning [T003] cards.csv is not UTF-8: read as Windows-1252" in result.output


def test_an_unclosed_quote_after_a_cell_of_several_lines_is_placed_at_the_line_it_opens_on(tmp_path):
    refused = refusal(tmp_path, 'title,text\nScout,"Look at\nthree\ncards"\nStorm,"Rain\nGold,Take one.\n')
    assert str(refused.loc) == "cards.csv:5:2" and "never closed" in refused.message


@pytest.mark.parametrize("separator", [";", "\t"])
def test_the_separator_is_read_from_the_header_below_blank_lines(tmp_path, separator):
    read = rows(tmp_path, f"\n\ntitle{separator}text\nScout{separator}Look, then draw.\n")
    assert read == [{"title": "Scout", "text": "Look, then draw."}]
