"""The ComponentKind base: its schema is derived from its item class, `draw_file` draws each
item once and repeats its faces `count` times in source order, an item's short name is its
`title`, else its `name`, else the kind's, and a kind that draws nothing says so."""

from dataclasses import dataclass
from pathlib import Path

import jsonschema
import pytest

from generator.layout.component import ComponentKind, Faces
from generator.layout.context import LayoutContext
from generator.layout.scene import Scene
from generator.sources.frozen import LocMap
from generator.sources.game import Game
from generator.sources.items import Item
from generator.sources.layout_model import Layout


@dataclass(frozen=True, kw_only=True)
class TokenItem(Item):
    name: str
    value: int
    count: int = 1


class TokenKind(ComponentKind):
    """Draws each token as an empty 20 mm square named after it, counting its draws."""

    name = "token"
    item = TokenItem

    def __init__(self):
        self.drawn: list[str] = []

    def draw(self, item, layout, ctx):
        self.drawn.append(item["name"])
        return Faces(Scene(layout.width, layout.height, name=item["name"]))


LAYOUT = Layout(name="token", width=20.0, height=20.0, loc=None)


def test_draw_file_draws_each_item_once_and_repeats_it_count_times():
    kind = TokenKind()
    ctx = LayoutContext(Game(Path("."), "T", "none", LocMap()))
    tokens = [LocMap({"name": "a", "value": 1, "count": 3}), LocMap({"name": "b", "value": 2})]
    faces = kind.draw_file(tokens, LAYOUT, ctx)
    assert kind.drawn == ["a", "b"]  # drawn once each
    assert [f.front.name for f in faces] == ["a", "a", "a", "b"]
    assert faces[0] is faces[1] is faces[2]  # copies share one drawing
    assert all(f.back is None for f in faces)  # Faces default: one-sided


def test_the_schema_comes_from_the_item_class():
    schema = TokenKind().schema
    assert set(schema["required"]) == {"name", "value"}  # count has a default
    assert schema["additionalProperties"] is False  # TokenItem allows no extra keys
    checker = jsonschema.Draft202012Validator(schema)
    assert checker.is_valid({"name": "a", "value": 3})
    assert not checker.is_valid({"name": "a", "value": "three"})
    assert not checker.is_valid({"name": "a", "value": 3, "colour": "red"})


def test_title_is_the_title_else_the_name_else_the_kinds_name():
    kind = TokenKind()
    assert kind.title(LocMap({"title": "Crown", "name": "crown-1"})) == "Crown"
    assert kind.title(LocMap({"name": "crown-1"})) == "crown-1"
    assert kind.title(LocMap({"title": 7, "value": 1})) == "token"  # not text: no title


def test_the_base_kind_draws_nothing_and_keeps_the_files_layout():
    base = ComponentKind()
    ctx = LayoutContext(Game(Path("."), "T", "none", LocMap()))
    assert base.layout_for(LocMap({"layout": "other"}), LAYOUT, ctx) is LAYOUT
    with pytest.raises(NotImplementedError):
        base.draw(LocMap(), LAYOUT, ctx)
    # the defaults the class documents: one-sided, no outline of its own, not tiled
    assert (base.own_outline, base.tileable, base.stock) == (False, False, "")
