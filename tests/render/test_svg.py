"""The SVG writer: a sheet in millimetres (width, height, viewBox), one Inkscape layer per
role in drawing order (art first, the halos under the lines, cut and crop last), each
primitive with the sheet's numbers, groups moved and clipped, text escaped, icons as
symbols (or inlined, with text as outlines, for programs without fonts), numbers to the
micron and strokes never thinner than written. Parsed back with ElementTree."""

from xml.etree import ElementTree

import pytest

from generator import shipped
from generator.layout.scene import ROLES, Group, Icon, Polyline, Rect, Style, Text, line_style
from generator.render.svg import number, render_svg, stroke_width
from generator.sheets.model import Sheet
from generator.units import PT

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"


def sheet() -> Sheet:
    return Sheet(
        60,
        80,
        [
            Polyline(((10, 20), (40, 20)), line_style("cut")),  # listed before the art
            Rect(10, 20, 30, 40, Style(fill="#ff0000")),
            Group((Rect(0, 0, 50, 50, Style(fill="#0000ff")),), (1, 0, 0, 1, 45, 5), clip=(0, 0, 10, 10)),
            Text(12, 70, "Fish & <Chips>", "DejaVuSans-Bold", 5.0),
            Icon("star", 1, 2, 3, 4),
        ],
    )


def icons(name: str):
    return shipped.icons_dir() / f"{name}.svg" if name == "star" else None


def parsed(outline_text: bool = False) -> ElementTree.Element:
    return ElementTree.fromstring(render_svg(sheet(), "Deck: sheet 1", icons, outline_text))


def layers(root) -> dict[str, ElementTree.Element]:
    return {g.get(f"{INKSCAPE}label"): g for g in root if g.tag == f"{SVG}g"}


def test_the_sheet_is_in_millimetres_with_one_layer_per_role_in_order():
    root = parsed()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("60mm", "80mm", "0 0 60 80")
    assert root.find(f"{SVG}title").text == "Deck: sheet 1"
    assert list(layers(root)) == list(ROLES)  # art first, cut and crop last
    assert all(g.get(f"{INKSCAPE}groupmode") == "layer" for g in layers(root).values())


def test_each_primitive_lands_in_its_roles_layer_with_the_sheets_numbers():
    found = layers(parsed())
    rect = found["art"].find(f"{SVG}rect")
    assert {k: rect.get(k) for k in ("x", "y", "width", "height", "fill")} == {
        "x": "10",
        "y": "20",
        "width": "30",
        "height": "40",
        "fill": "#ff0000",
    }
    (cut,) = found["cut"]
    assert cut.tag == f"{SVG}polyline" and cut.get("points") == "10,20 40,20"
    assert cut.get("stroke") == "#000000" and cut.get("stroke-width") == "0.142"  # 0.4 pt, rounded up
    (halo,) = found["halo"]
    assert halo.get("points") == "10,20 40,20" and halo.get("stroke") == "#ffffff"
    assert float(halo.get("stroke-width")) == pytest.approx(1.3 * PT, abs=0.001)  # 0.45 pt each side
    assert all(len(found[role]) == 0 for role in ("guide", "score", "slit", "crop"))


def test_groups_are_moved_and_clipped_and_text_is_escaped_and_named_by_family():
    root = parsed()
    art = layers(root)["art"]
    group = art.find(f"{SVG}g")
    assert group.get("transform") == "matrix(1 0 0 1 45 5)"
    clip_id = group.get("clip-path").removeprefix("url(#").removesuffix(")")
    clip = next(c for c in root.iter(f"{SVG}clipPath") if c.get("id") == clip_id)[0]
    assert [clip.get(k) for k in ("x", "y", "width", "height")] == ["0", "0", "10", "10"]
    text = art.find(f"{SVG}text")
    assert text.text == "Fish & <Chips>"
    assert (text.get("x"), text.get("y"), text.get("font-size")) == ("12", "70", "5")
    assert (text.get("font-family"), text.get("font-weight")) == ("DejaVu Sans", "bold")


def test_icons_are_symbols_used_by_reference_or_inlined_with_outlined_text():
    root = parsed()
    symbol = next(root.iter(f"{SVG}symbol"))
    assert symbol.get("id") == "icon-star" and symbol.get("viewBox") == "0 0 100 100"
    use = layers(root)["art"].find(f"{SVG}use")
    assert use.get("href") == "#icon-star"
    assert [use.get(k) for k in ("x", "y", "width", "height")] == ["1", "2", "3", "4"]

    outlined = parsed(outline_text=True)
    assert list(outlined.iter(f"{SVG}symbol")) == [] and list(outlined.iter(f"{SVG}text")) == []
    art = layers(outlined)["art"]
    path = next(p for p in art.iter(f"{SVG}path") if p.get("aria-label"))
    assert path.get("aria-label") == "Fish & <Chips>" and path.get("d").startswith("M")
    nested = art.find(f"{SVG}svg")
    assert nested.get("viewBox") == "0 0 100 100" and nested.get("width") == "3"


def test_numbers_to_the_micron_and_strokes_rounded_up():
    assert number(1.23456) == "1.235"
    assert number(2.0) == "2"
    assert number(0.1 + 0.2) == "0.3"
    assert number(-0.0004) == "0"  # never "-0"
    assert number(-12.5) == "-12.5"
    assert stroke_width(0.25 * PT) == "0.089"  # 0.0882 mm: rounded up, never thinner
    assert stroke_width(0.1) == "0.1"


def test_the_same_sheet_gives_the_same_text():
    assert render_svg(sheet(), "t", icons) == render_svg(sheet(), "t", icons)
