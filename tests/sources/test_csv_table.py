"""CSV tables read as designers' programs write them: UTF-8 with or without a byte-order
mark, commas or semicolons (whichever splits the header into more columns), LF, CR LF or
CR line ends, line breaks inside quoted cells; numbers written plainly become numbers and
anything else stays text; every value keeps its row and column; a quote never closed and
a number too long are refused at their cell. Each file is written by the test."""

from pathlib import Path

import pytest

from generator.located import Loc
from generator.sources.csv_table import CSV, read_csv
from generator.sources.errors import SourceError

NAMED_AT = Loc("cards.yaml", 3, 7)


def rows(tmp_path: Path, data: bytes | str) -> list[dict]:
    path = tmp_path / "cards.csv"
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return [dict(item) for item in read_csv(path, "cards.csv", None, NAMED_AT)]


def refusal(tmp_path: Path, data: str) -> SourceError:
    with pytest.raises(SourceError) as refused:
        rows(tmp_path, data)
    return refused.value


def test_csv_is_the_csv_table_format_without_worksheets():
    assert (CSV.suffix, CSV.read, CSV.has_sheets) == ("csv", read_csv, False)


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


def test_the_separator_that_splits_the_header_into_more_columns_is_taken(tmp_path):
    assert rows(tmp_path, "title;text\nA;one, two\n") == [{"title": "A", "text": "one, two"}]
    assert rows(tmp_path, "title,text\nA,one; two\n") == [{"title": "A", "text": "one; two"}]


def test_a_quoted_cell_may_hold_line_breaks_and_the_separator(tmp_path):
    assert rows(tmp_path, 'title,text\nA,"two\nlines, one cell"\nB,x\n') == [
        {"title": "A", "text": "two\nlines, one cell"},
        {"title": "B", "text": "x"},
    ]


def test_plain_numbers_become_numbers_and_the_rest_stays_text(tmp_path):
    data = "title,n\nA,60\nB,2.5\nC,-3\nD,007\nE,1e3\nF,0x10\nG,+4\nH, 5\nI,123456789012345678\n"
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
    ]


def test_an_empty_cell_leaves_its_field_out(tmp_path):
    assert rows(tmp_path, "title,cost,text\nA,,x\nB,  ,\n") == [{"title": "A", "text": "x"}, {"title": "B"}]


def test_every_value_keeps_its_row_and_column(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text('title,text,cost\nA,"two\nlines",1\n\nB,x,2\n')
    items = read_csv(path, "cards.csv", None, NAMED_AT)
    assert items.loc == Loc("cards.csv", 1, 1)
    # rows are counted as a spreadsheet counts them: a cell's line break starts no row
    assert [item.loc for item in items] == [Loc("cards.csv", 2, 1), Loc("cards.csv", 4, 1)]
    assert items[0].loc_of("cost") == Loc("cards.csv", 2, 3)
    assert items[1].loc_of("text") == Loc("cards.csv", 4, 2)


def test_a_quote_never_closed_is_refused_at_its_cell(tmp_path):
    error = refusal(tmp_path, 'title,text\nA,x\nB,"open\nC,y\n')
    assert error.loc == Loc("cards.csv", 3, 2)
    assert error.message.startswith("a quote opens this cell and is never closed")


def test_a_number_of_more_than_eighteen_digits_is_refused_at_its_cell(tmp_path):
    error = refusal(tmp_path, "title,n\nA,1\nB,-1234567890123456789\n")
    assert (error.loc, error.message) == (
        Loc("cards.csv", 3, 2),
        "a number of more than 18 digits is not a valid value",
    )


def test_an_empty_file_has_no_header(tmp_path):
    error = refusal(tmp_path, "")
    assert error.loc == Loc("cards.csv", 1, 1) and "no header row" in error.message
