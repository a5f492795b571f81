"""A CMYK PDF finished for prepress (generator/render/pdfx.py), on files reportlab writes in
the test: text objects that show nothing and the fonts they chose go, PDF/X keys and the
output intent come, and a dieline's layer is named; read back with pikepdf."""

import pikepdf
from reportlab.pdfgen import canvas

from generator.colour.profile import shipped
from generator.colour.settings import DIELINE, ColourSettings
from generator.render.pdf_colour import LAYER
from generator.render.pdf_structure import contents, named
from generator.render.pdfx import finish


def written(path):
    c = canvas.Canvas(str(path), invariant=1)
    c.beginForm("icon")
    c.setFont("Helvetica", 10)  # chosen, never shown: what reportlab's drawings do
    c.rect(0, 0, 10, 10, fill=1)
    c.endForm()
    c.doForm("icon")
    c.showPage()
    c.save()
    return path


def fonts(pdf) -> list[str]:
    found = []
    for page in pdf.pages:
        resources = page.obj.Resources
        found += [str(f.BaseFont) for _, f in resources.get("/Font", {}).items()]
        for _, form in resources.get("/XObject", {}).items():
            found += [str(f.BaseFont) for _, f in form.get("/Resources", {}).get("/Font", {}).items()]
    return found


def test_a_font_that_shows_nothing_goes_and_x1a_keys_come(tmp_path):
    path = written(tmp_path / "a.pdf")
    with pikepdf.open(path) as before:
        assert "/Helvetica" in fonts(before)
    finish(path, ColourSettings(shipped()["swop-240"], "x1a"), "A")
    with pikepdf.open(path) as after:
        assert fonts(after) == []
        assert str(after.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003" and after.pdf_version == "1.4"
        (intent,) = after.Root.OutputIntents
        assert intent.DestOutputProfile.read_bytes() == shipped()["swop-240"].data
        assert "/TrimBox" in after.pages[0].obj and "/BleedBox" in after.pages[0].obj


def test_a_dieline_is_a_layer_in_x4_and_none_in_x1a(tmp_path):
    x4 = written(tmp_path / "x4.pdf")
    finish(x4, ColourSettings(shipped()["swop-300"], "x4", DIELINE), "A")
    with pikepdf.open(x4) as pdf:
        (group,) = pdf.Root.OCProperties.OCGs
        assert str(group.Name) == DIELINE and pdf.pages[0].obj.Resources.Properties[f"/{LAYER}"].objgen == group.objgen
        assert pdf.pdf_version == "1.6"
    x1a = written(tmp_path / "x1a.pdf")
    finish(x1a, ColourSettings(shipped()["swop-240"], "x1a", DIELINE), "A")
    with pikepdf.open(x1a) as pdf:
        assert "/OCProperties" not in pdf.Root


def test_a_page_s_contents_are_its_own_and_each_form_s_once(tmp_path):
    path = tmp_path / "twice.pdf"
    c = canvas.Canvas(str(path), invariant=1)
    c.beginForm("icon")
    c.rect(0, 0, 10, 10, fill=1)
    c.endForm()
    c.doForm("icon")
    c.doForm("icon")
    c.showPage()
    c.save()
    with pikepdf.open(path) as pdf:
        found = contents(pdf.pages[0])
        assert len(found) == 2 and isinstance(found[0][0], pikepdf.Page)
        assert found[1][0].get("/Subtype") == "/Form"  # the one form, drawn twice, listed once
        assert [name for name, _ in named(found[0][1], "/XObject")] == ["/FormXob.icon"]
        assert named(None, "/Font") == []
