"""The fonts index: every font fonts.yaml lists, by key, with its file, family, weight and
style; each entry agrees with what the TTF file says of itself (read with fontTools); and an
index naming a missing file, or a path, is refused at its line."""

import pytest
import yaml
from fontTools.ttLib import TTFont

from generator import shipped
from generator.sources.errors import SourceError
from generator.sources.fonts import FontFile, font_files


@pytest.fixture
def index_in(tmp_path, monkeypatch):
    """font_files() reading the fonts folder `tmp_path` instead of the shipped one."""
    monkeypatch.setattr(shipped, "fonts_dir", lambda: tmp_path)
    font_files.cache_clear()
    yield tmp_path
    font_files.cache_clear()


def test_every_font_of_the_index_by_key():
    folder = shipped.fonts_dir()
    index = yaml.safe_load((folder / "fonts.yaml").read_text())
    found = font_files()
    assert list(found) == list(index)
    for key, spec in index.items():
        assert found[key] == FontFile(key, folder / spec["file"], spec["family"], spec["weight"], spec["style"])


def test_each_entry_agrees_with_its_font_file():
    for key, font in font_files().items():
        ttf = TTFont(font.path, lazy=True)
        assert ttf["name"].getDebugName(1) == font.family, key
        bold = ttf["OS/2"].usWeightClass >= 600
        assert font.weight == ("bold" if bold else "normal"), key
        slanted = bool(ttf["head"].macStyle & 0b10)
        assert (font.style != "normal") == slanted, key


def test_a_missing_font_file_is_refused_at_its_key(index_in):
    (index_in / "Real.ttf").write_bytes(b"\x00\x01\x00\x00")
    (index_in / "fonts.yaml").write_text(
        "Real: {file: Real.ttf, family: Real, weight: normal, style: normal}\n"
        "Gone: {file: Gone.ttf, family: Gone, weight: bold, style: italic}\n"
    )
    with pytest.raises(SourceError) as refused:
        font_files()
    assert refused.value.message == "font file 'Gone.ttf' is missing from fonts/"
    assert (refused.value.loc.line, refused.value.loc.column) == (2, 7)  # where `Gone:` has its value


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("{file: ../Other.ttf, family: F, weight: normal, style: normal}", "'../Other.ttf' does not match"),
        ("{file: F.otf, family: F, weight: normal, style: normal}", "'F.otf' does not match"),
        ("{file: F.ttf, family: F, weight: heavy, style: normal}", "expected one of: normal, bold"),
        ("{file: F.ttf, family: F, weight: normal}", "missing required key 'style'"),
    ],
)
def test_an_entry_that_is_not_a_font_file_of_the_folder_is_refused(index_in, entry, said):
    (index_in / "F.ttf").write_bytes(b"\x00\x01\x00\x00")
    (index_in / "fonts.yaml").write_text(f"F: {entry}\n")
    with pytest.raises(SourceError) as refused:
        font_files()
    assert said in refused.value.message
    assert refused.value.loc.line == 1 and refused.value.loc.file.endswith("fonts.yaml")


def test_the_index_is_read_once():
    assert font_files() is font_files()
