"""The print-and-play release (generator/pipeline/release.py), from files made here: README.txt
names the game, its players, who made it, each paper's file with its page count and the page
of each bookmark of the first, and the licence; the zip, read back with zipfile, holds each
PDF and the README as written and each SVG under svg/, in name order, each entry with the
same fixed time and rw-r--r-- permissions, so that the same entries give the same bytes
whatever order they are given in."""

import stat
import zipfile
from pathlib import Path

from generator.pipeline.release import RELEASE_FOLDER, Edition, readme_text, release_pdf, write_release, write_zip
from generator.sheets.cover import About
from generator.sheets.model import Sheet


def sheets() -> list[Sheet]:
    return [
        Sheet(215.9, 279.4, bookmarks=("Cover",)),
        Sheet(215.9, 279.4, bookmarks=("Rules",)),
        Sheet(215.9, 279.4),
        Sheet(215.9, 279.4, bookmarks=("cards", "tokens")),
    ]


ABOUT = About("Tiny", "2-4 players", credits=("Game design: Q. Mallory",), version="2", licence="CC BY 4.0")


def editions(folder: Path) -> tuple[Edition, ...]:
    return (
        Edition("Letter", folder / "tiny-print-and-play-letter.pdf", tuple(sheets())),
        Edition("A4", folder / "tiny-print-and-play-a4.pdf", tuple(sheets()[:3])),
    )


def test_the_readme_names_the_game_its_files_pages_credits_and_licence():
    text = readme_text(ABOUT, editions(Path("r")))
    lines = text.splitlines()
    assert lines[0] == "Tiny (2-4 players)"
    assert "Game design: Q. Mallory" in lines
    assert "  tiny-print-and-play-letter.pdf: on Letter paper, 4 pages" in lines
    assert "  tiny-print-and-play-a4.pdf: on A4 paper, 3 pages" in lines
    assert [line for line in lines if line.startswith("  page ")] == [
        "  page 1: Cover",
        "  page 2: Rules",
        "  page 4: cards",
        "  page 4: tokens",
    ]
    assert lines[-1] == "Version 2 · CC BY 4.0"
    assert readme_text(About("Tiny"), editions(Path("r"))).splitlines()[0] == "Tiny"


def test_a_release_file_is_named_by_its_paper():
    assert release_pdf(Path("out"), "tiny", "Letter") == Path("out/print-and-play/tiny-print-and-play-letter.pdf")
    assert release_pdf(Path("out"), "tiny", "300mm x 450mm").name == "tiny-print-and-play-300mm-x-450mm.pdf"


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


def test_the_release_folder_holds_the_pdfs_the_readme_and_the_zip(tmp_path):
    build = tmp_path / "build"
    (build / "svg").mkdir(parents=True)
    folder = build / RELEASE_FOLDER
    folder.mkdir()
    made_editions = editions(folder)
    for edition in made_editions:
        edition.pdf.write_bytes(b"%PDF-1.4 " + edition.paper.encode())
    svgs = [build / "svg" / f"tiny-sheet-{n:02d}.svg" for n in (1, 2)]
    for n, svg in enumerate(svgs, 1):
        svg.write_text(f"<svg>{n}</svg>")
    made = write_release("tiny", ABOUT, made_editions, svgs, build)
    assert (made.folder, made.pdfs, made.readme, made.zip) == (
        folder,
        (folder / "tiny-print-and-play-letter.pdf", folder / "tiny-print-and-play-a4.pdf"),
        folder / "README.txt",
        folder / "tiny-print-and-play.zip",
    )
    readme = made.readme.read_text()
    assert readme.startswith("Tiny (2-4 players)\n") and "tiny-print-and-play-a4.pdf: on A4 paper" in readme
    with zipfile.ZipFile(made.zip) as archive:
        assert archive.namelist() == [
            "README.txt",
            "svg/tiny-sheet-01.svg",
            "svg/tiny-sheet-02.svg",
            "tiny-print-and-play-a4.pdf",
            "tiny-print-and-play-letter.pdf",
        ]
        assert archive.read("README.txt").decode() == readme
        assert archive.read("svg/tiny-sheet-02.svg") == b"<svg>2</svg>"
        assert archive.read("tiny-print-and-play-a4.pdf") == b"%PDF-1.4 A4"
