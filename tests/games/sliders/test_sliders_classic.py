"""The classic tables (generator/games/sliders/classic.py) hold the standard 1935 US board as
it is widely published: the corners, where the cards, taxes, lines and utilities lie, house
costs by side of the board, mortgages at half the price, and the card mixes of 16; and the
shipped Sliders deck (components/sliders) follows them square for square."""

import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

from generator.games import load_game
from generator.games.sliders.classic import CARDS, CHANCE, COMMUNITY_CHEST, HOTELS, HOUSES, SQUARES, START_CASH
from generator.games.sliders.deck import load_deck

DECK = load_deck(load_game(Path(__file__).resolve().parents[3] / "components" / "sliders"))


def where(type_: str) -> list[int]:
    return [index for index, square in enumerate(SQUARES) if square.type == type_]


def test_the_board_has_its_corners_and_its_special_squares_where_the_classic_board_has_them():
    assert len(SQUARES) == 40
    assert [SQUARES[i].type for i in (0, 10, 20, 30)] == ["go", "slidecage", "free", "go-to-slidecage"]
    assert where("railroad") == [5, 15, 25, 35]
    assert where("utility") == [12, 28]
    assert where("chance") == [7, 22, 36]
    assert where("community-chest") == [2, 17, 33]
    assert where("tax") == [4, 38]
    assert [SQUARES[i].amount for i in (0, 4, 38)] == [200, 200, 75]  # salary, income and luxury tax
    assert len(where("property")) == 22


def test_sites_come_in_eight_groups_each_on_one_side():
    groups = Counter(square.group for square in SQUARES if square.type == "property")
    assert groups == {
        "brown": 2,
        "light-blue": 3,
        "pink": 3,
        "orange": 3,
        "red": 3,
        "yellow": 3,
        "green": 3,
        "dark-blue": 2,
    }
    for group in groups:
        sides = {index // 10 for index, square in enumerate(SQUARES) if square.group == group}
        assert len(sides) == 1, group


def test_houses_cost_fifty_more_on_each_side_and_every_mortgage_is_half_the_price():
    for index, square in enumerate(SQUARES):
        if square.type == "property":
            assert square.house_cost == 50 * (index // 10 + 1), index
        if square.price:
            assert square.mortgage == square.price // 2, index


def test_site_rents_rise_with_every_building_from_mediterranean_to_boardwalk():
    sites = [square for square in SQUARES if square.type == "property"]
    for site in sites:
        assert len(site.rent) == 6
        assert all(a < b for a, b in pairwise(site.rent)), site
    assert sites[0].price == 60 and sites[0].rent[0] == 2  # Mediterranean Avenue
    assert sites[-1].price == 400 and sites[-1].rent == (50, 200, 600, 1400, 1700, 2000)  # Boardwalk
    assert SQUARES[5].rent == (25, 50, 100, 200) and SQUARES[12].rent == (4, 10)


def test_each_card_mix_holds_sixteen_cards_and_the_chance_targets_are_on_the_board():
    assert CARDS == {"chance": CHANCE, "community-chest": COMMUNITY_CHEST}
    assert len(CHANCE) == len(COMMUNITY_CHEST) == 16
    for cards in CARDS.values():
        assert cards.count("get out of slidecage free") == 1
        assert cards.count("go to slidecage") == 1
    assert CHANCE.count("advance to nearest railroad, pay 2x rent") == 2
    targets = [int(card.split()[-1]) for card in CHANCE if re.fullmatch(r"advance to \d+", card)]
    # GO, Illinois Avenue, St. Charles Place, Reading Railroad, Boardwalk.
    assert targets == [0, 24, 11, 5, 39]
    assert [SQUARES[t].type for t in targets] == ["go", "property", "property", "railroad", "property"]
    assert (START_CASH, HOUSES, HOTELS) == (1500, 32, 12)


def test_the_shipped_deck_follows_the_classic_board_square_for_square():
    assert [square.type for square in DECK.squares] == [square.type for square in SQUARES]
    for index, title in DECK.deeds.items():
        classic = SQUARES[index]
        assert (title.price, title.rent, title.mortgage, title.house_cost) == (
            classic.price,
            classic.rent,
            classic.mortgage,
            classic.house_cost,
        ), title.name
    assert (DECK.start_cash, DECK.houses, DECK.hotels) == (START_CASH, HOUSES, HOTELS)
