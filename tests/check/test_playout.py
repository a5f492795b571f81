"""The per-action loop of the harness (playout.py), driven by a countdown whose faults are
set by hand: what it finds, and the action it finds it at. test_harness.py drives it through
simulate() with a whole engine."""

import random

import pytest

from generator.check.playout import BAD_PLAYER, ILLEGAL_ACTION, INVARIANT, NO_LEGAL_ACTION, Playout, play_out


class Countdown:
    """Two seats take turns to count down from `steps`; the game ends at zero. Every fault is
    off unless set: `broken` (invariant_violations from then on), `crash_at`, `empty_at`,
    `no_seat_at` (the step at which `crash_in`, apply or legal_actions, raises,
    legal_actions is empty, current_player is no seat)."""

    def __init__(self, steps: int):
        self.left, self.steps = steps, steps
        self.broken = False
        self.crash_at = self.empty_at = self.no_seat_at = -1
        self.crash_in = "apply"
        self.applied: list[str] = []

    def at(self) -> int:
        """The number of the action under way (from 1)."""
        return self.steps - self.left + 1

    def crash(self, method: str) -> None:
        if self.at() == self.crash_at and self.crash_in == method:
            raise RuntimeError("the counter jammed")

    def legal_actions(self) -> list[str]:
        self.crash("legal_actions")
        return [] if self.at() == self.empty_at else ["down"]

    def current_player(self) -> int:
        return 7 if self.at() == self.no_seat_at else self.left % 2

    def apply(self, action: str) -> None:
        self.crash("apply")
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


def test_the_legal_actions_are_checked_before_the_seat():
    state = Countdown(5)
    state.empty_at = state.no_seat_at = 2
    assert played(state).problem[0] == NO_LEGAL_ACTION


def test_an_action_the_policy_made_up_is_found_and_not_applied():
    state = Countdown(5)
    playout = played(state, policy=lambda state, rng: "up" if state.at() == 2 else "down")
    assert playout.problem == (ILLEGAL_ACTION, "seat 0 chose 'up', not among legal_actions()")
    assert playout.actions == 2 and state.applied == ["down"]


@pytest.mark.parametrize("method", ["legal_actions", "apply"])
def test_an_exception_leaves_the_number_of_the_action_it_was_raised_in(method):
    """The loop lets an exception through; the harness reports it at playout.actions,
    whether the engine raised it listing the action's choices or applying it."""
    state = Countdown(5)
    state.crash_at, state.crash_in = 3, method
    playout = Playout()
    with pytest.raises(RuntimeError, match="jammed"):
        play_out(state, [down, down], random.Random(1), 100, playout)
    assert playout.actions == 3


#: An Odd countdown's method that returns what a Countdown's does.
SAME = object()


class Odd(Countdown):
    """A countdown whose methods return values of other types than the protocol's: each is
    found as it is in plain Python, where a compiled loop could raise its own TypeError."""

    def __init__(self, steps: int, player=SAME, legal=SAME, terminal=SAME, violations=SAME):
        super().__init__(steps)
        self.player, self.legal, self.terminal, self.violations = player, legal, terminal, violations

    def current_player(self):
        return super().current_player() if self.player is SAME else self.player

    def legal_actions(self):
        return super().legal_actions() if self.legal is SAME else self.legal(super().legal_actions())

    def is_terminal(self):
        return super().is_terminal() if self.terminal is SAME else self.terminal(self.left)

    def invariant_violations(self):
        return super().invariant_violations() if self.violations is SAME else self.violations


@pytest.mark.parametrize("player", ["0", 0.0, None])
def test_a_current_player_of_another_type_is_no_seat(player):
    playout = played(Odd(5, player=player))
    assert playout.actions == 1 and playout.problem == (
        BAD_PLAYER,
        f"current_player() is {player!r}, not a seat 0..1",
    )


@pytest.mark.parametrize(
    "odd",
    [
        {"legal": tuple},
        {"terminal": lambda left: left == 0 and 1},
        {"terminal": lambda left: None if left else True},
        {"violations": ()},
        {"violations": None},
    ],
    ids=["tuple-of-actions", "terminal-int", "terminal-none", "violations-tuple", "violations-none"],
)
def test_values_of_other_types_that_mean_the_same_play_the_game_out(odd):
    state = Odd(5, **odd)
    playout = played(state)
    assert (playout.actions, playout.capped, playout.problem) == (5, False, None)
    assert state.applied == ["down"] * 5


def test_a_cap_of_another_type_caps_as_a_number():
    playout = played(Countdown(10), cap=3.5)
    assert (playout.actions, playout.capped) == (4, True)
