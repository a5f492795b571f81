"""The loader keeps positions and turns every kind of malformed source into a SourceError
naming file:line:col and what was expected."""

import pytest

from generator.sources import SourceError, load_yaml
from generator.sources.schema import LENGTH, closed, validate

SCHEMA = closed(
    {
        "title": {"type": "string"},
        "width": LENGTH,
        "count": {"type": "integer"},
        "steps": {"type": "array", "items": closed({"text": {"type": "string"}}, ["text"])},
    },
    ["title"],
)


def load(tmp_path, text: str, *, raw: bytes | None = None):
    path = tmp_path / "deck.yaml"
    path.write_bytes(raw if raw is not None else text.encode())
    return load_yaml(path, display="deck.yaml")


def error_of(tmp_path, text: str, schema=SCHEMA, raw=None) -> SourceError:
    with pytest.raises(SourceError) as caught:
        data = load(tmp_path, text, raw=raw)
        validate(data, schema, fallback=data.loc, what="a strip")
    return caught.value


def test_every_value_keeps_its_position(tmp_path):
    data = load(tmp_path, "title: Pain\nsteps:\n  - text: Lose a cent.\n  - text: Gain\n")
    assert str(data.loc_of("title")) == "deck.yaml:1:8"
    assert str(data.key_loc("steps")) == "deck.yaml:2:1"
    assert str(data["steps"].loc_of(1)) == "deck.yaml:4:5"
    assert str(data["steps"][1].loc_of("text")) == "deck.yaml:4:11"


@pytest.mark.parametrize(
    ("text", "place", "message"),
    [
        ("title: [a, b\n", "deck.yaml:2:1", "expected ',' or ']'"),
        ("title: x\n\tcount: 2\n", "deck.yaml:2:1", "tab character"),
        ("title: x\ntitle: y\n", "deck.yaml:2:1", "duplicate key 'title' (first defined at line 1)"),
        (
            "title: x\ncolour: red\n",
            "deck.yaml:2:1",
            "unknown key 'colour' in a strip (expected one of: count, steps, title, width)",
        ),
        ("title: x\ncount: many\n", "deck.yaml:2:8", "expected a whole number for 'count', got text 'many'"),
        ("count: 2\n", "deck.yaml:1:1", "missing required key 'title' in a strip"),
        ("title: x\nwidth: 63\n", "deck.yaml:2:8", "length 63 has no unit"),
        ("title: x\nsteps:\n  - {txt: a}\n", "deck.yaml:3:6", "unknown key 'txt'"),
        ("", "deck.yaml:1:1", "the file is empty"),
    ],
)
def test_each_kind_of_error_names_its_place(tmp_path, text, place, message):
    error = error_of(tmp_path, text)
    assert str(error.loc) == place
    assert message in error.message


def test_invalid_utf8_names_line_and_column(tmp_path):
    error = error_of(tmp_path, "", raw=b"title: ok\nname: caf\xe9\n")
    assert str(error.loc) == "deck.yaml:2:10"
    assert "invalid UTF-8" in error.message


def test_alias_bombs_are_bounded(tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for n in range(1, 9):
        lines.append(f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]")
    error = error_of(tmp_path, "\n".join(lines) + "\n")
    assert "expands to more than" in error.message


def test_yaml_cannot_construct_objects(tmp_path):
    error = error_of(tmp_path, "title: !!python/object/apply:os.system ['true']\n")
    assert (error.loc.line, error.loc.column) == (1, 8)
    assert "unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'" in error.message


def test_merge_keys_apply_with_own_keys_winning(tmp_path):
    data = load(tmp_path, "base: &b {title: A, count: 1}\nitem:\n  <<: *b\n  count: 2\n")
    assert data["item"] == {"title": "A", "count": 2}


def test_a_folder_where_a_file_is_expected(tmp_path):
    (tmp_path / "deck.yaml").mkdir()
    with pytest.raises(SourceError, match="found a folder"):
        load_yaml(tmp_path / "deck.yaml")
