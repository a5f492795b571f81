"""`cutsheet build` keeps each game's sheets in the build cache: a rebuild of an unchanged
game does not impose them again, and a change to anything imposing reads (the parts, the
rules, the paper, the print options) imposes them anew, as a build without the cache does;
a picture of a face (the cover's) is kept until the face changes."""

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.pipeline import imposed
from generator.staging import MANIFEST
from tests.conftest import COMPONENTS, pdf_text, run_build, run_build_process
from tests.pipeline.tiny import texts, titled_in_own_face, write_game


@pytest.fixture
def imposings(monkeypatch) -> list[str]:
    """The names of the games imposed, one for each time."""
    ran: list[str] = []
    imposition = imposed.imposition

    def counted(laid, paper, game, options, outline):
        ran.append(game.name)
        return imposition(laid, paper, game, options, outline)

    monkeypatch.setattr(imposed, "imposition", counted)
    return ran


def chip_flip(folder: Path) -> Path:
    shutil.copytree(COMPONENTS / "chip-flip", folder)
    return folder


def written(out: Path) -> dict[str, bytes]:
    """Every file of the build by its path in `out`, the cache left out."""
    return {
        str(path.relative_to(out)): path.read_bytes()
        for path in sorted(out.rglob("*"))
        if path.is_file() and ".cache" not in path.parts
    }


def test_an_unchanged_game_is_not_imposed_again_and_its_files_stay_the_same(tmp_path, imposings, monkeypatch):
    game, out = chip_flip(tmp_path / "game"), tmp_path / "out"
    run_build(str(game), "--out", str(out))
    first = written(out)
    monkeypatch.setattr(imposed, "impose_front", lambda *args: pytest.fail("the front matter made again"))
    run_build(str(game), "--out", str(out))
    assert imposings == ["Chip Flip"]
    assert written(out) == first
    assert {name.rsplit(".")[-1] for name in first if not name.endswith(MANIFEST)} == {"pdf", "svg", "png"}


def test_edited_rules_are_imposed_again(tmp_path, imposings):
    game, out = chip_flip(tmp_path / "game"), tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf")
    rules = game / "rules.md"
    rules.write_text(rules.read_text() + "\n## Tournaments\n\nPlay three games; the most chips in all wins.\n")
    run_build(str(game), "--out", str(out), "--format", "pdf")
    assert imposings == ["Chip Flip", "Chip Flip"]
    assert "Tournaments" in pdf_text(out / "game" / "game.pdf")
    run_build(str(game), "--out", str(tmp_path / "cold"), "--format", "pdf", "--no-cache")
    assert written(out) == written(tmp_path / "cold")


@pytest.mark.parametrize(
    ("change", "prints_otherwise"),
    [
        (["--paper", "a4"], True),
        (["--no-checklist"], True),
        (["--duplex", "short"], False),  # nothing of Chip Flip is two-sided: no page says how it flips
        (["--ink-saver"], True),
        (["--booklet"], True),
    ],
)
def test_other_paper_or_print_options_are_imposed_again(tmp_path, imposings, change, prints_otherwise):
    game, out = chip_flip(tmp_path / "game"), tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf", "--paper", "letter")
    before = (out / "game" / "game.pdf").read_bytes()
    run_build(str(game), "--out", str(out), "--format", "pdf", "--paper", "letter", *change)
    assert imposings == ["Chip Flip", "Chip Flip"]
    assert ((out / "game" / "game.pdf").read_bytes() != before) == prints_otherwise
    cold = tmp_path / "cold"
    run_build(str(game), "--out", str(cold), "--format", "pdf", "--paper", "letter", *change, "--no-cache")
    assert written(out) == written(cold)


def test_a_pictures_outline_is_kept_until_its_face_changes(tmp_path, monkeypatch):
    """The cover shows Tiny's three cards as pictures; after an edit to one card, a rebuild
    outlines that card's picture alone, the others taken from the cache, and prints what a
    cold build does."""
    outlined: list[str] = []
    as_picture = imposed.as_picture

    def counted(scene):
        outlined.append(texts(scene.items)[0])
        return as_picture(scene)

    monkeypatch.setattr(imposed, "as_picture", counted)
    game, out = write_game(tmp_path / "game"), tmp_path / "out"
    run_build(str(game), "--out", str(out), "--format", "pdf")
    assert sorted(outlined) == ["A", "B", "C"]
    write_game(game, text_a="changed")
    run_build(str(game), "--out", str(out), "--format", "pdf")
    assert sorted(outlined) == ["A", "A", "B", "C"]
    run_build(str(game), "--out", str(tmp_path / "cold"), "--format", "pdf", "--no-cache")
    assert written(out) == written(tmp_path / "cold")


@pytest.mark.parametrize(
    ("old", "new", "imposed_anew"),
    [
        ("text: 'alpha'", "text: 'changed'", False),  # what A shows: swapped into the kept sheets
        ("count: 3", "count: 4", True),  # one more copy of A: the faces move
        ("back: Deck", "back: Other deck", True),  # C's back, placed turned or without its cut lines
    ],
)
def test_an_edit_to_the_cards_swaps_or_imposes_and_prints_as_a_cold_build(tmp_path, imposings, old, new, imposed_anew):
    game, out = write_game(tmp_path / "game"), tmp_path / "out"
    run_build(str(game), "--out", str(out))
    for path in game.glob("*.yaml"):
        path.write_text(path.read_text().replace(old, new))
    run_build(str(game), "--out", str(out))
    assert imposings == ["Tiny"] * (1 + imposed_anew)
    run_build(str(game), "--out", str(tmp_path / "cold"), "--no-cache")
    assert written(out) == written(tmp_path / "cold")


def test_an_edit_to_an_icon_imposes_every_sheet_anew(tmp_path, imposings):
    """A sheet's digest reads the icon files (an icon is drawn by name): after an edit to one,
    the sheets are not taken from the kept ones, swapped or not."""
    game, out = write_game(tmp_path / "game", text_a="go :star: now"), tmp_path / "out"
    (game / "icons").mkdir()
    star = game / "icons" / "star.svg"
    star.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>')
    run_build(str(game), "--out", str(out), "--format", "pdf")
    star.write_text(star.read_text().replace('r="4"', 'r="2"'))
    run_build(str(game), "--out", str(out), "--format", "pdf")
    assert imposings == ["Tiny", "Tiny"]
    run_build(str(game), "--out", str(tmp_path / "cold"), "--format", "pdf", "--no-cache")
    assert written(out) == written(tmp_path / "cold")


def test_a_font_replaced_by_another_of_its_name_is_drawn_again(tmp_path):
    """A sheet's text names its face by the face's name: a game's own font file replaced by
    another of that name (the same text set, other glyphs) is drawn again, by a build in a
    fresh process as a designer runs one (within one process the second file gets a key of
    its own)."""
    game, out, cold = write_game(tmp_path / "game"), tmp_path / "out", tmp_path / "cold"
    titled_in_own_face(game, 100)
    run_build_process(game, "--format", "pdf,svg", "--out", out)
    first = written(out)
    fonts = {font["/BaseFont"] for page in PdfReader(out / "game" / "game.pdf").pages for font in page_fonts(page)}
    assert any(name.endswith("+TinyTitle-Bold") for name in fonts)
    titled_in_own_face(game, 300)
    run_build_process(game, "--format", "pdf,svg", "--out", out)
    run_build_process(game, "--format", "pdf,svg", "--out", cold, "--no-cache")
    assert written(out) == written(cold)
    changed = sorted(name for name, data in written(out).items() if first.get(name) != data)
    assert "game/game.pdf" in changed and any(name.endswith(".svg") for name in changed)


def page_fonts(page) -> list:
    return [font.get_object() for font in page["/Resources"].get("/Font", {}).values()]
