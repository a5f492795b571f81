"""A table's headers as people write them: matched to fields whatever their case, spaces and
punctuation, mapped with `columns:`, copies read from the column that says how many, and one
line per cause (a file's unused columns, a misspelt column, a coarse picture on many cards).
Each deck is built through the command line and its PDF read back with pypdf."""

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli import main
from tests.conftest import pdf_text


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def deck(starter_deck) -> Path:
    """The starter deck (its layout shows title, text, flavour and art)."""
    return starter_deck


def with_table(deck: Path, table: str, component: str = "") -> Path:
    (deck / "cards.csv").write_text(table)
    (deck / "cards.yaml").write_text(f"kind: card\nlayout: card\ndata: cards.csv\n{component}")
    return deck


def build(deck: Path, out: Path):
    return cli("build", str(deck), "--out", str(out), "--format", "pdf")


def lines_with(output: str, code: str) -> list[str]:
    return [line for line in output.splitlines() if f"[{code}]" in line]


def test_headers_match_fields_whatever_their_case_spaces_and_punctuation(deck, tmp_path):
    with_table(deck, "TITLE,  Text ,FLAVOUR,a_r_t\nScout,Look at three cards.,Quietly.,art/landscape.png\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert not lines_with(result.output, "L007") and not lines_with(result.output, "T001"), result.output
    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert "Scout" in text and "Look at three cards." in text and "Quietly." in text


def test_a_header_spelt_with_spaces_fills_the_field_the_layout_names_with_underscores(deck, tmp_path):
    layout = (deck / "layouts" / "card.yaml").read_text().replace("field: text,", "field: rules_text,")
    (deck / "layouts" / "card.yaml").write_text(layout)
    with_table(deck, "Title,Rules Text\nScout,Look at three cards.\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "Look at three cards." in pdf_text(tmp_path / "out" / "deck" / "deck.pdf")


def test_columns_maps_fields_to_headers_and_the_mapped_column_gives_the_copies(deck, tmp_path):
    table = "Name,Rules Text,Qty\nScout,Look.,3\nStorm,Rain.,0\nBank,Pay.,2\n"
    with_table(deck, table, "columns: {title: Name, count: Qty, text: Rules Text}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert text.count("Scout") == 3 and text.count("Bank") == 2
    assert "Storm" not in text, "a count of 0 prints no copy"
    assert not lines_with(result.output, "T002")


def test_a_copies_column_under_another_name_is_one_warning_at_its_header(deck, tmp_path):
    rows = "".join(f"Card {n},Text {n}.,2\n" for n in range(1, 68))
    result = build(with_table(deck, "Title,Text,Qty\n" + rows), tmp_path / "out")
    assert result.exit_code == 0, result.output
    (copies,) = lines_with(result.output, "T002")
    assert copies.startswith("deck/cards.csv:1:3: warning [T002] column 'Qty' looks like the number of copies")
    assert "columns: {count: Qty}" in copies
    assert "Card 67" in pdf_text(tmp_path / "out" / "deck" / "deck.pdf")


def test_helper_columns_and_columns_with_no_header_are_one_info_line_for_the_file(deck, tmp_path):
    rows = "".join(f"Card {n},Text {n}.,{n * 2},{n % 5},,note {n}\n" for n in range(1, 68))
    result = build(with_table(deck, "Title,Text,VP + Climb,Est. Actions Min,Empty\n" + rows), tmp_path / "out")
    assert result.exit_code == 0, result.output
    (unused,) = lines_with(result.output, "T001")
    assert unused.startswith("deck/cards.csv:1:3: info [T001] 4 of the 6 columns of cards.csv")
    assert unused.endswith("'VP + Climb', 'Est. Actions Min', 'Empty', a column with no header (deck/cards.csv:2:6)")
    assert len(result.output.splitlines()) < 10, "no line per row"
    assert "Card 67" in pdf_text(tmp_path / "out" / "deck" / "deck.pdf")


def test_a_misspelt_column_is_one_warning_at_the_element_naming_the_closest_header(deck, tmp_path):
    rows = "".join(f"Card {n},Text {n}.,Soft {n}.\n" for n in range(1, 68))
    result = build(with_table(deck, "Title,Text,Flavor\n" + rows), tmp_path / "out")
    assert result.exit_code == 0, result.output
    (missing,) = [line for line in lines_with(result.output, "L007") if "'flavour'" in line]
    assert missing.startswith("deck/layouts/card.yaml:")
    assert "element 'flavour' shows 'flavour', which no item here has; did you mean 'Flavor'?" in missing
    assert "'Flavor'" in lines_with(result.output, "T001")[0]
    assert not lines_with(result.output, "L006")


@pytest.mark.parametrize(
    ("component", "message"),
    [
        ("columns: {count: Quantity}\n", "no column 'Quantity' in "),
        ("columns: {count: Qtty}\n", "did you mean 'Qty'?"),
    ],
)
def test_a_mapping_to_a_header_that_is_not_there_is_an_error_at_the_mapping(deck, tmp_path, component, message):
    result = build(with_table(deck, "Title,Qty\nScout,2\n", component), tmp_path / "out")
    assert result.exit_code == 2
    assert "deck/cards.yaml:4:" in result.output and message in result.output
    assert "its columns: 'Title', 'Qty'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("value", "message"),
    [("-1", "cards.csv:2:2: error:"), ("2.5", "cards.csv:2:2: error:"), ("many", "cards.csv:2:2: error:")],
)
def test_copies_that_are_not_a_whole_number_from_0_are_an_error_at_the_cell(deck, tmp_path, value, message):
    result = build(with_table(deck, f"Title,Count\nScout,{value}\n"), tmp_path / "out")
    assert result.exit_code == 2
    assert message in result.output and "count" in result.output
    assert not (tmp_path / "out" / "deck" / "deck.pdf").exists()


def test_two_headers_of_a_field_the_kind_declares_are_an_error_at_the_second(deck, tmp_path):
    result = build(with_table(deck, "Title,Text,TITLE\nA,B,C\n"), tmp_path / "out")
    assert result.exit_code == 2
    assert "cards.csv:1:3: error: column 'TITLE' appears twice (first at deck/cards.csv:1:1)" in result.output
    assert "row 1 is read as the header, the first row that is not blank" in result.output


def test_two_headers_of_a_field_of_ones_own_keep_the_first(deck, tmp_path):
    result = build(with_table(deck, "Title,Rules Text,rules_text\nA,B,C\n"), tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert lines_with(result.output, "T001")[0].endswith(": 'Rules Text', 'rules_text'")


def test_a_coarse_picture_on_many_cards_is_one_warning_naming_how_many_use_it(deck, tmp_path):
    Image.new("RGB", (40, 30), "#336699").save(deck / "art" / "small.png")
    rows = "".join(f"Card {n},Text {n}.,art/small.png\n" for n in range(1, 101))
    result = build(with_table(deck, "Title,Text,Art\n" + rows), tmp_path / "out")
    assert result.exit_code == 0, result.output
    (coarse,) = lines_with(result.output, "L010")
    assert coarse.startswith("deck/cards.csv:2:3: warning [L010] image 'art/small.png' is 40 x 30 px")
    assert coarse.endswith("(100 items use it; the first is here)")


def test_two_helper_columns_of_one_name_and_a_column_the_mapping_outranks_are_left_out(deck, tmp_path):
    table = "Title,Notes,Qty,Count,Notes,Text\nScout,a,2,9,b,Look.\n"
    result = build(with_table(deck, table, "columns: {count: Qty}\n"), tmp_path / "out")
    assert result.exit_code == 0, result.output
    (unused,) = lines_with(result.output, "T001")
    assert unused.endswith(": 'Notes', 'Count', 'Notes'"), unused
    assert pdf_text(tmp_path / "out" / "deck" / "deck.pdf").count("Scout") == 2, "the copies come from Qty"


def test_one_header_mapped_to_two_fields_is_an_error_at_the_second_mapping(deck, tmp_path):
    result = build(with_table(deck, "Name\nScout\n", "columns: {title: Name, text: Name}\n"), tmp_path / "out")
    assert result.exit_code == 2
    assert "deck/cards.yaml:4:" in result.output
    assert "column 'Name' is mapped to 'title' already: a column fills one field" in result.output


def test_a_mapping_to_a_field_a_fixed_kind_lacks_is_an_error_at_the_mapping(deck, tmp_path):
    (deck / "game.yaml").write_text("name: Strips\nengine: slipmax\ncomponents: [strips.yaml]\n")
    (deck / "strips.csv").write_text("Title,Notes\nLife,x\n")
    (deck / "strips.yaml").write_text("kind: strip\ndata: strips.csv\ncolumns: {flavour: Notes}\n")
    result = cli("check", str(deck))
    assert result.exit_code == 2
    assert "deck/strips.yaml:3:11: error: a strip has no field 'flavour'" in result.output


def test_a_snapshot_not_yet_pulled_says_to_pull_it(deck, tmp_path):
    (deck / "cards.yaml").write_text("kind: card\ndata: {url: 'https://example.com/c.csv', snapshot: online.csv}\n")
    result = build(deck, tmp_path / "out")
    assert result.exit_code == 2
    assert "no snapshot 'online.csv' yet: `cutsheet pull` downloads it from the url" in result.output


def test_cards_with_their_own_layout_follow_the_files_size_and_their_fields_count_as_read(deck, tmp_path):
    (deck / "layouts" / "spell.yaml").write_text(
        "extends: card\nelements:\n  power: {type: text, field: power, x: 4mm, y: 60%, width: 50%, height: 8mm}\n"
    )
    table = "Title,Text,Flavour,Art,Layout,Power\nBolt,Zap.,Fast.,art/landscape.png,spell,Nine\n"
    table += "Wall,Block.,Slow.,art/landscape.png,,\n"
    result = build(with_table(deck, table, "size: tarot\n"), tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert not lines_with(result.output, "T001") and not lines_with(result.output, "L007"), result.output
    text = pdf_text(tmp_path / "out" / "deck" / "deck.pdf")
    assert "Nine" in text and "Wall" in text
