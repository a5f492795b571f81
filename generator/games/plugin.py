"""The one object a game package declares, and how cutsheet finds what is installed.

A game is a package exposing a `GamePlugin` and naming it in the `cutsheet.games`
entry-point group of its distribution's metadata (generator/sources/registry.py), so a game
may live in its own pip package; the shipped games register the same way, in cutsheet's
pyproject.toml:

    [project.entry-points."cutsheet.games"]
    mygame = "mygame:PLUGIN"

The entry point's name is the one game.yaml gives as `engine:`. What belongs to one game
(its engine, kinds, layouts, report sections) is in its plugin; what any game may use is
registered in a group of its own: generic kinds in `cutsheet.kinds`, and sections another
package adds to a game's report in `cutsheet.reports`.
"""

from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from msgspec import Struct

from generator.games.compiled import runs_plain
from generator.layout.component import ComponentKind
from generator.sources import game as sources_game
from generator.sources.errors import SourceError
from generator.sources.game import ComponentFile, Game
from generator.sources.items import Item
from generator.sources.registry import Registry

if TYPE_CHECKING:  # a build of an `engine: none` deck loads neither
    from generator.games.base import Engine
    from generator.games.sections import ReportSection


class GamePlugin(Struct, frozen=True):
    """A game: its rules engine, the component kinds its decks may use, where its layouts
    are and the sections it adds to a simulation report.

    The engine declares the rest of the game (docs/findings.md and games/base.py): its
    players, static checks (`static_checks`), options and variants, policies, endings and
    the figures its simulations gather (`figure_tally`)."""

    engine: "Engine"
    #: The game's own kinds (each with its item class, its layout's params schema and its
    #: drawing), besides the generic ones every game may use. Two games may both have a
    #: kind of one name that looks nothing alike.
    kinds: tuple[ComponentKind, ...] = ()
    #: The package whose `layouts/` folder holds the game's layouts and `layouts/icons/` its
    #: icons, read through importlib.resources (package data beside the game's code); ""
    #: for a game whose kinds use only the shared layouts.
    package: str = ""
    #: The game's own parts of a simulation report.
    sections: tuple["ReportSection", ...] = ()
    #: A module of the engine that a wheel's build compiles for speed (setup.py), "" for an
    #: engine that stays plain Python: a simulation says when it could not be compiled.
    compiled: str = ""

    @property
    def name(self) -> str:
        """The name game.yaml gives as `engine:`."""
        return self.engine.name

    def layouts(self) -> Path | None:
        """The folder of the game's own layouts, or None."""
        if not self.package:
            return None
        folder = resources.files(self.package) / "layouts"
        if not isinstance(folder, Path):
            raise RuntimeError(f"{self.package} must be installed as files, not inside an archive")
        return folder if folder.is_dir() else None


GAMES: Registry[GamePlugin] = Registry("cutsheet.games", "game", GamePlugin, lambda plugin: plugin.name)
#: Kinds any game may use, such as the generic card.
KINDS: Registry[ComponentKind] = Registry("cutsheet.kinds", "component kind", ComponentKind, lambda kind: kind.name)


def plugins() -> dict[str, GamePlugin]:
    """Every installed game, by name (loaded once per process)."""
    return GAMES.installed()


def engines() -> dict[str, "Engine"]:
    """Every installed game's engine, by name."""
    return {name: plugin.engine for name, plugin in plugins().items()}


def plain_engine_note(name: str) -> str:
    """A line to say before simulating the game `engine:` names when cutsheet was installed
    from a wheel whose build could not compile its engine (no C compiler): "" otherwise, and
    always from a source checkout, whose modules stay plain on purpose."""
    plugin = GAMES.get(name)
    if plugin is None or not plugin.compiled or not runs_plain(plugin.compiled):
        return ""
    return (
        f"note: the {plugin.name} engine runs as plain Python here (its build could not compile it: "
        "no C compiler when cutsheet was installed), so its games play about 3x slower"
    )


def engine_of(name: str) -> "Engine | None":
    """The engine game.yaml's `engine:` names, loading that game alone; None for a name no
    installed game has (`none`)."""
    plugin = GAMES.get(name)
    return plugin.engine if plugin else None


class GameKinds(Mapping[str, ComponentKind]):
    """The kinds a game may use, by name: the generic ones (KINDS), in the order of their
    names, then the game's own, which replace a generic one of the same name. A generic kind
    is loaded when it is first looked up, so a deck of cards imports no die or tuck box; and
    a kind installed broken fails only the decks that name it (RegistryError)."""

    def __init__(self, own: tuple[ComponentKind, ...]):
        self._own = {kind.name: kind for kind in own}

    def __getitem__(self, name: str) -> ComponentKind:
        if name in self._own:
            return self._own[name]
        found = KINDS.get(name)
        if found is None:
            raise KeyError(name)
        return found

    def __contains__(self, name: object) -> bool:
        return name in self._own or name in KINDS.names()

    def __iter__(self) -> Iterator[str]:
        generic = sorted(KINDS.names())
        return iter([*generic, *(name for name in self._own if name not in generic)])

    def __len__(self) -> int:
        return len(KINDS.names() | self._own.keys())


class ItemClasses(Mapping[str, type[Item]]):
    """The item class of each kind a game may use, by kind name: its kind loaded when it is
    looked up (GameKinds)."""

    def __init__(self, kinds: GameKinds):
        self._kinds = kinds

    def __getitem__(self, name: str) -> type[Item]:
        return self._kinds[name].item

    def __contains__(self, name: object) -> bool:
        return name in self._kinds

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)


@cache
def game_kinds(engine: str) -> GameKinds:
    """The kinds a game may use, by name: the generic ones and those of the game its
    `engine:` names (only the generic ones for a name no installed game has)."""
    plugin = GAMES.get(engine)
    return GameKinds(plugin.kinds if plugin else ())


def kind_of(component_file: ComponentFile, game: Game) -> ComponentKind:
    """The kind a component file's `kind:` names, among those its game may use; SourceError
    at `kind:` when there is none of that name."""
    kinds = game_kinds(game.engine)
    if component_file.kind not in kinds:
        raise SourceError(
            component_file.data.loc_of("kind"),
            f"unknown component kind {component_file.kind!r} (expected one of: {', '.join(sorted(kinds))})",
        )
    return kinds[component_file.kind]


def kind_items(engine: str) -> ItemClasses:
    """The item class of each kind a game of `engine` may use, by kind name."""
    return ItemClasses(game_kinds(engine))


def game_layouts(engine: str) -> list[Path]:
    """The folders of a game's own layouts (none for a game with only shared ones)."""
    plugin = GAMES.get(engine)
    folder = plugin.layouts() if plugin else None
    return [folder] if folder else []


def report_sections(engine: str) -> tuple["ReportSection", ...]:
    """The sections a game's report adds: its own, then those other packages add to it."""
    from generator.games.sections import REPORTS  # asked for by a report alone: a build loads none

    plugin = GAMES.get(engine)
    own = plugin.sections if plugin else ()
    added = tuple(section for section in REPORTS.installed().values() if section.engine == engine)
    return own + added


def load_game(folder: Path, memo: sources_game.SourceMemo | None = None) -> Game:
    """A game folder read and every item validated, once, against its kind's schema (with
    a memo of its last reading, an edit to one item reads that item alone)."""
    return sources_game.load_game(folder, kind_items, game_layouts, memo)


def all_kinds() -> dict[str, GameKinds]:
    """Every installed game's kinds, by game name."""
    return {name: game_kinds(name) for name in plugins()}
