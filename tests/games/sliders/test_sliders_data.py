"""The shipped Sliders sources against figures of the classic 1935 tables quoted by hand."""

import shutil
from pathlib import Path

from generator.games import load_game
from generator.games.sliders.deck import load_deck

ROOT = Path(__file__).parents[3]
DECK = load_deck(load_game(ROOT / "components" / "sliders"))


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


def test_whole_numbers_written_with_a_decimal_point_are_read_as_ints(tmp_path):
    """60.0 passes the schemas' whole-number checks (as in a CSV cell); the deck holds 60,
    as the compiled engine's fields take ints only."""
    folder = tmp_path / "sliders"
    shutil.copytree(ROOT / "components" / "sliders", folder)
    deeds = folder / "deeds.yaml"
    deeds.write_text(deeds.read_text().replace("price: 60\n", "price: 60.0\n", 1).replace("[2, 10,", "[2.0, 10,", 1))
    board = folder / "board.yaml"
    board.write_text(board.read_text().replace("salary: 200}", "salary: 200.0}", 1))
    money = folder / "money.yaml"
    money.write_text(money.read_text().replace("{value: 1, per_player: 5,", "{value: 1.0, per_player: 5,", 1))
    deck = load_deck(load_game(folder))
    earth = deck.deeds[1]
    assert (earth.price, earth.rent[0], deck.squares[0].salary) == (60, 2, 200)
    assert all(type(n) is int for n in (earth.price, *earth.rent, deck.squares[0].salary, deck.start_cash))
    assert deck.start_cash == load_deck(load_game(ROOT / "components" / "sliders")).start_cash
