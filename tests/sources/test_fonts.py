"""Fonts as sources: faces found by the names inside their files (read back with fontTools),
families and their styles, a game's own fonts/ and game.yaml's declared families, and fonts
that cannot be embedded refused at their place."""

import json
import os
import shutil
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from generator import shipped
from generator.sources import fonts
from generator.sources.errors import Loc, SourceError
from generator.sources.fonts import (
    FONT_SUFFIXES,
    SHIPPED_INDEX,
    face_index,
    font_book,
    read_face,
    registered,
    shipped_book,
    shipped_faces,
)
from generator.sources.frozen import frozen
from generator.sources.loader import load_yaml
from tests.type_fonts import boxes_cff, renamed


def test_every_shipped_face_is_what_its_file_says_it_is():
    for face in shipped_faces():
        tables = TTFont(str(face.path), lazy=True)
        assert tables["name"].getBestFamilyName() == face.family
        assert tables["name"].getDebugName(6) == face.key
        assert face.bold == (tables["OS/2"].usWeightClass >= 600)
        assert face.italic == bool(tables["head"].macStyle & 0b10)
        assert face.units_per_em == tables["head"].unitsPerEm
        assert registered(face.key) is face


def test_a_family_gives_the_face_of_each_style_and_a_face_named_alone_keeps_its_own():
    book = shipped_book()
    assert book.face("DejaVu Sans", None).key == "DejaVuSans"
    assert book.face("DejaVu Sans", None, bold=True).key == "DejaVuSans-Bold"
    assert book.face("DejaVu Sans", None, bold=True, italic=True).key == "DejaVuSans-BoldOblique"
    assert book.face("DejaVuSans-Bold", None).key == "DejaVuSans-Bold"
    assert book.face("DejaVuSans-Bold", None, italic=True).key == "DejaVuSans-BoldOblique"
    # A family without the style asked for gives the nearest it has.
    assert book.face("DejaVuSerif-Italic", None, bold=True).key == "DejaVuSerif-Italic"


def test_an_unknown_name_is_refused_at_its_place_naming_what_there_is():
    with pytest.raises(SourceError) as refused:
        shipped_book().face("Comic Sans", Loc("layouts/card.yaml", 4, 12))
    assert str(refused.value.loc) == "layouts/card.yaml:4:12"
    assert "unknown font 'Comic Sans'" in refused.value.message and "DejaVu Sans" in refused.value.message


def test_a_games_fonts_folder_adds_its_families_before_the_shipped_ones(tmp_path):
    renamed("DejaVuSans", "House", "Regular", tmp_path / "fonts" / "House.ttf")
    renamed("DejaVuSans-Bold", "House", "Bold", tmp_path / "fonts" / "House-Bold.ttf")
    boxes_cff(tmp_path / "fonts" / "Boxes.otf")
    book = font_book(tmp_path)
    assert book.face("House", None).key == "House-Regular"
    assert book.face("House", None, bold=True).key == "House-Bold"
    assert book.face("Boxes", None).outlines == "OpenType"
    assert book.face("DejaVu Sans", None).key == "DejaVuSans"  # the shipped ones stay
    assert set(book.files) == {p.resolve() for p in (tmp_path / "fonts").iterdir()}
    assert book.digest


def test_game_yaml_declares_a_family_under_a_name_of_its_own(tmp_path):
    renamed("DejaVuSans", "House", "Regular", tmp_path / "fonts" / "a.ttf")
    renamed("DejaVuSans-Oblique", "House", "Italic", tmp_path / "fonts" / "b.ttf")
    (tmp_path / "game.yaml").write_text("fonts:\n  Our Type: {regular: fonts/a.ttf, italic: fonts/b.ttf}\n")
    declared = frozen(load_yaml(tmp_path / "game.yaml"))["fonts"]
    book = font_book(tmp_path, declared)
    assert book.face("Our Type", None).key == "House-Regular"
    assert book.face("Our Type", None, italic=True).key == "House-Italic"


def test_a_declared_file_that_is_missing_or_outside_is_refused_at_its_line(tmp_path):
    (tmp_path / "game.yaml").write_text("fonts:\n  Ours: {regular: fonts/gone.ttf}\n  Far: {bold: ../x.ttf}\n")
    declared = frozen(load_yaml(tmp_path / "game.yaml"))["fonts"]
    with pytest.raises(SourceError) as refused:
        font_book(tmp_path, declared)
    assert refused.value.loc.line == 2 and "font file 'fonts/gone.ttf' not found" in refused.value.message


@pytest.mark.parametrize(
    ("fs_type", "said"),
    [(0x0002, "restricted licence embedding"), (0x0200, "bitmap embedding only")],
)
def test_a_face_whose_licence_bits_forbid_embedding_is_refused_naming_its_file(tmp_path, fs_type, said):
    path = renamed("DejaVuSans", "Locked", "Regular", tmp_path / "fonts" / "Locked.ttf", fs_type=fs_type)
    assert TTFont(str(path))["OS/2"].fsType == fs_type
    with pytest.raises(SourceError) as refused:
        read_face(path)
    assert "Locked.ttf may not be embedded" in refused.value.message and said in refused.value.message


@pytest.mark.parametrize(
    "content",
    [b"", b"not a font at all", b"\x00\x01\x00\x00" + bytes(400), b"OTTO" + b"\xff" * 100],
    ids=["empty", "text", "truncated-truetype", "damaged-opentype"],
)
def test_a_damaged_font_is_refused_at_its_place(tmp_path, content):
    path = tmp_path / "Broken.ttf"
    path.write_bytes(content)
    with pytest.raises(SourceError) as refused:
        read_face(path, Loc("game.yaml", 3, 12))
    assert str(refused.value.loc) == "game.yaml:3:12"
    assert "is not a readable TrueType or OpenType font" in refused.value.message


def test_a_changed_font_file_is_read_again(tmp_path):
    path = renamed("DejaVuSans", "Changing", "Regular", tmp_path / "C.ttf")
    first = read_face(path)
    renamed("DejaVuSans-Bold", "Changing", "Regular", path)
    os.utime(path, ns=(1, 1))
    assert read_face(path).digest != first.digest


def test_same_postscript_name_in_two_files_gives_two_keys(tmp_path):
    one = read_face(renamed("DejaVuSans", "Twin", "Regular", tmp_path / "one.ttf"))
    two = read_face(renamed("DejaVuSans-Bold", "Twin", "Regular", tmp_path / "two.ttf"))
    assert one.key != two.key and one.postscript_name == two.postscript_name == "Twin-Regular"
    assert registered(two.key).path == Path(tmp_path / "two.ttf")


def test_the_shipped_index_holds_what_the_shipped_files_do(monkeypatch):
    """fonts/faces.json is what reading every shipped file gives (after changing a shipped
    font, write it again as face_index's docstring says). The files are read with no face
    registered: a face read again is the one first registered under its key, which would be
    the index's own."""
    folder, indexed = shipped.fonts_dir(), shipped_faces()
    monkeypatch.setattr(fonts, "_REGISTERED", {})
    fonts._read_face.cache_clear()
    try:
        read = [read_face(path) for path in sorted(folder.iterdir()) if path.suffix.lower() in FONT_SUFFIXES]
    finally:
        fonts._read_face.cache_clear()  # what it holds was registered in the registry put back
    assert (folder / SHIPPED_INDEX).read_text() == json.dumps(face_index(read), indent=1, sort_keys=True) + "\n"
    assert indexed == tuple(read)


def test_a_shipped_file_the_index_does_not_describe_is_read(tmp_path, monkeypatch):
    """A file of another size than the index says (or missing from it) is read from the file."""
    folder = tmp_path / "fonts"
    folder.mkdir()
    for name in ("Play-Regular.ttf", "Play-Bold.ttf"):
        shutil.copy(shipped.fonts_dir() / name, folder / name)
    stale = json.loads((shipped.fonts_dir() / SHIPPED_INDEX).read_text())["Play-Regular.ttf"]
    (folder / SHIPPED_INDEX).write_text(
        json.dumps({"Play-Regular.ttf": {**stale, "bytes": 1, "family": "Wrong", "digest": "0" * 64}})
    )
    monkeypatch.setattr(shipped, "fonts_dir", lambda: folder)
    shipped_faces.cache_clear()
    try:
        assert [face.family for face in shipped_faces()] == ["Play", "Play"]
    finally:
        shipped_faces.cache_clear()
