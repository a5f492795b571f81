"""Writing a game's sheets (generator/pipeline/writers.py): the PDF goes to
<out>/<slug>/<slug>.pdf and is kept in the build cache under its sheets' digests, so the same
sheets are written again from there without drawing; the SVG and PNG files a build wants are
named by sheet number, and those the last build left as wanted are kept rather than drawn
again (a sheet whose digest changed is drawn again); the PNG previews are the pages at
100 dpi (Letter: 850 x 1100 px, read back with Pillow)."""

import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from msgspec.structs import replace
from PIL import Image

from generator.cache import BuildCache
from generator.colour.settings import RGB
from generator.games import load_game
from generator.pipeline import writers
from generator.pipeline.result import BuildResult
from generator.pipeline.run import PrintRun
from generator.pipeline.writers import LatestPages, pdf_path, plan_sheets, record_sheets, write_pdf
from generator.project import OutputSettings, PrintSettings, Project
from generator.sheets.options import PrintOptions
from tests.pipeline.tiny import write_game


def tiny_run(tmp_path: Path) -> PrintRun:
    return run_of(write_game(tmp_path / "tiny"), tmp_path / "out")


def run_of(game: Path, out: Path, jobs: int = 1) -> PrintRun:
    printing = PrintSettings(sheets=PrintOptions(checklist=False))
    return PrintRun.of(load_game(game), Project.find([game], printing, OutputSettings(out, jobs=jobs)))


def fail(*args, **kwargs):
    raise AssertionError("drawn again")


def test_the_pdf_goes_into_the_games_folder(tmp_path):
    game = load_game(write_game(tmp_path / "tiny"))
    assert pdf_path(Path("out"), game) == Path("out") / "tiny" / "tiny.pdf"


def test_the_sheet_files_are_kept_while_they_are_as_the_last_build_left_them(tmp_path):
    run, out = tiny_run(tmp_path), tmp_path / "out"
    game, sheets = run.game, run.sheets().sheets[:2]
    folder, cache = out / "tiny", out / ".cache"
    result = BuildResult(game, sheets, digests=["first", "second"])
    plan = plan_sheets(result, ("pdf", "svg", "png"), out, BuildCache(cache))
    names = {fmt: [f.path.relative_to(folder).as_posix() for f in files] for fmt, files in plan.wanted.items()}
    assert names == {
        "svg": ["svg/tiny-sheet-01.svg", "svg/tiny-sheet-02.svg"],
        "png": ["png/tiny-sheet-01.png", "png/tiny-sheet-02.png"],
    }
    assert [f.index for f in plan.files] == [0, 1, 0, 1] and plan.missing == plan.wanted and plan.kept == 0
    for file in plan.files:
        file.path.parent.mkdir(parents=True, exist_ok=True)
        file.path.write_text(file.path.name)
    record_sheets(plan, BuildCache(cache))
    again = plan_sheets(result, ("pdf", "svg", "png"), out, BuildCache(cache))
    assert again.missing == {"svg": [], "png": []} and again.kept == 4
    changed = plan_sheets(BuildResult(game, sheets, digests=["first", "new"]), ("svg", "png"), out, BuildCache(cache))
    assert {fmt: [f.path.name for f in files] for fmt, files in changed.missing.items()} == {
        "svg": ["tiny-sheet-02.svg"],
        "png": ["tiny-sheet-02.png"],
    }
    assert plan_sheets(result, ("pdf",), out, BuildCache(cache)).files == []


def test_the_pdf_is_written_from_the_cache_for_the_same_sheets(tmp_path, monkeypatch):
    run = tiny_run(tmp_path)
    imposed, cache = run.sheets(), tmp_path / "out" / ".cache"
    first, second = tmp_path / "first.pdf", tmp_path / "second.pdf"
    write_pdf(first, run.game, imposed.sheets, imposed.digests, run.icon_dirs, BuildCache(cache), RGB)
    assert first.read_bytes().startswith(b"%PDF")
    monkeypatch.setattr("generator.render.pdf.write_pdf", fail)
    write_pdf(second, run.game, imposed.sheets, imposed.digests, run.icon_dirs, BuildCache(cache), RGB)
    assert second.read_bytes() == first.read_bytes()
    with pytest.raises(AssertionError, match="drawn again"):  # no digests: a scratch PDF, never looked up
        write_pdf(tmp_path / "third.pdf", run.game, imposed.sheets, None, run.icon_dirs, BuildCache(cache), RGB)


def test_a_rebuild_keeps_the_svgs_and_pngs_it_would_draw_the_same(tmp_path, monkeypatch):
    run = tiny_run(tmp_path)
    folder = tmp_path / "out" / "tiny"
    first = run.write(("svg", "png"))
    files = sorted(path for path in first.files)
    assert [p.relative_to(folder).as_posix() for p in files] == [
        *(f"png/tiny-sheet-{n:02d}.png" for n in range(1, 5)),
        *(f"svg/tiny-sheet-{n:02d}.svg" for n in range(1, 5)),
    ]
    assert not (folder / "tiny.pdf").exists()  # the previews' PDF is a scratch file
    for png, sheet in zip(files[:4], first.sheets, strict=True):
        with Image.open(png) as image:
            portrait = sheet.width < sheet.height
            assert image.size == ((850, 1100) if portrait else (1100, 850))
    for svg in files[4:]:
        assert ET.parse(svg).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    before = {path: path.read_bytes() for path in files}
    monkeypatch.setattr("generator.render.svg.svg_file", fail)
    monkeypatch.setattr(writers, "page_pngs", fail)
    told: list[int] = []
    again = tiny_run(tmp_path).write(("svg", "png"), progress=told.append)
    assert sorted(again.files) == files and {path: path.read_bytes() for path in files} == before
    assert told == [8]


def test_the_latest_pdfs_pages_are_kept_under_the_zlib_that_compressed_their_streams():
    latest = LatestPages("game", (), "game.pdf")
    assert latest.zlib == zlib.ZLIB_RUNTIME_VERSION
    assert latest.key != replace(latest, zlib="another").key  # its streams may differ: not read


def test_a_rebuild_draws_one_sheets_files_itself_and_a_first_build_in_workers(tmp_path, monkeypatch):
    """Workers are started for a first build's files, and for more than FEW_FILES of a
    rebuild's, not for the one sheet's SVG and PNG that one card's edit changed."""
    asked: list[int] = []

    class Recorded(writers.Workers):
        def __init__(self, jobs, *args, **kwargs):
            asked.append(jobs)
            super().__init__(1, *args, **kwargs)  # the drawing itself, in this process

    monkeypatch.setattr(writers, "Workers", Recorded)
    game, out = write_game(tmp_path / "tiny"), tmp_path / "out"
    formats = ("pdf", "svg", "png")
    first = {path: path.read_bytes() for path in run_of(game, out, jobs=2).write(formats).files}
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("beta", "omega"))
    again = {path: path.read_bytes() for path in run_of(game, out, jobs=2).write(formats).files}
    redrawn = sorted(path.name for path in first if again[path] != first[path])
    assert redrawn == ["tiny-sheet-01.png", "tiny-sheet-01.svg", "tiny.pdf"]
    assert writers.FEW_FILES == 2 and asked == [2, 1]
    (game / "cards.yaml").write_text((game / "cards.yaml").read_text().replace("omega", "beta, count: 9"))
    run_of(game, out, jobs=2).write(formats)
    assert asked == [2, 1, 2]  # more sheets changed: in workers again
    one = tmp_path / "one"
    one.mkdir()
    (one / "game.yaml").write_text("name: One\nengine: none\ncomponents: [cards.yaml]\n")
    (one / "cards.yaml").write_text("kind: card\nitems:\n  - {title: One, text: The only card}\n")
    assert len(run_of(one, out, jobs=2).write(formats).files) == 3  # its one sheet's SVG and PNG
    assert asked == [2, 1, 2, 2]
