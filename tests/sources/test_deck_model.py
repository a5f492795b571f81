"""The read game: frozen all the way down, every value at its place, each item validated once."""

import textwrap
from pathlib import Path

import pytest

from generator.games import engines, game_kinds, load_game
from generator.located import Loc
from generator.pipeline.parts import lay_out, print_context
from generator.sheets.options import PrintOptions
from generator.sources import schema
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap, LocSeq
from generator.sources.loader import load_yaml
from generator.units import parse_length

ROOT = Path(__file__).resolve().parents[2]

STRIPS = """\
kind: strip
items:
  - title: Life of Pain
    count: 2
    steps:
      - {step: 0, text: Lose a coin.}
      - {step: 1, text: Win a coin.}
"""


def mini(tmp_path: Path, strips: str = STRIPS) -> Path:
    """A one-file Slipmax game folder."""
    folder = tmp_path / "mini"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: Mini\nengine: slipmax\ncomponents: [strips.yaml]\n")
    (folder / "strips.yaml").write_text(strips)
    return folder


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    """Paths show relative to tmp_path."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def game(tmp_path):
    return load_game(mini(tmp_path))


def test_the_game_its_files_and_components_refuse_assignment(game):
    (strips,) = game.files
    (component,) = strips.components
    with pytest.raises(AttributeError):
        game.name = "Other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        strips.kind = "card"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        component.fields = LocMap()  # type: ignore[misc]
    assert isinstance(game.files, tuple) and isinstance(strips.components, tuple)


def test_fields_and_their_nested_lists_and_mappings_refuse_change(game):
    fields = game.files[0].components[0].fields
    with pytest.raises(TypeError):
        fields["title"] = "Other"  # type: ignore[index]
    with pytest.raises(AttributeError):
        fields["steps"].append({"step": 2})
    with pytest.raises(TypeError):
        fields["steps"][0]["text"] = "Other"
    with pytest.raises(AttributeError):
        fields["steps"].loc = Loc("x", 1, 1)
    assert isinstance(fields["steps"], LocSeq) and isinstance(fields["steps"][0], LocMap)


def test_a_derived_value_is_a_new_mapping_and_the_item_is_unchanged(game):
    fields = game.files[0].components[0].fields
    shown = fields.with_values({"number": fields.loc_of("count")}, number=7)
    assert shown["number"] == 7 and shown.loc_of("number") == fields.loc_of("count")
    assert "number" not in fields and shown["title"] == "Life of Pain"


def test_every_component_and_value_keeps_its_place(game):
    (component,) = game.files[0].components
    assert (component.kind, component.count) == ("strip", 2)
    assert str(component.loc) == "mini/strips.yaml:3:5"
    assert str(component.fields.loc_of("title")) == "mini/strips.yaml:3:12"
    assert str(component.fields.key_loc("count")) == "mini/strips.yaml:4:5"
    steps = component.fields["steps"]
    assert str(steps.loc_of(1)) == "mini/strips.yaml:7:9"
    assert str(steps[1].loc_of("text")) == "mini/strips.yaml:7:25"


def test_a_table_item_keeps_its_cells(tmp_path):
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "game.yaml").write_text("name: D\nengine: none\ncomponents: [cards.yaml]\n")
    (folder / "cards.yaml").write_text("kind: card\ndata: cards.csv\n")
    (folder / "cards.csv").write_text("title,text\nA,One\nB,Two\n")
    (card_a, card_b) = load_game(folder).files[0].components
    assert str(card_b.loc) == "deck/cards.csv:3:1" and str(card_b.fields.loc_of("text")) == "deck/cards.csv:3:2"
    assert card_a.fields == {"title": "A", "text": "One"}


def test_a_bad_item_is_refused_when_read_at_its_line_and_column(tmp_path):
    with pytest.raises(SourceError) as caught:
        load_game(mini(tmp_path, STRIPS.replace("    count: 2\n", "    count: 2\n    colour: red\n")))
    assert str(caught.value).startswith("mini/strips.yaml:5:5: ") and "'colour'" in str(caught.value)


def test_numbers_typed_into_text_fields_are_read_as_their_text(tmp_path):
    game = load_game(mini(tmp_path, STRIPS.replace("title: Life of Pain", "title: 1999")))
    assert game.files[0].components[0].fields["title"] == "1999"


class _Forgetful(dict):
    """A memory of values found valid that keeps none of them."""

    def __setitem__(self, key, value) -> None:
        pass


def test_each_item_of_a_shipped_game_is_validated_once_from_reading_to_drawing(monkeypatch):
    """Read Sliders, run its static checks, load its engine's deck and lay out every
    component: each item passes through its kind's schema exactly once (counted with the
    memory of values found valid off, which would hide a second pass over the same item)."""
    checked: list[dict] = []
    accepts = schema._accepts

    def counting(data, kind_schema):
        checked.append(kind_schema)
        return accepts(data, kind_schema)

    monkeypatch.setattr(schema, "_accepts", counting)
    monkeypatch.setattr(schema, "_VALID", _Forgetful())
    game = load_game(ROOT / "components" / "sliders")
    engine = engines()["sliders"]
    engine.static_checks(game)
    engine.load_deck(game)
    lay_out(game, print_context(game, PrintOptions()))
    kind_schemas = [kind.schema for kind in game_kinds("sliders").values()]
    item_checks = [s for s in checked if any(s is k for k in kind_schemas)]
    components = [c for f in game.files for c in f.components]
    assert len(components) > 100
    assert len(item_checks) == len(components)


def test_the_envelope_keeps_the_places_of_its_items(game):
    (strips,) = game.files
    assert "items" not in strips.data
    assert str(strips.data.key_loc("items")) == "mini/strips.yaml:2:1"


def test_a_component_file_reads_back_its_items_in_order(tmp_path):
    more = STRIPS + textwrap.indent("- title: Second\n  steps: [{step: 0, text: Go.}]\n", "  ")
    game = load_game(mini(tmp_path, more))
    assert [item["title"] for item in game.items("strip")] == ["Life of Pain", "Second"]
    assert [c.count for c in game.files[0].components] == [2, 1]


def test_lengths_written_in_items_are_read_as_mm():
    """A length field (the board's square, a chip's diameter) holds mm, as parsed from the
    text written in the file."""
    game = load_game(ROOT / "components" / "chip-flip")
    for kind, key in (("board", "square"), ("chip", "diameter")):
        (written_in,) = [f for f in game.files if f.kind == kind][:1]
        written = load_yaml(written_in.path)["items"][0][key]
        read = written_in.components[0].fields[key]
        assert isinstance(written, str) and isinstance(read, float)
        assert read == pytest.approx(parse_length(written))
