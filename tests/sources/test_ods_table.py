"""OpenDocument spreadsheets (.ods) read as the spreadsheet shows them: each cell the text it
shows (a date, a percentage, a currency as written), a number shown plainly a number,
formulas as the values saved with them (none saved, or a saved error: an error at the
cell), merged cells giving their value to each cell they cover, hidden rows and sheets left
out with `skip_hidden`, repeated cells and rows read without being laid out, every cell at
its place, and the same archive bounds as a workbook's. Files are written by odfpy, or
given hand-written XML where a case needs what it does not write."""

import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from odf.element import Element
from odf.office import Annotation
from odf.opendocument import OpenDocumentSpreadsheet
from odf.style import Style, TableProperties
from odf.table import CoveredTableCell, Table, TableCell, TableRow
from odf.text import LineBreak, P, S, Span, Tab

from generator.cli import main
from generator.located import Loc
from generator.sources.errors import SourceError
from generator.sources.ods_table import ODS
from generator.sources.tables import MAX_COLUMNS, Columns, TableRequest, read_table
from generator.sources.xlsx_table import MAX_PACKING, NO_SAVED_VALUE
from tests.conftest import cutsheet_process, pdf_text
from tests.sources.test_hostile_sources_game import refused, write_game

NAMED_AT = Loc("cards.yaml", 3, 7)
CALCEXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
CONTENT = "content.xml"


def shown(cell: TableCell, *paragraphs: str) -> TableCell:
    for text in paragraphs:
        cell.addElement(P(text=text))
    return cell


def text(value: str) -> TableCell:
    return shown(TableCell(valuetype="string"), value)


def row(*cells: Element, **attributes: object) -> TableRow:
    made = TableRow(**attributes)
    for cell in cells:
        made.addElement(cell)
    return made


def sheet(name: str, *rows: TableRow, **attributes: object) -> Table:
    made = Table(name=name, **attributes)
    for each in rows:
        made.addElement(each)
    return made


def saved(path: Path, *sheets: Table, hidden: tuple[str, ...] = ()) -> Path:
    """An .ods file of `sheets`, those named in `hidden` hidden as Calc hides a sheet."""
    document = OpenDocumentSpreadsheet()
    style = Style(name="hidden", family="table")
    style.addElement(TableProperties(display=False))
    document.automaticstyles.addElement(style)
    for each in sheets:
        if each.getAttribute("name") in hidden:
            each.setAttribute("stylename", style)
        document.spreadsheet.addElement(each)
    document.save(str(path))
    return path


def edited(path: Path, old: str, new: str) -> Path:
    """The file with `old` replaced by `new` in its content.xml, for what odfpy does not write."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    content = parts[CONTENT].decode()
    assert old in content, content
    parts[CONTENT] = content.replace(old, new).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in parts.items():
            target.writestr(name, data)
    return path


def request(path: Path, sheet: str | None = None, skip_hidden: bool = False) -> TableRequest:
    return TableRequest(path, path.name, NAMED_AT, sheet, skip_hidden)


def items(path: Path, sheet: str | None = None, skip_hidden: bool = False) -> list[dict]:
    return [dict(item) for item in read_table(request(path, sheet, skip_hidden), Columns()).items]


def cells(path: Path, sheet: str | None = None) -> list[list[tuple[object, str]]]:
    return [[(cell.value, str(cell.loc)) for cell in each] for each in ODS.read(request(path, sheet)).rows]


def error_of(path: Path, sheet: str | None = None, skip_hidden: bool = False) -> str:
    with pytest.raises(SourceError) as caught:
        items(path, sheet, skip_hidden)
    return str(caught.value)


def test_ods_is_the_ods_table_format_with_sheets():
    assert (ODS.suffix, ODS.has_sheets) == ("ods", True)


# --- what cells show ----------------------------------------------------------------------------


def test_cells_read_as_the_spreadsheet_shows_them(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(*(text(h) for h in ["title", "cost", "chance", "added", "at", "on", "count", "half", "score", "n"])),
            row(
                text("Harbour"),
                shown(TableCell(valuetype="currency", currency="USD", value="1234.5"), "$1,234.50"),
                shown(TableCell(valuetype="percentage", value="0.25"), "25%"),
                shown(TableCell(valuetype="date", datevalue="2023-01-05"), "5-Jan-23"),
                shown(TableCell(valuetype="time", timevalue="PT09H30M00S"), "09:30"),
                shown(TableCell(valuetype="boolean", booleanvalue="true"), "TRUE"),
                shown(TableCell(valuetype="float", value="3"), "3"),
                shown(TableCell(valuetype="float", value="2.5"), "2,5"),  # a decimal comma
                shown(TableCell(valuetype="float", value="2.5"), "2.50"),
                TableCell(valuetype="float", value="7"),  # no text shown: its value
            ),
        ),
    )
    assert items(path) == [
        {
            "title": "Harbour",
            "cost": "$1,234.50",
            "chance": "25%",
            "added": "5-Jan-23",
            "at": "09:30",
            "on": "TRUE",
            "count": 3,
            "half": 2.5,
            "score": "2.50",
            "n": 7,
        }
    ]


def test_a_cells_text_is_its_paragraphs_spaces_tabs_and_line_breaks_not_its_comment(tmp_path):
    rich = TableCell(valuetype="string")
    first = P(text="Look at")
    first.addElement(S(c=3))
    first.addElement(Span(text="three"))
    first.addElement(Tab())
    first.addElement(LineBreak())
    first.addText("cards.")
    comment = Annotation()
    comment.addElement(P(text="a note to myself"))
    rich.addElement(comment)
    rich.addElement(first)
    rich.addElement(P(text="Then draw."))
    path = saved(tmp_path / "cards.ods", sheet("Cards", row(text("title"), text("text")), row(text("Scout"), rich)))
    assert items(path) == [{"title": "Scout", "text": "Look at   three\t\ncards.\nThen draw."}]


def test_cells_showing_no_text_give_their_values_and_blank_ones_are_empty(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(text("title"), text("day"), text("on"), text("blank"), text("none")),
            row(
                text("Scout"),
                TableCell(valuetype="date", datevalue="2023-01-05"),
                TableCell(valuetype="boolean", booleanvalue="false"),
                shown(TableCell(valuetype="string"), " "),
                TableCell(),
            ),
        ),
    )
    assert items(path) == [{"title": "Scout", "day": "2023-01-05", "on": "FALSE"}]


def test_a_deck_from_an_ods_file_builds_showing_its_currency(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["new", "deck"]).exit_code == 0
    layout = tmp_path / "deck" / "layouts" / "card.yaml"
    layout.write_text(layout.read_text().replace("field: text,", "field: cost,", 1))
    saved(
        tmp_path / "deck" / "cards.ods",
        sheet(
            "Cards",
            row(text("Title"), text("Cost"), text("Count")),
            row(
                text("Harbour"),
                shown(TableCell(valuetype="currency", value="2.5"), "€2.50"),
                shown(TableCell(valuetype="float", value="2"), "2"),
            ),
        ),
    )
    (tmp_path / "deck" / "cards.yaml").write_text("kind: card\nlayout: card\ndata: cards.ods\n")
    result = runner.invoke(main, ["build", "deck", "--out", "out", "--format", "pdf"])
    assert result.exit_code == 0, result.output
    printed = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert "€2.50" in printed and printed.count("Harbour") == 2


# --- formulas -----------------------------------------------------------------------------------


def test_formulas_give_the_values_saved_with_them(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(text("title"), text("total"), text("name")),
            row(
                text("Scout"),
                shown(TableCell(valuetype="float", value="5", formula="of:=2+3"), "5"),
                shown(TableCell(valuetype="string", formula='of:="Scout"&" I"'), "Scout I"),
            ),
        ),
    )
    assert items(path) == [{"title": "Scout", "total": 5, "name": "Scout I"}]


def test_a_formula_with_no_saved_value_is_an_error_at_its_cell(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet("Cards", row(text("title"), text("cost")), row(text("Scout"), TableCell(formula="of:=1+2"))),
    )
    assert error_of(path) == f"cards.ods:Cards!B2: error: {NO_SAVED_VALUE}"


def test_a_saved_error_is_an_error_at_its_cell(tmp_path):
    """As Calc saves =1/0: text shown, and its own attribute saying the value is an error."""
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(text("title"), text("cost")),
            row(text("Scout"), shown(TableCell(valuetype="string", formula="of:=1/0"), "#DIV/0!")),
        ),
    )
    edited(path, 'table:formula="of:=1/0"', 'table:formula="of:=1/0" calcext:value-type="error"')
    edited(
        path,
        "<office:document-content ",
        f'<office:document-content xmlns:calcext="{CALCEXT}" ',
    )
    assert error_of(path) == (
        "cards.ods:Cards!B2: error: the cell shows the error #DIV/0!: correct its formula, then save the workbook again"
    )


def test_a_formula_with_no_saved_value_in_a_hidden_row_left_out_is_let_be(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(text("title"), text("cost")),
            row(text("Scout"), TableCell(formula="of:=1+2"), visibility="collapse"),
            row(text("Bolt")),
        ),
    )
    assert items(path, skip_hidden=True) == [{"title": "Bolt"}]


# --- merged, repeated, hidden -------------------------------------------------------------------


def test_a_merged_range_gives_its_value_to_every_cell_it_covers(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(text("title"), text("set"), text("note"), text("also")),
            row(text("Scout"), shown(TableCell(valuetype="string", numberrowsspanned=3), "Set A")),
            row(
                text("Gold Mine"),
                CoveredTableCell(),
                shown(TableCell(valuetype="string", numbercolumnsspanned=2), "shared"),
                CoveredTableCell(),
            ),
            row(text("Dragon"), CoveredTableCell()),
            row(text("Bolt"), text("Set B")),
        ),
    )
    assert items(path) == [
        {"title": "Scout", "set": "Set A"},
        {"title": "Gold Mine", "set": "Set A", "note": "shared", "also": "shared"},
        {"title": "Dragon", "set": "Set A"},
        {"title": "Bolt", "set": "Set B"},
    ]
    read = read_table(request(path), Columns()).items
    assert [str(item.loc_of("set")) for item in read] == [f"cards.ods:Cards!B{n}" for n in (2, 3, 4, 5)]


def test_repeated_cells_and_rows_read_as_the_cells_they_stand_for(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(text("title"), text("a"), text("b"), TableCell(numbercolumnsrepeated=1020)),
            row(
                text("Scout"),
                shown(TableCell(valuetype="float", value="1", numbercolumnsrepeated=2), "1"),
                numberrowsrepeated=2,
            ),
            row(TableCell(numbercolumnsrepeated=1024), numberrowsrepeated=3),
            row(text("Bolt")),
            row(TableCell(numbercolumnsrepeated=1024), numberrowsrepeated=1_048_000),  # as Calc ends every sheet
        ),
    )
    started = time.monotonic()
    assert cells(path) == [
        [("title", "cards.ods:Cards!A1"), ("a", "cards.ods:Cards!B1"), ("b", "cards.ods:Cards!C1")],
        [("Scout", "cards.ods:Cards!A2"), (1, "cards.ods:Cards!B2"), (1, "cards.ods:Cards!C2")],
        [("Scout", "cards.ods:Cards!A3"), (1, "cards.ods:Cards!B3"), (1, "cards.ods:Cards!C3")],
        [],
        [],
        [],
        [("Bolt", "cards.ods:Cards!A7")],
    ]
    assert time.monotonic() - started < 2


def test_a_repeated_cell_filling_a_huge_area_is_refused_bounded(tmp_path):
    """2 kB that stand for 96 million filled cells (a dense reader would need gigabytes)."""
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(text("title")),
            row(
                shown(TableCell(valuetype="float", value="7", numbercolumnsrepeated=16000), "7"),
                numberrowsrepeated=6000,
            ),
        ),
    )
    assert path.stat().st_size < 4096
    game = write_game(
        tmp_path / "game", {"cards.yaml": "kind: card\ndata: cards.ods\n", "cards.ods": path.read_bytes()}
    )
    refused(game, tmp_path, f"game/cards.ods:Cards!GS2: error: a value beyond column {MAX_COLUMNS}", memory_mb=300)


def test_hidden_rows_filtered_rows_and_hidden_sheets_are_left_out_with_skip_hidden(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet("Notes", row(text("title")), row(text("Playtest notes"))),
        sheet(
            "Cards",
            row(text("title"), text("count"), visibility="collapse"),  # the header is read even so
            row(text("Scout"), text("2")),
            row(text("Retired"), visibility="collapse"),
            row(text("Filtered"), visibility="filter"),
            row(text("Dragon")),
        ),
        hidden=("Notes",),
    )
    read = read_table(request(path, skip_hidden=True), Columns()).items
    assert [dict(item) for item in read] == [{"title": "Scout", "count": "2"}, {"title": "Dragon"}]
    assert str(read[1].loc_of("title")) == "cards.ods:Cards!A5"
    assert items(path) == [{"title": "Playtest notes"}]  # without skip_hidden: the first sheet
    assert len(items(path, sheet="Cards")) == 4
    assert items(path, sheet="Notes", skip_hidden=True) == [{"title": "Playtest notes"}]


def test_an_unknown_sheet_names_the_closest_and_lists_them_all(tmp_path):
    path = saved(tmp_path / "cards.ods", sheet("Notes", row(text("title"))), sheet("Cards", row(text("title"))))
    assert error_of(path, sheet="cards") == (
        "cards.yaml:3:7: error: no worksheet 'cards' in cards.ods; did you mean 'Cards'? (it has: Notes, Cards)"
    )


def test_every_cell_keeps_its_place_when_the_table_does_not_start_at_a1(tmp_path):
    path = saved(
        tmp_path / "cards.ods",
        sheet(
            "Cards",
            row(TableCell(), numberrowsrepeated=2),
            row(TableCell(), text("title"), text("cost")),
            row(TableCell(), text("Scout"), shown(TableCell(valuetype="float", value="3"), "3")),
        ),
    )
    assert cells(path) == [
        [],
        [],
        [("title", "cards.ods:Cards!B3"), ("cost", "cards.ods:Cards!C3")],
        [("Scout", "cards.ods:Cards!B4"), (3, "cards.ods:Cards!C4")],
    ]


# --- bounds and damage ----------------------------------------------------------------------------


def test_a_cell_of_too_much_text_is_an_error_at_its_cell_in_bounded_time(tmp_path):
    spaces = P(text="x")
    spaces.addElement(S(c=1_000_000_000))
    long = TableCell(valuetype="string")
    long.addElement(spaces)
    path = saved(tmp_path / "cards.ods", sheet("Cards", row(text("title"), text("text")), row(text("Scout"), long)))
    started = time.monotonic()
    assert error_of(path).startswith("cards.ods:Cards!B2: error: text of more than 100000 characters")
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda path: path.write_bytes(b"title\nScout\n"), "cards.ods is not a readable .ods workbook"),
        (lambda path: edited(path, "</table:table>", ""), "cards.ods is not a readable .ods workbook"),
        (
            lambda path: edited(path, 'table:number-columns-repeated="2"', 'table:number-columns-repeated="-2"'),
            "cards.ods is not a readable .ods workbook",
        ),
        (
            lambda path: edited(
                path, "<?xml version='1.0' encoding='UTF-8'?>", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]>'
            ),
            "cards.ods declares a DTD",
        ),
    ],
    ids=["not a zip", "a sheet never closed", "a negative repeat", "a DTD"],
)
def test_a_damaged_file_is_an_error_at_the_component_file(tmp_path, damage, message):
    path = saved(
        tmp_path / "cards.ods",
        sheet("Cards", row(text("title"), TableCell(numbercolumnsrepeated=2)), row(text("Scout"))),
    )
    damage(path)
    assert error_of(path).startswith(f"cards.yaml:3:7: error: {message}")


def test_a_part_packed_like_a_zip_bomb_is_refused(tmp_path):
    path = saved(tmp_path / "cards.ods", sheet("Cards", row(text("title")), row(text("Scout"))))
    edited(path, "</office:document-content>", " " * (4 * 1024 * 1024) + "</office:document-content>")
    assert f"at most {MAX_PACKING} times larger" in error_of(path)


def test_an_ods_error_exits_2_naming_the_cell_with_no_traceback(tmp_path):
    game = tmp_path / "game"
    game.mkdir()
    (game / "game.yaml").write_text("name: Cells\nengine: none\ncomponents: [cards.yaml]\n")
    (game / "cards.yaml").write_text("kind: card\ndata: cards.ods\n")
    saved(
        game / "cards.ods",
        sheet("Cards", row(text("title"), text("cost")), row(text("Scout"), TableCell(formula="of:=1+2"))),
    )
    result = cutsheet_process("build", "game", "--out", "out", "--format", "pdf", cwd=tmp_path, timeout=120)
    assert result.returncode == 2, result.stderr
    assert f"game/cards.ods:Cards!B2: error: {NO_SAVED_VALUE}" in result.stderr
    assert "Traceback" not in result.stderr
