"""Policies: choose one of the legal moves; the rules never choose for a player."""

import random

from generator.games.base import Policy, random_policy
from generator.games.chip_flip.position import Move
from generator.games.chip_flip.rules import scores
from generator.games.chip_flip.state import ChipFlipState


def greedy_policy(state: ChipFlipState, rng: random.Random) -> Move:
    """Score if possible, else turn over as many chips as possible; ties broken at random."""
    moves = state.legal_actions()
    position = state.position

    def gain(move: Move) -> tuple[bool, int]:
        return scores(position, move), len(move.jumped)

    best = max(gain(move) for move in moves)
    return rng.choice([move for move in moves if gain(move) == best])


POLICIES: dict[str, Policy[ChipFlipState]] = {"random": random_policy, "greedy": greedy_policy}
