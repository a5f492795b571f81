"""Drawing an event card (EffectsMixin.draw, generator/games/sliders/effects.py): the card is
counted, goes back under its deck (a Get Out card stays in the hand), and its effect is done
to the state as the printed card says: moves, debts to the Bank or to players, who "each
player" is. Figures come from the cards' text and the board (components/sliders)."""

from collections import deque

from generator.games.sliders.effects import EffectsMixin
from generator.games.sliders.rules import HOTEL, TAX
from generator.games.sliders.state import Debt
from tests.games.sliders.test_sliders_rules import (
    CAGE,
    CHANCE,
    DESERT,
    ICE,
    NORTH_LINE,
    SLIDING_TAX,
    WATER,
    WORMHOLE,
    game,
    on_top,
    own,
)

#: The second and third Chance squares (the first is CHANCE, square 7).
CHANCE_2, CHANCE_3 = 22, 36


def drawn(state, pile: str, title: str, seat: int = 0):
    """Put the card on top of its pile and draw it for `seat`; the card drawn."""
    on_top(state, pile, title)
    card = state.piles[pile][0]
    EffectsMixin.draw(state, seat, pile)
    return card


def test_a_drawn_card_is_counted_and_goes_under_its_deck():
    state = game()
    state.pos[0] = CHANCE
    card = drawn(state, "chance", "Dividend")
    assert state.piles["chance"][-1] is card and len(state.piles["chance"]) == 16
    assert state.fired["chance: Dividend"] == 1
    assert state.cash[0] == 1550 and state.ledger == 2 * 1500 + 50  # the Bank pays, the ledger knows


def test_a_get_out_card_is_kept_in_the_hand_not_returned():
    state = game()
    card = drawn(state, "community-chest", "Get Out of the Slidecage Free")
    assert state.held[0] == [card]
    assert card not in state.piles["community-chest"] and len(state.piles["community-chest"]) == 15


def test_back_three_from_the_first_chance_lands_on_the_sliding_tax_and_asks_the_choice():
    state = game()
    state.pos[0] = CHANCE
    drawn(state, "chance", "Go back three spaces")
    assert state.pos[0] == SLIDING_TAX and state.phase == TAX
    assert state.cash[0] == 1500  # going back passes no GO


def test_the_nearest_line_from_the_last_chance_is_past_go_and_pays_twice_the_rent():
    state = game(players=2)
    own(state, 1, NORTH_LINE)
    state.pos[0] = CHANCE_3
    drawn(state, "chance", "Nearest vortex line")
    # 37, 38, 39, GO, 1 ... 5: the North Vortex Line, with the salary on the way.
    assert state.pos[0] == NORTH_LINE and state.cash[0] == 1700
    assert list(state.debts) == [Debt(0, 2 * 25, 1)]  # one line owned: $25, twice


def test_the_nearest_utility_pays_ten_times_a_new_throw():
    state = game((6, 5))
    own(state, 1, WORMHOLE)
    state.pos[0] = CHANCE_2
    drawn(state, "chance", "Nearest utility")
    assert state.pos[0] == WORMHOLE and state.cash[0] == 1500
    assert list(state.debts) == [Debt(0, 10 * 11, 1)]


def test_repairs_are_charged_per_house_and_per_hotel():
    state = game()
    own(state, 0, DESERT, WATER, ICE)
    state.level[DESERT], state.level[WATER], state.level[ICE] = 4, 4, HOTEL
    drawn(state, "chance", "General repairs")
    assert list(state.debts) == [Debt(0, 8 * 25 + 100, None)]  # eight houses, one hotel
    state.debts.clear()
    drawn(state, "community-chest", "Street repairs")
    assert list(state.debts) == [Debt(0, 8 * 40 + 115, None)]


def test_each_player_means_every_other_seat_still_in_from_the_next_one_round():
    state = game(players=4, first=2)
    state.alive[0] = False
    drawn(state, "chance", "Chairman of the Sliders", seat=2)
    assert list(state.debts) == [Debt(2, 50, 3), Debt(2, 50, 1)]  # seat 0 is out
    state.debts = deque()
    drawn(state, "community-chest", "Rembrandt's opening night", seat=2)
    assert list(state.debts) == [Debt(3, 50, 2), Debt(1, 50, 2)]


def test_go_to_the_slidecage_sends_the_token_there_without_salary():
    state = game()
    state.pos[0] = CHANCE_3
    drawn(state, "chance", "Go to the Slidecage")
    assert state.pos[0] == CAGE and state.caged[0] and state.cash[0] == 1500
    assert state.fired["rule: sent to the Slidecage"] == 1
