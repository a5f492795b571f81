"""The SVG writer: a sheet in millimetres (width, height, viewBox), one Inkscape layer per
role in drawing order (art first, the halos under the lines, cut and crop last), each
primitive with the sheet's numbers, groups moved and clipped, text escaped, icons as
symbols (or inlined, for programs that do not resolve references), text always as the
outlines of its shaped glyphs (no <text>, no fonts named), numbers to the micron and strokes
never thinner than written. Parsed back with ElementTree; the outlines' extent checked against
HarfBuzz's shaping and fontTools' glyph boxes."""

from functools import cache
from xml.etree import ElementTree

import pytest
import uharfbuzz as hb
from fontTools.ttLib import TTFont
from PIL import Image as PilImage

from generator import shipped
from generator.layout.scene import OPTIONAL_ROLES, ROLES, Group, Icon, Image, Polyline, Rect, Style, line_style
from generator.layout.text import set_line
from generator.render.numbers import number
from generator.render.svg import render_svg, stroke_width, svg_file
from generator.sheets.model import Sheet
from generator.sources.art import read_art
from generator.sources.fonts import shipped_book
from generator.units import PT
from tests.pdf_geometry import svg_drawn_points

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
TEXT = "Fish & <Chips>"
TEXT_COLOUR = "#336699"


def sheet() -> Sheet:
    return Sheet(
        60,
        80,
        [
            Polyline(((10, 20), (40, 20)), line_style("cut")),  # listed before the art
            Rect(10, 20, 30, 40, Style(fill="#ff0000")),
            Group((Rect(0, 0, 50, 50, Style(fill="#0000ff")),), (1, 0, 0, 1, 45, 5), clip=(0, 0, 10, 10)),
            *set_line(12, 70, TEXT, "DejaVuSans-Bold", 5.0, colour=TEXT_COLOUR),
            # one word twice: the same outlines, each where its own line puts it
            *set_line(2, 50, "Cod", "DejaVuSans", 4.0),
            *set_line(20, 55, "Cod", "DejaVuSans", 4.0),
            Icon("star", 1, 2, 3, 4),
        ],
    )


def icons(name: str):
    return shipped.icons_dir() / f"{name}.svg" if name == "star" else None


def parsed(inline_refs: bool = False) -> ElementTree.Element:
    return ElementTree.fromstring(render_svg(sheet(), "Deck: sheet 1", icons, inline_refs))


def layers(root) -> dict[str, ElementTree.Element]:
    return {g.get(f"{INKSCAPE}label"): g for g in root if g.tag == f"{SVG}g"}


@cache
def ink_box(font: str, text: str, x: float, y: float, size: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm of the glyphs' boxes of `text` set on one line, its pen
    at x on the baseline y (y down): HarfBuzz's shaping of the font file, fontTools' glyph boxes."""
    path = shipped_book().face(font, None).path
    tables = TTFont(str(path))
    glyf, scale = tables["glyf"], size / tables["head"].unitsPerEm
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    hb.shape(hb.Font(hb.Face(hb.Blob(path.read_bytes()))), buffer, {})
    boxes, pen = [], x
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
        glyph = glyf[tables.getGlyphName(info.codepoint)]
        glyph.recalcBounds(glyf)
        if glyph.numberOfContours:  # a space has no box
            left, base = pen + pos.x_offset * scale, y - pos.y_offset * scale
            top, bottom = base - glyph.yMax * scale, base - glyph.yMin * scale
            boxes.append((left + glyph.xMin * scale, top, left + glyph.xMax * scale, bottom))
        pen += pos.x_advance * scale
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


def texts(
    root: ElementTree.Element, within: ElementTree.Element | None = None
) -> list[tuple[ElementTree.Element, list]]:
    """Every text of the sheet (of `within`, a part of it): the element named by what it reads
    (aria-label), and the points of its outlines in its parent's coordinates, read as a
    renderer would: its own path data, or the paths its <use> elements place (x, y)."""
    defined = {element.get("id"): element for element in root.iter() if element.get("id")}
    found = []
    for element in (within if within is not None else root).iter():
        if element.get("aria-label") is None:
            continue
        drawn = svg_drawn_points(element, defined)
        found.append((element, drawn))
    return found


def bounds(found: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return min(xs), min(ys), max(xs), max(ys)


def test_the_sheet_is_in_millimetres_with_one_layer_per_role_in_order():
    root = parsed()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("60mm", "80mm", "0 0 60 80")
    assert root.find(f"{SVG}title").text == "Deck: sheet 1"
    # Art first, cut and crop last; the glue layer only on a sheet that glues something.
    assert list(layers(root)) == [role for role in ROLES if role not in OPTIONAL_ROLES]
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


def test_groups_are_moved_and_clipped_and_text_is_escaped_outlines_where_the_glyphs_go():
    root = parsed()
    art = layers(root)["art"]
    group = next(g for g in art.iter(f"{SVG}g") if g.get("clip-path"))
    assert group.get("transform") == "matrix(1 0 0 1 45 5)"
    clip_id = group.get("clip-path").removeprefix("url(#").removesuffix(")")
    clip = next(c for c in root.iter(f"{SVG}clipPath") if c.get("id") == clip_id)[0]
    assert [clip.get(k) for k in ("x", "y", "width", "height")] == ["0", "0", "10", "10"]
    # each text is drawn as its glyphs' outlines, in its colour, named by what it reads
    assert list(root.iter(f"{SVG}text")) == [] and list(root.iter(f"{SVG}tspan")) == []
    found = texts(root, art)
    assert [element.get("aria-label") for element, _ in found] == [TEXT, "Cod", "Cod"]
    assert [element.get("fill") for element, _ in found] == [TEXT_COLOUR, "#000000", "#000000"]
    # where the font file's shaped glyphs land: pen at 12 mm on the 70 mm baseline, 5 mm type
    assert bounds(found[0][1]) == pytest.approx(ink_box("DejaVuSans-Bold", TEXT, 12, 70, 5.0), abs=2e-3)
    # a word set twice is drawn with the same outlines, each at its own line's place
    first, second = found[1][1], found[2][1]
    assert bounds(first) == pytest.approx(ink_box("DejaVuSans", "Cod", 2, 50, 4.0), abs=2e-3)
    assert second == [pytest.approx((x + 18, y + 5), abs=2e-3) for x, y in first]
    # no text is in any other layer, and no fonts are named anywhere: any program shows the same glyphs
    assert all(not texts(root, layer) for role, layer in layers(root).items() if role != "art")
    text = render_svg(sheet(), "Deck: sheet 1", icons)
    assert "font-family" not in text and "font-weight" not in text and "@font-face" not in text


def test_icons_are_symbols_used_by_reference_or_inlined_and_text_is_outlines_either_way():
    root = parsed()
    symbol = next(root.iter(f"{SVG}symbol"))
    assert symbol.get("id") == "icon-star" and symbol.get("viewBox") == "0 0 100 100"
    use = next(u for u in layers(root)["art"].iter(f"{SVG}use") if u.get("href") == "#icon-star")
    assert [use.get(k) for k in ("x", "y", "width", "height")] == ["1", "2", "3", "4"]

    outlined = parsed(inline_refs=True)
    # nothing is referenced: no symbols, no <use>, no text; each text one path of its own outlines
    assert list(outlined.iter(f"{SVG}symbol")) == [] and list(outlined.iter(f"{SVG}use")) == []
    assert list(outlined.iter(f"{SVG}text")) == []
    art = layers(outlined)["art"]
    inline = texts(outlined, art)
    assert [element.tag for element, _ in inline] == [f"{SVG}path"] * 3
    assert [element.get("aria-label") for element, _ in inline] == [TEXT, "Cod", "Cod"]
    # the same outlines as the sheet that references them
    for (_, drawn), (_, referenced) in zip(inline, texts(root, layers(root)["art"]), strict=True):
        assert len(drawn) == len(referenced) and bounds(drawn) == pytest.approx(bounds(referenced), abs=2e-3)
        assert all(any(abs(x - u) + abs(y - v) < 3e-3 for u, v in referenced) for x, y in drawn)
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


@pytest.mark.parametrize("inline_refs", [False, True], ids=["referenced", "inlined"])
def test_an_svg_file_is_its_text_in_utf8_art_and_all(tmp_path, inline_refs):
    """Written piece by piece, the file is the sheet's text, encoded: with a picture (most of
    a sheet's bytes), an icon, and a heading and text that are not ASCII."""
    picture = tmp_path / "pic.png"
    PilImage.effect_noise((60, 40), 30).convert("RGB").save(picture)
    found = read_art(picture)
    drawn = [
        *sheet().items,
        Image(str(picture), found.digest, False, 5, 5, 30, 20),
        *set_line(2, 75, "Café", "DejaVuSans", 4.0),
    ]
    pictured = Sheet(60, 80, drawn)
    data = svg_file(pictured, "Deck · sheet 1", icons, inline_refs)
    text = render_svg(pictured, "Deck · sheet 1", icons, inline_refs)
    assert data == text.encode("utf-8") and not text.isascii()
    assert ElementTree.fromstring(data).find(f".//{SVG}image") is not None


def test_nested_groups_close_in_order_and_each_shape_says_its_own_fill_stroke_and_dash():
    dashed = Style(fill="#00ff00", stroke="#112233", stroke_width=0.3, dash=(1.5, 0.5))
    unstroked = Style(fill="#0000ff", stroke="#112233", stroke_width=0.0)
    inner = Group((Rect(1, 1, 2, 2, dashed),), (1, 0, 0, 1, 3, 4))
    outer = Group((inner, Rect(5, 5, 1, 1, unstroked)), (1, 0, 0, 1, 10, 10))
    drawn = Sheet(40, 40, [outer, Rect(20, 20, 3, 3, dashed)])
    art = layers(ElementTree.fromstring(render_svg(drawn, "Nested", icons)))["art"]
    (outer_g, after) = list(art)
    assert (outer_g.tag, outer_g.get("transform"), after.tag) == (f"{SVG}g", "matrix(1 0 0 1 10 10)", f"{SVG}rect")
    (inner_g, unstroked_rect) = list(outer_g)
    assert inner_g.get("transform") == "matrix(1 0 0 1 3 4)"
    (dashed_rect,) = list(inner_g)
    assert {k: dashed_rect.get(k) for k in ("fill", "stroke", "stroke-width", "stroke-dasharray")} == {
        "fill": "#00ff00",
        "stroke": "#112233",
        "stroke-width": "0.3",
        "stroke-dasharray": "1.5 0.5",
    }
    assert after.get("stroke-dasharray") == "1.5 0.5"
    # a stroke of no width is no stroke at all
    assert unstroked_rect.get("fill") == "#0000ff" and unstroked_rect.get("stroke") is None
