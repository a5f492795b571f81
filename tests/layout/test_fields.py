"""Which item fields a layout's elements read (generator/layout/fields.py): what a text or
image shows, a template's placeholders, a condition's names, colours and shapes taken from
fields, and a repeat's list and what its own elements read."""

from generator import shipped
from generator.layout.fields import layout_fields, shown_field
from generator.sources.layouts import load_layout

LAYOUT = """\
size: {width: 60mm, height: 90mm}
elements:
  title: {type: text, field: title, x: 0mm, y: 0mm, width: 60mm, height: 10mm}
  line: {type: text, template: "{game} · {index:,}", x: 0mm, y: 80mm, width: 60mm, height: 5mm}
  band: {type: rect, when: kind == 'trap' and rule, x: 0mm, y: 0mm, width: 60mm, height: 5mm, fill: {field: colour}}
  mark: {type: shape, shape: {field: shape}, x: 0mm, y: 20mm, width: 5mm, height: 5mm}
  rents:
    type: repeat
    field: rents
    x: 0mm
    y: 30mm
    step_y: 4mm
    elements:
      label: {type: text, field: label, x: 0mm, y: 0mm, width: 30mm, height: 4mm}
  note: {type: text, text: "Literal {words} print as written", x: 0mm, y: 60mm, width: 60mm, height: 5mm}
"""


def test_a_layout_reads_what_it_shows_names_colours_and_repeats(tmp_path):
    (tmp_path / "fields.yaml").write_text(LAYOUT)
    layout = load_layout("fields", [tmp_path, shipped.layouts_dir()])
    read = layout_fields(layout)
    assert read == {"title", "game", "index", "kind", "rule", "colour", "shape", "rents", "label"}
    by_name = {element.name: element for element in layout.elements}
    shown = shown_field(by_name["title"])
    assert shown is not None and shown[0] == "title" and shown[1].line == 3
    assert shown_field(by_name["line"]) is None  # a template shows no one field
