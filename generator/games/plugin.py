"""The one object a game package declares, and how cutsheet finds the games installed.

A game is a package exposing a `GamePlugin` and naming it in the `cutsheet.games`
entry-point group of its distribution's metadata, so a game may live in its own pip
package; the shipped games register the same way, in cutsheet's pyproject.toml:

    [project.entry-points."cutsheet.games"]
    mygame = "mygame:PLUGIN"

The entry point's name is the one game.yaml gives as `engine:`.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from generator.games.base import Engine
from generator.layout.card import BUILTIN_KINDS
from generator.layout.component import ComponentKind
from generator.sources import game as sources_game
from generator.sources.errors import SourceError
from generator.sources.game import Game

ENTRY_POINT_GROUP = "cutsheet.games"


@dataclass(frozen=True)
class GamePlugin:
    """A game: its rules engine and the component kinds its decks may use.

    The engine declares the rest of the game (docs/findings.md and games/base.py): its
    players, static checks (`static_checks`), options and variants, policies and the
    figures its simulations add to the report (`figures`)."""

    engine: Engine
    #: The game's own kinds (each with its item schema, its layout's params schema and its
    #: drawing), besides the built-in ones every game may use. Two games may both have a
    #: kind of one name that looks nothing alike.
    kinds: tuple[ComponentKind, ...] = ()

    @property
    def name(self) -> str:
        """The name game.yaml gives as `engine:`."""
        return self.engine.name


class PluginError(SourceError):
    """An installed game that cannot be used: a broken entry point, or two games of one name.
    Like bad input, it is reported in one line (exit status 2), not as a traceback."""

    def __init__(self, message: str):
        super().__init__(None, message)


def load_plugins(points: Iterable[EntryPoint]) -> dict[str, GamePlugin]:
    """The games the entry points name, by name. The same entry point installed twice (an
    editable checkout beside another copy) counts once; two different games of one name are
    an error, as is an entry point that is not a GamePlugin or whose name is not its engine's."""
    values: dict[str, set[str]] = {}
    for point in points:
        values.setdefault(point.name, set()).add(point.value)
    found: dict[str, GamePlugin] = {}
    for name, (value, *others) in sorted((name, sorted(v)) for name, v in values.items()):
        if others:
            raise PluginError(f"two games are installed as {name!r}: {', '.join([value, *others])}")
        try:
            plugin = EntryPoint(name, value, ENTRY_POINT_GROUP).load()
        except Exception as exc:  # any failure of a third-party package's import
            raise PluginError(f"the game installed as {name!r} ({value}) cannot be loaded: {exc}") from exc
        if not isinstance(plugin, GamePlugin):
            raise PluginError(f"entry point {name} = {value} is not a GamePlugin")
        if plugin.name != name:
            raise PluginError(f"entry point {name} = {value} names the engine {plugin.name!r}")
        found[name] = plugin
    return found


@cache
def plugins() -> dict[str, GamePlugin]:
    """Every installed game, by name (loaded once per process)."""
    return load_plugins(entry_points(group=ENTRY_POINT_GROUP))


def engines() -> dict[str, Engine]:
    """Every installed game's engine, by name."""
    return {name: plugin.engine for name, plugin in plugins().items()}


@cache
def game_kinds(engine: str) -> dict[str, ComponentKind]:
    """The kinds a game may use, by name: the built-in ones and those of the game its
    `engine:` names (only the built-in ones for a name no installed game has)."""
    plugin = plugins().get(engine)
    own = plugin.kinds if plugin else ()
    return {kind.name: kind for kind in (*BUILTIN_KINDS, *own)}


def kind_schemas(engine: str) -> dict[str, dict]:
    """The item schema of each kind a game of `engine` may use, by kind name."""
    return {name: kind.schema for name, kind in game_kinds(engine).items()}


def load_game(folder: Path) -> Game:
    """A game folder read and every item validated, once, against its kind's schema."""
    return sources_game.load_game(folder, kind_schemas)


def all_kinds() -> dict[str, dict[str, ComponentKind]]:
    """Every installed game's kinds, by game name."""
    return {name: game_kinds(name) for name in plugins()}
