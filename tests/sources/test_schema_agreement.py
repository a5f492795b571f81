"""The two validators agree where it matters: whatever the fast one (jsonschema-rs) accepts, the
reference (python-jsonschema) accepts too, so the fast path never lets through what the
reference would have named.

Every value the five shipped games validate while they are read and laid out is taken with its
schema, then changed at one place: a value swapped for another (of the same key elsewhere in
the games, or an odd one: a bool for a number, a length out of range, a colour with five
digits, a name with a trailing newline, a date), a key dropped, or one added (unknown, or one
the schemas name). Random changes rarely reach a keyword deep in a layout's schema, so each
keyword the fast validator judges is also tried at its edges, where the two must give the same
verdict. The shipped games themselves pass the fast one whole, so their builds never load the
reference."""

import datetime
import pickle
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import printers
from generator.sources import schema
from generator.sources.errors import Loc
from generator.sources.frozen import LocMap, LocSeq
from generator.sources.game import COMPONENT_FILE_SCHEMA, GAME_SCHEMA
from generator.sources.layouts import LAYOUT_SCHEMA
from generator.sources.look import LOOK_SCHEMA
from generator.sources.schema_formats import FORMAT_CHECKS
from generator.sources.schema_report import first_problem

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("chip-flip", "sliders", "slipmax", "twisty-passages", "whipped")
HERE = Loc("test.yaml", 1, 1)
ODD = (
    True,
    False,
    0,
    1,
    -1,
    1.0,
    1.5,
    2**70,
    float("nan"),
    "",
    "x",
    "X1",
    "card\n",
    "Card",
    "a-b",
    "3mm",
    "0mm",
    "-3mm",
    "2000mm",
    "63",
    "#12ab34",
    "#12ab3",
    "cmyk(0,100,100,0)",
    "cmyk(0,200,0,0)",
    "red",
    "x.yaml",
    "x.yaml\n",
    None,
    [],
    ["x"],
    [1],
    {},
    {"x": 1},
    (1, 2),
    datetime.date(2026, 1, 1),
    10**6,
    -(10**6),
    99,
    100,
    101,
    1001,
    "x" * 300,
    "https://example.org/a\x85b.csv",
    "https://example.org/a b.csv",
    ["x"] * 60,
    [{"x": 1}] * 3,
    {f"k{n}": n for n in range(12)},
)
#: The keys a change adds to a mapping: unknown, or not a name a schema's propertyNames takes.
ADDED_KEYS = ("unknown-key", "Bad Key", "1x", "x", "A1", "_x", "title")


def plain(value: Any) -> Any:
    """The value as plain dicts and lists, however it was read."""
    if isinstance(value, (dict, LocMap)):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, LocSeq)):
        return [plain(item) for item in value]
    return value


#: Run in a fresh interpreter: a process caches what it read (the card sizes, the fonts' index,
#: the layouts), and a value read before the recording starts would not be recorded.
RECORD = """
import pickle, sys
from pathlib import Path
from generator.games import load_game
from generator.pipeline.parts import lay_out, print_context
from generator.sheets.options import PrintOptions
from generator.sources import schema
from tests.sources.test_schema_agreement import GAMES, ROOT, plain

seen, accepts = [], schema._accepts
schema._accepts = lambda data, kind_schema: seen.append((plain(data), kind_schema)) or accepts(data, kind_schema)
for name in GAMES:
    game = load_game(ROOT / "components" / name)
    lay_out(game, print_context(game, PrintOptions()))
sys.stdout.buffer.write(pickle.dumps(seen))
"""


@cache
def validated() -> tuple[tuple[Any, dict], ...]:
    """Every (value, schema) the shipped games validate from reading to laying out, each
    schema one object however many values it checks."""
    run = subprocess.run([sys.executable, "-c", RECORD], cwd=ROOT, capture_output=True, check=True, timeout=300)
    return tuple(pickle.loads(run.stdout))


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """The path to every node of the value."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


@cache
def values_by_key() -> dict[object, list[Any]]:
    """Every value each key holds anywhere in the shipped games' sources."""
    by_key: dict[object, list[Any]] = {}
    for data, _ in validated():
        for path in places(data):
            if path and isinstance(path[-1], str):
                by_key.setdefault(path[-1], []).append(node_at(data, path))
    return by_key


def node_at(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def changed(value: Any, path: tuple, change: str, other: Any) -> Any:
    """A copy of the value with one change at `path`."""
    if not path:
        return other if change == "swap" else value
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy = dict(value)
        if not rest and change == "drop":
            del copy[head]
        elif not rest and change == "add":
            copy[other[0]] = other[1]
        else:
            copy[head] = changed(value[head], rest, change, other)
        return copy
    copy_list = list(value)
    copy_list[head] = changed(value[head], rest, change, other)
    return copy_list


def test_the_shipped_games_pass_the_fast_validator_whole():
    pairs = validated()
    assert len(pairs) > 300 and len({id(kind_schema) for _, kind_schema in pairs}) > 30
    refused = [repr(data)[:80] for data, kind_schema in pairs if not schema._accepts(data, kind_schema)]
    assert refused == []


def described(node: Any) -> list[dict]:
    """Every schema in `node` (a schema, or a part of one) whose problems a message can name
    only from its description: one with a pattern, or a choice of forms (anyOf, oneOf)."""
    if isinstance(node, list):
        return [found for inner in node for found in described(inner)]
    if not isinstance(node, dict):
        return []
    here = [node] if isinstance(node.get("pattern"), str) or {"anyOf", "oneOf"} & set(node) else []
    return here + [found for inner in node.values() for found in described(inner)]


def test_every_pattern_and_choice_of_forms_of_the_shipped_schemas_says_in_words_what_it_takes():
    """A problem's message names what a pattern, or a choice of forms, takes from its
    schema's description (generator/sources/schema_report.py), never the regular expression
    itself nor "is not valid under any of the given schemas"."""
    shipped = [kind_schema for _, kind_schema in validated()]
    schemas = [*shipped, GAME_SCHEMA, COMPONENT_FILE_SCHEMA, LAYOUT_SCHEMA, LOOK_SCHEMA, printers.FILE_SCHEMA]
    found = described(schemas)
    assert len({id(node) for node in found}) >= 15
    assert [repr(node)[:100] for node in found if not node.get("description")] == []


@cache
def by_schema() -> tuple[tuple[dict, tuple[Any, ...]], ...]:
    """Each schema the shipped games use, with the values it validates: a schema is drawn
    first, so that the few game.yaml and layout schemas are changed as often as the items'."""
    values: dict[int, tuple[dict, list[Any]]] = {}
    for data, kind_schema in validated():
        values.setdefault(id(kind_schema), (kind_schema, []))[1].append(data)
    return tuple((kind_schema, tuple(found)) for kind_schema, found in values.values())


@cache
def property_names() -> tuple[str, ...]:
    """Every property any of the schemas names, to add where a value leaves it out."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            names.update(key for key in node.get("properties", {}) if isinstance(key, str))
            for inner in node.values():
                walk(inner)
        elif isinstance(node, list):
            for inner in node:
                walk(inner)

    for kind_schema, _ in by_schema():
        walk(kind_schema)
    return tuple(sorted(names))


def some_value(draw: st.DrawFn, key: object) -> Any:
    """An odd value, or one the key holds elsewhere in the games."""
    kin = values_by_key().get(key, []) if isinstance(key, str) else []
    return draw(st.sampled_from(ODD + tuple(kin[:50])))


@st.composite
def one_change(draw: st.DrawFn) -> tuple[Any, dict]:
    kind_schema, values = draw(st.sampled_from(by_schema()))
    data = draw(st.sampled_from(values))
    path = draw(st.sampled_from(places(data)))
    change = draw(st.sampled_from(("swap", "drop", "add")))
    if change in ("drop", "add") and not (path and isinstance(node_at(data, path[:-1]), dict)):
        change = "swap"
    if change == "add":
        key = draw(st.sampled_from(ADDED_KEYS + property_names()))
        return changed(data, path, change, (key, some_value(draw, key))), kind_schema
    return changed(data, path, change, some_value(draw, path[-1] if path else None)), kind_schema


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(one_change())
def test_what_the_fast_validator_accepts_the_reference_accepts(case):
    data, kind_schema = case
    if schema._accepts(data, kind_schema):
        assert first_problem(data, kind_schema, HERE) is None


#: Each keyword the fast validator judges, with values at its edges: the two validators must
#: give the same verdict on every one.
EDGES: list[tuple[dict, list[Any]]] = [
    ({"type": "integer"}, [1, 1.0, 1.5, True, "1", None, 2**70]),
    ({"type": ["string", "null"]}, ["x", None, 0, False, []]),
    ({"enum": [1, "x", None]}, [1, 1.0, True, "x", "X", None, 0, [1]]),
    ({"const": [1, {"a": True}]}, [[1, {"a": True}], [1, {"a": 1}], [True, {"a": True}], [1]]),
    ({"minimum": 1, "maximum": 3}, [0, 0.999, 1, 3, 3.0001, 4, True, "2"]),
    ({"exclusiveMinimum": 1, "exclusiveMaximum": 3}, [1, 1.0001, 2.9999, 3]),
    ({"minLength": 2, "maxLength": 3}, ["a", "ab", "abc", "abcd", "é", "éé", "😀😀", "😀😀😀😀", 12]),
    ({"minItems": 1, "maxItems": 2}, [[], [1], [1, 2], [1, 2, 3], "ab"]),
    ({"minProperties": 1, "maxProperties": 2}, [{}, {"a": 1}, {"a": 1, "b": 2}, {"a": 1, "b": 2, "c": 3}]),
    ({"required": ["a"], "properties": {"a": {"type": "string"}}}, [{"a": "x"}, {"a": 1}, {"b": "x"}, {}]),
    ({"additionalProperties": {"type": "integer"}}, [{"a": 1}, {"a": "1"}, {}]),
    ({"propertyNames": {"pattern": "^[A-Z]+[0-9]+$"}}, [{"A1": 1}, {"a1": 1}, {"A1\n": 1}, {"AB": 1}]),
    ({"items": {"type": "string"}}, [["a"], ["a", 1], [], [None]]),
    ({"pattern": "^[a-z][a-z0-9-]*$"}, ["card", "Card", "card\n", "card-2", "", "x y", 3]),
    ({"anyOf": [{"type": "string"}, {"minimum": 5}]}, ["x", 5, 4, None]),
    ({"oneOf": [{"type": "integer"}, {"minimum": 5}]}, [1, 5, 5.5, "x"]),
    ({"allOf": [{"minimum": 1}, {"maximum": 2}]}, [0, 1, 2, 3]),
    ({"not": {"type": "string"}}, ["x", 1, None]),
    *(
        ({"format": fmt}, ["3mm", "0mm", "-1mm", "1001mm", "#12ab34", "red", "https://a.b/c d", "https://a.b/c", 3])
        for fmt in FORMAT_CHECKS
    ),
]


@pytest.mark.parametrize(("kind_schema", "values"), EDGES)
def test_the_two_validators_give_the_same_verdict_at_each_keywords_edges(kind_schema, values):
    """Where Python's `$` takes a final newline, the fast validator refuses and the reference
    accepts: the reference's verdict stands (validate asks it), so that is no disagreement."""
    for value in values:
        fast = schema._accepts(value, kind_schema)
        reference = first_problem(value, kind_schema, HERE) is None
        if isinstance(value, str) and value.endswith("\n") or isinstance(value, dict) and "A1\n" in value:
            assert not fast and reference
        else:
            assert fast == reference, (kind_schema, value)
