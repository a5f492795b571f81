"""The engine protocol every game implements, OpenSpiel style.

A state is advanced only through `apply(action)` with an action from `legal_actions()`;
chance comes from the state's own seeded `random.Random`, and every decision (targets,
bids, whether to buy) is an action chosen by a policy from outside, never inside the rules.
"""

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from msgspec import Struct, field

from generator.findings import Finding
from generator.games.game_state import ActionT, Ended, Ending, GameState
from generator.sources.errors import Loc
from generator.sources.game import Game

Action = Hashable


class Option(Struct, frozen=True):
    """A setting a game declares, given as `--option NAME=VALUE` and varied by sweeps.

    new_game receives every declared option in its options dict, the default where none
    was given."""

    name: str
    help: str
    default: object
    #: Turns the text after `=` into the value; raises ValueError saying what it expected.
    parse: Callable[[str], object]


def whole_number(minimum: int = 0, of: str = "") -> Callable[[str], int]:
    """An Option.parse for a whole number (of `of`: turns, dollars) of at least `minimum`."""
    what = f"a whole number of {of}" if of else "a whole number"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum:
            raise ValueError(f"expected {what} ({minimum} or more), not {text!r}")
        return value

    return parse


class Variant(Struct, frozen=True):
    """A named rules variant, switched on by `--variant NAME` (new_game sees NAME: True)."""

    name: str
    help: str


class Supply(Struct, frozen=True):
    """How many of one physical component the deck prints, and where that is said."""

    printed: int
    loc: Loc | None


class FigureRun(Struct, frozen=True):
    """Games a game's figures need besides the report's own (another player count, option or
    policy). The shared harness plays them, seeded and capped like any run, and hands their
    states to Engine.run_figures: no engine runs a simulation loop of its own."""

    name: str
    players: int
    games: int
    policy: str = "random"
    options: Mapping[str, object] = field(default_factory=dict)
    seed: int = 0


class RunSettings(Struct, frozen=True):
    """The settings of the run a game's figure runs go with (`--policy`, `--option`,
    `--variant`), for figures that follow them (Engine.figure_runs and run_figures)."""

    #: The policy every seat plays.
    policy: str
    #: What new_game is given: every declared option, and each variant asked for as True.
    options: Mapping[str, object] = field(default_factory=dict)


#: The type of a game's states.
StateT = TypeVar("StateT", bound=GameState[Any])

StateT_contra = TypeVar("StateT_contra", bound=GameState[Any], contravariant=True)


class FigureTally(Protocol[StateT_contra]):
    """An engine's own figures, gathered game by game: add() is given every game that ended
    without a problem, in index order, and figures() is asked once, after the last."""

    def add(self, state: StateT_contra) -> None: ...

    def figures(self) -> dict: ...


#: Chooses the current player's action in a state of StateT.
Policy = Callable[[StateT, random.Random], Action]


def random_policy(state: GameState[ActionT], rng: random.Random) -> ActionT:
    """Any legal action, uniformly."""
    return rng.choice(state.legal_actions())


class Engine(ABC, Generic[StateT]):
    """A game's rules: loading its deck from sources, static checks, and fresh states (StateT)."""

    #: The name game.yaml uses in `engine:`.
    name: str
    min_players: int
    max_players: int
    default_players: int
    #: Actions after which a simulated game is stopped and counted as capped.
    max_actions: int = 20_000
    #: Every way its games end (GameState.end_reason gives one of them).
    endings: type[Ending] = Ended

    @classmethod
    def seats(cls, players: int) -> bool:
        """Whether the game takes that many players."""
        return cls.min_players <= players <= cls.max_players

    @abstractmethod
    def load_deck(self, game: Game) -> Any:
        """The engine's own model of the game's components; SourceError for malformed data."""

    @abstractmethod
    def static_checks(self, game: Game) -> list[Finding]:
        """Findings about the deck that need no simulation."""

    @abstractmethod
    def new_game(self, deck: Any, num_players: int, rng: random.Random, options: dict) -> StateT:
        """A fresh game at its start (setup chance drawn from rng)."""

    def policies(self) -> dict[str, Policy[StateT]]:
        """Named policies; 'random' always exists."""
        return {"random": random_policy}

    def options(self) -> tuple[Option, ...]:
        """The settings `--option NAME=VALUE` takes for this game."""
        return ()

    def variants(self) -> tuple[Variant, ...]:
        """The rules variants `--variant NAME` takes for this game."""
        return ()

    def supply(self, deck: Any) -> dict[str, Supply]:
        """Physical component name -> how many the deck prints, for the components a game
        can run out of; the harness warns when games need more (GameState.peak_in_play)."""
        return {}

    def fireable(self, deck: Any) -> list[str]:
        """Every name that GameState.fired may count, so the report can list those never fired."""
        return []

    def figures(self, states: list[StateT]) -> dict:
        """Figures this game adds to the simulation report, from every finished state; used
        only by an engine without a figure_tally(), whose states the harness then keeps."""
        return {}

    def figure_tally(self) -> FigureTally[StateT] | None:
        """A new tally of this game's figures, fed game by game (the shipped games'
        figures.py), giving what figures(states) would for those games. The harness then
        keeps no finished game, so a run's memory does not grow with its number of games;
        None (the default): every finished state is kept for figures(states)
        (generator/check/simulate.py)."""
        return None

    def figure_runs(self, settings: RunSettings | None = None) -> tuple[FigureRun, ...]:
        """Further games the harness plays for run_figures (after any simulation of one game
        or more), for a run with these settings; None: the run's settings are not known, and
        the engine plays its own."""
        return ()

    def run_figures(self, runs: dict[str, list[StateT]], settings: RunSettings | None = None) -> dict:
        """Figures from the games of figure_runs(settings), by run name, added to the report."""
        return {}

    def component_counts(self, game: Game) -> dict[str, int]:
        """Component kind -> number of components (counting `count:` copies)."""
        counts: Counter[str] = Counter()
        for component_file in game.files:
            for component in component_file.components:
                counts[component_file.kind] += component.count
        return dict(counts)
