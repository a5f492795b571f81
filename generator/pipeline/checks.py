"""The check-then-build policy every print command follows (`cutsheet build`, `export` and
`serve`): a game's static rules checks run first; their errors stop that game, so nothing is
printed of it, unless the command is told not to check (--no-check); warnings are said (or
shown) and the game goes on.

The checks are kept in the build cache: they parse every card's text, most of the time of a
rebuild whose sources did not change. A result is kept under everything the checks read (the
files `seen_files` lists) and the working folder, from which the findings' file paths are
shown.
"""

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, TypeVar

from msgspec import Struct

from generator.cache import BuildCache, Files, Inputs
from generator.findings import Finding
from generator.layout.folders import context_for, seen_files
from generator.sources.game import Game

if TYPE_CHECKING:
    from generator.check.run import GameResult

T = TypeVar("T")


class StaticChecks(Struct, frozen=True):
    """What the static checks found of one game, as a print command takes it."""

    #: The findings, the accepted ones marked; empty when the checks were not run.
    findings: tuple[Finding, ...] = ()
    #: Their errors stop the game.
    stops: bool = False

    def then(self, make: Callable[[], T]) -> T | None:
        """make(): what the command prints of the game, unless the checks stop it (None)."""
        return None if self.stops else make()


class CheckInputs(Inputs, frozen=True):
    stage: ClassVar[str] = "static checks"
    workdir: str
    sources: Files


def check_first(game: Game, store: BuildCache, enabled: bool = True) -> StaticChecks:
    """The static checks of `game` (already read), from `store` when it holds them; none when
    not `enabled`. SourceError when the game cannot be checked (bad input stops every command)."""
    if not enabled:
        return StaticChecks()
    result = _static_checks(game, store)
    if result.bad_input is not None:
        raise result.bad_input
    return StaticChecks(tuple(result.findings), bool(result.errors))


def _static_checks(game: Game, store: BuildCache) -> "GameResult":
    """check_game's static checks (without the deck review). Not kept: a game without a
    rules engine (only its `expect:` is checked, which costs little), one whose files could
    not be read (checked again every time), and one whose folder changed as it was read. The
    checker is imported here: a build told not to check (--no-check) loads none of it."""
    from generator.check.run import NO_ENGINE, CheckOptions, GameResult, check_game

    if game.engine == NO_ENGINE:
        return check_game(game.folder, [], CheckOptions(review=False), game=game)
    inputs = CheckInputs(os.getcwd(), Files(tuple(seen_files(context_for(game)))))
    return store.cached(
        inputs,
        GameResult,
        lambda: check_game(game.folder, [], CheckOptions(review=False), game=game),
        keep=lambda result: result.bad_input is None and game.settled(),
    )
