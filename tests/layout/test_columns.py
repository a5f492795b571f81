"""The columns of a table that nothing prints are one note for the file (T001): for a kind
with fixed fields, the columns it has no field for; columns with no header only when they
hold values."""

from pathlib import Path

import pytest

from generator.games import load_game
from generator.layout.columns import column_findings


@pytest.fixture
def deck(starter_deck) -> Path:
    return starter_deck


def test_a_kind_with_fixed_fields_leaves_helper_columns_out_in_one_line(deck):
    """A strip (Slipmax's kind) declares its fields: a helper column is left out when read,
    instead of failing the strip's closed schema, and named once."""
    (deck / "game.yaml").write_text("name: Strips\nengine: slipmax\ncomponents: [strips.yaml]\n")
    (deck / "strips.csv").write_text("Title,Steps.1.Step,steps.1.text,Designer Notes\nLife,0,Lose.,check this\n")
    (deck / "strips.yaml").write_text("kind: strip\ndata: strips.csv\n")
    (strips,) = load_game(deck).files
    (item,) = strips.items
    assert item == {"title": "Life", "steps": [{"step": 0, "text": "Lose."}]}
    (unused,) = column_findings(strips, None)
    assert str(unused.loc) == "deck/strips.csv:1:4"
    assert unused.message.startswith("1 of the 4 columns of strips.csv fill nothing that prints")
    assert unused.message.endswith(": 'Designer Notes'")


def test_an_empty_column_is_not_named_and_every_column_read_is_no_note(deck):
    (deck / "cards.csv").write_text("Title,,Text\nScout,,Look.\n")
    (deck / "cards.yaml").write_text("kind: card\ndata: cards.csv\n")
    (cards,) = load_game(deck).files
    assert column_findings(cards, frozenset({"title", "text"})) == []
    (unused,) = column_findings(cards, frozenset({"title"}))
    assert unused.message.endswith(": 'Text'") and str(unused.loc) == "deck/cards.csv:1:3"
