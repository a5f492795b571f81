"""Slipmax rules with fixed dice: movement, registers, fees, occupied spaces, the end,
centre spaces, locking, the variants, and the winner.

Dice and coins come from rng.random() (see SlipmaxState.die/coin); `Dice` hands out the
queued draws first, so each test says exactly what is rolled. Strips are put on registers
by hand; registers a test does not set show only their titles, so no step of theirs holds.
"""

import random
import shutil
from pathlib import Path

import pytest

from generator.games import load_game
from generator.games.slipmax.engine import SlipmaxEngine
from generator.games.slipmax.rules import MAX_NESTED

ENGINE = SlipmaxEngine()
ROOT = Path(__file__).resolve().parents[3]
DECK = ENGINE.load_deck(load_game(ROOT / "components" / "slipmax"))
INDEX = {strip.title: i for i, strip in enumerate(DECK.strips)}
HEADS, TAILS = 0.25, 0.75


def face(n: int) -> float:
    """The rng.random() value that rolls n on a die."""
    return (n - 0.5) / 6


class Dice(random.Random):
    """A seeded Random whose random() returns the queued draws first."""

    def __init__(self, *draws: float):
        super().__init__(0)
        self.draws = list(draws)

    def random(self) -> float:
        return self.draws.pop(0) if self.draws else super().random()

    def getrandbits(self, k: int) -> int:  # keeps shuffles and choices off the queue
        return super().getrandbits(k)


def new(players: int = 2, *draws: float, **options: bool):
    """A fresh game with seat 0 to go first (the game draws who goes first by chance)."""
    state = ENGINE.new_game(DECK, players, Dice(*draws), {k.replace("_", "-"): v for k, v in options.items()})
    state.first_player = state.next_seat = 0
    return state


def put(state, shape: str, title: str, number: int | None = None) -> int:
    """Put a strip on the register of `shape`, showing step `number` (None: the title)."""
    r = state.shape_register[shape]
    strip = INDEX[title]
    old = state.reg_strip[r]
    if strip != old:
        if strip in state.pile:
            state.pile[state.pile.index(strip)] = old
        elif strip in state.set_aside:
            state.set_aside[state.set_aside.index(strip)] = old
        else:
            other = state.reg_strip.index(strip)
            state.show(other, -1, old)
    index = -1 if number is None else DECK.strips[strip].index_of(number)
    state.show(r, index, strip)
    return r


def only_in_pile(state, title: str) -> int:
    """Leave this strip alone in the unused pile (the rest set aside); its index."""
    strip = INDEX[title]
    if strip in state.reg_strip:
        r = state.reg_strip.index(strip)
        spare = (state.pile + state.set_aside)[0]
        state.pile = [s for s in state.pile if s != spare]
        state.set_aside = [s for s in state.set_aside if s != spare]
        state.show(r, -1, spare)
    state.set_aside = [s for s in state.pile + state.set_aside if s != strip]
    state.pile = [strip]
    return strip


def set_money(state, seat: int, cents: int) -> None:
    """Give a seat exactly this many cents, to or from the jar."""
    state.bank_out += cents - state.money[seat]
    state.money[seat] = cents


def act(state, kind: str, value=None) -> None:
    assert (kind, value) in state.legal_actions(), state.legal_actions()
    state.apply((kind, value))
    assert state.invariant_violations() == []


def roll(state) -> None:
    act(state, "roll")


def test_first_roll_moves_clockwise_from_start_and_obeys_the_revealed_step():
    state = new(2, face(3))
    r = put(state, "pentagon", "Life of Joy")
    roll(state)
    assert state.pos[0] == 2  # START is off the board; space 0 is first, space 2 a pentagon
    assert state.reg_pos[r] == 0
    assert state.money[0] == 11  # Joy (0): Gain a cent.
    assert state.fired["Life of Joy (0)"] == 1
    act(state, "lock", 0)
    assert state.current_player() == 1
    assert state.legal_actions() == [("roll", None)]


def test_landing_advances_the_register_one_step():
    state = new(2, face(3))
    r = put(state, "pentagon", "Life of Joy", 0)
    roll(state)
    assert state.reg_pos[r] == 1
    assert state.money[0] == 12  # Joy (1): Gain 2 cents.


def test_an_exhausted_strip_is_replaced_from_the_unused_pile_and_its_first_step_obeyed():
    state = new(2, face(3))
    r = put(state, "pentagon", "Life of Joy", 7)
    extremes = only_in_pile(state, "Life of Extremes")
    roll(state)
    assert state.reg_strip[r] == extremes and state.reg_pos[r] == 0
    assert INDEX["Life of Joy"] in state.set_aside
    assert state.money[0] == 30  # Extremes (0): Gain 20 cents.


def test_a_fee_you_cannot_pay_moves_you_back_a_space_per_cent_owed():
    state = new(2, face(1))
    state.pos[0] = 10
    set_money(state, 0, 1)
    put(state, "square", "Life of Pain", 0)
    roll(state)  # to space 11, a square: Pain (1) "Lose 2 cents." with 1 cent
    assert state.money[0] == 0
    assert state.pos[0] == 10
    assert state.current_player() == 1  # no lock offer without 2 cents


def test_on_an_occupied_space_the_lander_may_apply_the_effect_to_a_player_there():
    state = new(3, face(3))
    state.pos[1] = 2
    put(state, "pentagon", "Life of Joy")
    roll(state)
    assert state.legal_actions() == [("target", 0), ("target", 1)]
    act(state, "target", 1)
    assert state.money == [10, 11, 10]


def test_moving_past_the_end_collects_three_cents_bounces_and_reverses_forward():
    state = new(3, face(4), face(2))
    state.pos[0], state.reached[0] = 47, True
    state.pos[2], state.reached[2] = 46, True
    state.pos[1] = 10
    put(state, "square", "Life of Stasis")
    roll(state)  # 48, then past the end: back 47, 46, 45 (a square)
    assert state.pos[0] == 45
    assert state.reversed[0]
    assert state.money == [13, 7, 10]  # only seat 1 had not reached the end


def test_after_the_end_forward_is_counterclockwise():
    state = new(2, face(2))
    state.pos[0], state.reached[0], state.reversed[0] = 45, True, True
    put(state, "pentagon", "Life of Chaos")
    roll(state)
    assert state.pos[0] == 43  # a pentagon, two spaces back toward START


def test_the_centre_spaces_obey_both_registers_circle_first():
    state = new(2, face(2))
    state.pos[0] = 44
    put(state, "circle", "Life of Joy", 5)  # reveals (6): Double the money you have.
    put(state, "hexagon", "Life of Extremes")  # reveals (0): Gain 20 cents.
    roll(state)
    assert state.pos[0] == 46
    assert state.money[0] == 20  # doubled first
    act(state, "lock", 0)
    assert state.money[0] == 40  # then the hexagon
    act(state, "lock", 0)
    assert state.reached[0]
    assert state.current_player() == 1


def test_locking_spends_two_cents_a_lock_onto_the_register():
    state = new(2, face(3))
    r = put(state, "pentagon", "Life of Joy")
    roll(state)
    assert [v for _, v in state.legal_actions()] == [0, 1, 2, 3, 4, 5]  # 11 cents
    act(state, "lock", 2)
    assert state.money[0] == 7 and state.reg_lock[r] == 4


def _locked(lock: int, money: int):
    state = new(2, face(3))
    r = put(state, "pentagon", "Life of Joy", 0)
    state.reg_lock[r] = lock
    state.bank_out += lock
    set_money(state, 0, money)
    roll(state)
    return state, r


def test_a_locked_register_taking_two_cents_off_obeys_the_step_without_advancing():
    state, r = _locked(4, 6)
    assert state.legal_actions() == [("locked", "take"), ("locked", 1), ("locked", 2)]
    act(state, "locked", "take")
    assert state.reg_lock[r] == 2 and state.reg_pos[r] == 0
    assert state.money[0] == 6 + 2 + 1  # the two cents, then Joy (0) again


def test_a_locked_register_bought_clear_advances_and_obeys():
    state, r = _locked(4, 6)
    act(state, "locked", 2)  # 6 cents to remove 4
    assert state.reg_lock[r] == 0 and state.reg_pos[r] == 1
    assert state.money[0] == 2  # Joy (1): Gain 2 cents.


def test_a_locked_register_not_bought_clear_does_nothing():
    state, r = _locked(4, 6)
    act(state, "locked", 1)
    assert state.reg_lock[r] == 2 and state.reg_pos[r] == 0
    assert state.money[0] == 3


def test_the_game_ends_when_everyone_has_reached_the_end_and_money_decides():
    state = new(2, face(2))
    state.pos[1], state.reached[1] = 47, True
    state.pos[0] = 44
    set_money(state, 1, 4)
    put(state, "circle", "Life of Chaos")
    put(state, "hexagon", "Life of Stasis")
    roll(state)
    act(state, "lock", 0)
    act(state, "lock", 0)
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.returns() == [10.0, 4.0]


def test_tidal_an_odd_roll_steps_the_register_back():
    state = new(2, face(3), tidal=True)
    r = put(state, "pentagon", "Life of Joy", 2)
    roll(state)
    assert state.reg_pos[r] == 1 and state.money[0] == 12  # Joy (1)


def test_tidal_an_even_roll_advances():
    state = new(2, face(2), tidal=True)
    r = put(state, "triangle", "Life of Joy", 1)  # space 1 is a triangle
    roll(state)
    assert state.reg_pos[r] == 2 and state.money == [11, 9]  # Joy (2): a cent from each


def test_cycles_a_strip_on_its_last_step_gets_a_nickel_and_runs_backward():
    state = new(2, face(3), face(6), cycles=True)
    r = put(state, "pentagon", "Life of Joy", 7)
    roll(state)
    assert state.reg_nickel[r] and state.reg_pos[r] == 6
    assert state.money[0] == 20  # Joy (6): Double the money you have.


def test_options_other_than_the_variants_are_refused():
    with pytest.raises(ValueError, match="unknown Slipmax option"):
        ENGINE.new_game(DECK, 2, Dice(), {"speedy": True})


def test_two_copies_of_a_strip_obeying_each_other_stop_at_the_nesting_limit(tmp_path):
    folder = tmp_path / "slipmax"
    shutil.copytree(ROOT / "components" / "slipmax", folder)
    strips = folder / "strips.yaml"
    strips.write_text(
        strips.read_text().replace("  - title: Life of Chaos\n", "  - title: Life of Chaos\n    count: 2\n")
    )
    deck = ENGINE.load_deck(load_game(folder))
    copies = [i for i, s in enumerate(deck.strips) if s.title == "Life of Chaos"]
    state = ENGINE.new_game(deck, 2, Dice(face(3)), {})
    state.first_player = state.next_seat = 0
    pentagon, hexagon = state.shape_register["pentagon"], state.shape_register["hexagon"]
    rest = iter(i for i in range(len(deck.strips)) if i not in copies)
    state.reg_strip = [copies[0] if r == pentagon else copies[1] if r == hexagon else next(rest) for r in range(6)]
    state.pile, state.set_aside = list(rest), []
    chaos = deck.strips[copies[0]]
    state.show(pentagon, chaos.index_of(6))
    state.show(hexagon, chaos.index_of(7))
    state.pos[0] = 12  # (6) shows: "All rolls go backward", so a 3 takes seat 0 to space 9
    roll(state)  # (7): "Randomly select another register and take its effect", back and forth
    assert state.pos[0] == 9
    assert state.fired["Life of Chaos (7)"] == MAX_NESTED
    assert state.invariant_violations() == []


def test_everyone_broke_while_moving_costs_a_cent_a_space_is_a_stalemate():
    state = new(2)
    put(state, "hexagon", "Life of Chaos", 5)
    set_money(state, 0, 0)
    set_money(state, 1, 0)
    assert state.is_terminal() and state.stalemate()


def test_everyone_at_start_while_rolls_go_backward_is_a_stalemate():
    state = new(3)
    put(state, "hexagon", "Life of Chaos", 6)
    assert state.is_terminal() and state.stalemate()


def test_one_player_able_to_move_is_no_stalemate():
    state = new(2)
    put(state, "hexagon", "Life of Chaos", 5)
    set_money(state, 0, 0)
    assert not state.is_terminal()
    assert state.legal_actions() == [("pay_to_move", 0)]  # seat 0 cannot pay for a space
