"""The Sliders items: each kind's typed class, the schema derived from it, and the deck the
engine plays built from the typed items."""

from pathlib import Path

from generator.games import load_game
from generator.games.sliders import PLUGIN
from generator.games.sliders.items import ITEMS, Bill, Building, Deed, EventCard, Railroad, Square, Utility

SOURCE = Path(__file__).parents[3] / "components" / "sliders"
GAME = load_game(SOURCE)


def test_each_kind_reads_its_items_into_its_class():
    assert {kind.name: kind.item for kind in PLUGIN.kinds} == ITEMS
    for component_file in GAME.files:
        assert component_file.components
        assert all(type(c.item) is ITEMS[component_file.kind] for c in component_file.components)


def test_the_deck_is_built_from_the_typed_items():
    deck = PLUGIN.engine.load_deck(GAME)
    squares = GAME.typed("square", Square)
    assert len(deck.squares) == len(squares) == 40
    assert all(played is read for played, read in zip(deck.squares, squares, strict=True))
    titles = [*GAME.typed("deed", Deed), *GAME.typed("railroad", Railroad), *GAME.typed("utility", Utility)]
    by_name = {title.name: title for title in titles}
    for sq, title in deck.deeds.items():
        item = by_name[title.name]
        assert squares[sq].deed == item.name
        assert (title.price, title.mortgage) == (item.price, item.mortgage)
    for name in ("chance", "community-chest"):
        items = GAME.typed(name, EventCard)
        cards = deck.cards[name]
        assert len(cards) == sum(item.count for item in items) == 16
        assert all(any(card.item is item for item in items) and card.deck == name for card in cards)
    assert deck.start_cash == sum(bill.value * bill.per_player for bill in GAME.typed("bill", Bill))
    counts = {building.type: building.count for building in GAME.typed("building", Building)}
    assert (deck.houses, deck.hotels) == (counts["house"], counts["hotel"])
