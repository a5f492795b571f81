"""The static rules checks that `cutsheet build` runs before each game, kept in the build
cache: they parse every card's text, most of the time of a rebuild whose sources did not
change.

A result is kept under everything the checks read (the files `seen_files` lists, with
cutsheet's own code, as every key has) and the working folder, from which the findings'
file paths are shown.
"""

import os

from generator.cache import BuildCache, files_digest, key
from generator.check.run import NO_ENGINE, CheckOptions, GameResult, check_game
from generator.layout.folders import context_for, seen_files
from generator.sources.game import Game


def static_checks(game: Game, store: BuildCache) -> GameResult:
    """check_game's static checks of `game` (already read), from `store` when it holds them.
    Not kept: a game without a rules engine (nothing is checked), and one whose files could
    not be read (checked again every time)."""
    if game.engine == NO_ENGINE:
        return check_game(game.folder, [], CheckOptions(), game=game)
    entry = key("static checks", os.getcwd(), files_digest(seen_files(context_for(game))))
    kept = store.get_object(entry)
    if isinstance(kept, GameResult):
        return kept
    result = check_game(game.folder, [], CheckOptions(), game=game)
    if result.bad_input is None:
        store.put_object(entry, result)
    return result
