"""Chip Flip's items: the schema each item class gives accepts the shipped deck, every
component is read into its typed item, the engine's deck is built from those, and the
built-in icons are the package's own."""

from pathlib import Path

from generator.games import load_game
from generator.games.chip_flip import PLUGIN
from generator.games.chip_flip.deck import load_deck
from generator.games.chip_flip.icons import BUILTIN_ICONS
from generator.games.chip_flip.items import BoardItem, ChipItem, NumberedChipItem, NumberedSide, Side
from tests.conftest import COMPONENTS

SHIPPED = Path(__file__).resolve().parents[3] / "components" / "chip-flip"
ITEMS = {"board": BoardItem, "chip": ChipItem, "numbered-chip": NumberedChipItem}


def test_each_kind_reads_its_items_into_its_item_class():
    assert {kind.name: kind.item for kind in PLUGIN.kinds} == ITEMS


def test_every_shipped_component_is_its_typed_item():
    game = load_game(SHIPPED)
    components = [component for file in game.files for component in file.components]
    assert components and all(type(component.item) is ITEMS[component.kind] for component in components)
    for chip in game.typed("chip", ChipItem):
        assert type(chip.front) is Side and type(chip.back) is Side
    for chip in game.typed("numbered-chip", NumberedChipItem):
        assert isinstance(chip.front, NumberedSide) and isinstance(chip.back, NumberedSide)


def test_the_deck_is_built_from_the_typed_items():
    game = load_game(SHIPPED)
    deck = load_deck(game)
    assert deck.boards == game.typed("board", BoardItem) and len(deck.boards) == 1
    assert [chip.item for chip in deck.chips] == game.typed("chip", ChipItem)
    assert [chip.item for chip in deck.numbered] == game.typed("numbered-chip", NumberedChipItem)
    assert all(chip.values() is None for chip in deck.chips)
    for chip in deck.numbered:
        assert isinstance(chip.item, NumberedChipItem)
        assert chip.values() == (chip.item.front.value, chip.item.back.value)


def test_the_built_in_icons_are_the_svgs_beside_the_code():
    """Beside the chips' icons lies the game's emblem (look: in game.yaml), which no chip shows."""
    folder = PLUGIN.layouts()
    assert folder is not None
    emblem = load_game(COMPONENTS / "chip-flip").look.emblem
    assert {path.stem for path in (folder / "icons").glob("*.svg")} == BUILTIN_ICONS | {emblem}
    assert emblem not in BUILTIN_ICONS
