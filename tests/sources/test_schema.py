"""Validation remembers the values it found valid, so a deck read again (a live preview reads
its game on every edit) checks only what changed, and judges everything else exactly as a
first reading would: a value is valid again only with the same content, scalar types
included, against the same schema; a bad value is reported at its place every time; the
memory is bounded."""

import datetime
import enum

import pytest

from generator.sources import SourceError, load_yaml, schema_report
from generator.sources import schema as schemas
from generator.sources.errors import Loc
from generator.sources.frozen import LocMap
from generator.sources.schema import closed, validate
from generator.sources.schema_cache import PerSchema
from generator.sources.schema_report import first_problem

COUNT = closed({"title": {"type": "string"}, "count": {"type": "integer"}}, ["title"])
TITLED = closed({"title": {"type": "string"}}, ["title"])
HERE = Loc("deck.yaml", 1, 1)


def read(tmp_path, text: str):
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    return load_yaml(path, display="deck.yaml")


def test_the_same_content_with_another_scalar_type_is_judged_afresh(tmp_path):
    validate(read(tmp_path, "title: One\ncount: 1\n"), COUNT, fallback=HERE)
    for bad in ("count: true", "count: 1.5", "count: '1'"):
        with pytest.raises(SourceError) as caught:
            validate(read(tmp_path, f"title: One\n{bad}\n"), COUNT, fallback=HERE)
        assert (caught.value.loc.line, caught.value.loc.column) == (2, 8)
        assert "count" in str(caught.value)


def test_a_value_valid_against_one_schema_is_checked_against_another(tmp_path):
    data = read(tmp_path, "title: One\ncount: 2\n")
    validate(data, COUNT, fallback=HERE)
    with pytest.raises(SourceError) as caught:
        validate(read(tmp_path, "title: One\ncount: 2\n"), TITLED, fallback=HERE)
    assert caught.value.loc.line == 2 and "count" in str(caught.value)


def test_a_bad_value_is_reported_at_its_place_every_time_it_is_read(tmp_path):
    for padding in ("", "\n\n"):
        with pytest.raises(SourceError) as caught:
            validate(read(tmp_path, f"{padding}title: [3]\n"), TITLED, fallback=HERE)
        assert caught.value.loc.line == 1 + len(padding)


def test_the_values_kept_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(schemas, "_VALID", {})
    monkeypatch.setattr(schemas, "VALID_KEPT", 8)
    for n in range(30):
        validate(read(tmp_path, f"title: Card {n}\n"), TITLED, fallback=HERE)
        assert len(schemas._VALID) <= 8
    # what was forgotten is checked again, and still valid
    validate(read(tmp_path, "title: Card 0\n"), TITLED, fallback=HERE)
    # an entry is small however large its value: a whole file's envelope is kept too
    validate(["x" * 1000] * 1000, {"type": "array", "items": {"type": "string"}}, fallback=HERE)
    assert all(len(repr(kept)) < 200 for kept in schemas._VALID)


def test_a_deck_read_again_after_one_edit_checks_that_item_alone(tmp_path, monkeypatch):
    checked = []
    validator = schemas._validator

    def counted(schema):
        checked.append(schema)
        return validator(schema)

    monkeypatch.setattr(schemas, "_validator", counted)
    cards = [f"  - {{title: Card {n}}}" for n in range(50)]
    for edit in (None, 20):
        if edit is not None:
            cards[edit] = "  - {title: Card 20, about: edited}"  # line 22: 'about' is no field
        checked.clear()
        found = []
        for item in read(tmp_path, "items:\n" + "\n".join(cards) + "\n")["items"]:
            try:
                validate(item, TITLED, fallback=HERE)
            except SourceError as error:
                found.append((error.loc.line, "'about'" in str(error)))
    assert (len(checked), found) == (1, [(22, True)])


def test_one_validator_checks_every_value_of_a_schema(monkeypatch):
    made = []
    fast = schemas.jsonschema_rs.Draft202012Validator

    def counted(schema, **options):
        made.append(schema)
        return fast(schema, **options)

    monkeypatch.setattr(schemas.jsonschema_rs, "Draft202012Validator", counted)
    monkeypatch.setattr(schemas, "_VALID", {})
    schema = {"type": "object", "properties": {"n": {"type": "integer"}}}
    for n in range(5):
        validate({"n": n}, schema, fallback=HERE)
    for _ in range(2):
        with pytest.raises(SourceError, match="expected"):
            validate({"n": "five"}, schema, fallback=HERE)
    assert made == [schema]


NAMED = closed({"name": {"type": "string", "pattern": "^[a-z]+$"}}, ["name"])


def test_the_reference_judges_what_the_fast_validator_refuses_or_cannot_read():
    # Python's `$` also matches before a final newline, the fast validator's does not: the
    # reference accepts the value, as it always has.
    validate({"name": "card\n"}, NAMED, fallback=HERE)
    # A date (a plugin's own value: the loader keeps 2026-01-01 as text) is no JSON value: the
    # reference names it.
    with pytest.raises(SourceError) as caught:
        validate({"title": datetime.date(2026, 1, 1)}, TITLED, fallback=HERE)
    assert caught.value.loc == HERE and "expected text for 'title', got date" in str(caught.value)


class Colour(enum.Enum):
    RED = "red"


@pytest.mark.parametrize(
    ("data", "schema"),
    [
        # A URL with U+0085 in it: white space to Python, not to ECMA-262's \s.
        ({"url": "https://example.org/a\x85b.csv"}, closed({"url": {"type": "string", "format": "http-url"}})),
        ({"name": "é"}, closed({"name": {"type": "string", "pattern": "^\\W+$"}})),
        ({"n": 0.3}, closed({"n": {"type": "number", "multipleOf": 0.1}})),
        ({"colour": "red"}, closed({"colour": {"enum": [Colour.RED]}})),
        ({"colour": Colour.RED}, closed({"colour": {"type": "string"}})),
        ({"pair": (1, 2)}, closed({"pair": {"type": "array"}})),
    ],
)
def test_what_the_two_validators_judge_apart_is_judged_by_the_reference(data, schema):
    """Each of these the fast validator would accept and the reference refuses."""
    with pytest.raises(SourceError):
        validate(data, schema, fallback=HERE)
    assert first_problem(data, schema, HERE) is not None


def test_the_fast_validator_judges_plain_values_against_schemas_it_reads_alike():
    alike = closed({"name": {"type": "string", "pattern": "^[a-z][a-z0-9-]*\\.ya?ml$"}, "n": {"minimum": 1}})
    assert schemas._validator(alike) is not None
    assert schemas._accepts({"name": "cards.yaml", "n": 2}, alike)
    for apart in ({"pattern": "\\d"}, {"multipleOf": 2}, {"anyOf": [{"uniqueItems": True}]}, {"enum": [Colour.RED]}):
        assert schemas._validator(closed({"x": apart})) is None
    for odd in ({"name": ("cards.yaml",)}, {"name": Colour.RED}, {1: "cards.yaml"}, LocMap({"name": "cards.yaml"})):
        assert not schemas._accepts(odd, alike)


def test_the_reference_makes_one_validator_a_schema(monkeypatch):
    made = []
    reference = schema_report._Validator

    def counted(schema, format_checker):
        made.append(schema)
        return reference(schema, format_checker=format_checker)

    monkeypatch.setattr(schema_report, "_Validator", counted)
    schema = closed({"n": {"type": "integer"}})
    for text in ("one", "two", "three"):
        with pytest.raises(SourceError, match="expected a whole number"):
            validate({"n": text}, schema, fallback=HERE)
    assert made == [schema]


def test_a_value_made_for_each_schema_is_made_once_and_the_schemas_kept_are_bounded():
    made = []
    per_schema = PerSchema(lambda schema: made.append(schema) or len(made), kept=3)
    first = {"type": "string"}
    assert [per_schema(first), per_schema(first)] == [1, 1]
    others = [{"minimum": n} for n in range(5)]
    for other in others:
        per_schema(other)
        assert len(per_schema) <= 3
    assert per_schema(first) == 7  # forgotten, so made again
    assert per_schema(dict(first)) == 8  # an equal schema is another schema
