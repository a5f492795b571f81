"""The shipped data as the package finds it: the five game folders, the layouts with their
paper presets and icons, and the fonts with their index, each the same files as the
checkout's top-level folders; and an install that would keep them inside an archive is
refused with a message, not a traceback later."""

import zipfile
from pathlib import Path

import pytest
import yaml
from defusedxml import ElementTree

from generator import shipped

ROOT = Path(__file__).resolve().parents[2]
FIVE = ["chip-flip", "sliders", "slipmax", "twisty-passages", "whipped"]


def files(folder: Path) -> set[str]:
    """Every data file under a folder, relative to it (Python's own caches left out)."""
    return {
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def test_the_five_games_are_shipped_each_a_game_folder():
    folder = shipped.components_dir()
    games = sorted(path.name for path in folder.iterdir() if (path / "game.yaml").is_file())
    assert games == FIVE
    assert files(folder) == files(ROOT / "components")


def test_the_layouts_their_paper_presets_and_icons_are_shipped():
    assert files(shipped.layouts_dir()) == files(ROOT / "layouts")
    assert shipped.papers_dir() == shipped.layouts_dir() / "sheets"
    a4 = yaml.safe_load((shipped.papers_dir() / "a4.yaml").read_text())
    assert (a4["width"], a4["height"]) == ("210mm", "297mm")  # ISO A4
    assert shipped.icons_dir() == shipped.layouts_dir() / "icons"
    icons = sorted(shipped.icons_dir().glob("*.svg"))
    assert icons
    for icon in icons:
        assert ElementTree.parse(icon).getroot().tag == "{http://www.w3.org/2000/svg}svg", icon.name


def test_the_fonts_are_shipped_each_family_with_its_licence():
    folder = shipped.fonts_dir()
    assert files(folder) == files(ROOT / "fonts")
    fonts = [path for path in folder.iterdir() if path.suffix in (".ttf", ".otf")]
    licences = [path.stem.removeprefix("LICENSE-") for path in folder.glob("LICENSE-*.txt")]
    assert fonts and licences
    for path in fonts:
        assert path.read_bytes()[:4] in (b"\x00\x01\x00\x00", b"OTTO"), path.name  # TrueType or OpenType
        assert any(path.stem.startswith(family) for family in licences), f"{path.name} has no LICENSE-*.txt"


def test_data_inside_an_archive_is_refused_with_a_message(tmp_path, monkeypatch):
    archive = tmp_path / "cutsheet.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("generator/shipped/layouts/card.yaml", "kind: card\n")
    inside = zipfile.Path(archive, "generator/shipped/layouts/")
    monkeypatch.setattr(shipped.resources, "files", lambda package: inside)
    with pytest.raises(RuntimeError, match="shipped layouts must be installed as files, not inside an archive"):
        shipped._folder("layouts")
