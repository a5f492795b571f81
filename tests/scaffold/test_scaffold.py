"""`cutsheet new` as a library (generator/scaffold/__init__.py): a folder name gives a Python
package name or is refused; `examples` lists the shipped game folders in name order with
the name and description their game.yaml gives (read here with PyYAML); the starter deck's
game.yaml carries the folder's name as a title, YAML-quoted so that any name reads back as
written; a copy of a shipped game is byte for byte; a plugin is every file of its template's
plan, its pyproject.toml registering the package as a game; a destination that is not empty
is refused untouched, and no staging folder is left beside it."""

import ast
import tomllib
from pathlib import Path

import pytest
import yaml

from generator import shipped
from generator.scaffold import PLUGIN_FILES, examples, new_game, package_name
from generator.sources.errors import SourceError
from tests.conftest import ROOT


@pytest.mark.parametrize(
    ("folder", "package"), [("my-game", "my_game"), ("My Game 2!", "my_game_2"), ("--Deck--", "deck")]
)
def test_a_folder_name_gives_a_package_name(folder, package):
    assert package_name(folder) == package


@pytest.mark.parametrize("folder", ["2048", "tests", "generator", "example", "---"])
def test_a_folder_name_that_gives_no_package_is_refused(folder):
    with pytest.raises(SourceError, match="gives no Python package name"):
        package_name(folder)


def test_examples_are_the_shipped_game_folders_in_name_order():
    found = examples()
    folders = sorted(p for p in shipped.components_dir().iterdir() if (p / "game.yaml").is_file())
    assert [e.slug for e in found] == [p.name for p in folders] and len(found) == 5
    for example, folder in zip(found, folders, strict=True):
        data = yaml.safe_load((folder / "game.yaml").read_text())
        assert example.name == data["name"]
        assert example.description == " ".join(data.get("description", "").split())
    assert next(e for e in found if e.slug == "chip-flip").name == "Chip Flip"


def no_staging_left(parent: Path) -> bool:
    return not [p for p in parent.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize(("folder", "name"), [("dragon-hunt", "Dragon Hunt"), ("#1_deck: 'x'", "#1 Deck: 'X'")])
def test_the_starter_takes_its_name_from_the_folder(tmp_path, folder, name):
    made = new_game(tmp_path / folder)
    assert made == tmp_path / folder
    assert yaml.safe_load((made / "game.yaml").read_text())["name"] == name
    assert (made / "README.md").read_text().startswith(f"# {name}\n")
    starter = ROOT / "generator" / "scaffold" / "starter"
    assert (made / "art" / "landscape.png").read_bytes() == (starter / "art" / "landscape.png").read_bytes()
    assert sorted(p.relative_to(made).as_posix() for p in made.rglob("*") if p.is_file()) == [
        "README.md",
        "art/landscape.png",
        "cards.csv",
        "cards.yaml",
        "game.yaml",
        "layouts/card.yaml",
    ]
    assert no_staging_left(tmp_path)


def test_a_copy_of_a_shipped_game_is_byte_for_byte(tmp_path):
    made = new_game(tmp_path / "mine", from_game="chip-flip")
    source = shipped.components_dir() / "chip-flip"
    files = {p.relative_to(source): p.read_bytes() for p in source.rglob("*") if p.is_file()}
    assert {p.relative_to(made): p.read_bytes() for p in made.rglob("*") if p.is_file()} == files
    with pytest.raises(SourceError, match="no shipped game 'nope' \\(expected one of: chip-flip, "):
        new_game(tmp_path / "other", from_game="nope")
    assert not (tmp_path / "other").exists() and no_staging_left(tmp_path)


def test_a_folder_that_is_not_empty_is_refused_untouched(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    with pytest.raises(SourceError, match="already exists and is not empty"):
        new_game(tmp_path / "taken")
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]
    (tmp_path / "empty").mkdir()
    assert (new_game(tmp_path / "empty") / "game.yaml").is_file()


def test_a_plugin_is_its_templates_plan_registered_as_a_game(tmp_path):
    made = new_game(tmp_path / "star-race", plugin=True)
    files = sorted(p.relative_to(made).as_posix() for p in made.rglob("*") if p.is_file())
    assert files == sorted(target.format(package="star_race") for target in PLUGIN_FILES.values())
    assert "star_race/engine.py" in files and "tests/test_star_race.py" in files
    project = tomllib.loads((made / "pyproject.toml").read_text())
    assert project["project"]["name"] == "cutsheet-star-race"
    assert project["project"]["entry-points"]["cutsheet.games"] == {"star_race": "star_race:PLUGIN"}
    for path in made.rglob("*.py"):
        ast.parse(path.read_text(), str(path))  # every module filled in is Python
    assert yaml.safe_load((made / "example" / "game.yaml").read_text())["engine"] == "star_race"
