"""Slipmax policies: the random one and a greedy one that grabs cents now.

Decisions are (kind, value) actions; the greedy policy scores them by kind (see GREEDY) and
falls back to the first legal action for kinds it has no opinion on.
"""

import random
from collections.abc import Callable
from typing import Any

from generator.games.base import Policy, random_policy

from .state import SlipmaxAction, SlipmaxState

#: kind -> score of an action's value for the deciding player (highest is picked).
GREEDY: dict[str, Callable[[SlipmaxState, int, Any], float]] = {
    "pay_to_move": lambda s, me, v: min(v, 6) - max(0, v - 6) * 10,
    "choose_own_roll": lambda s, me, v: v,
    "choose_other_roll": lambda s, me, v: -v,
    "reroll": lambda s, me, v: not v,
    "target": lambda s, me, v: v == me,
    "collect": lambda s, me, v: v,
    "locked": lambda s, me, v: v == "take",
    "lock": lambda s, me, v: -v,
    "lock_register": lambda s, me, v: -v[1],
    "advance": lambda s, me, v: v,
    "optional": lambda s, me, v: v,
    "offer": lambda s, me, v: not v,
    "flip": lambda s, me, v: -v,
    "dice": lambda s, me, v: -v,
    "give_between": lambda s, me, v: s.money[v[0]] - s.money[v[1]] + 100 * (v[1] == me),
    "two_give": lambda s, me, v: s.money[v[0][0]] + s.money[v[0][1]] + 100 * (v[1] == me),
    "halve_and_give": lambda s, me, v: s.money[v[0]] + 100 * (v[1] == me),
    "trade": lambda s, me, v: v is not None and s.money[v[1]] - s.money[v[0]],
    "grant_turn": lambda s, me, v: v == me,
    "steal_time": lambda s, me, v: s.money[v],
    "swap_places": lambda s, me, v: s.pos[v] if not s.reversed[me] else -s.pos[v],
    "swap_money": lambda s, me, v: abs(s.money[v[0]] - s.money[v[1]]),
}


def greedy_policy(state: SlipmaxState, rng: random.Random) -> SlipmaxAction:
    """The action worth the most cents to the deciding player right now, by simple rules."""
    actions = state.legal_actions()
    score = GREEDY.get(actions[0][0])
    if score is None:
        return actions[0]
    me = state.current_player()
    return max(actions, key=lambda action: score(state, me, action[1]))


POLICIES: dict[str, Policy[SlipmaxState]] = {"random": random_policy, "greedy": greedy_policy}
