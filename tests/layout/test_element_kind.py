"""Kinds drawn from their layout's elements: a face is its background (into the bleed, its
colour possibly from the item) under the elements, filled from the item's fields and those
the kind derives; `back_elements` make a back; a `computed` element is drawn by the kind,
and a kind that computes nothing refuses it at the element's place. Layouts are YAML
written here."""

from pathlib import Path

import pytest

from generator.layout.context import LayoutContext
from generator.layout.element_kind import ElementKind, element_face
from generator.layout.scene import Circle, Rect, Style, Text
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap
from generator.sources.game import Game
from generator.sources.layouts import load_layout

LAYOUT = """\
size: {width: 40mm, height: 30mm}
bleed: 2mm
background: {field: colour}
elements:
  price: {type: text, template: "{price} gold", x: 2mm, y: 2mm, width: 36mm, height: 8mm}
  dot: {type: computed, draw: dot, x: 10mm, y: 15mm, width: 10mm, height: 10mm}
back_background: "#222222"
back_elements:
  name: {type: text, field: name, x: 2mm, y: 2mm, width: 36mm, height: 8mm}
"""


class Treasure(ElementKind):
    """Shows its price in gold (derived from `value` in coppers) and computes a dot."""

    name = "treasure"

    def fields(self, item, layout, ctx):
        return item.with_values(price=item["value"] // 100)

    def computed(self, element, item, layout, ctx):
        x, y, w, h = element.box
        return [Circle(x + w / 2, y + h / 2, w / 2, Style(fill="#000000"))]


def layout(tmp_path: Path, text: str = LAYOUT):
    (tmp_path / "treasure.yaml").write_text(text)
    return load_layout("treasure", [tmp_path])


def ctx() -> LayoutContext:
    return LayoutContext(Game(Path("."), "T", "none", LocMap()))


def test_the_face_is_its_background_into_the_bleed_then_the_elements(tmp_path):
    faces = Treasure().draw(LocMap({"name": "Ruby", "value": 500, "colour": "gold"}), layout(tmp_path), ctx())
    front = faces.front
    background, *rest = front.items
    # 40 x 30 mm with 2 mm bleed: the background runs 2 mm past every edge; "gold" is #ffd700
    assert background == Rect(-2, -2, 44, 34, Style(fill="#ffd700"))
    assert [i.text for i in rest if isinstance(i, Text)] == ["5 gold"]  # 500 coppers, derived
    assert [i for i in rest if isinstance(i, Circle)] == [Circle(15, 20, 5, Style(fill="#000000"))]
    assert front.name == "Ruby" and (front.width, front.height, front.bleed) == (40, 30, 2)
    assert faces.back is not None and faces.back.name == "Ruby"
    assert faces.back.items[0] == Rect(-2, -2, 44, 34, Style(fill="#222222"))
    assert [i.text for i in faces.back.items if isinstance(i, Text)] == ["Ruby"]


def test_no_background_colour_draws_no_background(tmp_path):
    drawn = layout(tmp_path)
    scene = element_face(drawn, drawn.back_elements, None, LocMap({"name": "Opal"}), ctx(), "Opal")
    assert not any(isinstance(i, Rect) for i in scene.items)
    assert [i.text for i in scene.items if isinstance(i, Text)] == ["Opal"]


def test_a_kind_that_computes_nothing_refuses_a_computed_element(tmp_path):
    class Plain(ElementKind):
        name = "plain"

    with pytest.raises(SourceError, match="a plain computes no 'dot'") as raised:
        Plain().draw(LocMap({"name": "Ruby", "price": 1, "colour": "#ffffff"}), layout(tmp_path), ctx())
    assert raised.value.loc.line == 6  # the `dot` element's line
