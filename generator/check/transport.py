"""Carrying simulation work between processes: games to play one way, finished games back.

Finished game states travel back so that the engine's figures are computed once, from every
game, exactly as in a single process. They are written by the standard pickle, which runs
in C; only what it refuses (lambdas, closures: a policy defined in a test, say) makes
pack() fall back to cloudpickle, which is several times slower. Three things are left
behind, because a finished game never uses them again and they would cost more to carry
than the game's data:

- a paused generator (an engine's turn coroutine; generators cannot be pickled at all)
  arrives as None;
- the game's chance generator arrives as a fresh, unseeded random.Random;
- the objects both sides already hold (`shared`: the job's engine and deck, which every
  state refers to) travel as their place in `shared`, and unpack() puts in the receiver's
  own objects. They must be instances of classes: the pickler is not asked about plain
  dicts, lists, tuples, strings and numbers.
"""

import io
import pickle
import random
import types
from collections.abc import Sequence
from typing import Any

import cloudpickle

PROTOCOL = pickle.HIGHEST_PROTOCOL


def _left_behind() -> None:
    return None


def _fresh_random() -> random.Random:
    return random.Random()


def shared_object(index: int) -> Any:
    """Stands for the receiver's `shared[index]` in a packed value; unpack() replaces it."""
    raise pickle.UnpicklingError(f"shared object {index} was packed but not given to unpack()")


def _reduction(obj: Any, shared: dict[int, int]) -> Any:
    """What the picklers below write instead of `obj`; NotImplemented: obj itself."""
    index = shared.get(id(obj))
    if index is not None:
        return (shared_object, (index,))
    kind = type(obj)
    if kind is types.GeneratorType:
        return (_left_behind, ())
    if kind is random.Random:
        return (_fresh_random, ())
    return NotImplemented


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: dict[int, int]):
        super().__init__(file, protocol=PROTOCOL)
        self._shared = shared

    def reducer_override(self, obj: Any) -> Any:
        return _reduction(obj, self._shared)


class _CloudPickler(cloudpickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: dict[int, int]):
        super().__init__(file, protocol=PROTOCOL)
        self._shared = shared

    def reducer_override(self, obj: Any) -> Any:
        reduction = _reduction(obj, self._shared)
        return super().reducer_override(obj) if reduction is NotImplemented else reduction


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: Sequence[Any]):
        super().__init__(file)
        self._shared = shared

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == shared_object.__name__:
            return self._shared.__getitem__
        return super().find_class(module, name)


def pack(value: Any, shared: Sequence[Any] = ()) -> bytes:
    """`value` as bytes that unpack() restores in another process (see the module docstring);
    the objects in `shared` are written as their index."""
    places = {id(obj): index for index, obj in enumerate(shared)}
    try:
        return _dump(_Pickler, value, places)
    except (pickle.PicklingError, AttributeError, TypeError):  # what the standard pickle refuses
        return _dump(_CloudPickler, value, places)


def _dump(pickler: type[_Pickler] | type[_CloudPickler], value: Any, places: dict[int, int]) -> bytes:
    buffer = io.BytesIO()
    pickler(buffer, places).dump(value)
    return buffer.getvalue()


def unpack(data: bytes, shared: Sequence[Any] = ()) -> Any:
    """The value pack() wrote, with the receiver's `shared` objects in the places of the sender's."""
    return _Unpickler(io.BytesIO(data), shared).load()
