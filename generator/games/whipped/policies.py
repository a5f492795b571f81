"""Policies for Whipped!: random, and a greedy one that sees only what the table shows."""

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from generator.games.base import Policy, random_policy
from generator.games.whipped.deck import Rider
from generator.games.whipped.rules import level_points, rider_payout
from generator.games.whipped.state import SPONSOR_AUCTION, AddAction, IndexAction, WhippedAction, WhippedState

ActionT = TypeVar("ActionT", bound=WhippedAction)

#: What a "for each" rider is guessed to be worth: a typical level holds 3 solid squares.
_TYPICAL_SOLID = 3
_TYPICAL_OTHERS = 1


def rider_worth(rider: Rider) -> float:
    """A rough value for a rider: points, plus half a point a vote."""
    points, votes = rider_payout(rider, _TYPICAL_SOLID, _TYPICAL_OTHERS)
    return points + votes / 2


def greedy_policy(state: WhippedState, rng: random.Random) -> WhippedAction:
    """Sponsor the best-scoring bill; bid one strong rider face down; accept the cheapest bid."""
    actions = state.legal_actions()
    if actions[0][0] == "choose_bill":  # then every action claims a bill
        bills: list[IndexAction] = [a for a in actions if a[0] == "choose_bill"]
        return _best(bills, lambda a: _level_one_gain(state, a[1]), rng)
    if ("stand",) in actions:
        return _bid(state, actions)
    return _decide(state, actions, rng)


def _best(actions: Sequence[ActionT], score: Callable[[ActionT], tuple[float, float]], rng: random.Random) -> ActionT:
    """An action of the highest score, ties broken at random (not by seat or index)."""
    top = max(map(score, actions))
    return rng.choice([a for a in actions if score(a) == top])


def _level_one_gain(state: WhippedState, b: int) -> tuple[int, int]:
    level = state.deck.bills[b].levels[0]
    return level_points(level), -len(level)


def _bid(state: WhippedState, actions: list[WhippedAction]) -> WhippedAction:
    seat = state.current_player()
    if state.bids.get(seat):
        return ("stand",)
    adds: list[AddAction] = [a for a in actions if a[0] == "add" and not a[2]]
    if state.level != SPONSOR_AUCTION and level_points(state.claimed_bill().levels[state.level - 1]) == 0:
        return ("stand",)
    if not adds:
        return ("stand",)
    return max(adds, key=lambda a: (rider_worth(state.deck.riders[a[1]]), -a[1]))


def _decide(state: WhippedState, actions: list[WhippedAction], rng: random.Random) -> WhippedAction:
    accepts: list[IndexAction] = [a for a in actions if a[0] == "accept"]
    if accepts:
        shown = state.public_bids()
        mean = sum(map(rider_worth, state.deck.riders)) / max(1, len(state.deck.riders))

        by_name = {r.item.name: r for r in state.deck.riders}

        def cheapness(action: IndexAction) -> tuple[int, float]:
            bid = shown[action[1]]
            worth = sum(mean if name is None else rider_worth(by_name[name]) for name in bid)
            return -len(bid), -round(worth, 6)

        return _best(accepts, cheapness, rng)
    if ("wait",) in actions:
        return ("wait",)
    if ("fill_self",) in actions and _self_fill_pays(state):
        return ("fill_self",)
    return ("abandon",)


def _self_fill_pays(state: WhippedState) -> bool:
    """Rule 3: filling another level keeps the best one and costs a point."""
    levels = state.claimed_bill().levels
    held = [level_points(levels[n - 1]) for n, s in state.occupants.items() if s == state.sponsor]
    return max(held + [level_points(levels[state.level - 1])]) - len(held) > 0


POLICIES: dict[str, Policy[WhippedState]] = {"random": random_policy, "greedy": greedy_policy}
