"""Icon files read once for the writers: the viewBox and content to nest in an SVG sheet
(a missing viewBox taken from the width and height), the <symbol> sheets <use>, the
reportlab drawing of the PDF at the icon's size (in points), and the cache forgotten on request so an
edited icon is read again. Icons are written here and the output parsed back."""

from xml.etree import ElementTree

from generator.render.icons import SVG_NS, drawing, forget_icons, inline, symbol

SVG = f"{{{SVG_NS}}}"


def icon(path, body: str, size: str = 'viewBox="0 0 10 20"'):
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" {size}>{body}</svg>')
    return path


def test_inline_gives_the_viewbox_and_the_content(tmp_path):
    path = icon(tmp_path / "bar.svg", '<rect x="1" y="2" width="3" height="4" fill="#f00"/><circle r="1"/>')
    view_box, body = inline(path)
    assert view_box == "0 0 10 20"
    # the content parses back to the same two elements, in the SVG namespace
    children = list(ElementTree.fromstring(f'<g xmlns="{SVG_NS}">{body}</g>'))
    assert [child.tag for child in children] == [f"{SVG}rect", f"{SVG}circle"]
    assert children[0].attrib == {"x": "1", "y": "2", "width": "3", "height": "4", "fill": "#f00"}


def test_without_a_viewbox_the_width_and_height_make_one(tmp_path):
    path = icon(tmp_path / "sized.svg", '<rect width="5" height="5"/>', 'width="24" height="12"')
    assert inline(path)[0] == "0 0 24 12"
    bare = icon(tmp_path / "bare.svg", '<rect width="5" height="5"/>', "")
    assert inline(bare)[0] == "0 0 100 100"


def test_a_symbol_is_the_icon_under_its_id_with_its_viewbox(tmp_path):
    path = icon(tmp_path / "bar.svg", '<rect x="1" y="2" width="3" height="4"/>')
    element = ElementTree.fromstring(symbol(path, "icon-bar").replace("<symbol ", f'<symbol xmlns="{SVG_NS}" ', 1))
    assert element.tag == f"{SVG}symbol"
    assert element.get("id") == "icon-bar" and element.get("viewBox") == "0 0 10 20"
    (rect,) = element
    assert rect.tag == f"{SVG}rect" and rect.get("height") == "4"


def test_the_pdfs_drawing_has_the_icons_size(tmp_path):
    path = icon(tmp_path / "bar.svg", '<rect x="1" y="2" width="3" height="4"/>', 'width="10" height="20"')
    shape = drawing(path)
    # 10 x 20 CSS px, a px being 1/96 in = 0.75 pt: the PDF scales it by this shape into its box
    assert (shape.width, shape.height) == (7.5, 15.0)
    assert drawing(path) is shape  # read once


def test_an_edited_icon_is_read_again_once_forgotten(tmp_path):
    path = icon(tmp_path / "bar.svg", "<rect/>")
    assert inline(path)[0] == "0 0 10 20"
    icon(path, "<rect/>", 'viewBox="0 0 30 30"')
    assert inline(path)[0] == "0 0 10 20"  # read once per process
    forget_icons()
    assert inline(path)[0] == "0 0 30 30"
