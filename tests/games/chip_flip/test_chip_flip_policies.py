"""Chip Flip's policies: the greedy player scores if it can, else turns over the most chips,
and breaks ties at random among the moves that gain the same; every choice is a legal move."""

import random

from generator.games.base import random_policy
from generator.games.chip_flip.board import parse_square
from generator.games.chip_flip.policies import POLICIES, greedy_policy
from generator.games.chip_flip.position import SOUTH, Move, Position
from generator.games.chip_flip.state import ChipFlipState


def state_of(south: list[str], north: list[str]) -> ChipFlipState:
    bits = [sum(1 << parse_square(name) for name in names) for names in (south, north)]
    return ChipFlipState(Position(bits[0], bits[1], SOUTH), random.Random(0))


def move(text: str) -> Move:
    separator = "x" if "x" in text else "-"
    return Move(tuple(parse_square(square) for square in text.split(separator)))


def chosen(state: ChipFlipState, seeds: int = 30) -> set[str]:
    """Every move greedy_policy picks here over a range of seeds."""
    return {str(greedy_policy(state, random.Random(seed))) for seed in range(seeds)}


def test_the_policies_are_random_and_greedy():
    assert POLICIES == {"random": random_policy, "greedy": greedy_policy}


def test_a_scoring_step_beats_a_double_jump():
    # a1 can jump b2 then d4 (two chips turned over); b7 can step onto row 8 and score.
    state = state_of(["a1", "b7"], ["b2", "d4", "h8"])
    assert {str(m) for m in state.legal_actions()} == {"a1xc3", "a1xc3xe5", "b7-a8", "b7-c8"}
    assert chosen(state) == {"b7-a8", "b7-c8"}  # both score and turn nothing over: a tie


def test_a_scoring_jump_beats_a_scoring_step():
    # f6 jumps g7 onto h8, scoring and turning a chip over; b7 only scores.
    state = state_of(["b7", "f6"], ["g7", "a3"])
    assert "f6xh8" in {str(m) for m in state.legal_actions()}
    assert chosen(state) == {"f6xh8"}


def test_without_a_score_the_longest_chain_of_jumps_wins():
    state = state_of(["a1", "g1"], ["b2", "d4", "h8"])
    assert chosen(state) == {"a1xc3xe5"}


def test_equal_steps_are_chosen_at_random():
    state = state_of(["c3"], ["h8"])
    assert chosen(state) == {"c3-b4", "c3-d4"}
