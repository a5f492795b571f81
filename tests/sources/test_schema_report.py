"""A problem a schema finds reads in a designer's words: what a value of that form looks
like, never the regular expression that checks it; and where a value may take one of two
forms, the form it comes closest to says what it lacks."""

import pytest

from generator.sources import SourceError, load_yaml
from generator.sources.errors import Loc
from generator.sources.game import COMPONENT_FILE_SCHEMA
from generator.sources.schema import validate
from generator.sources.schema_report import first_problem

SIZE = "expected a card size's name such as poker or tarot, or its width and height"


def problem(tmp_path, text: str) -> SourceError:
    path = tmp_path / "cards.yaml"
    path.write_text(text)
    data = load_yaml(path, display="cards.yaml")
    with pytest.raises(SourceError) as caught:
        validate(data, COMPONENT_FILE_SCHEMA, fallback=data.loc, what="a component file")
    return caught.value


@pytest.mark.parametrize(
    ("size", "shown"), [("900mmx900mm", "'900mmx900mm'"), ("Big", "'Big'"), ("3", "3"), ("[1]", "[1]")]
)
def test_a_value_of_neither_form_is_told_both_forms_in_words(tmp_path, size, shown):
    found = problem(tmp_path, f"kind: card\nsize: {size}\n")
    assert (found.loc.line, found.loc.column) == (2, 7)
    assert found.message.startswith(SIZE) and found.message.endswith(f"for 'size', got {shown}")
    assert "match" not in found.message and "^" not in found.message


def test_a_value_of_one_form_is_told_what_that_form_lacks(tmp_path):
    missing = problem(tmp_path, "kind: card\nsize: {width: 63mm}\n")
    assert missing.message == "missing required key 'height' in a component file"
    negative = problem(tmp_path, "kind: card\nsize: {width: -3mm, height: 88mm}\n")
    assert (negative.loc.line, negative.loc.column) == (2, 15)
    assert negative.message == "expected a length above 0mm and at most 1000mm, got '-3mm'"


def test_a_name_of_the_wrong_form_is_described(tmp_path):
    found = problem(tmp_path, "kind: Card Deck\n")
    assert found.message == "expected a kind's name such as card, token or hex-tile for 'kind', got 'Card Deck'"


def test_a_choice_of_forms_with_no_description_names_each_forms_type():
    """An engine's own item field of two types (`int | str`) says both, not "is not valid
    under any of the given schemas"."""
    choice = {"type": "object", "properties": {"cost": {"anyOf": [{"type": "integer"}, {"type": "string"}]}}}
    found = first_problem({"cost": [1]}, choice, Loc("deck.yaml", 3, 1))
    assert found is not None and found.message == "expected a whole number or text for 'cost', got a list [1]"


def test_a_key_of_the_wrong_form_is_reported_at_the_key(tmp_path):
    found = problem(tmp_path, "kind: card\ncolumns:\n  count: Qty\n  bad key: Other\n")
    assert (found.loc.line, found.loc.column) == (4, 3)
    assert found.message.startswith("expected a field's name in letters, digits, hyphens and underscores")
    assert found.message.endswith("for 'columns', got 'bad key'")
