"""`cutsheet preflight` (generator/export/preflight.py) on PDFs this test writes with reportlab
alone, one card with its trim and bleed boxes: a clean card has no finding, and a card made
bad in each way the shops name (type 1 mm from the trim, a 0.05 mm line, 5 pt type, a 72 dpi
picture, a 400% ink fill) has each finding once, at its place; then a shipped game's RGB
build, which a shop wanting CMYK refuses, beside its DriveThruCards export, which is CMYK."""

from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from generator.cli import main
from generator.export.preflight import preflight
from generator.export.prepress import PREPRESS

ROOT = Path(__file__).resolve().parents[2]
BLEED = 25.4 / 8
W, H = 63.0, 88.0  # the trim, mm
DRIVETHRU = PREPRESS["drivethrucards"]


def card(path: Path, bad: set[str] = frozenset()) -> Path:
    """One poker card at DriveThruCards' bleed, CMYK throughout, its font embedded; `bad`
    adds the problems named."""
    pdfmetrics.registerFont(TTFont("PreflightSans", str(ROOT / "fonts" / "DejaVuSans.ttf")))
    size = ((W + 2 * BLEED) * mm, (H + 2 * BLEED) * mm)
    c = canvas.Canvas(str(path), pagesize=size, invariant=1, initialFontName="PreflightSans")
    c.setTrimBox((BLEED * mm, BLEED * mm, (W + BLEED) * mm, (H + BLEED) * mm))
    c.setBleedBox((0, 0, (W + 2 * BLEED) * mm, (H + 2 * BLEED) * mm))
    c.setFillColorCMYK(0.1, 0.05, 0.0, 0.0)
    c.rect(0, 0, (W + 2 * BLEED) * mm, (H + 2 * BLEED) * mm, stroke=0, fill=1)  # the background, into the bleed
    c.setFillColorCMYK(0, 0, 0, 1)
    c.setFont("PreflightSans", 9)
    c.drawString((BLEED + 15) * mm, (BLEED + 60) * mm, "A card of its own")
    c.setStrokeColorCMYK(0, 0, 0, 1)
    c.setLineWidth(0.3 * mm)
    c.line((BLEED + 10) * mm, (BLEED + 50) * mm, (BLEED + 50) * mm, (BLEED + 50) * mm)
    picture = Image.new("L", (600, 600), 128)  # 600 px over 2 in: 300 dpi
    c.drawImage(ImageReader(picture), (BLEED + 10) * mm, (BLEED + 10) * mm, 2 * 25.4 * mm / 2, 2 * 25.4 * mm / 2)
    if "small type near the trim" in bad:
        c.setFont("PreflightSans", 5)
        c.drawString((BLEED + 1) * mm, (BLEED + 40) * mm, "edge")
    if "thin line" in bad:
        c.setLineWidth(0.05 * mm)
        c.line((BLEED + 10) * mm, (BLEED + 45) * mm, (BLEED + 50) * mm, (BLEED + 45) * mm)
    if "72 dpi picture" in bad:
        c.drawImage(ImageReader(Image.new("L", (72, 72), 90)), (BLEED + 35) * mm, (BLEED + 10) * mm, 72, 72)
    if "400% ink" in bad:
        c.setFillColorCMYK(1, 1, 1, 1)
        c.rect((BLEED + 40) * mm, (BLEED + 65) * mm, 10 * mm, 10 * mm, stroke=0, fill=1)
    c.showPage()
    c.save()
    return path


def test_a_clean_card_has_no_finding(tmp_path):
    assert preflight(card(tmp_path / "clean.pdf"), DRIVETHRU) == []


def test_each_problem_is_found_once_at_its_place(tmp_path):
    bad = card(tmp_path / "bad.pdf", {"small type near the trim", "thin line", "72 dpi picture", "400% ink"})
    found = {f.code: f.message for f in preflight(bad, DRIVETHRU)}
    assert sorted(found) == ["PF004", "PF005", "PF006", "PF007", "PF009"]
    top = BLEED + H + BLEED  # the page's height: places are measured from its top-left
    assert found["PF004"].startswith(f"{bad} page 1 at {BLEED + 1:.1f}, ")
    assert "type at 5.0 pt; drivethrucards asks 6 pt at least" in found["PF004"]
    assert found["PF006"].startswith(f"{bad} page 1 at {BLEED + 1:.1f}, ")
    assert found["PF005"].startswith(f"{bad} page 1 at {BLEED + 10:.1f}, {top - BLEED - 45:.1f} mm")
    assert "a line 0.050 mm thick" in found["PF005"]
    assert found["PF007"].startswith(f"{bad} page 1 at {BLEED + 35:.1f}, ") and "at 72 dpi as placed" in found["PF007"]
    assert "400% ink; drivethrucards allows 240%" in found["PF009"]


def test_missing_boxes_and_bleed_are_errors(tmp_path):
    path = tmp_path / "boxes.pdf"
    c = canvas.Canvas(str(path), pagesize=(W * mm, H * mm), invariant=1)
    c.setFillColorCMYK(0, 0, 0, 1)
    c.rect(0, 0, W * mm, H * mm, stroke=0, fill=1)
    c.showPage()
    c.setTrimBox((0, 0, W * mm, H * mm))
    c.setBleedBox((0, 0, W * mm, H * mm))
    c.rect(0, 0, W * mm, H * mm, stroke=0, fill=1)
    c.showPage()
    c.save()
    found = {f.code: f.message for f in preflight(path, DRIVETHRU)}
    assert found["PF001"] == f"{path} page 1 has no TrimBox and BleedBox: the shop cannot tell where to cut"
    assert found["PF002"] == f"{path} page 2: the bleed runs 0.00 mm past the trim; drivethrucards asks 3.175 mm"


def test_the_command_exits_1_on_errors_and_names_the_shop(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    card(tmp_path / "bad.pdf", {"thin line"})
    result = CliRunner().invoke(main, ["preflight", "bad.pdf", "--profile", "thegamecrafter"])
    assert result.exit_code == 1
    assert (
        "[PF005]" in result.output and result.output.splitlines()[-1] == "bad.pdf: 1 error for thegamecrafter, 0 other"
    )
    (tmp_path / "not.pdf").write_text("hello")
    result = CliRunner().invoke(main, ["preflight", "not.pdf"])
    assert result.exit_code == 2 and "not a PDF that can be read" in result.output


@pytest.fixture(scope="module")
def chip_flip(tmp_path_factory) -> tuple[Path, list[Path]]:
    """Chip Flip's RGB build and its DriveThruCards export, made once for every shop's
    preflight: the PDF built and the export's PDFs."""
    folder = tmp_path_factory.mktemp("chip-flip")
    game = str(ROOT / "components" / "chip-flip")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.chdir(folder)
        built = CliRunner().invoke(main, ["build", game, "--format", "pdf", "--out", "rgb"])
        assert built.exit_code == 0, built.output
        exported = CliRunner().invoke(main, ["export", game, "--profile", "drivethrucards", "--out", "shop"])
        assert exported.exit_code == 0, exported.output
    (rgb,) = (folder / "rgb").rglob("*.pdf")
    shop = sorted((folder / "shop").rglob("*.pdf"))
    assert shop, "the export wrote no PDF"
    return rgb, shop


@pytest.mark.parametrize("shop", ["drivethrucards", "offset"])
def test_rgb_is_refused_where_the_shop_wants_cmyk_and_the_shop_export_is_cmyk(chip_flip, shop):
    rgb, exported = chip_flip
    assert "PF008" in {f.code for f in preflight(rgb, PREPRESS[shop])}
    assert "PF008" not in {f.code for f in preflight(rgb, PREPRESS["thegamecrafter"])}
    for pdf in exported:
        assert "PF008" not in {f.code for f in preflight(pdf, PREPRESS[shop])}


def test_a_font_is_judged_by_the_text_shown_in_it(tmp_path):
    """A font chosen and never drawn with (reportlab's pages and drawings choose one) prints
    nothing, so it is no finding; text shown in a font the file does not embed is PF003."""
    clean = card(tmp_path / "chosen.pdf")
    with pikepdf.open(clean) as pdf:
        assert any(str(i.operator) == "Tf" for i in pikepdf.parse_content_stream(pdf.pages[0])), (
            "the card chooses a font as reportlab's pages do"
        )
    path = tmp_path / "helvetica.pdf"
    c = canvas.Canvas(str(path), invariant=1)
    c.setFont("Helvetica", 12)
    c.drawString(100, 100, "Not embedded")
    c.showPage()
    c.save()
    assert [f.message for f in preflight(path, PREPRESS["thegamecrafter"]) if f.code == "PF003"] == [
        f"{path}: the font Helvetica is not embedded"
    ]
