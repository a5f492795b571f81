"""A Project and its settings: the command line's defaults are the settings' own, `cutsheet
serve` writes the PDF `cutsheet build` writes, and export and serve take work from the build
cache instead of doing it again."""

from pathlib import Path

import pypdf
from click.testing import CliRunner

from generator.cli import main
from generator.pipeline import PrintRun, parts
from generator.project import OutputSettings, PrintSettings, Project
from generator.serve.preview import build_preview
from generator.sheets.paper import paper
from tests.conftest import COMPONENTS, run_build


def deck(folder: Path) -> Path:
    """A small deck of poker cards (no rules engine), its own game folder."""
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text("name: Small\nengine: none\ncomponents: [cards.yaml]\n")
    items = "\n".join(f"  - {{title: 'Card {n}', text: 'Text {n}'}}" for n in range(1, 6))
    (folder / "cards.yaml").write_text(f"kind: card\nitems:\n{items}\n")
    return folder


def entries(out: Path) -> set[Path]:
    """The build cache's entries (files named by their keys)."""
    return {p for p in (out / ".cache").rglob("*") if p.is_file()}


def refuse(*args, **kwargs):
    raise AssertionError("laid out or written again instead of taken from the build cache")


def test_a_build_without_options_runs_with_the_settings_defaults(tmp_path, monkeypatch):
    """`cutsheet build SOURCE` prints each game through a PrintRun whose settings are the
    dataclasses' defaults (but for --out): the command line writes no default of its own."""
    seen: list[tuple[PrintRun, tuple[str, ...], bool]] = []
    monkeypatch.setattr(PrintRun, "write", lambda run, formats, release, progress: seen.append((run, formats, release)))
    source = deck(tmp_path / "small")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", str(source), "--no-check"])
    assert seen, result.output
    run, formats, release = seen[0]
    printing = PrintSettings()
    assert (run.paper, run.options, run.output) == (paper(printing.paper), printing.options, OutputSettings())
    assert (formats, release) == (printing.outputs, printing.release)
    assert run.options.checklist and formats == ("pdf", "svg", "png")


def test_the_help_shows_the_settings_defaults():
    shown = CliRunner().invoke(main, ["build", "--help"], terminal_width=200).output
    printing, output = PrintSettings(), OutputSettings()
    assert f"[default: {printing.paper}]" in shown
    assert f"[default: {','.join(printing.formats)}]" in shown
    assert f"[default: {printing.sheets.duplex}]" in shown
    assert f"[default: {output.out_dir}]" in shown


def test_serve_writes_the_pdf_that_build_writes(tmp_path):
    """The same sources and settings: the PDF `cutsheet build` writes and the PDF the preview
    server writes (into a folder of its own, so nothing is copied from the build) are the same
    bytes, front matter included."""
    source = COMPONENTS / "slipmax"
    run_build(str(source), "--out", str(tmp_path / "built"), "--format", "pdf", "--no-check")
    preview = build_preview(source, Project.find([source], output=OutputSettings(tmp_path / "served")))
    assert preview.error == "" and preview.pdf is not None
    assert preview.pdf == (tmp_path / "served" / "slipmax" / "slipmax.pdf").resolve()
    built = (tmp_path / "built" / "slipmax" / "slipmax.pdf").read_bytes()
    assert preview.pdf.read_bytes() == built
    pages = pypdf.PdfReader(preview.pdf).pages
    assert len(pages) == len(preview.sheets)
    assert any("Checklist" in (page.extract_text() or "") for page in pages[:4])


def test_serve_takes_its_layout_and_pdf_from_the_build_cache(tmp_path, monkeypatch):
    source = deck(tmp_path / "small")
    out = tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf", "--no-check")
    built = (out / "small" / "small.pdf").read_bytes()
    (out / "small" / "small.pdf").unlink()
    cached = entries(out)
    monkeypatch.setattr(parts, "lay_out", refuse)
    monkeypatch.setattr("generator.render.pdf.write_pdf", refuse)
    preview = build_preview(source, Project.find([source], output=OutputSettings(out)))
    assert preview.error == "" and preview.pdf is not None
    assert preview.pdf.read_bytes() == built
    assert entries(out) == cached  # every entry it needed was there: nothing new was put


def test_export_takes_the_layout_from_the_build_cache(tmp_path, monkeypatch):
    source = deck(tmp_path / "small")
    out = tmp_path / "out"
    run_build(str(source), "--out", str(out), "--format", "pdf", "--no-check")
    cached = entries(out)
    monkeypatch.setattr(parts, "lay_out", refuse)
    result = CliRunner().invoke(
        main, ["export", str(source), "--profile", "drivethrucards", "--out", str(out)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    assert (out / "small" / "drivethrucards").is_dir()
    assert entries(out) == cached


def test_a_build_takes_the_layout_an_export_put_in_the_cache(tmp_path, monkeypatch):
    source = deck(tmp_path / "small")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["export", str(source), "--profile", "tts", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(entries(out)) == 4  # the game's reading, its layout, what it drew (its latest), its drawings' piece
    monkeypatch.setattr(parts, "lay_out", refuse)
    run_build(str(source), "--out", str(out), "--format", "svg", "--no-check")
    assert (out / "small" / "svg" / "small-sheet-01.svg").is_file()
