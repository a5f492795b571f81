"""The figures the Sliders simulation report adds.

landing_share: 40 numbers indexed by square (0 = GO): the share of all throws that end on
each square, where the token rests once any card it drew has moved it (a Chance square
counts only the throws whose card left the token there). A throw that ends in the Slidecage
(sent there by "Go to the Slidecage", a card or three doubles, or a failed throw to get
out) counts on the Slidecage's square 10 with Just Visiting, and `in_jail_share` gives the
part of those that are in the Slidecage. Nobody rests on "Go to the Slidecage" (30). So the
shares compare with the classic game's published tables of where tokens end their moves.
"""

from collections import Counter
from statistics import mean, median

from generator.games.sliders.state import SlidersState


def _summary(values: list[int]) -> dict | None:
    if not values:
        return None
    return {"games": len(values), "mean": round(mean(values), 1), "median": median(values)}


def figures(states: list[SlidersState]) -> dict:
    if not states:
        return {}
    size = len(states[0].stats.landings)
    landings = [sum(state.stats.landings[sq] for state in states) for sq in range(size)]
    throws = sum(landings) or 1
    income: Counter = Counter()  # rent charged, by the group of the square
    for state in states:
        income.update(state.stats.rent_by_group)
    capped = sum(1 for state in states if state.capped or not state.is_terminal())
    return {
        "landing_share": [round(count / throws, 5) for count in landings],
        "in_jail_share": round(sum(state.stats.in_cage for state in states) / throws, 5),
        "rent_per_game_by_group": {group: round(total / len(states), 1) for group, total in sorted(income.items())},
        "turns_to_first_bankruptcy": _summary([s.stats.bankrupt_turns[0] for s in states if s.stats.bankrupt_turns]),
        "turns_to_second_bankruptcy": _summary(
            [s.stats.bankrupt_turns[1] for s in states if len(s.stats.bankrupt_turns) > 1]
        ),
        "games_capped": capped,
        "share_capped": round(capped / len(states), 4),
    }
