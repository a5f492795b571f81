from pathlib import Path

import pytest

from generator.layout.card import field_findings
from generator.sources import SourceError
from generator.sources.layout_model import RepeatElement, TextElement
from generator.sources.layouts import FONT_SPEC, load_layout
from generator.sources.loader import load_yaml
from generator.sources.schema import COLOUR, LENGTH, closed
from generator.units import PT


def write(folder, name, text):
    (folder / f"{name}.yaml").write_text(text)


def test_extends_merges_key_by_key_child_winning(tmp_path):
    write(
        tmp_path,
        "card",
        "size: {width: 63mm, height: 88mm}\nbleed: 3mm\n"
        "elements:\n  title: {type: text, x: 3mm, y: 3mm, width: 50mm, height: 8mm, field: title}\n",
    )
    write(tmp_path, "big-card", "extends: card\nsize: {height: 120mm}\nelements:\n  title: {size: 14pt}\n")
    layout = load_layout("big-card", [tmp_path])
    assert (layout.width, layout.height, layout.bleed) == (63.0, 120.0, 3.0)
    (title,) = layout.elements
    assert isinstance(title, TextElement)
    assert title.size == pytest.approx(14 * 25.4 / 72)
    assert (title.shown.how, title.shown.value) == ("field", "title")
    assert (title.x, title.y, title.width, title.height) == (3.0, 3.0, 50.0, 8.0)
    # Each value keeps its place: the title's box from the parent, its size from the child.
    assert (Path(title.loc.file).name, title.loc.line) == ("big-card.yaml", 4)
    assert (Path(title.shown.loc.file).name, title.shown.loc.line) == ("card.yaml", 4)


def test_params_are_frozen_with_their_lengths_in_mm_and_their_places(tmp_path):
    schema = closed({"border": LENGTH, "ink": COLOUR, "label": FONT_SPEC}, ["border", "ink", "label"])
    write(
        tmp_path,
        "board",
        "size: {width: 63mm, height: 88mm}\nparams:\n  border: 0.5in\n  ink: '#102030'\n"
        "  label: {font: DejaVuSans, size: 9pt}\n",
    )
    write(tmp_path, "big-board", "extends: board\nparams:\n  label: {min_size: 6pt}\n")
    params = load_layout("big-board", [tmp_path], params_schema=schema).params
    assert params["border"] == pytest.approx(12.7)
    assert params["label"]["size"] == pytest.approx(9 * PT)
    assert params["label"]["min_size"] == pytest.approx(6 * PT)
    assert (params["ink"], params["label"]["font"]) == ("#102030", "DejaVuSans")
    assert all(type(v) is float for v in (params["border"], params["label"]["size"], params["label"]["min_size"]))
    with pytest.raises(TypeError):
        params["border"] = 1.0  # type: ignore[index]
    with pytest.raises(TypeError):
        params["label"]["size"] = 1.0
    # Each value keeps where it was written: the border in the parent, min_size in the child.
    assert (Path(params.loc_of("border").file).name, params.loc_of("border").line) == ("board.yaml", 3)
    label = params["label"]
    assert (Path(label.loc_of("size").file).name, label.loc_of("size").line) == ("board.yaml", 5)
    assert (Path(label.loc_of("min_size").file).name, label.loc_of("min_size").line) == ("big-board.yaml", 3)


def test_extends_cycles_are_errors_naming_the_cycle(tmp_path):
    write(tmp_path, "a", "extends: b\nsize: {width: 1mm, height: 1mm}\n")
    write(tmp_path, "b", "extends: c\nsize: {width: 1mm, height: 1mm}\n")
    write(tmp_path, "c", "extends: a\nsize: {width: 1mm, height: 1mm}\n")
    with pytest.raises(SourceError, match="cycle: a -> b -> c -> a") as caught:
        load_layout("a", [tmp_path])
    assert caught.value.loc.line == 1


def test_unknown_parent_and_unknown_keys(tmp_path):
    write(tmp_path, "a", "extends: nowhere\nsize: {width: 1mm, height: 1mm}\n")
    with pytest.raises(SourceError, match="no layout named 'nowhere'"):
        load_layout("a", [tmp_path])
    write(tmp_path, "b", "size: {width: 1mm, height: 1mm}\nbleeed: 3mm\n")
    with pytest.raises(SourceError, match="unknown key 'bleeed'") as caught:
        load_layout("b", [tmp_path])
    assert (caught.value.loc.line, caught.value.loc.column) == (2, 1)


def test_layout_lengths_need_units(tmp_path):
    write(tmp_path, "a", "size: {width: 63, height: 88mm}\n")
    with pytest.raises(SourceError, match="has no unit") as caught:
        load_layout("a", [tmp_path])
    assert (caught.value.loc.line, caught.value.loc.column) == (1, 15)


def test_a_layout_extending_its_own_name_extends_the_one_further_down(tmp_path):
    shipped, own = tmp_path / "shipped", tmp_path / "game-layouts"
    shipped.mkdir()
    own.mkdir()
    write(shipped, "card", "size: {width: 63mm, height: 88mm}\nbleed: 3mm\n")
    write(own, "card", "extends: card\nbleed: 0mm\n")
    layout = load_layout("card", [own, shipped])
    assert layout.width == 63.0 and layout.bleed == 0.0
    write(shipped, "card", "extends: card\nsize: {width: 1mm, height: 1mm}\n")
    with pytest.raises(SourceError, match="no layout named 'card'"):
        load_layout("card", [own, shipped])


@pytest.mark.parametrize(
    ("element", "message", "line"),
    [
        ("{type: repeat, x: 1mm, elements: {a: {type: rect}}}", "repeat element 'e' needs a 'field'", 3),
        ("{type: rect, field: rents, step_y: 2mm}", "'step_y' belongs to repeat elements", 3),
        ("{type: shape, x: 1mm}", "shape element 'e' needs 'shape:'", 3),
        ("{type: rect, draw: maze}", "'draw' belongs to computed elements", 3),
        ("{type: rect, bullet: '- '}", "'bullet' belongs to text elements", 3),
        (
            "\n    type: repeat\n    field: rents\n    elements:\n      a: {type: text, x: 1mm}",
            "text element 'a' needs",
            7,
        ),
    ],
)
def test_new_element_keys_are_checked_at_their_line(tmp_path, element, message, line):
    write(tmp_path, "a", f"size: {{width: 63mm, height: 88mm}}\nelements:\n  e: {element}\n")
    with pytest.raises(SourceError, match=message) as caught:
        load_layout("a", [tmp_path])
    assert caught.value.loc.line == line


def test_a_repeat_is_typed_with_its_elements_in_mm(tmp_path):
    write(
        tmp_path,
        "a",
        "size: {width: 63mm, height: 88mm}\nelements:\n  rows:\n    type: repeat\n    field: rents\n"
        "    step_y: 12pt\n    elements:\n      label: {type: text, field: label, width: 1in}\n",
    )
    (rows,) = load_layout("a", [tmp_path]).elements
    assert isinstance(rows, RepeatElement)
    assert (rows.field, rows.step_x, rows.step_y) == ("rents", 0.0, pytest.approx(12 * 25.4 / 72))
    (label,) = rows.elements
    assert isinstance(label, TextElement) and label.width == pytest.approx(25.4)


def test_a_card_reads_the_fields_its_repeats_and_shapes_name(tmp_path):
    """The generic card's L006 (a key no element reads) knows a repeat reads its list and
    its elements' fields, and a shape its `{field: ...}`: only the stray key is reported."""
    write(
        tmp_path,
        "a",
        "size: {width: 63mm, height: 88mm}\nelements:\n"
        "  rows: {type: repeat, field: lines, step_y: 5mm,\n"
        "         elements: {t: {type: text, field: value, colour: {field: ink}}}}\n"
        "  mark: {type: shape, shape: {field: mark}, width: 5mm, height: 5mm}\n",
    )
    (tmp_path / "items.yaml").write_text("- {title: A, lines: [x, y], ink: red, mark: star, stray: 1}\n")
    items = load_yaml(tmp_path / "items.yaml")
    findings = field_findings(list(items), load_layout("a", [tmp_path]))
    assert [(f.code, f.message.split(" ")[0]) for f in findings] == [("L006", "'title'"), ("L006", "'stray'")]
