"""Where sources are found, `cutsheet new` and `examples`, and the paper `--paper` takes:
through the command line, with the files it writes read back."""

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator import shipped
from generator.cli import main
from generator.sources.discover import find_games
from generator.sources.errors import SourceError

MM = 72 / 25.4
SHIPPED = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


def page_size_mm(pdf: Path, index: int = 0) -> tuple[float, float]:
    box = PdfReader(pdf).pages[index].mediabox
    return round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)


@pytest.fixture
def starter(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    assert cli("new", "deck").exit_code == 0
    return tmp_path / "deck"


# --- where sources are found --------------------------------------------------------------------


def test_sources_named_are_taken_first(starter, tmp_path):
    found = find_games([str(starter / "cards.yaml")], tmp_path)
    assert found.folders == {starter.resolve(): [(starter / "cards.yaml").resolve()]}
    assert not found.shipped


def test_game_folders_under_components_come_next(starter, tmp_path):
    (tmp_path / "components").mkdir()
    starter.rename(tmp_path / "components" / "deck")
    (tmp_path / "components" / "notes").mkdir()
    (tmp_path / "game.yaml").write_text("ignored: when ./components/ holds games\n")
    found = find_games([], tmp_path)
    assert list(found.folders) == [(tmp_path / "components" / "deck").resolve()]


def test_a_game_yaml_in_the_working_folder_is_the_game(starter):
    found = find_games([], starter)
    assert list(found.folders) == [starter.resolve()] and not found.shipped


def test_else_the_shipped_games_and_a_line_saying_so(tmp_path):
    found = find_games([], tmp_path)
    assert [folder.name for folder in found.folders] == SHIPPED
    assert found.shipped and "shipped games" in found.note


def test_a_components_folder_without_games_is_an_error(tmp_path):
    (tmp_path / "components").mkdir()
    with pytest.raises(SourceError, match="no game folders under .*components .none holds a game.yaml"):
        find_games([], tmp_path)


def test_build_in_a_game_folder_builds_that_game(starter, monkeypatch, tmp_path):
    monkeypatch.chdir(starter)
    result = cli("build", "--out", str(tmp_path / "out"), "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")] == ["deck"]


def test_build_help_says_where_sources_are_found():
    text = cli("build", "--help").output
    assert "./components/" in text and "./game.yaml" in text and "shipped games" in text


# --- cutsheet new and examples ------------------------------------------------------------------


def test_the_starter_deck_builds_and_checks_with_no_findings(starter, tmp_path):
    built = cli("build", str(starter), "--out", str(tmp_path / "out"), "--format", "pdf")
    assert built.exit_code == 0, built.output
    assert "warning" not in built.output and "error" not in built.output
    pdf = tmp_path / "out" / "deck" / "deck.pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Scout" in text and "Storm" in text and "Deck" in text  # fronts, and the back's name
    checked = cli("check", str(starter))
    assert checked.exit_code == 0
    assert "0 errors, 0 warnings, 0 infos" in checked.output


def test_the_starter_has_a_readme_cards_from_a_table_a_picture_and_a_back(starter):
    assert sorted(p.relative_to(starter).as_posix() for p in starter.rglob("*") if p.is_file()) == [
        "README.md",
        "art/landscape.png",
        "cards.csv",
        "cards.yaml",
        "game.yaml",
        "layouts/card.yaml",
    ]
    assert "data: cards.csv" in (starter / "cards.yaml").read_text()
    assert (starter / "cards.csv").read_text().splitlines()[0] == "title,text,flavour,art,count"
    layout = (starter / "layouts" / "card.yaml").read_text()
    assert "extends: card" in layout and "{type: image, field: art," in layout and "back_elements:" in layout
    assert "engine: none" in (starter / "game.yaml").read_text()


def test_the_starters_picture_is_on_every_card_at_print_resolution(starter, tmp_path):
    out = tmp_path / "out"
    built = cli("build", str(starter), "--out", str(out), "--format", "pdf", "--no-checklist", "--duplex", "off")
    assert built.exit_code == 0 and "L010" not in built.output
    page = PdfReader(out / "deck" / "deck.pdf").pages[0]
    images = [x for x in page["/Resources"]["/XObject"].values() if x.get_object()["/Subtype"] == "/Image"]
    assert len(images) == 1  # one picture, embedded once for the five cards
    content = page.get_contents().get_data().decode("latin-1")
    assert content.count(" Do") == 5


def test_new_refuses_a_folder_that_is_not_empty(starter):
    (starter / "cards.yaml").write_text("mine\n")
    result = cli("new", str(starter))
    assert result.exit_code == 2
    assert "already exists and is not empty" in result.output
    assert (starter / "cards.yaml").read_text() == "mine\n"


def test_new_fills_an_empty_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    assert cli("new", "empty").exit_code == 0
    assert (tmp_path / "empty" / "game.yaml").is_file()
    assert [p.name for p in tmp_path.iterdir()] == ["empty"]  # no staging folder left behind


def test_new_from_copies_a_shipped_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli("new", "mine", "--from", "slipmax").exit_code == 0
    source = shipped.components_dir() / "slipmax"
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == sorted(
        p.name for p in source.iterdir() if p.name != "__pycache__"
    )
    assert (tmp_path / "mine" / "strips.yaml").read_bytes() == (source / "strips.yaml").read_bytes()


def test_new_from_an_unknown_game_lists_the_shipped_ones(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("new", "mine", "--from", "chess")
    assert result.exit_code == 2
    assert "no shipped game 'chess'" in result.output and "twisty-passages" in result.output
    assert not (tmp_path / "mine").exists()


def test_examples_lists_each_shipped_game_on_one_line():
    lines = cli("examples").output.splitlines()
    assert [line.split()[0] for line in lines] == SHIPPED
    assert any("Twisty Passages" in line for line in lines)


# --- paper --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "size"),
    [("a3", (297.0, 420.0)), ("a5", (148.0, 210.0)), ("legal", (215.9, 355.6)), ("tabloid", (279.4, 431.8))],
)
def test_paper_presets_set_the_page_size(starter, tmp_path, preset, size):
    result = cli("build", str(starter), "--out", str(tmp_path / "out"), "--format", "pdf", "--paper", preset)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "deck" / "deck.pdf"
    assert {page_size_mm(pdf, i) for i in range(len(PdfReader(pdf).pages))} <= {size, size[::-1]}


def test_a_custom_paper_size(starter, tmp_path):
    result = cli("build", str(starter), "--out", str(tmp_path / "out"), "--format", "pdf", "--paper", "300mmx450mm")
    assert result.exit_code == 0, result.output
    assert page_size_mm(tmp_path / "out" / "deck" / "deck.pdf") in {(300.0, 450.0), (450.0, 300.0)}


def test_a_game_folder_may_add_its_own_preset(starter, tmp_path):
    (starter / "layouts" / "sheets").mkdir()
    (starter / "layouts" / "sheets" / "square.yaml").write_text(
        "name: Square\nwidth: 250mm\nheight: 250mm\nmargin: 5mm\nmarks: 5.5mm\n"
    )
    result = cli("build", str(starter), "--out", str(tmp_path / "out"), "--format", "pdf", "--paper", "square")
    assert result.exit_code == 0, result.output
    assert page_size_mm(tmp_path / "out" / "deck" / "deck.pdf") == (250.0, 250.0)


@pytest.mark.parametrize(
    ("paper", "message"),
    [
        ("300x450", "paper size '300x450' needs a unit on each side"),
        ("folio", "unknown paper 'folio' (expected one of: a3, a4, a5, legal, letter, tabloid"),
        ("20mmx400mm", "is too small"),
        ("60mmx60mm", "cards.yaml:6:7: error: cards: 69.5 x 94.9 mm with bleed, too large for 60 x 60 mm paper"),
    ],
)
def test_bad_paper_is_a_clear_error_and_writes_nothing(starter, tmp_path, paper, message):
    result = cli("build", str(starter), "--out", str(tmp_path / "out"), "--paper", paper)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert not list((tmp_path / "out").rglob("*.pdf"))


def test_the_starters_title_band_lies_under_the_title(starter, tmp_path):
    """The band is added by the starter's layout, after card.yaml's title; `z: -1` draws it
    beneath, so the title's dark letters show on the band's light blue."""
    result = cli("build", str(starter), "--out", str(tmp_path / "out"), "--format", "pdf", "--duplex", "off")
    assert result.exit_code == 0, result.output
    document = pdfium.PdfDocument(tmp_path / "out" / "deck" / "deck.pdf")
    page = next(page for page in document if "Scout" in page.get_textpage().get_text_range())
    text = page.get_textpage()
    left, bottom, right, top = text.get_charbox(text.get_text_range().index("Scout"))
    image = page.render(scale=4).to_pil().convert("RGB")
    height = page.get_height()
    box = (int(left * 4), int((height - top) * 4), int(right * 4) + 40, int((height - bottom) * 4))
    crop = image.crop(box)
    colours = {colour for _, colour in crop.getcolors(crop.width * crop.height)}
    assert (0xDF, 0xE8, 0xF2) in colours  # the band is there ...
    assert any(max(pixel) < 80 for pixel in colours)  # ... and the title's ink on it
