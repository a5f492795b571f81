"""Policies: choose one of the legal actions; the rules never choose for a player."""

import random

from generator.games.base import Policy, random_policy
from generator.games.chip_flip.position import Placement
from generator.games.chip_flip.rules import scores
from generator.games.chip_flip.state import ChipFlipAction, ChipFlipState


def greedy_policy(state: ChipFlipState, rng: random.Random) -> ChipFlipAction:
    """Score if possible, else turn over as many chips as possible; ties broken at random.
    Placing a chip (free placement's set-up) gains nothing at once: every placement ties."""
    actions = state.legal_actions()
    position = state.position

    def gain(action: ChipFlipAction) -> tuple[bool, int]:
        if isinstance(action, Placement):
            return False, 0
        return scores(position, action), len(action.jumped)

    best = max(gain(action) for action in actions)
    return rng.choice([action for action in actions if gain(action) == best])


POLICIES: dict[str, Policy[ChipFlipState]] = {"random": random_policy, "greedy": greedy_policy}
