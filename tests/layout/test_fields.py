"""Which item fields a layout's elements read (generator/layout/fields.py): what a text or
image shows, a template's placeholders, a condition's names, colours and shapes taken from
fields, and a repeat's list and what its own elements read."""

from generator import shipped
from generator.layout import fields
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


def test_each_layout_is_answered_for_itself_and_the_answers_kept_stay_bounded(tmp_path, monkeypatch):
    """The answers are kept by layout: a layout read again after an edit (another object,
    other elements) is answered afresh, and the kept answers never outgrow READ_KEPT."""
    (tmp_path / "fields.yaml").write_text(LAYOUT)
    first = load_layout("fields", [tmp_path, shipped.layouts_dir()])
    assert "label" in layout_fields(first)
    (tmp_path / "fields.yaml").write_text(LAYOUT.replace("field: label", "field: caption"))
    edited = load_layout("fields", [tmp_path, shipped.layouts_dir()])
    assert edited is not first
    assert "caption" in layout_fields(edited) and "label" not in layout_fields(edited)
    assert "label" in layout_fields(first)
    monkeypatch.setattr(fields, "READ_KEPT", 3)
    monkeypatch.setattr(fields, "_READ", {})
    layouts = [load_layout("fields", [tmp_path, shipped.layouts_dir()]) for _ in range(7)]
    assert len({id(layout) for layout in layouts}) == 7
    for layout in layouts:
        assert layout_fields(layout) == layout_fields(edited)
        assert len(fields._READ) <= 3
