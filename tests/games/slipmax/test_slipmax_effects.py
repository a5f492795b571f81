"""Slipmax step effects with fixed dice: each test lands seat 0 on a pentagon (space 2, a
roll of 3 from START) whose register then reveals the step under test.

Expected figures come from the step's printed text and the rule interpretations in
generator/games/slipmax/__init__.py, never from running the engine first.
"""

import random

import pytest

from tests.games.slipmax.test_slipmax_rules import (
    DECK,
    HEADS,
    INDEX,
    TAILS,
    act,
    face,
    new,
    only_in_pile,
    put,
    roll,
    set_money,
)


def before(title: str, number: int, players: int = 2, *draws: float, **options: bool):
    """A game where seat 0's first roll (a 3) lands on a register about to reveal `number`."""
    state = new(players, face(3), *draws, **options)
    strip = DECK.strips[INDEX[title]]
    index = strip.index_of(number)
    put(state, "pentagon", title, None if index == 0 else strip.steps[index - 1].number)
    return state


def reveal(title: str, number: int, players: int = 2, *draws: float, **options: bool):
    state = before(title, number, players, *draws, **options)
    roll(state)
    return state


# -- money --------------------------------------------------------------------------------


def test_pay_each_player():
    assert reveal("Life of Pain", 2, 3).money == [8, 11, 11]


def test_gain_from_each_player():
    assert reveal("Life of Joy", 2, 3).money == [12, 9, 9]


def test_double_the_money_you_have():
    assert reveal("Life of Joy", 6).money == [20, 10]


def test_all_players_lose_half_their_cents_rounded_down():
    state = before("Life of Famine", 5)
    set_money(state, 1, 7)
    roll(state)
    assert state.money == [5, 4]


def test_distribute_24_cents_evenly_rounding_up():
    assert reveal("Life of Bounty", 4, 5).money == [15] * 5  # 24 / 5 = 4.8 -> 5 each


def test_gather_up_all_coin_piles_and_redistribute_them_evenly():
    state = before("Life of Justice", 2, 3)
    set_money(state, 1, 3)
    set_money(state, 2, 8)
    roll(state)
    assert state.money == [7, 7, 7]


def test_gathering_the_coin_piles_of_players_still_in_puts_the_odd_cents_in_the_jar():
    state = before("Life of Justice", 2, 3)
    set_money(state, 1, 3)
    set_money(state, 2, 9)
    state.out[2] = True
    jar = state.bank_out
    roll(state)
    assert state.money == [6, 6, 9]  # 13 cents between two players still in; seat 2 is out
    assert state.bank_out == jar - 1


def test_never_target_yourself_keeps_you_out_of_the_choice():
    state = reveal("Life of Justice", 0, 3)
    assert state.legal_actions() == [("give_between", (1, 2)), ("give_between", (2, 1))]
    act(state, "give_between", (1, 2))
    assert state.money == [10, 8, 12]


def test_charity_steps_affect_the_player_with_the_least_money():
    state = before("Life of Charity", 0)
    set_money(state, 1, 5)
    roll(state)
    assert state.money == [10, 8]


def test_power_steps_affect_the_player_with_the_most_money():
    state = before("Life of Power", 2)
    set_money(state, 1, 20)
    roll(state)
    assert state.money == [10, 25]


# -- dice and coins -----------------------------------------------------------------------


def test_nd_over_x_wins_on_a_higher_roll():
    assert reveal("Life of Challenge", 0, 2, face(4)).money[0] == 13


def test_nd_over_x_loses_otherwise():
    assert reveal("Life of Challenge", 0, 2, face(3)).money[0] == 9


def test_flip_one_heads_and_tails():
    assert reveal("Life of Chance", 0, 2, HEADS).money[0] == 11
    assert reveal("Life of Chance", 0, 2, TAILS).money[0] == 9


def test_flip_x_lets_you_choose_how_many_cents_to_flip():
    state = reveal("Life of Chance", 2, 2, HEADS, HEADS, TAILS)
    assert [v for _, v in state.legal_actions()] == list(range(1, 11))
    act(state, "flip", 3)
    assert state.money[0] == 11


def test_one_die_odd_loses_even_gains_that_many():
    assert reveal("Life of Chance", 1, 2, face(5)).money[0] == 5
    assert reveal("Life of Chance", 1, 2, face(4)).money[0] == 14


def test_nd_per_step_one_rolls_the_number_of_dice_you_choose():
    state = reveal("Life of Chance", 3, 2, face(3), face(4))
    act(state, "dice", 2)
    assert state.money[0] == 3  # 7 is odd: lose 7


def test_all_flip_five_most_heads_gets_all_flipped_cents():
    state = reveal("Life of Chance", 4, 2, *[HEADS] * 3, *[TAILS] * 2, *[HEADS] * 2, *[TAILS] * 3)
    assert state.money == [15, 5]


# -- references ---------------------------------------------------------------------------


def test_references_obey_the_named_steps_in_order():
    state = before("Life of Pain", 7)
    state.pos[1] = 20
    roll(state)  # (4): to the space in front of the first player, lose a turn; (6): pay 2
    assert state.pos[0] == 21
    assert state.skips[0] == 1
    assert state.money == [8, 12]


def test_repeated_reference_through_a_fear_trap_pays_the_trigger_three_times():
    state = reveal("Life of Fear", 4, 2, face(5))
    assert state.traps == {0} and state.money == [10, 10]
    put(state, "square", "Life of Stasis")
    act(state, "lock", 0)
    roll(state)  # seat 1 from START to space 4, passing seat 0 on space 2
    assert state.money == [7, 13]
    assert state.traps == set()


# -- turns --------------------------------------------------------------------------------


def test_a_lost_turn_is_skipped():
    state = reveal("Life of Pain", 3, 2, face(1))
    assert state.skips[0] == 1
    put(state, "circle", "Life of Stasis")
    act(state, "lock", 0)
    roll(state)  # seat 1 to space 0: Stasis (0), no effect
    act(state, "lock", 0)
    assert state.current_player() == 1 and state.skips[0] == 0


def test_take_another_turn():
    state = reveal("Life of Joy", 3)
    assert state.money[0] == 13
    act(state, "lock", 0)
    assert state.current_player() == 0


def test_choose_your_next_roll():
    state = reveal("Life of Control", 3)
    assert state.chosen_rolls[0] == [0]
    act(state, "lock", 0)
    put(state, "circle", "Life of Stasis")
    roll(state)  # seat 1 rolls a seeded die
    while state.current_player() != 0:
        state.apply(state.legal_actions()[0])
    assert state.legal_actions() == [("choose_own_roll", v) for v in range(1, 7)]


# -- movement -----------------------------------------------------------------------------


def test_advance_one_die_roll_and_take_the_effect_of_that_space():
    state = before("Life of Motion", 5, 2, face(2))
    put(state, "square", "Life of Joy")  # space 4 is a square
    roll(state)
    assert state.pos[0] == 4 and state.money[0] == 11


def test_swap_spaces_with_another_player():
    state = before("Life of Motion", 4, 3)
    state.pos[1], state.pos[2] = 9, 30
    roll(state)
    act(state, "swap_places", 2)
    assert state.pos == [30, 9, 2]


# -- registers ----------------------------------------------------------------------------


def test_advance_all_registers_never_moves_its_own():
    state = reveal("Life of Chaos", 3)
    pentagon = state.shape_register["pentagon"]
    assert state.reg_pos[pentagon] == DECK.strips[INDEX["Life of Chaos"]].index_of(3)
    assert [p for r, p in enumerate(state.reg_pos) if r != pentagon] == [0] * 5


def test_orders_move_another_register():
    state = reveal("Life of Change", 1)
    hexagon = state.shape_register["hexagon"]
    act(state, "order", (hexagon, 1))
    assert state.reg_pos[hexagon] == 0


def test_replace_a_register_strip_with_one_out_of_play():
    state = before("Life of Change", 3)
    hexagon = state.shape_register["hexagon"]
    only_in_pile(state, "Life of Famine")
    old = state.reg_strip[hexagon]
    roll(state)
    act(state, "replace", hexagon)
    assert state.reg_strip[hexagon] == INDEX["Life of Famine"] and state.reg_pos[hexagon] == -1
    assert old in state.pile


def test_barter_advancing_is_optional():
    state = before("Life of Barter", 4)
    roll(state)  # the register shows (3); seat 0 declines to advance it
    assert state.legal_actions() == [("advance", True), ("advance", False)]
    act(state, "advance", False)
    act(state, "offer", True)  # (3): Pass your next turn to gain 5 cents.
    assert state.money[0] == 15 and state.skips[0] == 1


# -- ongoing steps ------------------------------------------------------------------------


def _showing(title: str, number: int, landing: str, *draws: float):
    """Seat 0 about to roll with `title` showing (number) on the hexagon register and
    Life of Stasis, whose (0) is "No effect.", on the register of the landing shape."""
    state = new(2, *draws)
    put(state, "hexagon", title, number)
    put(state, landing, "Life of Stasis")
    return state


def test_all_rolls_are_reduced_by_one():
    state = _showing("Life of Chaos", 1, "pentagon", face(4))
    roll(state)
    assert state.pos[0] == 2


def test_all_die_rolls_are_doubled():
    state = _showing("Life of Extremes", 3, "semicircle", face(2))
    roll(state)
    assert state.pos[0] == 3  # 4 spaces from START


def test_a_chosen_roll_is_no_die_rolled_so_extremes_does_not_double_it():
    state = _showing("Life of Extremes", 3, "pentagon")
    state.chosen_rolls[0] = [0]  # Control (3): Choose your next roll instead of rolling.
    act(state, "choose_own_roll", 3)
    assert state.pos[0] == 2  # 3 spaces from START, not 6


def test_pay_one_cent_for_each_space_instead_of_rolling():
    state = _showing("Life of Chaos", 5, "pentagon")
    assert [v for _, v in state.legal_actions()] == list(range(11))
    act(state, "pay_to_move", 3)
    assert state.pos[0] == 2 and state.money[0] == 7


def test_coin_gains_are_halved():
    state = new(2, face(3))
    put(state, "hexagon", "Life of Famine", 6)
    put(state, "pentagon", "Life of Extremes")
    roll(state)
    assert state.money[0] == 20  # 10 + 20 // 2


def test_no_other_strip_may_advance_while_stasis_shows():
    state = new(2, face(3))
    put(state, "hexagon", "Life of Stasis", 1)
    r = put(state, "pentagon", "Life of Joy", 0)
    roll(state)
    assert state.reg_pos[r] == 0 and state.money[0] == 11


def test_any_player_may_reroll_their_movement_roll():
    state = _showing("Life of Bounty", 5, "pentagon", face(1), face(3))
    roll(state)
    act(state, "reroll", True)
    assert state.pos[0] == 2


# -- Time tokens, the Crown, coins on spaces ----------------------------------------------


def test_ten_time_tokens_put_a_player_out_of_the_game():
    state = before("Life of Mortality", 7)
    state.time[0] = state.time_out = 5
    roll(state)
    assert state.out[0] and state.time[0] == 10
    assert state.returns()[0] == -1.0
    assert state.current_player() == 1


def test_take_a_time_token_from_another_player():
    state = before("Life of Mortality", 1, 3)
    state.time[2] = state.time_out = 2
    roll(state)
    assert state.time == [1, 0, 1]


def test_the_crown_wearer_collects_from_players_passing_their_square():
    state = reveal("Life of Royalty", 1, 2, face(5))
    assert state.crown == 0 and state.money == [10, 10]  # giving yourself 3 cents is nothing
    put(state, "square", "Life of Stasis")
    act(state, "lock", 0)
    roll(state)  # seat 1 passes space 2
    assert state.money == [13, 7]


def test_waste_coins_are_collected_then_put_back():
    state = before("Life of Waste", 1)
    state.space_coins[2] = 5
    state.bank_out += 5
    roll(state)
    act(state, "collect", True)
    assert state.money[0] == 12  # 10 + 5 collected - 3 put on this space
    assert state.space_coins == {2: 3}


def test_waste_cents_a_broke_player_lacks_are_owed_and_put_nothing_on_a_space():
    state = before("Life of Waste", 3)  # (0) and (1) x2: put 2, then 3 twice, on this space
    set_money(state, 0, 3)
    roll(state)
    assert state.space_coins == {2: 3}  # 2, then the 1 cent left; no empty pile on space 0
    assert state.pos[0] == -1 and state.money[0] == 0  # back 2 to space 0, then 3 to START


# -- every step -----------------------------------------------------------------------------


def run_to_end(obeying, choose: random.Random) -> None:
    """Drive an obeying generator to its end, answering each decision at random."""
    decision = next(obeying, None)
    while decision is not None:
        try:
            decision = obeying.send(choose.choice(decision[1]))
        except StopIteration:
            decision = None


@pytest.mark.parametrize("players", [2, 4])
def test_every_step_of_every_strip_executes_and_conserves_money_and_tokens(players):
    choose = random.Random(players)
    for strip_index, strip in enumerate(DECK.strips):
        for index, step in enumerate(strip.steps):
            state = new(players)
            r = put(state, "pentagon", strip.title, step.number)
            state.pos[:] = [2, 9, 20, 33][:players]
            # Life of Fear's steps are obeyed when its trap springs (sprung), not when revealed.
            run_to_end(state.obey(0, r, index, trigger=1, sprung=strip.rule("trap") is not None), choose)
            assert state.fired[step.name] >= 1
            assert state.invariant_violations() == [], step.name
            # "A register strip never modifies itself" (no other register shows a step here).
            assert (state.reg_strip[r], state.reg_pos[r]) == (strip_index, index), step.name
