"""Tokens moving (MovementMixin, generator/games/sliders/movement.py): the board wraps after
square 39, GO's salary is paid on passing or reaching GO, and each square does what the
rules say on landing (buy, rent, tax, card, the Slidecage). Squares and amounts are those of
components/sliders/board.yaml and its deeds."""

from generator.games.sliders.movement import MovementMixin
from generator.games.sliders.rules import TAX
from generator.games.sliders.state import Debt
from tests.games.sliders.test_sliders_rules import CAGE, DYNASTY, EARTH, KROMAGG, LUXURY, SLIDING_TAX, game, own


def test_moving_wraps_round_the_board_and_passing_go_pays_the_salary():
    state = game()
    state.pos[0] = 37
    MovementMixin.move_by(state, 0, 4)  # 38, 39, GO, 1
    assert state.pos[0] == EARTH and state.cash[0] == 1700
    MovementMixin.move_by(state, 0, 2)
    assert state.pos[0] == KROMAGG and state.cash[0] == 1700  # no GO passed


def test_landing_exactly_on_go_pays_the_salary_once():
    state = game()
    state.pos[0] = 36
    MovementMixin.move_by(state, 0, 4)
    assert state.pos[0] == 0 and state.cash[0] == 1700
    assert state.fired["GO"] == 1


def test_advancing_to_a_square_behind_the_token_goes_round_past_go():
    state = game()
    state.pos[0] = 20
    MovementMixin.move_to(state, 0, EARTH)
    assert state.pos[0] == EARTH and state.cash[0] == 1700
    MovementMixin.move_to(state, 0, DYNASTY)  # ahead: no salary
    assert state.cash[0] == 1700


def test_an_unowned_deed_waits_to_be_bought_and_an_owned_one_asks_rent():
    state = game()
    MovementMixin.land(state, 0, EARTH)
    assert state.pending_buy == EARTH and not state.debts
    state.pending_buy = -1
    own(state, 1, KROMAGG)
    MovementMixin.land(state, 0, KROMAGG)
    assert list(state.debts) == [Debt(0, 4, 1)]  # Kromagg Prime alone: $4
    assert state.stats.rent_by_group["brown"] == 4


def test_a_mortgaged_deed_asks_no_rent():
    state = game()
    own(state, 1, KROMAGG)
    state.mortgaged[KROMAGG] = True
    MovementMixin.land(state, 0, KROMAGG)
    assert not state.debts and state.pending_buy == -1


def test_the_taxes_a_flat_one_is_owed_and_one_with_a_percentage_is_a_choice():
    state = game()
    MovementMixin.land(state, 0, LUXURY)
    assert list(state.debts) == [Debt(0, 75, None)]
    MovementMixin.land(state, 0, SLIDING_TAX)
    assert state.phase == TAX and state.resume == "tax"
    assert len(state.debts) == 1  # nothing owed until the player chooses


def test_go_to_the_slidecage_sends_the_token_without_salary_and_ends_doubles():
    state = game()
    state.again = True
    state.pos[0] = 28
    MovementMixin.move_by(state, 0, 2)  # onto square 30, Go to the Slidecage
    assert state.pos[0] == CAGE and state.caged[0] and state.cage_tries[0] == 0
    assert not state.again and state.cash[0] == 1500
    assert state.fired["Go to the Slidecage"] == 1 and state.fired["rule: sent to the Slidecage"] == 1
