"""The Sliders heuristic (generator/games/sliders/policies.py) decides as its docstring says,
in positions set up by hand: it buys keeping a $50 reserve, bids up to the printed price
while keeping $150, picks the Sliding Tax's 10% only while it holds two deeds or fewer and no
buildings, raises cash by mortgaging the cheapest loose deed first, and leaves the Slidecage
with a card it holds."""

import random

import pytest

from generator.games.base import random_policy
from generator.games.sliders.policies import heuristic_policy, policies
from generator.games.sliders.rules import AUCTION, BUY, DEBT, START, TAX
from tests.games.sliders.test_sliders_rules import (
    EARTH,
    KROMAGG,
    LUXURY,
    NORTH_LINE,
    TIMER,
    WATER,
    broke,
    game,
    on_top,
    own,
    play,
)

RNG = random.Random(0)


def test_the_policies_are_the_random_one_and_the_heuristic():
    assert policies() == {"random": random_policy, "heuristic": heuristic_policy}


@pytest.mark.parametrize(("cash", "choice"), [(1500, "buy"), (110, "buy"), (109, "decline")])
def test_a_deed_is_bought_only_with_fifty_dollars_left_over(cash, choice):
    state = game((1, 2))
    broke(state, 0, cash)
    play(state, "roll")  # Kromagg Prime, $60
    assert state.phase == BUY
    assert heuristic_policy(state, RNG) == choice


@pytest.mark.parametrize(("cash", "bid"), [(1500, 50), (200, 50), (170, 10), (150, "pass")])
def test_bids_go_up_to_the_price_keeping_a_hundred_and_fifty(cash, bid):
    state = game((1, 2))
    broke(state, 0, cash)
    play(state, "roll", "decline")  # Kromagg Prime, $60, goes to auction, seat 0 bids first
    assert state.phase == AUCTION and state.current_player() == 0
    # The steps over no bid are $1, 5, 10, 25, 50, 100: the highest within the limit.
    assert heuristic_policy(state, RNG) == (bid if bid == "pass" else ("bid", bid))


@pytest.mark.parametrize(
    ("deeds", "houses", "choice"),
    [
        ((), 0, "percent"),
        ((EARTH, WATER), 0, "percent"),
        ((EARTH, WATER, TIMER), 0, "flat"),
        ((EARTH, KROMAGG), 1, "flat"),
    ],
)
def test_the_sliding_tax_is_chosen_from_the_deeds_and_buildings_in_sight(deeds, houses, choice):
    state = game((1, 3))
    own(state, 0, *deeds)
    if houses:
        state.level[EARTH] = houses
        state.bank_houses -= houses
    play(state, "roll")
    assert state.phase == TAX
    assert heuristic_policy(state, RNG) == choice


def test_cash_is_raised_by_mortgaging_the_cheapest_loose_deed_before_selling_houses():
    state = game((1, 1))
    own(state, 0, EARTH, KROMAGG, TIMER, NORTH_LINE)
    state.level[EARTH] = state.level[KROMAGG] = 1
    state.bank_houses -= 2
    state.pos[0] = 36
    broke(state, 0, 10)
    play(state, "roll")
    assert state.pos[0] == LUXURY and state.phase == DEBT
    assert ("sell", EARTH) in state.legal_actions()
    assert heuristic_policy(state, RNG) == ("mortgage", TIMER)  # $150 before the $200 line


def test_a_get_out_card_it_holds_takes_it_out_of_the_slidecage():
    state = game((2, 3))
    on_top(state, "chance", "Get Out of the Slidecage Free")
    state.held[0].append(state.piles["chance"].popleft())
    state.caged[0], state.pos[0] = True, 10
    assert state.phase == START and "card" in state.legal_actions()
    assert heuristic_policy(state, RNG) == "card"
