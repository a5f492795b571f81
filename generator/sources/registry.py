"""What installed packages add to cutsheet, found through their entry points.

Everything extensible is registered the same way: a package names an object in one of the
entry-point groups below, in its distribution's metadata, and cutsheet finds it there.
cutsheet's own games, kinds, table readers and export profiles are registered in its
pyproject.toml exactly as a third-party package registers its own:

    [project.entry-points."cutsheet.games"]
    mygame = "mygame:PLUGIN"

The entry point's name is the name the object is known by (game.yaml's `engine:`, a kind's
`kind:`, a table file's suffix, `--profile`); the object must say the same name.
"""

from collections.abc import Callable, Iterable
from functools import cache
from importlib.metadata import EntryPoint, EntryPoints, entry_points
from typing import Generic, Protocol, TypeVar

from msgspec import Struct

from generator.sources.errors import SourceError

T = TypeVar("T")


class RegistryError(SourceError):
    """An installed extension that cannot be used: a broken entry point, an object of the
    wrong type, or two different ones of one name. Like bad input, it is reported in one line
    (exit status 2), not as a traceback."""

    def __init__(self, message: str):
        super().__init__(None, message)


class Registry(Generic[T], Struct, frozen=True):
    """One entry-point group: what its objects are and the name each is known by."""

    #: The entry-point group, e.g. "cutsheet.games".
    group: str
    #: What one object is, in messages ("game", "export profile").
    what: str
    #: The type every object of the group has.
    kind: type[T]
    #: The name an object says it has (checked against its entry point's name).
    name_of: Callable[[T], str]

    def load(self, points: Iterable[EntryPoint]) -> dict[str, T]:
        """The objects the entry points name, by name, sorted. The same entry point installed
        twice (an editable checkout beside another copy) counts once; two different objects
        of one name are an error, as is an entry point that does not load, is not of `kind`,
        or whose name is not its object's."""
        values: dict[str, set[str]] = {}
        for point in points:
            values.setdefault(point.name, set()).add(point.value)
        found: dict[str, T] = {}
        for name, (value, *others) in sorted((name, sorted(v)) for name, v in values.items()):
            if others:
                raise RegistryError(f"two {self.what}s are installed as {name!r}: {', '.join([value, *others])}")
            try:
                loaded = EntryPoint(name, value, self.group).load()
            except Exception as exc:  # any failure of a third-party package's import
                raise RegistryError(
                    f"the {self.what} installed as {name!r} ({value}) cannot be loaded: {' '.join(str(exc).split())}"
                ) from exc
            if not isinstance(loaded, self.kind):
                raise RegistryError(f"entry point {name} = {value} is not a {self.kind.__name__}")
            if self.name_of(loaded) != name:
                raise RegistryError(f"entry point {name} = {value} is named {self.name_of(loaded)!r}")
            found[name] = loaded
        return found

    def installed(self) -> dict[str, T]:
        """Every object installed in the group, by name (loaded once per process)."""
        return _installed(self)

    def get(self, name: str) -> T | None:
        """The object installed as `name`, or None: only its entry point is loaded (a build
        of one game imports no other game's engine)."""
        return _installed_as(self, name)

    def names(self) -> frozenset[str]:
        """The name of every object installed in the group, none of them loaded."""
        return _names(self)


class _EveryEntryPoint(Protocol):
    """What `entry_points()` gives without a group (Python 3.11's SelectableGroups, later
    an EntryPoints), as this module uses it."""

    def select(self, *, group: str = ..., name: str = ...) -> EntryPoints: ...


@cache
def _entry_points() -> _EveryEntryPoint:
    """Every installed distribution's entry points, read once a process: reading one group's
    reads every distribution's metadata, and a one-card build read three groups' (18 ms of
    its 0.4 s, with 175 distributions installed)."""
    return entry_points()


@cache
def _installed(registry: Registry[T]) -> dict[str, T]:
    return registry.load(_entry_points().select(group=registry.group))


@cache
def _installed_as(registry: Registry[T], name: str) -> T | None:
    return registry.load(_entry_points().select(group=registry.group, name=name)).get(name)


@cache
def _names(registry: Registry[T]) -> frozenset[str]:
    return frozenset(point.name for point in _entry_points().select(group=registry.group))
