"""Every shipped game reads each of its items into its kind's typed class: the schema derived
from that class accepts the shipped deck as written, and every loaded component carries an
instance of exactly its kind's class (what the engine's deck and the kinds then read)."""

import pytest

from generator.games import load_game
from generator.games.plugin import game_kinds
from generator.sources.items import item_schema
from generator.sources.loader import load_yaml
from generator.sources.schema import validate
from tests.conftest import COMPONENTS

GAMES = sorted(folder.name for folder in COMPONENTS.iterdir() if (folder / "game.yaml").is_file())


@pytest.mark.parametrize("slug", GAMES)
def test_the_derived_schemas_accept_the_shipped_deck_as_written(slug):
    game = load_game(COMPONENTS / slug)
    kinds = game_kinds(game.engine)
    for component_file in game.files:
        written = load_yaml(component_file.path).get("items")
        if written is None:  # a table: its rows are checked as they are read
            continue
        assert written
        for item in written:
            validate(item, item_schema(kinds[component_file.kind].item), fallback=written.loc)


@pytest.mark.parametrize("slug", GAMES)
def test_every_component_is_an_instance_of_its_kinds_item_class(slug):
    game = load_game(COMPONENTS / slug)
    kinds = game_kinds(game.engine)
    for component_file in game.files:
        assert component_file.components
        wanted = kinds[component_file.kind].item
        assert all(type(component.item) is wanted for component in component_file.components)
