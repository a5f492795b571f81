"""Slipmax played as the rules say in their corners: who goes first, Life of Fear's targeting,
Motion's "take the effect of that space", turning registers down, "take a turn right now",
Justice's "never target yourself", Chaos on Motion's rolls, when a lock is offered; and the
house-rules variant that closes the rules' holes (games no one can ever move in, and the loops the
harness's cap stops).

Board spaces from START: 0 circle, 1 triangle, 2 pentagon, 3 semicircle, 4 square,
5 hexagon, 6 triangle, 7 hexagon, 8 semicircle, 9 pentagon, 10 circle, 11 square, 12 pentagon.
"""

import random

from generator.games.slipmax.engine import SlipmaxEngine
from generator.games.slipmax.state import SlipmaxEnding
from tests.games.slipmax.test_slipmax_effects import before, reveal, run_to_end
from tests.games.slipmax.test_slipmax_rules import DECK, INDEX, act, face, new, put, roll, set_money

ENGINE = SlipmaxEngine()


def decline_locks(state, seat: int) -> None:
    """Answer `seat`'s lock offers with 0 until something else is asked."""
    while state.current_player() == seat and state.legal_actions()[0][0] == "lock":
        act(state, "lock", 0)


# -- who goes first -------------------------------------------------------------------------


def test_the_first_player_is_drawn_by_chance_and_takes_the_first_turn():
    firsts = set()
    for seed in range(40):
        state = ENGINE.new_game(DECK, 4, random.Random(seed), {})
        assert state.current_player() == state.first_player
        assert state.legal_actions() == [("roll", None)]
        firsts.add(state.first_player)
    assert firsts == {0, 1, 2, 3}


def test_the_same_seed_draws_the_same_first_player():
    firsts = [ENGINE.new_game(DECK, 6, random.Random(11), {}).first_player for _ in range(3)]
    assert len(set(firsts)) == 1


# -- Life of Fear ---------------------------------------------------------------------------


def test_fear_gives_its_trap_to_the_player_the_space_was_applied_to():
    state = new(2, face(3))
    state.pos[1] = 2
    put(state, "pentagon", "Life of Fear")
    roll(state)
    act(state, "target", 1)
    assert state.traps == {1}
    assert state.money == [10, 10]  # Fear (0) "Lose a coin" waits for the trap to spring


def test_fear_obeyed_through_barter_is_held_as_a_trap_not_fired():
    state = new(2, face(3))
    put(state, "hexagon", "Life of Fear", 0)
    put(state, "pentagon", "Life of Barter")  # reveals (0): Pay 1 coin to trigger any visible (0)
    roll(state)
    act(state, "offer", True)
    assert state.traps == {0}
    assert state.money == [9, 10]  # the coin paid to Barter; Fear's own coin not lost yet
    assert state.fired["Life of Fear (0)"] == 0


def test_fear_obeyed_through_chaos_seven_is_held_as_a_trap_not_fired():
    state = new(2)
    fear = put(state, "hexagon", "Life of Fear", 1)
    chaos = put(state, "pentagon", "Life of Chaos", 7)
    run_to_end(state.obey(0, chaos, DECK.strips[INDEX["Life of Chaos"]].index_of(7)), random.Random(0))
    assert state.traps == {0} and state.money == [10, 10]
    assert state.reg_pos[fear] == DECK.strips[INDEX["Life of Fear"]].index_of(1)


# -- Life of Motion: a register strip never modifies itself ---------------------------------


def test_motion_taking_the_effect_of_its_own_register_does_not_advance_it():
    state = new(2, face(3), face(3), face(1))
    state.pos[0] = 6
    motion = put(state, "pentagon", "Life of Motion", 4)
    put(state, "semicircle", "Life of Stasis")
    roll(state)  # to 9, a pentagon: Motion (5) "Advance one die roll. Take the effect of that space."
    # a 3 to 12, another pentagon: Motion's own register is obeyed, not advanced: (5) again, a 1 to 13
    decline_locks(state, 0)
    assert state.pos[0] == 13
    assert state.reg_pos[motion] == DECK.strips[INDEX["Life of Motion"]].index_of(5)
    assert state.fired["Life of Motion (5)"] == 2
    assert state.current_player() == 1


# -- turning a register down ----------------------------------------------------------------


def test_an_order_down_leaves_a_title_only_register_showing_its_title():
    state = reveal("Life of Change", 1)  # 1 orders
    hexagon = put(state, "hexagon", "Life of Joy")
    act(state, "order", (hexagon, -1))
    assert state.reg_pos[hexagon] == -1
    assert state.money == [10, 10]


def test_an_order_down_steps_a_showing_register_back():
    state = reveal("Life of Change", 1)
    hexagon = put(state, "hexagon", "Life of Joy", 3)
    act(state, "order", (hexagon, -1))
    assert state.reg_pos[hexagon] == DECK.strips[INDEX["Life of Joy"]].index_of(2)


# -- "take a turn right now" ------------------------------------------------------------------


def test_a_turn_right_now_is_played_before_the_current_turn_ends():
    state = before("Life of Justice", 3, 2, face(1))
    put(state, "circle", "Life of Stasis")
    roll(state)  # Justice (3): the only player seat 0 may choose is seat 1, whose turn comes now
    assert state.current_player() == 1 and state.legal_actions() == [("roll", None)]
    roll(state)  # seat 1 to space 0, a circle: Stasis (0)
    assert state.pos[1] == 0
    decline_locks(state, 1)
    # back in seat 0's turn: its lock offer for Justice's register, then seat 1's own turn
    assert state.current_player() == 0 and state.legal_actions()[0][0] == "lock"
    decline_locks(state, 0)
    assert state.current_player() == 1 and state.turns == 2


# -- Life of Justice: never target yourself -------------------------------------------------


def test_justice_five_never_gives_the_half_to_yourself():
    state = reveal("Life of Justice", 5, 3)
    deals = [value for _, value in state.legal_actions()]
    assert sorted(deals) == [(1, 2), (2, 1)]
    act(state, "halve_and_give", (1, 2))
    assert state.money == [10, 5, 15]


# -- Chaos's roll modifiers on Motion's rolls -----------------------------------------------


def test_rolls_reduced_by_one_reduce_motions_die_roll_too():
    state = new(2, face(4), face(3))
    put(state, "hexagon", "Life of Chaos", 1)  # All rolls are reduced by 1.
    put(state, "pentagon", "Life of Motion", 0)  # reveals (1): Advance one die roll.
    put(state, "square", "Life of Stasis")
    roll(state)  # 4 - 1 = 3: space 2; then Motion's 3 - 1 = 2: space 4
    assert state.pos[0] == 4


def test_rolls_going_backward_turn_motions_roll_round():
    state = new(2, face(3), face(2))
    state.pos[0] = 5
    put(state, "hexagon", "Life of Chaos", 6)  # All rolls go backward.
    put(state, "pentagon", "Life of Motion", 0)  # reveals (1): Advance one die roll.
    roll(state)  # back 3 from space 5 to 2 (a pentagon); then Motion's 2, backward: space 0
    assert state.pos[0] == 0


# -- locks are offered after an obeyed step only ----------------------------------------------


def test_no_lock_is_offered_when_a_locked_register_is_not_bought_clear():
    state = new(2, face(3))
    r = put(state, "pentagon", "Life of Joy", 0)
    state.reg_lock[r] = 4
    state.bank_out += 4
    roll(state)
    act(state, "locked", 1)  # 3 cents remove 2; 2 stay, so nothing is obeyed
    assert state.current_player() == 1 and state.legal_actions() == [("roll", None)]


def test_no_lock_is_offered_on_a_register_that_still_shows_its_title():
    state = new(2, face(3), tidal=True)  # Tidal: an odd roll turns the register down
    r = put(state, "pentagon", "Life of Joy")
    roll(state)
    assert state.reg_pos[r] == -1 and state.money == [10, 10]
    assert state.current_player() == 1


# -- the rules' holes and the house rules -----------------------------------------------------


def test_without_house_rules_paying_to_move_with_no_cents_is_a_stalemate_named_by_its_cause():
    state = new(2)
    put(state, "hexagon", "Life of Chaos", 5)
    set_money(state, 0, 0)
    set_money(state, 1, 0)
    assert state.is_terminal() and not state.ended_by_rules()
    assert state.end_reason() is SlipmaxEnding.NO_CENT_TO_MOVE
    assert state.stalemate_step() == "Life of Chaos (5)"


def test_without_house_rules_rolling_backward_at_start_is_a_stalemate_named_by_its_cause():
    state = new(3)
    put(state, "hexagon", "Life of Chaos", 6)
    assert state.end_reason() is SlipmaxEnding.ALL_AT_START
    assert state.stalemate_step() == "Life of Chaos (6)"


def test_house_rules_paying_to_move_lasts_one_round():
    state = new(2, face(2), house_rules=True)
    state.pos[0] = 7
    put(state, "pentagon", "Life of Chaos", 4)  # (4) shows: Increase all odd rolls by 2.
    put(state, "triangle", "Life of Stasis")
    roll(state)  # 2 to space 9: Chaos (5) revealed and obeyed, everyone pays for their next move
    decline_locks(state, 0)
    assert state.current_player() == 1
    assert [v for _, v in state.legal_actions()] == list(range(11))
    act(state, "pay_to_move", 2)  # to space 1, a triangle
    decline_locks(state, 1)
    assert state.current_player() == 0 and state.legal_actions()[0][0] == "pay_to_move"
    act(state, "pay_to_move", 0)
    assert state.legal_actions() == [("roll", None)]  # the round is over though (5) still shows
    assert state.money == [10, 8]


def test_house_rules_everyone_broke_while_paying_to_move_is_no_stalemate():
    state = new(2, house_rules=True)
    put(state, "hexagon", "Life of Chaos", 5)
    set_money(state, 0, 0)
    set_money(state, 1, 0)
    assert not state.is_terminal()
    assert state.legal_actions() == [("roll", None)]


def test_house_rules_a_backward_roll_from_start_bounces_forward():
    state = new(3, face(3), house_rules=True)
    put(state, "hexagon", "Life of Chaos", 6)
    put(state, "pentagon", "Life of Stasis")
    assert not state.is_terminal()
    roll(state)  # backward 3 from START: bounces to spaces 0, 1, 2
    assert state.pos[0] == 2


def test_house_rules_a_backward_roll_bounces_off_start_with_the_steps_left():
    state = new(2, face(3), house_rules=True)
    state.pos[0] = 1
    put(state, "hexagon", "Life of Chaos", 6)
    put(state, "circle", "Life of Stasis")
    roll(state)  # back to 0, START, then forward to 0 again
    assert state.pos[0] == 0


def test_house_rules_fees_still_stop_at_start():
    state = new(2, face(1), house_rules=True)
    set_money(state, 0, 0)
    put(state, "circle", "Life of Pain")  # reveals (0): Lose a cent.
    roll(state)  # to space 0, owes a cent: back one space to START, no bounce
    assert state.pos[0] == -1


def test_house_rules_games_never_stop():
    for seed in range(60):
        state = ENGINE.new_game(DECK, 6, random.Random(seed), {"house-rules": True})
        choose = random.Random(seed)
        for _ in range(ENGINE.max_actions):
            if state.is_terminal():
                break
            state.apply(choose.choice(state.legal_actions()))
            assert state.invariant_violations() == []
        assert state.is_terminal() and state.ended_by_rules(), seed


def _crown_trap(house_rules: bool, step: int = 2, draws: tuple[float, ...] = (face(3), face(2))):
    """Seat 1 wears the Crown, reversed on the first space; broke seat 0 at START has not
    reached the end, and Royalty (2) "Give the Crown seven cents" (or `step`) shows."""
    state = new(3, *draws, house_rules=house_rules)
    put(state, "hexagon", "Life of Royalty", step)
    put(state, "semicircle", "Life of Stasis")
    set_money(state, 0, 0)
    state.crown = 1
    state.pos[1], state.reversed[1], state.reached[1] = 0, True, True
    state.pos[2], state.reversed[2], state.reached[2] = 30, True, True
    return state


def test_without_house_rules_the_crown_on_the_first_space_keeps_a_broke_player_at_start():
    state = _crown_trap(False)
    roll(state)  # seat 0 passes the wearer on space 0, owes 7 and falls back to START
    assert state.pos[0] == -1 and state.money == [0, 10, 10]
    roll(state)  # the reversed wearer cannot move forward past the first space
    assert state.pos[1] == 0


def test_house_rules_a_reversed_player_bounces_off_the_first_space():
    state = _crown_trap(True)
    roll(state)
    assert state.pos[0] == -1
    roll(state)  # a 2 counterclockwise from space 0 bounces off the first space: spaces 1, 2
    assert state.pos[1] == 2


def test_royalty_five_keeps_a_broke_player_at_start_while_no_roll_is_above_five():
    state = _crown_trap(False, 5, (face(6),))
    put(state, "triangle", "Life of Chaos", 1)  # All rolls are reduced by 1.
    roll(state)  # a 6 made 5: seat 0 passes the wearer to space 4, owes 5, falls back to START
    assert state.pos[0] == -1
    assert state.money == [0, 15, 5]  # "Everyone must give the Crown 5 cents": seat 2 too


def test_royalty_five_lets_a_roll_of_six_out_of_the_crown_trap():
    state = _crown_trap(False, 5, (face(6),))
    roll(state)  # to space 5, owes 5: back to the wearer's space 0, where falling back triggers nothing
    assert state.pos[0] == 0 and state.money == [0, 15, 5]
