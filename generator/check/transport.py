"""Carrying simulation work between processes: games to play one way, finished games back.

Finished game states travel back so that the engine's figures are computed once, from every
game, exactly as in a single process. States may hold what the standard pickle refuses
(lambdas, closures), so cloudpickle writes them. Two things are left behind, because a
finished game never uses them again and they would cost more to carry than the game's data:
a paused generator (an engine's turn coroutine; generators cannot be pickled at all) arrives
as None, and the game's chance generator arrives as a fresh, unseeded random.Random.
"""

import io
import pickle
import random
import types
from typing import Any

import cloudpickle


def _left_behind() -> None:
    return None


def _fresh_random() -> random.Random:
    return random.Random()


class _Pickler(cloudpickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, types.GeneratorType):
            return (_left_behind, ())
        if type(obj) is random.Random:
            return (_fresh_random, ())
        return super().reducer_override(obj)


def pack(value: Any) -> bytes:
    """`value` as bytes that unpack() restores in another process (see the module docstring)."""
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


def unpack(data: bytes) -> Any:
    return pickle.loads(data)
