"""The state of one game in progress, as every engine's rules advance it.

GameState is a Protocol with its members' defaults: an engine's state derives from it and
takes its fields and defaults, and the harness reads every state through it. This module
stays plain Python in a wheel. The compiled Sliders state (setup.py) is a GameState by
having its members, as a compiled class cannot derive from a plain one; a plain class
derived from a compiled one reads and writes its attributes about twice as slowly on
CPython 3.11 (its instance dictionary is not the interpreter's own), which would slow
every other engine, the shipped ones and a designer's, in an installed cutsheet.
"""

import random
from abc import abstractmethod
from collections import Counter
from collections.abc import Hashable
from enum import Enum
from typing import Protocol, TypeVar

#: The type of a game's actions: each engine's state narrows Action to its own.
ActionT = TypeVar("ActionT", bound=Hashable)


class Ending(Enum):
    """A way a game ends. Each engine lists its own as a subclass (Engine.endings), each
    member's value the words the report prints for it; the harness counts games by member."""


class Ended(Ending):
    """The endings of a game that names none of its own: ended by the rules, or stopped by
    the engine because the rules could never end it."""

    RULES = "rules"
    STOPPED = "stopped"


#: The fields GameState.__init__ sets.
STATE_FIELDS = ("num_players", "rng", "turns", "fired", "first_player", "peak_in_play")


class GameState(Protocol[ActionT]):
    """One game in progress, whose actions are ActionT."""

    num_players: int
    rng: random.Random
    turns: int
    fired: Counter[str]
    first_player: int
    peak_in_play: Counter[str]

    def __init__(self, num_players: int, rng: random.Random):
        self.num_players = num_players
        self.rng = rng
        #: How many player turns have been played: the figure reported as game length.
        self.turns = 0
        #: How often each card, step or space took effect, by its printed name.
        self.fired: Counter[str] = Counter()
        #: The seat that took the first turn; engines whose rules draw it set it from rng.
        self.first_player = 0
        #: Physical component name (a key of Engine.supply) -> the most in play at once.
        self.peak_in_play: Counter[str] = Counter()

    def note_in_play(self, component: str, count: int) -> None:
        """Record that `count` of a physical component are in play (out of the box) now."""
        if count > self.peak_in_play[component]:
            self.peak_in_play[component] = count

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (0-based); meaningless once terminal."""

    @abstractmethod
    def legal_actions(self) -> list[ActionT]:
        """Every action the current player may take; never empty unless terminal."""

    @abstractmethod
    def apply(self, action: ActionT) -> None:
        """Play an action from legal_actions(), resolving chance with self.rng."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's final score (money, points); the highest wins, equal ones tie."""

    def ended_by_rules(self) -> bool:
        """Whether a finished game ended as the rules end a game, rather than being stopped
        by the engine because the rules could never end it (a stalemate). Only games ended by
        the rules count as completed and have winners."""
        return True

    def end_reason(self) -> Ending:
        """How a finished game ended: a member of its engine's `endings` (for a game not
        ended by the rules, the cause as the engine knows it)."""
        return Ended.RULES if self.ended_by_rules() else Ended.STOPPED

    def invariant_violations(self) -> list[str]:
        """Conserved quantities and forbidden holdings that do not hold now (empty if fine)."""
        return []

    def drop_caches(self) -> None:
        """Let go of whatever the state keeps only to find its moves faster. The harness
        calls it when a game is over, before keeping the state until the run's report is
        made; a state must play on the same after it (nothing here to drop by default)."""
        return None
