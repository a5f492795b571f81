"""How the build cache pickles an entry that refers to objects instead of holding copies.

Two kinds of object are referred to:

- **Shared objects**: a sequence the run has at hand whenever it reads the entry, as a
  game's sheets place the faces its layout holds. Each is written as its place in the
  sequence and read back as the object at that place now, so the entry's key must decide the
  sequence (the sheets' key holds the digest of the parts whose faces they place).
- **Pieces**: a large mapping kept as pieces, each its own entry named by its content, as a
  layout keeps its drawings. An entry holding the mapping names its pieces; a piece that
  holds the same objects as one the store read or wrote is not pickled again. A layout after
  an edit to one card holds every other card's drawing as it was read, so only the pieces
  with something new are written. What else the entry holds of a piece's values (a layout's
  faces are its drawings' faces) is written as its place in the piece.

The pickler marks both through `reducer_override`, and the unpickler resolves the marks
through `find_class`, so no state outside the entry and the store is involved.
"""

import io
import pickle
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import fields, is_dataclass
from functools import cached_property, partial
from typing import Any, BinaryIO, TypeVar

from msgspec import Struct

K = TypeVar("K")
V = TypeVar("V")

#: A mapping kept in pieces is split into at most this many, of about PIECE_VALUES values
#: each: an edit to one card of a 10,000-card deck writes two of 64 pieces of its drawings.
MOST_PIECES = 64
PIECE_VALUES = 128


class Piece(Struct, frozen=True, eq=False):
    """One piece of a Pieces mapping: its items, and what the rest of an entry may hold of
    its values (`members`), in order."""

    items: Mapping[Any, Any]
    members: tuple[object, ...]

    def signature(self) -> tuple[tuple[object, int], ...]:
        """Its keys and the identity of each value: a piece with the same signature as one
        read or written holds the very same objects, so its entry holds it already."""
        return tuple((key, id(value)) for key, value in self.items.items())


class Pieces(Mapping[K, V]):
    """A mapping the build cache keeps in pieces (see the module's docstring). An entry whose
    value is a Pieces, or a Struct or dataclass with a field that is one, is kept this way.
    Iterated in the order of its pieces. A value's keys all go into one piece, so each value
    is pickled once; a value goes to the piece its first key falls in, by a hash of the key,
    so that the pieces stay as they are when a value is replaced.

    A mapping split is cut into its pieces when they are first wanted (looked into, or the
    entry holding it written), not as it is split: a live preview shows a 10,000-card layout
    before its store writes it, and cutting its drawings takes a fifth of that layout's time."""

    def __init__(self, cut: Callable[[], Iterable[Piece]]):
        self._cut: Callable[[], Iterable[Piece]] | None = cut

    @classmethod
    def of(cls, pieces: Iterable[Piece]) -> "Pieces[Any, Any]":
        """The mapping these pieces hold (an entry's, read back)."""
        held = tuple(pieces)
        return cls(lambda: held)

    @classmethod
    def split(cls, mapping: Mapping[K, V], members: Callable[[V], Iterable[object]] | None = None) -> "Pieces[K, V]":
        """`mapping`, as it is now, in pieces; `members(value)` are the objects of a value
        that the rest of an entry may hold too, to be written as references to the piece
        (None: nothing)."""
        return cls(partial(_cut, dict(mapping), members))

    @cached_property
    def pieces(self) -> tuple[Piece, ...]:
        assert self._cut is not None
        pieces, self._cut = tuple(self._cut()), None  # the uncut mapping is not kept besides
        return pieces

    @cached_property
    def _items(self) -> dict[K, V]:
        return {key: value for piece in self.pieces for key, value in piece.items.items()}

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __reduce__(self) -> tuple[object, ...]:
        return (Pieces.of, (self.pieces,))


def _cut(mapping: Mapping[K, V], members: Callable[[V], Iterable[object]] | None) -> list[Piece]:
    """Pieces.split's pieces of `mapping`."""
    count = piece_count(len({id(value) for value in mapping.values()}))
    items: list[dict[K, V]] = [{} for _ in range(count)]
    placed: dict[int, int] = {}  # each value's piece, by its identity
    for key, value in mapping.items():
        items[placed.setdefault(id(value), _spread(key) % count)][key] = value
    return [Piece(piece, _members(piece, members)) for piece in items if piece]


def piece_count(values: int) -> int:
    """The pieces for a mapping of this many distinct values: a power of two, so that a
    mapping that grows or shrinks a little keeps its pieces."""
    count = 1
    while count < MOST_PIECES and count * PIECE_VALUES < values:
        count *= 2
    return count


def _spread(key: object) -> int:
    """A hash of a key that is the same in every process (str's hash is not)."""
    data = key if isinstance(key, bytes) else key.encode() if isinstance(key, str) else repr(key).encode()
    return zlib.crc32(data)


def _members(items: Mapping[Any, Any], members: Callable[[Any], Iterable[object]] | None) -> tuple[object, ...]:
    if members is None:
        return ()
    distinct = {id(value): value for value in items.values()}.values()
    return tuple(member for value in distinct for member in members(value))


def pieces_in(value: object) -> list[Pieces[Any, Any]]:
    """The Pieces an entry's value holds: itself, or found through its fields and theirs, a
    Struct's or a dataclass's (a layout's drawings are a field of what it drew)."""
    if isinstance(value, Pieces):
        return [value]
    names = value.__struct_fields__ if isinstance(value, Struct) else _dataclass_fields(value)
    return [held for name in names for held in pieces_in(getattr(value, name))]


def _dataclass_fields(value: object) -> tuple[str, ...]:
    if is_dataclass(value) and not isinstance(value, type):
        return tuple(f.name for f in fields(value))
    return ()


def dumps(value: object, shared: Sequence[object], stored: Callable[[Piece], str]) -> bytes:
    """`value` pickled with each of `shared` written as its place, and each piece it holds
    (pieces_in) named by `stored`, which writes the piece's entry when it must and says its
    name. A header comes first: the number of shared objects and the pieces' names."""
    refs: dict[int, tuple[object, tuple[object, ...]]] = {
        id(obj): (_shared_object, (place,)) for place, obj in enumerate(shared)
    }
    named: list[str] = []
    for held in pieces_in(value):
        names = tuple(stored(piece) for piece in held.pieces)
        for name, piece in zip(names, held.pieces, strict=True):
            for place, member in enumerate(piece.members):
                refs.setdefault(id(member), (_piece_member, (name, place)))
        refs[id(held)] = (_stored_pieces, (names,))
        named += names
    head = pickle.dumps((len(shared), tuple(named)), protocol=pickle.HIGHEST_PROTOCOL)
    if not refs:
        return head + pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    file = io.BytesIO(head)
    file.seek(len(head))
    _Referring(file, refs).dump(value)
    return file.getvalue()


def loads(data: bytes, shared: Sequence[object], piece: Callable[[str], Piece]) -> Any:
    """What `dumps` wrote, read against `shared` and reading pieces by name through `piece`.
    ValueError when it was written against another number of shared objects."""
    file = io.BytesIO(data)
    count, _ = pickle.load(file)
    if count != len(shared):
        raise ValueError(f"written against {count} shared objects, read against {len(shared)}")
    return _Resolving(file, shared, piece).load()


def pieces_named(data: bytes) -> tuple[str, ...]:
    """The names of the pieces an entry written by `dumps` holds, read from its header alone."""
    _, names = pickle.loads(data)  # what follows the header is ignored
    return tuple(names)


class _Referring(pickle.Pickler):
    """Writes each object of `refs` (by id) as the reference given. reducer_override is the
    cheapest of pickle's hooks: it is never asked about None, booleans, numbers, strings,
    bytes, tuples, lists, dicts or sets, of which a game's sheets hold millions, only about
    other objects (instances of classes, such as a face's items)."""

    def __init__(self, file: BinaryIO, refs: dict[int, tuple[object, tuple[object, ...]]]):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._refs = refs

    def reducer_override(self, obj: object) -> Any:
        return self._refs.get(id(obj), NotImplemented)


def _shared_object(place: int) -> object:
    """What stands for a shared object in an entry: _Resolving reads it as that object."""
    raise pickle.UnpicklingError(f"shared object {place}: an entry written with shared objects is read with them")


def _piece_member(name: str, place: int) -> object:
    """What stands for a member of a stored piece: _Resolving reads it as that object."""
    raise pickle.UnpicklingError(f"member {place} of piece {name}: read by the build cache")


def _stored_pieces(names: tuple[str, ...]) -> Pieces[Any, Any]:
    """What stands for a Pieces in an entry: _Resolving reads it from its pieces' entries."""
    raise pickle.UnpicklingError(f"pieces {names}: read by the build cache")


class _Resolving(pickle.Unpickler):
    """Reads each reference written by _Referring as the object it stands for."""

    def __init__(self, file: BinaryIO, shared: Sequence[object], piece: Callable[[str], Piece]):
        super().__init__(file)
        self._resolved: dict[str, Callable[..., object]] = {
            _shared_object.__name__: shared.__getitem__,
            _piece_member.__name__: lambda name, place: piece(name).members[place],
            _stored_pieces.__name__: lambda names: Pieces.of(piece(name) for name in names),
        }

    def find_class(self, module_name: str, global_name: str) -> Any:
        if module_name == __name__ and global_name in self._resolved:
            return self._resolved[global_name]
        return super().find_class(module_name, global_name)
