"""Validation remembers the values it found valid, so a deck read again (a live preview reads
its game on every edit) checks only what changed, and judges everything else exactly as a
first reading would: a value is valid again only with the same content, scalar types
included, against the same schema; a bad value is reported at its place every time; the
memory is bounded."""

import datetime

import pytest

from generator.sources import SourceError, load_yaml
from generator.sources import schema as schemas
from generator.sources.errors import Loc
from generator.sources.schema import closed, validate

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
