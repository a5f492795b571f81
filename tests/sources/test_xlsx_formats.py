"""XLSX workbooks read as the workbook shows them: dates, percentages and currencies as the
text their number format shows, General numbers as numbers, formulas as the values saved
with them (none saved, or a saved error: an error at the cell), merged cells giving their
value to each cell they cover, hidden rows and worksheets left out with `skip_hidden`, an
unknown worksheet named with the closest ones; every cell at its place as the spreadsheet
shows it. Workbooks are written by xlsxwriter (which saves formulas' values, as spreadsheet
programs do) and openpyxl (which saves none), or given hand-written XML where a case needs
what neither writes."""

import datetime
import time
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
import xlsxwriter
from click.testing import CliRunner

from generator.cli import main
from generator.located import Loc
from generator.sources.errors import SourceError
from generator.sources.tables import Columns, TableRequest, read_table
from generator.sources.xlsx_table import NO_SAVED_VALUE, XLSX
from tests.conftest import cutsheet_process, pdf_text

NAMED_AT = Loc("cards.yaml", 3, 7)
Book = Callable[[xlsxwriter.Workbook], None]


def written(path: Path, fill: Book) -> Path:
    book = xlsxwriter.Workbook(str(path))
    fill(book)
    book.close()
    return path


def request(path: Path, sheet: str | None = None, skip_hidden: bool = False) -> TableRequest:
    return TableRequest(path, path.name, NAMED_AT, sheet, skip_hidden)


def items(path: Path, sheet: str | None = None, skip_hidden: bool = False) -> list[dict]:
    return [dict(item) for item in read_table(request(path, sheet, skip_hidden), Columns()).items]


def cells(path: Path, sheet: str | None = None, skip_hidden: bool = False) -> list[list[tuple[object, str]]]:
    """Each row the reader gives, as (value, place) of its cells."""
    return [[(cell.value, str(cell.loc)) for cell in row] for row in XLSX.read(request(path, sheet, skip_hidden)).rows]


# --- number formats -------------------------------------------------------------------------------


def formatted_cards(book: xlsxwriter.Workbook) -> None:
    sheet = book.add_worksheet("Cards")
    formats = {
        name: book.add_format({"num_format": code})
        for name, code in {
            "cost": '"$"#,##0.00',
            "chance": "0%",
            "added": "d-mmm-yy",
            "at": "h:mm",
            "score": "0.00",
            "count": "0",
            "pop": "#,##0",
            "fee": '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)',
        }.items()
    }
    header = ["title", "cost", "chance", "added", "at", "score", "count", "pop", "fee", "plain", "half", "on"]
    sheet.write_row(0, 0, header)
    sheet.write(1, 0, "Harbour")
    sheet.write_number(1, 1, 1234.5, formats["cost"])
    sheet.write_number(1, 2, 0.25, formats["chance"])
    sheet.write_datetime(1, 3, datetime.datetime(2023, 1, 5), formats["added"])
    sheet.write_datetime(1, 4, datetime.datetime(1899, 12, 31, 9, 30), formats["at"])
    sheet.write_number(1, 5, 2.5, formats["score"])
    sheet.write_number(1, 6, 3, formats["count"])
    sheet.write_number(1, 7, 1234567, formats["pop"])
    sheet.write_number(1, 8, 1234.5, formats["fee"])
    sheet.write_number(1, 9, 60.0)
    sheet.write_number(1, 10, 2.5)
    sheet.write_boolean(1, 11, True)


def test_formatted_numbers_read_as_the_workbook_shows_them(tmp_path):
    path = written(tmp_path / "cards.xlsx", formatted_cards)
    assert items(path) == [
        {
            "title": "Harbour",
            "cost": "$1,234.50",
            "chance": "25%",
            "added": "5-Jan-23",
            "at": "9:30",
            "score": "2.50",  # as shown: the format writes two decimals
            "count": 3,  # shown as the number itself: still the number
            "pop": "1,234,567",
            "fee": "$1,234.50",  # an accounting format's padding is no part of the text
            "plain": 60,  # General: the number, a whole float an int
            "half": 2.5,
            "on": "TRUE",
        }
    ]


def test_a_formatted_deck_builds_showing_its_currency(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "deck"]).exit_code == 0
    layout = tmp_path / "deck" / "layouts" / "card.yaml"
    layout.write_text(layout.read_text().replace("field: text,", "field: cost,", 1))
    written(tmp_path / "deck" / "cards.xlsx", formatted_cards)
    (tmp_path / "deck" / "cards.yaml").write_text("kind: card\nlayout: card\ndata: cards.xlsx\n")
    result = runner.invoke(main, ["build", "deck", "--out", "out", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    assert "$1,234.50" in pdf_text(tmp_path / "out" / "deck" / "deck.pdf")


def test_formulas_give_the_values_saved_with_them_formatted_as_shown(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        money = workbook.add_format({"num_format": '"$"#,##0.00'})
        sheet.write_row(0, 0, ["title", "base", "extra", "total", "price", "name"])
        sheet.write_row(1, 0, ["Scout", 2, 3])
        sheet.write_formula(1, 3, "=B2+C2", None, 5)
        sheet.write_formula(1, 4, "=B2*1.25", money, 2.5)
        sheet.write_formula(1, 5, '=A2&" I"', None, "Scout I")

    assert items(written(tmp_path / "cards.xlsx", book)) == [
        {"title": "Scout", "base": 2, "extra": 3, "total": 5, "price": "$2.50", "name": "Scout I"}
    ]


def test_a_large_formatted_table_reads_in_bounded_time(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        money, day = workbook.add_format({"num_format": '"$"#,##0.00'}), workbook.add_format({"num_format": "d-mmm-yy"})
        sheet.write_row(0, 0, ["title", "cost", "added"])
        for row in range(1, 5001):
            sheet.write(row, 0, f"Card {row}")
            sheet.write_number(row, 1, row * 1.25, money)
            sheet.write_number(row, 2, 44000 + row, day)

    path = written(tmp_path / "cards.xlsx", book)
    started = time.monotonic()
    read = items(path)
    assert len(read) == 5000 and read[-1] == {"title": "Card 5000", "cost": "$6,250.00", "added": "25-Feb-34"}
    assert time.monotonic() - started < 10


# --- formulas with no value, saved errors -------------------------------------------------------


def unsaved_formula(path: Path) -> None:
    """As openpyxl writes a formula: with no value, as if never opened in a spreadsheet program."""
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    for row in [["title", "count", "cost"], ["Scout", 1, 2], ["Gold Mine", 2, "=B3*2"]]:
        book.active.append(row)
    book.save(path)


def test_a_formula_with_no_saved_value_is_an_error_at_its_cell(tmp_path):
    path = tmp_path / "cards.xlsx"
    unsaved_formula(path)
    with pytest.raises(SourceError, match="formula with no saved value") as caught:
        items(path)
    assert str(caught.value) == f"cards.xlsx:Cards!C3: error: {NO_SAVED_VALUE}"


def test_a_formula_with_no_saved_value_in_a_hidden_row_left_out_is_let_be(tmp_path):
    path = tmp_path / "cards.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "Cards"
    for row in [["title", "cost"], ["Scout", 1], ["Gold Mine", "=B2*2"]]:
        book.active.append(row)
    book.active.row_dimensions[3].hidden = True
    book.save(path)
    assert items(path, skip_hidden=True) == [{"title": "Scout", "cost": 1}]


def test_a_saved_error_is_an_error_at_its_cell(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        sheet.write_row(0, 0, ["title", "cost"])
        sheet.write_row(1, 0, ["Scout", 0])
        sheet.write(2, 0, "Gold Mine")
        sheet.write_formula(2, 1, "=1/B2", None, "#DIV/0!")

    with pytest.raises(SourceError) as caught:
        items(written(tmp_path / "cards.xlsx", book))
    assert str(caught.value) == (
        "cards.xlsx:Cards!B3: error: the cell shows the error #DIV/0!: "
        "correct its formula, then save the workbook again"
    )


def test_a_number_format_that_cannot_be_shown_is_an_error_at_its_cell(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        sheet.write_row(0, 0, ["title", "cost"])
        sheet.write(1, 0, "Scout")
        sheet.write_number(1, 1, 5, workbook.add_format({"num_format": '"a""b'}))

    with pytest.raises(SourceError) as caught:
        items(written(tmp_path / "cards.xlsx", book))
    assert str(caught.value).startswith(
        'cards.xlsx:Cards!B2: error: cannot show this cell in its number format \'"a""b\''
    )


# --- merged cells -------------------------------------------------------------------------------


def merged_sets(book: xlsxwriter.Workbook) -> None:
    """A set name merged down over the three cards of the set, and a two-column note."""
    sheet = book.add_worksheet("Cards")
    sheet.write_row(0, 0, ["title", "set", "note", "also"])
    for row, title in enumerate(["Scout", "Gold Mine", "Dragon", "Bolt"], 1):
        sheet.write(row, 0, title)
    sheet.merge_range("B2:B4", "Set A", None)
    sheet.write(4, 1, "Set B")
    sheet.merge_range("C3:D3", "shared", None)


def test_a_merged_range_gives_its_value_to_every_cell_it_covers(tmp_path):
    path = written(tmp_path / "cards.xlsx", merged_sets)
    assert items(path) == [
        {"title": "Scout", "set": "Set A"},
        {"title": "Gold Mine", "set": "Set A", "note": "shared", "also": "shared"},
        {"title": "Dragon", "set": "Set A"},
        {"title": "Bolt", "set": "Set B"},
    ]
    read = read_table(request(path), Columns()).items
    assert [str(item.loc_of("set")) for item in read] == [f"cards.xlsx:Cards!B{row}" for row in (2, 3, 4, 5)]
    assert str(read[1].loc_of("also")) == "cards.xlsx:Cards!D3"


def hand_written(path: Path, sheet_xml: str) -> Path:
    """A workbook whose one worksheet is `sheet_xml` (its rows and what follows them)."""
    written(path, lambda book: book.add_worksheet("Cards").write("A1", "title"))
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    parts["xl/worksheets/sheet1.xml"] = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        f'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{sheet_xml}</worksheet>'
    ).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    return path


def text_cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def test_a_merged_range_reaching_below_the_last_row_written_still_fills_its_rows(tmp_path):
    """A spreadsheet writes no cells for a merged range's covered cells that hold nothing."""
    path = hand_written(
        tmp_path / "cards.xlsx",
        f'<sheetData><row r="1">{text_cell("A1", "title")}{text_cell("B1", "set")}</row>'
        f'<row r="2">{text_cell("A2", "Scout")}{text_cell("B2", "Set A")}</row></sheetData>'
        '<mergeCells count="1"><mergeCell ref="B2:B3"/></mergeCells>',
    )
    assert cells(path)[1:] == [
        [("Scout", "cards.xlsx:Cards!A2"), ("Set A", "cards.xlsx:Cards!B2")],
        [("Set A", "cards.xlsx:Cards!B3")],
    ]


@pytest.mark.parametrize(
    ("merges", "message"),
    [
        ('<mergeCell ref="B2:C3"/><mergeCell ref="C3:D3"/>', "cards.xlsx:Cards!C3: error: two merged ranges cover"),
        ('<mergeCell ref="B2:HA2"/>', "cards.xlsx:Cards!GS2: error: a value beyond column 200"),
        ('<mergeCell ref="B2:B"/>', "cards.yaml:3:7: error: cards.xlsx is not a readable .xlsx workbook"),
    ],
    ids=["overlapping", "past the last column", "not a range"],
)
def test_damaged_merged_ranges_are_errors(tmp_path, merges, message):
    path = hand_written(
        tmp_path / "cards.xlsx",
        f'<sheetData><row r="1">{text_cell("A1", "title")}{text_cell("B1", "set")}</row>'
        f'<row r="2">{text_cell("A2", "Scout")}{text_cell("B2", "Set A")}{text_cell("C2", "x")}</row>'
        f'<row r="3">{text_cell("A3", "Bolt")}{text_cell("C3", "y")}</row></sheetData>'
        f"<mergeCells>{merges}</mergeCells>",
    )
    with pytest.raises(SourceError) as caught:
        items(path)
    assert str(caught.value).startswith(message)


# --- hidden rows and worksheets -----------------------------------------------------------------


def hidden_parts(book: xlsxwriter.Workbook) -> None:
    """A hidden first worksheet of notes, then the cards with a hidden row (a retired card)."""
    notes = book.add_worksheet("Notes")
    notes.write_row(0, 0, ["title"])
    notes.write_row(1, 0, ["Playtest notes"])
    cards = book.add_worksheet("Cards")
    cards.write_row(0, 0, ["title", "count"])
    cards.write_row(1, 0, ["Scout", 2])
    cards.write_row(2, 0, ["Retired", 1])
    cards.write_row(3, 0, ["Dragon", 1])
    cards.set_row(2, None, None, {"hidden": True})
    cards.activate()
    notes.hide()


def test_hidden_rows_and_worksheets_are_left_out_with_skip_hidden(tmp_path):
    path = written(tmp_path / "cards.xlsx", hidden_parts)
    read = read_table(request(path, skip_hidden=True), Columns()).items
    assert [dict(item) for item in read] == [{"title": "Scout", "count": 2}, {"title": "Dragon", "count": 1}]
    assert str(read.loc) == "cards.xlsx:Cards!A1"
    assert str(read[1].loc_of("title")) == "cards.xlsx:Cards!A4"


def test_without_skip_hidden_every_row_and_the_first_worksheet_are_read(tmp_path):
    path = written(tmp_path / "cards.xlsx", hidden_parts)
    assert items(path) == [{"title": "Playtest notes"}]
    assert items(path, sheet="Cards") == [
        {"title": "Scout", "count": 2},
        {"title": "Retired", "count": 1},
        {"title": "Dragon", "count": 1},
    ]


def test_a_hidden_worksheet_named_is_read(tmp_path):
    path = written(tmp_path / "cards.xlsx", hidden_parts)
    assert items(path, sheet="Notes", skip_hidden=True) == [{"title": "Playtest notes"}]


def test_a_hidden_header_row_is_still_the_header(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        sheet.write_row(0, 0, ["title"])
        sheet.write_row(1, 0, ["Scout"])
        sheet.set_row(0, None, None, {"hidden": True})

    assert items(written(tmp_path / "cards.xlsx", book), skip_hidden=True) == [{"title": "Scout"}]


def test_a_deck_with_skip_hidden_prints_no_hidden_card(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "deck"]).exit_code == 0
    written(tmp_path / "deck" / "cards.xlsx", hidden_parts)
    (tmp_path / "deck" / "cards.yaml").write_text("kind: card\nlayout: card\ndata: cards.xlsx\nskip_hidden: true\n")
    result = runner.invoke(main, ["build", "deck", "--out", "out", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert text.count("Scout") == 2 and "Dragon" in text and "Retired" not in text


# --- worksheets and places ----------------------------------------------------------------------


def test_an_unknown_worksheet_names_the_closest_and_lists_them_all(tmp_path):
    path = written(tmp_path / "cards.xlsx", hidden_parts)
    with pytest.raises(SourceError) as caught:
        items(path, sheet="cards")
    assert str(caught.value) == (
        "cards.yaml:3:7: error: no worksheet 'cards' in cards.xlsx; did you mean 'Cards'? (it has: Notes, Cards)"
    )


def test_every_worksheet_hidden_is_an_error_saying_to_name_one(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        workbook.add_worksheet("Cards").write("A1", "title")
        workbook.add_worksheet("Notes").write("A1", "title")
        workbook.worksheets()[1].activate()
        workbook.worksheets()[0].hide()

    path = written(tmp_path / "cards.xlsx", book)
    with zipfile.ZipFile(path) as archive:  # no spreadsheet program saves this; a damaged file might
        workbook_xml = archive.read("xl/workbook.xml").replace(
            b'<sheet name="Notes"', b'<sheet name="Notes" state="hidden"'
        )
    hand = path.with_name("hand.xlsx")
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(hand, "w") as target:
        for name in source.namelist():
            target.writestr(name, workbook_xml if name == "xl/workbook.xml" else source.read(name))
    with pytest.raises(SourceError) as caught:
        items(hand, skip_hidden=True)
    assert "every worksheet of hand.xlsx is hidden: name one with sheet: (it has: Cards, Notes)" in str(caught.value)


def test_every_cell_keeps_its_place_when_the_table_does_not_start_at_a1(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        sheet.write_row(2, 1, ["title", "cost"])
        sheet.write_row(3, 1, ["Scout", 3])

    assert cells(written(tmp_path / "cards.xlsx", book)) == [
        [],
        [],
        [("title", "cards.xlsx:Cards!B3"), ("cost", "cards.xlsx:Cards!C3")],
        [("Scout", "cards.xlsx:Cards!B4"), (3, "cards.xlsx:Cards!C4")],
    ]


def test_a_header_below_empty_rows_names_the_columns_and_items_keep_their_rows(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        sheet.write_row(2, 1, ["Title", "Cost"])
        sheet.write_row(3, 1, ["Scout", 3])
        sheet.write_row(5, 1, ["Storm", 4])

    read = read_table(request(written(tmp_path / "cards.xlsx", book)), Columns())
    assert [dict(item) for item in read.items] == [{"Title": "Scout", "Cost": 3}, {"Title": "Storm", "Cost": 4}]
    assert [str(item.loc) for item in read.items] == ["cards.xlsx:Cards!A4", "cards.xlsx:Cards!A6"]
    assert [str(column.loc) for column in read.columns] == ["cards.xlsx:Cards!B3", "cards.xlsx:Cards!C3"]


def test_a_table_starting_in_column_b_reads_with_its_places(tmp_path):
    def book(workbook: xlsxwriter.Workbook) -> None:
        sheet = workbook.add_worksheet("Cards")
        sheet.write_row(0, 1, ["title", "cost"])
        sheet.write_row(3, 1, ["Scout", 3])

    read = read_table(request(written(tmp_path / "cards.xlsx", book)), Columns()).items
    assert [dict(item) for item in read] == [{"title": "Scout", "cost": 3}]
    assert str(read[0].loc_of("cost")) == "cards.xlsx:Cards!C4"


# --- through the command line -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "component", "message"),
    [
        (unsaved_formula, "", f"game/cards.xlsx:Cards!C3: error: {NO_SAVED_VALUE}"),
        (
            lambda path: written(path, hidden_parts),
            "sheet: Card\n",
            "game/cards.yaml:2:7: error: no worksheet 'Card' in game/cards.xlsx; did you mean 'Cards'? "
            "(it has: Notes, Cards)",
        ),
        (
            lambda path: hand_written(
                path,
                f'<sheetData><row r="1">{text_cell("A1", "title")}</row><row r="2">'
                f'{text_cell("A2", "Scout")}<c r="B2" t="e"><f>1/0</f><v>#DIV/0!</v></c></row></sheetData>',
            ),
            "",
            "game/cards.xlsx:Cards!B2: error: the cell shows the error #DIV/0!",
        ),
    ],
    ids=["formula with no saved value", "unknown worksheet", "saved error"],
)
def test_workbook_errors_exit_2_naming_the_cell_with_no_traceback(tmp_path, make, component, message):
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.yaml").write_text("name: Cells\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text(f"kind: card\ndata: cards.xlsx\n{component}")
    make(game / "cards.xlsx")
    result = cutsheet_process("build", "game", "--out", "out", "--format", "pdf", cwd=tmp_path, timeout=120)
    assert result.returncode == 2, result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "game").exists()
