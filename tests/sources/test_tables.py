"""Items from a CSV or XLSX table beside a component file: read back from the built PDF and
through the rules engines, with every error naming its cell."""

import shutil
from pathlib import Path

import openpyxl
import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.games import engines, load_game
from generator.located import Loc
from generator.sources.tables import Columns, TableRequest, read_table
from tests.conftest import pdf_text

ROOT = Path(__file__).resolve().parents[2]
CARDS_YAML = "kind: card\nlayout: card\ndata: cards.csv\n"


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def deck(tmp_path, monkeypatch) -> Path:
    """The starter deck, its cards taken from cards.csv."""
    monkeypatch.chdir(tmp_path)
    assert cli("new", "deck").exit_code == 0
    (tmp_path / "deck" / "cards.yaml").write_text(CARDS_YAML)
    return tmp_path / "deck"


def build(folder: Path, out: Path):
    return cli("build", str(folder), "--out", str(out), "--format", "pdf")


def items_of(folder: Path) -> list[dict]:
    return [dict(item) for item in load_game(folder).files[0].items]


# --- CSV ----------------------------------------------------------------------------------------


def test_semicolons_a_bom_quoted_line_breaks_counts_and_blank_rows(deck, tmp_path):
    (deck / "cards.csv").write_bytes(
        '\ufefftitle;text;count\nScout;"Look at three cards;\nput them back";2\n;;\n'
        "Gold Mine;Take one gold.;\n".encode()
    )
    assert items_of(deck) == [
        {"title": "Scout", "text": "Look at three cards;\nput them back", "count": 2},
        {"title": "Gold Mine", "text": "Take one gold."},
    ]
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert text.count("Scout") == 2 and text.count("Gold Mine") == 1


def test_numbers_become_numbers_and_numbers_in_text_fields_print_as_typed(deck, tmp_path):
    (deck / "cards.csv").write_text("title,text,cost\n1,Costs 2.5,007\n")
    read = read_table(TableRequest(deck / "cards.csv", "cards.csv", Loc("deck/cards.yaml", 1, 1)), Columns())
    assert [dict(item) for item in read.items] == [{"title": 1, "text": "Costs 2.5", "cost": "007"}]
    # The card's title is text: the game holds the number as the characters typed.
    assert items_of(deck) == [{"title": "1", "text": "Costs 2.5", "cost": "007"}]
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "Costs 2.5" in pdf_text(tmp_path / "out" / "deck" / "deck.pdf")


def test_dotted_columns_make_lists_and_nested_fields(deck):
    (deck / "strips.csv").write_text("title,steps.1.step,steps.1.text,steps.2.step,steps.2.text\nLife,0,Lose.,1,Win.\n")
    (deck / "cards.yaml").write_text("kind: strip\ndata: strips.csv\n")
    (item,) = load_game(deck).files[0].items
    assert item == {"title": "Life", "steps": [{"step": 0, "text": "Lose."}, {"step": 1, "text": "Win."}]}
    assert str(item["steps"][1].loc_of("text")) == "deck/strips.csv:2:5"
    assert str(item["steps"].loc_of(1)) == "deck/strips.csv:2:4"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("title,rent.1,rent.3\nA,1,2\n", "cards.csv:2:2: error: list 'rent' has no place 2"),
        ('title,text\nA,"\x07"\n', "cards.csv:2:2: error: control character U+0007"),
        ("title,title\nA,B\n", "cards.csv:1:2: error: column 'title' appears twice"),
        ("title,Title\nA,B\n", "cards.csv:1:2: error: column 'Title' appears twice"),
        ("title,rent.0\nA,B\n", "cards.csv:1:2: error: column name 'rent.0': expected a field name"),
        ("text\nno title\n", "cards.csv:2:1: error: missing required key 'title' in a card"),
        ("title,count\nA,many\n", "cards.csv:2:2: error: expected a whole number for 'count', got text 'many'"),
        ("title\n", "cards.yaml:3:7: error: the table 'cards.csv' has a header but no items"),
    ],
)
def test_errors_name_the_cell_and_write_nothing(deck, tmp_path, table, message):
    (deck / "cards.csv").write_text(table)
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "out" / "deck" / "deck.pdf").exists()


@pytest.mark.parametrize(
    ("component", "message"),
    [
        ("kind: card\ndata: ../cards.csv\n", "cards.yaml:2:7: error: table file '../cards.csv' leads outside"),
        ("kind: card\ndata: missing.csv\n", "cards.yaml:2:7: error: table file"),
        ("kind: card\ndata: cards.txt\n", "cards.yaml:2:7: error:"),
        ("kind: card\ndata: cards.csv\nitems: [{title: A}]\n", "expected either 'items'"),
        (
            "kind: card\ndata: cards.csv\nsheet: Cards\n",
            "'sheet' names a worksheet of a workbook such as an .xlsx file",
        ),
    ],
)
def test_bad_data_keys_are_errors_at_the_component_file(deck, tmp_path, component, message):
    (deck / "cards.csv").write_text("title\nA\n")
    (deck / "cards.yaml").write_text(component)
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert message in result.output


def test_an_edited_table_rebuilds_through_the_cache(deck, tmp_path):
    (deck / "cards.csv").write_text("title\nFirst Title\n")
    assert cli("build", str(deck), "--out", str(tmp_path / "out"), "--format", "pdf").exit_code == 0
    (deck / "cards.csv").write_text("title\nSecond Title\n")
    assert cli("build", str(deck), "--out", str(tmp_path / "out"), "--format", "pdf").exit_code == 0
    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert "Second Title" in text and "First Title" not in text


# --- XLSX ---------------------------------------------------------------------------------------


def write_workbook(path: Path, rows: list[list], sheet: str = "Cards", first: str | None = "Notes") -> None:
    book = openpyxl.Workbook()
    if first:
        book.active.title = first
        book.active.append(["not the cards"])
        worksheet = book.create_sheet(sheet)
    else:
        worksheet = book.active
        worksheet.title = sheet
    for row in rows:
        worksheet.append(row)
    book.save(path)


def test_a_named_worksheet_of_a_workbook(deck, tmp_path):
    write_workbook(deck / "cards.xlsx", [["title", "text", "count"], ["Storm", "Discard a card.", 3], [None, None]])
    (deck / "cards.yaml").write_text("kind: card\nlayout: card\ndata: cards.xlsx\nsheet: Cards\n")
    assert items_of(deck) == [{"title": "Storm", "text": "Discard a card.", "count": 3}]
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert pdf_text(tmp_path / "out" / "deck" / "deck.pdf").count("Discard a card.") == 3


def test_the_first_worksheet_by_default(deck):
    write_workbook(deck / "cards.xlsx", [["title"], ["Only"]], first=None)
    (deck / "cards.yaml").write_text("kind: card\ndata: cards.xlsx\n")
    assert items_of(deck) == [{"title": "Only"}]


def test_workbook_errors_name_the_cell_as_a_spreadsheet_does(deck, tmp_path):
    write_workbook(deck / "cards.xlsx", [["title", "count"], ["A", 1], ["B", "lots"]])
    (deck / "cards.yaml").write_text("kind: card\ndata: cards.xlsx\nsheet: Cards\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "cards.xlsx:Cards!B3: error: expected a whole number for 'count', got text 'lots'" in result.output


def test_an_unknown_worksheet_lists_the_ones_there(deck, tmp_path):
    write_workbook(deck / "cards.xlsx", [["title"], ["A"]])
    (deck / "cards.yaml").write_text("kind: card\ndata: cards.xlsx\nsheet: Deck\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "deck/cards.yaml:2:7: error: no worksheet 'Deck' in deck/cards.xlsx (it has: Notes, Cards)" in result.output


def test_a_file_that_is_not_a_workbook(deck, tmp_path):
    (deck / "cards.xlsx").write_text("title\nA\n")
    (deck / "cards.yaml").write_text("kind: card\ndata: cards.xlsx\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "deck/cards.yaml:2:7: error: deck/cards.xlsx is not a readable .xlsx workbook" in result.output
    assert "Traceback" not in result.output


# --- a game's own kinds: the same checks as YAML items --------------------------------------------


def deeds_as_csv(source: list[dict]) -> str:
    header = ["name", "group", "colour", "price", *(f"rent.{n}" for n in range(1, 7)), "house_cost", "mortgage"]
    rows = [
        [d["name"], d["group"], d["colour"], d["price"], *d["rent"], d["house_cost"], d["mortgage"]] for d in source
    ]
    return "\n".join(",".join(str(v) for v in row) for row in [header, *rows]) + "\n"


@pytest.fixture
def sliders_from_a_table(tmp_path) -> Path:
    game = tmp_path / "sliders"
    shutil.copytree(ROOT / "components" / "sliders", game, ignore=shutil.ignore_patterns("__pycache__"))
    deeds = yaml.safe_load((game / "deeds.yaml").read_text())
    (game / "deeds.csv").write_text(deeds_as_csv(deeds["items"]))
    (game / "deeds.yaml").write_text(f"kind: deed\nlayout: {deeds['layout']}\ndata: deeds.csv\n")
    return game


def test_a_table_of_deeds_makes_the_same_deck_as_the_yaml(sliders_from_a_table):
    engine = engines()["sliders"]
    from_table = engine.load_deck(load_game(sliders_from_a_table))
    from_yaml = engine.load_deck(load_game(ROOT / "components" / "sliders"))
    without_places = [{**vars(deed), "loc": None} for deed in from_table.deeds.values()]
    assert without_places == [{**vars(deed), "loc": None} for deed in from_yaml.deeds.values()]
    assert str(from_table.deeds[1].loc).endswith("sliders/deeds.csv:2:1")
    checked = cli("check", str(sliders_from_a_table))
    assert checked.exit_code == 0, checked.output


def test_a_bad_deed_cell_is_named_by_the_rules_checker(sliders_from_a_table):
    csv_path = sliders_from_a_table / "deeds.csv"
    lines = csv_path.read_text().splitlines()
    cells = lines[3].split(",")
    cells[5] = "lots"  # rent.2 of the third deed: row 4, column 6
    lines[3] = ",".join(cells)
    csv_path.write_text("\n".join(lines) + "\n")
    result = cli("check", str(sliders_from_a_table))
    assert result.exit_code == 2
    assert "deeds.csv:4:6: error:" in result.output
