"""The print pipeline of one game (generator/pipeline/run.py): a PrintRun takes its paper and
options from the project (A4 is 210 x 297 mm; a release always opens with its front matter),
runs its stages once however often they are asked for (a run made from it with other options
lays nothing out again), writes a PDF whose pages, read back with pypdfium2, are its sheets at
their size with their text, writes nothing but its findings when the layout has errors, and
replaces the game's folder as a whole: a file of the last build not written again is gone, a
file of the designer's stays. build_game writes what the project's printing settings ask for,
its print-and-play release included."""

import dataclasses
import io
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pypdf
import pypdfium2
import pytest

from generator.games import load_game
from generator.pipeline.run import PrintRun, build_game
from generator.project import OutputSettings, PrintSettings, Project
from generator.sheets.options import PrintOptions
from tests.pipeline.tiny import write_game

PT_PER_MM = 72 / 25.4


def project(game: Path, out: Path, **printing) -> Project:
    return Project.find([game], PrintSettings(**printing), OutputSettings(out, jobs=1))


def run_of(game: Path, out: Path, **printing) -> PrintRun:
    return PrintRun.of(load_game(game), project(game, out, **printing))


def test_the_run_takes_the_projects_paper_and_options(tmp_path):
    game = write_game(tmp_path / "tiny")
    run = run_of(game, tmp_path / "out", paper="a4", sheets=PrintOptions(duplex="short"))
    assert (run.paper.name, run.paper.width, run.paper.height) == ("A4", 210.0, 297.0)
    assert run.options == PrintOptions(duplex="short") and run.output.out_dir == tmp_path / "out"
    released = run_of(game, tmp_path / "out", sheets=PrintOptions(checklist=False), release=True)
    assert released.options.checklist


def test_each_stage_is_done_once_and_shared_by_runs_made_from_the_run(tmp_path, drawn_titles):
    run = run_of(write_game(tmp_path / "tiny"), tmp_path / "out")
    assert not run.checks().stops and run.checks().findings == ()
    assert run.laid() is run.laid() and list(run.parts()) == list(run.laid().parts)
    imposed = run.sheets()
    assert [s.title for s in imposed.sheets[:2]] == ["cover", "checklist"]
    assert len(imposed.digests) == len(imposed.sheets) == len(set(imposed.digests))
    sheets_only = dataclasses.replace(run, options=PrintOptions(checklist=False)).sheets()
    assert len(sheets_only.sheets) == len(imposed.sheets) - 2
    assert drawn_titles == ["A", "B", "C"]  # laid out once for both


def test_write_pdf_writes_the_sheets_as_pages(tmp_path):
    run = run_of(write_game(tmp_path / "tiny"), tmp_path / "out", sheets=PrintOptions(checklist=False))
    pdf = run.write_pdf()
    assert pdf == tmp_path / "out" / "tiny" / "tiny.pdf"
    sheets = run.sheets().sheets
    document = pypdfium2.PdfDocument(pdf)
    try:
        assert len(document) == len(sheets) == 4
        for page, sheet in zip(document, sheets, strict=True):
            assert page.get_size() == pytest.approx((sheet.width * PT_PER_MM, sheet.height * PT_PER_MM), abs=0.01)
        words = [document[n].get_textpage().get_text_range().split() for n in range(len(document))]
    finally:
        document.close()
    assert {"A", "alpha", "B", "beta"} <= set(words[0]) and "gamma" in words[2] and "Deck" in words[3]


def test_a_layout_with_errors_writes_nothing_but_says_why(tmp_path):
    run = run_of(write_game(tmp_path / "tiny", text_a=" ".join(["overflowing"] * 400)), tmp_path / "out")
    result = run.write(("pdf", "svg"))
    assert not result.ok and result.files == [] and result.sheets == []
    assert any(f.code == "L001" for f in result.findings)
    assert not (tmp_path / "out" / "tiny").exists()


def test_write_replaces_the_folder_keeping_only_the_designers_files(tmp_path):
    run = run_of(write_game(tmp_path / "tiny"), tmp_path / "out", sheets=PrintOptions(checklist=False))
    folder = tmp_path / "out" / "tiny"
    first = run.write(("pdf", "svg"))
    svgs = sorted((folder / "svg").glob("*.svg"))
    assert first.ok and first.files == [folder / "tiny.pdf", *svgs] and len(svgs) == len(first.sheets) == 4
    for svg in svgs:
        assert ET.parse(svg).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    (folder / "notes.txt").write_text("mine")
    second = run.write(("pdf",))
    assert second.files == [folder / "tiny.pdf"]
    assert not list(folder.rglob("*.svg")) and (folder / "notes.txt").read_text() == "mine"


def test_build_game_writes_what_the_printing_settings_ask_for(tmp_path):
    game = write_game(tmp_path / "tiny")
    result = build_game(load_game(game), project(game, tmp_path / "out", formats=("pdf",), release=True))
    folder = tmp_path / "out" / "tiny"
    names = sorted(path.relative_to(folder).as_posix() for path in result.files)
    # the release is made of the PDF and the SVGs, so they are written too
    assert names == [
        "print-and-play/README.txt",
        "print-and-play/tiny-print-and-play-a4.pdf",
        "print-and-play/tiny-print-and-play-letter.pdf",
        "print-and-play/tiny-print-and-play.zip",
        *(f"svg/tiny-sheet-{n:02d}.svg" for n in range(1, len(result.sheets) + 1)),
        "tiny.pdf",
    ]
    assert result.sheets[0].title == "cover"  # a release opens with its front matter
    with zipfile.ZipFile(folder / "print-and-play" / "tiny-print-and-play.zip") as archive:
        assert archive.read("tiny-print-and-play-letter.pdf") == (folder / "tiny.pdf").read_bytes()
        a4 = archive.read("tiny-print-and-play-a4.pdf")
    assert pypdf.PdfReader(io.BytesIO(a4)).pages[0].mediabox.width == pytest.approx(210 / 25.4 * 72, abs=0.1)
