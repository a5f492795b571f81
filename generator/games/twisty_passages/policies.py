"""Policies: a fixed declared speed (one per speed 1..10) and an adaptive one.

Speed is the game's one real decision; for every other choice these policies share a
prudent default (keep your cards, use an item that cancels a card, never give cards away).
"""

import random
from collections.abc import Sequence

from generator.games.base import Policy
from generator.games.twisty_passages.position import MAX_SPEED, TwistyAction, argument_of
from generator.games.twisty_passages.state import TwistyState

#: Preference of the prudent default, best first, by an action's first element.
PREFERRED = (
    "cancel",
    "extra-card",
    "story",
    "refuse",
    "let-go",
    "keep-dice",
    "keep-roll",
    "pass",
    "accept",
    "force-black",
)
#: Each preferred first element's place in PREFERRED.
RANK = {tag: rank for rank, tag in enumerate(PREFERRED)}


def preferred(options: Sequence[TwistyAction]) -> TwistyAction | None:
    """The first option whose first element comes earliest in PREFERRED, or None: one pass
    over the options (a choice among two is the most common) rather than one per tag."""
    chosen: TwistyAction | None = None
    best = len(PREFERRED)
    for option in options:
        rank = RANK.get(option[0], best)
        if rank < best:
            chosen, best = option, rank
    return chosen


def prudent(state: TwistyState, options: Sequence[TwistyAction]) -> TwistyAction:
    """The default for choices other than speed."""
    chosen = preferred(options)
    if chosen is not None:
        return chosen
    seat = state.current_player()
    outcomes = [o for o in options if o[0] == "outcome"]
    if outcomes:  # discard rather than stop while the path can spare it
        short = state.length(seat) < 3
        # ("outcome", index, label): the label is the last element.
        return next((o for o in outcomes if (o[-1] == "stop") == short), outcomes[0])
    if options[0][0] == "discard":  # keep items: they protect
        path = state.paths[seat]
        return next((o for o in options if not state.card(path[argument_of(o, int)]).is_item), options[0])
    return options[0]


def nearest(speeds: list[TwistyAction], speed: int) -> TwistyAction:
    """The ("speed", n) option nearest `speed` (the first of two as near): `speed` itself,
    looked up at once, whenever it is offered, as it is unless a Net Trap caps the speed."""
    wanted = ("speed", speed)
    if wanted in speeds:
        return wanted
    return min(speeds, key=lambda o: abs(argument_of(o, int) - speed))


def fixed_speed(speed: int) -> Policy[TwistyState]:
    def policy(state: TwistyState, rng: random.Random) -> TwistyAction:
        options = state.legal_actions()
        speeds = [o for o in options if o[0] == "speed"]
        if speeds:
            return nearest(speeds, speed)
        return prudent(state, options)

    return policy


def adaptive(state: TwistyState, rng: random.Random) -> TwistyAction:
    """Run fast while far from the exit, walk when close; mine the leader when near winning."""
    options = state.legal_actions()
    speeds = [o for o in options if o[0] == "speed"]
    if not speeds:
        return prudent(state, options)
    seat = state.current_player()
    leader = max(state.others(seat), key=state.length)
    # ("sweep", title, seat): the seat is the last element.
    sweeps = [o for o in options if o[0] == "sweep" and o[-1] == leader]
    if sweeps and state.needed(leader) - state.length(leader) <= 3:
        return sweeps[0]
    return nearest(speeds, max(1, min(state.needed(seat) - state.length(seat), ADAPTIVE_CRUISE)))


#: The speed the adaptive policy declares while far from the exit: the speed whose turns
#: gained the most cards on average in the speed figure (4 players, 200 random games).
ADAPTIVE_CRUISE = 6

POLICIES: dict[str, Policy[TwistyState]] = {f"speed-{n}": fixed_speed(n) for n in range(1, MAX_SPEED + 1)}
POLICIES["adaptive"] = adaptive
