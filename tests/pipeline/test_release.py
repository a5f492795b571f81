"""The print-and-play release (generator/pipeline/release.py), from files made here: README.txt
names the game and its players, the PDF's page count and the page of each bookmark; the zip,
read back with zipfile, holds the PDF and README as written and each SVG under svg/, in name
order, each entry with the same fixed time and rw-r--r-- permissions, so that the same entries
give the same bytes whatever order they are given in."""

import stat
import zipfile

from generator.pipeline.release import RELEASE_FOLDER, readme_text, write_release, write_zip
from generator.sheets.model import Sheet


def sheets() -> list[Sheet]:
    return [
        Sheet(215.9, 279.4, bookmarks=("Cover",)),
        Sheet(215.9, 279.4, bookmarks=("Rules",)),
        Sheet(215.9, 279.4),
        Sheet(215.9, 279.4, bookmarks=("cards", "tokens")),
    ]


def test_the_readme_names_the_game_its_pages_and_where_each_part_starts():
    text = readme_text("Tiny", "2-4 players", "tiny-print-and-play.pdf", sheets())
    lines = text.splitlines()
    assert lines[0] == "Tiny (2-4 players)"
    assert lines[2].startswith("tiny-print-and-play.pdf: the whole game in one file, 4 pages.")
    assert [line for line in lines if line.startswith("  page ")] == [
        "  page 1: Cover",
        "  page 2: Rules",
        "  page 4: cards",
        "  page 4: tokens",
    ]
    assert readme_text("Tiny", "", "t.pdf", sheets()).splitlines()[0] == "Tiny"


def test_the_zip_is_the_same_bytes_for_the_same_entries(tmp_path):
    entries = {"b.txt": b"bee", "svg/a.svg": b"<svg/>", "a.pdf": b"%PDF"}
    write_zip(tmp_path / "one.zip", entries)
    write_zip(tmp_path / "two.zip", dict(reversed(list(entries.items()))))
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "one.zip") as archive:
        assert archive.namelist() == ["a.pdf", "b.txt", "svg/a.svg"]
        assert {name: archive.read(name) for name in archive.namelist()} == entries
        for info in archive.infolist():
            assert info.date_time == (1980, 1, 1, 0, 0, 0) and info.compress_type == zipfile.ZIP_DEFLATED
            assert stat.S_IMODE(info.external_attr >> 16) == 0o644


def test_the_release_folder_holds_the_pdf_the_readme_and_the_zip(tmp_path):
    build = tmp_path / "build"
    (build / "svg").mkdir(parents=True)
    pdf = build / "tiny.pdf"
    pdf.write_bytes(b"%PDF-1.4 tiny")
    svgs = [build / "svg" / f"tiny-sheet-{n:02d}.svg" for n in (1, 2)]
    for n, svg in enumerate(svgs, 1):
        svg.write_text(f"<svg>{n}</svg>")
    made = write_release("tiny", "Tiny", "2 players", pdf, svgs, sheets(), build)
    folder = build / RELEASE_FOLDER
    assert (made.folder, made.pdf, made.readme, made.zip) == (
        folder,
        folder / "tiny-print-and-play.pdf",
        folder / "README.txt",
        folder / "tiny-print-and-play.zip",
    )
    assert made.pdf.read_bytes() == b"%PDF-1.4 tiny"
    readme = made.readme.read_text()
    assert readme.startswith("Tiny (2 players)\n") and "tiny-print-and-play.pdf: the whole game" in readme
    with zipfile.ZipFile(made.zip) as archive:
        assert archive.namelist() == [
            "README.txt",
            "svg/tiny-sheet-01.svg",
            "svg/tiny-sheet-02.svg",
            "tiny-print-and-play.pdf",
        ]
        assert archive.read("README.txt").decode() == readme
        assert archive.read("svg/tiny-sheet-02.svg") == b"<svg>2</svg>"
        assert archive.read("tiny-print-and-play.pdf") == b"%PDF-1.4 tiny"
