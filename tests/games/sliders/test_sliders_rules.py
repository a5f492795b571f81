"""Each seed rule of the Sliders game, played with fixed dice."""

import pickle
import random
from collections import deque
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.sliders.deck import load_deck
from generator.games.sliders.rules import (
    AUCTION,
    BUY,
    DEBT,
    HOTEL,
    OFFER,
    OVER,
    POST,
    START,
    TAX,
    TRANSFER,
    Rules,
)
from generator.games.sliders.state import Debt, SlidersEnding, SlidersState
from generator.games.sliders.trades import Trade

DECK = load_deck(load_game(Path(__file__).parents[3] / "components" / "sliders"))

# Squares of the board, by the seed's numbering from GO.
EARTH, KROMAGG, SLIDING_TAX, NORTH_LINE, DESERT, WATER, ICE = 1, 3, 4, 5, 6, 8, 9
CAGE, TIMER, EAST_LINE, SOUTH_LINE, WORMHOLE, WEST_LINE = 10, 12, 15, 25, 28, 35
CHEST, CHANCE, AZURE, LUXURY, DYNASTY = 2, 7, 37, 38, 39


class Dice:
    """Throws given in advance; a throw nobody scripted fails the test."""

    def __init__(self, *throws: tuple[int, int]):
        self.throws = deque(throws)

    def __call__(self) -> tuple[int, int]:
        assert self.throws, "the rules threw the dice more often than the test expected"
        return self.throws.popleft()


def game(*throws, players=2, first=0, **rules) -> SlidersState:
    """A fresh game whose opening roll seat `first` wins, then the given throws."""
    opening = [(6, 6) if seat == first else (1, 2) for seat in range(players)]
    state = SlidersState(DECK, players, random.Random(1), Rules(**rules), Dice(*opening, *throws))
    assert state.current_player() == first
    return state


def end_of_turn(**rules) -> SlidersState:
    """Seat 0 has thrown (4, 6) to Just Visiting: property is managed now."""
    state = game((4, 6), **rules)
    state.apply("roll")
    assert state.phase == POST and state.pos[0] == CAGE
    return state


def own(state: SlidersState, seat: int, *squares: int) -> None:
    for sq in squares:
        state.give(sq, seat)


def own_all(state: SlidersState, seat: int) -> None:
    own(state, seat, *DECK.deeds)


def on_top(state: SlidersState, pile: str, title: str) -> None:
    """Put the named card on top of its pile."""
    cards = state.piles[pile]
    card = next(c for c in cards if c.item.title == title)
    cards.remove(card)
    cards.appendleft(card)


def play(state: SlidersState, *actions) -> None:
    for action in actions:
        state.apply(action)
        assert state.invariant_violations() == []


# ---- the opening, movement, doubles, GO -------------------------------------------------------


def test_highest_opening_throw_starts_and_ties_throw_again():
    dice = Dice((3, 3), (6, 6), (6, 6), (1, 1), (5, 4))  # seats 1 and 2 tie on 12
    state = SlidersState(DECK, 3, random.Random(1), Rules(), dice)
    assert state.current_player() == 2
    assert not dice.throws


def test_a_throw_moves_the_token_and_an_unowned_deed_may_be_bought():
    state = game((1, 2))
    play(state, "roll")
    assert state.pos[0] == KROMAGG and state.phase == BUY
    play(state, "buy")
    assert state.owner[KROMAGG] == 0 and state.cash[0] == 1500 - 60
    assert state.phase == POST
    play(state, "end")
    assert state.current_player() == 1 and state.turns == 1


def test_doubles_throw_again_and_the_third_doubles_go_to_the_slidecage():
    state = game((5, 5), (1, 1), (3, 3))
    own_all(state, 0)
    play(state, "roll")
    assert state.pos[0] == CAGE and not state.caged[0] and state.phase == START
    play(state, "roll")
    assert state.pos[0] == TIMER and state.phase == START
    play(state, "roll")
    assert state.pos[0] == CAGE and state.caged[0] and state.phase == POST


def test_passing_go_pays_the_salary():
    state = game((2, 3))
    own_all(state, 0)
    state.pos[0] = 36
    play(state, "roll")
    assert state.pos[0] == EARTH and state.cash[0] == 1500 + 200


def test_the_slide_to_go_card_just_past_go_pays_the_salary_twice():
    state = game((1, 3))
    state.pos[0] = LUXURY
    on_top(state, "community-chest", "Slide to GO")
    play(state, "roll")
    assert state.pos[0] == 0 and state.cash[0] == 1500 + 400


# ---- buying, auctions, rent ------------------------------------------------------------------


def test_a_declined_deed_goes_to_auction_and_the_highest_bidder_pays_the_bank():
    state = game((1, 2))
    play(state, "roll", "decline")
    assert state.phase == AUCTION and state.current_player() == 0
    play(state, ("bid", 1))
    assert state.current_player() == 1
    play(state, ("bid", 26))
    play(state, "pass")
    assert state.owner[KROMAGG] == 1 and state.cash == [1500, 1500 - 26]
    assert state.phase == POST and state.current_player() == 0


def test_an_auction_nobody_bids_in_leaves_the_deed_with_the_bank():
    state = game((1, 2))
    play(state, "roll", "decline", "pass", "pass")
    assert state.owner[KROMAGG] == -1 and state.phase == POST


def test_a_player_who_cannot_pay_the_price_may_only_decline():
    state = game((1, 2))
    broke(state, 0, 59)
    play(state, "roll")
    assert state.legal_actions() == ["decline"]


@pytest.mark.parametrize(
    "whole_group, mortgaged_other, rent",
    [
        (False, False, 4),
        (True, False, 8),
        (True, True, 8),
    ],
)
def test_site_rent_doubles_on_a_whole_group_even_with_one_deed_mortgaged(whole_group, mortgaged_other, rent):
    state = game((1, 2))
    own(state, 1, KROMAGG, *([EARTH] if whole_group else []))
    state.mortgaged[EARTH] = mortgaged_other
    play(state, "roll")
    assert state.cash == [1500 - rent, 1500 + rent]


def test_a_mortgaged_deed_earns_no_rent():
    state = game((1, 2))
    own(state, 1, KROMAGG)
    state.mortgaged[KROMAGG] = True
    play(state, "roll")
    assert state.cash == [1500, 1500] and state.phase == POST


def test_rent_with_houses_and_hotel_follows_the_deed():
    state = game((1, 2), players=3)
    own(state, 1, EARTH, KROMAGG)
    state.level[EARTH], state.level[KROMAGG] = HOTEL, HOTEL
    state.bank_hotels -= 2
    play(state, "roll")
    assert state.cash[0] == 1500 - 450  # Kromagg Prime's hotel rent


@pytest.mark.parametrize("lines, rent", [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_railroad_rent_goes_by_the_number_of_lines_owned(lines, rent):
    state = game((2, 3))
    own(state, 1, *[NORTH_LINE, EAST_LINE, SOUTH_LINE, WEST_LINE][:lines])
    play(state, "roll")
    assert state.cash == [1500 - rent, 1500 + rent]


@pytest.mark.parametrize("both, rent", [(False, 4 * 7), (True, 10 * 7)])
def test_utility_rent_is_the_throw_times_four_or_ten(both, rent):
    state = game((3, 4))
    state.pos[0] = 5
    own(state, 1, TIMER, *([WORMHOLE] if both else []))
    play(state, "roll")
    assert state.cash == [1500 - rent, 1500 + rent]


# ---- building and selling ---------------------------------------------------------------------


def test_houses_are_built_evenly_and_a_hotel_follows_four_houses():
    state = end_of_turn()
    own(state, 0, EARTH, KROMAGG)
    assert ("build", EARTH) in state.legal_actions()
    play(state, ("build", EARTH))
    assert ("build", EARTH) not in state.legal_actions()
    for _ in range(3):
        play(state, ("build", KROMAGG), ("build", EARTH))
    play(state, ("build", KROMAGG))
    assert state.level[EARTH] == state.level[KROMAGG] == 4 and state.bank_houses == 32 - 8
    play(state, ("build", EARTH))
    assert state.level[EARTH] == HOTEL and state.bank_houses == 32 - 4 and state.bank_hotels == 11
    assert state.cash[0] == 1500 - 9 * 50
    assert ("build", EARTH) not in state.legal_actions()


def test_no_building_on_an_incomplete_or_mortgaged_group():
    state = end_of_turn()
    own(state, 0, DESERT, WATER)
    assert not [a for a in state.legal_actions() if a[0] == "build"]
    own(state, 0, ICE)
    state.mortgaged[ICE] = True
    assert not [a for a in state.legal_actions() if a[0] == "build"]
    state.mortgaged[ICE], state._legal = False, None
    builds = [a for a in state.legal_actions() if a[0] == "build"]
    assert builds == [("build", DESERT), ("build", WATER), ("build", ICE)]


def test_property_is_managed_before_and_after_the_throw():
    """ "a player may buy and erect at any time": between turns, so before a throw too."""
    state = game((4, 6))
    own(state, 0, EARTH, KROMAGG)
    assert state.legal_actions()[0] == "roll" and ("build", EARTH) in state.legal_actions()
    play(state, ("build", EARTH))
    assert state.phase == START and state.level[EARTH] == 1
    play(state, "roll")
    assert ("build", KROMAGG) in state.legal_actions() and "end" in state.legal_actions()


def test_the_building_shortage_stops_building():
    state = end_of_turn()
    own(state, 0, EARTH, KROMAGG)
    state.bank_houses = 0
    assert not [a for a in state.legal_actions() if a[0] == "build"]
    state.bank_houses, state._legal = 1, None
    assert [a for a in state.legal_actions() if a[0] == "build"]


def shortage(bank_houses: int) -> SlidersState:
    """Seat 0 may build on brown; seat 1 on pink, orange and red, where the other houses are."""
    state = end_of_turn()
    own(state, 0, EARTH, KROMAGG)
    houses = {11: 4, 13: 4, 14: 4, 16: 4, 18: 4, 19: 4, 21: 2, 23: 2, 24: 2}
    for sq, count in houses.items():
        own(state, 1, sq)
        state.level[sq] = count
    spare = 32 - sum(houses.values()) - bank_houses
    state.level[DESERT] = state.level[WATER] = state.level[ICE] = 0
    own(state, 1, DESERT, WATER, ICE)
    for sq in (DESERT, WATER, ICE)[:spare]:
        state.level[sq] = 1
    state.bank_houses = bank_houses
    assert state.invariant_violations() == []
    return state


def test_the_last_houses_go_to_auction_when_several_players_want_them():
    state = shortage(bank_houses=1)
    play(state, ("build", EARTH))
    assert state.phase == AUCTION and state.auction.item == "house"
    play(state, ("bid", 50), "pass")
    assert state.current_player() == 0
    assert state.legal_actions() == [("place", EARTH), ("place", KROMAGG)]
    play(state, ("place", KROMAGG))
    assert state.level[KROMAGG] == 1 and state.bank_houses == 0 and state.cash[0] == 1450
    assert state.phase == POST and "end" in state.legal_actions()


def test_a_house_the_bank_has_enough_of_is_simply_bought():
    state = shortage(bank_houses=2)
    play(state, ("build", EARTH))
    assert state.level[EARTH] == 1 and state.cash[0] == 1450 and state.phase == POST


def test_the_short_game_needs_three_houses_for_a_hotel():
    state = end_of_turn(short=True)
    own(state, 0, EARTH, KROMAGG)
    for sq in (EARTH, KROMAGG):
        state.level[sq] = 3
    state.bank_houses -= 6
    play(state, ("build", EARTH))
    assert state.level[EARTH] == HOTEL and state.bank_houses == 32 - 3


def test_houses_sell_back_evenly_at_half_price():
    state = end_of_turn()
    own(state, 0, EARTH, KROMAGG)
    state.level[EARTH], state.level[KROMAGG] = 2, 1
    state.bank_houses -= 3
    actions = state.legal_actions()
    assert ("sell", EARTH) in actions and ("sell", KROMAGG) not in actions
    play(state, ("sell", EARTH))
    assert state.cash[0] == 1500 + 25 and state.bank_houses == 32 - 2


def test_a_hotel_breaks_down_to_houses_only_when_the_bank_has_them():
    state = end_of_turn()
    own(state, 0, EARTH, KROMAGG)
    state.level[EARTH], state.level[KROMAGG] = HOTEL, HOTEL
    state.bank_hotels -= 2
    elsewhere = {11: 4, 13: 4, 14: 4, 16: 4, 18: 4, 19: 4, 21: 2, 23: 2, 24: 1}
    for sq, houses in elsewhere.items():
        own(state, 1, sq)
        state.level[sq] = houses
    state.bank_houses = 32 - sum(elsewhere.values())
    assert state.bank_houses == 3 and state.invariant_violations() == []
    actions = state.legal_actions()
    assert ("sell", EARTH) not in actions and ("sell_all", "brown") in actions
    play(state, ("sell_all", "brown"))
    assert state.cash[0] == 1500 + 2 * 5 * 25
    assert state.level[EARTH] == state.level[KROMAGG] == 0 and state.bank_hotels == 12


# ---- mortgages ----------------------------------------------------------------------------


def test_mortgage_pays_half_and_lifting_costs_ten_percent_more():
    state = end_of_turn()
    own(state, 0, DESERT, WATER, ICE)
    play(state, ("mortgage", ICE))
    assert state.mortgaged[ICE] and state.cash[0] == 1500 + 60
    assert not [a for a in state.legal_actions() if a[0] == "build"]
    play(state, ("lift", ICE))
    assert not state.mortgaged[ICE] and state.cash[0] == 1500 + 60 - 66


def test_no_mortgage_while_the_group_has_buildings():
    state = end_of_turn()
    own(state, 0, EARTH, KROMAGG)
    state.level[KROMAGG] = 1
    state.bank_houses -= 1
    assert ("mortgage", EARTH) not in state.legal_actions()


# ---- the Slidecage --------------------------------------------------------------------------


def caged(*throws, tries=0) -> SlidersState:
    state = game(*throws)
    own_all(state, 0)
    state.pos[0], state.caged[0], state.cage_tries[0] = CAGE, True, tries
    return state


def test_doubles_in_the_slidecage_move_out_without_another_throw():
    state = caged((2, 2))
    play(state, "roll")
    assert not state.caged[0] and state.pos[0] == 14 and state.phase == POST


def test_a_failed_throw_stays_in_the_slidecage():
    state = caged((1, 2))
    play(state, "roll")
    assert state.caged[0] and state.pos[0] == CAGE and state.cage_tries[0] == 1


def test_the_fine_is_paid_before_throwing_on_the_first_two_turns_only():
    state = caged((1, 2))
    assert "fine" in state.legal_actions()
    play(state, "fine", "roll")
    assert not state.caged[0] and state.pos[0] == 13 and state.cash[0] == 1450
    assert "fine" not in caged(tries=2).legal_actions()


def test_the_third_failed_throw_pays_the_fine_and_moves():
    state = caged((1, 2), tries=2)
    play(state, "roll")
    assert not state.caged[0] and state.pos[0] == 13 and state.cash[0] == 1450


def test_the_get_out_card_frees_and_returns_under_its_deck():
    state = caged((1, 2))
    on_top(state, "chance", "Get Out of the Slidecage Free")
    card = state.piles["chance"].popleft()
    state.held[0].append(card)
    play(state, "card")
    assert not state.caged[0] and state.piles["chance"][-1] is card and not state.held[0]


# ---- taxes -----------------------------------------------------------------------------------


def test_the_sliding_tax_is_chosen_before_worth_is_added_up():
    state = game((1, 3), (1, 3))
    play(state, "roll")
    assert state.phase == TAX and state.legal_actions() == ["flat", "percent"]
    play(state, "flat")
    assert state.cash[0] == 1300
    play(state, "end", "roll")
    own(state, 1, DESERT)
    state.mortgaged[DESERT] = True  # printed price counts even when mortgaged
    play(state, "percent")
    assert state.cash[1] == 1500 - (1500 + 100) // 10


def test_the_luxury_tax_is_paid_to_the_bank():
    state = game((1, 1), (1, 2))
    own_all(state, 0)
    state.pos[0] = 36
    play(state, "roll")
    assert state.pos[0] == LUXURY and state.cash[0] == 1500 - 75


# ---- cards --------------------------------------------------------------------------------


def test_go_back_three_spaces_lands_on_the_square_behind():
    state = game((3, 4))
    on_top(state, "chance", "Go back three spaces")
    play(state, "roll")
    assert state.pos[0] == SLIDING_TAX and state.phase == TAX


def test_the_nearest_vortex_line_card_pays_twice_the_rent():
    state = game((3, 4))
    own(state, 1, EAST_LINE, SOUTH_LINE)
    on_top(state, "chance", "Nearest vortex line")
    play(state, "roll")
    assert state.pos[0] == EAST_LINE and state.cash == [1500 - 100, 1500 + 100]


def test_the_nearest_utility_card_pays_ten_times_a_new_throw():
    state = game((3, 4), (2, 3))
    own(state, 1, TIMER)
    on_top(state, "chance", "Nearest utility")
    play(state, "roll")
    assert state.pos[0] == TIMER and state.cash == [1500 - 50, 1500 + 50]


def test_repairs_are_charged_per_house_and_hotel():
    state = game((1, 1))
    own(state, 0, EARTH, KROMAGG)
    state.level[EARTH], state.level[KROMAGG] = 4, HOTEL
    state.bank_houses -= 4
    state.bank_hotels -= 1
    on_top(state, "community-chest", "Street repairs")
    play(state, "roll")
    assert state.cash[0] == 1500 - (4 * 40 + 115)


def test_collect_from_each_player_makes_a_short_player_raise_cash():
    state = game((1, 1))
    broke(state, 1, 20)
    own(state, 1, AZURE)
    on_top(state, "community-chest", "Rembrandt's opening night")
    play(state, "roll")
    assert state.phase == DEBT and state.current_player() == 1
    assert state.legal_actions() == [("mortgage", AZURE)]
    play(state, ("mortgage", AZURE))
    assert state.cash == [1550, 20 + 175 - 50] and state.current_player() == 0


def test_pay_each_player_pays_everyone_still_in():
    state = game((3, 4), players=3)
    on_top(state, "chance", "Chairman of the Sliders")
    play(state, "roll")
    assert state.cash == [1400, 1550, 1550]


def test_the_go_to_the_slidecage_card_sends_without_salary():
    state = game((3, 4))
    state.pos[0] = 29
    on_top(state, "chance", "Go to the Slidecage")
    play(state, "roll")
    assert state.pos[0] == CAGE and state.caged[0] and state.cash[0] == 1500


# ---- bankruptcy and the end ---------------------------------------------------------------


def broke(state: SlidersState, seat: int, cash: int) -> None:
    """Leave a seat with only `cash` (the rest back to the Bank, so the ledger holds)."""
    state.ledger -= state.cash[seat] - cash
    state.cash[seat] = cash


@pytest.mark.parametrize(
    "deeds, legal",
    [
        ((EARTH, DESERT), [("mortgage", EARTH), ("mortgage", DESERT)]),  # $10 + 30 + 50 >= $75
        ((EARTH,), ["bankrupt"]),  # $10 + 30 < $75
    ],
)
def test_bankruptcy_is_legal_only_when_nothing_more_can_be_raised(deeds, legal):
    state = game((1, 1))
    own(state, 0, *deeds)
    state.pos[0] = 36
    broke(state, 0, 10)
    play(state, "roll")
    assert state.pos[0] == LUXURY and state.phase == DEBT
    assert state.legal_actions() == legal


def test_bankruptcy_to_a_player_hands_over_cash_deeds_and_half_the_buildings():
    state = game((1, 1), players=3)
    own(state, 0, EARTH, KROMAGG, DESERT)
    state.level[EARTH] = state.level[KROMAGG] = 1
    state.mortgaged[DESERT] = True
    own(state, 1, AZURE, DYNASTY)
    state.level[AZURE] = state.level[DYNASTY] = HOTEL
    state.bank_houses, state.bank_hotels = 32 - 2, 12 - 2
    state.pos[0] = AZURE
    broke(state, 0, 30)
    play(state, "roll")
    assert state.pos[0] == DYNASTY and state.legal_actions() == ["bankrupt"]
    play(state, "bankrupt")
    assert [state.owner[sq] for sq in (EARTH, KROMAGG, DESERT)] == [1, 1, 1]
    assert state.level[EARTH] == state.level[KROMAGG] == 0 and state.bank_houses == 32
    assert state.cash[1] == 1500 + 30 + 2 * 25 - 5  # cash, houses at half, 10% on Desert
    assert state.phase == TRANSFER
    play(state, "keep")
    assert state.mortgaged[DESERT] and state.current_player() == 1 and state.phase == START


def test_a_bankrupt_debtor_of_a_player_transfers_mortgaged_deeds_with_interest():
    state = game((1, 1), players=3)
    own(state, 0, ICE)
    state.mortgaged[ICE] = True
    own(state, 1, DYNASTY)
    state.pos[0] = AZURE
    broke(state, 0, 40)
    play(state, "roll")
    assert state.legal_actions() == ["bankrupt"]
    play(state, "bankrupt")
    assert state.owner[ICE] == 1 and state.cash[1] == 1500 + 40 - 6
    assert state.phase == TRANSFER and ("lift_now", ICE) in state.legal_actions()
    play(state, ("lift_now", ICE))
    assert not state.mortgaged[ICE] and state.cash[1] == 1500 + 40 - 6 - 60
    assert state.current_player() == 1 and state.phase == START and not state.alive[0]


def test_a_bankrupt_debtor_of_the_bank_has_his_deeds_auctioned():
    state = game((1, 1), players=3)
    own(state, 0, EARTH)
    state.mortgaged[EARTH] = True
    state.pos[0] = 36
    broke(state, 0, 10)
    play(state, "roll")
    assert state.legal_actions() == ["bankrupt"]
    play(state, "bankrupt")
    assert state.phase == AUCTION and state.owner[EARTH] == -1 and not state.mortgaged[EARTH]
    assert state.current_player() == 1
    play(state, ("bid", 5), "pass")
    assert state.owner[EARTH] == 1 and state.current_player() == 1 and state.phase == START


def test_the_last_player_left_wins():
    state = game((1, 1))
    own(state, 1, DYNASTY)
    state.pos[0] = AZURE
    broke(state, 0, 10)
    play(state, "roll", "bankrupt")
    assert state.phase == OVER and state.is_terminal()
    scores = state.returns()
    assert scores[1] > scores[0] and scores[1] == 1500 + 10 + 400


def test_the_short_game_deals_two_deeds_each_and_ends_at_the_second_bankruptcy():
    state = game((1, 1), (1, 1), short=True, players=3)
    assert [state.owner.count(seat) for seat in range(3)] == [2, 2, 2]
    for seat in range(3):
        price = sum(d.price for sq, d in DECK.deeds.items() if state.owner[sq] == seat)
        assert state.cash[seat] == 1500 - price
    for sq in DECK.deeds:
        if state.owner[sq] in (0, 1):
            state.give(sq, -1)
    for seat in (0, 1):
        state.pos[seat] = 36
        broke(state, seat, 0)
    play(state, "roll", "bankrupt")
    assert not state.is_terminal() and state.current_player() == 1
    play(state, "roll", "bankrupt")
    assert state.is_terminal() and state.bust_order == [0, 1]
    scores = state.returns()
    assert scores[2] == state.valuation(2) > scores[1] > scores[0]


def test_the_short_game_valuation_halves_mortgaged_deeds_and_counts_buildings_at_cost():
    state = game(short=True)
    for sq in DECK.deeds:
        state.give(sq, -1)
    own(state, 0, EARTH, KROMAGG, DESERT)
    state.mortgaged[DESERT] = True
    state.level[EARTH], state.level[KROMAGG] = HOTEL, 3
    assert state.valuation(0) == state.cash[0] + 60 + 60 + 50 + 4 * 50 + 3 * 50


def test_the_time_limit_game_ends_after_its_turns_richest_first():
    state = game((1, 2), (1, 2), time_limit=2)
    assert sum(state.owner.count(seat) for seat in range(2)) == 4  # two deeds dealt each
    own_all(state, 0)
    before = list(state.cash)
    play(state, "roll", "end", "roll")
    assert state.cash == [before[0] + 8, before[1] - 8] and not state.is_terminal()
    play(state, "end")
    assert state.is_terminal() and state.turns == 2 and not state.capped
    scores = state.returns()
    assert scores == [state.valuation(0), state.valuation(1)] and scores[0] > scores[1]


def test_the_turn_cap_ends_the_game_as_capped():
    state = game((1, 2), max_turns=1)
    own_all(state, 0)
    play(state, "roll", "end")
    assert state.is_terminal() and state.capped


def test_an_offer_for_the_missing_deed_of_a_group_is_answered_by_its_owner():
    state = end_of_turn()
    own(state, 0, EARTH)
    own(state, 1, KROMAGG)
    offer = ("offer", Trade(1, take=(KROMAGG,), cash=90))
    assert offer in state.legal_actions()
    play(state, offer)
    assert state.phase == OFFER and state.current_player() == 1
    play(state, "accept")
    assert state.owner[KROMAGG] == 0 and state.cash == [1410, 1590]
    assert state.phase == POST and not [a for a in state.legal_actions() if a[0] == "offer"]


def test_a_mortgaged_deed_sold_privately_costs_the_buyer_ten_percent_interest():
    state = end_of_turn()
    own(state, 0, DESERT, WATER)
    own(state, 1, ICE)
    state.mortgaged[ICE] = True
    play(state, ("offer", Trade(1, take=(ICE,), cash=120)), "accept")
    assert state.owner[ICE] == 0 and state.cash == [1500 - 120 - 6, 1500 + 120]
    assert state.phase == TRANSFER and state.current_player() == 0
    play(state, "keep")
    assert state.mortgaged[ICE] and state.phase == POST
    play(state, ("lift", ICE))  # lifting later costs the interest again
    assert state.cash[0] == 1500 - 120 - 6 - 66


# ---- the invariants the harness checks ----------------------------------------------------


@pytest.mark.parametrize(
    "breakage, expected",
    [
        (lambda s: s.cash.__setitem__(0, 1499), "ledger"),
        (lambda s: setattr(s, "bank_houses", 31), "houses"),
        (lambda s: s.held[0].append(s.piles["chance"][0]), "event cards"),
        (lambda s: (on_top(s, "chance", "Dividend"), s.held[0].append(s.piles["chance"].popleft())), "holds"),
        (lambda s: s.mortgaged.__setitem__(EARTH, True), "Bank is mortgaged"),
        (lambda s: s.owner.__setitem__(CHANCE, 0), "no deed"),
        (lambda s: s.owner.__setitem__(EARTH, 2), "no seat"),
        (lambda s: (s.give(EARTH, 1), s.alive.__setitem__(1, False)), "bankrupt seat 1"),
        (
            lambda s: (own(s, 0, EARTH), s.level.__setitem__(EARTH, 1), setattr(s, "bank_houses", 31)),
            "outside a complete group",
        ),
        (lambda s: (own(s, 0, EARTH, KROMAGG), s.level.__setitem__(EARTH, 2), setattr(s, "bank_houses", 30)), "uneven"),
    ],
)
def test_each_invariant_catches_its_breakage(breakage, expected):
    state = game()
    assert state.invariant_violations() == []
    breakage(state)
    problems = state.invariant_violations()
    assert any(expected in problem for problem in problems), problems


def test_variant_options_are_read_and_checked():
    assert Rules.from_options({"short": True}) == Rules(short=True)
    assert Rules.from_options({"time_limit": True}).time_limit == 200
    given = {"time_limit": True, "time_limit_turns": 30, "max_turns": 90, "starting_money": 1000}
    assert Rules.from_options(given) == Rules(False, 30, 90, 1000)
    assert Rules.from_options({"time_limit_turns": 30}).time_limit == 0  # the variant is off
    bad_options = (
        {"turbo": True},
        {"max_turns": -1},
        {"time_limit": "soon"},
        {"time_limit": 30},
        {"time_limit": True, "time_limit_turns": 0},
        {"starting_money": 1.5},
    )
    for bad in bad_options:
        with pytest.raises(ValueError):
            Rules.from_options(bad)


# ---- where throws end (the landing figures) ---------------------------------------------


def test_a_throw_is_counted_once_where_the_card_it_drew_left_the_token():
    state = game((3, 4))
    own_all(state, 1)
    on_top(state, "chance", "Slide to GO")
    play(state, "roll")
    assert state.pos[0] == 0
    assert state.stats.landings[CHANCE] == 0 and state.stats.landings[0] == 1 and sum(state.stats.landings) == 1


def test_a_card_that_leaves_the_token_counts_on_its_square():
    state = game((3, 4))
    on_top(state, "chance", "Dividend")
    play(state, "roll")
    assert state.stats.landings[CHANCE] == 1 and sum(state.stats.landings) == 1


def test_throws_ending_in_the_slidecage_are_counted_on_its_square_and_apart_as_in_it():
    state = game((4, 6), (2, 3), (1, 2), (1, 2))  # seat 0 visits; seat 1 is sent in, then fails to get out
    own_all(state, 0)
    play(state, "roll", "end")
    state.pos[1] = 25
    play(state, "roll")
    assert state.pos[1] == CAGE and state.caged[1]
    play(state, "end", "roll", "end", "roll")
    assert state.caged[1] and state.cage_tries[1] == 1
    assert state.stats.landings[CAGE] == 3 and state.stats.in_cage == 2 and sum(state.stats.landings) == 4


# ---- managing property between turns ----------------------------------------------------


def test_a_player_in_the_slidecage_may_mortgage_to_pay_the_fine():
    state = caged((1, 2))
    for sq in DECK.deeds:
        state.give(sq, -1)
    own(state, 0, EARTH)
    broke(state, 0, 20)
    assert "fine" not in state.legal_actions() and ("mortgage", EARTH) in state.legal_actions()
    play(state, ("mortgage", EARTH))
    assert state.phase == START and "fine" in state.legal_actions()
    play(state, "fine")
    assert not state.caged[0] and state.cash[0] == 20 + 30 - 50


def test_a_building_auction_before_the_throw_returns_to_the_throw():
    state = shortage(bank_houses=1)
    state.phase, state._legal = START, None
    play(state, ("build", EARTH))
    assert state.phase == AUCTION
    play(state, ("bid", 50), "pass", ("place", EARTH))
    assert state.level[EARTH] == 1 and state.phase == START and state.legal_actions()[0] == "roll"


# ---- trades -----------------------------------------------------------------------------


def offers(state: SlidersState) -> list[Trade]:
    return [a[1] for a in state.legal_actions() if a[0] == "offer"]


def test_a_get_out_card_is_sold_to_a_player_in_the_slidecage():
    state = caged((1, 2))
    on_top(state, "chance", "Get Out of the Slidecage Free")
    state.held[1].append(state.piles["chance"].popleft())
    card = state.held[1][0]
    assert Trade(1, card=1, cash=25) in offers(state) and Trade(1, card=1, cash=50) in offers(state)
    play(state, ("offer", Trade(1, card=1, cash=25)))
    assert state.current_player() == 1 and state.legal_actions() == ["accept", "refuse"]
    play(state, "accept")
    assert state.held == [[card], []] and state.cash == [1500 - 25, 1500 + 25] and state.phase == START
    assert not offers(state)  # one proposal a throw
    play(state, "card")
    assert not state.caged[0] and state.piles["chance"][-1] is card


def test_a_holder_sells_the_card_to_a_player_in_the_slidecage():
    state = end_of_turn()
    state.held[0].append(next(c for c in state.piles["chance"] if c.effect.op == "get_out"))
    state.piles["chance"].remove(state.held[0][0])
    assert not offers(state)  # nobody is in the Slidecage
    state.caged[1], state.pos[1], state._legal = True, CAGE, None
    assert Trade(1, card=-1, cash=-50) in offers(state)
    play(state, ("offer", Trade(1, card=-1, cash=-50)), "accept")
    assert len(state.held[1]) == 1 and state.cash == [1550, 1450]


def test_deeds_are_swapped_between_groups_the_difference_in_price_paid():
    state = end_of_turn()
    own(state, 0, EARTH, WATER)  # lacks Kromagg Prime, which seat 1 holds
    own(state, 1, KROMAGG, DESERT, ICE)  # lacks Water World, which seat 0 holds
    swap = Trade(1, give=(WATER,), take=(KROMAGG,), cash=60 - 100)
    assert swap in offers(state)
    assert not [t for t in offers(state) if t.give and t.take and t.give != (WATER,)]
    play(state, ("offer", swap), "accept")
    assert state.owns_group(0, "brown") and state.owns_group(1, "light-blue")
    assert state.cash == [1500 + 40, 1500 - 40]


def test_an_owner_offers_the_deed_another_lacks_and_a_refusal_changes_nothing():
    state = end_of_turn()
    own(state, 0, KROMAGG)
    own(state, 1, EARTH)
    sale = Trade(1, give=(KROMAGG,), cash=-90)
    assert sale in offers(state) and Trade(1, give=(KROMAGG,), cash=-120) in offers(state)
    play(state, ("offer", sale), "refuse")
    assert state.owner[KROMAGG] == 0 and state.cash == [1500, 1500] and state.phase == POST
    assert not offers(state)


def test_a_mortgaged_deed_bought_before_the_throw_returns_to_the_throw():
    state = game((1, 2))
    own(state, 0, DESERT, WATER)
    own(state, 1, ICE)
    state.mortgaged[ICE] = True
    play(state, ("offer", Trade(1, take=(ICE,), cash=120)), "accept")
    assert state.phase == TRANSFER and state.cash[0] == 1500 - 120 - 6
    play(state, "keep")
    assert state.phase == START and state.legal_actions()[0] == "roll"


def test_nobody_may_pay_more_than_the_cash_in_hand():
    state = end_of_turn()
    own(state, 0, EARTH)
    own(state, 1, KROMAGG)
    broke(state, 0, 89)
    broke(state, 1, 89)
    assert [t.cash for t in offers(state)] == [60]  # no 90, 120, or sale at 90: no lending between players


# ---- the opening, the end, the supply ---------------------------------------------------


def test_the_first_player_is_the_opening_roll_winner():
    assert game(first=1).first_player == 1
    firsts = {SlidersState(DECK, 4, random.Random(seed), Rules()).first_player for seed in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_how_a_game_ended_is_said():
    state = game((1, 1))
    own(state, 1, DYNASTY)
    state.pos[0] = AZURE
    broke(state, 0, 10)
    with pytest.raises(ValueError, match="has not ended"):
        state.end_reason()
    play(state, "roll", "bankrupt")
    assert state.end_reason() is SlidersEnding.LAST_PLAYER_LEFT
    capped = game((1, 2), max_turns=1)
    own_all(capped, 0)
    play(capped, "roll", "end")
    assert capped.end_reason() is SlidersEnding.TURN_CAP


def test_buildings_in_play_are_recorded_at_their_peak():
    state = end_of_turn()
    own(state, 0, EARTH, KROMAGG)
    for _ in range(4):
        play(state, ("build", EARTH), ("build", KROMAGG))
    assert state.peak_in_play["houses"] == 8
    play(state, ("build", EARTH))
    assert state.peak_in_play == {"houses": 8, "hotels": 1}
    play(state, ("sell", EARTH))  # the hotel back to four houses
    assert state.peak_in_play["houses"] == 8 and 32 - state.bank_houses == 8
    play(state, ("sell", KROMAGG), ("sell", EARTH), ("build", KROMAGG), ("build", EARTH))
    assert state.peak_in_play["houses"] == 8


A_TRADE = Trade(1, give=(3,), take=(6,), cash=-90, card=1)
A_DEBT = Debt(0, 50, None)


@pytest.mark.parametrize(
    ("value", "same", "others", "shown"),
    [
        (
            A_TRADE,
            Trade(1, (3,), (6,), -90, 1),
            [Trade(2, (3,), (6,), -90, 1), Trade(1, (), (6,), -90, 1), Trade(1, (3,), (), -90, 1)]
            + [Trade(1, (3,), (6,), -91, 1), Trade(1, (3,), (6,), -90, 0)],
            "Trade(partner=1, give=(3,), take=(6,), cash=-90, card=1)",
        ),
        (
            A_DEBT,
            Debt(0, 50, None),
            [Debt(1, 50, None), Debt(0, 51, None), Debt(0, 50, 2)],
            "Debt(debtor=0, amount=50, creditor=None)",
        ),
    ],
    ids=["trade", "debt"],
)
def test_a_trade_and_a_debt_are_values(value, same, others, shown):
    """Compared, hashed, shown and pickled by all their fields, as the dataclasses they were:
    a value differing in any one field is another value."""
    assert value == same and hash(value) == hash(same)
    assert all(value != other and hash(value) != hash(other) for other in others)
    assert value != (1, (3,), (6,), -90, 1)
    assert repr(value) == shown and shown.startswith(type(value).__name__ + "(")
    assert all(pickle.loads(pickle.dumps(each)) == each for each in [value, *others])
    assert [pickle.loads(pickle.dumps(each)) for each in others] == others
