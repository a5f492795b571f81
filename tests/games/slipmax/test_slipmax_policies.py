"""The Slipmax greedy policy (generator/games/slipmax/policies.py) grabs cents now: among the
actions of one decision it picks the one its kind's score rates highest for the deciding
player (the first of equals), and the first action of a kind it has no opinion on. Each
choice below is worked out by hand from the positions given; the last one is a real game's
choice of its next roll."""

import random
from types import SimpleNamespace

import pytest

from generator.games.base import random_policy
from generator.games.slipmax.engine import SlipmaxEngine
from generator.games.slipmax.policies import GREEDY, POLICIES, greedy_policy
from tests.games.slipmax.test_slipmax_effects import reveal
from tests.games.slipmax.test_slipmax_rules import act, put, roll

RNG = random.Random(0)


def deciding(kind: str, values: list, me: int = 0, money=(5, 20, 8), pos=(3, 10, 7), reversed_=False):
    """A position where seat `me` decides `kind` among `values`."""
    return SimpleNamespace(
        legal_actions=lambda: [(kind, value) for value in values],
        current_player=lambda: me,
        money=list(money),
        pos=list(pos),
        reversed=[reversed_] * len(money),
    )


@pytest.mark.parametrize(
    ("kind", "values", "picked"),
    [
        ("pay_to_move", list(range(11)), 6),  # as far as a die could go, not a cent more
        ("choose_own_roll", [1, 2, 3, 4, 5, 6], 6),
        ("choose_other_roll", [1, 2, 3, 4, 5, 6], 1),
        ("target", [2, 0, 1], 0),  # the effect for itself
        ("lock", [0, 1, 2, 3], 0),  # no cents spent on locks
        ("offer", [False, True], False),  # no cents paid for an offer
        ("collect", [False, True], True),
        ("flip", [1, 2, 3], 1),
        ("give_between", [(0, 1), (1, 0), (2, 0), (1, 2)], (1, 0)),  # the richest gives to it
        ("trade", [None, (1, 2), (2, 1)], (2, 1)),  # give to the poorer, get from the richer
        ("swap_places", [1, 2], 1),  # onto the pawn furthest ahead
    ],
)
def test_greedy_picks_what_is_worth_most_now(kind, values, picked):
    assert greedy_policy(deciding(kind, values), RNG) == (kind, picked)


def test_a_reversed_player_swaps_with_the_pawn_furthest_back():
    assert greedy_policy(deciding("swap_places", [1, 2], reversed_=True), RNG) == ("swap_places", 2)


def test_a_kind_without_a_score_takes_the_first_action():
    assert "roll" not in GREEDY and "nudge" not in GREEDY
    assert greedy_policy(deciding("nudge", [(1, -1), (2, 1)]), RNG) == ("nudge", (1, -1))
    assert greedy_policy(deciding("roll", [None]), RNG) == ("roll", None)


def test_the_engine_offers_the_random_and_the_greedy_policy():
    assert POLICIES == {"random": random_policy, "greedy": greedy_policy}
    assert SlipmaxEngine().policies() == POLICIES


def test_in_a_real_game_greedy_chooses_a_six_for_its_own_next_roll():
    state = reveal("Life of Control", 3)  # "Choose your next roll instead of rolling."
    act(state, "lock", 0)
    put(state, "circle", "Life of Stasis")
    roll(state)  # seat 1's turn
    while state.current_player() != 0:
        state.apply(state.legal_actions()[0])
    assert state.legal_actions() == [("choose_own_roll", v) for v in range(1, 7)]
    assert greedy_policy(state, RNG) == ("choose_own_roll", 6)
    start = state.pos[0]
    state.apply(("choose_own_roll", 6))
    assert state.last_roll == 6 and state.pos[0] == start + 6
