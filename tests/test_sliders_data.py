"""The shipped Sliders sources against figures of the classic 1935 tables quoted by hand."""

from pathlib import Path

from generator.games import load_game
from generator.games.sliders.deck import load_deck

DECK = load_deck(load_game(Path(__file__).parents[1] / "components" / "sliders"))


def test_the_board_has_forty_squares_with_the_classic_corners():
    types = [square.type for square in DECK.squares]
    assert len(types) == 40
    assert (types[0], types[10], types[20], types[30]) == ("go", "slidecage", "free", "go-to-slidecage")
    assert [sq for sq, t in enumerate(types) if t == "chance"] == [7, 22, 36]
    assert [sq for sq, t in enumerate(types) if t == "community-chest"] == [2, 17, 33]


def test_the_seed_names_the_first_two_groups():
    names = [DECK.deeds[sq].name for sq in (1, 3, 6, 8, 9)]
    assert names == ["Earth Prime", "Kromagg Prime", "Desert World", "Water World", "Ice World"]


def test_cheapest_and_dearest_deeds_follow_the_classic_cards():
    mediterranean, boardwalk = DECK.deeds[1], DECK.deeds[39]
    assert (mediterranean.price, mediterranean.rent, mediterranean.house_cost) == (60, (2, 10, 30, 90, 160, 250), 50)
    assert (boardwalk.price, boardwalk.rent, boardwalk.house_cost, boardwalk.mortgage) == (
        400,
        (50, 200, 600, 1400, 1700, 2000),
        200,
        200,
    )
    illinois = DECK.deeds[24]
    assert (illinois.price, illinois.rent[4], illinois.house_cost) == (240, 925, 150)


def test_railroads_utilities_and_taxes():
    for sq in (5, 15, 25, 35):
        assert (DECK.deeds[sq].price, DECK.deeds[sq].rent) == (200, (25, 50, 100, 200))
    for sq in (12, 28):
        assert (DECK.deeds[sq].price, DECK.deeds[sq].rent) == (150, (4, 10))
    assert (DECK.squares[4].amount, DECK.squares[4].percent) == (200, 10)
    assert DECK.squares[38].amount == 75


def test_group_sizes_and_the_supply():
    sizes = sorted(len(squares) for group, squares in DECK.groups.items())
    assert sizes == [2, 2, 2, 3, 3, 3, 3, 3, 3, 4]  # brown, dark blue, utilities ... railroads
    assert (DECK.start_cash, DECK.houses, DECK.hotels) == (1500, 32, 12)
    assert [len(DECK.cards[deck]) for deck in ("chance", "community-chest")] == [16, 16]
