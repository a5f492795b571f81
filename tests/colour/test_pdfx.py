"""`cutsheet build --color cmyk --pdfx`, and the DriveThruCards export, read back with tools
that did not write them: pikepdf for the PDF/X keys, output intent, boxes, colour spaces and
fonts; Ghostscript's separations (tiffsep) for the ink on each plate; pdfplumber for where
the text is."""

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pdfplumber
import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli import main
from generator.colour.profile import shipped
from generator.colour.settings import DIELINE, ColourSettings
from generator.export.faces import face_sheet
from generator.export.preflight import preflight
from generator.export.prepress import PREPRESS
from generator.layout.scene import Rect, Scene, Style
from generator.render.pdf import write_pdf

ROOT = Path(__file__).resolve().parents[2]
DPI = 150
#: Where the test deck's two swatches are on a card (mm from its top-left corner).
RED = (5.0, 70.0, 20.0, 10.0)
NIGHT = (30.0, 70.0, 25.0, 10.0)
#: Ghostscript, which the test command installs.
GS = shutil.which("gs") or "gs"


def _deck(root: Path) -> Path:
    """`cutsheet new deck`, with a swatch given in inks and a black fill of 2.5 cm²."""
    here = Path.cwd()
    os.chdir(root)
    try:
        made = CliRunner().invoke(main, ["new", "deck"])
    finally:
        os.chdir(here)
    assert made.exit_code == 0, made.output
    layout = root / "deck" / "layouts" / "card.yaml"
    swatches = "".join(
        f'  {name}:\n    {{type: rect, x: {x}mm, y: {y}mm, width: {w}mm, height: {h}mm, fill: "{fill}"}}\n'
        for name, (x, y, w, h), fill in (("red", RED, "cmyk(0,100,100,0)"), ("night", NIGHT, "#000000"))
    )
    text = layout.read_text().replace("back_background:", swatches + "back_background:")
    layout.write_text(text)
    return root / "deck"


def _build(deck: Path, out: Path, *options: str):
    return CliRunner().invoke(main, ["build", str(deck), "--out", str(out), "--format", "pdf", *options])


@pytest.fixture(scope="module")
def x1a(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cmyk")
    deck = _deck(root)
    built = _build(deck, root / "out", "--pdfx", "x1a", "--icc", "swop-240")
    assert built.exit_code == 0, built.output
    return next((root / "out").rglob("*.pdf"))


def _holders(pdf: pikepdf.Pdf):
    """Every page and form XObject, with the resources it draws from."""
    seen = set()
    stack = [(page.obj, page.obj.get("/Resources")) for page in pdf.pages]
    while stack:
        holder, resources = stack.pop()
        yield holder, resources
        for _, xobject in (resources or {}).get("/XObject", {}).items():
            if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
                seen.add(xobject.objgen)
                stack.append((xobject, xobject.get("/Resources")))


def test_pdfx_1a_carries_its_keys_its_intent_and_its_boxes(x1a):
    with pikepdf.open(x1a) as pdf:
        assert pdf.pdf_version == "1.4"
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        assert pdf.docinfo["/Trapped"] == pikepdf.Name("/False")
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert intent.DestOutputProfile.N == 4
        assert intent.DestOutputProfile.read_bytes() == shipped()["swop-240"].path.read_bytes()
        with pdf.open_metadata() as xmp:
            assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-1a:2003"
        assert "/OCProperties" not in pdf.Root  # PDF 1.4: no layers
        for page in pdf.pages:
            assert "/TrimBox" in page.obj and "/BleedBox" in page.obj


def test_pdfx_1a_has_no_rgb_no_transparency_and_embeds_every_font(x1a):
    operators, images, fonts = set(), [], []
    with pikepdf.open(x1a) as pdf:
        for holder, resources in _holders(pdf):
            for instruction in pikepdf.parse_content_stream(holder):
                operators.add(str(instruction.operator))
                if str(instruction.operator) in ("cs", "CS"):
                    assert str(instruction.operands[0]) != "/DeviceRGB"
            for _, state in (resources or {}).get("/ExtGState", {}).items():
                assert float(state.get("/ca", 1)) == 1 and float(state.get("/CA", 1)) == 1 and "/SMask" not in state
            for _, xobject in (resources or {}).get("/XObject", {}).items():
                if xobject.get("/Subtype") == "/Image":
                    images.append((str(xobject.ColorSpace), "/SMask" in xobject))
            for _, font in (resources or {}).get("/Font", {}).items():
                described = font.DescendantFonts[0] if font.Subtype == "/Type0" else font
                fonts.append(any(key in described.FontDescriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")))
    assert not operators & {"rg", "RG"} and {"k", "K"} <= operators
    assert images and all(image == ("/DeviceCMYK", False) for image in images)
    assert fonts and all(fonts)


def _plates(pdf: Path, page: int) -> dict[str, np.ndarray]:
    """Each plate of one page as ink in percent, by its name, from Ghostscript's tiffsep."""
    out = pdf.parent / f"sep-{page}"
    out.mkdir(exist_ok=True)
    command = [GS, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffsep", f"-r{DPI}"]
    command += [f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={out / 'p.tif'}", str(pdf)]
    subprocess.run(command, check=True, capture_output=True)
    plates = {}
    for tif in out.glob("p(*).tif"):
        plates[tif.stem[2:-1]] = (255 - np.asarray(Image.open(tif), dtype=np.float64)) / 255 * 100
    return plates


def _card_page(pdf: Path) -> tuple[int, tuple[float, float]]:
    """The first page of card fronts, and the top-left corner of its first card (mm), found
    by its first black title."""
    with pdfplumber.open(pdf) as plumbed:
        for number, page in enumerate(plumbed.pages, 1):
            rects = [r for r in page.rects if r["non_stroking_color"] == (0, 1, 1, 0)]
            if rects:
                first = min(rects, key=lambda r: (r["top"], r["x0"]))
                return number, (first["x0"] / 72 * 25.4 - RED[0], first["top"] / 72 * 25.4 - RED[1])
    raise AssertionError("no page holds the red swatch")


def _area(plate: np.ndarray, corner: tuple[float, float], box: tuple[float, float, float, float]) -> np.ndarray:
    """The pixels of a box on a card (mm), 0.5 mm in from its edges."""
    x, y, w, h = box
    left, top = corner[0] + x + 0.5, corner[1] + y + 0.5
    px = DPI / 25.4
    return plate[round(top * px) : round((top + h - 1) * px), round(left * px) : round((left + w - 1) * px)]


def test_the_plates_hold_inks_as_given_rich_black_and_black_text_on_black_alone(x1a):
    number, corner = _card_page(x1a)
    plates = _plates(x1a, number)
    assert set(plates) == {"Cyan", "Magenta", "Yellow", "Black"}
    total = sum(plates.values())
    assert total.max() <= 240 + 1  # swop-240's limit, rich black included
    given = [float(np.median(_area(plates[ink], corner, RED))) for ink in ("Cyan", "Magenta", "Yellow", "Black")]
    assert given == pytest.approx([0, 100, 100, 0], abs=0.5)
    rich = [float(np.median(_area(plates[ink], corner, NIGHT))) for ink in ("Cyan", "Magenta", "Yellow", "Black")]
    assert rich == pytest.approx([60, 40, 40, 100], abs=0.5)
    # Black text: where the black plate carries a glyph, no other plate carries ink.
    with pdfplumber.open(x1a) as plumbed:
        chars = [c for c in plumbed.pages[number - 1].chars if c["non_stroking_color"] == (0, 0, 0, 1)]
    assert len(chars) > 20
    px = DPI / 72
    inked = 0
    for char in chars:
        box = (
            slice(round(char["top"] * px), round(char["bottom"] * px)),
            slice(round(char["x0"] * px), round(char["x1"] * px)),
        )
        glyph = plates["Black"][box] > 50
        inked += bool(glyph.any())
        for ink in ("Cyan", "Magenta", "Yellow"):
            assert not plates[ink][box][glyph].any(), (char["text"], ink)
    assert inked > 20


def test_a_transparent_picture_is_refused_in_x1a_and_kept_in_x4(tmp_path):
    deck = _deck(tmp_path)
    picture = Image.open(deck / "art" / "landscape.png").convert("RGBA")
    picture.putalpha(Image.linear_gradient("L").resize(picture.size))
    picture.save(deck / "art" / "landscape.png")
    out = tmp_path / "out"
    refused = _build(deck, out, "--pdfx", "x1a")
    assert refused.exit_code == 2, refused.output
    assert "landscape.png has transparent pixels, and PDF/X-1a has no transparency" in refused.output
    assert "Traceback" not in refused.output and not list(out.rglob("*.pdf"))
    kept = _build(deck, out, "--pdfx", "x4")
    assert kept.exit_code == 0, kept.output
    with pikepdf.open(next(out.rglob("*.pdf"))) as pdf:
        assert pdf.pdf_version == "1.6" and "/GTS_PDFXVersion" not in pdf.docinfo
        with pdf.open_metadata() as xmp:
            assert xmp["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
        masked = [
            x
            for _, resources in _holders(pdf)
            for _, x in (resources or {}).get("/XObject", {}).items()
            if x.get("/Subtype") == "/Image" and "/SMask" in x
        ]
        assert masked and all(str(x.ColorSpace) == "/DeviceCMYK" for x in masked)


def test_colour_options_are_checked(tmp_path):
    deck = _deck(tmp_path)
    for options, said in (
        (["--color", "cmyk", "--icc", "nowhere"], "is neither a shipped profile"),
        (["--icc", "swop-240"], "--icc is the profile of a CMYK file"),
    ):
        result = _build(deck, tmp_path / "out", *options)
        assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output


def test_a_colour_in_inks_shows_in_an_svg_as_it_would_print(tmp_path):
    deck = _deck(tmp_path)
    built = CliRunner().invoke(main, ["build", str(deck), "--out", str(tmp_path / "out"), "--format", "svg"])
    assert built.exit_code == 0, built.output
    svg = next((tmp_path / "out").rglob("deck-sheet-01.svg")).read_text()
    assert "cmyk(" not in svg and 'fill="#ed1921"' in svg  # as the default profile's press prints it


def test_a_colour_over_100_percent_ink_is_an_error_at_its_place(tmp_path):
    deck = _deck(tmp_path)
    layout = deck / "layouts" / "card.yaml"
    layout.write_text(layout.read_text().replace("cmyk(0,100,100,0)", "cmyk(0,120,0,0)"))
    bad = _build(deck, tmp_path / "out")
    assert bad.exit_code == 2
    assert "card.yaml:" in bad.output and "expected a colour such as '#1a2b3c' or 'cmyk(0,100,100,0)'" in bad.output


def test_the_drivethrucards_export_is_pdfx_1a_with_a_dieline_that_overprints(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    exported = CliRunner().invoke(
        main, ["export", str(ROOT / "components" / "chip-flip"), "--profile", "drivethrucards"]
    )
    assert exported.exit_code == 0, exported.output
    pdf = next(Path("output").rglob("chips.pdf"))
    with pikepdf.open(pdf) as read:
        assert str(read.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        page = read.pages[0].obj
        spaces = [space for _, space in page.Resources.ColorSpace.items()]
        assert any(s[0] == "/Separation" and s[1] == "/Dieline" and s[2] == "/DeviceCMYK" for s in spaces)
        states = [state for _, state in page.Resources.ExtGState.items()]
        assert any(state.get("/OP") is True for state in states)
        assert any(int(state.get("/OPM", 0)) == 1 for state in states)
    plates = _plates(pdf.resolve(), 1)
    assert "Dieline" in plates
    dieline = plates["Dieline"] > 50
    rows, cols = np.nonzero(dieline)
    bleed = 25.4 / 8 * DPI / 25.4
    assert rows.min() == pytest.approx(bleed, abs=2) and cols.min() == pytest.approx(bleed, abs=2)
    codes = {finding.code for finding in preflight(pdf, PREPRESS["drivethrucards"])}
    assert not codes & {"PF001", "PF002", "PF003", "PF008", "PF009"}, codes


def test_the_dieline_is_a_layer_of_its_own_in_pdfx_4(tmp_path):
    card = Scene(63.0, 88.0, [Rect(-3, -3, 69, 94, Style(fill="#2f4f6f"))], name="card")
    path = tmp_path / "card.pdf"
    write_pdf(
        [face_sheet(card, 3.0, 3.0, dieline=True)],
        path,
        "A card",
        lambda _: None,
        ColourSettings(shipped()["swop-300"], "x4", DIELINE),
    )
    with pikepdf.open(path) as pdf:
        (group,) = pdf.Root.OCProperties.OCGs
        assert str(group.Name) == "Dieline"
        page = pdf.pages[0]
        assert page.obj.Resources.Properties.OCDieline.objgen == group.objgen
        operators = [str(i.operator) for i in pikepdf.parse_content_stream(page)]
        assert operators.count("BDC") == 1 and operators.count("EMC") == 1


def test_a_pdfx_build_is_byte_identical_each_time(x1a, tmp_path):
    again = _build(x1a.parents[2] / "deck", tmp_path / "again", "--pdfx", "x1a", "--icc", "swop-240", "--no-cache")
    assert again.exit_code == 0, again.output
    assert next((tmp_path / "again").rglob("*.pdf")).read_bytes() == x1a.read_bytes()
