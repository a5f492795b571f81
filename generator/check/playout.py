"""One game of a simulation played to its end, with the checks after every action: the only
part of the harness (simulate.py) that runs for every action, so a wheel's build compiles it
with the Sliders engine (setup.py). Compiled, the loop itself no longer costs the
interpreter's time between the engine's calls; it calls any engine, compiled or not, the same.

What the engine and the policies return is typed Any on purpose: compiled code checks a
value against its declared type where it receives it, and would raise a TypeError in this
loop where the harness is to report what a faulty engine did (a current player that is no
whole number, a tuple of legal actions, None for is_terminal()) as the plain loop does.
"""

import random
from typing import Any, Final

from generator.games.base import Policy

#: The problems found between actions (see docs/findings.md).
INVARIANT: Final = "SIM001"
NO_LEGAL_ACTION: Final = "SIM003"
ILLEGAL_ACTION: Final = "SIM004"
BAD_PLAYER: Final = "SIM006"


class Playout:
    """How far a game got: the number of the action under way (from 1; 0 while the state is
    checked before the first), whether the cap stopped the game, and the first problem found
    (its code and message). Kept up to date as the game is played, so that an exception
    raised by the engine or a policy is reported at the action it was raised in."""

    def __init__(self) -> None:
        self.actions = 0
        self.capped = False
        self.problem: tuple[str, str] | None = None


def play_out(state: Any, policies: list[Policy], choice: random.Random, cap: Any, playout: Playout) -> None:
    """Play `state`, a GameState, to its end, the cap of `cap` actions or its first problem,
    each seat's action chosen by its policy with `choice`; the state's methods are looked up
    once."""
    players = len(policies)
    legal_actions: Any = state.legal_actions
    current_player: Any = state.current_player
    apply: Any = state.apply
    violations: Any = state.invariant_violations
    is_terminal: Any = state.is_terminal
    found: Any = violations()
    while not found and not is_terminal():
        if playout.actions >= cap:
            playout.capped = True
            return
        playout.actions += 1
        legal = legal_actions()
        if not legal:
            playout.problem = (NO_LEGAL_ACTION, "no legal actions in a state that is not terminal")
            return
        player = current_player()
        if not _is_seat(player, players):
            playout.problem = (BAD_PLAYER, f"current_player() is {player!r}, not a seat 0..{players - 1}")
            return
        action = policies[player](state, choice)
        if action not in legal:
            playout.problem = (ILLEGAL_ACTION, f"seat {player} chose {action!r}, not among legal_actions()")
            return
        apply(action)
        found = violations()
    if found:
        playout.problem = (INVARIANT, "; ".join(map(str, found)))


def _is_seat(player: object, players: int) -> bool:
    """Whether `player` is a seat: a whole number from 0 to players - 1. A function of its
    own, so that the loop's `player` stays the object the engine returned (a bool, say),
    as the messages show it and as it indexes the policies."""
    return isinstance(player, int) and 0 <= player < players
