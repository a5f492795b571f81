"""Slipmax's items: the schema each item class gives accepts the shipped deck, every
component is read into its typed item, and the engine's deck is built from those."""

from pathlib import Path

from generator.games import load_game
from generator.games.slipmax import PLUGIN
from generator.games.slipmax.deck import read_deck
from generator.games.slipmax.items import RegisterCardItem, ShapeBoardItem, StepItem, StripItem

SHIPPED = Path(__file__).resolve().parents[3] / "components" / "slipmax"
ITEMS = {"strip": StripItem, "shape-board": ShapeBoardItem, "register-card": RegisterCardItem}


def test_each_kind_reads_its_items_into_its_item_class():
    assert {kind.name: kind.item for kind in PLUGIN.kinds} == ITEMS


def test_every_shipped_component_is_its_typed_item():
    game = load_game(SHIPPED)
    components = [component for file in game.files for component in file.components]
    assert components and all(isinstance(component.item, ITEMS[component.kind]) for component in components)
    assert all(isinstance(step, StepItem) for strip in game.typed("strip", StripItem) for step in strip.steps)


def test_the_deck_is_built_from_the_typed_items():
    game = load_game(SHIPPED)
    deck = read_deck(game)
    strips = game.typed("strip", StripItem)
    copies = [strip for strip in strips for _ in range(strip.count)]
    assert len(deck.strips) == len(copies) and all(s.item is i for s, i in zip(deck.strips, copies, strict=True))
    for strip in deck.strips:
        assert [step.item for step in strip.steps] == list(strip.item.steps)
        assert [step.name for step in strip.steps] == [f"{strip.title} ({step.step})" for step in strip.item.steps]
    (card,) = game.typed("register-card", RegisterCardItem)
    (board,) = game.typed("shape-board", ShapeBoardItem)
    assert deck.registers == card.registers
    assert deck.board.spaces[: deck.board.first_centre] == tuple((shape,) for shape in board.spaces)
    assert len(deck.board.spaces) == len(board.spaces) + len(board.centre)
