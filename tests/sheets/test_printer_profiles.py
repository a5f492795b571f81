"""Home printer profiles (generator/sheets/printer.py, generator/printers.py, `cutsheet printer`
and `cutsheet build --printer NAME`), read back from the files: the profiles kept in the
user's config folder (XDG_CONFIG_HOME here), and the PDF's drawing measured with pdfium
against a build without the profile."""

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from tests.pdf_paths import shapes
from tests.pdf_text import flat_page_texts, pages

ROOT = Path(__file__).resolve().parents[2]
CHIP_FLIP = str(ROOT / "components" / "chip-flip")
PT_PER_MM = 72 / 25.4


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch) -> Path:
    """A config folder of the test's own; the working folder is tmp_path."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    return tmp_path / "config" / "cutsheet" / "printers.yaml"


def cutsheet(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_set_keeps_what_was_measured_and_changes_only_what_is_given(config):
    assert cutsheet("printer", "set", "office", "--scale-x", "1.006", "--margins", "4mm,4mm,6mm,4mm").exit_code == 0
    assert cutsheet("printer", "set", "office", "--back-offset", "0.4mm,-0.2mm").exit_code == 0
    assert cutsheet("printer", "set", "inkjet", "--scale-y", "0.997").exit_code == 0
    kept = yaml.safe_load(config.read_text())
    assert kept == {
        "inkjet": {"scale_x": 1.0, "scale_y": 0.997, "back_offset": [0.0, 0.0], "margins": [0.0] * 4},
        "office": {"scale_x": 1.006, "scale_y": 1.0, "back_offset": [0.4, -0.2], "margins": [4.0, 4.0, 6.0, 4.0]},
    }
    listed = cutsheet("printer", "list").output.splitlines()
    assert listed == [
        "inkjet: scale 1 x 0.997, back offset 0mm,0mm, margins 0mm,0mm,0mm,0mm",
        "office: scale 1.006 x 1, back offset 0.4mm,-0.2mm, margins 4mm,4mm,6mm,4mm",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scale-x", "1.2"], "--scale-x 1.2: a printer off by more than 5%"),
        (["--margins", "4mm,4mm"], "--margins takes one length or four"),
        (["--back-offset", "1mm"], "expected two lengths X,Y"),
    ],
)
def test_a_measure_that_cannot_be_is_refused(config, args, message):
    result = cutsheet("printer", "set", "office", *args)
    assert result.exit_code == 2 and message in result.output
    assert not config.exists()


def test_a_broken_profiles_file_is_bad_input_at_its_place(config):
    config.parent.mkdir(parents=True)
    config.write_text("office:\n  scale_x: 2\n")
    result = cutsheet("build", CHIP_FLIP, "--printer", "office")
    assert result.exit_code == 2
    assert "printers.yaml:2:12" in result.output and "scale_x" in result.output


def test_an_unknown_printer_names_those_kept(config):
    cutsheet("printer", "set", "office")
    result = cutsheet("build", CHIP_FLIP, "--printer", "laser")
    assert result.exit_code == 2
    assert "no printer profile 'laser' (kept: office)" in result.output


def test_a_printer_brings_its_own_back_offset_and_is_not_for_a_release(config):
    cutsheet("printer", "set", "office")
    result = cutsheet("build", CHIP_FLIP, "--printer", "office", "--back-offset", "1mm,0mm")
    assert result.exit_code == 2 and "leave out --back-offset" in result.output
    result = cutsheet("build", CHIP_FLIP, "--printer", "office", "--pnp")
    assert result.exit_code == 2 and "build it without --printer" in result.output


def page_lines(page: pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    """The page's straight lines (x0, top, x1, bottom, in points from its top left), sorted."""
    return sorted((line.x0, line.top, line.x1, line.bottom) for line in shapes(page) if line.kind == "line")


def lines_of(pdf_path: Path) -> list[list[tuple[float, float, float, float]]]:
    """Each page's page_lines."""
    return [page_lines(page) for page in pages(pdf_path)]


def test_the_scale_is_corrected_about_the_page_centre(config):
    """A profile with nothing but a scale imposes as a plain build does: every line of every
    page is the plain build's drawn 1/scale about the page's centre."""
    cutsheet("printer", "set", "office", "--scale-x", "1.006", "--scale-y", "0.997")
    assert cutsheet("build", CHIP_FLIP, "--out", "plain", "--format", "pdf", "--no-checklist").exit_code == 0
    built = cutsheet("build", CHIP_FLIP, "--out", "office", "--format", "pdf", "--no-checklist", "--printer", "office")
    assert built.exit_code == 0, built.output
    plain, office = Path("plain/chip-flip/chip-flip.pdf"), Path("office/chip-flip/chip-flip.pdf")
    sizes = [page.get_size() for page in pages(plain)]
    plain_lines, office_lines = lines_of(plain), lines_of(office)
    for page, (width, height) in enumerate(sizes):
        cx, cy = width / 2, height / 2
        # A landscape page goes through the printer turned: its x is the printer's y.
        sx, sy = (0.997, 1.006) if width > height else (1.006, 0.997)
        expected = sorted(
            (cx + (x0 - cx) / sx, cy + (top - cy) / sy, cx + (x1 - cx) / sx, cy + (bottom - cy) / sy)
            for x0, top, x1, bottom in plain_lines[page]
        )
        measured = office_lines[page]
        assert len(measured) == len(expected) > 0
        # Each line found where it is expected (matched by place: rounding may reorder ties).
        near = [any(max(abs(a - b) for a, b in zip(m, e, strict=True)) < 0.01 for m in measured) for e in expected]
        assert all(near)
    assert any(width > height for width, height in sizes), "the board's landscape pages are among them"


def test_its_back_offset_prints_as_the_option_does(config):
    cutsheet("printer", "set", "office", "--back-offset", "0.4mm,-0.2mm")
    by_option = cutsheet(
        "build", CHIP_FLIP, "--out", "a", "--format", "pdf", "--no-checklist", "--back-offset", "0.4mm,-0.2mm"
    )
    by_printer = cutsheet("build", CHIP_FLIP, "--out", "b", "--format", "pdf", "--no-checklist", "--printer", "office")
    assert by_option.exit_code == by_printer.exit_code == 0
    assert Path("a/chip-flip/chip-flip.pdf").read_bytes() == Path("b/chip-flip/chip-flip.pdf").read_bytes()


def test_nothing_prints_where_the_printer_cannot_reach_and_the_checklist_names_it(config):
    """Every page rendered with pdfium: no pixel inside the printer's margins (a board's tiles
    are clipped, so their drawing's own extent says nothing of what prints)."""
    cutsheet("printer", "set", "office", "--margins", "9mm,8mm,12mm,8mm", "--back-offset", "0.5mm,0.5mm")
    assert cutsheet("build", CHIP_FLIP, "--out", "out", "--format", "pdf", "--printer", "office").exit_code == 0
    pdf = pdfium.PdfDocument("out/chip-flip/chip-flip.pdf")
    dpmm = 4  # pixels a millimetre
    for page in pdf:
        pixels = np.asarray(page.render(scale=dpmm / PT_PER_MM).to_pil().convert("L"))
        top, right, bottom, left = (int(mm * dpmm) - 1 for mm in (9, 8, 12, 8))
        for band in (pixels[:top], pixels[-bottom:], pixels[:, :left], pixels[:, -right:]):
            assert band.min() == 255
    text = " ".join(flat_page_texts(Path("out/chip-flip/chip-flip.pdf")))
    assert "Drawn for the printer 'office': scale 100.0% x 100.0% corrected, backs moved 0.5 mm, 0.5 mm" in text


def test_a_scale_the_page_cannot_hold_is_refused(config):
    cutsheet("printer", "set", "shrinks", "--scale-x", "0.95", "--margins", "3mm")
    result = cutsheet("build", CHIP_FLIP, "--out", "out", "--printer", "shrinks")
    assert result.exit_code == 2
    assert "correcting its scale 0.95 would draw the marks at a short side" in result.output
    assert not Path("out").exists()


def test_the_calibration_page_has_two_bars_of_100_mm(config):
    result = cutsheet("printer", "calibrate", "office", "--out", "cal")
    assert result.exit_code == 0, result.output
    calibration = Path("cal/printer-office-calibration.pdf")
    front, _back = lines_of(calibration)  # the back: the verniers
    lengths = [max(x1 - x0, bottom - top) / PT_PER_MM for x0, top, x1, bottom in front]
    text = flat_page_texts(calibration)[0]
    assert sorted(lengths)[-2:] == pytest.approx([100.0, 100.0], abs=0.01)
    assert "cutsheet printer set office" in text


def test_a_landscape_sheet_takes_the_printers_scales_turned():
    """A landscape page goes through the printer turned: its width runs along the printer's y,
    so it is drawn 1/scale_y across and 1/scale_x down."""
    from generator.layout.scene import Group
    from generator.sheets.model import Sheet
    from generator.sheets.printer import PrinterProfile

    profile = PrinterProfile("office", scale_x=1.01, scale_y=0.98)
    portrait = profile.corrected(Sheet(200, 300, trim=(10, 10, 180, 280)))
    landscape = profile.corrected(Sheet(300, 200, trim=(10, 10, 280, 180)))
    (group,) = landscape.items
    assert isinstance(group, Group) and group.transform[0] == pytest.approx(1 / 0.98)
    assert group.transform[3] == pytest.approx(1 / 1.01)
    assert portrait.trim == pytest.approx((100 - 90 / 1.01, 150 - 140 / 0.98, 180 / 1.01, 280 / 0.98))


def test_the_calibration_page_needs_paper_that_holds_its_bars():
    from generator.sheets.calibration import calibration_sheets
    from generator.sheets.options import PrintOptions
    from generator.sheets.paper import paper
    from generator.sources.errors import SourceError

    assert len(calibration_sheets(paper("a4"), PrintOptions(), "office")) == 2
    with pytest.raises(SourceError, match="needs paper of at least 150 x 240 mm"):
        calibration_sheets(paper("148mmx210mm"), PrintOptions(), "office")
