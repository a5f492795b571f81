"""A deck's components as the deck review reads them (deck_stats.py, consistency.py, expect.py):
each item's plain values (text, numbers, true or false) with the places they were written,
whatever its kind, so one review serves a deck with a rules engine and one without."""

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cached_property

from msgspec import Struct
from msgspec.structs import replace

from generator.games.plugin import game_kinds
from generator.sources.errors import Loc
from generator.sources.frozen import LocMap
from generator.sources.game import ComponentFile, Game

#: Fields about printing a component, not about the component: never reviewed as its content.
MECHANICAL = frozenset({"count", "layout", "index", "game"})
#: The fields that name a component: never compared as its text.
NAMES = frozenset({"title", "name"})
#: A value is a text (a sentence, not a name or a file's path) when it has this many words.
MIN_WORDS = 3
_NUMBER = re.compile(r"^\s*-?\d{1,15}(\.\d+)?\s*$")

Value = str | int | float | bool


class Entry(Struct, frozen=True, dict=True):
    """One item of a component file: its kind, name, copies and plain values."""

    kind: str
    title: str
    copies: int
    fields: LocMap
    file: ComponentFile
    #: The fields its layout prints, when known (None: any may print).
    shown: frozenset[str] | None = None

    @property
    def loc(self) -> Loc:
        return self.fields.loc

    def values(self) -> Iterator[tuple[str, Value]]:
        """Its plain, non-empty values by field, in the order written (not MECHANICAL ones)."""
        yield from self.plain.items()

    @cached_property
    def plain(self) -> dict[str, Value]:
        """Its plain, non-empty values by field, worked out once (every check reads them)."""
        return {
            name: value
            for name, value in self.fields.items()
            if name not in MECHANICAL
            and isinstance(value, (str, int, float, bool))
            and not (isinstance(value, str) and not value.strip())
        }

    def value(self, name: str) -> Value | None:
        return self.plain.get(name)

    def place(self, name: str) -> Loc:
        """Where a field's value was written; for a field the item lacks, the cell of its
        column in the item's row when the items are a table's, else the item itself."""
        if name in self.fields:
            return self.fields.loc_of(name)
        column = next((c for c in self.file.columns if c.path == (name,)), None)
        if column is None or self.file.table is None:
            return self.loc
        return Loc(column.loc.file, self.loc.line, column.loc.column, column.loc.sheet, cell=True)


def texts(entry: Entry) -> Iterator[tuple[str, str]]:
    """(field, value) of an entry's printed texts: values of MIN_WORDS words or more, not its
    name (a field its layout does not print, such as a source note, is not a text a player reads)."""
    for name, value in entry.values():
        if entry.shown is not None and name not in entry.shown:
            continue
        if name not in NAMES and isinstance(value, str) and len(value.split()) >= MIN_WORDS:
            yield name, value


def entries(game: Game) -> list[Entry]:
    """Every item of the game, in game.yaml's order of files, each named as its kind names it."""
    kinds = game_kinds(game.engine)
    found = []
    for f in game.files:
        kind = kinds.get(f.kind)
        for component in f.components:
            title = kind.title(component.fields) if kind else f.kind
            found.append(Entry(f.kind, title, component.count, component.fields, f))
    return found


def printed(found: Sequence[Entry], shown: Mapping[str, frozenset[str] | None]) -> list[Entry]:
    """The entries, each knowing the fields its file's layout prints (`shown`, by file)."""
    return [replace(entry, shown=shown.get(entry.file.shown)) for entry in found]


def as_number(value: Value) -> float | None:
    """A value that reads as a number (a table's cell holds text: "3" is 3), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return float(value) if _NUMBER.match(value) else None
