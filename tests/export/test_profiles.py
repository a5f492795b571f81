"""The export profiles cutsheet ships (generator/export/profiles.py): the five objects its
pyproject.toml registers under their own names, read with tomllib; naming them loads none of
the PDF and image libraries (checked in a fresh interpreter); and each one's writer, handed a
run of a two-card game (one card twice, a shared back), writes the files its help line
promises, named by hand."""

import subprocess
import sys
import tomllib

import pytest

from generator.export import profiles
from generator.export.profile import ExportProfile, ExportSettings
from generator.games import load_game
from generator.pipeline import PrintRun
from generator.project import OutputSettings, Project
from tests.conftest import ROOT

SHIPPED = {
    "cutter": profiles.CUTTER,
    "drivethrucards": profiles.DRIVETHRUCARDS,
    "makeplayingcards": profiles.MAKEPLAYINGCARDS,
    "thegamecrafter": profiles.THEGAMECRAFTER,
    "tts": profiles.TTS,
}


def test_the_entry_points_name_the_shipped_profiles_each_under_its_own_name():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["cutsheet.exports"]
    assert sorted(declared) == sorted(SHIPPED)
    for name, target in declared.items():
        module, attribute = target.split(":")
        assert module == profiles.__name__
        profile = getattr(profiles, attribute)
        assert profile is SHIPPED[name] and isinstance(profile, ExportProfile) and profile.name == name


def test_naming_the_profiles_loads_no_pdf_or_image_library():
    heavy = ("reportlab", "pypdfium2", "PIL", "generator.render.pdf", "generator.export.shops")
    code = f"import sys, generator.export.profiles; print([m for m in {heavy!r} if m in sys.modules])"
    shown = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> PrintRun:
    folder = tmp_path_factory.mktemp("games") / "duo"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Duo\nengine: none\ncomponents: [cards.yaml]\n")
    items = "  - {title: A, text: a, back: Deck, count: 2}\n  - {title: B, text: b, back: Deck}\n"
    (folder / "cards.yaml").write_text("kind: card\nlayout: card-two-sided\nitems:\n" + items)
    project = Project.find([folder], output=OutputSettings(folder.parent / "out", jobs=1))
    return PrintRun.of(load_game(folder), project)


@pytest.mark.parametrize(
    ("name", "files"),
    [
        ("drivethrucards", ["cards.pdf"]),
        ("thegamecrafter", ["cards/cards-001-front.png", "cards/cards-003-front.png", "cards/cards-back.png"]),
        ("makeplayingcards", ["cards/cards-001-front.png", "cards/cards-003-front.png", "cards/cards-back.png"]),
        ("tts", ["cards-back.png", "cards-faces-01.png", "duo.json"]),
        # the fronts sheet of three cards, cut; then print-then-cut inside the marks
        ("cutter", ["duo-cut-01.svg", "print-then-cut/duo-ptc-01.svg"]),
    ],
)
def test_each_profile_writes_its_files_from_the_run(run, tmp_path, monkeypatch, name, files):
    monkeypatch.setattr("generator.export.raster.available_cores", lambda: 1)
    written = SHIPPED[name].write(run, tmp_path, ExportSettings("file:///duo"))
    assert [path.relative_to(tmp_path).as_posix() for path in written] == files
    assert all(path.is_file() and path.stat().st_size > 0 for path in written)
