"""The two validators agree where it matters: whatever the fast one (jsonschema-rs) accepts, the
reference (python-jsonschema) accepts too, so the fast path never lets through what the
reference would have named. Every value the five shipped games validate while they are read
and laid out is taken with its schema, then changed at one place: a value swapped for another
(of the same key elsewhere in the games, or an odd one: a bool for a number, a length out of
range, a colour with five digits, a name with a trailing newline, a date), a key dropped or
one added. The shipped games themselves pass the fast one whole, so their builds never load
the reference."""

import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.games import load_game
from generator.pipeline.parts import lay_out, print_context
from generator.sheets.options import PrintOptions
from generator.sources import schema
from generator.sources.errors import Loc
from generator.sources.frozen import LocMap, LocSeq
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
)


def plain(value: Any) -> Any:
    """The value as plain dicts and lists, however it was read."""
    if isinstance(value, (dict, LocMap)):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, (list, LocSeq)):
        return [plain(item) for item in value]
    return value


@cache
def validated() -> tuple[tuple[Any, dict], ...]:
    """Every (value, schema) the shipped games validate from reading to laying out."""
    seen: list[tuple[Any, dict]] = []
    accepts = schema._accepts

    def recording(data: Any, kind_schema: dict) -> bool:
        seen.append((plain(data), kind_schema))
        return accepts(data, kind_schema)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(schema, "_accepts", recording)
        patch.setattr(schema, "_VALID", {})
        for name in GAMES:
            game = load_game(ROOT / "components" / name)
            lay_out(game, print_context(game, PrintOptions()))
    return tuple(seen)


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
            copy["unknown-key"] = other
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


@st.composite
def one_change(draw: st.DrawFn) -> tuple[Any, dict]:
    data, kind_schema = draw(st.sampled_from(validated()))
    path = draw(st.sampled_from(places(data)))
    change = draw(st.sampled_from(("swap", "drop", "add")))
    key = path[-1] if path else None
    kin = values_by_key().get(key, []) if isinstance(key, str) else []
    other = draw(st.sampled_from(ODD + tuple(kin[:50])) if kin else st.sampled_from(ODD))
    if change in ("drop", "add") and not (path and isinstance(node_at(data, path[:-1]), dict)):
        change = "swap"
    return changed(data, path, change, other), kind_schema


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(one_change())
def test_what_the_fast_validator_accepts_the_reference_accepts(case):
    data, kind_schema = case
    if schema._accepts(data, kind_schema):
        assert first_problem(data, kind_schema, HERE) is None
