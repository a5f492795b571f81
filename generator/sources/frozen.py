"""Immutable located values: what a component's fields are once read and validated.

A `LocMap` is a read-only mapping and a `LocSeq` a read-only sequence; like the loader's
LocDict and LocList they remember where they, their keys and their values were written
(file:line:col, or a table's cell), so every reader can still point at its source. Nothing
can change them: a reader that needs other values derives new ones (`LocMap.with_values`).
"""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from generator.located import Loc
from generator.sources.loader import LocDict, LocList

_NOWHERE = Loc("", 1, 1)


@dataclass(frozen=True, eq=False)
class LocMap(Mapping[str, Any]):
    """A read-only mapping that remembers where it, each key and each value came from."""

    mapping: Mapping[str, Any] = field(default_factory=dict)
    loc: Loc = _NOWHERE
    key_locs: Mapping[str, Loc] = field(default_factory=dict)
    value_locs: Mapping[str, Loc] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.mapping[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.mapping)

    def __len__(self) -> int:
        return len(self.mapping)

    def __contains__(self, key: object) -> bool:
        return key in self.mapping

    def get(self, key: str, default: Any = None) -> Any:
        """The value, or `default`: asked of the mapping, not through a KeyError as Mapping's
        own get (most items leave most optional keys out, `count` first of all)."""
        return self.mapping.get(key, default)

    def __repr__(self) -> str:
        """As the dict it was read as: messages quote a value as it was written."""
        return repr(dict(self.mapping))

    def loc_of(self, key: str) -> Loc:
        return self.value_locs.get(key, self.loc)

    def key_loc(self, key: str) -> Loc:
        return self.key_locs.get(key, self.loc)

    def with_values(self, places: Mapping[str, Loc] | None = None, **values: Any) -> "LocMap":
        """A copy with these values added or replaced and the places `places` gives (a
        derived value with no place of its own reads as at the whole mapping)."""
        return LocMap({**self.mapping, **values}, self.loc, self.key_locs, {**self.value_locs, **(places or {})})


@dataclass(frozen=True, eq=False)
class LocSeq(Sequence[Any]):
    """A read-only sequence that remembers where it and each item came from."""

    items: tuple[Any, ...] = ()
    loc: Loc = _NOWHERE
    item_locs: tuple[Loc, ...] = ()

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, index: int | slice) -> Any:
        return self.items[index]

    def __len__(self) -> int:
        return len(self.items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LocSeq):
            return self.items == other.items
        return isinstance(other, (list, tuple)) and list(self.items) == list(other)

    __hash__ = None  # type: ignore[assignment]  # equal to lists, which are unhashable

    def __repr__(self) -> str:
        """As the list it was read as: messages quote a value as it was written."""
        return repr(list(self.items))

    def loc_of(self, index: int) -> Loc:
        return self.item_locs[index] if 0 <= index < len(self.item_locs) else self.loc


def frozen(value: Any) -> Any:
    """A loaded value made immutable, all the way down, keeping every place."""
    if isinstance(value, LocDict):
        return LocMap(
            {key: frozen(item) for key, item in value.items()},
            value.loc,
            dict(value.key_locs),
            dict(value.value_locs),
        )
    if isinstance(value, LocList):
        return LocSeq(tuple(frozen(item) for item in value), value.loc, tuple(value.item_locs))
    if isinstance(value, dict):
        return LocMap({key: frozen(item) for key, item in value.items()})
    if isinstance(value, list):
        return LocSeq(tuple(frozen(item) for item in value))
    return value


def places(value: object) -> list[Loc]:
    """Every place a read value holds: its own, and its keys' and values', all the way down."""
    if isinstance(value, LocMap):
        found = [value.loc, *value.key_locs.values(), *value.value_locs.values()]
        for child in value.values():
            found += places(child)
        return found
    if isinstance(value, LocSeq):
        found = [value.loc, *value.item_locs]
        for child in value:
            found += places(child)
        return found
    return []
