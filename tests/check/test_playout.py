"""The per-action loop of the harness (playout.py), driven by a countdown whose faults are
set by hand: what it finds, and the action it finds it at. test_harness.py drives it through
simulate() with a whole engine."""

import random

import pytest

from generator.check.playout import BAD_PLAYER, ILLEGAL_ACTION, INVARIANT, NO_LEGAL_ACTION, Playout, play_out


class Countdown:
    """Two seats take turns to count down from `steps`; the game ends at zero. Every fault is
    off unless set: `broken` (invariant_violations from then on), `crash_at`, `empty_at`,
    `no_seat_at` (the step at which apply raises, legal_actions is empty, current_player is
    no seat)."""

    def __init__(self, steps: int):
        self.left, self.steps = steps, steps
        self.broken = False
        self.crash_at = self.empty_at = self.no_seat_at = -1
        self.applied: list[str] = []

    def at(self) -> int:
        """The number of the action under way (from 1)."""
        return self.steps - self.left + 1

    def legal_actions(self) -> list[str]:
        return [] if self.at() == self.empty_at else ["down"]

    def current_player(self) -> int:
        return 7 if self.at() == self.no_seat_at else self.left % 2

    def apply(self, action: str) -> None:
        if self.at() == self.crash_at:
            raise RuntimeError("the counter jammed")
        self.applied.append(action)
        self.left -= 1

    def invariant_violations(self) -> list[str]:
        return ["the counter is broken"] if self.broken else []

    def is_terminal(self) -> bool:
        return self.left == 0


def down(state: Countdown, rng: random.Random) -> str:
    return "down"


def played(state: Countdown, cap: int = 100, policy=down) -> Playout:
    playout = Playout()
    play_out(state, [policy, policy], random.Random(1), cap, playout)
    return playout


def test_a_game_is_played_to_its_end_with_every_action_counted():
    state = Countdown(5)
    playout = played(state)
    assert state.applied == ["down"] * 5
    assert (playout.actions, playout.capped, playout.problem) == (5, False, None)


def test_the_cap_stops_a_game_after_as_many_actions():
    state = Countdown(50)
    playout = played(state, cap=12)
    assert (playout.actions, playout.capped, playout.problem) == (12, True, None)
    assert len(state.applied) == 12


def test_an_unsound_state_is_found_before_the_first_action_and_after_each():
    state = Countdown(5)
    state.broken = True
    playout = played(state)
    assert playout.actions == 0 and playout.problem == (INVARIANT, "the counter is broken")

    state = Countdown(5)

    def breaks_on_the_third(state: Countdown, rng: random.Random) -> str:
        state.broken = state.at() == 3
        return "down"

    playout = played(state, policy=breaks_on_the_third)
    assert playout.actions == 3 and playout.problem == (INVARIANT, "the counter is broken")


@pytest.mark.parametrize(
    ("fault", "code", "message"),
    [
        ("empty_at", NO_LEGAL_ACTION, "no legal actions in a state that is not terminal"),
        ("no_seat_at", BAD_PLAYER, "current_player() is 7, not a seat 0..1"),
    ],
)
def test_a_fault_of_the_engine_is_found_at_its_action(fault, code, message):
    state = Countdown(5)
    setattr(state, fault, 4)
    playout = played(state)
    assert (playout.actions, playout.problem) == (4, (code, message))
    assert len(state.applied) == 3


def test_an_action_the_policy_made_up_is_found_and_not_applied():
    state = Countdown(5)
    playout = played(state, policy=lambda state, rng: "up" if state.at() == 2 else "down")
    assert playout.problem == (ILLEGAL_ACTION, "seat 0 chose 'up', not among legal_actions()")
    assert playout.actions == 2 and state.applied == ["down"]


def test_an_exception_leaves_the_number_of_the_action_it_was_raised_in():
    """The loop lets an exception through; the harness reports it at playout.actions."""
    state = Countdown(5)
    state.crash_at = 3
    playout = Playout()
    with pytest.raises(RuntimeError, match="jammed"):
        play_out(state, [down, down], random.Random(1), 100, playout)
    assert playout.actions == 3
