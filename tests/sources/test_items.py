"""An item class describes its kind once: the JSON schema derived from its annotations
(each form: text, whole numbers, numbers, true/false, a Literal, a tuple, a nested item, an
optional field, colours and lengths, Annotated rules, other keys by `extra`), and the typed,
frozen item read from YAML loaded by the loader, validated against that schema, lengths in
mm and frozen, with every value keeping its file:line:col. Each expected schema is written
out by hand; each place is found in the YAML text by the test."""

from dataclasses import FrozenInstanceError, dataclass
from pathlib import Path
from typing import Annotated, Literal

import pytest

from generator.located import Loc
from generator.sources.errors import SourceError
from generator.sources.frozen import LocMap, frozen
from generator.sources.items import (
    Colour,
    Count,
    Item,
    Length,
    Name,
    NonnegativeLength,
    PositiveLength,
    Whole,
    item_schema,
    read_item,
    rule,
)
from generator.sources.loader import load_yaml
from generator.sources.schema import lengths_in_mm, validate


@dataclass(frozen=True, kw_only=True)
class Cost(Item):
    coins: Whole
    colour: Colour | None = None


@dataclass(frozen=True, kw_only=True)
class Deed(Item):
    name: Name
    count: Count = 1
    weight: float
    rank: int
    shown: bool = True
    shape: Literal["circle", "square"]
    pips: Literal[1, 2, 3] = 1
    tags: tuple[str, ...] = ()
    rents: tuple[int, ...] = ()
    cost: Cost
    costs: tuple[Cost, ...] = ()
    backup: Cost | None = None
    note: str | None = None
    ink: Colour
    width: Length
    margin: NonnegativeLength = 0.0
    size: PositiveLength
    code: Annotated[str, rule(pattern="^[A-Z]{3}$"), "not a rule", rule(minLength=3)]
    level: int | str = 0


@dataclass(frozen=True, kw_only=True)
class Free(Item):
    """An item taking other keys too, each text (as the generic card does)."""

    extra = str
    title: Name


@dataclass(frozen=True, kw_only=True)
class Scored(Item):
    extra = Annotated[int, rule(minimum=0)]
    title: str


COST_SCHEMA = {
    "type": "object",
    "properties": {
        "coins": {"type": "integer", "minimum": 0},
        "colour": {"type": "string", "format": "colour"},
    },
    "required": ["coins"],
    "additionalProperties": False,
}


def test_each_annotation_gives_its_json_schema():
    assert item_schema(Deed) == {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "count": {"type": "integer", "minimum": 1},
            "weight": {"type": "number"},
            "rank": {"type": "integer"},
            "shown": {"type": "boolean"},
            "shape": {"enum": ["circle", "square"]},
            "pips": {"enum": [1, 2, 3]},
            "tags": {"type": "array", "items": {"type": "string"}},
            "rents": {"type": "array", "items": {"type": "integer"}},
            "cost": COST_SCHEMA,
            "costs": {"type": "array", "items": COST_SCHEMA},
            "backup": COST_SCHEMA,  # optional: left out, never null
            "note": {"type": "string"},
            "ink": {"type": "string", "format": "colour"},
            "width": {"type": "string", "format": "length"},
            "margin": {"type": "string", "format": "nonnegative-length"},
            "size": {"type": "string", "format": "positive-length"},
            "code": {"type": "string", "pattern": "^[A-Z]{3}$", "minLength": 3},
            "level": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
        },
        "required": ["name", "weight", "rank", "shape", "cost", "ink", "width", "size", "code"],
        "additionalProperties": False,
    }


def test_extra_allows_other_keys_of_its_type():
    assert item_schema(Free) == {
        "type": "object",
        "properties": {"title": {"type": "string", "minLength": 1}},
        "required": ["title"],
        "additionalProperties": {"type": "string"},
    }
    assert item_schema(Scored)["additionalProperties"] == {"type": "integer", "minimum": 0}


def test_the_schema_is_derived_once():
    assert item_schema(Deed) is item_schema(Deed)


def test_a_field_of_a_type_with_no_schema_is_refused():
    @dataclass(frozen=True, kw_only=True)
    class Odd(Item):
        table: dict[str, int]

    with pytest.raises(TypeError, match=r"an item field cannot be of type dict\[str, int\]"):
        item_schema(Odd)


DEED_YAML = """\
name: Harbour
weight: 2
rank: 3.0
shown: false
shape: square
pips: 3
tags: [red, blue]
rents: [2, 4.0, 10]
cost: {coins: 3, colour: "#aa0000"}
costs:
  - coins: 1
  - coins: 2
note: wet
ink: "#112233"
width: 63mm
size: 2.5in
code: ABC
level: high
"""


def where(text: str, needle: str, file: str = "deed.yaml", skip: int = 0) -> Loc:
    """The line and column (from 1) where `needle` first stands in `text`, `skip`
    characters into it."""
    offset = text.index(needle) + skip
    line = text.count("\n", 0, offset) + 1
    return Loc(file, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def loaded(tmp_path: Path, cls: type[Item], text: str, name: str = "deed.yaml") -> LocMap:
    """`text` as a component's fields are read: loaded, validated, lengths in mm, frozen."""
    path = tmp_path / name
    path.write_text(text)
    data = load_yaml(path, display=name)
    schema = item_schema(cls)
    validate(data, schema, fallback=Loc(name, 1, 1), what="a deed")
    lengths_in_mm(data, schema)
    return frozen(data)


def test_an_item_is_read_with_typed_values(tmp_path):
    deed = read_item(Deed, loaded(tmp_path, Deed, DEED_YAML))
    assert deed.name == "Harbour"
    assert deed.count == 1  # left out: its default
    assert deed.weight == 2.0 and type(deed.weight) is float  # a number field reads 2 as 2.0
    assert deed.rank == 3 and type(deed.rank) is int  # a whole number written 3.0
    assert deed.shown is False and deed.shape == "square" and deed.pips == 3
    assert deed.tags == ("red", "blue") and type(deed.tags) is tuple
    assert deed.rents == (2, 4, 10) and [type(r) for r in deed.rents] == [int, int, int]
    assert deed.cost == Cost(source=LocMap(), coins=3, colour="#aa0000")
    assert type(deed.cost) is Cost
    assert deed.costs == (Cost(source=LocMap(), coins=1), Cost(source=LocMap(), coins=2))
    assert deed.costs[0].colour is None
    assert deed.backup is None and deed.note == "wet" and deed.level == "high"
    assert deed.ink == "#112233" and deed.code == "ABC"
    assert deed.width == pytest.approx(63.0)
    assert deed.size == pytest.approx(63.5)  # 2.5 inches of 25.4 mm
    assert deed.margin == 0.0
    with pytest.raises(FrozenInstanceError):
        deed.name = "Quay"  # type: ignore[misc]


def test_an_optional_nested_item_given_is_read_as_its_item(tmp_path):
    text = DEED_YAML + "backup:\n  coins: 7\n"
    deed = read_item(Deed, loaded(tmp_path, Deed, text))
    assert type(deed.backup) is Cost and deed.backup.coins == 7
    assert deed.backup.loc_of("coins") == where(text, "coins: 7", skip=len("coins: "))


def test_an_item_and_its_nested_items_say_where_each_value_was_written(tmp_path):
    fields = loaded(tmp_path, Deed, DEED_YAML)
    deed = read_item(Deed, fields)
    assert deed.source is fields
    assert deed.loc == Loc("deed.yaml", 1, 1)
    assert deed.loc_of("rank") == where(DEED_YAML, "3.0")
    assert deed.loc_of("width") == where(DEED_YAML, "63mm")
    assert deed.loc_of("count") == deed.loc  # left out: the item's own place
    assert deed.cost.loc == where(DEED_YAML, "{coins")
    assert deed.cost.loc_of("colour") == where(DEED_YAML, '"#aa0000"')
    assert deed.costs[1].loc == where(DEED_YAML, "coins: 2")
    assert deed.costs[1].loc_of("coins") == where(DEED_YAML, "coins: 2", skip=len("coins: "))
    assert deed.costs[1].loc_of("colour") == deed.costs[1].loc


def test_the_places_are_not_part_of_the_value(tmp_path):
    """Two items of the same values written in different places are equal."""
    first = read_item(Deed, loaded(tmp_path, Deed, DEED_YAML))
    second = read_item(Deed, loaded(tmp_path, Deed, "\n\n" + DEED_YAML, "other.yaml"))
    assert first == second and first.loc != second.loc
    assert "source" not in repr(first)


def test_other_keys_stay_in_the_source_only(tmp_path):
    text = "title: Ogre\nflavour: grumpy\n"
    card = read_item(Free, loaded(tmp_path, Free, text, "card.yaml"))
    assert card.title == "Ogre"
    assert not hasattr(card, "flavour")
    assert card.source["flavour"] == "grumpy"
    assert card.loc_of("flavour") == where(text, "grumpy", "card.yaml")


@pytest.mark.parametrize(
    ("written", "bad", "said"),
    [
        ("shape: square", "shape: triangle", "expected one of: circle, square for 'shape'"),
        ("pips: 3", "pips: 4", "expected one of: 1, 2, 3 for 'pips'"),
        ("name: Harbour", "name: ''", "should be non-empty for 'name'"),
        ("code: ABC", "code: ABCD", "does not match '^[A-Z]{3}$' for 'code'"),
        ("width: 63mm", "width: 63parsecs", "unknown unit 'parsecs'"),
        ("size: 2.5in", "size: 0mm", "expected a length above 0mm"),
        ('ink: "#112233"', "ink: red", "expected a colour"),
        ("shown: false", "shown: 'no'", "expected true or false for 'shown'"),
        ('cost: {coins: 3, colour: "#aa0000"}', "cost: {coins: -1}", "less than the minimum of 0 for 'coins'"),
        ("rank: 3.0", "rank: 3.5", "expected a whole number for 'rank'"),
        ("note: wet", "nots: wet", "unknown key 'nots' in a deed"),
    ],
)
def test_the_derived_schema_refuses_what_the_annotations_do_not_allow(tmp_path, written, bad, said):
    """Each bad value is refused by the project's validator at the line that holds it."""
    text = DEED_YAML.replace(written, bad)
    assert text != DEED_YAML
    with pytest.raises(SourceError) as refused:
        loaded(tmp_path, Deed, text)
    assert said in refused.value.message
    assert refused.value.loc.line == where(text, bad).line


def test_a_required_field_left_out_is_refused(tmp_path):
    with pytest.raises(SourceError, match="missing required key 'shape' in a deed"):
        loaded(tmp_path, Deed, DEED_YAML.replace("shape: square\n", ""))
