"""Property (PropertyMixin, generator/games/sliders/property.py): rents, what buildings are
worth, the Sliding Tax's worth and the short game's valuation, what lifting a mortgage costs,
the cash a player could still raise, and which moves the building rules allow (evenly, on a
whole unmortgaged group, within the Bank's stock and the player's cash). Numbers are the
deeds' of components/sliders, worked out by hand."""

from generator.games.sliders.property import PropertyMixin
from generator.games.sliders.rules import HOTEL
from tests.games.sliders.test_sliders_rules import (
    DESERT,
    DYNASTY,
    EARTH,
    EAST_LINE,
    ICE,
    KROMAGG,
    NORTH_LINE,
    TIMER,
    WATER,
    WORMHOLE,
    game,
    own,
)


def test_site_rent_doubles_on_a_whole_group_and_follows_the_buildings():
    state = game()
    own(state, 1, EARTH)
    assert PropertyMixin.rent(state, EARTH) == 2
    own(state, 1, KROMAGG)
    assert PropertyMixin.owns_group(state, 1, "brown")
    assert PropertyMixin.rent(state, EARTH) == 4
    state.level[EARTH] = 2
    assert PropertyMixin.rent(state, EARTH) == 30
    state.level[EARTH] = HOTEL
    assert PropertyMixin.rent(state, EARTH) == 250


def test_line_and_utility_rents_go_by_how_many_the_owner_holds():
    state = game()
    own(state, 1, NORTH_LINE, EAST_LINE)
    assert PropertyMixin.rent(state, NORTH_LINE) == 50
    assert PropertyMixin.rent(state, NORTH_LINE, multiplier=2) == 100
    own(state, 1, TIMER)
    state.last_throw = 9
    assert PropertyMixin.rent(state, TIMER) == 4 * 9
    own(state, 1, WORMHOLE)
    assert PropertyMixin.rent(state, TIMER) == 10 * 9


def test_buildings_are_worth_their_houses_and_a_hotel_its_houses_turned_in_too():
    state = game()
    state.level[ICE] = 3
    assert PropertyMixin.building_value(state, ICE) == 3 * 50
    state.level[ICE] = HOTEL
    assert PropertyMixin.building_value(state, ICE) == 5 * 50
    short = game(short=True)
    short.level[ICE] = HOTEL
    assert PropertyMixin.building_value(short, ICE) == 4 * 50  # three houses and the hotel


def test_lifting_costs_the_mortgage_and_ten_percent_rounded_up():
    state = game()
    assert PropertyMixin.lift_cost(state, EARTH) == 30 + 3
    assert PropertyMixin.lift_cost(state, DYNASTY) == 200 + 20
    assert PropertyMixin.lift_cost(state, TIMER) == 75 + 8  # $7.50 rounded up


def test_worth_counts_printed_prices_and_valuation_halves_mortgaged_ones():
    state = game()
    own(state, 0, EARTH, KROMAGG)
    state.mortgaged[EARTH] = True
    state.level[KROMAGG] = 2
    assert PropertyMixin.worth(state, 0) == 1500 + 60 + 60 + 100
    assert PropertyMixin.valuation(state, 0) == 1500 + 30 + 60 + 100
    assert PropertyMixin.worth(state, 1) == PropertyMixin.valuation(state, 1) == 1500


def test_cash_still_to_raise_is_half_the_buildings_and_the_unmortgaged_deeds():
    state = game()
    own(state, 0, EARTH, KROMAGG, NORTH_LINE)
    state.mortgaged[NORTH_LINE] = True
    state.level[EARTH] = state.level[KROMAGG] = 1
    assert PropertyMixin.raisable(state, 0) == (50 + 50) // 2 + 30 + 30


def test_houses_go_up_evenly_and_come_down_from_the_highest():
    state = game()
    own(state, 0, DESERT, WATER, ICE)
    state.level[DESERT], state.level[WATER] = 2, 2
    state.level[ICE] = 1
    moves = PropertyMixin.manage_actions(state, 0)
    assert sorted(map(str, moves)) == sorted(
        map(str, [("sell", DESERT), ("sell", WATER), ("sell_all", "light-blue"), ("build", ICE)])
    )
    assert PropertyMixin.places(state, 0, "house") == [ICE]
    assert PropertyMixin.places(state, 0, "hotel") == []


def test_nothing_is_built_on_a_broken_or_mortgaged_group_or_without_cash_or_stock():
    state = game()
    own(state, 0, DESERT, WATER)
    assert [m for m in PropertyMixin.manage_actions(state, 0) if m[0] == "build"] == []
    own(state, 0, ICE)
    state.mortgaged[ICE] = True
    assert sorted(PropertyMixin.manage_actions(state, 0)) == [("lift", ICE), ("mortgage", DESERT), ("mortgage", WATER)]
    poor = game()
    own(poor, 0, DESERT, WATER, ICE)
    poor.cash[0] = 49  # a house costs $50
    assert [m for m in PropertyMixin.manage_actions(poor, 0) if m[0] == "build"] == []
    empty = game()
    own(empty, 0, DESERT, WATER, ICE)
    empty.bank_houses = 0
    assert [m for m in PropertyMixin.manage_actions(empty, 0) if m[0] == "build"] == []


def test_raising_cash_sells_buildings_before_a_group_can_be_mortgaged():
    state = game()
    own(state, 0, EARTH, KROMAGG, TIMER)
    state.level[EARTH] = 1
    assert PropertyMixin.raise_actions(state, 0) == [("sell", EARTH), ("sell_all", "brown"), ("mortgage", TIMER)]
