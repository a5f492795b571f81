"""game.yaml's `expect:` read (generator/sources/expect.py): what each key measures and the
numbers each value allows, and where a key or value that cannot be read is refused."""

import pytest

from generator.sources.errors import SourceError
from generator.sources.expect import Measure, Span, read_expectations
from generator.sources.frozen import frozen
from generator.sources.loader import load_yaml


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    """Places read from the test's folder, as a game's are from the working folder."""
    monkeypatch.chdir(tmp_path)


def expect(tmp_path, text: str):
    path = tmp_path / "game.yaml"
    path.write_text(f"expect:\n{text}")
    return read_expectations(frozen(load_yaml(path))["expect"])


def test_each_key_measures_what_it_names(tmp_path):
    count, condition, cost = expect(tmp_path, "  count: 60\n  \"type == 'spell'\": 20..24\n  cost: ..7\n")
    assert (count.measure, count.span) == (Measure.COUNT, Span(60, 60))
    assert (condition.measure, condition.span) == (Measure.CONDITION, Span(20, 24))
    assert condition.condition is not None and condition.condition.holds({"type": "spell"})
    assert (cost.measure, cost.span, str(cost.span)) == (Measure.FIELD, Span(None, 7), "..7")
    assert (str(cost.loc), str(condition.loc)) == ("game.yaml:4:3", "game.yaml:3:3")


@pytest.mark.parametrize(
    ("span", "inside", "outside"),
    [(Span(2, 4), [2, 3.5, 4], [1.99, 4.01]), (Span(3, None), [3, 1e9], [2.9]), (Span(None, 0), [-5, 0], [0.1])],
)
def test_a_span_holds_its_ends(span, inside, outside):
    assert all(value in span for value in inside)
    assert not any(value in span for value in outside)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("  cost: 7..2\n", "the range '7..2' is empty"),
        ("  cost: seven\n", "expected a number or a range such as 20..24, 3.. or ..7, not 'seven'"),
        ("  cost: ..\n", "expected a number or a range"),
        ('  "type ==": 3\n', "cannot read the condition 'type =='"),
    ],
)
def test_what_cannot_be_read_is_refused_at_its_place(tmp_path, text, message):
    with pytest.raises(SourceError) as caught:
        expect(tmp_path, text)
    assert str(caught.value.loc).startswith("game.yaml:2:") and message in caught.value.message
