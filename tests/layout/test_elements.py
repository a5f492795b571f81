"""Layout elements filled from an item's fields: `when` conditions, `z` order, lines and
rects with their roles and the thinnest stroke, colours from fields (a bad one is L005 at the
field), templates (a missing field is L004), literal text keeping a placeholder it cannot
fill, list fields as bulleted paragraphs, repeats stepped per entry, shapes, and characters a
font lacks (L011). Each layout is YAML written here and each expectation worked out from it."""

from pathlib import Path

import pytest

from generator.findings import Severity
from generator.layout.context import LayoutContext
from generator.layout.elements import colour_of, draw_elements, with_fields
from generator.layout.images import Card
from generator.layout.scene import MIN_STROKE, Circle, Polyline, Rect, Style, Text, line_style
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap, frozen
from generator.sources.game import Game
from generator.sources.layout_model import FromField
from generator.sources.layouts import load_layout
from generator.sources.loader import load_yaml
from generator.units import PT


def elements(tmp_path: Path, text: str):
    (tmp_path / "test.yaml").write_text("size: {width: 50mm, height: 70mm}\nelements:\n" + text)
    return load_layout("test", [tmp_path]).elements


def item(tmp_path: Path, text: str) -> LocMap:
    """One item as the loader reads it, with its places."""
    (tmp_path / "item.yaml").write_text(text)
    return frozen(load_yaml(tmp_path / "item.yaml"))


def drawn(tmp_path: Path, layout: str, fields: str):
    ctx = LayoutContext(Game(tmp_path, "T", "none", LocMap()))
    out = draw_elements(elements(tmp_path, layout), item(tmp_path, fields), ctx, "Card", Card(50, 70, 0))
    return out, ctx.findings


def texts(items) -> list[str]:
    return [i.text for i in items if isinstance(i, Text)]


def test_when_draws_an_element_only_when_its_condition_holds(tmp_path):
    layout = (
        "  rare: {type: rect, x: 0mm, y: 0mm, width: 5mm, height: 5mm, fill: '#ff0000', when: \"rarity == 'rare'\"}\n"
        "  cheap: {type: rect, x: 5mm, y: 0mm, width: 5mm, height: 5mm, fill: '#00ff00', when: 'cost < 3'}\n"
        "  plain: {type: rect, x: 9mm, y: 0mm, width: 5mm, height: 5mm, fill: '#0000ff', when: 'not flavour'}\n"
    )
    out, _ = drawn(tmp_path, layout, "{rarity: rare, cost: 5}\n")
    assert [r.style.fill for r in out] == ["#ff0000", "#0000ff"]  # cost 5 is not < 3; no flavour


def test_z_moves_an_element_below_or_above_the_rest_in_written_order_otherwise(tmp_path):
    layout = (
        "  a: {type: rect, x: 0mm, y: 0mm, width: 1mm, height: 1mm, fill: '#000001'}\n"
        "  b: {type: rect, x: 0mm, y: 0mm, width: 1mm, height: 1mm, fill: '#000002', z: 1}\n"
        "  c: {type: rect, x: 0mm, y: 0mm, width: 1mm, height: 1mm, fill: '#000003'}\n"
        "  d: {type: rect, x: 0mm, y: 0mm, width: 1mm, height: 1mm, fill: '#000004', z: -1}\n"
    )
    out, _ = drawn(tmp_path, layout, "{}\n")
    assert [r.style.fill for r in out] == ["#000004", "#000001", "#000003", "#000002"]


def test_lines_run_corner_to_corner_and_roles_and_thin_strokes_get_their_look(tmp_path):
    layout = (
        "  rule: {type: line, x: 4mm, y: 10mm, width: 30mm, height: 0mm}\n"
        "  fold: {type: line, x: 25mm, y: 0mm, width: 0mm, height: 70mm, role: score}\n"
        "  hair: {type: rect, x: 1mm, y: 1mm, width: 2mm, height: 2mm, stroke: '#123456', stroke_width: 0.1pt}\n"
        "  box: {type: rect, x: 1mm, y: 2mm, width: 3mm, height: 4mm, fill: '#abcdef', radius: 1mm}\n"
    )
    rule, fold, hair, box = drawn(tmp_path, layout, "{}\n")[0]
    assert rule == Polyline(((4, 10), (34, 10)), Style(stroke="#000000", stroke_width=0.5 * PT))
    assert fold == Polyline(((25, 0), (25, 70)), line_style("score"))
    assert hair.style.stroke_width == MIN_STROKE == pytest.approx(0.25 * 25.4 / 72)  # 0.1pt raised
    assert box == Rect(1, 2, 3, 4, Style(fill="#abcdef"), radius=1.0)  # no stroke: width 0


def test_colours_from_fields_hex_or_css_names_and_a_bad_one_is_l005_at_the_field(tmp_path):
    layout = (
        "  a: {type: rect, x: 0mm, y: 0mm, width: 1mm, height: 1mm, fill: {field: one}}\n"
        "  b: {type: rect, x: 0mm, y: 0mm, width: 1mm, height: 1mm, fill: {field: two}}\n"
        "  c: {type: rect, x: 0mm, y: 0mm, width: 1mm, height: 1mm, fill: {field: three}, stroke: '#000000'}\n"
    )
    out, findings = drawn(tmp_path, layout, "one: '#AABBCC'\ntwo: DarkRed\nthree: blurple\n")
    assert [r.style.fill for r in out] == ["#aabbcc", "#8b0000", None]  # darkred is #8b0000 in CSS
    (finding,) = findings
    assert (finding.code, finding.severity, finding.loc.line) == ("L005", Severity.ERROR, 3)
    assert "'blurple'" in finding.message


def test_colour_of_gives_the_default_when_the_item_lacks_the_field(tmp_path):
    ctx = LayoutContext(Game(tmp_path, "T", "none", LocMap()))
    assert colour_of(FromField("ink"), LocMap(), ctx, "Card", "ink", "#000000") == "#000000"
    assert colour_of("#123456", LocMap(), ctx, "Card", "ink") == "#123456"
    assert colour_of(None, LocMap(), ctx, "Card", "ink", "#ffffff") == "#ffffff"
    assert ctx.findings == []


def test_templates_need_every_field_literal_text_keeps_what_it_cannot_fill(tmp_path):
    layout = (
        "  cost: {type: text, template: '{cost} gold', x: 0mm, y: 0mm, width: 50mm, height: 8mm}\n"
        "  note: {type: text, text: 'Pay {cost} to {whom}', x: 0mm, y: 10mm, width: 50mm, height: 8mm}\n"
    )
    out, findings = drawn(tmp_path, layout, "{cost: 3}\n")
    assert texts(out) == ["3 gold", "Pay 3 to {whom}"]
    assert findings == []
    out, findings = drawn(tmp_path, layout, "{name: x}\n")
    assert texts(out) == ["Pay {cost} to {whom}"]  # the template draws nothing without its field
    (finding,) = findings
    assert finding.code == "L004" and "'cost'" in finding.message


def test_a_placeholder_of_a_list_is_an_error_at_the_items_field(tmp_path):
    layout = "  note: {type: text, text: 'Costs {cost}', x: 0mm, y: 0mm, width: 50mm, height: 8mm}\n"
    with pytest.raises(SourceError, match="is a list") as raised:
        drawn(tmp_path, layout, "name: x\ncost: [1, 2]\n")
    assert raised.value.loc.line == 2


def test_a_list_field_is_one_bulleted_paragraph_per_entry(tmp_path):
    layout = "  rules: {type: text, field: rules, bullet: '- ', x: 0mm, y: 0mm, width: 50mm, height: 30mm}\n"
    out, _ = drawn(tmp_path, layout, "rules: [Draw, Discard]\n")
    assert texts(out) == ["- Draw", "- Discard"]
    first, second = (i for i in out if isinstance(i, Text))
    assert second.y > first.y  # the second paragraph below the first


def test_a_repeat_draws_its_elements_per_entry_stepped_and_numbered(tmp_path):
    layout = (
        "  pips: {type: repeat, field: pips, x: 5mm, y: 20mm, step_x: 10mm,\n"
        "         elements: {pip: {type: text, template: '{number}:{value}', x: 1mm, y: 2mm,\n"
        "                          width: 9mm, height: 5mm}}}\n"
    )
    out, findings = drawn(tmp_path, layout, "pips: [a, b, c]\n")
    assert texts(out) == ["1:a", "2:b", "3:c"]
    # the three entries start at the repeat's x + the element's x + k * step_x
    assert [i.x for i in out] == pytest.approx([6.0, 16.0, 26.0])
    assert findings == []


def test_shapes_are_centred_in_their_box_and_an_unknown_shape_is_an_error(tmp_path):
    layout = (
        "  mark: {type: shape, shape: {field: mark}, x: 10mm, y: 20mm, width: 20mm, height: 10mm, fill: '#000000'}\n"
    )
    (circle,), _ = drawn(tmp_path, layout, "mark: circle\n")
    assert isinstance(circle, Circle) and (circle.cx, circle.cy) == (20, 25)  # the box's centre
    assert circle.r == pytest.approx(10 / 2 * 0.92)  # sized by the shorter side
    assert drawn(tmp_path, layout, "other: 1\n")[0] == []  # no field: no shape
    with pytest.raises(SourceError, match="unknown shape 'blob'"):
        drawn(tmp_path, layout, "mark: blob\n")


def test_a_character_the_font_lacks_is_an_l011_warning_where_it_was_written(tmp_path):
    layout = "  title: {type: text, field: title, x: 0mm, y: 0mm, width: 50mm, height: 8mm}\n"
    out, findings = drawn(tmp_path, layout, "title: \u6f22\u5b57\n")  # CJK: not in DejaVuSans
    # one warning per character, at its own column of "title: 漢字" (the text starts at column 8)
    assert [(f.code, f.severity, f.loc.line, f.loc.column) for f in findings] == [
        ("L011", Severity.WARNING, 1, 8),
        ("L011", Severity.WARNING, 1, 9),
    ]
    assert "U+6F22" in findings[0].message and "U+5B57" in findings[1].message
    assert texts(out) == ["\u6f22\u5b57"]  # still drawn: a warning, which --strict makes an error


def test_with_fields_adds_fields_pointing_at_their_places(tmp_path):
    base = item(tmp_path, "name: x\n")
    more = with_fields(base, {"price": base.loc_of("name")}, price=3, extra=1)
    assert dict(more) == {"name": "x", "price": 3, "extra": 1}
    assert more.loc_of("price") == base.loc_of("name")
    assert more.loc_of("extra") == base.loc  # no place of its own: the item's
    assert dict(base) == {"name": "x"}  # the item itself is unchanged
